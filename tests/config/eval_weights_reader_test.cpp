// Evaluation files (`eval = "FILE"` on an internal-engine player): read, stored with the
// player's settings, written back as read; and every way they can be wrong (each a clear error
// naming the file and key, before anything is played).

#include <gtest/gtest.h>

#include "../support/sweep_support.hpp"
#include "../support/variants.hpp"
#include "balance/config/eval_weights_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/tournament/sweep_json.hpp"

namespace balance::tournament {
namespace {

using balance::testing::TempDir;

std::string eval_sweep(const std::string& eval_line) {
    return R"(variant = "chess"
games_per_cell = 2
matchups = [["tuned", "plain"]]
[players.plain]
type = "engine"
nodes = 1000
[players.tuned]
type = "engine"
nodes = 1000
)" + eval_line +
           "\n";
}

const char* kGoodFile = R"(# tuned
variant = "chess"
[terms]
doubled_pawn = [-11, -19]
tempo = 14
passed_enemy_king = 7.4
[pieces.knight]
material = [310, 290]
mobility = [5, 3]
[pieces.pawn]
material = [90, 120]
)";

TEST(EvalWeightsFile, ReadIntoThePlayerAndStoredWithIt) {
    TempDir dir;
    dir.write("chess-eval.toml", kGoodFile);
    auto sweep = config::load_sweep(dir.write("s.toml", eval_sweep(R"(eval = "chess-eval.toml")")));
    ASSERT_TRUE(sweep.ok()) << sweep.error().to_string();
    ASSERT_EQ(sweep->players.size(), 2u);
    EXPECT_FALSE(sweep->players[0].eval_weights);
    ASSERT_TRUE(sweep->players[1].eval_weights);
    const auto& w = *sweep->players[1].eval_weights;
    EXPECT_EQ(w.doubled_pawn, (players::engine::Score{-11, -19}));
    EXPECT_EQ(w.tempo.mg, 14);
    EXPECT_EQ(w.passed_enemy_king.eg, 7);  // rounded to whole centipawns
    EXPECT_EQ(w.isolated_pawn, players::engine::EvalWeights{}.isolated_pawn);  // not named
    EXPECT_EQ(w.pieces.at("knight").material, (players::engine::Score{310, 290}));
    EXPECT_FALSE(w.pieces.at("knight").centre);
    // Stored with the player's settings; the plain player stores none.
    const std::string json = config_json(*sweep);
    EXPECT_NE(json.find(R"("knight":{"material":[310,290],"mobility":[5,3]})"), std::string::npos)
        << json;
    EXPECT_NE(json.find(R"("tempo":14)"), std::string::npos) << json;
    const auto plain = json.find(R"("plain":{)");
    ASSERT_NE(plain, std::string::npos);
    EXPECT_EQ(json.substr(plain, json.find('}', plain) - plain).find("eval"), std::string::npos);
    // "full" and "material" keep their meaning.
    auto material = config::load_sweep(dir.write("m.toml", eval_sweep(R"(eval = "material")")));
    ASSERT_TRUE(material.ok()) << material.error().to_string();
    EXPECT_EQ(material->players[1].eval, players::engine::EvalTerms::Material);
    EXPECT_FALSE(material->players[1].eval_weights);
}

TEST(EvalWeightsFile, WrittenAsRead) {
    TempDir dir;
    const auto spec = balance::testing::load_shipped("chess");
    auto read = config::load_eval_weights_file(dir.write("a.toml", kGoodFile), spec);
    ASSERT_TRUE(read) << read.error().to_string();
    const std::string text = config::eval_weights_toml(*read, spec, "line one\nline two");
    EXPECT_EQ(text.rfind("# line one\n# line two\nvariant = \"chess\"\n", 0), 0u) << text;
    auto again = config::load_eval_weights_file(dir.write("b.toml", text), spec);
    ASSERT_TRUE(again) << again.error().to_string();
    EXPECT_EQ(*again, *read);
}

