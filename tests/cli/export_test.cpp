// `balance export`: the PGN parses back, and its SAN replays to the stored moves.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "../support/sweep_support.hpp"
#include "../support/variants.hpp"
#include "balance/tournament/pgn.hpp"
#include "cli_runner.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;

struct PgnGame {
    std::map<std::string, std::string> tags;
    std::vector<std::string> sans;
};

// A small PGN reader: tag pairs, then movetext without numbers and results.
std::vector<PgnGame> parse_pgn(const std::string& text) {
    std::vector<PgnGame> games;
    std::istringstream in(text);
    const std::regex tag(R"re(^\[(\w+) "(.*)"\]$)re");
    bool in_moves = false;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, tag)) {
            if (in_moves || games.empty()) games.emplace_back();
            in_moves = false;
            games.back().tags[m[1]] = m[2];
            continue;
        }
        if (line.empty() || games.empty()) continue;
        in_moves = true;
        std::istringstream tokens(line);
        for (std::string t; tokens >> t;) {
            if (std::isdigit(static_cast<unsigned char>(t[0])) &&
                (t.back() == '.' || t == "1-0" || t == "0-1" || t == "1/2-1/2"))
                continue;
            games.back().sans.push_back(t);
        }
    }
    return games;
}

TEST(Export, PgnReplaysToTheStoredGames) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
name = "pgn"
variant = "asymmetric"
seed = 3
games_per_cell = 1
pairings = [["elves", "orcs"], ["humans", "elves"]]
[players.e]
type = "engine"
nodes = 200
hash_mb = 1
[openings]
type = "random-plies"
plies = 3
[adjudication]
max_plies = 50
)");
    const auto db = dir.path() / "pgn.db";
    const auto stored = testing::run(sweep, db);
    ASSERT_EQ(stored.games.size(), 2u);
    const auto pgn_file = dir.path() / "out.pgn";
    auto exported =
        cli::testing::run_balance({"export", "--db", db.string(), "--pgn", pgn_file.string()});
    ASSERT_EQ(exported.status, 0) << exported.err;
    std::ifstream in(pgn_file);
    std::stringstream text;
    text << in.rdbuf();
    const auto games = parse_pgn(text.str());
    ASSERT_EQ(games.size(), 2u) << text.str();

    auto store = ResultStore::open_existing(db);
    ASSERT_TRUE(store.ok());
    const core::VariantSpec spec = balance::testing::load_shipped("asymmetric");
    for (const auto& pgn : games) {
        const auto& tags = pgn.tags;
        auto row = store->game(tags.at("GameKey"));
        ASSERT_TRUE(row.ok() && row->has_value());
        const GameRow& g = **row;
        EXPECT_EQ(tags.at("Event"), "pgn");
        EXPECT_EQ(tags.at("Round"), std::to_string(g.game_index + 1));  // PGN rounds count from 1
        EXPECT_EQ(tags.at("White"), "e");
        EXPECT_EQ(tags.at("Result"), g.result);
        EXPECT_EQ(tags.at("SetUp"), "1");
        EXPECT_EQ(tags.at("FEN").find('{'), std::string::npos);  // no army metadata
        EXPECT_EQ(tags.at("Termination"), g.termination);
        EXPECT_EQ(tags.at("PlyCount"), std::to_string(g.plies));
        // Replay the SAN from the FEN tag with the armies of the army tags.
        auto game =
            core::Game::start(spec, tags.at("WhiteArmy"), tags.at("BlackArmy"), tags.at("FEN"));
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        std::string uci;
        for (const auto& san : pgn.sans) {
            auto move = game->parse_move(san);
            ASSERT_TRUE(move.ok()) << san << ": " << move.error().to_string();
            uci += (uci.empty() ? "" : " ") + game->uci(*move);
            game->play(*move);
        }
        EXPECT_EQ(uci, g.moves);
        EXPECT_EQ(static_cast<int>(pgn.sans.size()), g.plies);
    }
    // --cell filters, and an unknown cell is an error with a suggestion.
    auto one = cli::testing::run_balance({"export", "--db", db.string(), "--pgn", pgn_file.string(),
                                          "--cell", "asymmetric|elves|orcs||e|e"});
    EXPECT_EQ(one.status, 0) << one.err;
    EXPECT_NE(one.out.find(": 1 games"), std::string::npos) << one.out;
    auto wrong =
        cli::testing::run_balance({"export", "--db", db.string(), "--pgn", pgn_file.string(),
                                   "--cell", "asymmetric|elves|orc||e|e"});
    EXPECT_EQ(wrong.status, 1);
    EXPECT_NE(wrong.err.find("did you mean 'asymmetric|elves|orcs||e|e'"), std::string::npos)
        << wrong.err;
}

}  // namespace
}  // namespace balance::tournament
