// Openings: seeded random plies, the imbalance filter, EPD/FEN books.

#include <gtest/gtest.h>

#include <cstdlib>
#include <sstream>
#include <vector>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/core/rules.hpp"
#include "balance/tournament/openings.hpp"

namespace balance::tournament {
namespace {

core::AnyRules rules(const std::string& variant, const std::string& white,
                     const std::string& black) {
    auto compiled = core::compile_rules(balance::testing::load_shipped(variant), white, black);
    EXPECT_TRUE(compiled.ok());
    return *compiled;
}

OpeningSpec random_plies(int plies) {
    OpeningSpec s;
    s.kind = OpeningSpec::Kind::RandomPlies;
    s.plies = plies;
    return s;
}

// The imbalance filter's searcher: a small hash, no root randomisation.
players::engine::EngineOptions quick_evaluator_options() {
    players::engine::EngineOptions options;
    options.hash_mb = 1;
    options.random_plies = 0;
    return options;
}

// The imbalance filter at 60 cp, scored by a quick 500-node search.
OpeningSpec with_filter(OpeningSpec spec) {
    spec.max_imbalance_cp = 60;
    spec.imbalance_nodes = 500;
    return spec;
}

// The quick search's score of a position, White's view (the search gives the side to move's).
int white_view(const core::Game& game, players::engine::Engine& engine, std::uint64_t nodes) {
    players::SearchLimits limits;
    limits.nodes = nodes;
    const int score = game.visit([&](const auto& pos) {
        auto copy = pos;
        return engine.search(copy, limits, 0, -1).score;
    });
    return game.side_to_move() == core::Color::White ? score : -score;
}

TEST(Openings, RandomPliesAreAFunctionOfTheSeed) {
    const auto r = rules("asymmetric", "elves", "orcs");
    auto a = make_opening(random_plies(6), r, 11, 0, nullptr);
    auto b = make_opening(random_plies(6), r, 11, 0, nullptr);
    auto c = make_opening(random_plies(6), r, 12, 0, nullptr);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->moves, b->moves);
    EXPECT_EQ(a->game.fen(), b->game.fen());
    EXPECT_NE(a->moves, c->moves);
    EXPECT_EQ(a->game.moves().size(), 6u);
    // The recorded moves replay to the recorded position.
    auto replay = core::Game::start(r);
    ASSERT_TRUE(replay.ok());
    std::istringstream in(a->moves);
    for (std::string m; in >> m;) ASSERT_TRUE(replay->play(m).ok()) << m;
    EXPECT_EQ(replay->fen(), a->game.fen());
}

TEST(Openings, ImbalanceFilterKeepsLevelPositions) {
    const auto r = rules("chess", "fide", "fide");
    players::engine::Engine evaluator(quick_evaluator_options());
    const OpeningSpec spec = with_filter(random_plies(8));
    int filtered = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        auto opening = make_opening(spec, r, seed, 0, &evaluator);
        ASSERT_TRUE(opening.ok());
        // Either within the limit, or the most level of all attempts (rare).
        if (std::abs(opening->imbalance_cp) <= spec.max_imbalance_cp) ++filtered;
        // Without the filter, the first draw is taken; with it, the first level one.
        auto unfiltered = make_opening(random_plies(8), r, seed, 0, nullptr);
        if (std::abs(opening->imbalance_cp) <= spec.max_imbalance_cp &&
            opening->moves != unfiltered->moves) {
            // A redraw happened: the first draw must have been out of range.
            const int first = white_view(unfiltered->game, evaluator, 500);
            EXPECT_GT(std::abs(first - opening->centre_cp), spec.max_imbalance_cp);
        }
    }
    EXPECT_EQ(filtered, 12);
}

// min_imbalance_cp: openings at least that uneven (for player matches, whose pairs of games
// cancel an opening's bias), still within max_imbalance_cp; the level first draws are redrawn.
TEST(Openings, ImbalanceWindowKeepsUnevenPositions) {
    const auto r = rules("chess", "fide", "fide");
    players::engine::Engine evaluator(quick_evaluator_options());
    OpeningSpec spec = random_plies(6);
    spec.imbalance_nodes = 500;
    spec.min_imbalance_cp = 100;
    spec.max_imbalance_cp = 250;
    OpeningSpec level = with_filter(random_plies(6));
    int inside = 0, redrawn = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        auto opening = make_opening(spec, r, seed, 0, &evaluator);
        ASSERT_TRUE(opening.ok());
        const int a = std::abs(opening->imbalance_cp);
        if (a >= spec.min_imbalance_cp && a <= spec.max_imbalance_cp) ++inside;
        auto first_level = make_opening(level, r, seed, 0, &evaluator);
        ASSERT_TRUE(first_level.ok());
        redrawn += first_level->moves != opening->moves;
    }
    EXPECT_EQ(inside, 12);
    EXPECT_GT(redrawn, 0);  // a level opening is not taken
}

