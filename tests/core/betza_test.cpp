// The XBetza parser: concrete atoms for the spellings our variants use, and a clear error for
// every spelling it does not support.

#include <gtest/gtest.h>

#include <algorithm>

#include "balance/core/betza.hpp"

namespace balance::core {
namespace {

using Kind = BetzaAtom::Kind;

std::set<std::tuple<int, int, int>> targets(std::string_view text, Kind kind) {
    auto atoms = parse_betza(text);
    EXPECT_TRUE(atoms.ok()) << text << ": " << (atoms ? "" : atoms.error().message);
    std::set<std::tuple<int, int, int>> out;
    if (!atoms) return out;
    for (const auto& a : *atoms)
        if (a.kind == kind)
            out.insert({a.dx, a.dy, a.kind == Kind::Slide ? a.min_range * 100 + a.max_range : 0});
    return out;
}

TEST(Betza, LeapersAndCompounds) {
    EXPECT_EQ(targets("N", Kind::Leap).size(), 8u);
    EXPECT_EQ(targets("WDH", Kind::Leap).size(), 12u);  // Pegasus
    EXPECT_EQ(targets("FA", Kind::Leap).size(), 8u);    // Harpy
    EXPECT_EQ(targets("ND", Kind::Leap).size(), 12u);   // Carpenter
    EXPECT_EQ(targets("K", Kind::Leap).size(), 8u);
    // Crab: ff = the two most-forward knight moves, bs = the two backward-sideways ones.
    EXPECT_EQ(targets("ffNbsN", Kind::Leap), (std::set<std::tuple<int, int, int>>{
                                                 {1, 2, 0}, {-1, 2, 0}, {2, -1, 0}, {-2, -1, 0}}));
}

TEST(Betza, SlidersRangesAndSkips) {
    EXPECT_EQ(targets("R", Kind::Slide),
              (std::set<std::tuple<int, int, int>>{
                  {1, 0, 100}, {-1, 0, 100}, {0, 1, 100}, {0, -1, 100}}));
    EXPECT_EQ(targets("B2", Kind::Slide).size(), 4u);
    for (const auto& [dx, dy, range] : targets("B2", Kind::Slide)) EXPECT_EQ(range, 102);
    for (const auto& [dx, dy, range] : targets("jR", Kind::Slide)) EXPECT_EQ(range, 200);  // Wyvern
    EXPECT_EQ(targets("BW", Kind::Slide).size(), 4u);  // Dragon horse: slides diagonally...
    EXPECT_EQ(targets("BW", Kind::Leap).size(), 4u);   // ...and steps orthogonally
}

TEST(Betza, PawnsModalityDirectionInitialLame) {
    auto atoms = *parse_betza("fmWfceFifmnD");
    ASSERT_EQ(atoms.size(), 4u);
    EXPECT_EQ(atoms[0], (BetzaAtom{Kind::Leap, 0, 1, 1, 1, {}, true, false, false, false}));
    EXPECT_EQ(atoms[1].dy, 1);
    EXPECT_TRUE(atoms[1].capture && atoms[1].en_passant && !atoms[1].move);
    EXPECT_EQ(atoms[3].kind, Kind::Lame);
    EXPECT_EQ(atoms[3].path, (std::vector<std::pair<int, int>>{{0, 1}}));
    EXPECT_TRUE(atoms[3].initial && atoms[3].move && !atoms[3].capture);
    // Guard: sideways capture only.
    auto guard = *parse_betza("fmceWsceW");
    ASSERT_EQ(guard.size(), 3u);
    EXPECT_TRUE(guard[1].dy == 0 && !guard[1].move && guard[1].capture && guard[1].en_passant);
}

TEST(Betza, TwoLegLamePaths) {
    // Werewolf: knight squares through the orthogonal square; Unicorn: through the diagonal.
    auto wolf = *parse_betza("afsW");
    ASSERT_EQ(wolf.size(), 8u);
    for (const auto& a : wolf) {
        ASSERT_EQ(a.path.size(), 1u);
        const auto [px, py] = a.path[0];
        EXPECT_EQ(std::abs(px) + std::abs(py), 1);      // an orthogonal first step
        EXPECT_EQ(std::abs(a.dx) * std::abs(a.dy), 2);  // ends on a knight square
    }
    auto unicorn = *parse_betza("FafsF");
    ASSERT_EQ(unicorn.size(), 12u);
    for (const auto& a : unicorn)
        if (a.kind == Kind::Lame) {
            EXPECT_EQ(std::abs(a.path[0].first) * std::abs(a.path[0].second), 1);
        }
}

TEST(Betza, UnsupportedSpellingsAreErrorsNamingThePart) {
    struct Case {
        const char* text;
        const char* expect;
    };
    const Case cases[] = {
        {"pR", "'p' (hoppers)"},
        {"nN", "ambiguous"},
        {"X", "unknown Betza atom 'X'"},
        {"jN", "'j' on a leaper"},
        {"NN", "unsupported rider"},
        {"fm", "modifiers without an atom"},
        {"afafsW", "more than two legs"},
        {"abW", "continuation"},
        {"", "empty"},
        {"hW", "'h'"},
        {"lrfbvF3", ""},
        {"W99", ""},
        // A range too long for an int was undefined behaviour and then a wrong message.
        {"W100", "range too large (at most 99 squares)"},
        {"fW99999999999999999999", "range too large"},
    };
    for (const auto& c : cases) {
        auto r = parse_betza(c.text);
        if (std::string(c.expect).empty()) {
            EXPECT_TRUE(r.ok()) << c.text;
            continue;
        }
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_NE(r.error().message.find(c.expect), std::string::npos)
            << c.text << ": " << r.error().message;
    }
}

}  // namespace
}  // namespace balance::core
