// The UCI loop, driven in-process through string streams, with the shipped variants loaded by
// app's loader (what `balance uci` will do).

#include <gtest/gtest.h>

#include <sstream>

#include "balance/config/variant_files.hpp"
#include "balance/players/engine/uci.hpp"
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
        return config::load_variant(path, options);
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

std::vector<std::string> all_starting(const std::vector<std::string>& lines,
                                      const std::string& prefix) {
    std::vector<std::string> found;
    for (const auto& l : lines)
        if (l.rfind(prefix, 0) == 0) found.push_back(l);
    return found;
}

// Whether `bestmove X` is a legal chess move after e2e4.
bool legal_after_e2e4(const std::string& bestmove) {
    auto game = make_game(load_shipped("chess"), "", "");
    return game.play("e2e4").ok() && bestmove.size() > 9 &&
           game.parse_move(bestmove.substr(9)).ok();
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
    EXPECT_TRUE(legal_after_e2e4(best)) << best;
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
    const auto bests = all_starting(lines, "bestmove ");
    ASSERT_EQ(bests.size(), 2u);
    EXPECT_NE(bests[1].find('@'), std::string::npos) << bests[1];  // a drop during placement
}

TEST(EngineUci, InfiniteUntilStop) {
    const auto lines = run("position startpos\ngo infinite\nstop\nisready\n");
    EXPECT_FALSE(last_starting(lines, "bestmove ").empty());
    EXPECT_EQ(lines.back(), "readyok");
}

// `go` with no limit searches until told otherwise: the next command (or the end of input) stops
// it with an answer instead of waiting for a search that never ends (found by fuzz_uci_engine,
// which hung here). Before the fix this test never returned.
TEST(EngineUci, GoWithoutALimitStopsAtTheNextCommand) {
    const auto lines = run("position startpos\ngo\nposition startpos moves e2e4\nisready\n");
    EXPECT_EQ(all_starting(lines, "bestmove ").size(), 1u);
    EXPECT_EQ(lines.back(), "readyok");
    const auto at_end = run("position startpos\ngo\n");
    EXPECT_FALSE(last_starting(at_end, "bestmove ").empty());
}

TEST(EngineUci, ClockGivesAnAnswer) {
    const auto lines = run("position startpos\ngo wtime 300 btime 300 winc 0 binc 0\n");
    EXPECT_FALSE(last_starting(lines, "bestmove ").empty());
}

