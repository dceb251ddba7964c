#include "balance/tournament/points_notes.hpp"

#include <set>

namespace balance::tournament {

std::vector<std::string> points_variant_notes(const Sweep& sweep) {
    std::vector<std::string> notes;
    std::vector<std::string> scored;
    for (const RuleSet& rs : sweep.rule_sets)
        if (rs.spec.scoring.enabled) scored.push_back(rs.name);
    if (scored.empty()) return notes;
    std::string sets;
    for (const auto& name : scored) sets += (sets.empty() ? "" : ", ") + name;
    std::set<std::string> external;
    for (const Matchup& m : sweep.matchups)
        for (const std::string& name : {m.white, m.black})
            if (const PlayerSpec* p = sweep.find_player(name); p && is_external(p->kind))
                external.insert(name);
    for (const std::string& name : external)
        notes.push_back("player '" + name +
                        "' is an external engine: it cannot play for points in "
                        "variant " +
                        sweep.variant + " (rule sets: " + sets +
                        "); it still plays, and its games are scored by points");
    if (sweep.adjudication.resign.enabled)
        notes.push_back("resign adjudication is off in the points rule sets (" + sets +
                        "): resigning loses the whole series whatever the points");
    return notes;
}

AdjudicationSpec adjudication_for(const AdjudicationSpec& sweep, bool points_variant) {
    AdjudicationSpec out = sweep;
    if (points_variant) out.resign.enabled = false;
    return out;
}

}  // namespace balance::tournament
