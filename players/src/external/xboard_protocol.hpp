#pragma once
// Parsing of single XBoard/CECP lines and of FEN piece placement for the old `edit` command,
// kept apart from the process handling so it can be tested alone.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/players/external/search_types.hpp"

namespace balance::players::external {

// `feature ping=1 myname="Fairy-Max 5.0b" done=0` -> {ping,1}, {myname,Fairy-Max 5.0b}, {done,0}.
[[nodiscard]] std::vector<std::pair<std::string, std::string>> parse_features(
    std::string_view line);

enum class XboardLineKind : std::uint8_t {
    Move,         // "move e2e4" / "My move is: e2e4"; text = the move
    Pong,         // "pong 7"; text = "7"
    Feature,      // "feature ..."
    IllegalMove,  // "Illegal move: e2e4", "Illegal move (reason):e2e4"; text = the whole line
    Error,        // "Error (unknown command): foo", "tellusererror ..."; text = the whole line
    Result,       // "1-0 {White mates}", "1/2-1/2 {Stalemate}", "* {...}"; text = the whole line
    Resign,       // "resign"
    Thinking,     // "ply score time nodes pv..." (post mode)
    Ignored,      // allowed but of no interest: "# ...", tellics/telluser..., offer draw, ""
    Garbage,      // anything else
};

struct XboardLine {
    XboardLineKind kind = XboardLineKind::Garbage;
    std::string text;
};

[[nodiscard]] XboardLine classify_xboard_line(std::string_view line);

// Thinking output "ply score time nodes pv...". Scores of magnitude above 100000 follow the CECP
// mate convention (100000 + N = mate in N moves) and become score_mate.
[[nodiscard]] std::optional<SearchInfo> parse_thinking(std::string_view line);

// The piece placement field of a FEN: letters are pieces (upper case White), digit runs count
// empty squares (`10` is ten), '/' separates ranks from the top. At most 16 files and ranks.
struct PlacedPiece {
    char letter = 'P';  // as written in the FEN
    int file = 0;       // 0 = a
    int rank = 0;       // 0 = rank 1
    [[nodiscard]] bool white() const { return letter >= 'A' && letter <= 'Z'; }
};
struct Placement {
    int files = 0;
    int ranks = 0;
    std::vector<PlacedPiece> pieces;
};
[[nodiscard]] Result<Placement> parse_placement(std::string_view fen);

// "a1", "p16" (rank 0 is the first; `first_rank` is the number it is written with).
[[nodiscard]] std::string square_name(int file, int rank, int first_rank = 1);

// The commands that set `placement` up in `edit` mode, between `edit` and `.` exclusive:
// "#" (clear), White pieces as "Pa2", "c" (switch to Black), Black pieces (letters upper case).
// Squares are written with the engine's number of the first rank (XboardConfig::first_rank).
[[nodiscard]] std::vector<std::string> edit_commands(const Placement& placement,
                                                     int first_rank = 1);

// A coordinate move with every rank number changed by `by` ("b1c3" by -1: "b0c2"): each run of
// digits right after a file letter is a rank. Drops ("N@d1") and promotion letters pass as they
// are; text without squares is returned unchanged.
[[nodiscard]] std::string shift_ranks(std::string_view move, int by);

}  // namespace balance::players::external
