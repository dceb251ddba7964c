#include "balance/config/fix_edits.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

namespace balance::config {

namespace {

using Board = std::vector<std::string>;  // FEN rows, 8th rank first, one char a square ('.')

// The string value at `path` ("pieces", "unicorn", "betza") of a document, edited in place so
// that its source position (and so the canonical key order) is kept.
toml::value<std::string>* string_at(toml::table& doc, const std::vector<std::string>& path) {
    toml::table* table = &doc;
    for (std::size_t i = 0; i + 1 < path.size(); ++i) {
        table = table ? table->get_as<toml::table>(path[i]) : nullptr;
    }
    return table ? table->get_as<std::string>(path.back()) : nullptr;
}

std::optional<std::int64_t> integer_at(const toml::table& doc, const char* key) {
    if (const auto* value = doc.get_as<std::int64_t>(key)) return value->get();
    return std::nullopt;
}

// ---- Betza ----------------------------------------------------------------------------------

bool is_slider_component(const std::string& component, std::size_t& atom, std::size_t& digits) {
    atom = 0;
    while (atom < component.size() && std::islower(static_cast<unsigned char>(component[atom])))
        ++atom;
    digits = atom + 1;
    const bool rider = digits < component.size() && component[digits] == component[atom];
    if (rider) ++digits;
    const char letter = component[atom];
    return rider || letter == 'R' || letter == 'B' || letter == 'Q';
}

std::string joined_without(const std::vector<std::string>& parts, std::size_t skip) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (i != skip) out += parts[i];
    return out;
}

// An edit that replaces a piece's Betza `before` by `after` (checked when applied, so that a
// second edit of the same piece in a pair meets the first one's result and is refused).
FixEdit betza_edit(const std::string& kind, const std::string& piece, const std::string& before,
                   const std::string& after, const std::string& what) {
    FixEdit edit;
    edit.kind = kind;
    edit.label =
        fmt::format("{}: {} -> {} ({})", piece, before, after.empty() ? "''" : after, what);
    edit.apply = [piece, before, after](toml::table& doc) -> Result<void> {
        auto* betza = string_at(doc, {"pieces", piece, "betza"});
        if (!betza || betza->get() != before) {
            return make_error(
                fmt::format("the {}'s moves were already changed by another edit", piece));
        }
        if (after.empty()) return make_error(fmt::format("the {} would have no moves", piece));
        betza->get() = after;
        return {};
    };
    return edit;
}

void betza_edits(const toml::table& doc, const EditScope& scope, std::vector<FixEdit>& out) {
    const bool remove_add =
        std::find(scope.kinds.begin(), scope.kinds.end(), "betza") != scope.kinds.end();
    const bool ranges =
        std::find(scope.kinds.begin(), scope.kinds.end(), "ranges") != scope.kinds.end();
    const std::int64_t longest =
        std::max(integer_at(doc, "files").value_or(8), integer_at(doc, "ranks").value_or(8)) - 1;
    for (const auto& piece : scope.pieces) {
        auto copy = doc;
        const auto* betza = string_at(copy, {"pieces", piece, "betza"});
        if (!betza) continue;
        const std::string text = betza->get();
        const auto parts = betza_components(text);
        if (parts.empty()) continue;
        if (remove_add) {
            for (std::size_t i = 0; i < parts.size(); ++i)
                out.push_back(betza_edit("betza", piece, text, joined_without(parts, i),
                                         parts[i] + " removed"));
            for (const auto& component : scope.add) {
                if (std::find(parts.begin(), parts.end(), component) != parts.end()) continue;
                // Appended, or put first when appending would join it to the last component
                // ("ifmnD" + "D" reads as the rider "DD").
                std::string added = text + component;
                if (betza_components(added).size() != parts.size() + 1) added = component + text;
                if (betza_components(added).size() != parts.size() + 1) continue;
                out.push_back(betza_edit("betza", piece, text, added, component + " added"));
            }
        }
        if (!ranges) continue;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            std::size_t atom = 0;
            std::size_t digits = 0;
            if (!is_slider_component(parts[i], atom, digits)) continue;
            const std::string head = parts[i].substr(0, digits);
            const std::string number = parts[i].substr(digits);
            if (number.size() > 3) continue;  // no board is that long; the rules will say so
            const std::int64_t range = number.empty() ? 0 : std::stoll(number);
            std::vector<std::pair<std::string, std::string>> steps;  // new component, label
            if (range == 0) {
                if (longest > 1)
                    steps.push_back({head + std::to_string(longest - 1), "range limited"});
            } else {
                if (range > 1) steps.push_back({head + std::to_string(range - 1), "range - 1"});
                steps.push_back(
                    {range + 1 < longest ? head + std::to_string(range + 1) : head, "range + 1"});
            }
            for (const auto& [component, what] : steps) {
                auto changed = parts;
                changed[i] = component;
                out.push_back(betza_edit("ranges", piece, text,
                                         joined_without(changed, parts.size()),
                                         fmt::format("{} {}", parts[i], what)));
            }
        }
    }
}

