// The UCI loop, driven in-process through string streams, with the shipped variants loaded by
// app's loader (what `balance uci` will do).

#include <gtest/gtest.h>

#include <sstream>

#include "balance/players/engine/uci.hpp"
#include "config/variant_files.hpp"
#include "engine_support.hpp"

namespace balance::testing {
namespace {

using players::engine::UciEnvironment;

UciEnvironment shipped_environment() {
    UciEnvironment env;
    env.variants = {"chess", "asymmetric", "uneven"};
    env.load_variant = [](const std::string& name,
                          const std::vector<std::string>& options) -> Result<core::VariantSpec> {
        const std::string path =
            std::string(BALANCE_SOURCE_DIR) + "/configs/variants/" + name + ".toml";
        return app::load_variant(path, options);
    };
    return env;
}

std::vector<std::string> run(const std::string& input) {
    std::istringstream in(input);
    std::ostringstream out;
    EXPECT_EQ(players::engine::run_uci(in, out, shipped_environment()), 0);
    std::vector<std::string> lines;
    std::istringstream s(out.str());
    for (std::string line; std::getline(s, line);) lines.push_back(line);
    return lines;
}

std::string last_starting(const std::vector<std::string>& lines, const std::string& prefix) {
    std::string found;
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) found = l;
    return found;
}

bool has_line(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

TEST(EngineUci, Handshake) {
    const auto lines = run("uci\nisready\nquit\n");
    EXPECT_EQ(lines.front(), "id name Balance");
    EXPECT_TRUE(has_line(
        lines,
        "option name UCI_Variant type combo default chess var chess var asymmetric var uneven"));
    EXPECT_TRUE(has_line(lines, "option name Threads type spin default 1 min 1 max 1"));
    EXPECT_TRUE(has_line(lines, "option name Hash type spin default 16 min 1 max 4096"));
    EXPECT_TRUE(has_line(lines, "option name WhiteArmy type string default <empty>"));
    EXPECT_TRUE(has_line(lines, "option name RandomPlies type spin default 8 min 0 max 200"));
    EXPECT_TRUE(has_line(lines, "uciok"));
    EXPECT_EQ(lines.back(), "readyok");
}

TEST(EngineUci, PositionWithMovesAndD) {
    const auto lines = run("position startpos moves e2e4 e7e5 g1f3\nd\n");
    EXPECT_EQ(last_starting(lines, "Fen:"),
              "Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
}

TEST(EngineUci, GoDepthReportsAndAnswersWithALegalMove) {
    const auto lines = run("ucinewgame\nposition startpos moves e2e4\ngo depth 4\n");
    const std::string info = last_starting(lines, "info depth 4 ");
    EXPECT_NE(info.find(" score cp "), std::string::npos) << info;
    EXPECT_NE(info.find(" nodes "), std::string::npos) << info;
    EXPECT_NE(info.find(" nps "), std::string::npos) << info;
    EXPECT_NE(info.find(" pv "), std::string::npos) << info;
    const std::string best = last_starting(lines, "bestmove ");
    ASSERT_FALSE(best.empty());
    auto game = make_game(load_shipped("chess"), "", "");
    ASSERT_TRUE(game.play("e2e4").ok());
    EXPECT_TRUE(game.parse_move(best.substr(9)).ok()) << best;
}

TEST(EngineUci, MateScore) {
    const auto lines = run("position fen 6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\ngo depth 3\n");
    EXPECT_NE(last_starting(lines, "info depth 3 ").find(" score mate 1 "), std::string::npos);
    EXPECT_EQ(last_starting(lines, "bestmove"), "bestmove d1d8");
}

TEST(EngineUci, VariantAndArmies) {
    const auto lines =
        run("setoption name UCI_Variant value asymmetric\n"
            "setoption name WhiteArmy value elves\n"
            "setoption name BlackArmy value orcs\n"
            "position startpos moves d2f4\n"
            "d\n"
            "go nodes 2000\n");
    const std::string fen = last_starting(lines, "Fen:");
    EXPECT_NE(fen.find("{W:elves B:orcs}"), std::string::npos) << fen;
    const std::string best = last_starting(lines, "bestmove ");
    auto game = make_game(load_shipped("asymmetric"), "elves", "orcs");
    ASSERT_TRUE(game.play("d2f4").ok());
    EXPECT_TRUE(game.parse_move(best.substr(9)).ok()) << best;
}

TEST(EngineUci, FenMetadataChoosesTheArmies) {
    const auto lines =
        run("setoption name UCI_Variant value asymmetric\n"
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 {W:orcs "
            "B:humans} moves e2e4\n"
            "d\n");
    EXPECT_NE(last_starting(lines, "Fen:").find("{W:orcs B:humans}"), std::string::npos);
}

TEST(EngineUci, RuleOptionsAndWideBoard) {
    const auto lines =
        run("setoption name UCI_Variant value uneven\n"
            "position startpos\n"
            "go depth 3\n"
            "setoption name UCI_Variant value asymmetric\n"
            "setoption name RuleOptions value free-placement\n"
            "position startpos\n"
            "go depth 2\n");
    std::vector<std::string> bests;
    for (const auto& l : lines)
        if (l.rfind("bestmove ", 0) == 0) bests.push_back(l);
    ASSERT_EQ(bests.size(), 2u);
    EXPECT_NE(bests[1].find('@'), std::string::npos) << bests[1];  // a drop during placement
}

TEST(EngineUci, InfiniteUntilStop) {
    const auto lines = run("position startpos\ngo infinite\nstop\nisready\n");
    EXPECT_FALSE(last_starting(lines, "bestmove ").empty());
    EXPECT_EQ(lines.back(), "readyok");
}

TEST(EngineUci, ClockGivesAnAnswer) {
    const auto lines = run("position startpos\ngo wtime 300 btime 300 winc 0 binc 0\n");
    EXPECT_FALSE(last_starting(lines, "bestmove ").empty());
}

TEST(EngineUci, ErrorsAreReportedNotFatal) {
    const auto lines =
        run("position startpos moves e2e5\n"
            "setoption name UCI_Variant value nosuchvariant\n"
            "frobnicate\n"
            "isready\n");
    EXPECT_NE(last_starting(lines, "info string error").find("e2e5"), std::string::npos);
    EXPECT_FALSE(last_starting(lines, "info string unknown variant").empty());
    EXPECT_FALSE(last_starting(lines, "info string unknown command").empty());
    EXPECT_EQ(lines.back(), "readyok");
}

TEST(EngineUci, TimeAllocation) {
    EXPECT_EQ(players::engine::allocate_time_ms(30000, 0, 0), 30000 / 30 - 20);
    EXPECT_EQ(players::engine::allocate_time_ms(10000, 0, 10), 10000 / 10 - 20);
    EXPECT_EQ(players::engine::allocate_time_ms(1000, 1000, 0), 1000 / 2 - 20);  // never over half
    EXPECT_GE(players::engine::allocate_time_ms(10, 0, 0), 1);
}

}  // namespace
}  // namespace balance::testing
