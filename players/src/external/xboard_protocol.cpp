#include "external/xboard_protocol.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <limits>

#include "balance/players/external/uci_protocol.hpp"  // split_words

namespace balance::players::external {
namespace {

bool starts_with(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

std::optional<long long> to_ll(std::string_view text) {
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

bool is_result(std::string_view word) {
    return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*";
}

}  // namespace

std::vector<std::pair<std::string, std::string>> parse_features(std::string_view line) {
    std::vector<std::pair<std::string, std::string>> features;
    if (!starts_with(line, "feature")) return features;
    std::size_t i = 7;
    while (i < line.size()) {
        while (i < line.size() && line[i] == ' ') ++i;
        const std::size_t key_start = i;
        while (i < line.size() && line[i] != '=' && line[i] != ' ') ++i;
        if (i >= line.size() || line[i] != '=') break;  // "key" without "=value": malformed
        std::string key(line.substr(key_start, i - key_start));
        ++i;
        std::string value;
        if (i < line.size() && line[i] == '"') {  // quoted: up to the closing quote
            const std::size_t close = line.find('"', i + 1);
            const std::size_t end = close == std::string_view::npos ? line.size() : close;
            value = line.substr(i + 1, end - i - 1);
            i = end + 1;
        } else {
            const std::size_t start = i;
            while (i < line.size() && line[i] != ' ') ++i;
            value = line.substr(start, i - start);
        }
        features.emplace_back(std::move(key), std::move(value));
    }
    return features;
}

XboardLine classify_xboard_line(std::string_view line) {
    auto make = [](XboardLineKind kind, std::string_view text) {
        return XboardLine{kind, std::string(text)};
    };
    const auto words = split_words(line);
    if (words.empty()) return make(XboardLineKind::Ignored, "");
    const std::string_view first = words[0];
    if (first == "move" && words.size() >= 2) return make(XboardLineKind::Move, words[1]);
    // Protocol version 1 engines: "My move is: e2e4" (also seen without the colon).
    if ((first == "My" || first == "my") && words.size() >= 4 && words[1] == "move" &&
        (words[2] == "is:" || words[2] == "is")) {
        return make(XboardLineKind::Move, words[3]);
    }
    if (first == "pong") return make(XboardLineKind::Pong, words.size() >= 2 ? words[1] : "");
    if (first == "feature") return make(XboardLineKind::Feature, line);
    if (starts_with(line, "Illegal move")) return make(XboardLineKind::IllegalMove, line);
    if (starts_with(line, "Error") || first == "tellusererror") {
        return make(XboardLineKind::Error, line);
    }
    if (first == "resign") return make(XboardLineKind::Resign, line);
    if (is_result(first)) return make(XboardLineKind::Result, line);
    if (parse_thinking(line)) return make(XboardLineKind::Thinking, line);
    if (first.front() == '#' || starts_with(first, "tell") || first == "askuser" ||
        first == "offer" || first == "Hint:" || first == "hint" || first == "setup" ||
        first == "piece" || first == "highlight" || first == "click") {
        return make(XboardLineKind::Ignored, line);
    }
    return make(XboardLineKind::Garbage, line);
}

std::optional<SearchInfo> parse_thinking(std::string_view line) {
    const auto words = split_words(line);
    if (words.size() < 4) return std::nullopt;
    std::string_view ply = words[0];
    // Some engines mark fail-highs/lows or partial iterations after the ply number ("12&", "7.").
    while (!ply.empty() && !std::isdigit(static_cast<unsigned char>(ply.back()))) {
        ply.remove_suffix(1);
    }
    const auto depth = to_ll(ply);
    const auto score = to_ll(words[1]);
    const auto centis = to_ll(words[2]);
    const auto nodes = to_ll(words[3]);
    if (!depth || !score || !centis || !nodes || *nodes < 0) return std::nullopt;
    SearchInfo info;
    info.depth = static_cast<int>(*depth);
    if (std::llabs(*score) > 100000) {
        info.score_mate = static_cast<int>(*score > 0 ? *score - 100000 : *score + 100000);
    } else {
        info.score_cp = static_cast<int>(*score);
    }
    info.nodes = static_cast<std::uint64_t>(*nodes);
    // An absurd node count (found by fuzz_engine_output) would overflow nodes * 100: no nps then.
    if (*centis > 0 && *nodes <= std::numeric_limits<long long>::max() / 100)
        info.nps = static_cast<std::uint64_t>(*nodes * 100 / *centis);
    for (std::size_t i = 4; i < words.size(); ++i) info.pv.emplace_back(words[i]);
    return info;
}

Result<Placement> parse_placement(std::string_view fen) {
    const std::string_view board = fen.substr(0, fen.find(' '));
    auto bad = [&](const std::string& why) {
        return make_error("bad FEN piece placement: " + why, "FEN '" + std::string(fen) + "'");
    };
    Placement placement;
    std::vector<std::vector<PlacedPiece>> rows(1);
    std::vector<int> widths(1, 0);
    for (std::size_t i = 0; i < board.size(); ++i) {
        const char c = board[i];
        if (c == '/') {
            rows.emplace_back();
            widths.push_back(0);
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t end = i;
            while (end < board.size() && std::isdigit(static_cast<unsigned char>(board[end]))) {
                ++end;
            }
            const auto empties = to_ll(board.substr(i, end - i));
            if (!empties || *empties < 1 || *empties > 16) return bad("empty-square count");
            widths.back() += static_cast<int>(*empties);
            i = end - 1;
        } else if (std::isalpha(static_cast<unsigned char>(c))) {
            rows.back().push_back(PlacedPiece{c, widths.back(), 0});
            ++widths.back();
        } else {
            return bad(std::string("unexpected character '") + c + "'");
        }
    }
    placement.files = widths.front();
    placement.ranks = static_cast<int>(rows.size());
    if (placement.files < 1 || placement.files > 16) return bad("width must be 1 to 16 files");
    if (placement.ranks > 16) return bad("at most 16 ranks");
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (widths[r] != placement.files) return bad("ranks of different widths");
        for (auto& piece : rows[r]) {
            piece.rank = placement.ranks - 1 - static_cast<int>(r);  // FEN lists the top first
            placement.pieces.push_back(piece);
        }
    }
    return placement;
}

std::string square_name(int file, int rank, int first_rank) {
    std::string name(1, static_cast<char>('a' + file));
    name.append(std::to_string(rank + first_rank));
    return name;
}

std::string shift_ranks(std::string_view move, int by) {
    if (by == 0) return std::string(move);
    std::string out;
    std::size_t i = 0;
    while (i < move.size()) {
        const char c = move[i];
        out.push_back(c);
        ++i;
        if (c < 'a' || c > 'z') continue;
        std::size_t end = i;
        while (end < move.size() && std::isdigit(static_cast<unsigned char>(move[end]))) ++end;
        if (end == i) continue;
        const auto rank = to_ll(move.substr(i, end - i));
        // A rank no board has (an engine's garbage) stays as it is, for the error to quote.
        if (!rank || *rank > 99) {
            out.append(move.substr(i, end - i));
        } else {
            out.append(std::to_string(*rank + by));
        }
        i = end;
    }
    return out;
}

std::vector<std::string> edit_commands(const Placement& placement, int first_rank) {
    std::vector<std::string> commands{"#"};
    for (const bool white : {true, false}) {
        if (!white) commands.emplace_back("c");
        for (const auto& piece : placement.pieces) {
            if (piece.white() != white) continue;
            const char upper =
                static_cast<char>(std::toupper(static_cast<unsigned char>(piece.letter)));
            std::string command(1, upper);
            command.append(square_name(piece.file, piece.rank, first_rank));
            commands.push_back(std::move(command));
        }
    }
    return commands;
}

}  // namespace balance::players::external
