#pragma once
// SjaakII 1.4.1's variant definitions (its variants.txt format) written from a variant spec, so
// that SjaakII can play any variant whose pieces and rules it can express, without a
// hand-written engine file. One SjaakII variant per army pairing, named by sjaakii_variant_name.
//
// Letters. FEN and move text use our letters for every army: SjaakII gives every piece type a
// letter per colour, so a type is either one side's only, with a spare letter for the colour it
// never has on the board, or shared by both armies (the same piece under the same letter). Spare
// letters are also the type's SAN letter, and SjaakII writes and reads a promotion by that
// letter: `promotion_letters` says where it differs from ours. A promotion list names its
// choices by their White letter, unique over all types: SjaakII resolves a promotion letter
// against every type of either colour, and a letter naming two types made duplicate promotions.
//
// Pieces: their Betza atoms translated as sjaakii_moves.hpp describes (slides, steps, leaps, lame
// two-leg leaps, double steps by rank as our `i` reads them). Castling: SjaakII puts the rook
// beside the king's destination, which is ours for a two-square king move or rook_to =
// next-to-king-destination. Values: the variant file's, in centipawns. Rules: checkmate wins,
// stalemate draws or wins, repetitions and the move-count draw as the variant has them; points
// scoring is played for mate, as by every external engine (tournament/points_notes.hpp).
//
// Anything else is an error naming the piece (or rule) and what SjaakII lacks: ski-slides (the
// Asymmetric Ranger and Wyvern), shots, moves by square colour, lame leaps over two squares or
// reaching a square through either of two first squares (asF: SjaakII never blocks their
// checks), moves limited by rank other than non-capturing double steps, steps that are not
// left-right symmetric, rule-8 e.p. steps (SjaakII lets the step onto the e.p. square be a quiet
// move too), captures without e.p. beside e.p. captures, other castling, castling from a later
// move, self-capture, anti-relay, promotion to captured units, free placement, boards beyond 15 x
// 15 or 128 squares, and more piece types than SjaakII holds.

#include <array>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::players::external {

// The variant name of a pairing: "<white army>-<black army>" ("humans-elves"), as Fairy-Max's.
[[nodiscard]] std::string sjaakii_variant_name(const std::string& white, const std::string& black);

struct SjaakiiVariant {
    std::string name;
    std::string text;  // from its `Variant:` line to its rules
    // Promotion letters (lower case) where SjaakII's move text differs from ours, per colour
    // (0 White, 1 Black): ours -> SjaakII's.
    std::array<std::map<char, char>, 2> promotion_letters;
};

// One pairing's variant, or what SjaakII cannot express in it.
[[nodiscard]] Result<SjaakiiVariant> sjaakii_variant(const core::VariantSpec& spec,
                                                     const std::string& white_army,
                                                     const std::string& black_army);

// The whole file for these pairings. Deterministic: the same spec gives the same text.
[[nodiscard]] Result<std::string> sjaakii_definitions(
    const core::VariantSpec& spec,
    const std::vector<std::pair<std::string, std::string>>& pairings);

}  // namespace balance::players::external
