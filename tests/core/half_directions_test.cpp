// XBetza's half directions (fh, bh, lh, rh on oblique leapers): every accepted form's moves from
// a central square, hand-checked, for White and, mirrored like every direction (turned half a
// circle for the chiral halves hr, hl), for Black.

#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/betza.hpp"

namespace balance::testing {
namespace {

// One piece per form, all in one army; kings on h1 and h8 stay out of their way.
const char* const kHalves = R"(start_fen = "7k/8/8/8/8/8/8/7K w - - 0 1"
[pieces.king]
betza = "K"
role = "king"
[pieces.forward]
betza = "fhN"
[pieces.backward]
betza = "bhN"
[pieces.left]
betza = "lhN"
[pieces.right]
betza = "rhN"
[pieces.camel]
betza = "fhC"
[pieces.zebra]
betza = "rhZ"
[pieces.quiet]
betza = "mfhNcbhN"
[pieces.righthand]
betza = "hrN"
[pieces.lefthand]
betza = "hlN"
[pieces.rightcamel]
betza = "hrC"
[pieces.quietright]
betza = "mhrNchlN"
[armies.halves]
letters = { K = "king", F = "forward", B = "backward", L = "left", R = "right", C = "camel", Z = "zebra", Q = "quiet", H = "righthand", G = "lefthand", M = "rightcamel", X = "quietright" }
)";

TEST(HalfDirections, MovesFromACentralSquare) {
    TempDir dir;
    auto spec = config::load_variant(dir.write("halves.toml", kHalves));
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    const struct {
        char letter;
        std::set<std::string> white_d4, black_d5;
    } cases[] = {
        // fh: the four moves with a forward component; Black's forward is down the board.
        {'F', set_of({"b5", "c6", "e6", "f5"}), set_of({"b4", "c3", "e3", "f4"})},
        {'B', set_of({"b3", "c2", "e2", "f3"}), set_of({"b6", "c7", "e7", "f6"})},
        // lh, rh: toward the a-file and the h-file, for Black too (pieces are mirrored across
        // the middle of the board, as l and r are).
        {'L', set_of({"b3", "b5", "c2", "c6"}), set_of({"b4", "b6", "c3", "c7"})},
        {'R', set_of({"e2", "e6", "f3", "f5"}), set_of({"e3", "e7", "f4", "f6"})},
        // The Camel's (1, 3) and the Zebra's (2, 3) leaps.
        {'C', set_of({"a5", "c7", "e7", "g5"}), set_of({"a4", "c2", "e2", "g4"})},
        {'Z', set_of({"f1", "f7", "g2", "g6"}), set_of({"f2", "f8", "g3", "g7"})},
        // hr: each move the last turned clockwise (d4: e6, f3, c2, b5). Black's is White's turned
        // half a circle, which for a four-fold turning set is the same set of vectors (d5: e7,
        // f4, c3, b6), so it turns right too; mirrored it would have been hl's.
        {'H', set_of({"e6", "f3", "c2", "b5"}), set_of({"e7", "f4", "c3", "b6"})},
        {'G', set_of({"c6", "f5", "e2", "b3"}), set_of({"c7", "f6", "e3", "b4"})},
        // The Camel's (1, 3) turning right: d4 to e7, g3, c1, a5.
        {'M', set_of({"e7", "g3", "c1", "a5"}), set_of({"e8", "g4", "c2", "a6"})},
    };
    for (const auto& c : cases) {
        const std::string white_fen = std::string("7k/8/8/8/3") + c.letter + "4/8/8/7K w - - 0 1";
        const std::string black_fen = std::string("7k/8/8/3") +
                                      static_cast<char>(std::tolower(c.letter)) +
                                      "4/8/8/8/7K b - - 0 1";
        EXPECT_EQ(destinations(make_game(*spec, "", "", white_fen), "d4"), c.white_d4) << c.letter;
        EXPECT_EQ(destinations(make_game(*spec, "", "", black_fen), "d5"), c.black_d5) << c.letter;
    }
    // Modality combines as on any atom: forward moves to empty squares, backward captures.
    // Black's rhN pieces stand on b5 (no capture there) and c2 (captured).
    EXPECT_EQ(destinations(make_game(*spec, "", "", "7k/8/8/1r6/3Q4/8/2r5/7K w - - 0 1"), "d4"),
              set_of({"c6", "e6", "f5", "c2"}));
    // Chiral halves with a modality each: moves turning right, captures turning left. Black's
    // rooks on e6 (a right turn: not capturable) and b3 (a left turn: captured); for Black the
    // same piece on d5 with White rooks on e7 (right: quiet only) and f6 (left: captured).
    EXPECT_EQ(destinations(make_game(*spec, "", "", "7k/8/4r3/8/3X4/1r6/8/7K w - - 0 1"), "d4"),
              set_of({"f3", "c2", "b5", "b3"}));
    EXPECT_EQ(destinations(make_game(*spec, "", "", "7k/4R3/5R2/3x4/8/8/8/7K b - - 0 1"), "d5"),
              set_of({"f4", "c3", "b6", "f6"}));
}

// A chiral half must stand alone in its atom's directions and needs an oblique leaper.
TEST(HalfDirections, ChiralHalvesRefusedWhereTheirMeaningIsOpen) {
    for (const char* text : {"hrfN", "hrW", "hlB", "hrafsW", "hN"}) {
        const auto parsed = core::parse_betza(text);
        EXPECT_FALSE(parsed.ok()) << text;
    }
    const auto mixed = core::parse_betza("hrfN");
    ASSERT_FALSE(mixed.ok());
    EXPECT_NE(mixed.error().to_string().find("only direction"), std::string::npos)
        << mixed.error().to_string();
    const auto parsed = core::parse_betza("hlNhrN");
    ASSERT_TRUE(parsed.ok()) << parsed.error().to_string();
    EXPECT_EQ(parsed->size(), 8u);
}

}  // namespace
}  // namespace balance::testing
