// `balance check`: validates sweep files as well as variant files.

#include <gtest/gtest.h>

#include <string>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;

constexpr const char* kMinimal = R"(variant = "asymmetric"
games_per_cell = 2
[players.e]
type = "engine"
nodes = 1000
)";

TEST(Check, ValidatesSweepFiles) {
    TempDir dir;
    const auto good = dir.write("good.toml", kMinimal);
    auto ok = testing::run_balance({"check", good.string()});
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_NE(ok.out.find("9 pairings x 1 rule set x 1 matchup = 9 cells, 2 games each (18 "
                          "games)"),
              std::string::npos)
        << ok.out;
    const auto bad =
        dir.write("bad.toml", std::string(kMinimal) + "[adjudication]\nmaxplies = 3\n");
    auto failed = testing::run_balance({"check", bad.string()});
    EXPECT_EQ(failed.status, 1);
    EXPECT_NE(failed.err.find("bad.toml:7: unknown key 'maxplies' in [adjudication]; did you mean "
                              "'max_plies'?"),
              std::string::npos)
        << failed.err;
}

// Rung-gap matchups are played in the mirror pairings alone: the line counts their cells apart,
// so its product still equals the cells it states (2 x 1 x 3 + 4 = 10, not 2 x 1 x 7).
TEST(Check, CountsRungGapCellsApart) {
    TempDir dir;
    const auto file = dir.write("ladder.toml", R"(variant = "asymmetric"
games_per_cell = 10
rung_gap_games = 4
pairings = [["humans", "humans"], ["humans", "elves"]]
[players.e]
type = "engine"
nodes = [100, 200, 400]
)");
    auto ok = testing::run_balance({"check", file.string()});
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_NE(ok.out.find("2 pairings x 1 rule set x 3 matchups + 4 rung-gap cells = 10 cells, "
                          "10 games each, 4 per rung-gap cell (76 games)"),
              std::string::npos)
        << ok.out;
}

// Games that all start from the start position between players that do not vary by the seed
// may repeat: check says so, and how to give every game its own opening. A sweep with openings,
// or whose engine varies its first moves by the seed (random_plies, on by default), gets no
// such note.
TEST(Check, NotesASweepWithoutOpeningsOrRandomness) {
    TempDir dir;
    const auto fixed = dir.write("fixed.toml", std::string(kMinimal) + "random_plies = 0\n");
    auto plain = testing::run_balance({"check", fixed.string()});
    EXPECT_EQ(plain.status, 0) << plain.err;
    EXPECT_NE(plain.out.find("note: every game starts from the start position and no player of "
                             "'e' varies its play by the seed"),
              std::string::npos)
        << plain.out;
    auto seeded = testing::run_balance({"check", dir.write("plain.toml", kMinimal).string()});
    EXPECT_EQ(seeded.status, 0) << seeded.err;
    EXPECT_EQ(seeded.out.find("start position"), std::string::npos) << seeded.out;
    const auto varied = dir.write("varied.toml", std::string(kMinimal) +
                                                     "random_plies = 0\n[openings]\ntype = "
                                                     "\"random-plies\"\nplies = 4\n");
    auto ok = testing::run_balance({"check", varied.string()});
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_EQ(ok.out.find("start position"), std::string::npos) << ok.out;
}

// A SjaakII player's definitions are written when the sweep is checked: what SjaakII cannot
// express fails the check, naming the piece; the shipped SjaakII sweep passes.
TEST(Check, NamesThePieceSjaakIICannotPlay) {
    TempDir dir;
    const auto file = dir.write("s.toml", R"(variant = "asymmetric"
games_per_cell = 2
[players.s]
type = "sjaakii"
nodes = 1000
)");
    auto failed = testing::run_balance({"check", file.string()});
    EXPECT_EQ(failed.status, 1);
    EXPECT_NE(failed.err.find("(type = \"sjaakii\") cannot play humans vs elves"),
              std::string::npos)
        << failed.err;
    EXPECT_NE(failed.err.find("piece 'ranger' (jB): a ski-slide"), std::string::npos) << failed.err;
    auto ok = testing::run_balance({"check", "asymmetric-sjaakii"});
    EXPECT_EQ(ok.status, 0) << ok.err;
}

// A bare name is resolved as `balance sweep` resolves it: `check quick` checks the shipped sweep.
TEST(Check, ResolvesBareSweepNames) {
    auto ok = testing::run_balance({"check", "quick"});
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_NE(ok.out.find("sweep 'quick', variant asymmetric"), std::string::npos) << ok.out;
    // A variant name still means the variant.
    auto variant = testing::run_balance({"check", "chess"});
    EXPECT_EQ(variant.status, 0) << variant.err;
    EXPECT_NE(variant.out.find("pieces"), std::string::npos) << variant.out;
}

// An unknown name: one message that lists variants and sweeps, suggests the nearest, and does
// not show the directory the binary was built in.
TEST(Check, UnknownNameListsVariantsAndSweeps) {
    auto failed = testing::run_balance({"check", "quikc"});
    EXPECT_EQ(failed.status, 1);
    EXPECT_NE(failed.err.find("quikc: no such file, variant or sweep; did you mean 'quick'?"),
              std::string::npos)
        << failed.err;
    EXPECT_NE(failed.err.find("sweeps: "), std::string::npos) << failed.err;
    EXPECT_EQ(failed.err.find(BALANCE_SOURCE_DIR), std::string::npos) << failed.err;
}

}  // namespace
}  // namespace balance::cli
