#include "balance/tournament/validate.hpp"

#include "balance/core/game.hpp"
#include "balance/tournament/plan.hpp"

namespace balance::tournament {

Result<void> validate_sweep(const Sweep& sweep) {
    if (sweep.rule_sets.empty() || sweep.pairings.empty() || sweep.matchups.empty())
        return make_error("the sweep has no cells", sweep.file);
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
        }
    }
    return {};
}

}  // namespace balance::tournament
