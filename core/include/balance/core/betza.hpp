#pragma once
// XBetza move notation -> concrete move atoms.
//
// Supported (XBetza spellings; anything else is an error naming the offending part):
//   atoms      W F D N A H C/L Z/J G, shorthands K=WF R=W0 B=F0 Q=RB; doubled WW FF = riders
//   range      digits after W F R B Q K: maximum steps (R2, B2); 0 = unlimited
//   directions f b l r v s, and pairs fl fr bl br (diagonal and oblique atoms), ff fs bb bs ll lv
//              rr rv (oblique atoms); on orthogonal atoms letters simply add up (fs = f + l + r).
//              On oblique atoms a single f, b, l, r is the half-plane: all four moves with a
//              component that way (as it always was here; XBetza reads it as the narrow pair
//              ff, bb, ll, rr)
//   h          half, on one oblique leaper (N, C/L, Z/J): fh bh lh rh = its four moves with a
//              component that way (XBetza), the same moves as f, b, l, r there; the chiral halves
//              hr, hl = its four moves turning right (hrN on e4: f6, g3, d2, c5) or left, alone
//              in the atom's directions. Black's chiral moves are White's turned half a circle
//              (BetzaAtom::chiral), so its hrN turns right too, as in XBoard. Refused: h on
//              other atoms and in multi-leg moves.
//   modality   m (move only), c (capture only), e (may capture en passant onto the e.p. square);
//              none given = m + c
//   i          initial: only from the piece's start rank
//   n          lame: the leap is blocked by any piece on the squares it passes (D, A, H, G)
//   j          on a slider: skip (ignore) the first square; it can be neither reached nor block
//   a          two-leg lame step: [leg-1 modifiers] a fs|f W|F. `afsW` = one orthogonal step to an
//              empty square, then one step diagonally outward (the Xiangqi horse path); `afsF` =
//              diagonal, then orthogonally outward; `asF` = diagonal, then one diagonal step
//              turned by 90 degrees (Contrast chess's bent Bishop step, ending two squares away
//              orthogonally). Leg 1 must end on an empty square.
//   cab        capture and return ("rifle" capture, shooting): `cabK` removes an enemy piece on
//              an adjacent square without moving (a move of its own kind, MoveKind::Shoot).
// Vectors are from White's point of view: +dy is forward.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::core {

struct BetzaAtom {
    enum class Kind { Leap, Slide, Lame, Shoot };  // Shoot: capture (dx, dy) without moving
    Kind kind = Kind::Leap;
    int dx = 0;  // Leap and Lame: displacement; Slide: unit step
    int dy = 0;
    int min_range = 1;                      // Slide only: first reachable step (2 for j)
    int max_range = 1;                      // Slide only: last reachable step; 0 = unlimited
    std::vector<std::pair<int, int>> path;  // Lame only: squares (relative) that must be empty
    bool move = true;                       // may go to an empty square
    bool capture = true;                    // may capture an enemy piece
    bool en_passant = false;                // may capture en passant onto the e.p. square
    bool initial = false;                   // only from the piece's start rank
    // Black's vector is White's turned half a circle (XBetza's chiral halves hr, hl, as XBoard
    // turns them), not mirrored across the board's middle like every other atom: Black's hrN
    // turns right too.
    bool chiral = false;
    // Rank window relative to the mover (0 = its first rank); parse_betza leaves them open and
    // the rules compiler narrows them for ranked moves (spec.hpp RankedMovesSpec).
    int from_first = 0, from_last = 255, to_first = 0, to_last = 255;

    bool operator==(const BetzaAtom&) const = default;
};

// The longest Betza string accepted. The shipped pieces need at most 14 characters; a runaway
// string would cost memory and compile time per character (each letter adds up to 8 atoms).
inline constexpr std::size_t kMaxBetzaLength = 1000;

// Parses a whole piece description. Error messages name the offending part and its position.
[[nodiscard]] Result<std::vector<BetzaAtom>> parse_betza(std::string_view text);

}  // namespace balance::core
