#pragma once
// The search bench: fixed positions of every shipped variant searched to a fixed depth. The
// total node count is the engine's signature (any change to search or evaluation changes it;
// engine_bench_test.cpp pins it), the time gives nodes per second.

#include <cstdint>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/players/engine/eval_weights.hpp"

namespace balance::players::engine {

struct BenchSet {
    core::VariantSpec spec;
    std::string white, black;       // armies; empty: the variant's defaults
    std::vector<std::string> fens;  // empty string: the start position
    EvalWeights weights;            // the evaluation's weights (default: the hand-set ones)
};

struct BenchResult {
    std::uint64_t nodes = 0;  // the signature
    double seconds = 0.0;
    double nps = 0.0;
    int positions = 0;
};

// Searches every position with a fresh engine (hash_mb each) to `depth`, no randomisation.
[[nodiscard]] Result<BenchResult> run_bench(int depth, const std::vector<BenchSet>& sets,
                                            std::size_t hash_mb = 16);

// The standard positions: orthodox FENs serve every Asymmetric pairing too (its FEN letters
// are slots), and Uneven has its own 10x8 ones. Keys: "chess", "asymmetric", "uneven".
[[nodiscard]] std::vector<std::string> bench_fens(const std::string& variant);

}  // namespace balance::players::engine
