#pragma once
// How a piece was understood: its moves from a central square of an otherwise empty board, read
// from the compiled rules (as a game uses them), telling apart squares it may move to or capture
// on, move to only, capture on only, and capture on without moving (a shot). `balance pieces`
// draws them as text and the HTML report as a board.

#include <optional>
#include <string>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::core {

// What a square is to the piece on the diagram's centre (bits).
enum PieceReach : unsigned { ReachNone = 0, ReachMove = 1, ReachCapture = 2, ReachShot = 4 };

struct PieceBoard {
    int from = 0;                 // the piece's square, file + rank * files
    bool light = false;           // the colour of `from` (shown for pieces that move by it)
    std::vector<unsigned> reach;  // per square, PieceReach bits
    int moves = 0;                // squares it may move to
    int captures = 0;             // squares it may capture on (by moving or shooting)
};

struct PieceDiagram {
    std::string piece;
    std::string moves_text;  // its Betza, or "own colour X, other colour Y"
    std::string army;        // the first army (file order) that has it
    bool white = true;       // drawn as White when that army may play White
    char letter = '?';       // as shown: upper case for White, lower for Black
    double value = 0.0;
    PieceRole role = PieceRole::Normal;
    // Some of its moves are a chiral half (hr, hl): the other side's piece turns the same way,
    // which a diagram of one side cannot show, so the caption says it.
    bool chiral = false;
    int files = 0, ranks = 0;
    // The central square; and a square of the other colour beside it for a piece whose moves
    // depend on its square's colour.
    std::vector<PieceBoard> boards;
};

// The piece's diagram, or nullopt when no army has it (it never reaches the board). Errors:
// the rules do not compile for the army pairing it is drawn in.
[[nodiscard]] Result<std::optional<PieceDiagram>> piece_diagram(const VariantSpec& spec,
                                                                const PieceSpec& piece);

// The text symbol of a square's reach: '*' moves or captures, 'o' moves only, 'x' captures
// only, '!' captures without moving, '+' both '*' and '!', '.' nothing.
[[nodiscard]] char reach_symbol(unsigned reach);

}  // namespace balance::core