TEST(EvalWeightsFile, BadFilesNameTheFileAndKey) {
    TempDir dir;
    const auto spec = balance::testing::load_shipped("chess");
    auto error = [&](const std::string& body) {
        const auto path = dir.write("bad-eval.toml", body);
        auto read = config::load_eval_weights_file(path, spec);
        EXPECT_FALSE(read);
        if (read) return std::string();
        const std::string printed = read.error().to_string();
        const auto at = printed.find("bad-eval.toml");
        return at == std::string::npos ? printed : printed.substr(at);
    };
    EXPECT_EQ(error("variant = \"asymmetric\"\n"),
              "bad-eval.toml:1: evaluation weights for variant 'asymmetric', but the game is "
              "'chess'");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ndouble_pawn = [1, 2]\n")
                  .rfind("bad-eval.toml:3: [terms]: no term 'double_pawn'; did you mean "
                         "'doubled_pawn'?",
                         0),
              0u);
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ndoubled_pawn = [1, 2, 3]\n"),
              "bad-eval.toml:3: [terms] doubled_pawn must be [middlegame, endgame]: a list of 2 "
              "numbers, not a list of 3");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ndoubled_pawn = 4\n"),
              "bad-eval.toml:3: [terms] doubled_pawn must be [middlegame, endgame]: a list of 2 "
              "numbers, not an integer");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ntempo = [1, 2]\n"),
              "bad-eval.toml:3: [terms] tempo has one weight (after the taper): a number, not a "
              "list");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ntempo = nan\n"),
              "bad-eval.toml:3: [terms] tempo = nan must be a finite number within +-100000");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\nopen_file = [inf, 2]\n"),
              "bad-eval.toml:3: [terms] open_file[0] = inf must be a finite number within "
              "+-100000");
    EXPECT_EQ(error("variant = \"chess\"\n[terms]\ntempo = \"ten\"\n"),
              "bad-eval.toml:3: [terms] tempo must be a number, not a string");
    EXPECT_EQ(error("variant = \"chess\"\n[pieces.sprite]\nmaterial = [1, 2]\n")
                  .rfind("bad-eval.toml:2: [pieces]: variant 'chess' has no piece 'sprite'", 0),
              0u);
    EXPECT_EQ(error("variant = \"chess\"\n[pieces.king]\nmaterial = [1, 2]\n"),
              "bad-eval.toml:3: [pieces.king]: no term 'material' for this piece (its terms: "
              "none)");
    EXPECT_EQ(error("variant = \"chess\"\n[pieces.pawn]\nmobility = [1, 2]\n"),
              "bad-eval.toml:3: [pieces.pawn]: no term 'mobility' for this piece (its terms: "
              "material)");
    EXPECT_EQ(error("variant = \"chess\"\nterm = 3\n").rfind("bad-eval.toml:2:", 0), 0u);
}

TEST(EvalWeightsFile, SweepErrorsNothingPlayed) {
    TempDir dir;
    dir.write("asym-eval.toml", "variant = \"asymmetric\"\n");
    auto other = config::load_sweep(dir.write("s.toml", eval_sweep(R"(eval = "asym-eval.toml")")));
    ASSERT_FALSE(other.ok());
    EXPECT_NE(other.error().to_string().find(
                  "asym-eval.toml:1: evaluation weights for variant 'asymmetric', but the game is "
                  "'chess'"),
              std::string::npos)
        << other.error().to_string();
    EXPECT_EQ(testing::sweep_load_error(eval_sweep(R"(eval = "no-such-eval.toml")")),
              "bad.toml:10: [players.tuned] eval: no evaluation file 'no-such-eval.toml' (a "
              "relative path is read from the working directory, then beside the sweep file)");
    EXPECT_EQ(testing::sweep_load_error(R"(variant = "chess"
games_per_cell = 2
[players.g]
type = "greedy"
eval = "x.toml"
)"),
              "bad.toml:5: 'eval' in [players.g] does not apply to type = \"greedy\"");
}

TEST(EvalWeightsFile, ShippedFilesLoad) {
    const std::filesystem::path dir = std::filesystem::path(BALANCE_SOURCE_DIR) / "configs/eval";
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".toml") continue;
        ++files;
        auto variant = config::eval_file_variant(entry.path());
        ASSERT_TRUE(variant) << variant.error().to_string();
        auto read = config::load_eval_weights_file(entry.path(),
                                                   balance::testing::load_shipped(*variant));
        EXPECT_TRUE(read) << read.error().to_string();
    }
    EXPECT_GE(files, 1);
}

}  // namespace
}  // namespace balance::tournament
