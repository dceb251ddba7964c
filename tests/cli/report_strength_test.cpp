// `balance report`'s "Balance against player strength" section: a ladder's rungs found from the
// stored player names, per-rung scores, the trend per doubling and its verdict, rung gaps, and
// mixed matchups per army; with hand-computed numbers where the arithmetic is simple.

#include <gtest/gtest.h>

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "balance/analysis/strength.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using nlohmann::json;
using testing::asymmetric;
using testing::run_balance;
using testing::TestGame;
using testing::TestStore;

TestGame rung(TestGame g, const std::string& white, const std::string& black) {
    g.white_player = white;
    g.black_player = black;
    return g;
}

// Humans against Elves up a three-rung ladder: 50%, 75%, 90% for the Humans (both colours).
void add_ladder(TestStore& store) {
    const std::vector<std::string> rungs{"e:nodes=1000", "e:nodes=2000", "e:nodes=4000"};
    const int human_wins[] = {20, 30, 36};
    for (std::size_t i = 0; i < rungs.size(); ++i) {
        const int w = human_wins[i];
        store.add_counts(rung(asymmetric("humans", "elves"), rungs[i], rungs[i]), w, 0, 40 - w);
        store.add_counts(rung(asymmetric("elves", "humans"), rungs[i], rungs[i]), 40 - w, 0, w);
        store.add_counts(rung(asymmetric("humans", "humans"), rungs[i], rungs[i]), 10, 20, 10);
    }
    // Rung gap 1000 -> 2000 in the mirror pairing: the stronger rung's view +30 =8 -2.
    store.add_counts(rung(asymmetric("humans", "humans"), "e:nodes=2000", "e:nodes=1000"), 15, 5,
                     0);
    store.add_counts(rung(asymmetric("humans", "humans"), "e:nodes=1000", "e:nodes=2000"), 2, 3,
                     15);
    // A mixed matchup of two different players.
    store.add_counts(rung(asymmetric("humans", "elves"), "alpha", "beta"), 6, 2, 2);
}

