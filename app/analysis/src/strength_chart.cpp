#include "strength_chart.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "balance/analysis/svg_charts.hpp"

namespace balance::analysis {

namespace {

constexpr double kChartWidth = 820.0, kChartHeight = 420.0;
constexpr double kChartLeft = 70.0, kChartRight = 200.0, kChartTop = 40.0, kChartBottom = 60.0;
const char* const kColours[] = {"#1f4e9a", "#c0392b", "#27ae60", "#8e44ad",
                                "#d68910", "#117a8b", "#7f8c8d", "#a04000"};

// The chart's scales: limits on a log axis, scores between the tenths that hold every interval.
struct StrengthFrame {
    std::vector<double> xs;  // log2 of each limit
    double x_low = 0.0, x_high = 1.0, y_low = 0.5, y_high = 0.5;
    double plot_right = kChartWidth - kChartRight, plot_bottom = kChartHeight - kChartBottom;

    [[nodiscard]] double px(double x) const {
        return kChartLeft + 20.0 +
               (x - x_low) / (x_high - x_low) * (plot_right - kChartLeft - 40.0);
    }
    [[nodiscard]] double py(double y) const {
        return plot_bottom - (y - y_low) / (y_high - y_low) * (plot_bottom - kChartTop);
    }
};

StrengthFrame strength_frame(const std::vector<std::int64_t>& limits,
                             const std::vector<StrengthSeries>& series) {
    StrengthFrame f;
    for (auto v : limits)
        f.xs.push_back(std::log2(static_cast<double>(std::max<std::int64_t>(v, 1))));
    f.x_low = f.xs.empty() ? 0.0 : f.xs.front();
    f.x_high = f.xs.empty() ? 1.0 : f.xs.back();
    if (f.x_high - f.x_low < 1e-9) f.x_high = f.x_low + 1.0;
    for (const auto& s : series) {
        for (std::size_t i = 0; i < s.estimate.size(); ++i) {
            if (s.lower[i]) f.y_low = std::min(f.y_low, *s.lower[i]);
            if (s.upper[i]) f.y_high = std::max(f.y_high, *s.upper[i]);
        }
        if (s.reference) {
            f.y_low = std::min(f.y_low, *s.reference);
            f.y_high = std::max(f.y_high, *s.reference);
        }
    }
    f.y_low = std::max(0.0, std::floor(f.y_low * 10.0 - 0.2) / 10.0);
    f.y_high = std::min(1.0, std::ceil(f.y_high * 10.0 + 0.2) / 10.0);
    return f;
}

// Score lines every 10% (50% dashed), a line per limit, and the axis labels.
std::string strength_grid(const StrengthFrame& f, const std::vector<std::int64_t>& limits,
                          const std::string& limit_name) {
    const double plot_right = f.plot_right, plot_bottom = f.plot_bottom;
    std::string svg;
    for (int k = 0; k <= 10; ++k) {
        const double y = k / 10.0;
        if (y < f.y_low - 1e-9 || y > f.y_high + 1e-9) continue;
        svg += fmt::format(
            "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" {}/>\n"
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" text-anchor=\"end\" "
            "fill=\"#444\">{:.0f}%</text>\n",
            kChartLeft, f.py(y), plot_right, f.py(y), k == 5 ? "#888" : "#e3e3e3",
            k == 5 ? "stroke-dasharray=\"4 3\" class=\"null-line\"" : "", kChartLeft - 6.0,
            f.py(y) + 4.0, 100.0 * y);
    }
    for (std::size_t i = 0; i < f.xs.size(); ++i) {
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#e3e3e3\"/>"
            "<text x=\"{0:.1f}\" y=\"{3:.1f}\" font-size=\"11\" text-anchor=\"middle\" "
            "fill=\"#444\">{4}</text>\n",
            f.px(f.xs[i]), kChartTop, plot_bottom, plot_bottom + 15.0, limits[i]);
    }
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">{} (log "
        "scale)</text>\n<text x=\"14\" y=\"{:.1f}\" font-size=\"12\" transform=\"rotate(-90 14 "
        "{:.1f})\" text-anchor=\"middle\">score</text>\n",
        0.5 * (kChartLeft + plot_right), plot_bottom + 36.0, xml_escape(limit_name),
        0.5 * (kChartTop + plot_bottom), 0.5 * (kChartTop + plot_bottom));
    return svg;
}

