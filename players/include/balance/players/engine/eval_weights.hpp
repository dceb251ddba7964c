#pragma once
// The evaluation's weights as data: what evaluate() multiplies each of its terms by.
//
// The defaults are the hand-set weights the evaluation has always had; an evaluation file
// (`eval = "FILE"` on an internal-engine player, read by balance/config/eval_weights_reader.hpp)
// replaces some or all of them, and `balance tune` fits them to a variant's games. Every weight
// is a whole number of centipawns (or of the unit its term names), so the evaluation stays
// integer arithmetic and the same on every machine.
//
// A term has a middlegame and an endgame weight (Phases::Both), or only one of them, or is added
// after the taper (Phases::Flat: the side to move's tempo). Single-phase terms keep their weight
// in the Score's unused half at 0. Per piece type, by the variant's piece names: material (the
// value the score counts; the piece value proper still sets the game phase, king-attack classes
// and endgame thresholds), mobility per attacked square, and centralisation per square of
// empty-board reach above the type's average, per rank advanced, and per square of the enemy
// king's zone attacked (on top of king_danger's value-class units). A piece the weights do not
// name keeps the evaluation's own choice: its value, ~40/sqrt(4 x average reach) per square of
// mobility, 4 / 3 cp per square of reach, nothing for advance or king attack.

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "balance/core/spec.hpp"

namespace balance::players::engine {

// A middlegame / endgame pair.
struct Score {
    int mg = 0, eg = 0;
    constexpr Score& operator+=(Score o) {
        mg += o.mg;
        eg += o.eg;
        return *this;
    }
    constexpr Score& operator-=(Score o) {
        mg -= o.mg;
        eg -= o.eg;
        return *this;
    }
    friend constexpr Score operator+(Score a, Score b) { return {a.mg + b.mg, a.eg + b.eg}; }
    friend constexpr Score operator-(Score a, Score b) { return {a.mg - b.mg, a.eg - b.eg}; }
    friend constexpr Score operator*(Score a, int k) { return {a.mg * k, a.eg * k}; }
    friend constexpr bool operator==(Score, Score) = default;
};

struct PieceWeights {
    std::optional<Score> material;     // centipawns
    std::optional<Score> mobility;     // per attacked square (safe from pawns, not own-occupied)
    std::optional<Score> centre;       // per square of empty-board reach above the type's average
    std::optional<Score> advance;      // per rank from the own back rank (0 if unset)
    std::optional<Score> king_attack;  // per enemy king-zone square attacked (0 if unset)
    friend bool operator==(const PieceWeights&, const PieceWeights&) = default;
};

// The enemy's attack on a king zone before its weight: 3/8 cp per attack unit squared, at most
// 600 cp (evaluate() counts it when two or more pieces attack the zone).
[[nodiscard]] constexpr int king_danger(int attack_units) {
    return std::min(600, attack_units * attack_units * 3 / 8);
}

struct EvalWeights {
    // Pawn-role pieces.
    Score doubled_pawn{-8, -16};
    Score isolated_pawn{-10, -12};
    Score passed_pawn{5, 10};       // any passed pawn
    Score passed_advance{55, 140};  // times (advance / span)^2
    Score passed_enemy_king{0, 6};  // eg: per step of the enemy king from the promotion
                                    // square, times advance / span
    Score passed_own_king{0, -3};   // eg: the same for the own king
    Score pawn_advance{3, 8};       // mg: per rank advanced; eg: per rank^2 / span
    Score pawn_centre{10, 0};       // mg: a central pawn one to three ranks advanced
    // Kings.
    Score shield_near{14, 0};            // mg: per pawn-role piece one rank in front
    Score shield_far{7, 0};              // mg: two ranks in front
    Score king_rank{-14, 0};             // mg: per rank off the back rank (up to 4)
    Score king_centre_files{-15, 0};     // mg: on a central file (3+ from the edge)
    Score king_near_centre_file{-5, 0};  // mg: two files from the edge
    Score king_centralisation{0, -8};    // eg: per step from the centre
    Score king_danger{100, 0};  // mg: percent of king_danger(units), the attack on the king zone
    // Pieces.
    Score open_file{18, 8}, half_open_file{8, 4};  // rook-like pieces
    Score attacked_by_pawn{-15, -10};
    Score tempo{10, 0};                          // flat, for the side to move
    std::map<std::string, PieceWeights> pieces;  // by piece name

    friend bool operator==(const EvalWeights&, const EvalWeights&) = default;
};

// Which phases of a term the evaluation reads.
enum class Phases { Both, Middlegame, Endgame, Flat };

// One general term, for files and fits: its key, its member, the phases it has.
struct WeightTerm {
    const char* key;
    Score EvalWeights::*member;
    Phases phases;
};

// The general terms in file order.
[[nodiscard]] std::span<const WeightTerm> weight_terms();

// The per-piece terms in file order ("material", "mobility", "centre", "advance",
// "king_attack"): PieceTermCount of them.
inline constexpr int PieceTermCount = 5;
struct PieceTerm {
    const char* key;
    std::optional<Score> PieceWeights::*member;
};
[[nodiscard]] std::span<const PieceTerm> piece_terms();

// Whether the evaluation reads a piece term for a piece of this role: none for a royal piece,
// material alone for a pawn-role piece, every term for the others.
[[nodiscard]] bool piece_has_term(core::PieceRole role, const PieceTerm& term);

}  // namespace balance::players::engine
