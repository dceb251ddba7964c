#pragma once
// Compiled rules: a VariantSpec plus a White and a Black army, turned once into immutable tables
// that move generation reads. One Rules object is shared (read-only) by every game of a pairing.

#include <array>
#include <cctype>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "balance/core/bitboard.hpp"
#include "balance/core/error.hpp"
#include "balance/core/scoring_tables.hpp"
#include "balance/core/slider_attacks.hpp"
#include "balance/core/spec.hpp"
#include "balance/core/types.hpp"

namespace balance::core {

// One group of sliding moves of a piece: same line family, range and modality.
template <Bitboard BB>
struct SliderGroup {
    bool orthogonal = true;  // rook lines, else bishop lines
    bool plain = true;       // all four directions, from step 1, unlimited: no masks needed
    bool move = true, capture = true, en_passant = false;
    int min_range = 1, max_range = 0;         // 0 = unlimited
    std::array<BB, max_squares<BB>> reach{};  // reachable squares (allowed directions and range)
    std::array<BB, max_squares<BB>> skip{};   // squares closer than the minimum range (ignored)
};

// A lame leap from one square: all `block` squares must be empty.
template <Bitboard BB>
struct LameStep {
    BB block{};
    BB quiet{}, capture{}, en_passant{};
    bool initial = false;     // only from the start rank
    bool creates_ep = false;  // a pawn's double step: sets the e.p. square to `ep_square`
    int ep_square = NoSquare;
};

// Leap targets from one square, kept together so one square's moves share a cache line.
template <Bitboard BB>
struct LeapSet {
    BB quiet{}, capture{}, en_passant{};
    BB initial_quiet{}, initial_capture{};  // only from the start rank (`i` without `n`)
};

template <Bitboard BB>
struct PieceMoves {
    std::array<LeapSet<BB>, max_squares<BB>> leaps{};
    // Squares from which this piece captures onto a given square by a leap or a shot (reverse).
    std::array<BB, max_squares<BB>> attacked_from{};
    // Squares this piece captures on without moving (`cab` shots, MoveKind::Shoot).
    std::array<BB, max_squares<BB>> shots{};
    // Every square this piece could capture on (e.p. and shots included) or, a pawn-role piece,
    // step to, from a square on any board: a piece whose reach holds no enemy piece, no e.p.
    // square and no empty promotion square has no capture or promotion (generate_captures).
    std::array<BB, max_squares<BB>> tactical_reach{};
    bool has_shots = false;
    std::vector<SliderGroup<BB>> sliders;
    // Lame steps of every square, flattened: those of square s are [lame_begin[s],
    // lame_begin[s+1]).
    std::vector<LameStep<BB>> lame_steps;
    std::array<std::uint16_t, max_squares<BB> + 1> lame_begin{};
    [[nodiscard]] std::span<const LameStep<BB>> lame(int sq) const {
        return {lame_steps.data() + lame_begin[sq], lame_steps.data() + lame_begin[sq + 1]};
    }
    bool has_plain_orthogonal_capture = false;
    bool has_plain_diagonal_capture = false;
    bool has_complex_capture = false;  // non-plain sliders or lame steps that capture
};

struct PieceInfo {
    std::string name;
    PieceRole role = PieceRole::Normal;
    double value = 0.0;
    std::array<char, 2>
        letter{};  // upper-case letter in the White and in the Black army ('\0': absent)
};

struct ArmyInfo {
    std::string name;
    std::vector<PieceType> types;          // every type of this army
    std::vector<PieceType> promotions;     // what its pawns promote to
    std::array<PieceType, 128> by_letter;  // upper-case letter -> type (NoPieceType)
    // The type whose letter is `letter` in either case; NoPieceType for any other byte (input
    // text may hold anything: never index by_letter with it directly).
    [[nodiscard]] PieceType type_of_letter(char letter) const {
        const auto byte = static_cast<unsigned char>(letter);
        if (byte >= by_letter.size() || !std::isalpha(byte)) return NoPieceType;
        return by_letter[static_cast<unsigned char>(std::toupper(byte))];
    }
    std::vector<std::array<int, MaxPieceTypes>> cannot_mate;  // material without mating power
    std::array<int, MaxPieceTypes> initial_count{};           // pieces of each type in the array
};

template <Bitboard BB>
struct CastlingInfo {
    bool possible = false;
    int king_from = NoSquare, king_to = NoSquare, rook_from = NoSquare, rook_to = NoSquare;
    PieceType rook_type = NoPieceType;
    BB must_be_empty{};          // every square between king and rook, and both destinations
    std::vector<int> king_path;  // start and crossed squares: must not be attacked (destination
                                 // is checked after the move, like any king move)
};

struct ZobristKeys {
    std::vector<std::uint64_t> piece_square;  // [piece code][square]
    std::uint64_t side = 0;
    std::array<std::uint64_t, 16> castling{};
    std::vector<std::uint64_t> ep;    // [square]
    std::vector<std::uint64_t> hand;  // [color][type][count]
};

// How move generation settles legality, per side to move (it depends on the opponent's
// attackers and on the move rights). Chosen and checked by Rules::compile:
enum class Legality : std::uint8_t {
    // The opponent attacks only by leaps, shots and plain sliders: checkers and pins are exact,
    // computed from lines (as fast orthodox generators do).
    ExactPins,
    // Every move grows monotonically as squares empty (an added piece never opens a line and
    // move rights do not depend on the position): only moves of the pieces whose removal
    // exposes the king, king moves and evasions are tested.
    RemovalTest,
    // Move rights depend on the position (anti-relay): every move is tested on the board it
    // leaves, with every right recomputed there.
    FullTest,
};
[[nodiscard]] const char* legality_name(Legality l);

template <Bitboard BB>
class Rules {
  public:
    // Compiles a spec for one pairing of armies. Errors name the piece, config line and part.
    [[nodiscard]] static Result<std::shared_ptr<const Rules>> compile(
        const VariantSpec& spec, const std::string& white_army, const std::string& black_army);

