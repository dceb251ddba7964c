#include "balance/serve/run_status.hpp"

#include <cstdio>
#include <ctime>
#include <map>

namespace balance::serve {

namespace {

using analysis::Json;

std::optional<std::time_t> utc_time(const std::string& text) {
    std::tm tm{};
    char zone = 0;
    if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                    &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &zone) != 7 ||
        zone != 'Z')
        return std::nullopt;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    return timegm(&tm);
}

// The plan of a run record's config_json (tournament::config_json): games_per_cell times its
// cells, or an adaptive sweep's budget. Rung-gap cells play another number of games and the
// record does not say which matchups are rung gaps: no plan then.
std::optional<std::int64_t> planned_games(const Json& config) {
    if (!config.is_object()) return std::nullopt;
    if (config.contains("adaptive")) return config["adaptive"].value("budget", std::int64_t{0});
    if (config.contains("rung_gap_games") || !config.contains("games_per_cell"))
        return std::nullopt;
    const auto size = [&](const char* key) {
        return config.contains(key) && config[key].is_array()
                   ? static_cast<std::int64_t>(config[key].size())
                   : std::int64_t{0};
    };
    return config["games_per_cell"].get<std::int64_t>() * size("rule_sets") * size("pairings") *
           size("matchups");
}

}  // namespace

std::optional<double> seconds_between(const std::string& from, const std::string& to) {
    const auto a = utc_time(from), b = utc_time(to);
    if (!a || !b) return std::nullopt;
    return std::difftime(*b, *a);
}

RunStatus run_status(const analysis::Store& store, const Json& report, const std::string& writer) {
    RunStatus status;
    status.writer = writer;
    status.games = static_cast<std::int64_t>(store.games.size());
    std::map<std::int64_t, std::int64_t> games_of_run;
    std::map<std::int64_t, std::string> last_game_of_run;
    for (const auto& game : store.games) {
        ++games_of_run[game.run_id];
        std::string& last = last_game_of_run[game.run_id];
        if (game.finished_at > last) last = game.finished_at;
    }
    for (const auto& run : store.runs) {
        status.runs.push_back(RunRecord{run.run_id, run.sweep_name, run.started_at,
                                        run.finished_at.value_or(""), run.shard,
                                        games_of_run[run.run_id]});
    }
    if (store.runs.empty()) {
        status.state = writer.empty() ? "empty" : "running";
        return status;
    }
    const auto& latest = store.runs.back();
    status.sweep = latest.sweep_name;
    for (const auto& game : store.games) status.stored += game.sweep_name == latest.sweep_name;

    const Json config = Json::parse(latest.config_json, nullptr, false);
    status.planned = planned_games(config);
    if (config.is_object() && config.contains("adaptive"))
        status.target_half_width = config["adaptive"].value("target_half_width", 0.05);

    const std::int64_t played = games_of_run[latest.run_id];
    if (played > 0) {
        const auto seconds = seconds_between(latest.started_at, last_game_of_run[latest.run_id]);
        if (seconds && *seconds > 0) status.games_per_minute = 60.0 * played / *seconds;
    }
    if (!writer.empty() && status.planned && status.games_per_minute &&
        *status.games_per_minute > 0) {
        const std::int64_t left = std::max<std::int64_t>(0, *status.planned - status.stored);
        status.eta_seconds = 60.0 * static_cast<double>(left) / *status.games_per_minute;
    }
    if (report.contains("cells")) {
        for (const auto& cell : report["cells"]) {
            ++status.cells;
            if (status.target_half_width && cell["score_low"].is_number() &&
                cell["score_high"].is_number() &&
                (cell["score_high"].get<double>() - cell["score_low"].get<double>()) / 2 <=
                    *status.target_half_width)
                ++status.cells_at_target;
        }
    }
    // A run ends (finished_at) also when stopped part-way (--max-games, a signal): the plan
    // decides whether the sweep is done.
    bool complete = latest.finished_at.has_value();
    if (status.planned) complete = status.stored >= *status.planned;
    if (status.target_half_width && status.cells > 0 && status.cells_at_target == status.cells)
        complete = true;
    status.state = !writer.empty() ? "running" : complete ? "finished" : "stopped";
    return status;
}

Json status_json(const RunStatus& s) {
    const auto optional = [](const auto& value) { return value ? Json(*value) : Json(nullptr); };
    Json runs = Json::array();
    for (const auto& run : s.runs) {
        runs.push_back(
            {{"run_id", run.run_id},
             {"sweep", run.sweep},
             {"started_at", run.started_at},
             {"finished_at", run.finished_at.empty() ? Json(nullptr) : Json(run.finished_at)},
             {"shard", run.shard},
             {"games", run.games}});
    }
    return Json{{"sweep", s.sweep},
                {"state", s.state},
                {"writer", s.writer},
                {"stored", s.stored},
                {"games", s.games},
                {"planned", optional(s.planned)},
                {"games_per_minute", optional(s.games_per_minute)},
                {"eta_seconds", optional(s.eta_seconds)},
                {"target_half_width", optional(s.target_half_width)},
                {"cells", s.cells},
                {"cells_at_target", s.cells_at_target},
                {"runs", runs}};
}

}  // namespace balance::serve
