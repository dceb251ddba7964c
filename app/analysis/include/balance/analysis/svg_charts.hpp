#pragma once
// Inline SVG charts for the HTML report: forest plots (a point with its interval per row, a
// reference line, optional reference markers such as the seed's Fairy-Max scores or documented
// piece values), each row's numbers printed at its right. Plain SVG 1.1 with presentation
// attributes, so the file needs no script, font or network to render, and it is well-formed XML.
// The chart scales to the width of the page (its viewBox keeps the proportions).

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace balance::analysis {

struct ForestRow {
    std::string label;
    double estimate = 0.0;
    double lower = 0.0;  // NaN / inf are clipped to the axis
    double upper = 0.0;
    std::optional<double> reference;  // drawn as a hollow diamond
    bool emphasis = false;            // pooled rows: bold label, filled square
    bool heading = false;             // a group title row without data
    std::optional<double> published;  // drawn as a green tick (published values)
};

struct ForestAxis {
    double null_value = 0.0;  // the dashed "no effect" line (0.5 for scores, 0 for changes)
    enum class Scale { Percent, PercentPoints, Number } scale = Scale::Number;
    std::string label;            // under the axis
    std::string reference_label;  // legend text for the diamonds; empty: no legend entry
    int decimals = 2;             // of the printed numbers on the Number scale
    // A second dotted line, e.g. at one pawn-unit in the piece-values chart, with its label.
    std::optional<double> marker;
    std::string marker_label;
    std::string published_label;  // legend text for the ticks; empty: no legend entry
    // A shaded band [low, high] behind the rows (a target band: `balance fix`), with its label.
    std::optional<std::pair<double, double>> band;
    std::string band_label;
    // The axis spans at most [low, high] (the estimates', say, when some interval is a hundred
    // times wider): an interval running past it ends in an arrow at the edge, its numbers printed.
    std::optional<std::pair<double, double>> clip;
};

// One chart as an <svg> element with id `id` (class "chart"), its title in a <title> element
// and as a caption text.
[[nodiscard]] std::string forest_plot(const std::string& id, const std::string& title,
                                      const std::vector<ForestRow>& rows, const ForestAxis& axis);

// Text escaped for XML content and attribute values.
[[nodiscard]] std::string xml_escape(const std::string& text);

}  // namespace balance::analysis
