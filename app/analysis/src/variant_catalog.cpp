#include "balance/analysis/variant_catalog.hpp"

#include <algorithm>

#include "balance/config/spec_text.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"

namespace balance::analysis {

std::string rules_label(const std::string& rules) {
    return rules.empty() ? "default" : rules;
}

VariantCatalog::VariantCatalog(std::vector<tournament::RuleSpecRow> stored)
    : stored_(std::move(stored)) {}

Result<const core::VariantSpec*> VariantCatalog::stored_spec(const tournament::RuleSpecRow& row) {
    auto it = by_hash_.find(row.spec_hash);
    if (it == by_hash_.end()) {
        it = by_hash_
                 .emplace(row.spec_hash, config::spec_from_text(row.spec_toml, row.rules,
                                                                "rules " + row.spec_hash))
                 .first;
    }
    if (!it->second) return it->second.error();
    return &it->second.value();
}

Result<const core::VariantSpec*> VariantCatalog::spec(const std::string& variant,
                                                      const std::string& rules) {
    const tournament::RuleSpecRow* any = nullptr;
    const tournament::RuleSpecRow* same_rules = nullptr;
    for (const auto& row : stored_) {
        if (row.variant != variant) continue;
        if (!any) any = &row;
        // The plain cells' spec before one kept apart by --force.
        if (row.rules == rules && (!same_rules || row.cell_rules == rules)) same_rules = &row;
    }
    if (same_rules) return stored_spec(*same_rules);
    if (any && rules.empty()) return stored_spec(*any);
    if (any) {
        return make_error("the database recorded no rules '" + rules + "' for variant '" + variant +
                          "'");
    }
    const auto key = std::make_pair(variant, rules);
    auto it = from_configs_.find(key);
    if (it == from_configs_.end()) {
        auto file = config::find_variant(variant);
        Result<core::VariantSpec> loaded =
            file ? config::load_variant(*file, config::split_rules(rules))
                 : Result<core::VariantSpec>(file.error());
        it = from_configs_.emplace(key, std::move(loaded)).first;
    }
    if (!it->second) return it->second.error();
    return &it->second.value();
}

const core::ReferenceTable& VariantCatalog::published(const std::string& variant) {
    auto it = published_.find(variant);
    if (it == published_.end()) {
        core::ReferenceTable table;
        if (auto file = config::find_variant(variant)) {
            if (auto loaded = config::load_variant(*file)) table = loaded->reference;
        }
        it = published_.emplace(variant, std::move(table)).first;
    }
    return it->second;
}

Result<const core::VariantSpec*> VariantCatalog::spec_of(const tournament::GameRow& game) {
    if (game.spec_hash.empty()) return spec(game.variant, game.rules);
    for (const auto& row : stored_) {
        if (row.spec_hash == game.spec_hash) return stored_spec(row);
    }
    return make_error("game " + game.game_key + " names rules " + game.spec_hash +
                      " that the database does not hold");
}

int VariantCatalog::army_rank(const std::string& variant, const std::string& army) {
    auto loaded = spec(variant);
    if (!loaded) return kUnknownArmyRank;
    const auto& armies = (*loaded)->armies;
    const core::ArmySpec* found = core::find_army(armies, army);
    return found ? static_cast<int>(found - armies.data()) : kUnknownArmyRank;
}

std::string VariantCatalog::display_name(const std::string& variant, const std::string& army) {
    auto loaded = spec(variant);
    if (!loaded) return army;
    const core::ArmySpec* found = core::find_army((*loaded)->armies, army);
    if (!found || found->aliases.empty()) return army;
    return found->aliases.front();
}

std::string VariantCatalog::canonical_army(const std::string& variant, const std::string& name) {
    auto loaded = spec(variant);
    if (!loaded) return name;
    const core::ArmySpec* found = core::find_army((*loaded)->armies, name);
    return found ? found->name : name;
}

}  // namespace balance::analysis
