#pragma once
// The variant spec: plain data describing a variant, filled by the config loader (app/) from
// configs/variants/*.toml and compiled once by core::compile() into immutable Rules.
// Nothing here knows about TOML; `where` fields carry "file:line" for error messages.

#include <map>
#include <string>
#include <vector>

#include "balance/core/scoring_spec.hpp"

namespace balance::core {

enum class PieceRole {
    Normal,  // an ordinary piece
    Pawn,    // promotes on the last rank, resets the 50-move clock, may be taken en passant
    King,    // royal: must not be left attacked; castles
};

struct PieceSpec {
    std::string name;   // unique within the variant, e.g. "werewolf"
    std::string betza;  // XBetza move description, e.g. "WafsW" (see core/betza.hpp)
    PieceRole role = PieceRole::Normal;
    double value = 0.0;  // documented value in the variant's value_unit; seeds the evaluation
    std::string where;   // "file:line" of the piece's betza entry
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
    std::string where;
};

struct CastlingSpec {
    bool enabled = true;
    int king_travel = 2;  // squares the king moves toward the rook (Uneven: 3)
};

// A bonus added to a side's material when all the listed pieces are on the board for that side
// (Uneven's colour-bound pair: kirin + bishop = 2 quarter-pawns). Evaluation only.
struct BonusSpec {
    std::vector<std::string> pieces;
    double value = 0.0;
};

enum class StalemateResult { Draw, WinForStalemater };

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
};

struct VariantSpec {
    std::string name;  // "asymmetric"
    std::string description;
    std::string file;  // the config file it came from
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
};

}  // namespace balance::core
