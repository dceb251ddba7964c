#pragma once
// `balance merge`: combining the databases of the shards of one sweep (or of runs on several
// machines) into one, each game once.

#include <cstdint>
#include <filesystem>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament {

struct MergeSummary {
    std::int64_t runs = 0;        // run records copied
    std::int64_t games = 0;       // games added to the output
    std::int64_t duplicates = 0;  // games already there with the same moves and result
    std::int64_t conflicts = 0;   // same key, different game (kept: the one stored first)
};

// Copies every run and game of `inputs` into `output` (created when missing). Games already in
// the output by key are kept as they are. All databases must come from the same sweep
// configuration (identical config_json) unless `force`. The rules of every game come along
// (rule_specs); games of schema-1 inputs, and a schema-1 output (migrated), get theirs from
// `resolver`. A cell played under different rules in two databases is refused, even with
// `force`: its games could not be told apart.
[[nodiscard]] Result<MergeSummary> merge_databases(const std::filesystem::path& output,
                                                   const std::vector<std::filesystem::path>& inputs,
                                                   bool force, const SpecResolver& resolver = {});

}  // namespace balance::tournament
