// The search section of a run page: a fix search's race standings or a calibration's rounds,
// drawn from the JSON their commands print with --status (fix_output.cpp, calibrate.cpp), so
// that the page and the command never disagree.

#include <cctype>
#include <sstream>

#include <fmt/format.h>

#include "balance/analysis/render.hpp"
#include "balance/analysis/svg_charts.hpp"
#include "balance/analysis/text_format.hpp"
#include "balance/serve/snapshot.hpp"

namespace balance::serve {

namespace {

using analysis::Json;
using analysis::xml_escape;

double number_or(const Json& j, const char* key, double fallback) {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : fallback;
}

std::int64_t count_of(const Json& j, const char* key) {
    return j.contains(key) && j[key].is_number() ? j[key].get<std::int64_t>() : 0;
}

std::string text_of(const Json& j, const char* key) {
    return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// "racing" while the race goes on, "open" once it ended with the candidate undecided, as
// `balance fix` prints it.
std::string verdict(const Json& candidate, bool complete) {
    const std::string status = text_of(candidate, "status");
    if (status == "racing") return complete ? "open" : "racing";
    return status;
}

std::string fix_html(const Json& fix) {
    std::ostringstream out;
    const bool complete = fix.value("complete", false);
    const double low = fix.contains("band") ? fix["band"][0].get<double>() : 0.0;
    const double high = fix.contains("band") ? fix["band"][1].get<double>() : 1.0;
    const double confidence = number_or(fix, "confidence", 0.95);
    const std::string owner = fix.contains("side") && fix["side"].is_string()
                                  ? fix["side"].get<std::string>() + "' score"
                                  : "White's score";
    const Json& candidates = fix.contains("candidates") ? fix["candidates"] : Json::array();
    std::int64_t racing = 0, balanced = 0, dropped = 0, rejected = 0;
    for (const auto& c : candidates) {
        const std::string status = text_of(c, "status");
        racing += status == "racing";
        balanced += status == "balanced";
        dropped += status == "dropped";
        rejected += status == "rejected";
    }
    out << "<section id=\"fix-race\">\n<h2>Fix search: the race</h2>\n<p>" << xml_escape(owner)
        << " of " << xml_escape(text_of(fix, "variant")) << " (player "
        << xml_escape(text_of(fix, "player")) << ") into the band " << analysis::percent(low)
        << "&#8211;" << analysis::percent(high) << ": " << count_of(fix, "games") << " games in "
        << count_of(fix, "rounds") << " finished round(s) of a " << count_of(fix, "budget")
        << "-game budget; " << (complete ? "the race has ended" : "the race goes on")
        << ". <span id=\"race-counts\">" << balanced << " balanced, " << racing
        << (complete ? " open, " : " racing, ") << dropped << " dropped, " << rejected
        << " rejected</span>. Balanced: the " << analysis::percent(confidence, 0)
        << " interval lies inside the band; dropped: a wider interval missed it.</p>\n";
    std::vector<analysis::ForestRow> rows;
    out << "<table id=\"candidates\">\n<tr><th>candidate</th><th>state</th><th>games</th>"
        << "<th>score [" << analysis::percent(confidence, 0) << " interval]</th></tr>\n";
    for (const auto& c : candidates) {
        const std::string state = verdict(c, complete);
        const bool scored = c.contains("score") && c["score"].is_number();
        out << "<tr><td>" << xml_escape(text_of(c, "edit")) << "</td><td class=\"race-"
            << xml_escape(state) << "\">" << xml_escape(state) << "</td><td>"
            << count_of(c, "games") << "</td><td>";
        if (scored) {
            out << analysis::percent(c["score"].get<double>()) << " ["
                << analysis::percent(c["low"].get<double>()) << ", "
                << analysis::percent(c["high"].get<double>()) << "]";
        } else if (state == "rejected") {
            out << xml_escape(text_of(c, "rejected"));
        } else {
            out << "no games yet";
        }
        out << "</td></tr>\n";
        if (!scored) continue;
        analysis::ForestRow row;
        row.label = fmt::format("{} [{}]", text_of(c, "edit"), state);
        row.estimate = c["score"].get<double>();
        row.lower = c["low"].get<double>();
        row.upper = c["high"].get<double>();
        row.emphasis = state == "balanced";
        rows.push_back(std::move(row));
    }
    out << "</table>\n";
    if (!rows.empty()) {
        analysis::ForestAxis axis;
        axis.null_value = (low + high) / 2;
        axis.scale = analysis::ForestAxis::Scale::Percent;
        axis.label = owner;
        axis.band = std::pair{low, high};
        axis.band_label = "target band";
        out << analysis::forest_plot("fix-candidates", "Candidates against the band", rows, axis);
    }
    out << "</section>\n";
    return out.str();
}

std::string calibration_html(const Json& cal) {
    std::ostringstream out;
    const Json& rounds = cal.contains("rounds") ? cal["rounds"] : Json::array();
    out << "<section id=\"calibration\">\n<h2>Calibration: the rounds</h2>\n<p>Piece values of "
        << xml_escape(text_of(cal, "player")) << " in " << xml_escape(text_of(cal, "variant"))
        << " (" << xml_escape(text_of(cal, "method")) << "): " << rounds.size()
        << " finished round(s); ";
    if (cal.contains("in_progress"))
        out << "in progress: " << xml_escape(text_of(cal, "in_progress")) << ".";
    else if (cal.value("converged", false))
        out << "a fixed point: the values the last round played by are the values its games "
               "support.";
    else
        out << "no fixed point within its rounds; the last fit is the best estimate.";
    out << "</p>\n";
    for (const auto& round : rounds) {
        out << "<h3>Round " << count_of(round, "round") << " ("
            << xml_escape(text_of(round, "player")) << "): " << count_of(round, "games")
            << " games</h3>\n";
        out << "<table class=\"calibration-round\">\n<tr><th>piece</th><th>played</th>"
            << "<th>fitted [interval]</th></tr>\n";
        for (const auto& piece : round.value("pieces", Json::array())) {
            out << "<tr><td>" << xml_escape(text_of(piece, "piece")) << "</td><td>"
                << analysis::number(number_or(piece, "played", 0.0)) << "</td><td>"
                << analysis::number(number_or(piece, "value", 0.0)) << " ["
                << analysis::number(number_or(piece, "value_low", 0.0)) << ", "
                << analysis::number(number_or(piece, "value_high", 0.0)) << "]</td></tr>\n";
        }
        out << "</table>\n<p>";
        if (round.contains("match")) {
            const Json& m = round["match"];
            out << "Against round " << count_of(round, "round") - 1 << ": " << count_of(m, "games")
                << " games, score " << analysis::percent(number_or(m, "score", 0.5)) << " ["
                << analysis::percent(number_or(m, "score_low", 0.0)) << ", "
                << analysis::percent(number_or(m, "score_high", 1.0)) << "] ("
                << count_of(m, "wins") << "-" << count_of(m, "draws") << "-"
                << count_of(m, "losses") << "). ";
        }
        const Json moved = round.value("moved", Json::array());
        if (moved.empty()) {
            out << "Every value played by lies inside its fitted interval.";
        } else {
            out << "Played outside their fitted intervals: ";
            for (std::size_t i = 0; i < moved.size(); ++i)
                out << (i ? ", " : "") << xml_escape(moved[i].get<std::string>());
            out << ".";
        }
        out << "</p>\n";
    }
    out << "</section>\n";
    return out.str();
}

}  // namespace

bool round_sweep(const std::string& sweep_name) {
    std::string name = sweep_name;
    if (name.ends_with("-match")) name.resize(name.size() - 6);
    const auto at = name.rfind("-r");
    if (at == std::string::npos || at + 2 >= name.size()) return false;
    for (std::size_t i = at + 2; i < name.size(); ++i)
        if (std::isdigit(static_cast<unsigned char>(name[i])) == 0) return false;
    return true;
}

std::string search_html(const Snapshot& snapshot) {
    if (!snapshot.search_error.empty())
        return "<section id=\"search\">\n<h2>Search</h2>\n<p>The search's state cannot be read "
               "now: " +
               xml_escape(snapshot.search_error) + "</p>\n</section>\n";
    if (!snapshot.search) return {};
    if (snapshot.search->kind == "fix") return fix_html(snapshot.search->json);
    if (snapshot.search->kind == "calibrate") return calibration_html(snapshot.search->json);
    return {};
}

}  // namespace balance::serve