// ---- Start position -------------------------------------------------------------------------

std::optional<Board> parse_board(const std::string& fen, std::string& rest) {
    const auto space = fen.find(' ');
    rest = space == std::string::npos ? "" : fen.substr(space);
    Board board(1);
    std::size_t run = 0;
    const std::string placement = fen.substr(0, space);
    for (std::size_t i = 0; i <= placement.size(); ++i) {
        const char c = i < placement.size() ? placement[i] : '/';
        if (std::isdigit(static_cast<unsigned char>(c))) {
            run = run * 10 + static_cast<std::size_t>(c - '0');
            continue;
        }
        board.back().append(run, '.');
        run = 0;
        if (c == '/') {
            if (i < placement.size()) board.emplace_back();
        } else if (std::isalpha(static_cast<unsigned char>(c))) {
            board.back() += c;
        } else {
            return std::nullopt;  // holdings, promoted markers: no position edits
        }
    }
    for (const auto& row : board)
        if (row.size() != board.front().size() || row.empty()) return std::nullopt;
    return board;
}

std::string board_text(const Board& board, const std::string& rest) {
    std::string out;
    for (std::size_t r = 0; r < board.size(); ++r) {
        if (r > 0) out += '/';
        std::size_t run = 0;
        for (const char c : board[r]) {
            if (c == '.') {
                ++run;
                continue;
            }
            if (run > 0) out += std::to_string(run);
            run = 0;
            out += c;
        }
        if (run > 0) out += std::to_string(run);
    }
    return out + rest;
}

std::string square_name(const Board& board, std::size_t row, std::size_t file) {
    return fmt::format("{}{}", static_cast<char>('a' + file), board.size() - row);
}

// An edit of the start position: `change` edits the board, the squares it reads must hold what
// they held when the edit was generated.
FixEdit board_edit(const std::string& kind, std::string label,
                   std::vector<std::pair<std::size_t, std::size_t>> squares,
                   std::vector<char> before, std::vector<char> after) {
    FixEdit edit;
    edit.kind = kind;
    edit.label = std::move(label);
    edit.apply = [squares, before, after](toml::table& doc) -> Result<void> {
        auto* fen = string_at(doc, {"start_fen"});
        std::string rest;
        auto board = fen ? parse_board(fen->get(), rest) : std::nullopt;
        if (!board) return make_error("the start position cannot be edited");
        for (std::size_t i = 0; i < squares.size(); ++i) {
            auto& square = (*board)[squares[i].first][squares[i].second];
            if (square != before[i])
                return make_error("the start position was already changed there by another edit");
            square = after[i];
        }
        fen->get() = board_text(*board, rest);
        return {};
    };
    return edit;
}

