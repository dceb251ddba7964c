#pragma once
// Vocabulary of the internal engine: score conventions, engine options, what a search returns
// and the hooks a caller (the UCI loop, tests) can attach to a running search.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "balance/core/types.hpp"
#include "balance/players/engine/eval_weights.hpp"

namespace balance::players::engine {

// Scores are centipawns from the side to move's point of view. A mate found `n` plies from
// the root scores MateScore - n (being mated: -(MateScore - n)), so shorter mates score higher.
inline constexpr int MaxPly = 100;
inline constexpr int MateScore = 30000;
inline constexpr int MateBound = MateScore - MaxPly;  // |score| >= MateBound: a mate score
inline constexpr int Infinite = 32000;

[[nodiscard]] constexpr bool is_mate_score(int score) {
    return score >= MateBound || score <= -MateBound;
}
// Moves (not plies) to mate, negative when the side to move is being mated; 0 if not a mate.
[[nodiscard]] constexpr int mate_in_moves(int score) {
    if (score >= MateBound) return (MateScore - score + 1) / 2;
    if (score <= -MateBound) return -(MateScore + score) / 2;
    return 0;
}

// Which evaluation terms the engine uses (eval.hpp): everything, or material alone (piece values,
// pieces in hand included), so a study can tell what follows search depth from what follows
// the evaluation's taste.
enum class EvalTerms { Full, Material };

[[nodiscard]] const char* eval_terms_name(EvalTerms terms);  // "full", "material"

// The score of a mate in `moves` moves (negative: being mated), the inverse of mate_in_moves:
// how an external engine's "mate n" is put on this scale.
[[nodiscard]] constexpr int mate_score_in_moves(int moves) {
    const int plies = moves > 0 ? 2 * moves - 1 : -2 * moves;
    return moves > 0 ? MateScore - plies : -(MateScore - plies);
}

struct EngineOptions {
    // Transposition table size, at most: a node-limited search uses 64 bytes per node of it
    // (table_megabytes, transposition_table.hpp). One table per Engine instance.
    std::size_t hash_mb = 16;
    // Game diversity (see root_random.hpp): during the first `random_plies` plies of a game the
    // engine picks uniformly, by the seed, among root moves scoring within `random_margin_cp`
    // of the best. 0 plies turns it off.
    int random_plies = 8;
    int random_margin_cp = 25;
    EvalTerms eval = EvalTerms::Full;
    // Piece values the engine believes, by piece name, in the variant's value_unit, replacing
    // the variant file's documented values for these pieces (every other evaluation term is
    // derived as before, now from these values). Empty: the documented values. Names the
    // current variant does not have are ignored here; sweep files are checked when read.
    std::map<std::string, double> piece_values;
    // The evaluation's weights (eval_weights.hpp); the default: the hand-set ones.
    EvalWeights eval_weights;
};

// Reported after every completed iteration (and by the UCI loop as an `info` line).
struct IterationInfo {
    int depth = 0;
    int seldepth = 0;
    int score = 0;
    std::uint64_t nodes = 0;
    double seconds = 0.0;
    std::vector<core::Move> pv;
};

struct SearchHooks {
    // Set from another thread to stop the search (UCI `stop`); checked at every node.
    const std::atomic<bool>* stop = nullptr;
    // Ignore the depth cap and keep deepening until stopped (UCI `go infinite`).
    bool infinite = false;
    std::function<void(const IterationInfo&)> on_iteration;
};

struct SearchResult {
    core::Move best;  // none only when the side to move has no legal move
    int score = 0;    // of `best`, side to move's view
    int depth = 0;    // last completed iteration
    int seldepth = 0;
    std::uint64_t nodes = 0;  // every node visited, quiescence included
    double seconds = 0.0;
    std::vector<core::Move> pv;
    int candidates = 1;  // root moves the seeded choice picked from (1: no randomisation)
};

}  // namespace balance::players::engine
