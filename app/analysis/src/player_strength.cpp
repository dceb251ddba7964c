#include "balance/analysis/player_strength.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <tuple>

namespace balance::analysis {

namespace {

int engine_group(const std::string& type) {
    if (type == "fairy-stockfish" || type == "stockfish") return 0;
    if (type == "random" || type == "greedy") return 2;
    return 1;
}

// A UCI player is Stockfish when its command is (Debian's /usr/games/stockfish or any path
// ending in "stockfish"); Fairy-Stockfish's own type says so.
std::string engine_of(const nlohmann::json& player) {
    std::string type = player.value("type", std::string{"engine"});
    if (type == "uci" && player.contains("command") && player["command"].is_array() &&
        !player["command"].empty() && player["command"][0].is_string()) {
        const std::string program = player["command"][0].get<std::string>();
        const std::string tail = program.substr(program.find_last_of('/') + 1);
        if (tail == "stockfish") type = "stockfish";
    }
    return type;
}

PlayerStrength strength_of(const nlohmann::json& player) {
    PlayerStrength s;
    s.engine = engine_of(player);
    s.group = engine_group(s.engine);
    for (const char* limit : {"nodes", "depth", "movetime_ms"}) {
        const auto it = player.find(limit);
        if (it != player.end() && it->is_number_integer() && it->get<std::int64_t>() > 0) {
            s.limit = limit;
            s.budget = it->get<std::int64_t>();
            break;
        }
    }
    return s;
}

const PlayerRating* rating_in(std::span<const PlayerScale> scales, const std::string& variant,
                              const std::string& rules, const std::string& player) {
    for (const PlayerScale& scale : scales) {
        if (scale.variant != variant || scale.rules != rules || !scale.ok()) continue;
        for (const PlayerRating& r : scale.players)
            if (r.player == player) return &r;
    }
    return nullptr;
}

}  // namespace

std::map<std::string, PlayerStrength> player_strengths(std::span<const StoredGame> games) {
    std::map<std::string, PlayerStrength> out;
    for (const StoredGame& game : games) {
        if (out.count(game.white_player) && out.count(game.black_player)) continue;
        const auto json = nlohmann::json::parse(game.players_json, nullptr, false);
        if (!json.is_object()) continue;
        for (const char* side : {"white", "black"}) {
            const std::string& name =
                std::string(side) == "white" ? game.white_player : game.black_player;
            if (out.count(name) || !json.contains(side) || !json[side].is_object()) continue;
            out[name] = strength_of(json[side]);
        }
    }
    return out;
}

std::vector<std::string> strongest_first(std::vector<std::string> players,
                                         const std::map<std::string, PlayerStrength>& strengths,
                                         std::span<const PlayerScale> scales,
                                         const std::string& variant, const std::string& rules) {
    const bool measured = std::all_of(players.begin(), players.end(), [&](const std::string& p) {
        return rating_in(scales, variant, rules, p) != nullptr;
    });
    if (measured && players.size() > 1) {
        std::stable_sort(players.begin(), players.end(),
                         [&](const std::string& a, const std::string& b) {
                             return rating_in(scales, variant, rules, a)->elo.estimate >
                                    rating_in(scales, variant, rules, b)->elo.estimate;
                         });
        return players;
    }
    // Missing players last; then the engine's group, the engine, the limit, the larger budget.
    const auto key = [&](const std::string& p) {
        const auto it = strengths.find(p);
        if (it == strengths.end()) return std::make_tuple(1, 0, std::string{}, std::string{}, 0L);
        const PlayerStrength& s = it->second;
        return std::make_tuple(0, s.group, s.engine, s.limit, -static_cast<long>(s.budget));
    };
    std::stable_sort(players.begin(), players.end(),
                     [&](const std::string& a, const std::string& b) { return key(a) < key(b); });
    return players;
}

}  // namespace balance::analysis
