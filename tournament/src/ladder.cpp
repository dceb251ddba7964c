#include "balance/tournament/ladder.hpp"

#include <charconv>
#include <set>

namespace balance::tournament {

std::string rung_name(const std::string& player, const std::string& limit, std::int64_t value) {
    return player + ":" + limit + "=" + std::to_string(value);
}

std::optional<RungName> parse_rung_name(const std::string& name) {
    const auto colon = name.find(':');
    if (colon == std::string::npos) return std::nullopt;
    const auto equals = name.find('=', colon);
    if (equals == std::string::npos) return std::nullopt;
    RungName rung;
    rung.player = name.substr(0, colon);
    rung.limit = name.substr(colon + 1, equals - colon - 1);
    const char* begin = name.data() + equals + 1;
    const char* end = name.data() + name.size();
    auto [ptr, ec] = std::from_chars(begin, end, rung.value);
    if (ec != std::errc{} || ptr != end || rung.player.empty() || rung.limit.empty())
        return std::nullopt;
    return rung;
}

Result<std::vector<PlayerSpec>> make_rungs(const PlayerSpec& base, const std::string& limit,
                                           const std::vector<std::int64_t>& values) {
    if (values.empty()) return make_error("a ladder needs at least one value", base.name);
    std::vector<PlayerSpec> rungs;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] < 1) return make_error(limit + " values must be positive", base.name);
        if (i > 0 && values[i] <= values[i - 1]) {
            return make_error(limit + " = [...] must ascend, weakest rung first (" +
                                  std::to_string(values[i - 1]) + " then " +
                                  std::to_string(values[i]) + ")",
                              base.name);
        }
        PlayerSpec rung = base;
        rung.name = rung_name(base.name, limit, values[i]);
        rung.ladder = base.name;
        rung.rung = static_cast<int>(i);
        if (limit == "nodes") {
            rung.limits.nodes = static_cast<std::uint64_t>(values[i]);
        } else if (limit == "depth") {
            rung.limits.depth = static_cast<int>(values[i]);
        } else if (limit == "movetime_ms") {
            rung.limits.movetime_ms = static_cast<int>(values[i]);
        } else {
            return make_error(
                "a ladder's limit is nodes, depth or movetime_ms, not '" + limit + "'", base.name);
        }
        rungs.push_back(std::move(rung));
    }
    return rungs;
}

std::vector<const PlayerSpec*> players_named(const std::vector<PlayerSpec>& players,
                                             const std::string& written) {
    std::vector<const PlayerSpec*> out;
    for (const auto& p : players) {
        if (p.ladder.empty() ? p.name == written : p.ladder == written) out.push_back(&p);
    }
    return out;
}

Result<std::vector<Matchup>> expand_matchups(const std::vector<PlayerSpec>& players,
                                             const std::vector<Matchup>& written, bool rung_gaps) {
    std::vector<Matchup> out;
    std::set<std::string> gap_ladders;
    for (const auto& m : written) {
        const auto white = players_named(players, m.white);
        const auto black = players_named(players, m.black);
        if (white.empty() || black.empty()) {
            return make_error("unknown player in matchup " + m.white + "-" + m.black);
        }
        const bool white_ladder = !white.front()->ladder.empty();
        const bool black_ladder = !black.front()->ladder.empty();
        if (white_ladder && black_ladder) {
            if (white.size() != black.size()) {
                return make_error("matchup " + m.white + "-" + m.black +
                                  " pairs two ladders "
                                  "rung by rung, so they need as many rungs (" +
                                  std::to_string(white.size()) + " and " +
                                  std::to_string(black.size()) + ")");
            }
            for (std::size_t i = 0; i < white.size(); ++i)
                out.push_back({white[i]->name, black[i]->name});
            if (m.white == m.black) gap_ladders.insert(m.white);
        } else {
            for (const auto* w : white)
                for (const auto* b : black) out.push_back({w->name, b->name});
        }
    }
    if (!rung_gaps) return out;
    for (const auto& ladder : gap_ladders) {
        const auto rungs = players_named(players, ladder);
        for (std::size_t i = 0; i + 1 < rungs.size(); ++i) {
            out.push_back({rungs[i]->name, rungs[i + 1]->name, true});
            out.push_back({rungs[i + 1]->name, rungs[i]->name, true});
        }
    }
    return out;
}

}  // namespace balance::tournament