TEST(Openings, BookPositionsByIndex) {
    balance::testing::TempDir dir;
    const auto file = dir.write("book.epd", R"(# a comment
rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 "1.e4";

rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
)");
    auto book = read_book(file.string());
    ASSERT_TRUE(book.ok()) << book.error().to_string();
    ASSERT_EQ(book->size(), 2u);
    EXPECT_EQ((*book)[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ((*book)[1], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    OpeningSpec spec;
    spec.kind = OpeningSpec::Kind::Book;
    spec.book = *book;
    const auto r = rules("chess", "fide", "fide");
    auto third = make_opening(spec, r, 0, 2, nullptr);  // index 2 wraps to position 1
    ASSERT_TRUE(third.ok());
    EXPECT_EQ(third->moves, "");
    EXPECT_TRUE(third->game.moves().empty());
    EXPECT_EQ(third->game.side_to_move(), core::Color::Black);
    EXPECT_FALSE(read_book((dir.path() / "missing.epd").string()).ok());
}

// Random plies after a book position: a function of the seed, replaying from the book
// position; the filter measures each line against the book position's own score (White's
// view), so a knight-odds start is kept (its imbalance is the design) while a line that
// hangs more material is redrawn.
TEST(Openings, BookPositionsWithRandomPlies) {
    const std::string knight_odds = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1";
    OpeningSpec spec;
    spec.kind = OpeningSpec::Kind::Book;
    spec.book = {knight_odds};
    spec.plies = 4;
    const auto r = rules("chess", "fide", "fide");
    auto a = make_opening(spec, r, 5, 0, nullptr);
    auto b = make_opening(spec, r, 5, 0, nullptr);
    auto c = make_opening(spec, r, 6, 0, nullptr);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->game.fen(), b->game.fen());
    EXPECT_NE(a->moves, c->moves);
    auto replay = core::Game::start(r, knight_odds);
    ASSERT_TRUE(replay.ok());
    std::istringstream in(a->moves);
    int plies = 0;
    for (std::string m; in >> m; ++plies) ASSERT_TRUE(replay->play(m).ok()) << m;
    EXPECT_EQ(plies, 4);
    EXPECT_EQ(replay->fen(), a->game.fen());

    players::engine::Engine evaluator(quick_evaluator_options());
    spec = with_filter(spec);
    int level = 0;
    for (std::uint64_t seed = 1; seed <= 8; ++seed) {
        auto opening = make_opening(spec, r, seed, 0, &evaluator);
        ASSERT_TRUE(opening.ok());
        // Measured from the book position, a knight down is no imbalance at all: every line
        // is found level (against the variant start, none would be: a knight is ~300 cp).
        if (std::abs(opening->imbalance_cp) <= spec.max_imbalance_cp) ++level;
        EXPECT_EQ(opening->game.moves().size(), 4u);
    }
    EXPECT_EQ(level, 8);
}

// The window lies around the start position's own score by the same search: the first move's
// edge belongs to the variant, and a window around 0 keeps preferentially the openings whose
// random plies threw it away. Every draw is accepted here (a window of 100000 cp), so the opening
// is the first draw and its score is its quick score less the start's.
TEST(Openings, WindowIsCentredOnTheStartsOwnScore) {
    const auto r = rules("chess", "fide", "fide");
    OpeningSpec spec = random_plies(2);
    spec.imbalance_nodes = 500;
    spec.max_imbalance_cp = 100000;
    players::engine::Engine evaluator(quick_evaluator_options());
    auto opening = make_opening(spec, r, 3, 0, &evaluator);
    ASSERT_TRUE(opening.ok());
    // The same searches in the same order (the start, then the line), by an engine of the
    // same options.
    players::engine::Engine scorer(quick_evaluator_options());
    auto start = core::Game::start(r);
    ASSERT_TRUE(start.ok());
    const int start_score = white_view(*start, scorer, 500);
    const int line_score = white_view(opening->game, scorer, 500);
    ASSERT_NE(start_score, 0);  // else the two centres could not be told apart
    EXPECT_EQ(opening->imbalance_cp, line_score - start_score);
}

TEST(Openings, CentreZeroKeepsTheWindowAroundLevel) {
    const auto r = rules("chess", "fide", "fide");
    OpeningSpec spec = random_plies(2);
    spec.imbalance_nodes = 500;
    spec.max_imbalance_cp = 100000;
    spec.centre = OpeningSpec::Centre::Zero;
    players::engine::Engine evaluator(quick_evaluator_options());
    auto opening = make_opening(spec, r, 3, 0, &evaluator);
    ASSERT_TRUE(opening.ok());
    players::engine::Engine scorer(quick_evaluator_options());
    EXPECT_EQ(opening->centre_cp, 0);
    EXPECT_EQ(opening->imbalance_cp, white_view(opening->game, scorer, 500));
}

// No draw lands in a window no score reaches: the closest draw is played, marked as missed.
TEST(Openings, AnOpeningThatMissesTheWindowIsMarked) {
    const auto r = rules("chess", "fide", "fide");
    OpeningSpec spec = random_plies(4);
    spec.imbalance_nodes = 200;
    spec.attempts = 3;
    spec.max_imbalance_cp = 100000;
    players::engine::Engine evaluator(quick_evaluator_options());
    auto met = make_opening(spec, r, 9, 0, &evaluator);
    ASSERT_TRUE(met.ok());
    EXPECT_FALSE(met->missed);
    spec.min_imbalance_cp = 99999;
    auto missed = make_opening(spec, r, 9, 0, &evaluator);
    ASSERT_TRUE(missed.ok());
    EXPECT_TRUE(missed->missed);
    EXPECT_LT(std::abs(missed->imbalance_cp), spec.min_imbalance_cp);
}

// Under free placement White places its whole back rank before Black places any: random plies
// alone are White's first placements. Placement::Random draws both sides' placements first,
// then plays the random plies.
TEST(Openings, RandomPlacementPlacesBothBackRanksBeforeThePlies) {
    const auto r = [] {
        auto compiled = core::compile_rules(
            balance::testing::load_shipped("asymmetric", {"free-placement"}), "elves", "orcs");
        EXPECT_TRUE(compiled.ok());
        return *compiled;
    }();
    const auto words = [](const std::string& moves) {
        std::istringstream in(moves);
        std::vector<std::string> out;
        for (std::string m; in >> m;) out.push_back(m);
        return out;
    };
    OpeningSpec spec = random_plies(2);
    auto plies = make_opening(spec, r, 4, 0, nullptr);
    ASSERT_TRUE(plies.ok());
    const auto placed_only = words(plies->moves);
    ASSERT_EQ(placed_only.size(), 2u);
    for (const auto& m : placed_only) EXPECT_NE(m.find('@'), std::string::npos) << m;
    EXPECT_EQ(plies->game.side_to_move(), core::Color::White);  // still White's placements

    spec.placement = OpeningSpec::Placement::Random;
    auto placed = make_opening(spec, r, 4, 0, nullptr);
    ASSERT_TRUE(placed.ok());
    const auto moves = words(placed->moves);
    ASSERT_EQ(moves.size(), 18u);
    for (std::size_t i = 0; i < moves.size(); ++i)
        EXPECT_EQ(moves[i].find('@') != std::string::npos, i < 16) << i << " " << moves[i];
    EXPECT_FALSE(placed->game.visit([](const auto& pos) { return pos.in_placement(); }));
    auto again = make_opening(spec, r, 4, 0, nullptr);
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again->moves, placed->moves);  // a function of the seed
    // The window then lies around 0: the empty back ranks' quick score (+111 cp for these
    // armies) is no first-move edge of the game once they stand.
    spec.max_imbalance_cp = 100000;
    spec.imbalance_nodes = 200;
    players::engine::Engine evaluator(quick_evaluator_options());
    auto scored = make_opening(spec, r, 4, 0, &evaluator);
    ASSERT_TRUE(scored.ok());
    EXPECT_EQ(scored->centre_cp, 0);
    EXPECT_EQ(scored->moves, placed->moves);
}

}  // namespace
}  // namespace balance::tournament
