// Fairy-Max and Sjaak II number the ranks of a 10-rank board 0 to 9 in their moves (the XBoard
// convention; 1 to 9, 11 and beyond elsewhere), while their definitions files count from 1. Real
// games of a 10-rank chess against the real engine must end as games do, never as forfeits; each
// engine must find a mate that only a move onto the 10th or the 1st rank gives.

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include <nlohmann/json.hpp>

#include "../mocks/mock_support.hpp"
#include "../support/temp_dir.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/game.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/sjaakii_player.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using nlohmann::json;
namespace engines = balance::mocks::debian_engines;

constexpr const char* kTallChess = R"(inherits = "chess"
name = "tall"
ranks = 10
start_fen = "rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
)";

// Fairy-Max in both colours from a book position that is not the start (Fairy-Max sets it up in
// `edit` mode, square by square) plus random plies.
std::string tall_sweep(const std::filesystem::path& variant) {
    return "variant = \"" + variant.string() + R"("
seed = 3
games_per_cell = 4
[players.fm]
type = "fairymax"
depth = 1
[openings]
type = "book"
positions = ["rnbqkbnr/pppp1ppp/8/4p3/8/8/8/4P3/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]
plies = 2
[adjudication]
max_plies = 60
)";
}

TEST(TenRanks, FairymaxPlaysWholeGamesOnTenRanks) {
    if (!std::filesystem::exists(engines::fairymax)) GTEST_SKIP() << "fairymax is not installed";
    balance::testing::TempDir dir;
    const auto variant = dir.write("tall.toml", kTallChess);
    const auto sweep = dir.write("tall-sweep.toml", tall_sweep(variant));
    const auto db = (dir.path() / "tall.db").string();
    const auto run =
        testing::run_balance({"sweep", sweep.string(), "--db", db, "--threads", "1", "--quiet"});
    EXPECT_EQ(run.status, 0) << run.out << run.err;
    EXPECT_EQ(run.out.find("engine failures"), std::string::npos) << run.out;

    const auto report = testing::run_balance({"report", "--db", db, "--format", "json"});
    ASSERT_EQ(report.status, 0) << report.err;
    const json out = json::parse(report.out);
    std::int64_t games = 0;
    for (const auto& cell : out["cells"]) {
        games += cell["games"].get<std::int64_t>();
        EXPECT_EQ(cell["engine_failures"], 0) << cell.dump();
        for (const auto& [termination, count] : cell["terminations"].items()) {
            EXPECT_NE(termination.rfind("white-", 0), 0u) << termination << " " << count;
            EXPECT_NE(termination.rfind("black-", 0), 0u) << termination << " " << count;
        }
    }
    EXPECT_EQ(games, 4);
}

// The only mate: a rook onto the 10th rank for White, onto the 1st for Black. The engine's answer
// (its "a0a9") must come back as our move.
void expect_mates(players::Player& player, const core::VariantSpec& spec) {
    players::SearchLimits limits;
    limits.depth = 2;
    const std::pair<const char*, const char*> cases[] = {
        {"6k1/5ppp/8/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a10"},
        {"r5k1/8/8/8/8/8/8/8/5PPP/6K1 b - - 0 1", "a10a1"}};
    for (const auto& [fen, mate] : cases) {
        auto game = core::Game::start(spec, "fide", "fide", fen);
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        player.new_game();
        const players::MoveReply reply = player.choose_move(*game, limits, 1);
        ASSERT_EQ(reply.status, players::MoveStatus::Ok) << fen << ": " << reply.detail;
        EXPECT_EQ(game->uci(reply.move), mate) << fen;
    }
}

TEST(TenRanks, BothEnginesMoveOntoTheTenthAndTheFirstRank) {
    balance::testing::TempDir dir;
    auto spec = config::load_variant(dir.write("tall.toml", kTallChess));
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    players::external::DefinitionsPlayerConfig config;
    config.definitions_dir = dir.path();
    if (std::filesystem::exists(engines::fairymax)) {
        config.process.argv = {engines::fairymax};
        auto fairymax = players::external::make_fairymax_player(config);
        ASSERT_TRUE(fairymax.ok()) << fairymax.error().to_string();
        expect_mates(**fairymax, *spec);
    }
    if (std::filesystem::exists(engines::sjaakii)) {
        config.process.argv = {engines::sjaakii};
        auto sjaakii = players::external::make_sjaakii_player(config);
        ASSERT_TRUE(sjaakii.ok()) << sjaakii.error().to_string();
        expect_mates(**sjaakii, *spec);
    }
}

}  // namespace
}  // namespace balance::cli