    int files = 8, ranks = 8, squares = 64;
    BB board{};
    const VariantSpec& spec() const { return spec_; }
    GameRulesSpec game;
    std::vector<PieceInfo> pieces;
    std::array<ArmyInfo, 2> armies;
    std::array<std::vector<PieceMoves<BB>>, 2> moves;                // [color][type]
    std::array<std::array<BB, MaxPieceTypes>, 2> initial_squares{};  // where `i` moves may start
    std::array<BB, 2> promotion_zone{};                              // last rank per colour
    std::array<BB, 2> back_rank{};  // first rank per colour (free placement drops)
    std::array<PieceType, 2> king_type{NoPieceType, NoPieceType};
    std::array<std::array<CastlingInfo<BB>, 2>, 2>
        castling{};                        // [color][0 = king side, 1 = queen side]
    std::array<int, 128> castling_mask{};  // rights kept when a move touches a square
    // Per colour: types whose captures are plain orthogonal / diagonal sliders, and types that
    // capture by anything other than plain leaps and plain sliders.
    std::array<std::vector<PieceType>, 2> orth_slider_types, diag_slider_types, complex_types,
        leaper_types;
    // For complex types: complex_reach_to[c][t][s] = the squares from which a piece of that type
    // could capture on s on an empty board, ignoring every blocker. Attack tests ask only those
    // pieces for their full attack set, which rules out almost all of them before any work.
    std::array<std::array<std::vector<BB>, MaxPieceTypes>, 2> complex_reach_to;
    // For complex types: complex_path_to[c][t][s] = every square whose occupancy can decide
    // whether some piece of that type captures on s (lame steps' blocks, the squares between a
    // slider and s). Emptying any other square never gives such a piece a capture on s, so check
    // tests after a move and pin searches look only at these.
    std::array<std::array<std::vector<BB>, MaxPieceTypes>, 2> complex_path_to;
    // En passant: ep_types[c] are the types of colour c with any e.p. capture, and
    // ep_reach_to[c][t][s] the squares from which such a piece could capture e.p. on s on an
    // empty board (a superset: blockers ignored). Position::can_capture_ep, run after every
    // double step, asks only the pieces standing there.
    std::array<std::vector<PieceType>, 2> ep_types;
    std::array<std::array<std::vector<BB>, MaxPieceTypes>, 2> ep_reach_to;
    // Legality strategy for each side to move (see Legality).
    std::array<Legality, 2> legality{};
    // Position-dependent move rights. natural_types[c][t]: the move types (RookType | ...) of a
    // piece; pieces with none take no part in anti-relays (kings, pawns). typed_moves[c][t][k]:
    // only its atoms of type k (what it "sees" by); reduced_moves[c][t][lost]: its moves
    // without the lost types (index 0 unused). Filled only when anti-relay is on.
    bool position_dependent_rights = false;
    std::array<std::array<std::uint8_t, MaxPieceTypes>, 2> natural_types{};
    std::array<std::vector<std::vector<PieceMoves<BB>>>, 2> typed_moves, reduced_moves;
    // The moves of a piece that has lost the types in `lost` (0: its natural moves).
    [[nodiscard]] const PieceMoves<BB>& moves_for(int c, PieceType t, unsigned lost) const {
        return lost ? reduced_moves[c][t][lost] : moves[c][t];
    }
    // True when some piece moves by the colour of its square (folded into the per-square tables).
    bool moves_by_square_colour = false;
    // True when no piece has shots, move rights do not depend on the position and no side uses
    // Legality::FullTest: move generation then runs a build without that code (movegen.cpp).
    bool plain_moves = true;
    std::unique_ptr<SliderAttacks<BB>> sliders;
    ZobristKeys zobrist;
    std::string start_fen;  // with free placement: back ranks emptied, pieces in hand
    // Points tables of a points variant (Stylish chess, scoring.hpp); null for the others.
    std::shared_ptr<const ScoringTables> scoring;
    // Rules of the AlphaZero study's rule sets, kept after the fields move generation reads
    // most (whose offsets they leave as they were):
    // Per colour: castling only from this full move number on.
    std::array<int, 2> castling_from_move{1, 1};
    bool pawns_step_back = false;    // some pawn-role piece moves backward: advances reversible
    bool pawns_only_advance = true;  // every pawn move advances (orthodox): no rank test in make()

    // Squares strictly between two squares on a line (empty if not on a common line).
    [[nodiscard]] BB between(int a, int b) const { return between_[a * squares + b]; }
    // The full line through two squares (empty if not on a common line).
    [[nodiscard]] BB line(int a, int b) const { return line_[a * squares + b]; }
    [[nodiscard]] int file_of(int sq) const { return sq % files; }
    [[nodiscard]] int rank_of(int sq) const { return sq / files; }
    [[nodiscard]] int square(int file, int rank) const { return rank * files + file; }
    [[nodiscard]] char letter(Color c, PieceType t) const { return pieces[t].letter[index(c)]; }

    std::vector<BB> between_, line_;

  private:
    VariantSpec spec_;
};

// Compiled rules for either board width, for code that does not care which.
struct AnyRules {
    std::shared_ptr<const Rules<u64>> narrow;  // boards up to 64 squares
    std::shared_ptr<const Rules<u128>> wide;   // larger boards
};

[[nodiscard]] Result<AnyRules> compile_rules(const VariantSpec& spec, const std::string& white_army,
                                             const std::string& black_army);

}  // namespace balance::core
