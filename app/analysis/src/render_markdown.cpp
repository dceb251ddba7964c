// The report as Markdown: headings, pipe tables, and the prose that says how to read them.

#include <sstream>

#include <fmt/format.h>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/render.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/analysis/value_warnings.hpp"
#include "strength_tables.hpp"

namespace balance::analysis {

namespace {

std::string escape_cell(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '|') out += '\\';
        out += c;
    }
    return out;
}

void write_markdown_list(std::ostream& out, const std::vector<std::string>& items) {
    for (const auto& item : items) out << "- " << item << '\n';
    out << '\n';
}

}  // namespace

std::string markdown_table(const DisplayTable& table, const std::string& heading) {
    std::ostringstream out;
    if (!table.title.empty()) out << heading << ' ' << table.title << "\n\n";
    if (!table.caption.empty()) out << table.caption << "\n\n";
    if (!table.header.empty() && !table.rows.empty()) {
        out << '|';
        for (const auto& h : table.header) out << ' ' << escape_cell(h) << " |";
        out << "\n|";
        for (std::size_t i = 0; i < table.header.size(); ++i)
            out << (i < 1 ? " :--- |" : " ---: |");
        out << '\n';
        for (std::size_t r = 0; r < table.rows.size(); ++r) {
            const bool bold = r < table.emphasis.size() && table.emphasis[r];
            out << '|';
            for (const auto& cell : table.rows[r]) {
                if (bold && !cell.empty()) {
                    out << " **" << escape_cell(cell) << "** |";
                } else {
                    out << ' ' << escape_cell(cell) << " |";
                }
            }
            out << '\n';
        }
        out << '\n';
    }
    for (const auto& line : table.lines) out << line << "\n\n";
    return out.str();
}

std::string wrap_markdown(const std::string& text, std::size_t width) {
    std::istringstream in(text);
    std::string out;
    bool code = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("```", 0) == 0) code = !code;
        const bool prose = !code && !line.empty() && line[0] != '|' && line[0] != '#' &&
                           line.rfind("    ", 0) != 0;
        if (!prose || line.size() <= width) {
            out += line + '\n';
            continue;
        }
        const std::string indent = line.rfind("- ", 0) == 0 ? "  " : "";
        std::istringstream words(line);
        std::string current;
        for (std::string word; words >> word;) {
            if (!current.empty() && current.size() + 1 + word.size() > width) {
                out += current + '\n';
                current = indent;
            }
            current += (current.empty() || current == indent ? "" : " ") + word;
        }
        out += current + '\n';
    }
    return out;
}

std::string render_markdown(const ReportData& report, VariantCatalog& catalog) {
    std::ostringstream out;
    out << "# Balance report\n\n";
    out << fmt::format("Database `{}`: {} games in {} cells.\n\n", report.database, report.games,
                       report.cells.size());
    // The verdict first; the run records, which a reader rarely needs, after the numbers.
    out << "## Verdict\n\n" << verdict_caption(report) << "\n\n";
    for (const VerdictBlock& block : verdict_blocks(report)) {
        out << "**" << block.title << "**\n\n";
        for (const SummaryItem* item : block.items)
            out << "- **" << item->headline << ".** " << item->sentence << '\n';
        out << '\n';
    }

    out << "## Balance table (the published table's layout)\n\n";
    const auto seed_tables = seed_layout_tables(report, catalog);
    if (seed_tables.empty()) out << "No pairing of two different armies was played.\n\n";
    for (const auto& table : seed_tables) out << markdown_table(table, "###");

    out << "## Cells (White's view)\n\n";
    out << markdown_table(cells_table(report, catalog), "###");
    out << "### Terminations\n\n";
    out << markdown_table(terminations_table(report, catalog), "####");

    if (!report.points.empty()) {
        out << "## Points (games decided by points): by points and by the board\n\n";
        out << markdown_table(points_table(report, catalog), "###");
        out << "### Series (two games, colours swapped, points summed)\n\n";
        out << markdown_table(series_table(report, catalog), "####");
    }

    out << "## First-move advantage and army strength\n\n";
    for (const auto& table : army_tables(report, catalog)) out << markdown_table(table, "###");

    out << "## Rule effects (against the default rules)\n\n";
    out << markdown_table(rule_effects_table(report, catalog), "###");

    if (!report.strength.empty()) {
        out << "## Balance against player strength\n\n";
        for (const auto& table : strength_tables(report.strength, catalog, report.confidence))
            out << markdown_table(table, "###");
    }

    if (!report.head_to_head.empty()) {
        out << "## Players head to head\n\n";
        out << markdown_table(head_to_head_table(report), "###");
    }

    if (!report.player_scales.empty()) {
        out << "## Players on one Elo scale\n\n";
        out << markdown_table(player_scale_table(report), "###");
    }

    out << "## Engine failures\n\n";
    out << markdown_table(failures_table(report), "###");

    if (!report.values.empty()) {
        out << "## Piece values (fitted from game outcomes)\n\n";
        for (const VariantValues& v : report.values) {
            if (v.fit) {
                if (const std::string warning = value_warning_text(*v.fit); !warning.empty())
                    out << "**" << v.title() << ".** " << warning << "\n\n";
                out << markdown_table(
                    values_methods_table(*v.fit, v.regression, v.odds_starts, v.title()), "###");
                out << markdown_table(values_table(*v.fit, v.data, v.title() + ": details"), "###");
            } else {
                out << "### " << v.title() << "\n\nNot fitted: " << v.error << "\n\n";
            }
        }
    }

    out << "## Runs\n\n" << runs_phrase(report) << ":\n\n";
    write_markdown_list(out, run_lines(report));

    if (!report.notes.empty()) {
        out << "## Notes\n\n";
        write_markdown_list(out, report.notes);
    }
    out << "## How to read this report\n\n";
    write_markdown_list(out, reading_guide(report));
    out << "## Methods\n\n";
    write_markdown_list(out, method_lines(report));
    return out.str();
}

}  // namespace balance::analysis
