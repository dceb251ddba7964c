#pragma once
// A ScoringSpec compiled against one pairing's piece table: immutable arrays indexed by piece
// type, read by the points functions of scoring.hpp. Built once by Rules::compile.

#include <array>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/scoring_spec.hpp"
#include "balance/core/types.hpp"

namespace balance::core {

struct ScoringTables {
    // Capture points [capturer type][captured type], for captures along a diagonal (and
    // leaps) and along a rank or file. Unsplit rows hold the same numbers in both.
    std::array<std::array<int, MaxPieceTypes>, MaxPieceTypes> capture_diagonal{},
        capture_orthogonal{};
    std::array<int, MaxPieceTypes> mate_adjacent{}, mate_distant{};
    std::array<int, MaxPieceTypes> promotion{};      // bonus for promoting to a type
    std::array<int, MaxPieceTypes> draw_material{};  // §3.5 values, 0 for royal pieces
    std::array<bool, MaxPieceTypes> lone_minor{};
    int discovered_bonus = 0;
    int newly_covered_bonus = 0;
    NewlyCovered newly_covered = NewlyCovered::Once;
    int promoted_mate_bonus = 0;
    int draw_max_material = 0;
    int bare_kings_points = 0;
    DrawEqualMaterial draw_equal_material = DrawEqualMaterial::Nobody;
    bool draw_clamp = false;
    bool draw_points = true;
    EqualPoints equal_points = EqualPoints::Draw;
};

// One compiled piece as the scoring compiler needs it.
struct ScoredPiece {
    std::string name;
    bool royal = false;
    bool promotable = false;  // some army of the pairing promotes to it
};

// Every entry must be defined for every piece of the pairing: a missing one is an error naming
// the entry and the config line of its section.
[[nodiscard]] Result<ScoringTables> compile_scoring(const ScoringSpec& spec,
                                                    const std::vector<ScoredPiece>& pieces);

}  // namespace balance::core