void position_edits(const toml::table& doc, const EditScope& scope, std::vector<FixEdit>& out) {
    const bool pawns =
        std::find(scope.kinds.begin(), scope.kinds.end(), "pawns") != scope.kinds.end();
    const bool swaps =
        std::find(scope.kinds.begin(), scope.kinds.end(), "swaps") != scope.kinds.end();
    if (!pawns && !swaps) return;
    auto copy = doc;
    const auto* fen = string_at(copy, {"start_fen"});
    std::string rest;
    const auto board = fen ? parse_board(fen->get(), rest) : std::nullopt;
    if (!board || board->size() < 4) return;
    const std::size_t rows = board->size();
    for (int side = 0; side < 2; ++side) {
        const char* colour = side == 0 ? "White" : "Black";
        const auto mine = [&](char c) {
            return c != '.' && (side == 0 ? std::isupper(static_cast<unsigned char>(c)) != 0
                                          : std::islower(static_cast<unsigned char>(c)) != 0);
        };
        const auto row_at = [&](std::size_t step) { return side == 0 ? rows - 1 - step : step; };
        if (pawns && !scope.pawn_letters[side].empty()) {
            const std::string& letters = scope.pawn_letters[side];
            std::optional<std::size_t> pawn_step;
            for (std::size_t step = 0; step < rows / 2 && !pawn_step; ++step) {
                const auto& row = (*board)[row_at(step)];
                if (row.find_first_of(letters) != std::string::npos) pawn_step = step;
            }
            if (pawn_step) {
                const std::size_t r = row_at(*pawn_step);
                const std::string& row = (*board)[r];
                char pawn = letters.front();
                for (std::size_t f = 0; f < row.size(); ++f) {
                    if (letters.find(row[f]) == std::string::npos) continue;
                    pawn = row[f];
                    out.push_back(board_edit(
                        "pawns",
                        fmt::format("{}: pawn on {} removed", colour, square_name(*board, r, f)),
                        {{r, f}}, {row[f]}, {'.'}));
                }
                std::size_t add_row = r;
                if (row.find('.') == std::string::npos && *pawn_step + 1 < (rows + 1) / 2)
                    add_row = row_at(*pawn_step + 1);
                for (std::size_t f = 0; f < row.size(); ++f) {
                    if ((*board)[add_row][f] != '.') continue;
                    out.push_back(board_edit("pawns",
                                             fmt::format("{}: pawn added on {}", colour,
                                                         square_name(*board, add_row, f)),
                                             {{add_row, f}}, {'.'}, {pawn}));
                }
            }
        }
        if (!swaps) continue;
        const std::size_t r = row_at(0);
        const std::string& home = (*board)[r];
        for (std::size_t a = 0; a < home.size(); ++a) {
            for (std::size_t b = a + 1; b < home.size(); ++b) {
                if (!mine(home[a]) || !mine(home[b]) || home[a] == home[b]) continue;
                out.push_back(
                    board_edit("swaps",
                               fmt::format("{}: {} and {} swapped", colour,
                                           square_name(*board, r, a), square_name(*board, r, b)),
                               {{r, a}, {r, b}}, {home[a], home[b]}, {home[b], home[a]}));
            }
        }
    }
}

}  // namespace

std::vector<std::string> betza_components(const std::string& betza) {
    std::vector<std::string> parts;
    std::size_t i = 0;
    while (i < betza.size()) {
        const std::size_t start = i;
        while (i < betza.size() && std::islower(static_cast<unsigned char>(betza[i]))) ++i;
        if (i == betza.size() || !std::isupper(static_cast<unsigned char>(betza[i]))) return {};
        const char atom = betza[i++];
        if (i < betza.size() && betza[i] == atom) ++i;  // WW, FF: riders
        while (i < betza.size() && std::isdigit(static_cast<unsigned char>(betza[i]))) ++i;
        parts.push_back(betza.substr(start, i - start));
    }
    return parts;
}

std::vector<FixEdit> generate_edits(const toml::table& doc, const EditScope& scope) {
    std::vector<FixEdit> out;
    betza_edits(doc, scope, out);
    position_edits(doc, scope, out);
    return out;
}

}  // namespace balance::config
