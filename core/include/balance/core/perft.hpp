#pragma once
// Type-erased perft entry point for the command line and tests.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::core {

struct PerftRequest {
    std::string white_army;  // empty: the variant's default
    std::string black_army;  // empty: the variant's default
    std::string fen;         // empty: the variant's start position
    int depth = 1;
    bool divide = false;            // also count nodes below each root move
    bool check_invariants = false;  // verify make/unmake, hash and check detection at every node
};

struct PerftResult {
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::vector<std::pair<std::string, std::uint64_t>> divide;  // UCI move text -> nodes
};

[[nodiscard]] Result<PerftResult> run_perft(const VariantSpec& spec, const PerftRequest& request);

}  // namespace balance::core
