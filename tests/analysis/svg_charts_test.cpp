// forest_plot's layout: the label column grows with the longest label, so a long row label
// never runs into the intervals.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "balance/analysis/svg_charts.hpp"

namespace balance::analysis {
namespace {

ForestRow row(const std::string& label) {
    ForestRow r;
    r.label = label;
    r.estimate = 0.5;
    r.lower = 0.4;
    r.upper = 0.6;
    return r;
}

// The viewBox width, and the x of the leftmost tick label (where the plot begins).
std::pair<double, double> layout(const std::vector<ForestRow>& rows) {
    ForestAxis axis;
    axis.null_value = 0.5;
    axis.scale = ForestAxis::Scale::Percent;
    const std::string svg = forest_plot("id", "title", rows, axis);
    std::smatch m;
    EXPECT_TRUE(std::regex_search(svg, m, std::regex("viewBox=\"0 0 ([0-9.]+) ")));
    const double width = std::stod(m[1]);
    double first_tick = 1e9;
    const std::regex tick(
        "<text x=\"([0-9.]+)\" y=\"[0-9.]+\" font-size=\"11\" "
        "text-anchor=\"middle\"");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tick); it != std::sregex_iterator();
         ++it)
        first_tick = std::min(first_tick, std::stod((*it)[1]));
    return {width, first_tick};
}

TEST(ForestPlot, LabelColumnFitsTheLongestLabel) {
    const auto [short_width, short_left] = layout({row("no change"), row("stalemate wins")});
    EXPECT_EQ(short_width, 980.0);
    EXPECT_GE(short_left, 250.0);
    const std::string long_label(80, 'x');  // 80 characters of a 12px font: about 560 px
    const auto [long_width, long_left] = layout({row("no change"), row(long_label)});
    EXPECT_GE(long_left, 22.0 + 7.0 * 80);
    // The plot keeps its width: the picture grows by what the labels took.
    EXPECT_NEAR(long_width - long_left, short_width - short_left, 1.0);
}

}  // namespace
}  // namespace balance::analysis
