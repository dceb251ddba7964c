#pragma once
// The report's tables as rows of text, shared by the Markdown and HTML renderers (which differ
// only in markup). Column choices and wording live here, once.

#include <string>
#include <vector>

#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/analysis/variant_catalog.hpp"

namespace balance::analysis {

struct DisplayTable {
    std::string title;    // sub-heading; empty for none
    std::string caption;  // one sentence under the heading
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<bool> emphasis;      // per row: pooled rows are printed in bold
    std::vector<std::string> lines;  // sentences printed after the table
};

// Removes column `column` when no row has anything in it (a reference column of a variant the
// seed published no numbers for).
void drop_empty_column(DisplayTable& table, std::size_t column);

// The seed's layout, one table per (variant, rules, players): X-Y, Y-X and the pooled X = Y,
// with the seed's Fairy-Max numbers beside ours where the seed published them.
[[nodiscard]] std::vector<DisplayTable> seed_layout_tables(const ReportData& report,
                                                           VariantCatalog& catalog);
[[nodiscard]] DisplayTable cells_table(const ReportData& report, VariantCatalog& catalog);
[[nodiscard]] DisplayTable terminations_table(const ReportData& report, VariantCatalog& catalog);
[[nodiscard]] std::vector<DisplayTable> army_tables(const ReportData& report,
                                                    VariantCatalog& catalog);
[[nodiscard]] DisplayTable rule_effects_table(const ReportData& report, VariantCatalog& catalog);
[[nodiscard]] DisplayTable failures_table(const ReportData& report);
// Points variants (points_report.hpp): the result by points beside the board's, per cell, and
// the series (two games, colours swapped, points summed). Empty rows when no game has points.
[[nodiscard]] DisplayTable points_table(const ReportData& report, VariantCatalog& catalog);
[[nodiscard]] DisplayTable series_table(const ReportData& report, VariantCatalog& catalog);
// Player against player, pooled over armies and colours; empty rows when no two different
// players met.
[[nodiscard]] DisplayTable head_to_head_table(const ReportData& report);
// The players that met, on one Elo scale per variant and rules (player_scale.hpp).
[[nodiscard]] DisplayTable player_scale_table(const ReportData& report);
// `title`: the variant and the rule sets the games were played under.
// The methods side by side: each piece's documented and published values, then the report's fit,
// the plain regression and (games from designed odds starts) the odds-starts fit, with their
// intervals.
[[nodiscard]] DisplayTable values_methods_table(const PieceValueFit& fit,
                                                const std::optional<PieceValueFit>& regression,
                                                const std::optional<PieceValueFit>& odds_starts,
                                                const std::string& title);

[[nodiscard]] DisplayTable values_table(const PieceValueFit& fit, const MaterialData& data,
                                        const std::string& title);
[[nodiscard]] DisplayTable odds_table(const OddsValues& odds, const std::string& variant);

// The verdict as the report shows it first: one block per variant, rules and players, each item
// its numbers (headline) and their meaning (sentence).
struct VerdictBlock {
    std::string title;
    std::vector<const SummaryItem*> items;  // into report.summary
};
[[nodiscard]] std::vector<VerdictBlock> verdict_blocks(const ReportData& report);
// The sentence under the verdict's heading: what its numbers are.
[[nodiscard]] std::string verdict_caption(const ReportData& report);

// The runs the database holds, one line each.
[[nodiscard]] std::vector<std::string> run_lines(const ReportData& report);
// "3 runs of sweep \"quick\"": the run records in one phrase, for a folded list.
[[nodiscard]] std::string runs_phrase(const ReportData& report);
// Which method produced which number.
[[nodiscard]] std::vector<std::string> method_lines(const ReportData& report);
// The sources of the published reference numbers shown in the report (one per table).
[[nodiscard]] std::vector<std::string> reference_sources(const ReportData& report);
// "how to read the tables", in the words of docs/reports.md.
[[nodiscard]] std::vector<std::string> reading_guide(const ReportData& report);

// A one-line verdict for a rule effect: "no detectable effect", or what changed.
[[nodiscard]] std::string effect_verdict(const RuleEffect& effect, double alpha);

// "Human-Elf" style label of a cell, "Human = Elf" of a pooled pair.
// Whose score a pairing row shows, as its suffix says: "human" for "Human" (the first-named army).
[[nodiscard]] std::string score_owner(const std::string& display_name);
[[nodiscard]] std::string cell_label(VariantCatalog& catalog, const std::string& variant,
                                     const std::string& white, const std::string& black);
// "asymmetric Human-Elf": a cell named with its variant, as the per-cell tables show it.
[[nodiscard]] std::string cell_name(VariantCatalog& catalog, const CellId& id);

}  // namespace balance::analysis
