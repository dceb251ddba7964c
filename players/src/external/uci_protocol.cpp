#include "balance/players/external/uci_protocol.hpp"

#include <cctype>
#include <charconv>

namespace balance::players::external {
namespace {

template <class Int>
std::optional<Int> to_int(std::string_view text) {
    Int value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// The words [first, last) joined by single spaces.
std::string join(const std::vector<std::string_view>& words, std::size_t first, std::size_t last) {
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        if (!out.empty()) out.push_back(' ');
        out.append(words[i]);
    }
    return out;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i]))) {
            return false;
        }
    }
    return true;
}

std::vector<std::string_view> split_words(std::string_view line) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) words.push_back(line.substr(start, i - start));
    }
    return words;
}

std::optional<UciOption> parse_uci_option(std::string_view line) {
    const auto words = split_words(line);
    if (words.size() < 4 || words[0] != "option" || words[1] != "name") return std::nullopt;
    auto is_keyword = [](std::string_view w) {
        return w == "type" || w == "default" || w == "min" || w == "max" || w == "var";
    };
    UciOption option;
    std::size_t i = 2;
    const std::size_t name_start = i;
    while (i < words.size() && words[i] != "type") ++i;  // names may contain spaces
    if (i == name_start || i + 1 >= words.size()) return std::nullopt;
    option.name = join(words, name_start, i);
    option.type = std::string(words[i + 1]);
    i += 2;
    while (i < words.size()) {
        const std::string_view key = words[i++];
        const std::size_t start = i;
        // A string option's default is the rest of the line, whatever words it contains.
        const bool rest = key == "default" && option.type == "string";
        while (i < words.size() && (rest || !is_keyword(words[i]))) ++i;
        std::string value = join(words, start, i);
        if (key == "default") {
            option.default_value = value == "<empty>" ? std::string() : value;
        } else if (key == "min") {
            option.min = to_int<long long>(value);
        } else if (key == "max") {
            option.max = to_int<long long>(value);
        } else if (key == "var") {
            option.vars.push_back(std::move(value));
        }
    }
    return option;
}

std::optional<SearchInfo> parse_uci_info(std::string_view line) {
    const auto words = split_words(line);
    if (words.empty() || words[0] != "info") return std::nullopt;
    SearchInfo info;
    bool useful = false;
    for (std::size_t i = 1; i < words.size(); ++i) {
        const std::string_view key = words[i];
        const bool has_value = i + 1 < words.size();
        if (key == "string") return std::nullopt;  // free text to the end of the line
        if (key == "pv") {
            for (++i; i < words.size(); ++i) info.pv.emplace_back(words[i]);
            useful = true;
            break;
        }
        if (!has_value) break;
        if (key == "depth") {
            info.depth = to_int<int>(words[++i]).value_or(0);
        } else if (key == "multipv") {
            if (to_int<int>(words[++i]).value_or(1) != 1) return std::nullopt;
        } else if (key == "nodes") {
            info.nodes = to_int<std::uint64_t>(words[++i]).value_or(0);
        } else if (key == "nps") {
            info.nps = to_int<std::uint64_t>(words[++i]).value_or(0);
        } else if (key == "score" && i + 2 < words.size()) {
            const std::string_view kind = words[i + 1];
            const auto value = to_int<int>(words[i + 2]);
            i += 2;
            if (kind == "cp") info.score_cp = value;
            if (kind == "mate") info.score_mate = value;
            useful = useful || value.has_value();
        } else if (key == "currmove" || key == "currmovenumber" || key == "seldepth" ||
                   key == "time" || key == "hashfull" || key == "tbhits" || key == "cpuload" ||
                   key == "refutation" || key == "currline") {
            ++i;  // single-valued fields we do not keep (refutation/currline: first word only)
        }
        // lowerbound / upperbound and unknown words are skipped one at a time
    }
    if (!useful) return std::nullopt;
    return info;
}

std::optional<BestMove> parse_bestmove(std::string_view line) {
    const auto words = split_words(line);
    if (words.size() < 2 || words[0] != "bestmove") return std::nullopt;
    BestMove best;
    if (words[1] != "(none)" && words[1] != "0000" && words[1] != "none") {
        best.move = std::string(words[1]);
    }
    if (words.size() >= 4 && words[2] == "ponder") best.ponder = std::string(words[3]);
    return best;
}

}  // namespace balance::players::external
