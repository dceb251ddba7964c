#include "balance/tournament/open_sweep.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "balance/core/game.hpp"

namespace balance::tournament {

namespace {

// "rule set 'baseline', Elves-Orcs": where an error of one rule set and pairing is.
std::string where(const RuleSet& rule_set, const Pairing& pairing) {
    return "rule set '" + rule_set.name + "', " + pairing.white + "-" + pairing.black;
}

// Every book position of `sweep` starts under `rules`.
Result<void> start_book(const Sweep& sweep, const std::string& what, const core::AnyRules& rules) {
    for (std::size_t i = 0; i < sweep.openings.book.size(); ++i) {
        auto game = core::Game::start(rules, sweep.openings.book[i]);
        if (!game) {
            return make_error(
                what + ": book position " + std::to_string(i + 1) + ": " + game.error().message,
                sweep.openings.book_file);
        }
    }
    return {};
}

Result<void> has_cells(const Sweep& sweep) {
    if (sweep.rule_sets.empty() || sweep.pairings.empty() || sweep.matchups.empty())
        return make_error("the sweep has no cells", sweep.file);
    return {};
}

}  // namespace

Result<OpenSweep> open_sweep(Sweep sweep) {
    if (auto cells = has_cells(sweep); !cells) return cells.error();
    std::vector<core::AnyRules> compiled;
    compiled.reserve(sweep.rule_sets.size() * sweep.pairings.size());
    for (const auto& rule_set : sweep.rule_sets) {
        for (const auto& pairing : sweep.pairings) {
            const std::string what = where(rule_set, pairing);
            auto rules = core::compile_rules(rule_set.spec, pairing.white, pairing.black);
            if (!rules) return make_error(what + ": " + rules.error().to_string(), sweep.file);
            if (auto book = start_book(sweep, what, *rules); !book) return book.error();
            compiled.push_back(std::move(*rules));
        }
    }
    CompiledRules rules(sweep, std::move(compiled));
    return OpenSweep{std::move(sweep), std::move(rules)};
}

Result<OpenSweep> open_sweep(Sweep sweep, std::vector<std::vector<core::AnyRules>> compiled) {
    if (auto cells = has_cells(sweep); !cells) return cells.error();
    if (compiled.size() != sweep.rule_sets.size())
        return make_error("the sweep's rules were compiled for " + std::to_string(compiled.size()) +
                              " rule sets, it has " + std::to_string(sweep.rule_sets.size()),
                          sweep.file);
    std::vector<core::AnyRules> all;
    all.reserve(sweep.rule_sets.size() * sweep.pairings.size());
    for (std::size_t r = 0; r < sweep.rule_sets.size(); ++r) {
        if (compiled[r].size() != sweep.pairings.size())
            return make_error("rule set '" + sweep.rule_sets[r].name + "' was compiled for " +
                                  std::to_string(compiled[r].size()) + " pairings, the sweep has " +
                                  std::to_string(sweep.pairings.size()),
                              sweep.file);
        for (std::size_t p = 0; p < sweep.pairings.size(); ++p) {
            if (auto book =
                    start_book(sweep, where(sweep.rule_sets[r], sweep.pairings[p]), compiled[r][p]);
                !book)
                return book.error();
            all.push_back(std::move(compiled[r][p]));
        }
    }
    CompiledRules rules(sweep, std::move(all));
    return OpenSweep{std::move(sweep), std::move(rules)};
}

CompiledRules::CompiledRules(const Sweep& sweep, std::vector<core::AnyRules> rules)
    : pairings_(sweep.pairings.size()), rules_(std::move(rules)) {
    for (const RuleSet& set : sweep.rule_sets) spec_hashes_.push_back(set.hash());
    for (const Pairing& p : sweep.pairings) armies_.emplace_back(p.white, p.black);
}

bool CompiledRules::fits(const Sweep& sweep) const {
    if (sweep.rule_sets.size() != spec_hashes_.size() || sweep.pairings.size() != armies_.size())
        return false;
    for (std::size_t r = 0; r < spec_hashes_.size(); ++r)
        if (sweep.rule_sets[r].hash() != spec_hashes_[r]) return false;
    for (std::size_t p = 0; p < armies_.size(); ++p)
        if (sweep.pairings[p].white != armies_[p].first ||
            sweep.pairings[p].black != armies_[p].second)
            return false;
    return true;
}

std::vector<core::AnyRules> CompiledRules::rule_set(std::size_t r) const {
    const auto first = rules_.begin() + static_cast<std::ptrdiff_t>(r * pairings_);
    return {first, first + static_cast<std::ptrdiff_t>(pairings_)};
}

Result<void> check_hash_memory(const Sweep& sweep, int threads) {
    std::int64_t largest = 0;
    for (const auto& player : sweep.players)
        if (player.kind == PlayerKind::Engine)
            largest = std::max<std::int64_t>(largest, player.hash_mb);
    const std::int64_t needed_mb = std::int64_t{threads} * 2 * largest;
    const std::int64_t physical_mb = static_cast<std::int64_t>(::sysconf(_SC_PHYS_PAGES)) *
                                     ::sysconf(_SC_PAGE_SIZE) / (1024 * 1024);
    if (physical_mb > 0 && needed_mb > physical_mb) {
        return make_error(
            std::to_string(threads) +
                " threads x 2 engines x hash_mb = " + std::to_string(largest) + " need " +
                std::to_string(needed_mb) + " MB of hash tables, more than this machine's " +
                std::to_string(physical_mb) + " MB; use fewer --threads or a smaller hash_mb",
            "--threads");
    }
    return {};
}

}  // namespace balance::tournament