json strength_report_of(const std::filesystem::path& db) {
    const auto run = run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

// Chess mirror games of one plain player whose settings say which engine it is and its budget.
TestGame mirror_of(const std::string& player, const std::string& settings) {
    TestGame g;
    g.white_player = player;
    g.black_player = player;
    g.players_json = fmt::format(R"({{"white": {0}, "black": {0}}})", settings);
    return g;
}

// Two players' verdicts on White's score in chess: "ours" (the internal engine) listed first by
// name, "sf" (Fairy-Stockfish) the stronger by engine; and a third, "fm" (Fairy-Max), agreeing
// with the strongest.
void add_three_strengths(TestStore& store, int ours_wins, int ours_losses) {
    store.add_counts(mirror_of("ours", R"({"type": "engine", "nodes": 10000})"), ours_wins,
                     100 - ours_wins - ours_losses, ours_losses);
    store.add_counts(mirror_of("sf", R"({"type": "fairy-stockfish", "nodes": 10000})"), 50, 40, 10);
    store.add_counts(mirror_of("fm", R"({"type": "fairymax", "depth": 5})"), 48, 40, 12);
}

std::vector<json> items_of(const json& report, const std::string& kind) {
    std::vector<json> out;
    for (const json& item : report["summary"])
        if (item["kind"] == kind) out.push_back(item);
    return out;
}

TEST(ReportStrength, StrongestPlayerFirstAndWhetherTheOthersAgree) {
    TempDir dir;
    TestStore store(dir.path() / "strengths.sqlite");
    add_three_strengths(store, 20, 20);  // ours: 50%, sf: 70%, fm: 68%
    const json report = strength_report_of(store.path());
    const json& summary = report["summary"];
    ASSERT_GE(summary.size(), 4u) << summary.dump(2);
    // The strongest player's verdict first, then the agreement, then the others.
    EXPECT_EQ(summary[0]["players"], "sf");
    EXPECT_EQ(summary[0]["kind"], "white");
    const auto agreement = items_of(report, "agreement");
    ASSERT_EQ(agreement.size(), 1u) << summary.dump(2);
    EXPECT_EQ(summary[1], agreement[0]);
    EXPECT_EQ(agreement[0]["verdict"], "disagree");
    const std::string sentence = agreement[0]["sentence"];
    EXPECT_NE(sentence.find("ours differs from the strongest player here, sf"), std::string::npos)
        << sentence;
    EXPECT_NE(sentence.find("fm agrees"), std::string::npos) << sentence;
    EXPECT_EQ(summary[2]["players"], "ours");  // the internal engine before Fairy-Max
    EXPECT_EQ(summary[3]["players"], "fm");
    // The strength section: plain players are ladders of one rung, the strongest first (one
    // army: no pairing lines, White's score in the mirror at each rung).
    const json& rungs = report["strength_rungs"];
    ASSERT_EQ(rungs.size(), 3u) << rungs.dump(2);
    EXPECT_EQ(rungs[0]["player"], "sf");
    EXPECT_EQ(rungs[0]["value"], 10000);
    EXPECT_DOUBLE_EQ(rungs[0]["white_mirror"]["score"].get<double>(), 0.7);
    EXPECT_EQ(rungs[1]["player"], "ours");
    EXPECT_EQ(rungs[2]["player"], "fm");
    EXPECT_EQ(rungs[2]["limit"], "depth");
}

TEST(ReportStrength, PlayersThatAgreeAreSaidToAgree) {
    TempDir dir;
    TestStore store(dir.path() / "agree.sqlite");
    add_three_strengths(store, 46, 12);  // ours: 67%, as the others
    const auto agreement = items_of(strength_report_of(store.path()), "agreement");
    ASSERT_EQ(agreement.size(), 1u);
    EXPECT_EQ(agreement[0]["verdict"], "agree");
    EXPECT_NE(agreement[0]["headline"].get<std::string>().find("sf 70"), std::string::npos)
        << agreement[0]["headline"];
}

TEST(ReportStrength, OnePlayerAloneHasNoAgreementAndNoLadder) {
    TempDir dir;
    TestStore store(dir.path() / "alone.sqlite");
    store.add_counts(mirror_of("sf", R"({"type": "fairy-stockfish", "nodes": 10000})"), 50, 40, 10);
    const json report = strength_report_of(store.path());
    EXPECT_TRUE(items_of(report, "agreement").empty());
    EXPECT_TRUE(report["strength"].empty());
}

TEST(ReportStrength, RungsTrendVerdictAndGaps) {
    TempDir dir;
    TestStore store(dir.path() / "ladder.sqlite");
    add_ladder(store);
    const json report = strength_report_of(store.path());
    const json& lines = report["strength"];
    ASSERT_EQ(lines.size(), 3u) << lines.dump(2);  // Human-Elf, Elf-Human, Human = Elf
    const json& pooled = lines[2];
    EXPECT_EQ(pooled["player"], "e");
    EXPECT_EQ(pooled["limit"], "nodes");
    EXPECT_EQ(pooled["view"], "X = Y");
    EXPECT_EQ(pooled["x"], "humans");
    ASSERT_EQ(pooled["rungs"].size(), 3u);
    EXPECT_EQ(pooled["rungs"][0]["limit"], 1000);
    EXPECT_DOUBLE_EQ(pooled["rungs"][0]["score"].get<double>(), 0.5);
    EXPECT_DOUBLE_EQ(pooled["rungs"][1]["score"].get<double>(), 0.75);
    EXPECT_DOUBLE_EQ(pooled["rungs"][2]["score"].get<double>(), 0.9);
    EXPECT_GT(pooled["trend"]["low"].get<double>(), 0.0);
    EXPECT_NE(pooled["verdict"].get<std::string>().find("as strength grows"), std::string::npos);
    const std::string verdict = pooled["verdict"];
    EXPECT_EQ(verdict.rfind("tilts towards ", 0), 0u) << verdict;
    EXPECT_NE(verdict.find("uman"), std::string::npos) << verdict;  // the Humans' display name
    ASSERT_EQ(report["strength_gaps"].size(), 1u);
    const json& gap = report["strength_gaps"][0];
    EXPECT_EQ(gap["from"], 1000);
    EXPECT_EQ(gap["to"], 2000);
    EXPECT_EQ(gap["stronger"]["wins"], 30);
    EXPECT_EQ(gap["stronger"]["draws"], 8);
    EXPECT_EQ(gap["stronger"]["losses"], 2);
    ASSERT_EQ(report["strength_rungs"].size(), 3u);
    EXPECT_DOUBLE_EQ(report["strength_rungs"][0]["white_mirror"]["score"].get<double>(), 0.5);
    // Mixed: alpha had the Humans (+6 =2 -2), beta the Elves.
    ASSERT_EQ(report["strength_armies"].size(), 2u);
    EXPECT_EQ(report["strength_armies"][0]["player"], "alpha");
    EXPECT_EQ(report["strength_armies"][0]["army"], "humans");
    EXPECT_EQ(report["strength_armies"][0]["score"]["wins"], 6);
    EXPECT_EQ(report["strength_armies"][1]["army"], "elves");
    EXPECT_EQ(report["strength_armies"][1]["score"]["losses"], 6);
}

TEST(ReportStrength, RungGapMatchesAreNoArmyFitAndNoNote) {
    TempDir dir;
    TestStore store(dir.path() / "ladder.sqlite");
    add_ladder(store);
    const json report = strength_report_of(store.path());
    // One fit per rung (each plays all pairings) and the mixed matchup's; the rung gap (two
    // different players, mirror pairings only) rates players, not armies: no fit, no note.
    for (const json& fit : report["armies"]["fits"]) {
        EXPECT_FALSE(fit["white_player"] == "e:nodes=2000" &&
                     fit["black_player"] == "e:nodes=1000");
        EXPECT_FALSE(fit["white_player"] == "e:nodes=1000" &&
                     fit["black_player"] == "e:nodes=2000");
    }
    EXPECT_EQ(report["armies"]["fits"].size(), 4u) << report["armies"].dump(2);
    for (const json& note : report["meta"]["notes"]) {  // alpha vs beta's single cell may fail
        EXPECT_EQ(note.get<std::string>().find("e:nodes=2000 vs"), std::string::npos) << note;
        EXPECT_EQ(note.get<std::string>().find("e:nodes=1000 vs"), std::string::npos) << note;
    }
}

TEST(ReportStrength, MarkdownHtmlAndCsv) {
    TempDir dir;
    TestStore store(dir.path() / "ladder.sqlite");
    add_ladder(store);
    const auto md = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("## Balance against player strength"), std::string::npos);
    EXPECT_NE(md.out.find("trend per doubling"), std::string::npos);
    EXPECT_NE(md.out.find("what a step up the ladder buys"), std::string::npos);
    const auto html = run_balance({"report", "--db", store.path().string(), "--format", "html"});
    ASSERT_EQ(html.status, 0) << html.err;
    EXPECT_NE(html.out.find("id=\"strength-0\""), std::string::npos);
    EXPECT_NE(html.out.find("class=\"band\""), std::string::npos);
    const auto csv = run_balance(
        {"report", "--db", store.path().string(), "--format", "csv", "--table", "strength"});
    ASSERT_EQ(csv.status, 0) << csv.err;
    // One row per line and rung: 3 lines x 3 rungs, plus the header.
    EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 10);
}

