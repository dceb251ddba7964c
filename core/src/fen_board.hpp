#pragma once
// The one reader of a FEN's piece-placement field, shared by Position (any FEN) and
// Rules::compile (the start array). It checks the board's shape; what a letter means is the
// caller's business.

#include <string_view>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/types.hpp"

namespace balance::core {

struct PlacedLetter {
    Square square;
    Color color;  // upper case = White
    char letter;  // as written (any character that is not a digit or '/')
};

[[nodiscard]] Result<std::vector<PlacedLetter>> read_fen_board(std::string_view board, int files,
                                                               int ranks);

}  // namespace balance::core
