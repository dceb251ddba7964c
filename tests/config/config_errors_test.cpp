// One case per kind of config error: each message names the file and line and what was
// expected. Each case's file is written to a temporary directory; most start with the 4 lines
// of kTinyHead, so the text given in a case starts on line 5.

#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include "../support/tiny_variant.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/rules.hpp"
#include "toml_support.hpp"

namespace balance::config {
namespace {

using balance::testing::tiny_variant;

// A valid variant: lines 5-10 after the head. Cases append a broken line 11 or put one on top.
const std::string kValid = tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
value = 4.1
[armies.solo]
letters = { K = "king", U = "unicorn" }
promotions = ["unicorn"]
)");

struct BadConfig {
    std::string name;
    std::string text;
    std::string where;    // "bad.toml:<line>"
    std::string message;  // exact, or a prefix when it ends in "..."
};

std::ostream& operator<<(std::ostream& out, const BadConfig& c) {
    return out << c.name;
}

const std::vector<BadConfig> kBadConfigs = {
    {"UnknownKeySuggestsTheNearestKey", tiny_variant(R"([pieces.unicorn]
betsa = "FafsF"
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"),
     "bad.toml:6", "unknown key 'betsa' in [pieces.unicorn]; did you mean 'betza'?"},
    {"UnknownTopLevelKey", "rank = 9\n" + kValid, "bad.toml:1",
     "unknown key 'rank' in the top level; did you mean 'ranks'?"},
    {"WrongType", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
value = "high"
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"),
     "bad.toml:7", "'value' in [pieces.unicorn] must be a number, not a string"},
    {"MissingBetzaPointsAtTheTable", tiny_variant(R"([pieces.unicorn]
value = 4.1
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"),
     "bad.toml:5", "[pieces.unicorn] is missing required key 'betza'"},
    {"MissingStartFen", kValid.substr(kValid.find('\n') + 1), "bad.toml:1",
     "the top level is missing required key 'start_fen'"},
    {"UnknownPieceInArmy", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
[armies.solo]
letters = { K = "king", U = "unicron" }
)"),
     "bad.toml:8",
     "letter 'U' in letters of [armies.solo] names unknown piece 'unicron'; did you mean "
     "'unicorn'?"},
    {"UnknownPieceInPromotions", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
[armies.solo]
letters = { K = "king", U = "unicorn" }
promotions = ["unicorns"]
)"),
     "bad.toml:9",
     "promotion 'unicorns' of [armies.solo] is not a known piece; did you mean 'unicorn'?"},
    {"BadRole", R"(start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[pieces.king]
betza = "K"
role = "kng"
[armies.solo]
letters = { K = "king" }
)",
     "bad.toml:4",
     "'role' in [pieces.king] must be one of normal, pawn, king, not 'kng'; did you mean 'king'?"},
    {"DuplicateLetter", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
[pieces.unicorn2]
betza = "FafsF"
[armies.solo]
letters = { K = "king", U = "unicorn", u = "unicorn2" }
)"),
     "bad.toml:10",
     "duplicate letter 'U' in letters of [armies.solo] (letters are case-insensitive)"},
    {"PieceWithTwoLetters", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
[armies.solo]
letters = { K = "king", U = "unicorn", N = "unicorn" }
)"),
     "bad.toml:8", "piece 'unicorn' has two letters in letters of [armies.solo], 'N' and 'U'"},
    {"CannotMateUsesALetterTheArmyLacks", kValid + "cannot_mate = [\"\", \"N\"]\n", "bad.toml:11",
     "cannot_mate entry 'N' of [armies.solo] uses 'N', which is not one of the army's upper-case "
     "letters"},
    {"UnusedPiece", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
[armies.solo]
letters = { K = "king" }
)"),
     "bad.toml:6", "piece 'unicorn' is used by no army (give it a letter in one)"},
    {"UnknownDefaultArmy", "default_white = \"sollo\"\n" + kValid, "bad.toml:1",
     "'default_white' names unknown army 'sollo'; did you mean 'solo'? (armies: solo)"},
    {"BadRuleChoice", kValid + "[rules]\nstalemate = \"loss\"\n", "bad.toml:12",
     "'stalemate' in [rules] must be one of draw, win, not 'loss'"},
    {"IntegerOutOfRange", "files = 0\n" + kValid, "bad.toml:1",
     "'files' in the top level must be between 1 and 26, not 0"},
    {"BonusNamesUnknownPiece",
     kValid + "[[bonuses]]\npieces = [\"unicorn\", \"kign\"]\nvalue = 2\n", "bad.toml:12",
     "'pieces' in [[bonuses]] entry 1 names unknown piece 'kign'; did you mean 'king'?"},
    {"RankWindowUpsideDown", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
ranked = [{ betza = "fmnD", from_ranks = [3, 2] }]
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"),
     "bad.toml:7",
     "'from_ranks' in [pieces.unicorn] ranked entry 1 must be [first, last]: two ranks from 1 (the "
     "mover's first rank) with first <= last"},
    {"RankedEntryWithoutRanks", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
ranked = [{ betza = "fmnD" }]
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"),
     "bad.toml:7",
     "[pieces.unicorn] ranked entry 1 needs from_ranks or to_ranks (else put its moves in "
     "'betza')"},
    {"SelfCaptureWithPromotionToCaptured",
     kValid + "[rules]\nself_capture = true\npromote_to_captured = true\n", "bad.toml:12",
     "[rules] self_capture cannot be combined with promote_to_captured (a piece taken by its own "
     "side would become a promotion choice)"},
    {"CastlingFromMoveZero", kValid + "[castling]\nfrom_move = 0\n", "bad.toml:12",
     "'from_move' in [castling] must be between 1 and 1000000, not 0"},
    {"SyntaxErrorHasTheLine", R"(start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[pieces.king]
betza = "K
role = "king"
)",
     "bad.toml:3", "TOML syntax error at column ..."},
};

