#include "balance/analysis/svg_charts.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include <fmt/format.h>

namespace balance::analysis {

namespace {

constexpr double kWidth = 980.0;
constexpr double kLabelWidth = 250.0;    // at least; wider for long row labels
constexpr double kLabelCharWidth = 7.0;  // a 12px label's characters, bold ones included
constexpr double kRight = 190.0;         // the printed numbers
constexpr double kTop = 42.0;
constexpr double kRowHeight = 22.0;
constexpr double kBottom = 58.0;

// A step of 1, 2 or 5 times a power of ten giving about `target` ticks over `span`.
double nice_step(double span, int target) {
    const double raw = span / target;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0})
        if (raw <= m * power) return m * power;
    return 10.0 * power;
}

std::string tick_text(double v, ForestAxis::Scale scale, double step) {
    const int decimals = std::max(0, -static_cast<int>(std::floor(std::log10(step * 100.0))));
    switch (scale) {
        case ForestAxis::Scale::Percent:
            return fmt::format("{:.{}f}%", 100.0 * v, decimals);
        case ForestAxis::Scale::PercentPoints:
            return fmt::format("{:+.{}f}", 100.0 * v, decimals);
        case ForestAxis::Scale::Number:
            break;
    }
    const int plain = std::max(0, -static_cast<int>(std::floor(std::log10(step))));
    return fmt::format("{:.{}f}", v, plain);
}

// A row's numbers as printed beside it: "48.2% [45.1%, 51.3%]".
std::string value_text(const ForestRow& row, const ForestAxis& axis) {
    const auto one = [&](double v) -> std::string {
        if (std::isnan(v)) return "n/a";
        if (std::isinf(v)) return v > 0 ? "+inf" : "-inf";
        switch (axis.scale) {
            case ForestAxis::Scale::Percent:
                return fmt::format("{:.1f}%", 100.0 * v);
            case ForestAxis::Scale::PercentPoints:
                return fmt::format("{:+.1f}", 100.0 * v);
            case ForestAxis::Scale::Number:
                break;
        }
        return fmt::format("{:.{}f}", v, axis.decimals);
    };
    return fmt::format("{} [{}, {}]", one(row.estimate), one(row.lower), one(row.upper));
}

struct Range {
    double low, high;
};

Range data_range(const std::vector<ForestRow>& rows, const ForestAxis& axis) {
    double low = axis.null_value, high = axis.null_value;
    if (axis.marker) {
        low = std::min(low, *axis.marker);
        high = std::max(high, *axis.marker);
    }
    if (axis.band) {
        low = std::min(low, axis.band->first);
        high = std::max(high, axis.band->second);
    }
    for (const ForestRow& row : rows) {
        if (row.heading) continue;
        for (double v : {row.estimate, row.lower, row.upper}) {
            if (!std::isfinite(v)) continue;
            low = std::min(low, v);
            high = std::max(high, v);
        }
        if (row.published) {
            low = std::min(low, *row.published);
            high = std::max(high, *row.published);
        }
        if (row.reference) {
            low = std::min(low, *row.reference);
            high = std::max(high, *row.reference);
        }
    }
    if (axis.clip) {
        low = std::max(low, axis.clip->first);
        high = std::min(high, axis.clip->second);
    }
    if (high - low < 1e-9) {
        low -= 0.5;
        high += 0.5;
    }
    const double pad = 0.05 * (high - low);
    return {low - pad, high + pad};
}

}  // namespace

std::string xml_escape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

namespace {

// Where a forest plot's parts go: the plot's columns and rows, and the value axis.
struct ForestLayout {
    const ForestAxis& axis;
    Range range;
    double left = 0.0, right = 0.0, width = 0.0, plot_bottom = 0.0;

