// Strength quick-checks (disabled: they take minutes and measure, they do not verify). Run with
//   players_tests --gtest_also_run_disabled_tests --gtest_filter='*EngineStrength*'
// Environment: BALANCE_STRENGTH_GAMES (games per match, default 20), BALANCE_STRENGTH_MS (clock
// per 40 moves and side for the Fairy-Max match, default 6000), BALANCE_STRENGTH_PAIRING (the
// Fairy-Max match: empty = orthodox chess, else an Asymmetric pairing such as "elves-orcs",
// played on the definitions Balance writes for Fairy-Max).

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "../support/temp_dir.hpp"
#include "balance/players/baselines.hpp"
#include "balance/players/engine/uci.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/xboard_client.hpp"
#include "engine/match.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::Engine;

int env_int(const char* name, int fallback) {
    const char* v = std::getenv(name);
    return v ? std::atoi(v) : fallback;
}

struct Tally {
    int wins = 0, draws = 0, losses = 0;
    void add(int winner, int engine_colour) {
        if (winner < 0)
            ++draws;
        else if (winner == engine_colour)
            ++wins;
        else
            ++losses;
    }
    [[nodiscard]] std::string text() const {
        const int n = wins + draws + losses;
        const double score = n ? (wins + 0.5 * draws) / n : 0.5;
        const double clamped = std::clamp(score, 0.01, 0.99);
        const double elo = -400.0 * std::log10(1.0 / clamped - 1.0);
        return "+" + std::to_string(wins) + " =" + std::to_string(draws) + " -" +
               std::to_string(losses) + " score " + std::to_string(score) + " (~" +
               std::to_string(static_cast<int>(elo)) + " Elo)";
    }
};

// Engine A vs player B over `games` games, colours alternating, from the variant start.
Tally match(players::Player& a, players::Player& b, const core::VariantSpec& spec,
            const std::string& white, const std::string& black, const players::SearchLimits& limits,
            int games) {
    Tally t;
    for (int g = 0; g < games; ++g) {
        const bool a_white = g % 2 == 0;
        const auto game = make_game(spec, a_white ? white : black, a_white ? black : white);
        auto rec = players::engine::play_game(a_white ? a : b, a_white ? b : a, game, limits,
                                              1000 + g / 2, 400);
        EXPECT_EQ(rec.failure, players::MoveStatus::Ok) << rec.detail;
        t.add(rec.truncated ? -1 : rec.winner, a_white ? 0 : 1);
    }
    return t;
}

TEST(DISABLED_EngineStrength, VersusGreedy) {
    const int games = env_int("BALANCE_STRENGTH_GAMES", 20);
    for (auto [variant, w, b] :
         {std::tuple{"chess", "", ""}, {"asymmetric", "elves", "orcs"}, {"uneven", "", ""}}) {
        const auto spec = load_shipped(variant);
        Engine engine;
        players::GreedyPlayer greedy;
        players::SearchLimits limits;
        limits.nodes = 5000;
        const Tally t = match(engine, greedy, spec, w, b, limits, games);
        std::cout << variant << ": engine (5000 nodes) vs greedy: " << t.text() << "\n";
        EXPECT_GT(t.wins, t.losses);
    }
}

// Depth N against depth N-2: the deeper engine should score clearly above 50%.
TEST(DISABLED_EngineStrength, DeeperBeatsShallower) {
    const int games = env_int("BALANCE_STRENGTH_GAMES", 20);
    const auto spec = load_shipped("chess");
    Engine deep, shallow;
    struct Fixed : players::Player {
        Engine& e;
        int depth;
        Fixed(Engine& engine, int d) : e(engine), depth(d) {}
        std::string name() const override { return "depth" + std::to_string(depth); }
        players::MoveReply choose_move(const core::Game& g, const players::SearchLimits&,
                                       std::uint64_t seed) override {
            players::SearchLimits l;
            l.depth = depth;
            return e.choose_move(g, l, seed);
        }
    } a(deep, 7), b(shallow, 5);
    const Tally t = match(a, b, spec, "", "", {}, games);
    std::cout << "chess: depth 7 vs depth 5: " << t.text() << "\n";
    EXPECT_GT(t.wins, t.losses);
}

