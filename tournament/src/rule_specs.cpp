#include "balance/tournament/rule_specs.hpp"

#include <algorithm>
#include <vector>

namespace balance::tournament {

namespace {

std::string quoted_rules(const std::string& rules) {
    return rules.empty() ? "the variant's defaults" : "rules '" + rules + "'";
}

}  // namespace

Result<void> assign_spec_cells(Sweep& sweep, const ResultStore& store, bool force,
                               const SpecDiff& diff) {
    auto stored = store.rule_specs();
    if (!stored) return stored.error();
    for (RuleSet& set : sweep.rule_sets) {
        set.cell_suffix.clear();
        const std::string rules = set.rules();
        const std::string hash = set.hash();
        const RuleSpecRow* same = nullptr;
        const RuleSpecRow* other = nullptr;  // preferably the one of the plain cells
        for (const RuleSpecRow& row : *stored) {
            if (row.variant != sweep.variant || row.rules != rules) continue;
            if (row.spec_hash == hash) same = &row;
            if (row.spec_hash != hash && (!other || row.cell_rules == rules)) other = &row;
        }
        if (same) {
            set.cell_suffix =
                same->cell_rules.substr(std::min(rules.size(), same->cell_rules.size()));
            continue;
        }
        if (!other) continue;
        if (!force) {
            const std::string changes = diff ? diff(other->spec_toml, set.spec_toml) : "";
            return make_error("rule set '" + set.name + "' (" + sweep.variant + ", " +
                                  quoted_rules(rules) +
                                  ") has changed since its stored games were played (spec " +
                                  other->spec_hash + ", recorded " + other->recorded_at +
                                  "): " + (changes.empty() ? "the documents differ" : changes) +
                                  "; use another --db, or --force to keep the new games in cells "
                                  "of their own",
                              store.file().string());
        }
        set.cell_suffix = "@" + hash.substr(0, 8);
    }
    return {};
}

Result<void> record_rule_specs(const Sweep& sweep, ResultStore& store, std::int64_t run_id) {
    const std::string now = utc_now();
    for (const RuleSet& set : sweep.rule_sets) {
        if (set.spec_toml.empty()) {
            return make_error("rule set '" + set.name + "' carries no spec text to store",
                              store.file().string());
        }
        const RuleSpecRow row{set.hash(),    sweep.variant, set.rules(), set.cell_rules(),
                              set.spec_toml, "sweep",       now};
        if (auto ok = store.record_rule_spec(row); !ok) return ok;
        if (auto ok = store.record_run_rule_set(run_id, set.name, row.spec_hash); !ok) return ok;
    }
    return {};
}

}  // namespace balance::tournament
