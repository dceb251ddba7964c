// read_fen_board: a FEN's piece-placement field -> (square, colour, letter).

#include "fen_board.hpp"

#include <cctype>
#include <string>

namespace balance::core {

Result<std::vector<PlacedLetter>> read_fen_board(std::string_view board, int files, int ranks) {
    std::vector<PlacedLetter> out;
    int rank = ranks - 1, file = 0;
    auto too_long = [&] {
        return make_error("rank " + std::to_string(rank + 1) + " is longer than " +
                          std::to_string(files) + " files");
    };
    for (size_t i = 0; i < board.size(); ++i) {
        const char ch = board[i];
        if (ch == '/') {
            if (file != files)
                return make_error("rank " + std::to_string(rank + 1) + " has " +
                                  std::to_string(file) + " files, expected " +
                                  std::to_string(files));
            if (--rank < 0) return make_error("more than " + std::to_string(ranks) + " ranks");
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(ch))) {
            if (ch == '0')
                return make_error("rank " + std::to_string(rank + 1) +
                                  ": an empty-square count must not start with 0");
            int n = 0;
            while (i < board.size() && std::isdigit(static_cast<unsigned char>(board[i]))) {
                n = n * 10 + (board[i++] - '0');
                if (n > files) break;  // too long already; stops before an int could overflow
            }
            --i;
            file += n;
            if (file > files) return too_long();
        } else {
            if (file >= files) return too_long();
            const Color c =
                std::isupper(static_cast<unsigned char>(ch)) ? Color::White : Color::Black;
            out.push_back({rank * files + file, c, ch});
            ++file;
        }
    }
    if (rank != 0 || file != files)
        return make_error("the board must have " + std::to_string(ranks) + " ranks of " +
                          std::to_string(files) + " files");
    return out;
}

}  // namespace balance::core
