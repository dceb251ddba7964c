#pragma once
// The variant spec: plain data describing a variant, filled by the config loader (app/) from
// configs/variants/*.toml and compiled once by core::compile() into immutable Rules.
// Nothing here knows about TOML; `where` fields carry "file:line" for error messages.

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "balance/core/scoring_spec.hpp"

namespace balance::core {

enum class PieceRole {
    Normal,  // an ordinary piece
    Pawn,    // promotes on the last rank, resets the 50-move clock, may be taken en passant
    King,    // royal: must not be left attacked; castles
};

// Moves of a piece allowed only between certain ranks, counted from the mover's side (rank 1 =
// its own first rank): a pawn's double step from ranks 2-3 only, a backward step that may not
// enter rank 1. XBetza has no notation for it (`i` is the start rank alone), so the variant file
// gives such moves as extra Betza strings with their rank windows ([pieces.<name>] ranked).
struct RankedMovesSpec {
    std::string betza;
    int from_first = 1, from_last = 0;  // ranks the move may start on; 0 = the last rank
    int to_first = 1, to_last = 0;      // ranks it may end on; 0 = the last rank
    std::string where;                  // "file:line" of the entry
};

struct PieceSpec {
    std::string name;   // unique within the variant, e.g. "werewolf"
    std::string betza;  // XBetza move description, e.g. "WafsW" (see core/betza.hpp)
    // Moves by square colour (Contrast chess's Strong and Weak): when both are set, a piece
    // standing on a square of its own colour (light for White, dark for Black) moves and attacks
    // by `betza_own_colour`, elsewhere by `betza_other_colour`; `betza` is then unused.
    std::string betza_own_colour, betza_other_colour;
    std::vector<RankedMovesSpec> ranked;  // moves added to `betza` with rank windows
    PieceRole role = PieceRole::Normal;
    double value = 0.0;  // documented value in the variant's value_unit; seeds the evaluation
    std::string where;   // "file:line" of the piece's betza entry
};

// Where the castling rook lands when no file is given: on the square next to the king's start
// square, toward the rook (Uneven Pieces: Kf1-i1 with Rj1-g1), or on the square the king crossed
// last, next to its destination (Capablanca: Kf1-i1 with Rj1-h1). The same square for a
// two-square move.
enum class CastlingRookTo { NextToKingStart, NextToKingDestination };

// The castling wings, as Rules::castling and FEN rights index them: kingside toward the last
// file (FEN K/k), queenside toward the a-file (Q/q), whatever stands where.
inline constexpr int Kingside = 0, Queenside = 1;

// The castling keys one table of a variant file sets: [castling] and its wings
// [castling.kingside] / [castling.queenside], and the same tables under [armies.<name>]. Unset
// keys fall back to the less specific table (see core/castling.hpp). The king's destination is
// one setting, written as king_travel or as king_to (a file); so is the rook's (a rule or a file).
struct CastlingSettings {
    std::optional<bool> enabled;
    std::optional<int> king_travel;  // squares the king moves toward its rook
    std::optional<int> king_to;      // the king's destination file (0 = a) on its own rank
    std::optional<CastlingRookTo> rook_to;
    std::optional<int> rook_to_file;            // the rook's destination file on the king's rank
    std::optional<int> from_move;               // not in wing tables
    std::string section;                        // "[armies.elves.castling.queenside]", for messages
    std::string king_where, rook_where, where;  // "file:line" of those keys and of the table
};

struct CastlingSpec {
    bool enabled = true;
    int king_travel = 2;  // squares the king moves toward the rook (Uneven: 3)
    // Castling is legal only from this full move number on (a side's Nth move); 1 = always.
    int from_move = 1;
    using RookTo = CastlingRookTo;
    RookTo rook_to = RookTo::NextToKingStart;
    // [castling.kingside] and [castling.queenside]: settings of one wing for every army.
    std::array<CastlingSettings, 2> wings;
};

struct ArmySpec {
    std::string name;                     // "elves"
    std::vector<std::string> aliases;     // accepted in FEN metadata and flags, e.g. "Elf"
    std::map<char, std::string> letters;  // upper-case FEN letter -> piece name
    std::vector<std::string> promotions;  // piece names a pawn of this army promotes to
    // Material (as strings of this army's upper-case letters, king omitted) with which this
    // army cannot mate a bare king, e.g. {"", "N", "B", "NN"}. Used for the insufficient-material
    // draw when the opponent has a bare king.
    std::vector<std::string> cannot_mate;
    // Which colours the army may play: an array whose letters appear only on one side of the
    // start position (Uneven's two armies) cannot play the other.
    bool can_play_white = true;
    bool can_play_black = true;
    // [armies.<name>.castling] and its wings: this army's castling where it differs.
    CastlingSettings castling;
    std::array<CastlingSettings, 2> castling_wings;
    std::string where;
};

// A bonus added to a side's material when all the listed pieces are on the board for that side
// (Uneven's colour-bound pair: kirin + bishop = 2 quarter-pawns). Evaluation only.
struct BonusSpec {
    std::vector<std::string> pieces;
    double value = 0.0;
};

enum class StalemateResult { Draw, WinForStalemater };

// How move generation settles legality (see Rules::legality). Auto picks the fastest sound one;
// the others are accepted only where sound (compile refuses ExactPins against complex attackers
// and anything but FullTest under position-dependent move rights).
enum class LegalityChoice { Auto, ExactPins, RemovalTest, FullTest };

// Move types whose rights can be lost (anti-relay). A piece's natural types are read from its
// Betza atoms: an unlimited orthogonal slide is the Rook type, an unlimited diagonal slide the
// Bishop type, the (1, 2) leap the Knight type. Every other atom (a king step, a pawn's, a
// range-limited or skipping slide, other leaps) belongs to no type: it is never lost and never
// takes one away.
inline constexpr int MoveTypeCount = 3;
inline constexpr unsigned RookType = 1, BishopType = 2, KnightType = 4;

// Anti-relay (Mike Nelson; RULES.md section 4): pieces lose a natural move type (Rook, Bishop,
// Knight move) when they see or are seen by another piece. Recomputed in every position.
struct AntiRelaySpec {
    bool enabled = false;
    // Who loses the type: the piece seen (direct, the default) or the one that sees (indirect:
    // normal = when both have the type, converse = when the seen piece lacks it, total = both).
    enum class Target { Direct, IndirectNormal, IndirectConverse, IndirectTotal };
    Target target = Target::Direct;
    enum class Side { Hostile, Friendly, Bilateral };  // which pieces' sight counts
    Side side = Side::Hostile;
    unsigned types = 7;  // the move types that take part: 1 = Rook, 2 = Bishop, 4 = Knight
    bool frozen_rook_castles = true;  // RULES.md 4.3: castling with a Rook that lost its Rook move
};

enum class NoPromotionAvailable {
    MayNotEnter,  // the pawn may not move onto the last rank at all (Grand-Chess convention)
    StaysPawn,    // it enters and stays an unpromoted pawn
};

struct GameRulesSpec {
    StalemateResult stalemate = StalemateResult::Draw;  // optional rule A flips it
    bool promote_to_captured = false;                   // optional rule B
    NoPromotionAvailable no_promotion_available = NoPromotionAvailable::MayNotEnter;
    bool free_placement = false;        // optional rule C: back ranks placed by drops, White first
    int repetition_count = 3;           // positions repeated this often end the game; 0 = off
    int fifty_move_plies = 100;         // reversible plies that end the game; 0 = off
    bool insufficient_material = true;  // draw when a bare king faces material that cannot mate
    LegalityChoice legality = LegalityChoice::Auto;
    AntiRelaySpec anti_relay;
    // Moves by square colour (RULES.md 5.3 ambiguities; the defaults are the rules' defaults):
    bool king_slide_crossing_safe =
        false;  // a king's range-2 step may not cross an attacked square
    bool castling_rook_on_own_colour = false;  // castling needs the rook on its own colour (Strong)
    // Self-capture: a piece may capture a piece of its own side (never the king), when its own
    // king is safe afterwards. `king_self_capture`: the king may be the capturer too.
    bool self_capture = false;
    bool king_self_capture = true;
    // Which pawn moves reset the fifty-move counter: all (FIDE) or only those that advance toward
    // promotion (a backward or sideways step is reversible and counts like a piece move).
    // Captures always reset it.
    bool only_forward_pawn_moves_reset = false;
};

// Results published for the variant (the seed's Fairy-Max table for Asymmetric), kept with the
// rules so that a report shows them beside our measurements, even from a database alone.
// Documentation only: play never reads it. Every score is x's: x_white_score "X-Y" (X has
// White), x_black_score "Y-X", pooled_score "X = Y" over both colour orders.
struct ReferencePairing {
    std::string x;  // army names (canonical)
    std::string y;
    double x_white_score = 0.0;
    double x_black_score = 0.0;
    double pooled_score = 0.0;
    int games_per_colour = 0;
    double margin_per_colour = 0.0;  // as published
    double margin_pooled = 0.0;
};

struct ReferenceTable {
    std::string source;  // who published it, where, and what is known of the method
    std::vector<ReferencePairing> pairings;
    // Published piece values (in value_unit) to show beside fitted ones, and whose they are.
    // Documentation, not rules: left out of the canonical text a results database keeps.
    std::vector<std::pair<std::string, double>> values;  // piece name, value; variant order
    std::string values_source;
};

struct VariantSpec {
    std::string name;  // "asymmetric"
    std::string description;
    std::string file;  // the config file it came from
    // "file:line" of the board size, start_fen and [castling] when the loader knows them, so
    // that errors found while compiling the rules name the line (empty: just `file`).
    std::string board_where, start_fen_where, castling_where;
    int files = 8;
    int ranks = 8;
    std::string value_unit = "pawn";
    // Start position in FEN; its letters are army letters, so one array serves every pairing.
    std::string start_fen;
    std::vector<PieceSpec> pieces;
    std::vector<ArmySpec> armies;
    std::string default_white;
    std::string default_black;
    CastlingSpec castling;
    GameRulesSpec rules;
    std::vector<BonusSpec> bonuses;
    ScoringSpec scoring;  // points (Stylish chess); disabled unless the file has [scoring]
    // The rule options selected to produce this spec ("stalemate-win", "sprite-double-step=none"),
    // in canonical order; recorded with games and shown in reports.
    std::vector<std::string> active_options;
    ReferenceTable reference;  // [reference] of the variant file; empty when there is none
};

}  // namespace balance::core