    [[nodiscard]] double x_of(double v) const {
        const double clipped =
            std::clamp(std::isnan(v) ? axis.null_value : v, range.low, range.high);
        return left + (clipped - range.low) / (range.high - range.low) * (right - left);
    }
};

// The grid with its ticks, the null line, the marker and the axis label.
std::string forest_axes(const ForestLayout& layout) {
    const ForestAxis& axis = layout.axis;
    const Range& range = layout.range;
    const double left = layout.left, right = layout.right, plot_bottom = layout.plot_bottom;
    const auto x_of = [&](double v) { return layout.x_of(v); };
    const double step = nice_step(range.high - range.low, 8);
    const double first_tick = std::ceil(range.low / step) * step;
    std::string svg;
    for (double t = first_tick; t <= range.high + 1e-12; t += step) {
        const double x = x_of(t);
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" "
            "stroke=\"#e3e3e3\"/>\n"
            "<text x=\"{0:.1f}\" y=\"{3:.1f}\" font-size=\"11\" text-anchor=\"middle\" "
            "fill=\"#444\">{4}</text>\n",
            x, kTop - 6.0, plot_bottom, plot_bottom + 15.0,
            xml_escape(tick_text(std::abs(t) < 1e-12 ? 0.0 : t, axis.scale, step)));
    }
    const double null_x = x_of(axis.null_value);
    svg += fmt::format(
        "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" stroke=\"#888\" "
        "stroke-dasharray=\"4 3\" class=\"null-line\"/>\n",
        null_x, kTop - 6.0, plot_bottom);
    if (axis.marker) {
        const double marker_x = x_of(*axis.marker);
        svg += fmt::format(
            "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" "
            "stroke=\"#2e8b57\" stroke-dasharray=\"1 3\" stroke-width=\"1.5\" "
            "class=\"marker-line\"/>\n"
            "<text x=\"{0:.1f}\" y=\"{3:.1f}\" font-size=\"10\" text-anchor=\"middle\" "
            "fill=\"#2e8b57\">{4}</text>\n",
            marker_x, kTop - 6.0, plot_bottom, kTop - 9.0, xml_escape(axis.marker_label));
    }
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" text-anchor=\"middle\">"
        "{}</text>\n",
        0.5 * (left + right), plot_bottom + 34.0, xml_escape(axis.label));
    return svg;
}

// Row i: its label, and unless it is a heading its interval, estimate, value text, reference
// and published marks.
std::string forest_row(const ForestLayout& layout, const ForestRow& row, std::size_t i) {
    const ForestAxis& axis = layout.axis;
    const Range& range = layout.range;
    const double right = layout.right, width = layout.width;
    const auto x_of = [&](double v) { return layout.x_of(v); };
    std::string svg;
    const double y = kTop + kRowHeight * (static_cast<double>(i) + 0.5);
    if (i % 2 == 1 && !row.heading) {
        svg += fmt::format(
            "<rect x=\"0\" y=\"{:.1f}\" width=\"{:.0f}\" height=\"{:.0f}\" "
            "fill=\"#f7f7f9\"/>\n",
            y - kRowHeight / 2, width, kRowHeight);
    }
    svg += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"12\" {}>{}</text>\n",
                       row.heading ? 10.0 : 22.0, y + 4.0,
                       row.heading || row.emphasis ? "font-weight=\"bold\"" : "",
                       xml_escape(row.label));
    if (row.heading) return svg;
    const double x0 = x_of(row.lower), x1 = x_of(row.upper), xe = x_of(row.estimate);
    svg += fmt::format(
        "<g class=\"interval\"><line x1=\"{:.1f}\" y1=\"{:.1f}\" x2=\"{:.1f}\" y2=\"{:.1f}\" "
        "stroke=\"#1f4e9a\" stroke-width=\"2\"/>",
        x0, y, x1, y);
    // An end past the axis is an arrow at the edge; an end on it, a cap.
    for (const auto& [x, v, sign] :
         {std::tuple{x0, row.lower, -1.0}, std::tuple{x1, row.upper, 1.0}}) {
        const bool off = std::isnan(v) || (sign < 0 ? v < range.low : v > range.high);
        if (off) {
            svg += fmt::format(
                "<path class=\"off-axis\" d=\"M {:.1f} {:.1f} l {:.1f} 5 l 0 -10 z\" "
                "fill=\"#1f4e9a\"/>",
                x, y, -8.0 * sign);
        } else {
            svg += fmt::format(
                "<line x1=\"{0:.1f}\" y1=\"{1:.1f}\" x2=\"{0:.1f}\" y2=\"{2:.1f}\" "
                "stroke=\"#1f4e9a\" stroke-width=\"2\"/>",
                x, y - 5.0, y + 5.0);
        }
    }
    if (row.emphasis) {
        svg += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"9\" height=\"9\" "
            "fill=\"#1f4e9a\"/>",
            xe - 4.5, y - 4.5);
    } else {
        svg += fmt::format("<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"4\" fill=\"#1f4e9a\"/>", xe, y);
    }
    svg += "</g>\n";
    svg += fmt::format(
        "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\" class=\"value\" "
        "font-family=\"monospace\">{}</text>\n",
        right + 10.0, y + 4.0, xml_escape(value_text(row, axis)));
    if (row.reference) {
        const double xr = x_of(*row.reference);
        svg += fmt::format(
            "<path class=\"reference\" d=\"M {:.1f} {:.1f} l 5 5 l -5 5 l -5 -5 z\" "
            "fill=\"none\" stroke=\"#c0392b\" stroke-width=\"1.5\"/>\n",
            xr, y - 5.0);
    }
    if (row.published) {
        svg += fmt::format(
            "<path class=\"published\" d=\"M {:.1f} {:.1f} v 14\" stroke=\"#1e8449\" "
            "stroke-width=\"2.5\"/>\n",
            x_of(*row.published), y - 7.0);
    }
    return svg;
}