TEST(EngineUci, ErrorsAreReportedNotFatal) {
    const auto lines =
        run("setoption name UCI_Variant value nosuchvariant\n"
            "frobnicate\n"
            "d\n"
            "isready\n");
    EXPECT_EQ(last_starting(lines, "info string error: unknown UCI_Variant"),
              "info string error: unknown UCI_Variant 'nosuchvariant' (expected one of: chess "
              "asymmetric uneven); the variant stays 'chess'");
    EXPECT_FALSE(last_starting(lines, "info string unknown command 'frobnicate'").empty());
    // Still chess: the start position.
    EXPECT_EQ(last_starting(lines, "Fen:"),
              "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EXPECT_EQ(lines.back(), "readyok");
}

// An illegal move names itself, its number and the position it was tried in, and leaves no
// position: `go` refuses with the null move instead of answering for another position.
TEST(EngineUci, IllegalMoveLeavesNoPosition) {
    const auto lines =
        run("position startpos moves e2e4\n"
            "position startpos moves e2e4 e7e5 e1e3\n"
            "d\n"
            "go depth 2\n"
            "isready\n");
    EXPECT_EQ(last_starting(lines, "info string error: position"),
              "info string error: position: move 3 'e1e3' is not a legal move in "
              "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 (expected a legal "
              "move in UCI notation, e.g. e2e4, e7e8q, N@e4)");
    EXPECT_TRUE(last_starting(lines, "Fen:").empty());  // not the earlier position after e2e4
    EXPECT_NE(last_starting(lines, "info string error: no position to search").find("e1e3"),
              std::string::npos);
    EXPECT_TRUE(last_starting(lines, "info depth").empty());  // no search ran
    EXPECT_EQ(last_starting(lines, "bestmove"), "bestmove 0000");
    EXPECT_EQ(lines.back(), "readyok");
}

TEST(EngineUci, UnparsableMoveAndBadFenAreErrors) {
    const auto garbage = run("position startpos moves e2e4 zz9\ngo depth 1\n");
    EXPECT_NE(last_starting(garbage, "info string error: position: move 2 'zz9'"), "");
    EXPECT_EQ(last_starting(garbage, "bestmove"), "bestmove 0000");

    const auto bad_fen =
        run("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1\n"
            "go depth 1\n");
    const std::string fen_error = last_starting(bad_fen, "info string error: position fen");
    EXPECT_NE(fen_error.find("RNBQKBNX"), std::string::npos) << fen_error;
    EXPECT_NE(fen_error.find("piece letter 'X'"), std::string::npos) << fen_error;
    EXPECT_EQ(last_starting(bad_fen, "bestmove"), "bestmove 0000");

    const auto no_fen = run("position fen\ngo depth 1\n");
    EXPECT_EQ(last_starting(no_fen, "info string error: position fen"),
              "info string error: position fen: the FEN is missing");
    EXPECT_EQ(last_starting(no_fen, "bestmove"), "bestmove 0000");

    const auto neither = run("position e2e4\nposition startpos e2e4\n");
    EXPECT_NE(last_starting(neither, "info string error: position needs"), "");
    EXPECT_NE(last_starting(neither, "info string error: position startpos: expected 'moves'"), "");
}

// The next valid `position` ends the refusal; a plain `go` after an error does not.
TEST(EngineUci, ValidPositionRecovers) {
    const auto lines =
        run("position startpos moves e2e5\n"
            "ucinewgame\n"
            "go depth 1\n"
            "position startpos moves e2e4\n"
            "go depth 1\n");
    const auto bests = all_starting(lines, "bestmove ");
    ASSERT_EQ(bests.size(), 2u);
    EXPECT_EQ(bests[0], "bestmove 0000");
    EXPECT_TRUE(legal_after_e2e4(bests[1])) << bests[1];
}

// Armies are kept whatever the order of setoption (WhiteArmy may come before UCI_Variant), but
// an army the variant does not have is an error at once and at every position.
TEST(EngineUci, UnknownArmyIsAnError) {
    const auto lines =
        run("setoption name UCI_Variant value asymmetric\n"
            "setoption name WhiteArmy value dwarves\n"
            "position startpos\n"
            "go depth 1\n");
    const std::string said = last_starting(lines, "info string error: after setoption WhiteArmy");
    EXPECT_NE(said.find("unknown army 'dwarves'"), std::string::npos) << said;
    EXPECT_NE(last_starting(lines, "info string error: position").find("dwarves"),
              std::string::npos);
    EXPECT_EQ(last_starting(lines, "bestmove"), "bestmove 0000");

    const auto reordered =
        run("setoption name WhiteArmy value elves\n"  // not a chess army: said, but kept
            "setoption name UCI_Variant value asymmetric\n"
            "position startpos\n"
            "d\n");
    EXPECT_NE(last_starting(reordered, "info string error: after setoption WhiteArmy")
                  .find("unknown army 'elves'"),
              std::string::npos);
    EXPECT_TRUE(last_starting(reordered, "info string error: after setoption UCI_Variant").empty());
    EXPECT_NE(last_starting(reordered, "Fen:").find("{W:elves"), std::string::npos);

    const auto bad_rule = run("setoption name RuleOptions value no-such-rule\n");
    EXPECT_NE(last_starting(bad_rule, "info string error: after setoption RuleOptions")
                  .find("no-such-rule"),
              std::string::npos);
}

TEST(EngineUci, GoWithABadNumberSaysSo) {
    const auto lines = run("position startpos\ngo depth x nodes 500\n");
    EXPECT_EQ(last_starting(lines, "info string error: go"),
              "info string error: go depth needs a number, got 'x'");
    EXPECT_FALSE(last_starting(lines, "bestmove ").empty());
}

TEST(EngineUci, TimeAllocation) {
    EXPECT_EQ(players::engine::allocate_time_ms(30000, 0, 0), 30000 / 30 - 20);
    EXPECT_EQ(players::engine::allocate_time_ms(10000, 0, 10), 10000 / 10 - 20);
    EXPECT_EQ(players::engine::allocate_time_ms(1000, 1000, 0), 1000 / 2 - 20);  // never over half
    EXPECT_GE(players::engine::allocate_time_ms(10, 0, 0), 1);
}

}  // namespace
// In a game's first RandomPlies plies (8 by default) bestmove is a seeded pick among moves close
// to the best, so it can differ from the pv's first move: an info string says why, right before
// it; with RandomPlies 0 bestmove is the pv's first move.
TEST(EngineUci, ARandomPickThatLeavesThePvIsExplained) {
    int picks = 0;
    for (int seed = 1; seed <= 12; ++seed) {
        for (const int plies : {8, 0}) {
            const auto lines = run("setoption name Seed value " + std::to_string(seed) +
                                   "\nsetoption name RandomPlies value " + std::to_string(plies) +
                                   "\nposition startpos\ngo depth 4\n");
            const std::string best = last_starting(lines, "bestmove ").substr(9);
            const std::string info = last_starting(lines, "info depth ");
            const std::string pv_head = info.substr(info.find(" pv ") + 4, best.size());
            const bool explained = lines.size() >= 2 && lines[lines.size() - 2].rfind(
                                                            "info string bestmove is a "
                                                            "seeded pick among ",
                                                            0) == 0;
            if (plies == 0) {
                EXPECT_EQ(best, pv_head) << "seed " << seed;
                EXPECT_FALSE(explained);
            } else if (best != pv_head) {
                ++picks;
                EXPECT_TRUE(explained) << "seed " << seed << ": " << lines[lines.size() - 2];
            } else {
                EXPECT_FALSE(explained) << "seed " << seed;
            }
        }
    }
    EXPECT_GT(picks, 0) << "no seed picked another move than the pv's: the test tests nothing";
}

}  // namespace balance::testing
