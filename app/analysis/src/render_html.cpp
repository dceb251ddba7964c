// The report as one self-contained HTML file: the tables of the Markdown report plus inline SVG
// charts (scores per pairing and rule set, army strengths, rule effects, piece values). No
// script, no external font, stylesheet or image, so it opens offline and archives as one file.
// The markup is well-formed XML (void elements self-closed, everything escaped).

#include <algorithm>
#include <cmath>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/analysis/value_warnings.hpp"
#include "piece_boards_html.hpp"
#include "strength_tables.hpp"

namespace balance::analysis {

namespace {

constexpr const char* kStyle = R"(
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto;
       max-width: 1100px; color: #222; line-height: 1.45; padding: 0 1em; }
h1 { font-size: 1.7em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { margin-top: 1.4em; font-size: 1.1em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.88em; }
th, td { border: 1px solid #d6d6d6; padding: 3px 7px; text-align: right; white-space: nowrap; }
th { white-space: normal; }
td.words { white-space: normal; text-align: left; min-width: 8em; }
td:has(span.estimate) { white-space: normal; }
th { background: #eef1f6; } td:first-child, th:first-child { text-align: left; }
tr.pooled td { font-weight: bold; background: #f6f8fc; }
p.caption { color: #555; font-size: 0.9em; }
svg.chart { display: block; margin: 1em 0; background: #fff; border: 1px solid #e2e2e2; }
nav a { margin-right: 1em; }
section#verdict { background: #f3f7f2; border-left: 4px solid #5a9a5a; padding: 0.2em 1.2em 0.6em;
                  margin: 1em 0 1.5em; }
section#verdict h2 { border-bottom: none; margin-top: 0.6em; }
section#verdict li { margin: 0.35em 0; }
details summary { cursor: pointer; }
.scroll { overflow-x: auto; }
input.columns { margin: 0 0.4em 0 0; } label.columns { font-size: 0.85em; color: #555; }
input.columns:not(:checked) + label + div .same { display: none; }
p.warning { background: #fdf3e7; border-left: 4px solid #d08a2c; padding: 0.4em 0.8em; }
)";

// A cell's text. An estimate with its interval ("+1.3 pp [-8.3, +10.9] pp") may break before
// the interval and nowhere else, so that a table of several such columns fits the page.
std::string table_cell_html(const std::string& text) {
    const auto bracket = text.find(" [");
    if (bracket == std::string::npos) return xml_escape(text);
    const auto unbroken = [](const std::string& part) {
        std::string out;
        for (const char c : xml_escape(part))
            out += c == ' ' ? std::string("\xC2\xA0") : std::string(1, c);
        return out;
    };
    return "<span class=\"estimate\">" + unbroken(text.substr(0, bracket)) + "</span> " +
           unbroken(text.substr(bracket + 1));
}

void write_table(std::ostream& out, const DisplayTable& table) {
    if (!table.title.empty()) out << "<h3>" << xml_escape(table.title) << "</h3>\n";
    if (!table.caption.empty())
        out << "<p class=\"caption\">" << xml_escape(table.caption) << "</p>\n";
    if (!table.header.empty() && !table.rows.empty()) {
        // Label columns with one value in every row (the variant, the rules, the players of a
        // one-sweep report) say nothing a row needs and push the table past the page: they
        // are hidden behind a checkbox (CSS alone, the page has no script). Numbers stay.
        std::vector<bool> same(table.header.size(), table.rows.size() > 1);
        same[0] = false;
        std::vector<std::string> hidden;
        for (std::size_t c = 1; c < table.header.size(); ++c) {
            for (const auto& row : table.rows)
                if (c >= row.size() || row[c] != table.rows.front()[c] ||
                    row[c].find_first_of("0123456789") != std::string::npos)
                    same[c] = false;
            if (same[c]) hidden.push_back(table.header[c]);
        }
        if (!hidden.empty()) {
            const std::string id = fmt::format("columns-{}", static_cast<long long>(out.tellp()));
            std::string names;
            for (const auto& name : hidden) names += (names.empty() ? "" : ", ") + name;
            out << "<input type=\"checkbox\" class=\"columns\" id=\"" << id
                << "\"/><label class=\"columns\" for=\"" << id << "\">show the columns every row "
                << "shares (" << xml_escape(names) << ")</label>\n";
        }
        // Columns of words (a verdict in plain words) wrap, so that the table fits the page;
        // numbers and labels stay on one line.
        std::vector<bool> words(table.header.size(), false);
        for (const auto& row : table.rows)
            for (std::size_t c = 1; c < row.size() && c < words.size(); ++c)
                if (std::count(row[c].begin(), row[c].end(), ' ') >= 3 &&
                    row[c].find('[') == std::string::npos)
                    words[c] = true;
        const auto cell_tag = [&](const char* tag, std::size_t c) {
            std::string classes;
            if (c < same.size() && same[c]) classes = "same";
            if (c < words.size() && words[c]) classes += classes.empty() ? "words" : " words";
            return classes.empty() ? fmt::format("<{}>", tag)
                                   : fmt::format("<{} class=\"{}\">", tag, classes);
        };
        out << "<div class=\"scroll\"><table>\n<tr>";
        for (std::size_t c = 0; c < table.header.size(); ++c)
            out << cell_tag("th", c) << xml_escape(table.header[c]) << "</th>";
        out << "</tr>\n";
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            const bool pooled = r < table.emphasis.size() && table.emphasis[r];
            out << (pooled ? "<tr class=\"pooled\">" : "<tr>");
            for (std::size_t c = 0; c < table.rows[r].size(); ++c)
                out << cell_tag("td", c) << table_cell_html(table.rows[r][c]) << "</td>";
            out << "</tr>\n";
        }
        out << "</table></div>\n";
    }
    for (const auto& line : table.lines) out << "<p>" << xml_escape(line) << "</p>\n";
}

// Escaped, with `code spans` (the lines are shared with the Markdown report) as <code>.
std::string html_with_code(const std::string& text) {
    const std::string escaped = xml_escape(text);
    std::string out;
    bool open = false;
    for (const char c : escaped) {
        if (c == '`') {
            out += open ? "</code>" : "<code>";
            open = !open;
        } else {
            out += c;
        }
    }
    if (open) out += "</code>";
    return out;
}

void write_html_list(std::ostream& out, const std::vector<std::string>& items) {
    out << "<ul>\n";
    for (const auto& item : items) out << "<li>" << html_with_code(item) << "</li>\n";
    out << "</ul>\n";
}

// The verdict, before any table: each item's numbers in bold, then its sentence.
void write_verdict(std::ostream& out, const ReportData& report) {
    out << "<section id=\"verdict\">\n<h2>Verdict</h2>\n<p class=\"caption\">"
        << xml_escape(verdict_caption(report)) << "</p>\n";
    for (const VerdictBlock& block : verdict_blocks(report)) {
        out << "<h3>" << xml_escape(block.title) << "</h3>\n<ul>\n";
        for (const SummaryItem* item : block.items) {
            out << "<li><strong>" << xml_escape(item->headline) << ".</strong> "
                << xml_escape(item->sentence) << "</li>\n";
        }
        out << "</ul>\n";
    }
    out << "</section>\n";
}

ForestRow summary_row(const std::string& label, const ScoreSummary& s,
                      std::optional<double> reference, bool emphasis) {
    return ForestRow{label,     s.score.estimate, s.score.lower, s.score.upper,
                     reference, emphasis,         false,         std::nullopt};
}

ForestRow heading(const std::string& label) {
    ForestRow row;
    row.label = label;
    row.heading = true;
    return row;
}

// A chart axis without a marker line (the charts above the values chart have none).
ForestAxis axis(double null_value, ForestAxis::Scale scale, std::string label,
                std::string reference_label, int decimals = 2) {
    ForestAxis a;
    a.null_value = null_value;
    a.scale = scale;
    a.label = std::move(label);
    a.reference_label = std::move(reference_label);
    a.decimals = decimals;
    return a;
}

std::string score_chart(const ReportData& report, VariantCatalog& catalog) {
    std::vector<ForestRow> rows;
    std::string group;
    for (const PairSummary& pair : report.pairs) {
        const std::string title =
            fmt::format("{}, {}, {}", pair.variant, rules_label(pair.rules), pair.players_label());
        if (title != group) rows.push_back(heading(group = title));
        const std::string x = catalog.display_name(pair.variant, pair.x);
        const std::string y = catalog.display_name(pair.variant, pair.y);
        const auto& ref = pair.reference;
        // Whose score a row is, as the table's suffix says: always the first-named army's.
        const std::string whose = " (" + score_owner(x) + ")";
        if (pair.x_white)
            rows.push_back(summary_row(x + "-" + y + whose, *pair.x_white,
                                       ref ? std::optional(ref->x_white_score) : std::nullopt,
                                       false));
        if (pair.x_black)
            rows.push_back(summary_row(y + "-" + x + whose, *pair.x_black,
                                       ref ? std::optional(ref->x_black_score) : std::nullopt,
                                       false));
        if (pair.pooled)
            rows.push_back(summary_row(x + " = " + y + whose, *pair.pooled,
                                       ref ? std::optional(ref->pooled_score) : std::nullopt,
                                       true));
    }
    group.clear();
    for (const CellRow& cell : report.cells) {
        const CellId& id = cell.tally.id;
        if (id.white != id.black || !cell.white) continue;
        const std::string title = fmt::format("{}, {}, {}: same army (White's score)", id.variant,
                                              rules_label(id.rules), players_label(id));
        if (title != group) rows.push_back(heading(group = title));
        rows.push_back(summary_row(cell_label(catalog, id.variant, id.white, id.black) + " (White)",
                                   *cell.white, std::nullopt, false));
    }
    if (rows.empty()) return "";
    return forest_plot(
        "forest-scores",
        fmt::format("Score of the first-named army per pairing and rule set, {} intervals",
                    confidence_label(report.confidence)),
        rows,
        axis(0.5, ForestAxis::Scale::Percent, "score of the first-named army (X-Y: X has White)",
             "the published table's numbers"));
}

std::string army_chart(const ReportData& report, VariantCatalog& catalog) {
    std::vector<ForestRow> rows;
    for (const ArmyFit& fit : report.armies) {
        if (!fit.ok()) continue;
        rows.push_back(heading(
            fmt::format("{}, {}, {}", fit.variant, rules_label(fit.rules), fit.players_label())));
        for (const ArmyRating& r : fit.armies) {
            rows.push_back(ForestRow{catalog.display_name(fit.variant, r.army), r.elo.estimate,
                                     r.elo.lower, r.elo.upper, std::nullopt, false, false,
                                     std::nullopt});
        }
        const auto& w = fit.white_advantage_elo;
        rows.push_back(ForestRow{"White advantage (first move)", w.estimate, w.lower, w.upper,
                                 std::nullopt, true, false, std::nullopt});
    }
    if (rows.empty()) return "";
    return forest_plot("army-ratings",
                       "Army strength and White advantage (Bradley-Terry-Davidson fit)", rows,
                       axis(0.0, ForestAxis::Scale::Number,
                            "Elo on the win/loss-odds scale (armies: vs the average army)", "", 0));
}

std::string effect_chart(const ReportData& report, VariantCatalog& catalog, bool draws) {
    std::vector<ForestRow> rows;
    std::string group;
    for (const RuleEffect& e : report.rule_effects) {
        const std::string title = fmt::format("{}: {} ({})", e.variant, e.rules, e.players_label());
        if (title != group) rows.push_back(heading(group = title));
        const auto& m = draws ? e.draw_rate.change : e.score.change;
        rows.push_back(ForestRow{e.pooled ? fmt::format("all {} pairings", e.pairings)
                                          : cell_label(catalog, e.variant, e.white, e.black),
                                 m.estimate, m.lower, m.upper, std::nullopt, e.pooled, false,
                                 std::nullopt});
    }
    if (rows.empty()) return "";
    return forest_plot(draws ? "rule-effects-draws" : "rule-effects-score",
                       draws ? "Rule effect on the draw rate (rule minus default rules)"
                             : "Rule effect on White's score (rule minus default rules)",
                       rows,
                       axis(0.0, ForestAxis::Scale::PercentPoints,
                            draws ? "change in draw rate, percentage points"
                                  : "change in White's score, percentage points",
                            ""));
}

std::string values_chart(const VariantValues& v) {
    std::vector<ForestRow> rows;
    for (const PieceValueRow& row : v.fit->rows) {
        if (!row.identified) continue;
        const stats::Interval& shown = shown_value_interval(row);
        ForestRow chart_row{fmt::format("{} ({})", row.piece, row.armies),
                            row.value.value,
                            shown.lower,
                            shown.upper,
                            row.documented,
                            row.piece == v.fit->normalize,
                            false,
                            row.published};
        rows.push_back(std::move(chart_row));
    }
    if (rows.empty()) return "";
    // The axis follows the estimates and the documented values, half their span beyond: an
    // interval a hundred times wider (a unit barely determined) would flatten every estimate
    // onto the zero line. Longer intervals end in an arrow, their numbers printed beside.
    double low = std::min(0.0, v.fit->unit_value), high = std::max(0.0, v.fit->unit_value);
    for (const ForestRow& row : rows) {
        for (const std::optional<double> point :
             {std::optional<double>(row.estimate), row.reference, row.published}) {
            if (!point || !std::isfinite(*point)) continue;
            low = std::min(low, *point);
            high = std::max(high, *point);
        }
    }
    const double margin = 0.5 * (high - low);
    return forest_plot(
        "piece-values-" + v.variant + (v.player.empty() ? "" : "-" + v.player),
        fmt::format("{}: fitted piece values ({} = {:g}) against the documented{} ones", v.title(),
                    v.fit->normalize, v.fit->unit_value,
                    v.fit->published_source.empty() ? "" : " and published"),
        rows,
        ForestAxis{
            .null_value = 0.0,
            .scale = ForestAxis::Scale::Number,
            .label = "value",
            .reference_label = "documented value (variant file)",
            .decimals = 2,
            .marker = v.fit->unit_value,
            .marker_label = fmt::format("one {} = {:g}", v.fit->normalize, v.fit->unit_value),
            .published_label = v.fit->published_source.empty() ? "" : "published value",
            .band = std::nullopt,
            .band_label = {},
            .clip = std::pair{low - margin, high + margin}});
}

// The variants of the report's cells, in the order they first appear.
std::vector<std::string> variants_of(const ReportData& report) {
    std::vector<std::string> out;
    for (const CellRow& row : report.cells) {
        const std::string& v = row.tally.id.variant;
        if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    return out;
}

// The title, the store's size, the verdict and the page's table of contents.
void write_front(std::ostream& out, const ReportData& report) {
    out << "<h1>Balance report</h1>\n";
    out << "<p>Database <code>" << xml_escape(report.database) << "</code>: " << report.games
        << " games in " << report.cells.size() << " cells.</p>\n";
    write_verdict(out, report);
    out << "<nav><a href=\"#balance\">balance table</a><a href=\"#charts\">scores chart</a>"
        << "<a href=\"#cells\">cells</a>"
        << (report.points.empty() ? "" : "<a href=\"#points\">points</a>")
        << "<a href=\"#armies\">armies</a>"
        << "<a href=\"#rules\">rule effects</a>"
        << (report.strength.empty() ? "" : "<a href=\"#strength\">strength</a>")
        << "<a href=\"#failures\">failures</a>"
        << (report.values.empty() ? "" : "<a href=\"#values\">piece values</a>")
        << "<a href=\"#pieces\">pieces</a><a href=\"#runs\">runs</a>"
        << "<a href=\"#reading\">how to read</a></nav>\n";
}

// The balance table, the cells, points, armies and rule effects.
void write_balance_sections(std::ostream& out, const ReportData& report, VariantCatalog& catalog) {
    out << "<section id=\"balance\">\n<h2>Balance table (the published table's layout)</h2>\n";
    for (const auto& table : seed_layout_tables(report, catalog)) write_table(out, table);
    out << "</section>\n<section id=\"charts\">\n<h2>Scores with intervals</h2>\n"
        << score_chart(report, catalog) << "</section>\n";

    out << "<section id=\"cells\">\n<h2>Cells (White's view)</h2>\n";
    write_table(out, cells_table(report, catalog));
    out << "<h3>Terminations</h3>\n";
    write_table(out, terminations_table(report, catalog));
    out << "</section>\n";

    if (!report.points.empty()) {
        out << "<section id=\"points\">\n<h2>Points (games decided by points): by points and "
               "by the board</h2>\n";
        write_table(out, points_table(report, catalog));
        out << "<h3>Series (two games, colours swapped, points summed)</h3>\n";
        write_table(out, series_table(report, catalog));
        out << "</section>\n";
    }

    out << "<section id=\"armies\">\n<h2>First-move advantage and army strength</h2>\n";
    for (const auto& table : army_tables(report, catalog)) write_table(out, table);
    out << army_chart(report, catalog) << "</section>\n";

    out << "<section id=\"rules\">\n<h2>Rule effects (against the default rules)</h2>\n";
    write_table(out, rule_effects_table(report, catalog));
    out << effect_chart(report, catalog, false) << effect_chart(report, catalog, true)
        << "</section>\n";
}

// Balance against player strength: a chart per ladder, then the tables.
void write_strength_section(std::ostream& out, const ReportData& report, VariantCatalog& catalog) {
    if (report.strength.empty()) return;
    out << "<section id=\"strength\">\n<h2>Balance against player strength</h2>\n";
    int chart = 0;
    for (const StrengthLadder& ladder : report.strength.ladders) {
        out << strength_chart(
            fmt::format("strength-{}", chart++),
            fmt::format("{}, {}: X's score (X = Y) against {} ({})", ladder.variant,
                        rules_label(ladder.rules), ladder.limit, ladder.player),
            limit_phrase(ladder.limit), ladder.values, strength_series(ladder, catalog));
    }
    for (const auto& table : strength_tables(report.strength, catalog, report.confidence))
        write_table(out, table);
    out << "</section>\n";
}

// The piece values of each variant: methods, chart and details, or why there is no fit.
void write_values_section(std::ostream& out, const ReportData& report) {
    if (report.values.empty()) return;
    out << "<section id=\"values\">\n<h2>Piece values</h2>\n";
    for (const VariantValues& v : report.values) {
        if (!v.fit) {
            out << "<h3>" << xml_escape(v.title())
                << "</h3>\n<p>Not fitted: " << xml_escape(v.error) << "</p>\n";
            continue;
        }
        if (const std::string warning = value_warning_text(*v.fit); !warning.empty())
            out << "<p class=\"warning\"><strong>" << xml_escape(v.title()) << ".</strong> "
                << xml_escape(warning) << "</p>\n";
        write_table(out, values_methods_table(*v.fit, v.regression, v.odds_starts, v.title()));
        out << values_chart(v);
        write_table(out, values_table(*v.fit, v.data, v.title() + ": details"));
    }
    out << "</section>\n";
}

// Each variant's pieces drawn on an empty board.
void write_pieces_section(std::ostream& out, const ReportData& report, VariantCatalog& catalog) {
    out << "<section id=\"pieces\">\n<h2>Pieces</h2>\n<p class=\"caption\">Each piece's moves "
           "from a central square of an empty board, as the rules compiled them "
           "(<code>balance pieces</code> draws the same in text).</p>\n";
    for (const std::string& variant : variants_of(report)) {
        auto spec = catalog.spec(variant);
        if (!spec) continue;
        out << "<details><summary>" << xml_escape(variant) << "</summary>\n"
            << piece_boards_html(**spec) << "</details>\n";
    }
    out << "</section>\n";
}

// Runs, notes and how to read the report.
void write_closing_sections(std::ostream& out, const ReportData& report) {
    // Run records are for provenance, not for reading: folded.
    out << "<section id=\"runs\">\n<h2>Runs</h2>\n<details><summary>"
        << xml_escape(runs_phrase(report)) << "</summary>\n";
    write_html_list(out, run_lines(report));
    out << "</details>\n</section>\n";
    if (!report.notes.empty()) {
        out << "<section id=\"notes\">\n<h2>Notes</h2>\n";
        write_html_list(out, report.notes);
        out << "</section>\n";
    }
    out << "<section id=\"reading\">\n<h2>How to read this report</h2>\n";
    write_html_list(out, reading_guide(report));
    out << "<h2>Methods</h2>\n";
    write_html_list(out, method_lines(report));
    out << "</section>\n";
}

}  // namespace

std::string html_report_style() {
    return std::string(kStyle) + kPieceBoardStyle;
}

std::string render_html(const ReportData& report, VariantCatalog& catalog) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
           "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
           "<title>Balance report</title>\n<style>" +
           html_report_style() + "</style>\n</head>\n<body>\n" + render_html_body(report, catalog) +
           "</body>\n</html>\n";
}

std::string render_html_body(const ReportData& report, VariantCatalog& catalog) {
    std::ostringstream out;
    write_front(out, report);
    write_balance_sections(out, report, catalog);
    write_strength_section(out, report, catalog);
    if (!report.head_to_head.empty()) {
        out << "<section id=\"players\">\n<h2>Players head to head</h2>\n";
        write_table(out, head_to_head_table(report));
        out << "</section>\n";
    }

    if (!report.player_scales.empty()) {
        out << "<section id=\"scale\">\n<h2>Players on one Elo scale</h2>\n";
        write_table(out, player_scale_table(report));
        out << "</section>\n";
    }

    out << "<section id=\"failures\">\n<h2>Engine failures</h2>\n";
    write_table(out, failures_table(report));
    out << "</section>\n";

    write_values_section(out, report);
    write_pieces_section(out, report, catalog);
    write_closing_sections(out, report);
    return out.str();
}

}  // namespace balance::analysis
