#include "balance/config/suggest.hpp"

#include <gtest/gtest.h>

namespace balance::app {
namespace {

TEST(EditDistance, KnownValues) {
    EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);  // the textbook example
    EXPECT_EQ(edit_distance("", "abc"), 3u);
    EXPECT_EQ(edit_distance("abc", ""), 3u);
    EXPECT_EQ(edit_distance("betza", "betza"), 0u);
    EXPECT_EQ(edit_distance("betsa", "betza"), 1u);
}

TEST(EditDistance, TranspositionCostsOne) {
    EXPECT_EQ(edit_distance("unicron", "unicorn"), 1u);
    EXPECT_EQ(edit_distance("ca", "ac"), 1u);
}

TEST(EditDistance, IgnoresCase) {
    EXPECT_EQ(edit_distance("Elf", "elf"), 0u);
}

TEST(NearestName, PicksTheClosePlausibleCandidate) {
    const std::vector<std::string> keys{"betza", "role", "value"};
    EXPECT_EQ(nearest_name("betsa", keys), "betza");
    EXPECT_EQ(nearest_name("valeu", keys), "value");
    EXPECT_EQ(nearest_name("colour", keys), std::nullopt);  // nothing plausible
}

TEST(NearestName, LongerWordsAllowMoreEdits) {
    const std::vector<std::string> options{"stalemate-win", "free-placement"};
    EXPECT_EQ(nearest_name("stalmate-wn", options), "stalemate-win");  // 2 edits in 11 letters
    EXPECT_EQ(nearest_name("sw", options), std::nullopt);
}

TEST(DidYouMean, FormatsOrStaysSilent) {
    EXPECT_EQ(did_you_mean("leep", {"diagonal", "leap", "none"}), "; did you mean 'leap'?");
    EXPECT_EQ(did_you_mean("zzzz", {"diagonal", "leap", "none"}), "");
}

}  // namespace
}  // namespace balance::app
