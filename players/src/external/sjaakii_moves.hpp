#pragma once
// One piece's moves in SjaakII 1.4.1's variant-file notation, translated from its parsed Betza
// atoms (and ranked moves), or an error naming what SjaakII cannot express. The variant layout
// (types, letters, zones, castling, promotion) is sjaakii_definitions.cpp's.
//
// SjaakII's kinds of move (its variants.txt, and movegen.h where the text is silent):
//  - slide (D,A,H,V): unlimited slides along whole lines, both ways;
//  - step [n]DIR,...: up to n (one digit: its parser reads one) blockable steps per compass
//    direction, given for White and turned by 180 degrees for Black, where ours mirror the ranks
//    only: steps must be left-right symmetric. Pawn steps, one-way and range-limited slides;
//  - leap (x,y)|...: every image of each vector; aleap (x,y)|...: these vectors for White,
//    mirrored by rank for Black, without legs or masks;
//  - leap ((a)+(b))&(m): a lame two-leg leap: a first leg to an empty square, a second leg, both
//    in every image, kept where the mask (every image) allows; first-leg squares in the mask are
//    plain leaps. Written without spaces: SjaakII misreads "((1,1)+(1,0)) & (1,2)" silently;
//  - Special: zone, zone, ...: the moves (not captures) of a piece standing in a zone of squares,
//    one zone per piece, instead of its Move lines there; a step of two or more squares among
//    them makes an e.p. square (flag set_ep). Double steps are special steps, written beside
//    the piece's other moves.
// A piece holds one of each kind in its Move lines and one in its Capture lines. SjaakII has no
// ski-slides (the Ranger's jB), shots, moves by square colour, or ranked moves but double steps.

#include <optional>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::players::external {

// The moves of a piece in its double-step zone: its other moves and the double steps.
struct SjaakiiSpecial {
    std::vector<std::string> lines;  // bodies of its Special lines: "slide (H,V)", "step 2N,E,W"
    bool initial = false;            // from the ranks the piece stands on in the start array (`i`)
    // Otherwise from these ranks, counted from the mover's side (0 = its first rank).
    int from_first = 0, from_last = 0;
};

struct SjaakiiPieceMoves {
    std::vector<std::string> move;     // bodies of its Move lines; {"none"} when it only captures
    std::vector<std::string> capture;  // bodies of its Capture lines; empty: as it moves
    std::optional<SjaakiiSpecial> special;
    bool set_ep = false;   // its special moves make an e.p. square
    bool take_ep = false;  // it captures e.p.
    // It may move from its last rank (a sideways step): SjaakII then makes its promotion
    // optional there, ours is mandatory.
    bool moves_from_last_rank = false;
};

// Whether `piece` makes e.p. squares: a pawn's lame two-square move (core's rule).
[[nodiscard]] bool makes_ep_squares(const core::PieceSpec& piece);

[[nodiscard]] Result<SjaakiiPieceMoves> sjaakii_piece_moves(const core::PieceSpec& piece, int files,
                                                            int ranks);

// The e.p. rules SjaakII can follow, where some piece of the pairing makes e.p. squares: a piece
// with the e.p. flag takes e.p. with every capture, and its steps onto the e.p. square stay
// quiet moves as well.
[[nodiscard]] Result<void> sjaakii_en_passant(const core::PieceSpec& piece);

}  // namespace balance::players::external
