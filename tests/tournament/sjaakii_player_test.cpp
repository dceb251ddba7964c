// SjaakII with definitions written from the variant file (type = "sjaakii"): every shipped
// variant it can express (Chess, Capablanca, Asymmetric Humans vs Humans, Stylish), against the
// internal engine in both colours, with no illegal move, protocol error, crash or timeout; and
// the refusals when a sweep's variant has what SjaakII cannot express. Skipped where SjaakII is
// not installed.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/sweep_support.hpp"

namespace balance::tournament {
namespace {

using testing::TempDir;

constexpr const char* kSjaakiiBinary = "/usr/games/sjaakii";

// Stylish is played for mate by SjaakII (it knows no points) and scored by points.
TEST(SjaakiiPlayer, EveryShippedVariantItCanExpress) {
    if (!std::filesystem::exists(kSjaakiiBinary)) GTEST_SKIP() << "sjaakii is not installed";
    const struct {
        const char* variant;
        const char* pairings;
    } cases[] = {{"chess", "\"all\""},
                 {"capablanca", "\"all\""},
                 {"asymmetric", "[[\"humans\", \"humans\"]]"},
                 {"stylish", "\"all\""}};
    for (const auto& c : cases) {
        SCOPED_TRACE(c.variant);
        TempDir dir;
        const Sweep sweep = testing::load(
            dir,
            testing::against_engine(c.variant, c.pairings, "type = \"sjaakii\"\nnodes = 1000"));
        testing::expect_clean_games(dir, sweep, 2, "Sjaak II");
    }
}

// What SjaakII cannot express is named when the sweep is read: the Asymmetric Ranger (every
// Elf army has one), Uneven's castling; and the player needs a search limit.
TEST(SjaakiiPlayer, RefusedAtLoad) {
    const struct {
        const char* variant;
        const char* limit;
        std::vector<std::string> expected;
    } cases[] = {
        {"asymmetric",
         "nodes = 1000",
         {"[players.sjaakii] (type = \"sjaakii\") cannot play humans vs elves",
          "piece 'ranger' (jB): a ski-slide"}},
        {"uneven", "depth = 2", {"cannot play white vs black", "castle a king 3 squares"}},
        {"chess", "", {"[players.sjaakii] needs a search limit: nodes, depth or movetime_ms"}},
    };
    for (const auto& c : cases) {
        const std::string error = testing::sweep_load_error(
            std::string("variant = \"") + c.variant +
            "\"\ngames_per_cell = 1\n[players.sjaakii]\ntype = \"sjaakii\"\n" + c.limit + "\n");
        for (const auto& part : c.expected)
            EXPECT_NE(error.find(part), std::string::npos) << c.variant << ": " << error;
    }
}

}  // namespace
}  // namespace balance::tournament
