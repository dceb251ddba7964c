#include "balance/config/suggest.hpp"

#include <gtest/gtest.h>

namespace balance::config {
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

// A word far longer than any name is no typo: no table of its length times a candidate's is
// built (a 20 MB key cost 2.6 GB and 47 s before the error; this pair would need 160 TB).
TEST(NearestName, SkipsWordsTooLongToBeTypos) {
    const std::string huge(20'000'000, 'k');
    const std::vector<std::string> candidates{std::string(1'000'000, 'k')};
    std::optional<std::string> found;
    EXPECT_NO_THROW(found = nearest_name(huge, candidates));
    EXPECT_EQ(found, std::nullopt);
}

TEST(QuotedName, ShowsLongNamesByTheirStartAndLength) {
    EXPECT_EQ(quoted_name("betza"), "'betza'");
    EXPECT_EQ(quoted_name(std::string(64, 'k')), "'" + std::string(64, 'k') + "'");
    EXPECT_EQ(quoted_name(std::string(65, 'k')),
              "'" + std::string(32, 'k') + "...' (65 characters)");
}

TEST(DidYouMean, FormatsOrStaysSilent) {
    EXPECT_EQ(did_you_mean("leep", {"diagonal", "leap", "none"}), "; did you mean 'leap'?");
    EXPECT_EQ(did_you_mean("zzzz", {"diagonal", "leap", "none"}), "");
    // A name cut short: the one candidate it begins; none when several do, or it is too short.
    EXPECT_EQ(did_you_mean("random", {"none", "random-plies", "book"}),
              "; did you mean 'random-plies'?");
    EXPECT_EQ(did_you_mean("random", {"random-plies", "random-moves"}), "");
    EXPECT_EQ(did_you_mean("ra", {"none", "random-plies"}), "");
}

}  // namespace
}  // namespace balance::config
