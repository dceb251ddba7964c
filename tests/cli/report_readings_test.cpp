// The verdict under every reading of an ambiguous rule: `balance variants NAME --readings` writes
// the rule sets, and the report's Readings items say in how many rule sets that change one rule
// of another the other's verdict holds, and which change it.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;
using testing::asymmetric;
using testing::run_balance;
using testing::TestStore;

// Humans against Elves, both colour orders, `human_wins` of 40 games each for the Humans.
void add_pairing(TestStore& store, const std::string& rules, int human_wins) {
    store.add_counts(asymmetric("humans", "elves", rules), human_wins, 0, 40 - human_wins);
    store.add_counts(asymmetric("elves", "humans", rules), 40 - human_wins, 0, human_wins);
}

std::vector<json> readings_of(const json& report) {
    std::vector<json> out;
    for (const json& item : report["summary"])
        if (item["kind"] == "readings") out.push_back(item);
    return out;
}

TEST(ReportReadings, SaysWhichReadingChangesTheVerdict) {
    TempDir dir;
    TestStore store(dir.path() / "readings.sqlite");
    add_pairing(store, "", 10);                         // Elves stronger: Humans 25%
    add_pairing(store, "sprite-double-step=none", 20);  // no clear edge: 50%
    add_pairing(store, "guard-double-step=off", 12);    // Elves stronger still
    const auto run = run_balance({"report", "--db", store.path().string(), "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto readings = readings_of(json::parse(run.out));
    ASSERT_EQ(readings.size(), 1u) << run.out;
    const json& item = readings.front();
    EXPECT_EQ(item["rules"], "");
    EXPECT_EQ(item["verdict"], "changes");
    const std::string headline = item["headline"];
    EXPECT_NE(headline.find("holds under 1 of 2 rule changes"), std::string::npos) << headline;
    const std::string sentence = item["sentence"];
    EXPECT_NE(sentence.find("Changed by: sprite-double-step=none (50.0%"), std::string::npos)
        << sentence;
    EXPECT_NE(sentence.find("unchanged by: guard-double-step=off"), std::string::npos) << sentence;
}

TEST(ReportReadings, AVerdictEveryReadingKeepsHolds) {
    TempDir dir;
    TestStore store(dir.path() / "holds.sqlite");
    add_pairing(store, "", 10);
    add_pairing(store, "sprite-double-step=leap", 11);
    const auto run = run_balance({"report", "--db", store.path().string(), "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto readings = readings_of(json::parse(run.out));
    ASSERT_EQ(readings.size(), 1u) << run.out;
    EXPECT_EQ(readings.front()["verdict"], "holds");
}

TEST(ReportReadings, OneRuleSetHasNoReadings) {
    TempDir dir;
    TestStore store(dir.path() / "one.sqlite");
    add_pairing(store, "", 10);
    const auto run = run_balance({"report", "--db", store.path().string(), "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_TRUE(readings_of(json::parse(run.out)).empty());
}

TEST(VariantsReadings, AsymmetricPlaysEveryReadingOfItsAmbiguousRules) {
    const auto run = run_balance({"variants", "asymmetric", "--readings"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("rule_sets = { default = []"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(R"(sprite-double-step-none = ["sprite-double-step=none"])"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find(R"(guard-double-step-off = ["guard-double-step=off"])"),
              std::string::npos)
        << run.out;
    // A reading that matters only under rule B is played with rule B, beside rule B alone.
    EXPECT_NE(run.out.find(R"(promote-to-captured = ["promote-to-captured"])"), std::string::npos)
        << run.out;
    EXPECT_NE(
        run.out.find(
            R"(promote-to-captured--promotion-when-none-available-stays-pawn = ["promote-to-captured", "promotion-when-none-available=stays-pawn"])"),
        std::string::npos)
        << run.out;
    // Optional rules the seed defines (A, B, C) are rules, not readings.
    EXPECT_EQ(run.out.find("stalemate-win"), std::string::npos) << run.out;
}

TEST(VariantsReadings, TheListingMarksAmbiguousOptions) {
    const auto run = run_balance({"variants", "asymmetric"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("[ambiguous: the sources leave it open]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("[ambiguous under promote-to-captured]"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace balance::cli