class ConfigErrors : public ::testing::TestWithParam<BadConfig> {};

TEST_P(ConfigErrors, NamesFileLineAndProblem) {
    const BadConfig& config = GetParam();
    balance::testing::TempDir dir;
    const auto file = dir.write("bad.toml", config.text);
    auto spec = load_variant(file);
    ASSERT_FALSE(spec.ok()) << "expected an error";
    const std::string where = display_path(dir.path().string()) + "/" + config.where;
    EXPECT_EQ(spec.error().where, where);
    if (config.message.ends_with("...")) {
        EXPECT_TRUE(
            spec.error().message.starts_with(config.message.substr(0, config.message.size() - 3)))
            << spec.error().message;
    } else {
        EXPECT_EQ(spec.error().message, config.message);
    }
}

INSTANTIATE_TEST_SUITE_P(Kinds, ConfigErrors, ::testing::ValuesIn(kBadConfigs),
                         [](const auto& info) { return info.param.name; });

// A rank window beyond the board is found when the rules are compiled (the board size may come
// from an inherited file): the error still names the entry's line.
TEST(ConfigFile, RankWindowOutsideTheBoardNamesTheEntry) {
    balance::testing::TempDir dir;
    const auto file = dir.write("bad.toml", tiny_variant(R"([pieces.unicorn]
betza = "FafsF"
ranked = [{ betza = "fmnD", from_ranks = [2, 9] }]
[armies.solo]
letters = { K = "king", U = "unicorn" }
)"));
    auto spec = load_variant(file);
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    auto rules = core::compile_rules(*spec, "", "");
    ASSERT_FALSE(rules.ok());
    EXPECT_EQ(rules.error().where, display_path(dir.path().string()) + "/bad.toml:7");
    EXPECT_EQ(rules.error().message,
              "piece 'unicorn': ranked move \"fmnD\": from_ranks [2, 9] is not a rank range inside "
              "the 8-rank board (1 = the mover's first rank, first <= last)");
}

TEST(ConfigFile, TheValidBaseLoads) {
    balance::testing::TempDir dir;
    auto spec = load_variant(dir.write("good.toml", kValid));
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    EXPECT_EQ(spec->name, "good");  // no `name`: the file's stem
    EXPECT_EQ(spec->default_white, "solo");
}

TEST(ConfigFile, MissingFileIsNamed) {
    auto spec = load_variant("/nonexistent/dir/none.toml");
    ASSERT_FALSE(spec.ok());
    EXPECT_EQ(spec.error().to_string(), "/nonexistent/dir/none.toml: cannot open the file");
}

TEST(FindVariant, ResolvesBareNamesAndSuggests) {
    auto found = find_variant("asymmetric");
    ASSERT_TRUE(found.ok()) << found.error().to_string();
    EXPECT_EQ(found->filename(), "asymmetric.toml");
    auto missing = find_variant("asymetric");
    ASSERT_FALSE(missing.ok());
    EXPECT_NE(missing.error().message.find("did you mean 'asymmetric'?"), std::string::npos)
        << missing.error().message;
}

}  // namespace
}  // namespace balance::config
