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

// XBetza's half-planes on oblique leapers: the four moves with a component that way, the same
// moves as a single direction letter there; several sets add up as usual.
TEST(Betza, HalfDirections) {
    using Set = std::set<std::tuple<int, int, int>>;
    EXPECT_EQ(targets("fhN", Kind::Leap), (Set{{1, 2, 0}, {-1, 2, 0}, {2, 1, 0}, {-2, 1, 0}}));
    EXPECT_EQ(targets("bhN", Kind::Leap), (Set{{1, -2, 0}, {-1, -2, 0}, {2, -1, 0}, {-2, -1, 0}}));
    EXPECT_EQ(targets("lhN", Kind::Leap), (Set{{-1, 2, 0}, {-1, -2, 0}, {-2, 1, 0}, {-2, -1, 0}}));
    EXPECT_EQ(targets("rhN", Kind::Leap), (Set{{1, 2, 0}, {1, -2, 0}, {2, 1, 0}, {2, -1, 0}}));
    EXPECT_EQ(targets("fhC", Kind::Leap), (Set{{1, 3, 0}, {-1, 3, 0}, {3, 1, 0}, {-3, 1, 0}}));
    EXPECT_EQ(targets("fhL", Kind::Leap), targets("fhC", Kind::Leap));
    EXPECT_EQ(targets("bhZ", Kind::Leap), (Set{{2, -3, 0}, {-2, -3, 0}, {3, -2, 0}, {-3, -2, 0}}));
    EXPECT_EQ(targets("bhJ", Kind::Leap), targets("bhZ", Kind::Leap));
    for (const char* half : {"fh", "bh", "lh", "rh"}) {
        const std::string single(1, half[0]);
        EXPECT_EQ(targets(std::string(half) + "N", Kind::Leap), targets(single + "N", Kind::Leap))
            << half;
    }
    EXPECT_EQ(targets("fhNbhN", Kind::Leap), targets("N", Kind::Leap));
    EXPECT_EQ(targets("fhrrN", Kind::Leap),
              (Set{{1, 2, 0}, {-1, 2, 0}, {2, 1, 0}, {-2, 1, 0}, {2, -1, 0}}));
    // Modality and the start rank apply as on any atom.
    const auto atoms = *parse_betza("ifhmN");
    ASSERT_EQ(atoms.size(), 4u);
    for (const auto& a : atoms) {
        EXPECT_TRUE(a.move && !a.capture && a.initial);
        EXPECT_GT(a.dy, 0);
    }
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
        {"hrfN", "chiral"},
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

// Every error parse_betza can give, word for word with its position: a change to the parser's
// structure must keep each message and the place it points at. The parser has two more checks
// that no string reaches: a skip-slider's range shorter than its skip (a range of 1 makes the
// atom a leaper, so 'j on a leaper' fires first) and direction modifiers selecting no move
// (every direction letter or pair selects at least one move of every atom).
TEST(Betza, EveryErrorMessageWordForWord) {
    struct Case {
        std::string text;
        std::string message;
    };
    const std::string long_text(kMaxBetzaLength + 1, 'W');
    const Case cases[] = {
        {"", "empty Betza string"},
        {long_text, "longer than 1000 characters (it has 1001); no piece needs that many"},
        {"afafsW", "unsupported: more than two legs ('a' twice) at position 3 in 'afafsW'"},
        {"WfafaW", "unsupported: more than two legs ('a' twice) at position 5 in 'WfafaW'"},
        {"hW",
         "unsupported: half directions ('h') on 'W': only the oblique leapers N, C/L, Z/J have "
         "halves (fh, bh, lh, rh, hr, hl) at position 1 in 'hW'"},
        {"FfhW",
         "unsupported: half directions ('h') on 'W': only the oblique leapers N, C/L, Z/J have "
         "halves (fh, bh, lh, rh, hr, hl) at position 3 in 'FfhW'"},
        {"fhK",
         "unsupported: half directions ('h') on 'K': only the oblique leapers N, C/L, Z/J have "
         "halves (fh, bh, lh, rh, hr, hl) at position 2 in 'fhK'"},
        {"fhB",
         "unsupported: half directions ('h') on 'B': only the oblique leapers N, C/L, Z/J have "
         "halves (fh, bh, lh, rh, hr, hl) at position 2 in 'fhB'"},
        {"hN",
         "'h' (half) must follow f, b, l or r or precede r or l: fh, bh, lh, rh, hr, hl at "
         "position 1 in 'hN'"},
        {"vhN",
         "'h' (half) must follow f, b, l or r or precede r or l: fh, bh, lh, rh, hr, hl at "
         "position 2 in 'vhN'"},
        {"ffhN",
         "'h' (half) must follow f, b, l or r or precede r or l: fh, bh, lh, rh, hr, hl at "
         "position 3 in 'ffhN'"},
        {"WhrfN",
         "the chiral half 'hr' must be the atom's only direction (write other moves as an atom of "
         "their own, e.g. hrNfN) at position 2 in 'WhrfN'"},
        {"hlrC",
         "the chiral half 'hl' must be the atom's only direction (write other moves as an atom of "
         "their own, e.g. hrNfN) at position 1 in 'hlrC'"},
        {"fhafsW",
         "unsupported: half directions ('h') in a multi-leg move at position 2 in 'fhafsW'"},
        {"afhW", "unsupported: half directions ('h') in a multi-leg move at position 3 in 'afhW'"},
        {"pR", "unsupported Betza modifier 'p' (hoppers) at position 1 in 'pR'"},
        {"WgB", "unsupported Betza modifier 'g' (hoppers) at position 2 in 'WgB'"},
        {"xW", "unsupported Betza modifier 'x' at position 1 in 'xW'"},
        {"NfxW", "unsupported Betza modifier 'x' at position 3 in 'NfxW'"},
        {"fm", "modifiers without an atom at position 1 in 'fm'"},
        {"Nfm", "modifiers without an atom at position 2 in 'Nfm'"},
        {"W-", "unexpected character '-' at position 2 in 'W-'"},
        {"N W", "unexpected character ' ' at position 2 in 'N W'"},
        {"3W", "unexpected character '3' at position 1 in '3W'"},
        {"X", "unknown Betza atom 'X' at position 1 in 'X'"},
        {"WfX", "unknown Betza atom 'X' at position 3 in 'WfX'"},
        {"NN", "unsupported rider 'NN' (only W and F lines slide) at position 1 in 'NN'"},
        {"fRNN", "unsupported rider 'NN' (only W and F lines slide) at position 3 in 'fRNN'"},
        {"W100", "range too large (at most 99 squares) at position 2 in 'W100'"},
        {"fW99999999999999999999",
         "range too large (at most 99 squares) at position 3 in 'fW99999999999999999999'"},
        {"N2", "unsupported range on a leaper that is not W or F at position 2 in 'N2'"},
        {"RN3", "unsupported range on a leaper that is not W or F at position 3 in 'RN3'"},
        {"mcabK", "unsupported modifiers on a 'cab' shot at position 1 in 'mcabK'"},
        {"cabR", "unsupported: a 'cab' shot on a slider at position 1 in 'cabR'"},
        {"NcabQ", "unsupported: a 'cab' shot on a slider at position 2 in 'NcabQ'"},
        // Only a second leg of exactly 'b' makes a shot; any other is a two-leg step.
        {"WcabsK",
         "unsupported multi-leg move: only [mods]afsW, afsF, afW, afF, asF, cabK at position 2 "
         "in 'WcabsK'"},
        {"afsN",
         "unsupported multi-leg move: only [mods]afsW, afsF, afW, afF, asF, cabK at position 1 "
         "in 'afsN'"},
        {"WafsQ",
         "unsupported multi-leg move: only [mods]afsW, afsF, afW, afF, asF, cabK at position 2 "
         "in 'WafsQ'"},
        {"cafsW",
         "unsupported leg modifiers in a multi-leg move (leg 1 must move to an empty square) at "
         "position 1 in 'cafsW'"},
        {"NafsjW",
         "unsupported leg modifiers in a multi-leg move (leg 1 must move to an empty square) at "
         "position 2 in 'NafsjW'"},
        {"abW",
         "unsupported continuation direction 'b' (use fs or f, or s on F) at position 1 in "
         "'abW'"},
        {"WasW",
         "unsupported continuation direction 's' (use fs or f, or s on F) at position 2 "
         "in 'WasW'"},
        {"afrF",
         "unsupported continuation direction 'fr' (use fs or f, or s on F) at position 1 "
         "in 'afrF'"},
        {"jN", "unsupported: 'j' on a leaper (only skip-sliders jR, jB, jQ) at position 1 in 'jN'"},
        {"RjK",
         "unsupported: 'j' on a leaper (only skip-sliders jR, jB, jQ) at position 2 in 'RjK'"},
        {"nN",
         "'n' on an oblique leaper is ambiguous: write the path, e.g. afsW (orthogonal first) or "
         "afsF (diagonal first) at position 1 in 'nN'"},
        {"FnL",
         "'n' on an oblique leaper is ambiguous: write the path, e.g. afsW (orthogonal first) or "
         "afsF (diagonal first) at position 2 in 'FnL'"},
        {"nW", "'n' (lame) applies only to straight leapers D, A, H, G at position 1 in 'nW'"},
        {"nR", "'n' (lame) applies only to straight leapers D, A, H, G at position 1 in 'nR'"},
        {"BnK", "'n' (lame) applies only to straight leapers D, A, H, G at position 2 in 'BnK'"},
    };
    for (const auto& c : cases) {
        auto r = parse_betza(c.text);
        ASSERT_FALSE(r.ok()) << c.text;
        EXPECT_EQ(r.error().message, c.message) << c.text;
        EXPECT_EQ(r.error().where, "") << c.text;
    }
}

}  // namespace
}  // namespace balance::core
