#include "balance/tournament/progress.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "balance/stats/interval.hpp"
#include "balance/tournament/engine_failures.hpp"

namespace balance::tournament {

namespace {

std::string format(const char* pattern, auto... values) {
    char buffer[256];
    std::snprintf(buffer, sizeof buffer, pattern, values...);
    return buffer;
}

std::string duration_text(double seconds) {
    if (!std::isfinite(seconds) || seconds < 0) return "?";
    const long s = std::lround(seconds);
    if (s >= 3600) return format("%ldh%02ldm", s / 3600, (s % 3600) / 60);
    if (s >= 60) return format("%ldm%02lds", s / 60, s % 60);
    return format("%lds", s);
}

std::string summary_line(const Progress& p) {
    const double per_minute = p.seconds > 0 ? 60.0 * p.played / p.seconds : 0.0;
    // Under --max-games the run stops after its limit: the ETA is for what this run will play.
    std::int64_t left = p.total - p.done;
    if (p.run_limit) left = std::min(left, std::max<std::int64_t>(0, *p.run_limit - p.played));
    const double eta = per_minute > 0 ? static_cast<double>(left) / per_minute * 60.0 : -1.0;
    return format("%s %lld/%lld games (%.1f%%), %.1f games/min, ETA %s",
                  p.adaptive ? "adaptive:" : "games:", static_cast<long long>(p.done),
                  static_cast<long long>(p.total),
                  p.total > 0 ? 100.0 * static_cast<double>(p.done) / p.total : 100.0, per_minute,
                  left <= 0 ? "-" : duration_text(eta).c_str());
}

}  // namespace

bool CellTally::failed() const {
    return mostly_engine_failures(engine_failures, white.games());
}

namespace {

std::vector<std::string> table_lines(const std::vector<CellTally>& cells) {
    std::size_t width = 4;
    for (const auto& cell : cells) width = std::max(width, cell.label.size());
    std::vector<std::string> lines;
    lines.push_back(format("  %-*s %7s %7s %7s  %s", static_cast<int>(width), "cell", "+W", "=D",
                           "-L", "White's score [95% interval]"));
    for (const auto& cell : cells) {
        lines.push_back(format(
            "  %-*s %7lld %7lld %7lld  %s", static_cast<int>(width), cell.label.c_str(),
            static_cast<long long>(cell.white.wins), static_cast<long long>(cell.white.draws),
            static_cast<long long>(cell.white.losses),
            cell.failed() ? format("engine failures: %lld of %lld games, no score",
                                   static_cast<long long>(cell.engine_failures),
                                   static_cast<long long>(cell.white.games()))
                                .c_str()
                          : score_text(cell.white).c_str()));
    }
    return lines;
}

}  // namespace

std::string score_text(const stats::Wdl& white) {
    if (white.games() == 0) return "-";
    auto interval = stats::score_interval(white, 0.95);
    if (!interval) return format("%.3f", white.score());
    // The ends, not a half-width: the interval is not symmetric near 0 and 1 (one win gives
    // 1.000 [0.207, 1.000], never 1.000 +- 0.397).
    return format("%.3f [%.3f, %.3f]", white.score(), interval->lower, interval->upper);
}

void print_table(std::ostream& out, const std::vector<CellTally>& cells) {
    for (const auto& line : table_lines(cells)) out << line << '\n';
    out.flush();
}

TextProgress::TextProgress(std::ostream& out, bool live, std::chrono::milliseconds interval)
    : out_(out), live_(live), interval_(interval) {}

void TextProgress::update(const Progress& progress) {
    const auto now = std::chrono::steady_clock::now();
    if (last_ != std::chrono::steady_clock::time_point{} && now - last_ < interval_) return;
    last_ = now;
    draw(progress);
}

void TextProgress::finish(const Progress& progress) {
    // The live block goes; the caller prints the final table once, below the summary.
    if (live_ && drawn_lines_ > 0) out_ << "\x1b[" << drawn_lines_ << "F\x1b[J";
    drawn_lines_ = 0;
    out_ << summary_line(progress) << std::endl;
}

void TextProgress::draw(const Progress& progress) {
    if (!live_) {
        out_ << summary_line(progress) << std::endl;
        return;
    }
    std::ostringstream block;
    // Back to the top of the previous block and clear to the end of the screen.
    if (drawn_lines_ > 0) block << "\x1b[" << drawn_lines_ << "F\x1b[J";
    block << summary_line(progress) << '\n';
    const auto lines = table_lines(progress.cells);
    for (const auto& line : lines) block << line << '\n';
    drawn_lines_ = 1 + static_cast<int>(lines.size());
    out_ << block.str() << std::flush;
}

}  // namespace balance::tournament
