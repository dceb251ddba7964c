#include "balance/tournament/open_sweep.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>

#include "balance/core/game.hpp"

namespace balance::tournament {

Result<OpenSweep> open_sweep(Sweep sweep) {
    if (sweep.rule_sets.empty() || sweep.pairings.empty() || sweep.matchups.empty())
        return make_error("the sweep has no cells", sweep.file);
    std::vector<core::AnyRules> compiled;
    compiled.reserve(sweep.rule_sets.size() * sweep.pairings.size());
    for (const auto& rule_set : sweep.rule_sets) {
        for (const auto& pairing : sweep.pairings) {
            const std::string what =
                "rule set '" + rule_set.name + "', " + pairing.white + "-" + pairing.black;
            auto rules = core::compile_rules(rule_set.spec, pairing.white, pairing.black);
            if (!rules) return make_error(what + ": " + rules.error().to_string(), sweep.file);
            for (std::size_t i = 0; i < sweep.openings.book.size(); ++i) {
                auto game = core::Game::start(*rules, sweep.openings.book[i]);
                if (!game) {
                    return make_error(what + ": book position " + std::to_string(i + 1) + ": " +
                                          game.error().message,
                                      sweep.openings.book_file);
                }
            }
            compiled.push_back(std::move(*rules));
        }
    }
    CompiledRules rules(sweep, std::move(compiled));
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