// Fairy-Max (Debian's fairymax) through the XBoard client, both sides on the same clock
// (40 moves in BALANCE_STRENGTH_MS, repeating); the engine budgets its clock with
// allocate_time_ms, Fairy-Max with its own time management.
TEST(DISABLED_EngineStrength, VersusFairyMax) {
    if (!std::filesystem::exists("/usr/games/fairymax")) GTEST_SKIP() << "fairymax not installed";
    const int games = env_int("BALANCE_STRENGTH_GAMES", 20);
    const int base_ms = env_int("BALANCE_STRENGTH_MS", 6000);
    const char* pairing_env = std::getenv("BALANCE_STRENGTH_PAIRING");
    const std::string pairing = pairing_env ? pairing_env : "";
    std::string white_army, black_army;
    const auto spec = load_shipped(pairing.empty() ? "chess" : "asymmetric");
    players::external::XboardConfig config;
    config.process.argv = {"/usr/games/fairymax", "20"};
    TempDir definitions;
    if (!pairing.empty()) {
        // The pairing's definitions as Balance writes them for Fairy-Max.
        const auto dash = pairing.find('-');
        white_army = pairing.substr(0, dash);
        black_army = pairing.substr(dash + 1);
        auto text = players::external::fairymax_ini(spec, {{white_army, black_army}});
        ASSERT_TRUE(text.ok()) << text.error().to_string();
        auto path = players::external::write_definitions(definitions.path(), *text);
        ASSERT_TRUE(path.ok()) << path.error().to_string();
        config.process.argv.push_back(path->string());
        config.variant = players::external::fairymax_game_name(white_army, black_army);
    }
    players::external::XboardClient fairymax(config);
    ASSERT_TRUE(fairymax.start().ok());
    Engine engine;
    Tally tally;
    int timeouts[2] = {0, 0};
    double spent[2] = {0, 0};
    int moves_made[2] = {0, 0};
    for (int g = 0; g < games; ++g) {
        const int engine_colour = g % 2;
        auto game = make_game(spec, white_army, black_army);
        ASSERT_TRUE(fairymax.new_game().ok());
        int clock[2] = {base_ms, base_ms};
        std::vector<std::string> uci;
        int winner = -1;
        while (true) {
            const auto o = game.outcome();
            if (o.over()) {
                winner = o.winner;
                break;
            }
            if (uci.size() >= 400) break;
            const int mover = core::index(game.side_to_move());
            const int movestogo = 40 - static_cast<int>(uci.size() / 2) % 40;
            core::Move m;
            double secs;
            if (mover == engine_colour) {
                players::SearchLimits l;
                l.movetime_ms = players::engine::allocate_time_ms(clock[mover], 0, movestogo);
                const auto t0 = std::chrono::steady_clock::now();
                const auto reply = engine.choose_move(game, l, 77 + g);
                secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                m = reply.move;
            } else {
                players::external::Limits l;
                l.wtime_ms = clock[0];
                l.btime_ms = clock[1];
                l.movestogo = movestogo;
                auto reply = fairymax.go("startpos", uci, l);
                ASSERT_TRUE(reply.ok()) << reply.error().message;
                secs = std::chrono::duration<double>(reply.value().elapsed).count();
                auto parsed = game.parse_move(reply.value().move);
                ASSERT_TRUE(parsed.ok()) << reply.value().move;
                m = *parsed;
            }
            spent[mover == engine_colour ? 0 : 1] += secs;
            ++moves_made[mover == engine_colour ? 0 : 1];
            // No forfeits: an overspent clock only counts, and keeps a small floor so both
            // sides can still budget (Fairy-Max's own latency would otherwise flag it).
            clock[mover] -= static_cast<int>(secs * 1000);
            if (clock[mover] < 0) ++timeouts[mover == engine_colour ? 0 : 1];
            clock[mover] = std::max(clock[mover], 100);
            if (movestogo == 1 && mover == 1) clock[0] += base_ms, clock[1] += base_ms;
            uci.push_back(game.uci(m));
            game.play(m);
        }
        tally.add(winner, engine_colour);
        std::cout << "game " << g + 1 << ": engine " << (engine_colour ? "black" : "white")
                  << ", result "
                  << (winner < 0                ? "draw"
                      : winner == engine_colour ? "engine"
                                                : "fairymax")
                  << " in " << uci.size() << " plies; running " << tally.text() << std::endl;
    }
    std::cout << (pairing.empty() ? "chess" : pairing) << " vs fairymax: " << tally.text()
              << "; time per move: engine " << spent[0] / std::max(1, moves_made[0])
              << " s, fairymax " << spent[1] / std::max(1, moves_made[1])
              << " s; clock overruns engine " << timeouts[0] << ", fairymax " << timeouts[1]
              << "\n";
}

}  // namespace
}  // namespace balance::testing
