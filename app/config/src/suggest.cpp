#include "balance/config/suggest.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace balance::config {

namespace {

char lower(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Names are short. A word longer than this is no typo of one, and the distance table grows with
// the product of two lengths: a 20 MB key once cost 2.6 GB and 47 s before its error.
constexpr std::size_t kLongestName = 64;

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Full table: names are short, and the transposition rule needs two rows back.
    const std::size_t rows = a.size() + 1;
    const std::size_t cols = b.size() + 1;
    std::vector<std::size_t> d(rows * cols);
    auto at = [&](std::size_t i, std::size_t j) -> std::size_t& { return d[i * cols + j]; };
    for (std::size_t i = 0; i < rows; ++i) at(i, 0) = i;
    for (std::size_t j = 0; j < cols; ++j) at(0, j) = j;
    for (std::size_t i = 1; i < rows; ++i) {
        for (std::size_t j = 1; j < cols; ++j) {
            const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
            at(i, j) = std::min({at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost});
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1])) {
                at(i, j) = std::min(at(i, j), at(i - 2, j - 2) + 1);
            }
        }
    }
    return at(rows - 1, cols - 1);
}

std::optional<std::string> nearest_name(std::string_view word,
                                        const std::vector<std::string>& candidates) {
    if (word.size() > kLongestName) return std::nullopt;
    const std::size_t limit = std::clamp<std::size_t>(word.size() / 3, 1, 3);
    std::optional<std::string> best;
    std::size_t best_distance = limit + 1;
    for (const auto& candidate : candidates) {
        // Each character of the length difference is an edit of its own.
        const std::size_t gap = word.size() > candidate.size() ? word.size() - candidate.size()
                                                               : candidate.size() - word.size();
        if (gap > limit) continue;
        const std::size_t distance = edit_distance(word, candidate);
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates) {
    if (auto best = nearest_name(word, candidates))
        return fmt::format("; did you mean '{}'?", *best);
    // A word cut short ("random" for "random-plies"): the one candidate it begins.
    if (word.size() >= 3 && word.size() <= kLongestName) {
        std::optional<std::string> begun;
        for (const auto& candidate : candidates) {
            if (candidate.size() <= word.size() || candidate.compare(0, word.size(), word) != 0)
                continue;
            if (begun) return {};  // several: no guess
            begun = candidate;
        }
        if (begun) return fmt::format("; did you mean '{}'?", *begun);
    }
    return {};
}

std::string quoted_name(std::string_view name) {
    if (name.size() <= kLongestName) return fmt::format("'{}'", name);
    return fmt::format("'{}...' ({} characters)", name.substr(0, kLongestName / 2), name.size());
}

std::string join_names(const std::vector<std::string>& names, std::string_view separator) {
    std::string out;
    for (const auto& name : names) {
        if (!out.empty()) out += separator;
        out += name;
    }
    return out;
}

}  // namespace balance::config
