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
    {"CastlingUnknownWing", kValid + "[castling.leftside]\nking_to = \"b\"\n", "bad.toml:11",
     "unknown wing 'leftside' in [castling] (wings: kingside, queenside)"},
    {"CastlingUnknownArmyWing", kValid + "[armies.solo.castling.west]\nenabled = false\n",
     "bad.toml:11", "unknown wing 'west' in [armies.solo.castling] (wings: kingside, queenside)"},
    {"CastlingKingToNotAFile", kValid + "[castling.queenside]\nking_to = \"b1\"\n", "bad.toml:12",
     "'king_to' in [castling.queenside] must be a file letter (a, b, c, ...): the king lands on "
     "its own rank, not 'b1'"},
    {"CastlingKingToAndTravel", kValid + "[castling.kingside]\nking_travel = 2\nking_to = \"g\"\n",
     "bad.toml:13",
     "[castling.kingside] gives both king_travel and king_to; the king's destination is one or "
     "the other"},
    {"CastlingKingToWithoutWing", kValid + "[castling]\nking_to = \"b\"\n", "bad.toml:12",
     "king_to in [castling] names no wing: give it in [castling.kingside] or "
     "[castling.queenside]"},
    {"CastlingArmyKingToWithoutWing", kValid + "[armies.solo.castling]\nking_to = \"b\"\n",
     "bad.toml:12",
     "king_to in [armies.solo.castling] names no wing: give it in "
     "[armies.solo.castling.kingside] or [armies.solo.castling.queenside]"},
    {"CastlingRookToNeitherFileNorRule",
     kValid + "[castling.queenside]\nrook_to = \"next-to-king\"\n", "bad.toml:12",
     "'rook_to' in [castling.queenside] must be a file letter (a, b, c, ...) or one of "
     "next-to-king-start, next-to-king-destination, not 'next-to-king'"},
    {"CastlingRookFileNeedsAWing", kValid + "[castling]\nrook_to = \"c\"\n", "bad.toml:12",
     "rook_to in [castling] names no wing: give it in [castling.kingside] or "
     "[castling.queenside]"},
    {"CastlingRookToUnknownRule", kValid + "[castling]\nrook_to = \"beside-the-king\"\n",
     "bad.toml:12", "'rook_to' in [castling] must be one of ..."},
    {"CastlingArmyUnknownKey", kValid + "[armies.solo.castling]\nking_trave = 3\n", "bad.toml:12",
     "unknown key 'king_trave' in [armies.solo.castling]; did you mean 'king_travel'?"},
    {"CastlingFromMoveInAWing", kValid + "[castling.kingside]\nfrom_move = 2\n", "bad.toml:12",
     "unknown key 'from_move' in [castling.kingside]..."},
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

// Castling destinations are checked against the board and the start array when the rules are
// compiled (an inherited file may set the size): errors name the key's line.
TEST(ConfigFile, CastlingDestinationsThatCannotBePlayedNameTheKey) {
    const std::string head = R"(start_fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
[pieces.king]
betza = "K"
role = "king"
[pieces.rook]
betza = "R"
[armies.solo]
letters = { K = "king", R = "rook" }
)";
    const struct {
        std::string castling;  // from line 9
        std::string where, message;
    } cases[] = {
        {"[castling.queenside]\nking_to = \"k\"\n", "bad.toml:10",
         "castling: king_to = \"k\" in [castling.queenside] is off the board (files a-h)"},
        {"[castling.queenside]\nrook_to = \"z\"\n", "bad.toml:10",
         "castling: rook_to = \"z\" in [castling.queenside] is off the board (files a-h)"},
        {"[castling.queenside]\nking_to = \"f\"\n", "bad.toml:10",
         "castling: king_to = \"f\" in [castling.queenside] does not move the king on e1 toward "
         "its rook on a1 (at most onto the rook's square)"},
        {"[castling.kingside]\nking_to = \"e\"\n", "bad.toml:10",
         "castling: king_to = \"e\" in [castling.kingside] does not move the king on e1 toward "
         "its rook on h1 (at most onto the rook's square)"},
        {"[castling.queenside]\nking_to = \"c\"\nrook_to = \"c\"\n", "bad.toml:11",
         "castling: the king and its rook would both land on c1 (rook_to = \"c\" in "
         "[castling.queenside])"},
        {"[armies.solo.castling]\nking_travel = 5\n", "bad.toml:10",
         "castling: the king would travel past its rook (king_travel = 5 in "
         "[armies.solo.castling])"},
        {"[armies.solo.castling.kingside]\nking_travel = 1\n", "bad.toml:10",
         "castling: the king and its rook would both land on f1 (king_travel = 1 in "
         "[armies.solo.castling.kingside])"},
    };
    for (const auto& c : cases) {
        balance::testing::TempDir dir;
        auto spec = load_variant(dir.write("bad.toml", head + c.castling));
        ASSERT_TRUE(spec.ok()) << spec.error().to_string();
        auto rules = core::compile_rules(*spec, "", "");
        ASSERT_FALSE(rules.ok()) << c.castling;
        EXPECT_EQ(rules.error().where, display_path(dir.path().string()) + "/" + c.where)
            << c.castling;
        EXPECT_EQ(rules.error().message, c.message);
    }
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
