// XBetza's half directions (fh, bh, lh, rh on oblique leapers): every accepted form's moves from
// a central square, hand-checked, for White and, mirrored like every direction, for Black.

#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/variant_loader.hpp"

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
[armies.halves]
letters = { K = "king", F = "forward", B = "backward", L = "left", R = "right", C = "camel", Z = "zebra", Q = "quiet" }
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
}

}  // namespace
}  // namespace balance::testing
