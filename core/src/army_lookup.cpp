#include "balance/core/army_lookup.hpp"

#include <algorithm>
#include <cctype>

namespace balance::core {

namespace {

bool same_name(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) ==
               std::tolower(static_cast<unsigned char>(y));
    });
}

}  // namespace

bool army_named(const ArmySpec& army, std::string_view name_or_alias) {
    if (same_name(army.name, name_or_alias)) return true;
    return std::any_of(army.aliases.begin(), army.aliases.end(),
                       [&](const std::string& alias) { return same_name(alias, name_or_alias); });
}

const ArmySpec* find_army(std::span<const ArmySpec> armies, std::string_view name_or_alias) {
    for (const ArmySpec& army : armies) {
        if (army_named(army, name_or_alias)) return &army;
    }
    return nullptr;
}

}  // namespace balance::core
