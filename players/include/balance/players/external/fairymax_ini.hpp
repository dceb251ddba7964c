#pragma once
// Fairy-Max 5.0b's variant definitions (its fmax.ini format) written from a variant spec, so that
// Fairy-Max can give a second opinion on any variant whose pieces it can express, without a
// hand-written engine file. One `Game:` section per army pairing the variant allows, named by
// fairymax_game_name; the first pairing is also the file's default game.
//
// What the format offers (fmax.ini's own description, and notes/ENGINES.md): at most 15 piece
// types, 1 and 2 being White's and Black's pawns, which promote to type 7 (Black to type 9 when
// White's array holds a 7 and Black's does not); move vectors on a 16-wide board, one "step,mode"
// per direction: leaps (7 move or capture, 6 move only, 5 capture only), slides (3, 2, 1), range
// limits (43, 443, 843, C43), lame two-step leaps (step,70,second step), straight lame leaps
// over 2 squares (nH, nG: step,470), ski-slides (2 squares, then sliding: step,3,step), a pawn's
// blockable double step (24, e.p.-capturable) or unblockable jump (E4, F4) and castling (34). Fairy-Max's pawns capture en passant with every capturing step; a piece is named by a
// letter, White's the first type with it and Black's the last. Pieces that move alike for both
// colours may share a type; a piece that is not vertically symmetric gets a mirrored type for
// Black.
//
// Anything else is an error naming the piece and what Fairy-Max lacks: shots (cab), moves that
// depend on the square's colour, initial moves other than a pawn's double step, e.p. on a piece
// that is not a pawn, other lame leaps, a start position other than back
// ranks behind full pawn ranks, castling other than a 2-square king move from a central file.
// Rules Fairy-Max does not know (points scoring, anti-relay, stalemate wins, promotion to
// captured units, free placement) are errors too, except scoring: the external engine plays such
// games for mate, as every external engine does (tournament/points_notes.hpp says so in a run).

#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::players::external {

// The game name of a pairing: "<white army>-<black army>" ("humans-elves").
[[nodiscard]] std::string fairymax_game_name(const std::string& white, const std::string& black);

// The `Game:` section body (board size, arrays, pieces) of one pairing.
[[nodiscard]] Result<std::string> fairymax_game(const core::VariantSpec& spec,
                                                const std::string& white_army,
                                                const std::string& black_army);

// Every pairing the armies' sides allow, White's army first.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> fairymax_pairings(
    const core::VariantSpec& spec);

// The whole file for these pairings (the first is also the default game). Deterministic: the
// same spec gives the same text.
[[nodiscard]] Result<std::string> fairymax_ini(
    const core::VariantSpec& spec,
    const std::vector<std::pair<std::string, std::string>>& pairings);

}  // namespace balance::players::external
