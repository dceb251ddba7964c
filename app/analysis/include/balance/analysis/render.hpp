#pragma once
// The report's output formats. Markdown is the default (readable in a terminal and on GitHub);
// CSV gives one table for spreadsheets; JSON is the machine interface; HTML is one
// self-contained file (inline CSS and SVG charts, no scripts, no network).
//
// JSON schema (`report_json`), version 1; numbers are plain (scores in [0, 1], not percent);
// null where a value does not exist (no games, an infinite Elo):
//   {"summary": [{"kind" ("pairing" | "armies" | "players" | "white"), "variant", "rules",
//               "players", pairing/players/white: "subject", "other", "result": {the summary
//               below, the subject's view}, "reference" (published pooled score) | null;
//               armies: "armies": [{"army", "elo", "elo_low", "elo_high"}] (strongest first),
//               "white_advantage": {"elo", "elo_low", "elo_high", "score", "score_low",
//               "score_high"}; "verdict" ("x-stronger" | "y-stronger" | "no-clear-edge" |
//               "one-stands-out" | "none-stands-out" | "engine-failures"), "headline",
//               "sentence"}]  (the verdict: the object's first key),
//    "meta": {"schema": 1, "database", "games", "confidence", "generated_by", "runs": [...],
//             "methods": {...}, "notes": [...]},
//    "cells": [{"cell_key", "variant", "white", "black", "rules", "white_player", "black_player",
//               "games", "white_wins", "draws", "black_wins", "score", "score_low",
//               "score_high", "elo", "elo_low", "elo_high", "draw_rate", "mean_plies",
//               "distinct_games", "openings_missed", "engine_failures",
//               "terminations": {"<reason>": count}}],
//    "pairs": [{"variant", "rules", "x", "y", "x_player", "y_player",
//               "x_white" | "x_black" | "pooled": {"games", "wins", "draws", "losses", "score",
//               "score_low", "score_high", "elo", "elo_low", "elo_high", "draw_rate"} | null,
//               "reference": {"source", "x_white_score", "x_black_score", "pooled_score",
//               "games_per_colour", "margin_per_colour", "margin_pooled"} | null}],
//    "armies": {"method", "fits": [{"variant", "rules", "white_player", "black_player", "games",
//               "cells", "error" | null, "armies": [{"army", "games", "theta", "theta_se",
//               "elo", "elo_low", "elo_high"}], "white_advantage": {"elo", "elo_low",
//               "elo_high", "score", "score_low", "score_high"}, "draw_nu", "draw_nu_se"}]},
//    "rule_effects": [{"variant", "rules", "white", "black" (null when pooled), "pooled",
//               "pairings", "white_player", "black_player", "baseline": {counts},
//               "treatment": {counts}, "score_change": {"estimate", "low", "high", "se", "p",
//               "p_holm"}, "draw_rate_change": {...}, "decisive_rate_change": {"estimate",
//               "low", "high"}, "detectable_unadjusted", "verdict"}],
//    "players": [{"variant", "rules", "player", "opponent", "as_white" | "as_black" | "pooled":
//               {the summary above, the player's view} | null}],
//    "strength": [{"variant", "rules", "player" (the ladder), "limit", "x", "y", "view" ("X-Y",
//               "Y-X", "X = Y"), "reference", "trend": {"slope_per_doubling", "low", "high"}
//               | null, "verdict", "rungs": [{"limit", "player", the summary above}]}],
//    "strength_rungs": [{"variant", "rules", "player", "limit", "value", "white_mirror":
//               {summary}, "white_advantage": {...} | null, "armies": [{"army", "elo",
//               "elo_low", "elo_high"}]}],
//    "strength_gaps": [{"variant", "rules", "player", "limit", "from", "to", "stronger":
//               {summary, the stronger rung's view}}],
//    "strength_agree": [{"variant", "rules", "x", "y", "view", "a", "b", "verdict_a",
//               "verdict_b", "top_a", "top_b", "agree"}],
//    "strength_armies": [{"variant", "rules", "player", "opponent", "army", "score"}],
//    "failures": [{"player", "games", "by_status": {...}, "total"}],
//    "points": [{"cell_key", "variant", "white", "black", "rules", "white_player",
//               "black_player", "by_points" | "by_board": {the summary above, White's view} |
//               null, "disagree", "mates", "mates_not_won", "white_points_mean",
//               "black_points_mean", "difference": {"estimate", "low", "high", "games"}}],
//    "series": [{"first_cell", "second_cell", "series", "resigned", "differ_from_games",
//               "result": {the summary above, the first player's view} | null,
//               "difference": {...}}]  (points and series: games with points only, else []),
//    "values": [{"variant", "error" | null, "normalize", "unit_value",
//               "warning" (value_warnings.hpp) | null, "pieces": [{"piece",
//               "armies", "documented", "identified", "why_not", "value", "value_se",
//               "value_low", "value_high", "coefficient", "coefficient_se", "elo_per_piece",
//               "elo_low", "elo_high", "varying_positions"}], "intercept", "intercept_se",
//               "white_score_equal_material", "spearman", "positions", "games"}]}

#include <cstddef>
#include <string>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/json.hpp"
#include "balance/analysis/odds_values.hpp"
#include "balance/analysis/report_data.hpp"
#include "balance/analysis/variant_catalog.hpp"

namespace balance::analysis {

inline constexpr int kReportJsonSchema = 1;

[[nodiscard]] std::string render_markdown(const ReportData& report, VariantCatalog& catalog);
// One table as Markdown under a heading of `heading` ("###") when it has a title.
[[nodiscard]] std::string markdown_table(const DisplayTable& table, const std::string& heading);
// Markdown with its prose lines wrapped at `width` columns for a terminal (a list item's
// continuation indented two blanks, so it stays one item); tables, headings and code blocks
// are left as they are. Rendered, the text is the same.
[[nodiscard]] std::string wrap_markdown(const std::string& text, std::size_t width);
[[nodiscard]] Json report_json(const ReportData& report);
[[nodiscard]] std::string render_html(const ReportData& report, VariantCatalog& catalog);
// The parts of that page, for pages that embed the report (`balance serve`): its stylesheet,
// and the markup render_html puts between <body> and </body>.
[[nodiscard]] std::string html_report_style();
[[nodiscard]] std::string render_html_body(const ReportData& report, VariantCatalog& catalog);

// The CSV of one JSON section ("cells", "pairs", "armies", "rule_effects", "players", "failures",
// "points", "series", "values"): one row per element, nested objects flattened to "a.b" columns.
// Errors: unknown table.
[[nodiscard]] Result<std::string> render_csv(const Json& report, const std::string& table);

// The tables render_csv knows, for help texts and its own error ("cells (default), summary, ...").
[[nodiscard]] std::string csv_table_names();

// Piece values and odds values as JSON objects (shared by `values` and the report's "values").
[[nodiscard]] Json values_json(const PieceValueFit& fit, const MaterialData& data);
[[nodiscard]] Json odds_json(const OddsValues& odds);

}  // namespace balance::analysis