// Series s: its band, line and points, its published score, and its key (empty when it has no
// point with an interval).
std::string strength_line(const StrengthFrame& f, const StrengthSeries& line, std::size_t s) {
    const auto& xs = f.xs;
    const double plot_right = f.plot_right;
    const char* colour = kColours[s % std::size(kColours)];
    std::string upper, lower, path;
    for (std::size_t i = 0; i < xs.size() && i < line.estimate.size(); ++i) {
        if (!line.estimate[i] || !line.lower[i] || !line.upper[i]) continue;
        upper += fmt::format("{}{:.1f},{:.1f}", upper.empty() ? "" : " ", f.px(xs[i]),
                             f.py(*line.upper[i]));
        lower = fmt::format("{:.1f},{:.1f}", f.px(xs[i]), f.py(*line.lower[i])) +
                (lower.empty() ? "" : " ") + lower;
        path += fmt::format("{}{:.1f},{:.1f}", path.empty() ? "" : " ", f.px(xs[i]),
                            f.py(*line.estimate[i]));
    }
    if (path.empty()) return "";
    std::string svg = fmt::format(
        "<g class=\"series\"><polygon class=\"band\" points=\"{} {}\" fill=\"{}\" "
        "fill-opacity=\"0.12\" stroke=\"none\"/><polyline points=\"{}\" fill=\"none\" "
        "stroke=\"{}\" stroke-width=\"2\"/>",
        upper, lower, colour, path, colour);
    for (std::size_t i = 0; i < xs.size() && i < line.estimate.size(); ++i) {
        if (line.estimate[i])
            svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3.5\" fill=\"{}\"/>",
                               f.px(xs[i]), f.py(*line.estimate[i]), colour);
    }
    if (line.reference) {
        svg += fmt::format(
            "<path class=\"reference\" d=\"M {:.1f} {:.1f} l 6 6 l -6 6 l -6 -6 z\" "
            "fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\"/>",
            plot_right + 12.0, f.py(*line.reference) - 6.0, colour);
    }
    const double ly = kChartTop + 18.0 * static_cast<double>(s);
    svg += fmt::format(
        "<line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"{}\" "
        "stroke-width=\"2\"/><text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{}</text></g>\n",
        plot_right + 30.0, ly, plot_right + 50.0, ly, colour, plot_right + 55.0, ly + 4.0,
        xml_escape(line.label));
    return svg;
}

}  // namespace

std::string strength_chart(const std::string& id, const std::string& title,
                           const std::string& limit_name, const std::vector<std::int64_t>& limits,
                           const std::vector<StrengthSeries>& series) {
    const StrengthFrame frame = strength_frame(limits, series);
    const double plot_right = frame.plot_right;
    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{}\" class=\"chart\" width=\"{:.0f}\" "
        "height=\"{:.0f}\" viewBox=\"0 0 {:.0f} {:.0f}\" role=\"img\">\n<title>{}</title>\n"
        "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">{}</text>\n",
        xml_escape(id), kChartWidth, kChartHeight, kChartWidth, kChartHeight, xml_escape(title),
        xml_escape(title));
    svg += strength_grid(frame, limits, limit_name);
    for (std::size_t s = 0; s < series.size(); ++s) svg += strength_line(frame, series[s], s);
    // The marker's key in two lines: one line ran past the chart's right edge.
    svg += fmt::format(
        "<path d=\"M {:.1f} {:.1f} l 5 5 l -5 5 l -5 -5 z\" fill=\"none\" stroke=\"#444\" "
        "stroke-width=\"1.5\"/><text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">the published "
        "score</text><text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">(variant file)</text>\n"
        "</svg>\n",
        plot_right + 40.0, kChartHeight - 39.0, plot_right + 50.0, kChartHeight - 30.0,
        plot_right + 50.0, kChartHeight - 16.0);
    return svg;
}

}  // namespace balance::analysis
