#include "piece_boards_html.hpp"

#include <fmt/format.h>

#include "balance/analysis/svg_charts.hpp"
#include "balance/core/piece_diagram.hpp"

namespace balance::analysis {

const char* const kPieceBoardStyle = R"(
div.pieces { display: flex; flex-wrap: wrap; gap: 1.2em; }
figure.piece { margin: 0; } figure.piece figcaption { font-size: 0.85em; max-width: 22em; }
table.board { border-collapse: collapse; margin: 0.3em 0; }
table.board td { width: 1.15em; height: 1.15em; padding: 0; border: none; text-align: center;
                 font-size: 0.8em; line-height: 1; }
table.board td.l { background: #f0d9b5; } table.board td.d { background: #b58863; }
table.board td.from { font-weight: bold; color: #000; background: #ffd84d; }
table.board td.both::after { content: "\25CF"; color: #1b5e20; }
table.board td.move::after { content: "\25CB"; color: #1b5e20; }
table.board td.capture::after { content: "\2715"; color: #b71c1c; }
table.board td.shot::after { content: "!"; color: #b71c1c; font-weight: bold; }
)";

namespace {

// The class of a square: what the piece may do there.
const char* reach_class(unsigned reach) {
    if (reach & core::ReachShot) return "shot";
    if ((reach & core::ReachMove) && (reach & core::ReachCapture)) return "both";
    if (reach & core::ReachMove) return "move";
    if (reach & core::ReachCapture) return "capture";
    return "";
}

std::string board_html(const core::PieceDiagram& d, const core::PieceBoard& board) {
    std::string out = "<table class=\"board\">";
    for (int rank = d.ranks - 1; rank >= 0; --rank) {
        out += "<tr>";
        for (int file = 0; file < d.files; ++file) {
            const int sq = file + rank * d.files;
            const char* shade = (file + rank) % 2 == 1 ? "l" : "d";
            if (sq == board.from) {
                out += fmt::format("<td class=\"{} from\">{}</td>", shade, d.letter);
                continue;
            }
            const char* reach = reach_class(board.reach[static_cast<std::size_t>(sq)]);
            out += fmt::format("<td class=\"{}{}{}\"></td>", shade, *reach ? " " : "", reach);
        }
        out += "</tr>";
    }
    return out + "</table>";
}

}  // namespace

std::string piece_boards_html(const core::VariantSpec& spec) {
    std::string out = "<div class=\"pieces\">\n";
    for (const core::PieceSpec& piece : spec.pieces) {
        auto drawn = core::piece_diagram(spec, piece);
        if (!drawn) {
            out += fmt::format("<p>{}: {}</p>\n", xml_escape(piece.name),
                               xml_escape(drawn.error().message));
            continue;
        }
        if (!*drawn) continue;  // in no army
        const core::PieceDiagram& d = **drawn;
        for (const core::PieceBoard& board : d.boards) {
            const std::string square = fmt::format(
                "{}{}", static_cast<char>('a' + board.from % d.files), board.from / d.files + 1);
            out += fmt::format(
                "<figure class=\"piece\">{}<figcaption><b>{}</b> ({}), {} on {}{}: {} to move "
                "to, {} to capture on{}</figcaption></figure>\n",
                board_html(d, board), xml_escape(d.piece), xml_escape(d.moves_text),
                xml_escape(d.army), square,
                d.boards.size() > 1 ? (board.light ? ", a light square" : ", a dark square") : "",
                board.moves, board.captures,
                d.chiral ? "; chiral: the other side's turns the same way" : "");
        }
    }
    out +=
        "</div>\n<p class=\"caption\">\u25CF moves or captures, \u25CB moves only, \u2715 "
        "captures only, ! captures without moving (a shot)</p>\n";
    return out;
}

}  // namespace balance::analysis