TEST(ReportStrength, OneColourOrderAndNoSeedLeaveNoEmptyRowsOrColumns) {
    // Uneven's arrays each play one colour only, and the seed published no table for it: the
    // ladder table shows the one view that was played, without a seed column or caption.
    TempDir dir;
    TestStore store(dir.path() / "uneven.sqlite");
    for (const char* r : {"e:nodes=1000", "e:nodes=4000"}) {
        TestGame g;
        g.variant = "uneven";
        g.white = "white";
        g.black = "black";
        store.add_counts(rung(g, r, r), 10, 5, 15);
    }
    const auto md = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(md.status, 0) << md.err;
    const auto at = md.out.find("## Balance against player strength");
    ASSERT_NE(at, std::string::npos) << md.out;
    const std::string section = md.out.substr(at);
    EXPECT_NE(section.find("| white-black | 41.7% "), std::string::npos) << section;
    EXPECT_EQ(section.find("| black-white | "), std::string::npos) << section;
    EXPECT_EQ(section.find("white = black"), std::string::npos) << section;
    EXPECT_EQ(section.find("Eskin"), std::string::npos) << section;
    EXPECT_EQ(section.find("| seed |"), std::string::npos) << section;
    EXPECT_NE(section.find("| trend per doubling | verdict |"), std::string::npos) << section;
}

