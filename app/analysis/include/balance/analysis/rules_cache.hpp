#pragma once
// Compiled rules per (rules, White army, Black army) of one variant, for replaying stored games:
// compiling a pairing is far dearer than replaying a game, and a store holds thousands of games
// of a handful of pairings.

#include <map>
#include <string>
#include <tuple>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"
#include "balance/core/rules.hpp"

namespace balance::app::report {

class RulesCache {
  public:
    RulesCache(std::string variant, VariantCatalog& catalog)
        : variant_(std::move(variant)), catalog_(catalog) {}

    // The rules `game` was played under (its rules text and armies).
    [[nodiscard]] Result<const core::AnyRules*> get(const StoredGame& game);

  private:
    std::string variant_;
    VariantCatalog& catalog_;
    std::map<std::tuple<std::string, std::string, std::string>, Result<core::AnyRules>> cache_;
};

}  // namespace balance::app::report