// The legend below the plot: the estimate, then the reference and published marks and the
// off-axis arrow when the plot shows them.
std::string forest_legend(const ForestLayout& layout, bool clipped_any) {
    const ForestAxis& axis = layout.axis;
    const double left = layout.left, plot_bottom = layout.plot_bottom;
    std::string svg;
    const double ly = plot_bottom + 50.0;
    svg += fmt::format(
        "<circle cx=\"{0:.1f}\" cy=\"{1:.1f}\" r=\"4\" fill=\"#1f4e9a\"/><text x=\"{2:.1f}\" "
        "y=\"{3:.1f}\" font-size=\"11\">estimate with its interval</text>\n",
        left, ly, left + 10.0, ly + 4.0);
    if (!axis.reference_label.empty()) {
        svg += fmt::format(
            "<path d=\"M {:.1f} {:.1f} l 5 5 l -5 5 l -5 -5 z\" fill=\"none\" stroke=\"#c0392b\" "
            "stroke-width=\"1.5\"/><text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{}</text>\n",
            left + 230.0, ly - 5.0, left + 240.0, ly + 4.0, xml_escape(axis.reference_label));
    }
    if (!axis.published_label.empty()) {
        svg += fmt::format(
            "<path d=\"M {:.1f} {:.1f} v 14\" stroke=\"#1e8449\" stroke-width=\"2.5\"/><text "
            "x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"11\">{}</text>\n",
            left + 470.0, ly - 7.0, left + 480.0, ly + 4.0, xml_escape(axis.published_label));
    }
    if (clipped_any) {
        svg += fmt::format(
            "<path d=\"M {:.1f} {:.1f} l -8 5 l 0 -10 z\" fill=\"#1f4e9a\"/><text x=\"{:.1f}\" "
            "y=\"{:.1f}\" font-size=\"11\">interval runs off the axis (its ends are printed "
            "at the right)</text>\n",
            left + 8.0, ly + 14.0, left + 10.0, ly + 18.0);
    }
    return svg;
}

}  // namespace

std::string forest_plot(const std::string& id, const std::string& title,
                        const std::vector<ForestRow>& rows, const ForestAxis& axis) {
    ForestLayout layout{axis, data_range(rows, axis)};
    const Range& range = layout.range;
    // The label column fits the longest label (a fix candidate's edit can be long); the plot
    // keeps its width and the picture grows, scaled to the page's width by the viewBox.
    std::size_t longest = 0;
    for (const ForestRow& row : rows) longest = std::max(longest, row.label.size());
    layout.left =
        std::max(kLabelWidth, 22.0 + kLabelCharWidth * static_cast<double>(longest) + 12.0);
    layout.width = kWidth + (layout.left - kLabelWidth);
    layout.right = layout.width - kRight;
    layout.plot_bottom = kTop + kRowHeight * static_cast<double>(rows.size());
    const double plot_bottom = layout.plot_bottom;
    const auto x_of = [&](double v) { return layout.x_of(v); };
    const auto off_axis = [&](const ForestRow& row) {
        return !row.heading && (std::isnan(row.lower) || std::isnan(row.upper) ||
                                row.lower < range.low || row.upper > range.high);
    };
    const bool clipped_any = std::any_of(rows.begin(), rows.end(), off_axis);
    const double height = plot_bottom + kBottom + (clipped_any ? 18.0 : 0.0);

    std::string svg = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"{}\" class=\"chart\" width=\"100%\" "
        "viewBox=\"0 0 {:.0f} {:.0f}\" preserveAspectRatio=\"xMinYMin meet\" "
        "role=\"img\">\n<title>{}</title>\n",
        xml_escape(id), layout.width, height, xml_escape(title));
    svg += fmt::format(
        "<text x=\"10\" y=\"22\" class=\"chart-title\" font-size=\"15\" "
        "font-weight=\"bold\">{}</text>\n",
        xml_escape(title));
    svg += forest_axes(layout);
    for (std::size_t i = 0; i < rows.size(); ++i) svg += forest_row(layout, rows[i], i);
    // The band over the rows (translucent), so the striped rows do not hide it.
    if (axis.band) {
        const double band_low = x_of(axis.band->first);
        const double band_high = x_of(axis.band->second);
        svg += fmt::format(
            "<rect x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
            "fill=\"#2e8b57\" fill-opacity=\"0.15\" class=\"band\"/>\n"
            "<text x=\"{:.1f}\" y=\"{:.1f}\" font-size=\"10\" text-anchor=\"middle\" "
            "fill=\"#2e8b57\">{}</text>\n",
            band_low, kTop - 6.0, band_high - band_low, plot_bottom - kTop + 6.0,
            0.5 * (band_low + band_high), kTop - 9.0, xml_escape(axis.band_label));
    }
    svg += forest_legend(layout, clipped_any);
    svg += "</svg>\n";
    return svg;
}

}  // namespace balance::analysis
