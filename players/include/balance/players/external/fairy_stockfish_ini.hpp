#pragma once
// Fairy-Stockfish's variant definitions (its variants.ini format) written from a variant spec, so
// that a current Fairy-Stockfish can play any variant whose pieces and rules it can express,
// without a hand-written engine file. One section per army pairing, named by
// fairy_stockfish_variant_name, without inheritance (Fairy-Stockfish's default template: chess
// rules with no piece defined).
//
// Letters. Fairy-Stockfish gives each piece type one letter for both colours, so a letter must
// name the same piece in both armies of the pairing (Uneven's armies share A, R, N, Q, K and own
// the others). Pieces: the pawn (the built-in type: a forward step, diagonal captures with e.p.,
// double steps from a region of ranks), the king (royal, its moves in Betza when not K), the
// built-in types where our Betza is theirs letter for letter (N = knight, BN = archbishop, ...:
// Fairy-Stockfish's evaluation knows them), and up to 25 custom pieces in its Betza subset:
// leaps, slides and ranges with m, c and direction modifiers. Castling: the king from the same
// file of its first rank for both colours, the rook (or whatever stands in the corner) landing
// beside the king's destination. Promotions per colour on the last rank. Rules: checkmate wins,
// stalemate draws or wins, the repetition count and the move-count draw.
//
// Anything else is an error naming the piece or rule: multi-leg (a) and ski (j) moves,
// initial moves of pieces, e.p. on pieces, moves by square colour or rank window (other than a
// pawn's double steps), hoppers; pawns other than the orthodox one with its double-step variants;
// castling with the rook elsewhere (Uneven's, beside the king's start after a 3-square move), from
// a later move, or differing by colour; self-capture, anti-relay, promotion to captured units,
// free placement; boards beyond 12 x 10. Fairy-Stockfish reads some Betza it cannot play as
// something else without a word, so whatever is written is also verified against our move
// generation before it plays (fairy_stockfish_verify.hpp).

#include <map>
#include <string>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::players::external {

// The section name of a pairing: "balance-<white army>-<black army>" (a name none of
// Fairy-Stockfish's built-in variants has).
[[nodiscard]] std::string fairy_stockfish_variant_name(const std::string& white,
                                                       const std::string& black);

struct FairyStockfishVariant {
    std::string name;
    std::string text;                     // the whole file: one section
    std::map<std::string, char> letters;  // piece name -> its letter (lower case)
};

// One pairing's variant, or what Fairy-Stockfish cannot express in it. Deterministic.
[[nodiscard]] Result<FairyStockfishVariant> fairy_stockfish_variant(const core::VariantSpec& spec,
                                                                    const std::string& white_army,
                                                                    const std::string& black_army);

// The same variant under a name of its own rules: "<name>-<8 hex digits of the text's hash>".
// A process that loads the sections of several rule sets (the player over a sweep, a PGN
// viewer over an export) keeps the first rules of a name loaded twice, so every rules object
// gets its own section.
[[nodiscard]] Result<FairyStockfishVariant> fairy_stockfish_rules_variant(
    const core::VariantSpec& spec, const std::string& white_army, const std::string& black_army);

}  // namespace balance::players::external
