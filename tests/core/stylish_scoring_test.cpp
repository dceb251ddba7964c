// Stylish chess points (RULES.md §3) on the shipped configs/variants/stylish.toml: the seed's
// examples, every table entry read from the file, and the fine points of mate and draw points.

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/core/compile.hpp"

namespace balance::testing {
namespace {

core::Game stylish(const std::string& fen, const std::vector<std::string>& options = {}) {
    return make_game(load_shipped("stylish", options), "fide", "fide", fen);
}

core::MatePoints mate_of(core::Game& g) {
    return g.visit([](auto& pos) { return core::mate_points(pos); });
}

TEST(StylishScoring, WorkedExampleDiscoveredMateScores230) {
    // The seed's diagram: Pf7-f8=N discovers Ra7 mate on Kg7; the knight newly covers g6.
    auto g = stylish("4K3/R4Pk1/5p2/3B4/8/8/8/7R w - - 0 1");
    ASSERT_TRUE(g.play("f7f8n"));
    const auto outcome = g.outcome();
    ASSERT_EQ(outcome.termination, core::Termination::Checkmate);
    const auto m = mate_of(g);
    EXPECT_EQ(m.checker, 110);  // rook, not adjacent: the one surviving entry
    EXPECT_EQ(m.discovered, 50);
    EXPECT_EQ(m.squares, 1);  // g6 (h7 was covered by Rh1 before the move)
    EXPECT_EQ(m.newly_covered, 70);
    EXPECT_EQ(g.points().total[0], 30);  // the under-promotion bonus, until the mate is known
    const auto final = g.final_points(outcome);
    EXPECT_EQ(final.total[0], 230);  // no promotion bonus on a mating move (§3.4)
    EXPECT_EQ(final.total[1], 0);
}

TEST(StylishScoring, DrawKnightAgainstKnightAndPawnPays37) {
    auto g = stylish("4k3/3np3/8/8/8/8/3N4/4K3 w - - 0 1");
    const auto p = g.final_points({core::Termination::Repetition, -1});
    EXPECT_EQ(p.total[0], 37);  // (4 - 3) + (39 - 3)
    EXPECT_EQ(p.total[1], 0);
    // An adjudicated draw pays the same.
    EXPECT_EQ(g.final_points({}, true).total[0], 37);
}

TEST(StylishScoring, DrawPointsOptionOffPaysNothing) {
    auto g = stylish("4k3/3np3/8/8/8/8/3N4/4K3 w - - 0 1", {"draw-points=off"});
    EXPECT_EQ(g.final_points({core::Termination::Repetition, -1}).total[0], 0);
}

TEST(StylishScoring, DrawWithPromotedMaterialGoesNegativeUnlessClamped) {
    // White five queens (45), Black six (54): White is weaker, (54 - 45) + (39 - 45) = 3.
    const char* fen = "2k5/8/K7/Q6q/Q6q/Q6q/Q6q/Q5qq w - - 0 1";
    auto g = stylish(fen);
    EXPECT_EQ(g.final_points({core::Termination::FiftyMoves, -1}).total[0], 3);
    auto clamped = stylish(fen, {"draw-clamp=on"});
    EXPECT_EQ(clamped.final_points({core::Termination::FiftyMoves, -1}).total[0], 9);
}

TEST(StylishScoring, DrawWithEqualMaterialPaysNobodyByDefault) {
    const char* fen = "4k3/3n4/8/8/8/8/3N4/4K3 w - - 0 1";
    EXPECT_EQ(stylish(fen).final_points({core::Termination::Repetition, -1}).total,
              (std::array<int, 2>{0, 0}));
    EXPECT_EQ(stylish(fen, {"draw-equal-material=both"})
                  .final_points({core::Termination::Repetition, -1})
                  .total,
              (std::array<int, 2>{36, 36}));
}

TEST(StylishScoring, BareKingsPayTheLastCapturer50) {
    auto g = stylish("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
    ASSERT_TRUE(g.play("e1d2"));
    EXPECT_EQ(g.points().total[0], 50);  // king x queen
    EXPECT_EQ(g.points().last_capturer, 0);
    const auto outcome = g.outcome();
    ASSERT_EQ(outcome.termination, core::Termination::InsufficientMaterial);
    EXPECT_EQ(g.final_points(outcome).total[0], 100);
    // King and one minor against a bare king counts as bare kings.
    auto n = stylish("4k3/8/8/8/8/1N6/3q4/4K3 w - - 0 1");
    ASSERT_TRUE(n.play("b3d2"));
    EXPECT_EQ(n.final_points(n.outcome()).total, (std::array<int, 2>{70, 0}));  // 20 + 50
}

TEST(StylishScoring, EnPassantScoresPawnTakesPawn) {
    auto g = stylish("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    ASSERT_TRUE(g.play("e5d6"));
    EXPECT_EQ(g.points().total[0], 5);
}

TEST(StylishScoring, QueenCapturesScoreByDirection) {
    // Qd1xd7 (orthogonal) takes a rook: 10; Qd1xa4 (diagonal) takes a rook: 7.
    auto g = stylish("4k3/3r4/8/8/r7/8/8/3QK3 w - - 0 1");
    auto orth = g;
    ASSERT_TRUE(orth.play("d1d7"));
    EXPECT_EQ(orth.points().total[0], 10);
    ASSERT_TRUE(g.play("d1a4"));
    EXPECT_EQ(g.points().total[0], 7);
    g.undo();
    EXPECT_EQ(g.points().total[0], 0);  // undo takes the points back
}

TEST(StylishScoring, DoubleCheckMateScoresTheCheaperChecker) {
    // Nf8-g6 double check: knight (distant 122) and the unmasked Rd8 (distant 110).
    auto g = stylish("3R1N1k/6pp/8/8/8/8/8/K7 w - - 0 1");
    ASSERT_TRUE(g.play("f8g6"));
    ASSERT_EQ(g.outcome().termination, core::Termination::Checkmate);
    const auto m = mate_of(g);
    EXPECT_EQ(m.checker, 110);
    EXPECT_EQ(m.discovered, 50);  // paid although the moved knight is a checker too
    EXPECT_EQ(m.newly_covered, 0);
    EXPECT_EQ(g.final_points(g.outcome()).total[0], 160);
}

TEST(StylishScoring, PromotionMateScoresThePromotedPieceAnd50) {
    // f7-f8=N mates Kh7 (smothered): knight distant 122 + 50, no under-promotion bonus.
    auto g = stylish("6bn/5Ppk/6pp/8/8/8/8/K7 w - - 0 1");
    ASSERT_TRUE(g.play("f7f8n"));
    ASSERT_EQ(g.outcome().termination, core::Termination::Checkmate);
    EXPECT_EQ(mate_of(g).checker, 172);
    EXPECT_EQ(g.final_points(g.outcome()).total[0], 172);
}

TEST(StylishScoring, UnderPromotionBonuses) {
    for (const auto& [move, points] : std::vector<std::pair<std::string, int>>{
             {"a7a8q", 0}, {"a7a8r", 20}, {"a7a8b", 30}, {"a7a8n", 30}}) {
        auto g = stylish("8/P3k3/8/8/8/8/8/4K3 w - - 0 1");
        ASSERT_TRUE(g.play(move));
        EXPECT_EQ(g.points().total[0], points) << move;
    }
}

TEST(StylishScoring, NewlyCoveredOptionAndTieOption) {
    auto spec = load_shipped("stylish", {"newly-covered=per-square", "equal-points=board"});
    EXPECT_EQ(spec.scoring.newly_covered, core::NewlyCovered::PerSquare);
    EXPECT_EQ(spec.scoring.equal_points, core::EqualPoints::Board);
    auto rules = core::compile_rules(spec, "fide", "fide");
    ASSERT_TRUE(rules);
    const auto& t = *rules->narrow->scoring;
    EXPECT_EQ(core::white_score_by_points(t, core::Points{{10, 10}, -1}, 1), 0.0);
    auto defaults = core::compile_rules(load_shipped("stylish"), "fide", "fide");
    EXPECT_EQ(
        core::white_score_by_points(*defaults->narrow->scoring, core::Points{{10, 10}, -1}, 1),
        0.5);
    EXPECT_EQ(core::white_score_by_points(t, core::Points{{9, 10}, -1}, 0), 0.0);  // mated, won
    EXPECT_FALSE(load_shipped("stylish", {"points=off"}).scoring.enabled);
}

// The seed's capture table (§3.2), restated here independently of the config file.
TEST(StylishScoring, EveryTableEntryIsReadFromTheConfig) {
    const auto spec = load_shipped("stylish");
    auto rules = core::compile_rules(spec, "fide", "fide");
    ASSERT_TRUE(rules);
    const auto& r = *rules->narrow;
    const auto& t = *r.scoring;
    auto type = [&](const std::string& name) {
        for (int i = 0; i < static_cast<int>(r.pieces.size()); ++i)
            if (r.pieces[i].name == name) return i;
        ADD_FAILURE() << name;
        return 0;
    };
    const std::vector<std::string> cols = {"pawn", "bishop", "knight", "rook", "queen"};
    struct Row {
        std::string capturer;
        bool diagonal, orthogonal;
        std::vector<int> points;
    };
    const std::vector<Row> seed = {
        {"pawn", true, true, {5, 10, 10, 20, 40}}, {"bishop", true, true, {1, 5, 5, 10, 20}},
        {"knight", true, true, {1, 5, 5, 10, 20}}, {"rook", true, true, {1, 5, 5, 10, 17}},
        {"queen", true, false, {0, 5, 3, 7, 15}},  {"queen", false, true, {0, 3, 3, 10, 15}},
        {"king", true, true, {3, 10, 10, 20, 50}},
    };
    for (const Row& row : seed)
        for (std::size_t c = 0; c < cols.size(); ++c) {
            if (row.diagonal) {
                EXPECT_EQ(t.capture_diagonal[type(row.capturer)][type(cols[c])], row.points[c])
                    << row.capturer << " x " << cols[c];
            }
            if (row.orthogonal) {
                EXPECT_EQ(t.capture_orthogonal[type(row.capturer)][type(cols[c])], row.points[c])
                    << row.capturer << " x " << cols[c];
            }
        }
    EXPECT_EQ(t.mate_distant[type("rook")], 110);
    EXPECT_EQ(t.discovered_bonus, 50);
    EXPECT_EQ(t.newly_covered_bonus, 70);
    EXPECT_EQ(t.promoted_mate_bonus, 50);
    EXPECT_EQ(t.draw_max_material, 39);
    EXPECT_EQ(t.bare_kings_points, 50);
    EXPECT_EQ(t.draw_material[type("queen")], 9);
    EXPECT_TRUE(t.lone_minor[type("knight")] && t.lone_minor[type("bishop")]);
    EXPECT_FALSE(t.lone_minor[type("rook")]);
    // Every mate and promotion entry is the file's.
    for (const std::string piece : {"pawn", "knight", "bishop", "rook", "queen"}) {
        const auto* e = [&]() -> const core::MateEntrySpec* {
            for (const auto& m : spec.scoring.mate)
                if (m.piece == piece) return &m;
            return nullptr;
        }();
        ASSERT_NE(e, nullptr) << piece;
        EXPECT_EQ(t.mate_adjacent[type(piece)], e->adjacent);
        EXPECT_EQ(t.mate_distant[type(piece)], e->distant);
    }
    for (const std::string piece : {"knight", "bishop", "rook", "queen"})
        EXPECT_EQ(t.promotion[type(piece)], spec.scoring.promotion.at(piece));
}

std::string shipped_text() {
    std::ifstream in(std::string(BALANCE_SOURCE_DIR) + "/configs/variants/stylish.toml");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every entry of the table, deleted in turn from a copy of the file, is an error naming it.
TEST(StylishScoring, AMissingEntryIsAnErrorNamingIt) {
    const std::string text = shipped_text();
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"queen = { adjacent = 56, distant = 86 }\n", "checking piece 'queen'"},
        {"rook = 20\n", "promoting to 'rook'"},
        {"discovered_bonus = 50\n", "discovered_bonus"},
        {"max_material = 39\n", "max_material"},
        {"king = { pawn = 3, bishop = 10, knight = 10, rook = 20, queen = 50 }\n",
         "capturer 'king'"},
        {"rook = { pawn = 1, bishop = 5, knight = 5, rook = 10, queen = 17 }\n", "capturer 'rook'"},
        {", queen = 40 }", "captured piece 'queen'"},
    };
    balance::testing::TempDir dir;
    for (const auto& [remove, expected] : cases) {
        std::string edited = text;
        const auto at = edited.find(remove);
        ASSERT_NE(at, std::string::npos) << remove;
        edited.replace(at, remove.size(), remove.back() == '}' ? " }" : "");
        const auto file = dir.write("broken.toml", edited);
        auto spec = config::load_variant(file, {});
        Result<void> checked = spec ? core::validate(*spec) : Result<void>(spec.error());
        ASSERT_FALSE(checked) << remove;
        const std::string message = checked.error().to_string();
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_TRUE(std::regex_search(message, std::regex(R"(broken\.toml:\d+)"))) << message;
    }
}

}  // namespace
}  // namespace balance::testing

namespace balance::testing {
namespace {

// A [scoring] section with a different number in every entry: each compiled entry must be the
// one its key names (no entry hard-coded, none read from another key's place).
TEST(StylishScoring, EveryEntryTakesItsOwnValueFromTheFile) {
    int next = 200;
    std::map<std::string, int> want;
    const auto v = [&](const std::string& key) {
        want[key] = next;
        return std::to_string(next++);
    };
    const std::vector<std::string> pieces = {"pawn", "knight", "bishop", "rook", "queen"};
    std::string text = "inherits = \"chess\"\nname = \"distinct\"\n[scoring]\nenabled = true\n";
    for (const std::string key : {"discovered_bonus", "newly_covered_bonus", "promoted_mate_bonus"})
        text += key + " = " + v(key) + "\n";
    text += "newly_covered = \"once\"\nequal_points = \"draw\"\n[scoring.capture]\n";
    for (const std::string capturer :
         {"pawn", "knight", "bishop", "rook", "queen-diagonal", "queen-orthogonal", "king"}) {
        text += capturer + " = {";
        for (const std::string& captured : pieces)
            text += " " + captured + " = " + v(capturer + "x" + captured) + ",";
        text.back() = ' ';
        text += "}\n";
    }
    text += "[scoring.mate]\n";
    for (const std::string& piece : pieces)
        text += piece + " = { adjacent = " + v("adjacent " + piece) +
                ", distant = " + v("distant " + piece) + " }\n";
    text += "[scoring.promotion]\n";
    for (const std::string piece : {"knight", "bishop", "rook", "queen"})
        text += piece + " = " + v("promotion " + piece) + "\n";
    text += "[scoring.draw]\npoints = true\nmaterial = {";
    for (const std::string& piece : pieces)
        text += " " + piece + " = " + v("material " + piece) + ",";
    text.back() = ' ';
    text += "}\nmax_material = " + v("max_material") + "\nlone_minor = [\"bishop\", \"knight\"]\n" +
            "bare_kings_points = " + v("bare_kings_points") +
            "\nequal_material = \"nobody\"\nclamp = false\n";

    balance::testing::TempDir dir;
    auto spec = config::load_variant(dir.write("distinct.toml", text), {});
    ASSERT_TRUE(spec) << spec.error().to_string();
    auto rules = core::compile_rules(*spec, "fide", "fide");
    ASSERT_TRUE(rules) << rules.error().to_string();
    const auto& r = *rules->narrow;
    const auto& t = *r.scoring;
    const auto type = [&](const std::string& name) {
        for (int i = 0; i < static_cast<int>(r.pieces.size()); ++i)
            if (r.pieces[i].name == name) return i;
        ADD_FAILURE() << name;
        return 0;
    };
    EXPECT_EQ(t.discovered_bonus, want["discovered_bonus"]);
    EXPECT_EQ(t.newly_covered_bonus, want["newly_covered_bonus"]);
    EXPECT_EQ(t.promoted_mate_bonus, want["promoted_mate_bonus"]);
    EXPECT_EQ(t.draw_max_material, want["max_material"]);
    EXPECT_EQ(t.bare_kings_points, want["bare_kings_points"]);
    for (const std::string& captured : pieces) {
        const int c = type(captured);
        for (const std::string capturer : {"pawn", "knight", "bishop", "rook", "king"}) {
            EXPECT_EQ(t.capture_diagonal[type(capturer)][c], want[capturer + "x" + captured]);
            EXPECT_EQ(t.capture_orthogonal[type(capturer)][c], want[capturer + "x" + captured]);
        }
        EXPECT_EQ(t.capture_diagonal[type("queen")][c], want["queen-diagonalx" + captured]);
        EXPECT_EQ(t.capture_orthogonal[type("queen")][c], want["queen-orthogonalx" + captured]);
        EXPECT_EQ(t.mate_adjacent[c], want["adjacent " + captured]);
        EXPECT_EQ(t.mate_distant[c], want["distant " + captured]);
        EXPECT_EQ(t.draw_material[c], want["material " + captured]);
        if (captured != "pawn") {
            EXPECT_EQ(t.promotion[c], want["promotion " + captured]);
        }
    }
}

}  // namespace
}  // namespace balance::testing
