#include "balance/tournament/pgn.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <vector>

namespace balance::tournament {

namespace {

// PGN knows only decided and drawn games: any other score (a scoring variant's share of the
// points) is written "*" with the score in a WhiteScore tag.
std::string pgn_result(const std::string& result) {
    return result == "1-0" || result == "0-1" || result == "1/2-1/2" ? result : "*";
}

std::string fmt_score(double score) {
    std::ostringstream out;
    out << score;
    return out.str();
}

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

std::string escaped(const std::string& value) {
    std::string out;
    for (const char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

// "2024-06-01T21:05:09Z" -> "2024.06.01".
std::string pgn_date(const std::string& iso) {
    if (iso.size() < 10) return "????.??.??";
    std::string date = iso.substr(0, 10);
    for (char& c : date) {
        if (c == '-') c = '.';
    }
    return date;
}

// SAN movetext with move numbers, wrapped below 80 columns, ending with the result.
Result<std::string> movetext(const GameRow& row, core::Game& game) {
    const auto fields = words(row.start_fen);
    bool white = fields.size() < 2 || fields[1] != "b";
    int number = 1;
    if (fields.size() >= 6) number = std::max(1, std::atoi(fields[5].c_str()));
    std::string out, line;
    auto add = [&](const std::string& token) {
        if (!line.empty() && line.size() + 1 + token.size() > 79) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + token;
    };
    bool first = true;
    for (const auto& uci : words(row.moves)) {
        auto move = game.parse_move(uci);
        if (!move) return make_error(move.error().to_string(), "game " + row.game_key);
        if (white) {
            add(std::to_string(number) + ".");
        } else if (first) {
            add(std::to_string(number) + "...");
        }
        add(game.san(*move));
        game.play(*move);
        if (!white) ++number;
        white = !white;
        first = false;
    }
    add(pgn_result(row.result));
    return out + line + "\n";
}

}  // namespace

std::string plain_fen(const std::string& fen) {
    const auto brace = fen.find(" {");
    return brace == std::string::npos ? fen : fen.substr(0, brace);
}

Result<std::string> format_pgn(const GameRow& row, const core::AnyRules& rules,
                               const std::string& site, const std::string& variant) {
    auto game = core::Game::start(rules, row.start_fen);
    if (!game) return make_error(game.error().to_string(), "game " + row.game_key);
    auto moves = movetext(row, *game);
    if (!moves) return moves.error();
    std::ostringstream out;
    auto tag = [&](const char* name, const std::string& value) {
        out << '[' << name << " \"" << escaped(value) << "\"]\n";
    };
    tag("Event", row.sweep_name);
    tag("Site", site);
    tag("Date", pgn_date(row.finished_at));
    // PGN rounds count from 1; the stored game index counts from 0 (GameKey keeps it exact).
    tag("Round", std::to_string(row.game_index + 1));
    tag("White", row.white_player);
    tag("Black", row.black_player);
    tag("Result", pgn_result(row.result));
    tag("Variant", variant.empty() ? row.variant : variant);
    if (!variant.empty()) tag("VariantFile", row.variant);
    tag("SetUp", "1");
    tag("FEN", plain_fen(row.start_fen));
    tag("WhiteArmy", row.white_army);
    tag("BlackArmy", row.black_army);
    tag("Rules", row.rules);
    tag("Termination", row.termination);
    if (pgn_result(row.result) != row.result) tag("WhiteScore", fmt_score(row.white_score));
    tag("PlyCount", std::to_string(row.plies));
    tag("GameKey", row.game_key);
    out << '\n' << *moves;
    return out.str();
}

}  // namespace balance::tournament
