// `balance check` and `balance perft` end to end through core, on the shipped variants. The perft
// counts are counted by hand from the move lists in RULES.md (sections 1.8 and 2.4).

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using testing::CliRun;
using testing::run_balance;

std::uint64_t perft_nodes(const std::vector<std::string>& args) {
    std::vector<std::string> full{"perft", "--json"};
    full.insert(full.end(), args.begin(), args.end());
    const CliRun result = run_balance(full);
    EXPECT_EQ(result.status, 0) << result.err;
    if (result.status != 0) return 0;
    return nlohmann::json::parse(result.out)["nodes"].get<std::uint64_t>();
}

TEST(CheckCommand, ChessAndAsymmetricAreValidWithEveryOptionValue) {
    const CliRun result = run_balance({"check", "chess", "asymmetric"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_EQ(result.err, "");
    EXPECT_NE(result.out.find("chess.toml: 6 pieces, 1 army, 19 options (23 configurations"),
              std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("asymmetric.toml: 16 pieces, 3 armies, 8 options (10 configurations"),
              std::string::npos)
        << result.out;
}

// Uneven's armies are side-specific (White's array holds no Carpenter): only white-vs-black is a
// game, so validation must not try the other pairings.
TEST(CheckCommand, UnevenIsValidWithEveryOptionValue) {
    const CliRun result = run_balance({"check", "uneven"});
    EXPECT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("uneven.toml: 13 pieces, 2 armies, 3 options (5 configurations"),
              std::string::npos)
        << result.out;
}

// A FEN's army tags choose the armies the flags leave open; a flag overrides its colour's tag.
TEST(PerftCommand, FenArmyTagsSelectTheArmies) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const auto elves_orcs = perft_nodes(
        {"--variant", "asymmetric", "--white", "elves", "--black", "orcs", "--depth", "3"});
    const auto humans_orcs = perft_nodes(
        {"--variant", "asymmetric", "--white", "humans", "--black", "orcs", "--depth", "3"});
    const auto humans_humans = perft_nodes({"--variant", "asymmetric", "--depth", "3"});
    ASSERT_NE(elves_orcs, humans_orcs);
    ASSERT_NE(humans_orcs, humans_humans);
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--fen", start + " {W:elves B:orcs}",
                           "--depth", "3"}),
              elves_orcs);
    EXPECT_EQ(
        perft_nodes({"--variant", "asymmetric", "--fen", start + " {W:Elf B:Orc}", "--depth", "3"}),
        elves_orcs);  // aliases
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--white", "humans", "--fen",
                           start + " {W:elves B:orcs}", "--depth", "3"}),
              humans_orcs);
    const CliRun wrong = run_balance({"perft", "--variant", "chess", "--fen",
                                      "4k3/8/8/8/8/8/8/4K3 w - - 0 1 {B:orcs}", "-d", "1"});
    EXPECT_NE(wrong.status, 0);
    EXPECT_NE(wrong.err.find("FEN names army 'orcs' for Black, which variant 'chess' does not "
                             "have (armies: fide)"),
              std::string::npos)
        << wrong.err;
}

TEST(PerftCommand, OrthodoxStartCounts) {
    EXPECT_EQ(perft_nodes({"--variant", "chess", "--depth", "1"}), 20u);
    EXPECT_EQ(perft_nodes({"--variant", "chess", "--depth", "3"}), 8902u);
}

TEST(PerftCommand, DivideSumsToTheTotal) {
    const CliRun result =
        run_balance({"perft", "--variant", "chess", "--depth", "2", "--divide", "--json"});
    ASSERT_EQ(result.status, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_EQ(json["nodes"], 400);
    ASSERT_EQ(json["divide"].size(), 20u);
    std::uint64_t sum = 0;
    for (const auto& [move, nodes] : json["divide"].items()) sum += nodes.get<std::uint64_t>();
    EXPECT_EQ(sum, 400u);
    EXPECT_EQ(json["divide"]["e2e4"], 20);
}

TEST(PerftCommand, TextOutputHasDivideLinesThenTotals) {
    const CliRun result = run_balance({"perft", "--variant", "chess", "--depth", "1", "--divide"});
    ASSERT_EQ(result.status, 0) << result.err;
    EXPECT_NE(result.out.find("e2e4: 1\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("nodes 20\nseconds "), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("\nnps "), std::string::npos) << result.out;
}

// Elves: 8 Sprites 14 single + 12 double steps; Rangers 5 + 5; Pegasi 2 + 2; Phoenix 2 (knight
// moves c3, e3); Unicorns and the Hero none.
TEST(PerftCommand, AsymmetricElvesStart) {
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--white", "Elf", "--depth", "1"}), 42u);
    // Without the double step only the 14 single steps remain: 42 - 12.
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--white", "elves", "--rules",
                           "sprite-double-step=none", "--depth", "1"}),
              30u);
}

// Orcs: 8 Guards 8 single + 8 double steps; Wyverns 5 + 5; Harpies 2 + 2; Dragon 2 (c3, e3);
// Werewolves and the Hero none.
TEST(PerftCommand, AsymmetricOrcsStart) {
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--white", "orc", "--depth", "1"}), 32u);
    EXPECT_EQ(perft_nodes({"--variant", "asymmetric", "--white", "orcs", "--rules",
                           "guard-double-step=off", "--depth", "1"}),
              24u);
}

// Uneven: 10 pawns x 2; Phoenix d1 {b3, f3}; Kirin i1 {i3}; Knights c1 {b3, d3}, h1 {g3, i3}.
TEST(PerftCommand, UnevenStart) {
    EXPECT_EQ(perft_nodes({"--variant", "uneven", "--depth", "1"}), 27u);
}

}  // namespace
}  // namespace balance::cli