// Rungs whose limits have different digit counts come out in numeric order everywhere: cells,
// pairs, army fits and the ladder (text order would put "nodes=10000" before "nodes=4000").
TEST(ReportStrength, RungsInNumericOrderInEveryTable) {
    TempDir dir;
    TestStore store(dir.path() / "ladder.sqlite");
    for (const std::string r : {"b:nodes=64000", "b:nodes=10000", "b:nodes=4000"}) {
        store.add_counts(rung(asymmetric("humans", "elves"), r, r), 10, 0, 10);
        store.add_counts(rung(asymmetric("elves", "humans"), r, r), 10, 0, 10);
    }
    const json report = strength_report_of(store.path());
    const auto order_of = [](const json& rows, const char* field) {
        std::vector<std::string> seen;
        for (const json& row : rows) {
            const std::string p = row[field];
            if (std::find(seen.begin(), seen.end(), p) == seen.end()) seen.push_back(p);
        }
        return seen;
    };
    const std::vector<std::string> want{"b:nodes=4000", "b:nodes=10000", "b:nodes=64000"};
    EXPECT_EQ(order_of(report["cells"], "white_player"), want);
    EXPECT_EQ(order_of(report["armies"]["fits"], "white_player"), want) << report["armies"].dump();
    const json& rungs = report["strength"][0]["rungs"];
    ASSERT_EQ(rungs.size(), 3u);
    EXPECT_EQ(rungs[0]["limit"], 4000);
    EXPECT_EQ(rungs[2]["limit"], 64000);
}

analysis::ScoreSummary fake(double estimate, double half_width) {
    analysis::ScoreSummary s;
    s.wdl = stats::Wdl{50, 0, 50};
    s.score = stats::Interval{estimate, estimate - half_width, estimate + half_width, 0.95};
    return s;
}

TEST(ReportStrength, TrendIsWeightedLeastSquaresOnLog2) {
    // Equal weights: the OLS slope 0.1 per doubling; its SE (0.05 / z) / sqrt(2) gives the
    // interval 0.1 +- 0.05 / sqrt(2).
    const auto t = analysis::score_trend({10, 11, 12},
                                         {fake(0.5, 0.05), fake(0.6, 0.05), fake(0.7, 0.05)}, 0.95);
    ASSERT_TRUE(t.has_value());
    EXPECT_NEAR(t->slope, 0.1, 1e-12);
    EXPECT_NEAR(t->upper - t->slope, 0.05 / std::sqrt(2.0), 1e-6);
    EXPECT_FALSE(analysis::score_trend({10}, {fake(0.5, 0.05)}, 0.95).has_value());
    analysis::StrengthLine flat;
    flat.rungs = {fake(0.5, 0.05), fake(0.52, 0.05)};
    flat.trend = analysis::score_trend({10, 11}, flat.rungs, 0.95);
    EXPECT_EQ(analysis::strength_verdict(flat, "Human", "Elf"), "balanced at every rung");
    flat.rungs[1]->wdl = stats::Wdl{5, 0, 5};
    EXPECT_EQ(analysis::strength_verdict(flat, "Human", "Elf"), "not enough games");
}

}  // namespace
}  // namespace balance::cli
