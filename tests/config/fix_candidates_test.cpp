// The candidates of a [fix] search on a small variant whose candidate list is counted by hand,
// the rejected ones with their reasons, pairs, and the [fix] table's bad input.

#include <gtest/gtest.h>

#include <algorithm>

#include "../support/temp_dir.hpp"
#include "balance/config/fix_candidates.hpp"
#include "balance/config/sweep_reader.hpp"
#include "toml_support.hpp"

namespace balance::config {
namespace {

using balance::testing::TempDir;

// 5x5, one army, no castling: R N B Q K behind five pawns, one option.
constexpr const char* kMini = R"(name = "mini"
files = 5
ranks = 5
value_unit = "pawn"
start_fen = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"
default_white = "side"
default_black = "side"
[castling]
enabled = false
king_travel = 2
[rules]
stalemate = "draw"
promote_to_captured = false
no_promotion_available = "may-not-enter"
free_placement = false
repetition_count = 3
fifty_move_plies = 100
insufficient_material = true
[pieces.pawn]
betza = "fmWfcF"
role = "pawn"
value = 1
[pieces.knight]
betza = "N"
value = 3
[pieces.bishop]
betza = "B"
value = 3
[pieces.rook]
betza = "R"
value = 5
[pieces.queen]
betza = "Q"
value = 9
[pieces.king]
betza = "K"
role = "king"
[armies.side]
letters = { P = "pawn", N = "knight", B = "bishop", R = "rook", Q = "queen", K = "king" }
promotions = ["knight", "bishop", "rook", "queen"]
cannot_mate = ["", "N", "B"]
[options.stalemate-win]
description = "stalemate wins"
default = "off"
[options.stalemate-win.values.on]
rules.stalemate = "win"
)";

std::string sweep_text(const std::string& fix) {
    return std::string(R"(variant = "mini.toml"
seed = 3
[players.p]
type = "engine"
nodes = 100
[fix]
margin = 0.05
budget = 1000
)") + fix;
}

Result<std::vector<FixCandidate>> candidates(TempDir& dir, const std::string& fix) {
    dir.write("mini.toml", kMini);
    auto sweep = load_sweep(dir.write("fix.toml", sweep_text(fix)));
    if (!sweep) return sweep.error();
    return fix_candidates(*sweep);
}

std::vector<std::string> labels(const std::vector<FixCandidate>& list) {
    std::vector<std::string> out;
    for (const auto& c : list) out.push_back(c.label);
    return out;
}

const FixCandidate& named(const std::vector<FixCandidate>& list, const std::string& label) {
    const auto it = std::find_if(list.begin(), list.end(),
                                 [&](const FixCandidate& c) { return c.label == label; });
    EXPECT_NE(it, list.end()) << label;
    return *it;
}

TEST(FixCandidates, BetzaSplitsIntoComponents) {
    EXPECT_EQ(betza_components("fmWfceFifmnD"), (std::vector<std::string>{"fmW", "fceF", "ifmnD"}));
    EXPECT_EQ(betza_components("FafsF"), (std::vector<std::string>{"F", "afsF"}));
    EXPECT_EQ(betza_components("WWR4jB"), (std::vector<std::string>{"WW", "R4", "jB"}));
    EXPECT_TRUE(betza_components("fm").empty());
    EXPECT_TRUE(betza_components("N!").empty());
}

TEST(FixCandidates, HandCountedListOfTheMiniVariant) {
    TempDir dir;
    auto list = candidates(dir, "add = [\"W\"]\n");
    ASSERT_TRUE(list) << list.error().to_string();
    // 1 unchanged + 1 option + Betza: pawn 2 removed + W added, knight/bishop/rook/queen 1
    // removed + W added each (11) + ranges: B, R, Q limited to 3 (3) + pawns: 5 removed and 5
    // added per side (20) + back-rank swaps of 5 different pieces, C(5,2) per side (20) = 56.
    ASSERT_EQ(list->size(), 56u);
    const auto l = labels(*list);
    const std::vector<std::string> first = {
        "no change",
        "option stalemate-win=on",
        "pawn: fmWfcF -> fcF (fmW removed)",
        "pawn: fmWfcF -> fmW (fcF removed)",
        "pawn: fmWfcF -> fmWfcFW (W added)",
        "knight: N -> '' (N removed)",
        "knight: N -> NW (W added)",
        "bishop: B -> '' (B removed)",
        "bishop: B -> BW (W added)",
        "bishop: B -> B3 (B range limited)",
        "rook: R -> '' (R removed)",
        "rook: R -> RW (W added)",
        "rook: R -> R3 (R range limited)",
        "queen: Q -> '' (Q removed)",
        "queen: Q -> QW (W added)",
        "queen: Q -> Q3 (Q range limited)",
        "White: pawn on a2 removed",
    };
    EXPECT_EQ(std::vector<std::string>(l.begin(), l.begin() + first.size()), first);
    EXPECT_EQ(l[20], "White: pawn on e2 removed");
    EXPECT_EQ(l[21], "White: pawn added on a3");
    EXPECT_EQ(l[26], "White: a1 and b1 swapped");
    EXPECT_EQ(l[35], "White: d1 and e1 swapped");
    EXPECT_EQ(l[36], "Black: pawn on a4 removed");
    EXPECT_EQ(l[41], "Black: pawn added on a3");
    EXPECT_EQ(l.back(), "Black: d5 and e5 swapped");

    // Exactly the four pieces left without moves are rejected, with the reason.
    std::vector<std::string> rejected;
    for (const auto& c : *list)
        if (!c.rejected.empty()) rejected.push_back(c.label + ": " + c.rejected);
    EXPECT_EQ(rejected, (std::vector<std::string>{
                            "knight: N -> '' (N removed): the knight would have no moves",
                            "bishop: B -> '' (B removed): the bishop would have no moves",
                            "rook: R -> '' (R removed): the rook would have no moves",
                            "queen: Q -> '' (Q removed): the queen would have no moves"}));

    // Each candidate is the whole variant with its change, and a fragment to paste.
    const auto& base = (*list)[0];
    EXPECT_EQ(base.rule_set.spec.start_fen, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1");
    EXPECT_FALSE(base.edited);
    EXPECT_EQ(base.rule_set.cell_suffix, "");
    const auto& pawn = named(*list, "White: pawn on c2 removed");
    EXPECT_EQ(pawn.rule_set.spec.start_fen, "rnbqk/ppppp/5/PP1PP/RNBQK w - - 0 1");
    EXPECT_EQ(pawn.fragment, "start_fen = 'rnbqk/ppppp/5/PP1PP/RNBQK w - - 0 1'\n");
    EXPECT_EQ(pawn.rule_set.cell_suffix, "@" + pawn.rule_set.hash().substr(0, 8));
    const auto& added = named(*list, "Black: pawn added on e3");
    EXPECT_EQ(added.rule_set.spec.start_fen, "rnbqk/ppppp/4p/PPPPP/RNBQK w - - 0 1");
    const auto& swap = named(*list, "Black: a5 and e5 swapped");
    EXPECT_EQ(swap.rule_set.spec.start_fen, "knbqr/ppppp/5/PPPPP/RNBQK w - - 0 1");
    const auto& rook = named(*list, "rook: R -> R3 (R range limited)");
    EXPECT_EQ(rook.fragment, "[pieces.rook]\nbetza = 'R3'\n");
    const auto& option = named(*list, "option stalemate-win=on");
    EXPECT_EQ(option.options, (std::vector<std::string>{"stalemate-win"}));
    EXPECT_EQ(option.rule_set.rules(), "stalemate-win");
    EXPECT_EQ(option.rule_set.cell_suffix, "");  // the cells a sweep with the option plays
    EXPECT_EQ(option.fragment, "[options.stalemate-win]\ndefault = \"on\"\n");
}

// An edit that writes what an option's value writes is the same rules: raced once, as the
// option (the designer's own name for it), whatever order the two documents keep their tables in.
TEST(FixCandidates, AnEditEqualToAnOptionIsLeftOut) {
    TempDir dir;
    std::string mini = kMini;
    mini += R"(
[options.wazir-knight]
description = "the knight also steps one square orthogonally"
default = "off"
[options.wazir-knight.values.on]
pieces.knight.betza = "NW"
)";
    dir.write("mini.toml", mini);
    auto sweep = load_sweep(
        dir.write("fix.toml", sweep_text("add = [\"W\"]\nedits = [\"options\", \"betza\"]\n")));
    ASSERT_TRUE(sweep) << sweep.error().to_string();
    auto list = fix_candidates(*sweep);
    ASSERT_TRUE(list) << list.error().to_string();
    const auto l = labels(*list);
    EXPECT_NE(std::find(l.begin(), l.end(), "option wazir-knight=on"), l.end());
    EXPECT_EQ(std::find(l.begin(), l.end(), "knight: N -> NW (W added)"), l.end());
    EXPECT_NE(std::find(l.begin(), l.end(), "bishop: B -> BW (W added)"), l.end());
}

TEST(FixCandidates, PairsComposeAndOverlappingEditsAreRejected) {
    TempDir dir;
    auto list = candidates(dir, R"(edits = ["betza", "ranges"]
pieces = ["rook"]
add = ["W", "D"]
pairs = "all"
)");
    ASSERT_TRUE(list) << list.error().to_string();
    // Singles: no change, R removed (rejected), RW, RD, R3; pairs of the 3 valid ones: 3, each
    // editing the rook twice.
    EXPECT_EQ(labels(*list),
              (std::vector<std::string>{
                  "no change", "rook: R -> '' (R removed)", "rook: R -> RW (W added)",
                  "rook: R -> RD (D added)", "rook: R -> R3 (R range limited)",
                  "rook: R -> RW (W added) + rook: R -> RD (D added)",
                  "rook: R -> RW (W added) + rook: R -> R3 (R range limited)",
                  "rook: R -> RD (D added) + rook: R -> R3 (R range limited)"}));
    EXPECT_EQ(list->back().rejected, "the rook's moves were already changed by another edit");

    auto mixed = candidates(dir, R"(edits = ["options", "swaps"]
pairs = "all"
)");
    ASSERT_TRUE(mixed);
    // 1 + 1 option + 20 swaps + C(21, 2) = 210 pairs, of which the swaps sharing a square
    // (a second swap finds its square changed) are rejected.
    EXPECT_EQ(mixed->size(), 1u + 1u + 20u + 210u);
    const auto& both = named(*mixed, "option stalemate-win=on + White: a1 and b1 swapped");
    ASSERT_EQ(both.rejected, "");
    EXPECT_EQ(both.rule_set.spec.start_fen, "rnbqk/ppppp/5/PPPPP/NRBQK w - - 0 1");
    EXPECT_EQ(both.rule_set.rules(), "stalemate-win");
    EXPECT_EQ(both.fragment,
              "[options.stalemate-win]\ndefault = \"on\"\nstart_fen = 'rnbqk/ppppp/5/PPPPP/NRBQK w "
              "- - 0 1'\n");
    const auto& two = named(*mixed, "White: a1 and b1 swapped + White: b1 and c1 swapped");
    EXPECT_EQ(two.rejected, "the start position was already changed there by another edit");
    const auto& apart = named(*mixed, "White: a1 and b1 swapped + Black: a5 and b5 swapped");
    EXPECT_EQ(apart.rule_set.spec.start_fen, "nrbqk/ppppp/5/PPPPP/NRBQK w - - 0 1");
}

// A candidate the fix's player cannot play is rejected with the reason, never played: Fairy-Max
// cannot play stalemate wins, while the engine can.
TEST(FixCandidates, RulesThePlayerCannotPlayAreRejected) {
    TempDir dir;
    dir.write("mini.toml", kMini);
    std::string text = sweep_text("edits = [\"options\"]\n");
    text.replace(text.find("[players.p]\ntype = \"engine\"\nnodes = 100"),
                 std::string("[players.p]\ntype = \"engine\"\nnodes = 100").size(),
                 "[players.p]\ntype = \"fairymax\"\ndepth = 2");
    auto sweep = load_sweep(dir.write("fix.toml", text));
    ASSERT_TRUE(sweep) << sweep.error().to_string();
    auto list = fix_candidates(*sweep);
    ASSERT_TRUE(list) << list.error().to_string();
    EXPECT_NE(named(*list, "option stalemate-win=on").rejected.find("Fairy-Max cannot play"),
              std::string::npos);
    EXPECT_EQ(named(*list, "no change").rejected, "");
    auto engine = candidates(dir, "edits = [\"options\"]\n");
    ASSERT_TRUE(engine);
    EXPECT_EQ(named(*engine, "option stalemate-win=on").rejected, "");
}

TEST(FixCandidates, EmptyCandidateSpaceNamesTheFile) {
    TempDir dir;
    auto list = candidates(dir, "edits = [\"ranges\"]\npieces = [\"knight\"]\n");
    ASSERT_FALSE(list);
    EXPECT_EQ(list.error().where, display_path((dir.path() / "fix.toml").string()) + ":6");
    EXPECT_NE(list.error().message.find("no candidate"), std::string::npos) << list.error().message;
}

struct BadFix {
    const char* fix;
    int line;
    const char* message_part;
};

TEST(FixCandidates, BadFixTablesNameFileAndLine) {
    const BadFix cases[] = {
        {"edits = [\"betza\", \"pawnz\"]\n", 9, "unknown edit kind 'pawnz'; did you mean 'pawns'?"},
        {"pieces = [\"knigt\"]\n", 9, "unknown piece 'knigt'"},
        {"add = [\"X!\"]\n", 9, "'X!' is not a move component"},
        {"player = \"q\"\n", 9, "player 'q' is not a player of this file"},
        {"side = \"side\"\n", 9, "must play a pairing of this file against another army"},
        {"target = 1.5\n", 9, "target must be a score in (0, 1)"},
        {"round_gamez = 3\n", 9, "round_gamez"},
        {"edits = \"betza\"\n", 9, "edits"},
        {"pieces = 3\n", 9, "pieces"},
    };
    for (const auto& c : cases) {
        TempDir dir;
        dir.write("mini.toml", kMini);
        auto sweep = load_sweep(dir.write("fix.toml", sweep_text(c.fix)));
        ASSERT_FALSE(sweep) << c.fix;
        EXPECT_EQ(sweep.error().where,
                  display_path((dir.path() / "fix.toml").string()) + ":" + std::to_string(c.line))
            << c.fix << sweep.error().message;
        EXPECT_NE(sweep.error().message.find(c.message_part), std::string::npos)
            << sweep.error().message;
    }
    TempDir dir;
    dir.write("mini.toml", kMini);
    auto both = load_sweep(dir.write("fix.toml", "games_per_cell = 4\n" + sweep_text("")));
    ASSERT_FALSE(both);
    EXPECT_NE(both.error().message.find("remove games_per_cell"), std::string::npos);
    EXPECT_EQ(both.error().where, display_path((dir.path() / "fix.toml").string()) + ":1");
}

}  // namespace
}  // namespace balance::config
