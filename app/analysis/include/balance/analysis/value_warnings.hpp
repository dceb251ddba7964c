#pragma once
// Piece values that cannot be told apart from nothing. A fitted value is a ratio of two
// coefficients; when the unit's own coefficient is barely determined (its interval holds 0),
// every ratio's interval runs to both sides of 0 or to infinity, and the estimates look like
// answers while saying nothing. Such a fit is flagged, with the piece whose own value is best
// determined as the unit to normalize to instead.

#include <string>
#include <vector>

#include "balance/analysis/piece_values.hpp"

namespace balance::analysis {

struct ValueWarning {
    // Identified pieces, the unit aside, whose shown interval holds 0 or is unbounded.
    std::vector<std::string> vague;
    bool unit_vague = false;  // the unit's own Elo per piece interval holds 0
    // The identified piece with the largest |coefficient| / standard error, when that is not
    // the unit already; empty otherwise.
    std::string better_unit;
    [[nodiscard]] bool any() const { return !vague.empty() || unit_vague; }
};

[[nodiscard]] ValueWarning value_warning(const PieceValueFit& fit);

// One sentence for the reader ("Warning: ..."), naming the pieces, the unit's trouble and the
// `--normalize` to use; empty when there is nothing to warn of.
[[nodiscard]] std::string value_warning_text(const PieceValueFit& fit);

}  // namespace balance::analysis
