#include "balance/tournament/opening_miss.hpp"

#include <cstdlib>

#include <nlohmann/json.hpp>

namespace balance::tournament {

OpeningMisses::OpeningMisses(std::span<const RunRow> runs) {
    for (const RunRow& run : runs) {
        const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
        if (!config.is_object() || !config.contains("openings")) continue;
        const auto& openings = config["openings"];
        if (!openings.is_object()) continue;
        const int max = openings.value("max_imbalance_cp", 0);
        if (max > 0) windows_[run.run_id] = {openings.value("min_imbalance_cp", 0), max};
    }
}

bool OpeningMisses::missed(std::int64_t run_id, std::optional<bool> flag,
                           std::optional<int> imbalance_cp) const {
    if (flag) return *flag;
    if (!imbalance_cp) return false;
    const auto window = windows_.find(run_id);
    if (window == windows_.end()) return false;
    const int a = std::abs(*imbalance_cp);
    return a < window->second.first || a > window->second.second;
}

bool OpeningMisses::missed(const GameRow& game) const {
    // Most games hold no opening score at all: no need to parse their scores.
    if (game.details_json.find("\"opening_") == std::string::npos) return false;
    const auto details = nlohmann::json::parse(game.details_json, nullptr, false);
    if (!details.is_object()) return false;
    std::optional<bool> flag;
    std::optional<int> imbalance;
    if (details.contains("opening_missed") && details["opening_missed"].is_boolean())
        flag = details["opening_missed"].get<bool>();
    if (details.contains("opening_imbalance_cp") && details["opening_imbalance_cp"].is_number())
        imbalance = details["opening_imbalance_cp"].get<int>();
    return missed(game.run_id, flag, imbalance);
}

}  // namespace balance::tournament
