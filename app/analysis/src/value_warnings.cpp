#include "balance/analysis/value_warnings.hpp"

#include <cmath>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/analysis/text_format.hpp"

namespace balance::analysis {

namespace {

bool holds_zero_or_unbounded(const stats::Interval& interval) {
    return !std::isfinite(interval.lower) || !std::isfinite(interval.upper) ||
           (interval.lower <= 0.0 && interval.upper >= 0.0);
}

// How well a piece's own value is determined: its coefficient over the coefficient's standard
// error (0 when the error is not a positive number).
double precision(const PieceValueRow& row) {
    const double se = row.coefficient.standard_error;
    return std::isfinite(se) && se > 0.0 ? std::abs(row.coefficient.value) / se : 0.0;
}

}  // namespace

ValueWarning value_warning(const PieceValueFit& fit) {
    ValueWarning warning;
    const PieceValueRow* best = nullptr;
    for (const PieceValueRow& row : fit.rows) {
        if (!row.identified) continue;
        if (!best || precision(row) > precision(*best)) best = &row;
        if (row.piece == fit.normalize) {
            warning.unit_vague = holds_zero_or_unbounded(row.elo);
        } else if (holds_zero_or_unbounded(shown_value_interval(row))) {
            warning.vague.push_back(row.piece);
        }
    }
    if (warning.any() && best && best->piece != fit.normalize) warning.better_unit = best->piece;
    return warning;
}

std::string value_warning_text(const PieceValueFit& fit) {
    const ValueWarning warning = value_warning(fit);
    if (!warning.any()) return "";
    std::string text = "Warning: ";
    if (!warning.vague.empty()) {
        text += fmt::format(
            "the {} of {} cannot be told apart from nothing (the interval holds 0 or has no "
            "end), so {} no answer yet. ",
            warning.vague.size() == 1 ? "value" : "values", fmt::join(warning.vague, ", "),
            warning.vague.size() == 1 ? "it is" : "they are");
    }
    if (warning.unit_vague) {
        for (const PieceValueRow& row : fit.rows)
            if (row.piece == fit.normalize)
                text += fmt::format(
                    "The unit, {}, is itself barely determined (Elo per piece {} {}), so every "
                    "value divided by it is too. ",
                    fit.normalize, elo(row.elo.estimate), elo_interval_text(row.elo));
    }
    if (!warning.better_unit.empty()) {
        text += fmt::format(
            "Normalize to {} (`--normalize {}`), the piece whose own value is best determined, "
            "or play more games.",
            warning.better_unit, warning.better_unit);
    } else {
        text += fmt::format("The unit, {}, is the best determined piece already: play more games.",
                            fit.normalize);
    }
    return text;
}

}  // namespace balance::analysis
