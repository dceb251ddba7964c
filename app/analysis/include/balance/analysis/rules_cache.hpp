#pragma once
// Compiled rules per (recorded rules, White army, Black army), for replaying stored games under
// exactly the rules they were played under (VariantCatalog::spec_of): compiling a pairing is far
// dearer than replaying a game, and a store holds thousands of games of a handful of pairings.

#include <map>
#include <string>
#include <tuple>

#include "balance/analysis/store_reader.hpp"
#include "balance/analysis/variant_catalog.hpp"
#include "balance/core/error.hpp"
#include "balance/core/rules.hpp"

namespace balance::analysis {

class RulesCache {
  public:
    explicit RulesCache(VariantCatalog& catalog) : catalog_(catalog) {}

    // The rules `game` was played under (its recorded spec and armies).
    [[nodiscard]] Result<const core::AnyRules*> get(const tournament::GameRow& game);

  private:
    VariantCatalog& catalog_;
    // (spec hash, or variant|rules in a schema-1 database; White army; Black army)
    std::map<std::tuple<std::string, std::string, std::string>, Result<core::AnyRules>> cache_;
};

}  // namespace balance::analysis
