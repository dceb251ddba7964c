// Piece values in sweep files: inline tables and values files, and every way they can be wrong
// (each a clear error naming the file and key, before anything is played).

#include <gtest/gtest.h>

#include <cmath>

#include "../support/sweep_support.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;
using testing::sweep_load_error;

std::string chess_sweep(const std::string& values_line) {
    return R"(variant = "chess"
games_per_cell = 2
matchups = [["fitted", "plain"]]
[players.plain]
type = "engine"
nodes = 1000
[players.fitted]
type = "engine"
nodes = 1000
)" + values_line +
           "\n";
}

TEST(SweepPieceValues, InlineTable) {
    TempDir dir;
    auto sweep = config::load_sweep(dir.write(
        "fitted.toml", chess_sweep("values = { knight = 3.05, bishop = 3.33, queen = 9 }")));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    ASSERT_EQ(sweep->players.size(), 2u);
    EXPECT_TRUE(sweep->players[0].piece_values.empty());
    const auto& values = sweep->players[1].piece_values;
    ASSERT_EQ(values.size(), 3u);
    EXPECT_DOUBLE_EQ(values.at("knight"), 3.05);
    EXPECT_DOUBLE_EQ(values.at("bishop"), 3.33);
    EXPECT_DOUBLE_EQ(values.at("queen"), 9.0);  // an integer is a number too
    // The values are part of the stored player settings; a player without them stores none,
    // so sweeps written before values existed keep their identity.
    const std::string json = config_json(*sweep);
    EXPECT_NE(json.find(R"("values":{"bishop":3.33,"knight":3.05,"queen":9.0})"), std::string::npos)
        << json;
    const auto plain = json.find(R"("plain":{)");
    ASSERT_NE(plain, std::string::npos);
    EXPECT_EQ(json.substr(plain, json.find('}', plain) - plain).find("values"), std::string::npos)
        << json;
}

TEST(SweepPieceValues, ValuesFileBesideTheSweep) {
    TempDir dir;
    dir.write("chess-values.toml", R"(# fitted
variant = "chess"
value_unit = "pawn"
[values]
knight = 3.05
rook = 5.63
)");
    auto sweep = config::load_sweep(
        dir.write("fitted.toml", chess_sweep(R"(values = "chess-values.toml")")));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    const auto& fitted = sweep->players[1];
    EXPECT_DOUBLE_EQ(fitted.piece_values.at("knight"), 3.05);
    EXPECT_DOUBLE_EQ(fitted.piece_values.at("rook"), 5.63);
    EXPECT_NE(fitted.values_file.find("chess-values.toml"), std::string::npos);
}

TEST(SweepPieceValues, WrittenFileReadsBack) {
    const auto spec = config::load_variant(std::filesystem::path(BALANCE_SOURCE_DIR) /
                                           "configs/variants/chess.toml");
    ASSERT_TRUE(spec.ok());
    const config::PieceValues values{{"queen", 9.5}, {"knight", 3.05}, {"pawn", 1.0}};
    const std::string text = config::piece_values_toml(values, *spec, "fitted\nsecond line");
    // Variant order, not alphabetical; the comment kept as comment lines.
    EXPECT_LT(text.find("pawn = "), text.find("knight = "));
    EXPECT_LT(text.find("knight = "), text.find("queen = "));
    EXPECT_EQ(text.rfind("# fitted\n# second line\n", 0), 0u) << text;
    TempDir dir;
    auto read = config::load_piece_values_file(dir.write("v.toml", text), *spec);
    ASSERT_TRUE(read.ok()) << read.error().to_string();
    EXPECT_EQ(*read, values);
}

TEST(SweepPieceValues, BadValuesAreErrorsNamingFileAndKey) {
    EXPECT_EQ(sweep_load_error(chess_sweep("values = { knigt = 3.0 }")),
              "bad.toml:10: [players.fitted] values: variant 'chess' has no piece 'knigt'; did "
              "you mean 'knight'?");
    EXPECT_EQ(sweep_load_error(chess_sweep("values = { king = 100 }")),
              "bad.toml:10: [players.fitted] values: 'king' is royal: it carries no material "
              "value");
    EXPECT_EQ(sweep_load_error(chess_sweep("values = { knight = -3.0 }")),
              "bad.toml:10: [players.fitted] values: knight = -3 must be a positive number of "
              "pawns, at most 1000");
    EXPECT_EQ(sweep_load_error(chess_sweep("values = { knight = nan }")),
              "bad.toml:10: [players.fitted] values: knight = nan must be a positive number of "
              "pawns, at most 1000");
    EXPECT_EQ(sweep_load_error(chess_sweep("values = { knight = inf }")),
              "bad.toml:10: [players.fitted] values: knight = inf must be a positive number of "
              "pawns, at most 1000");
    EXPECT_EQ(sweep_load_error(chess_sweep(R"(values = { knight = "3" })")),
              "bad.toml:10: [players.fitted] values: knight must be a number (in pawns), not a "
              "string");
    EXPECT_EQ(sweep_load_error(chess_sweep("values = 3")),
              "bad.toml:10: 'values' in [players.fitted] must be a table, not an integer");
    // A missing values file is named where the sweep names it.
    EXPECT_EQ(sweep_load_error(chess_sweep(R"(values = "no-such-values.toml")")),
              "bad.toml:10: [players.fitted] values: no values file 'no-such-values.toml' (a "
              "relative path is read from the working directory, then beside the sweep file)");
    // Values belong to the internal engine.
    EXPECT_EQ(sweep_load_error(R"(variant = "chess"
games_per_cell = 2
[players.g]
type = "greedy"
values = { knight = 3.0 }
)"),
              "bad.toml:5: 'values' in [players.g] does not apply to type = \"greedy\"");
}

TEST(SweepPieceValues, ValuesFileForAnotherVariantOrUnit) {
    TempDir dir;
    dir.write("asym.toml", "variant = \"asymmetric\"\n[values]\nsprite = 0.5\n");
    dir.write("quarter.toml",
              "variant = \"chess\"\nvalue_unit = \"quarter-pawn\"\n[values]\nknight = 12\n");
    dir.write("unknown.toml", "variant = \"chess\"\n[values]\nsprite = 0.5\n");
    dir.write("typo.toml", "variant = \"chess\"\nvalue = 3\n[values]\nknight = 3\n");
    auto error = [&](const std::string& file) {
        auto sweep =
            config::load_sweep(dir.write("s.toml", chess_sweep("values = \"" + file + "\"")));
        EXPECT_FALSE(sweep.ok());
        return sweep ? std::string() : sweep.error().to_string();
    };
    EXPECT_NE(error("asym.toml")
                  .find("asym.toml:1: values for variant 'asymmetric', but the "
                        "game is 'chess'"),
              std::string::npos)
        << error("asym.toml");
    EXPECT_NE(error("quarter.toml")
                  .find("quarter.toml:2: values in quarter-pawns, but variant "
                        "'chess' counts in pawns"),
              std::string::npos)
        << error("quarter.toml");
    EXPECT_NE(error("unknown.toml")
                  .find("unknown.toml:3: [values]: variant 'chess' has no piece "
                        "'sprite'"),
              std::string::npos)
        << error("unknown.toml");
    EXPECT_NE(error("typo.toml").find("typo.toml:2:"), std::string::npos) << error("typo.toml");
}

}  // namespace
}  // namespace balance::tournament
