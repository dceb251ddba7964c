#include "balance/analysis/variant_catalog.hpp"

#include <algorithm>
#include <cctype>

#include "balance/config/variant_loader.hpp"

namespace balance::app::report {

namespace {

bool same_name(const std::string& a, const std::string& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

const core::ArmySpec* find_army(const core::VariantSpec& spec, const std::string& name) {
    for (const auto& army : spec.armies) {
        if (same_name(army.name, name)) return &army;
        for (const auto& alias : army.aliases)
            if (same_name(alias, name)) return &army;
    }
    return nullptr;
}

}  // namespace

std::vector<std::string> split_rules(const std::string& rules) {
    std::vector<std::string> out;
    std::size_t begin = 0;
    while (begin < rules.size()) {
        const std::size_t end = std::min(rules.find(',', begin), rules.size());
        if (end > begin) out.push_back(rules.substr(begin, end - begin));
        begin = end + 1;
    }
    return out;
}

std::string rules_label(const std::string& rules) {
    return rules.empty() ? "default" : rules;
}

Result<const core::VariantSpec*> VariantCatalog::spec(const std::string& variant,
                                                      const std::string& rules) {
    const auto key = std::make_pair(variant, rules);
    auto it = specs_.find(key);
    if (it == specs_.end()) {
        auto file = find_variant(variant);
        Result<core::VariantSpec> loaded = file ? load_variant(*file, split_rules(rules))
                                                : Result<core::VariantSpec>(file.error());
        it = specs_.emplace(key, std::move(loaded)).first;
    }
    if (!it->second) return it->second.error();
    return &it->second.value();
}

int VariantCatalog::army_rank(const std::string& variant, const std::string& army) {
    auto loaded = spec(variant);
    if (!loaded) return kUnknownArmyRank;
    const auto& armies = (*loaded)->armies;
    for (std::size_t i = 0; i < armies.size(); ++i)
        if (same_name(armies[i].name, army)) return static_cast<int>(i);
    return kUnknownArmyRank;
}

std::string VariantCatalog::display_name(const std::string& variant, const std::string& army) {
    auto loaded = spec(variant);
    if (!loaded) return army;
    const core::ArmySpec* found = find_army(**loaded, army);
    if (!found || found->aliases.empty()) return army;
    return found->aliases.front();
}

std::string VariantCatalog::canonical_army(const std::string& variant, const std::string& name) {
    auto loaded = spec(variant);
    if (!loaded) return name;
    const core::ArmySpec* found = find_army(**loaded, name);
    return found ? found->name : name;
}

}  // namespace balance::app::report
