// `balance export`: the PGN parses back, and its SAN replays to the stored moves.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "../support/fairy_stockfish.hpp"
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

// With --variants-ini, a game Fairy-Stockfish can express names its section of the file written
// beside the PGN, and a current Fairy-Stockfish loading that file reads the PGN's FEN and every
// position its moves reach with the same legal moves as ours (the moves are its letters: a
// section exists only where a letter names one piece in both armies). A game it cannot express
// keeps the variant file's name, and the command says why.
TEST(Export, VariantsIniLetsFairyStockfishReplayTheGames) {
    TempDir dir;
    const Sweep sweep = testing::load(dir, R"(
name = "pgn-fsf"
variant = "asymmetric"
seed = 5
games_per_cell = 1
pairings = [["humans", "humans"], ["elves", "orcs"]]
[players.g]
type = "greedy"
[openings]
type = "random-plies"
plies = 6
[adjudication]
max_plies = 40
)");
    const auto db = dir.path() / "pgn.db";
    ASSERT_EQ(testing::run(sweep, db).games.size(), 2u);
    const auto pgn_file = dir.path() / "out.pgn";
    const auto ini_file = dir.path() / "out.ini";
    auto exported =
        cli::testing::run_balance({"export", "--db", db.string(), "--pgn", pgn_file.string(),
                                   "--variants-ini", ini_file.string()});
    ASSERT_EQ(exported.status, 0) << exported.err;
    EXPECT_NE(exported.out.find("the Fairy-Stockfish variants of 1 of them"), std::string::npos)
        << exported.out;
    EXPECT_NE(exported.out.find("1 games keep the variant file's letters"), std::string::npos)
        << exported.out;
    EXPECT_NE(exported.out.find("asymmetric elves-orcs: "), std::string::npos) << exported.out;
    std::stringstream pgn_text, ini_text;
    pgn_text << std::ifstream(pgn_file).rdbuf();
    ini_text << std::ifstream(ini_file).rdbuf();
    const auto games = parse_pgn(pgn_text.str());
    ASSERT_EQ(games.size(), 2u);

    const auto command = balance::testing::fairy_stockfish_command();
    const core::VariantSpec spec = balance::testing::load_shipped("asymmetric");
    int replayed = 0;
    for (const auto& pgn : games) {
        const auto& tags = pgn.tags;
        if (tags.at("WhiteArmy") == "elves") {
            EXPECT_EQ(tags.at("Variant"), "asymmetric");
            EXPECT_EQ(tags.count("VariantFile"), 0u);
            continue;
        }
        const std::string variant = tags.at("Variant");
        EXPECT_EQ(variant.rfind("balance-humans-humans-", 0), 0u) << variant;
        EXPECT_EQ(tags.at("VariantFile"), "asymmetric");
        EXPECT_NE(ini_text.str().find("[" + variant + "]"), std::string::npos) << ini_text.str();
        if (!command) continue;
        auto session = players::external::FairyStockfishSession::open(
            *command, ini_file, variant, balance::testing::kFairyStockfishTimeout);
        ASSERT_TRUE(session.ok()) << session.error().to_string();
        auto game = core::Game::start(spec, "humans", "humans", tags.at("FEN"));
        ASSERT_TRUE(game.ok()) << game.error().to_string();
        // Every position of the game, the start and the last included.
        for (std::size_t ply = 0; ply <= pgn.sans.size(); ++ply) {
            std::string fen = game->fen();
            if (const auto brace = fen.find(" {"); brace != std::string::npos) fen.erase(brace);
            std::set<std::string> ours;
            for (const auto move : game->legal_moves()) ours.insert(game->uci(move));
            auto theirs = (*session)->perft(fen, 1);
            ASSERT_TRUE(theirs.ok()) << theirs.error().to_string();
            std::set<std::string> their_moves;
            for (const auto& [move, nodes] : theirs->moves) their_moves.insert(move);
            EXPECT_EQ(their_moves, ours) << fen;
            if (ply == pgn.sans.size()) break;
            auto move = game->parse_move(pgn.sans[ply]);
            ASSERT_TRUE(move.ok()) << pgn.sans[ply];
            EXPECT_TRUE(their_moves.contains(game->uci(*move))) << fen << " " << pgn.sans[ply];
            game->play(*move);
            ++replayed;
        }
    }
    if (!command) GTEST_SKIP() << "Node or fairy-stockfish-nnue.wasm missing (./setup.sh)";
    EXPECT_GT(replayed, 6);
}

}  // namespace
}  // namespace balance::tournament
