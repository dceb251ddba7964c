#pragma once
// The "Balance against player strength" section as tables (shared by Markdown and HTML) and the
// chart series of the HTML report. Wording lives here once.

#include <vector>

#include "balance/analysis/display_tables.hpp"
#include "balance/analysis/strength.hpp"
#include "strength_chart.hpp"

namespace balance::analysis {

// Per ladder: the scores per rung with trend and verdict; army strengths and White advantage
// per rung; the rung gaps. Then "players agree?" and mixed matchups by army, when present.
[[nodiscard]] std::vector<DisplayTable> strength_tables(const StrengthReport& strength,
                                                        VariantCatalog& catalog, double confidence);

// The pooled X = Y lines of `ladder`, for strength_chart().
[[nodiscard]] std::vector<StrengthSeries> strength_series(const StrengthLadder& ladder,
                                                          VariantCatalog& catalog);

// "nodes per move", "search depth (plies)", "milliseconds per move".
[[nodiscard]] std::string limit_phrase(const std::string& limit);

}  // namespace balance::analysis
