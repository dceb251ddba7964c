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

// A clipped axis stays on the estimates: an interval a hundred times wider ends in an arrow at
// the axis's edge (with its numbers printed in full), and the ticks span the clip, not the
// interval; an interval inside the clip keeps its caps and gets no arrow.
TEST(ForestPlot, ClipKeepsTheAxisToTheEstimates) {
    ForestRow wide = row("dragon");
    wide.estimate = 19.63;
    wide.lower = -196.0;
    wide.upper = 225.0;
    ForestRow narrow = row("knight");
    narrow.estimate = 3.0;
    narrow.lower = 2.0;
    narrow.upper = 4.0;
    ForestAxis axis;
    axis.clip = std::pair{-10.0, 30.0};
    const std::string svg = forest_plot("id", "title", {narrow, wide}, axis);
    const std::regex arrow("class=\"off-axis\"");
    EXPECT_EQ(
        std::distance(std::sregex_iterator(svg.begin(), svg.end(), arrow), std::sregex_iterator()),
        2);  // both ends of the dragon's interval
    EXPECT_NE(svg.find("19.63 [-196.00, 225.00]"), std::string::npos);
    EXPECT_NE(svg.find("interval runs off the axis"), std::string::npos);
    // No tick beyond the clip (and its 5% padding).
    const std::regex tick("font-size=\"11\" text-anchor=\"middle\" fill=\"#444\">(-?[0-9.]+)<");
    for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tick); it != std::sregex_iterator();
         ++it) {
        const double value = std::stod((*it)[1]);
        EXPECT_GE(value, -12.0);
        EXPECT_LE(value, 32.0);
    }
    // Without a long interval nothing is clipped: no arrows, no legend line.
    const std::string plain = forest_plot("id", "title", {narrow}, axis);
    EXPECT_EQ(plain.find("off-axis"), std::string::npos);
    EXPECT_EQ(plain.find("interval runs off the axis"), std::string::npos);
}

}  // namespace
}  // namespace balance::analysis
