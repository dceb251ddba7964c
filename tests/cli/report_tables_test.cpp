// `balance report` on hand-made stores with known counts: the table numbers, the published pooled
// "X = Y" layout, terminations, engine failures, the army fit, rule effects with Holm, the JSON
// schema, CSV and the error paths.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "balance/analysis/render.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/stats/interval.hpp"
#include "balance/tournament/store.hpp"
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

// The store most tests read:
//   asymmetric humans-elves (default rules) 20-10-10, elves-humans 15-5-20,
//   asymmetric humans-elves stalemate-win 30-0-10, elves-humans stalemate-win 10-10-20,
//   chess fide-fide (engine) 10-0-10 with plies 50 (wins) / 70 (losses),
//   chess fide-fide (alpha vs beta): a Black timeout, a White crash (details_json), a White
//   illegal move and one ordinary draw.
void fill_reference_store(TestStore& store) {
    store.add_counts(asymmetric("humans", "elves"), 20, 10, 10);
    store.add_counts(asymmetric("elves", "humans"), 15, 5, 20);
    store.add_counts(asymmetric("humans", "elves", "stalemate-win"), 30, 0, 10);
    store.add_counts(asymmetric("elves", "humans", "stalemate-win"), 10, 10, 20);
    for (int k = 0; k < 20; ++k) {
        TestGame g;
        g.white_score = k < 10 ? 1.0 : 0.0;
        g.plies = k < 10 ? 50 : 70;
        store.add(g);
    }
    TestGame failing;
    failing.white_player = "alpha";
    failing.black_player = "beta";
    failing.white_score = 1.0;
    failing.termination = "black-timeout";
    store.add(failing);
    failing.white_score = 0.0;
    failing.termination = "white-crashed";
    failing.details_json =
        R"({"failure": {"side": "white", "status": "crashed", "detail": "exit 11"}})";
    store.add(failing);
    failing.termination = "white-illegal-move";
    failing.details_json = "{}";
    store.add(failing);
    failing.white_score = 0.5;
    failing.termination = "fifty-moves";
    store.add(failing);
}

json report_json(const std::filesystem::path& db, std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"report", "--db", db.string(), "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto run = run_balance(args);
    EXPECT_EQ(run.status, 0) << run.err;
    return json::parse(run.out);
}

const json& find_cell(const json& report, const std::string& key) {
    for (const auto& cell : report["cells"])
        if (cell["cell_key"] == key) return cell;
    ADD_FAILURE() << "no cell " << key;
    static const json none;
    return none;
}

TEST(ReportTables, CellNumbersMatchHandComputedValues) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path());
    ASSERT_EQ(report["cells"].size(), 6u);

    // 10-0-10: Wilson's interval for 10/20, computed by hand: (p + z^2/2n +- z sqrt(p(1-p)/n +
    // z^2/4n^2)) / (1 + z^2/n) = [0.29929800819821, 0.70070199180179]; Elo -400 log10(1/s - 1)
    // of the ends = -+147.7718.
    const json& chess = find_cell(report, "chess|fide|fide||engine|engine");
    EXPECT_EQ(chess["games"], 20);
    EXPECT_EQ(chess["white_wins"], 10);
    EXPECT_EQ(chess["draws"], 0);
    EXPECT_EQ(chess["black_wins"], 10);
    EXPECT_DOUBLE_EQ(chess["score"].get<double>(), 0.5);
    EXPECT_NEAR(chess["score_low"].get<double>(), 0.2992980081982123, 1e-12);
    EXPECT_NEAR(chess["score_high"].get<double>(), 0.7007019918017877, 1e-12);
    EXPECT_NEAR(chess["elo"].get<double>(), 0.0, 1e-9);
    EXPECT_NEAR(chess["elo_low"].get<double>(), -147.77181014156616, 1e-8);
    EXPECT_NEAR(chess["elo_high"].get<double>(), 147.77181014156616, 1e-8);
    EXPECT_DOUBLE_EQ(chess["draw_rate"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(chess["mean_plies"].get<double>(), 60.0);
    EXPECT_EQ(chess["terminations"]["checkmate"], 20);

    // 20-10-10: the trinomial Wilson limits solve (n + z^2) x^2 - (2ns + z^2) x + n s^2 +
    // z^2 d/4 = 0 (by hand: 0.4908404642, 0.7372541355).
    const json& he = find_cell(report, "asymmetric|humans|elves||engine|engine");
    EXPECT_EQ(he["white"], "humans");
    EXPECT_EQ(he["black"], "elves");
    EXPECT_EQ(he["rules"], "");
    EXPECT_DOUBLE_EQ(he["score"].get<double>(), 0.625);
    EXPECT_NEAR(he["score_low"].get<double>(), 0.49084046421873945, 1e-12);
    EXPECT_NEAR(he["score_high"].get<double>(), 0.7372541354819389, 1e-12);
    EXPECT_DOUBLE_EQ(he["draw_rate"].get<double>(), 0.25);
    EXPECT_EQ(he["terminations"]["repetition"], 10);
    EXPECT_EQ(he["terminations"]["checkmate"], 30);
}

TEST(ReportTables, PooledPairFromTheFirstArmysViewBesideTheSeed) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path());
    const json* pair = nullptr;
    for (const auto& p : report["pairs"])
        if (p["rules"] == "" && p["variant"] == "asymmetric") pair = &p;
    ASSERT_NE(pair, nullptr);
    // Humans come first in the variant file, so the pair is read from the Humans' side.
    EXPECT_EQ((*pair)["x"], "humans");
    EXPECT_EQ((*pair)["y"], "elves");
    EXPECT_DOUBLE_EQ((*pair)["x_white"]["score"].get<double>(), 0.625);
    // Elves-Humans 15-5-20 is 20-5-15 for the Humans.
    EXPECT_EQ((*pair)["x_black"]["wins"], 20);
    EXPECT_EQ((*pair)["x_black"]["losses"], 15);
    EXPECT_DOUBLE_EQ((*pair)["x_black"]["score"].get<double>(), 0.5625);
    // Pooled 40-15-25 from the Humans' side: 47.5 / 80.
    const json& pooled = (*pair)["pooled"];
    EXPECT_EQ(pooled["games"], 80);
    EXPECT_DOUBLE_EQ(pooled["score"].get<double>(), 0.59375);
    EXPECT_NEAR(pooled["score_low"].get<double>(), 0.4949952467093049, 1e-12);
    EXPECT_NEAR(pooled["score_high"].get<double>(), 0.6839138540027838, 1e-12);
    // The published table beside it: Human-Elf 49.2%, Elf-Human 48.1% (human), pooled 48.65%.
    const json& ref = (*pair)["reference"];
    ASSERT_TRUE(ref.is_object());
    EXPECT_DOUBLE_EQ(ref["x_white_score"].get<double>(), 0.492);
    EXPECT_DOUBLE_EQ(ref["x_black_score"].get<double>(), 0.481);
    EXPECT_DOUBLE_EQ(ref["pooled_score"].get<double>(), 0.4865);
    EXPECT_EQ(ref["games_per_colour"], 500);

    // The rule-set pair has no published reference.
    for (const auto& p : report["pairs"])
        if (p["rules"] == "stalemate-win") {
            EXPECT_TRUE(p["reference"].is_null());
        }
}

TEST(ReportTables, SideFlipsThePointOfViewAndTheReference) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path(), {"--side", "Elf"});
    const json& pair = report["pairs"][0];
    EXPECT_EQ(pair["x"], "elves");
    EXPECT_DOUBLE_EQ(pair["pooled"]["score"].get<double>(), 1.0 - 0.59375);
    EXPECT_DOUBLE_EQ(pair["x_white"]["score"].get<double>(), 0.4375);  // 15-5-20 as White
    EXPECT_NEAR(pair["reference"]["pooled_score"].get<double>(), 0.5135, 1e-12);
    EXPECT_NEAR(pair["reference"]["x_white_score"].get<double>(), 1.0 - 0.481, 1e-12);
    EXPECT_NEAR(pair["reference"]["x_black_score"].get<double>(), 1.0 - 0.492, 1e-12);
}

// A --side no variant of the database knows is an error with a suggestion, not the default
// point of view.
TEST(ReportTables, UnknownSideIsRefused) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto run = run_balance({"report", "--db", store.path().string(), "--side", "elvs"});
    EXPECT_NE(run.status, 0);
    EXPECT_NE(run.err.find("--side: no army 'elvs' in the database's games; did you mean 'elves'?"),
              std::string::npos)
        << run.err;
    EXPECT_TRUE(run.out.empty()) << run.out;
}

TEST(ReportTables, MarkdownReadsLikeTheSeedsTable) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto run = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("Human = Elf, 59.38% (human) by 80 games"), std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("| Human-Elf | 40 | 62.50% (human) |"), std::string::npos);
    EXPECT_NE(run.out.find("| Elf-Human | 40 | 56.25% (human) |"), std::string::npos);
    EXPECT_NE(run.out.find("49.20% by 500 (+/- 3.5%)"), std::string::npos);
    EXPECT_NE(run.out.find("48.65% by 1000 (+/- 2.5%)"), std::string::npos);
    EXPECT_NE(run.out.find("trinomial Wilson"), std::string::npos);
    EXPECT_NE(run.out.find("| W-D-L (X) | draws | published |"), std::string::npos) << run.out;
    // The caption says whose score the Y-X row is (still X's), and what "by N" counts.
    EXPECT_NE(run.out.find("Every row is X's score, X the army named first in the pooled row "
                           "X = Y"),
              std::string::npos)
        << run.out;
    EXPECT_NE(run.out.find("Y-X has Y on White"), std::string::npos);
    EXPECT_NE(run.out.find("A published score \"by N\" came from N games."), std::string::npos);
    // The reading guide points at the glossary, which exists.
    const auto guide = run.out.find("## How to read this report");
    ASSERT_NE(guide, std::string::npos);
    EXPECT_NE(run.out.find("explained in `docs/glossary.md`", guide), std::string::npos);
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(BALANCE_SOURCE_DIR) / "docs" /
                                        "glossary.md"));
}

// The report opens with its verdict: each pairing's pooled score and the army strengths, with
// intervals and a sentence each, before any table; the run records come after the numbers.
TEST(ReportTables, VerdictComesFirstAndTheRunRecordsAfterTheNumbers) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto run = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::string& md = run.out;
    const auto verdict = md.find("## Verdict");
    ASSERT_NE(verdict, std::string::npos) << md;
    // Nothing but the title and the database line before it: no table, no run record.
    EXPECT_EQ(md.find('|'), md.find('|', verdict)) << md;
    EXPECT_LT(verdict, md.find("## Balance table"));
    const auto runs = md.find("## Runs");
    ASSERT_NE(runs, std::string::npos);
    EXPECT_LT(md.find("## Engine failures"), runs);
    EXPECT_GT(md.find("run 1: sweep \"test-sweep\""), runs);
    EXPECT_NE(md.find("1 run of sweep \"test-sweep\":"), std::string::npos) << md;
    // Default rules: Humans 40-15-25 over both colours, 59.38% [49.5%, 68.4%]: the interval
    // holds 50%, so no verdict either way; the published pooled score beside it.
    const auto verdict_block = md.substr(verdict, md.find("## Balance table") - verdict);
    EXPECT_NE(verdict_block.find("**asymmetric, rules: default, players: engine**"),
              std::string::npos)
        << verdict_block;
    // "Human = Elf" would read as "balanced": the headline names both colours instead.
    EXPECT_NE(verdict_block.find(
                  "- **Human vs Elf, both colours: 59.4% [49.5%, 68.4%] for Human "
                  "(published: 48.65%).** No clear edge between Human and Elf: with 80 games"),
              std::string::npos)
        << verdict_block;
    // stalemate-win: Humans 50-10-20 over both colours, 68.75%: stronger.
    EXPECT_NE(verdict_block.find("Human is stronger than Elf: Human scores 68.8% over both colours "
                                 "(95% interval 58.7% to 77.1%, 80 games)."),
              std::string::npos)
        << verdict_block;
    EXPECT_NE(verdict_block.find("Army strength (Elo against the average army): "),
              std::string::npos);
    EXPECT_NE(verdict_block.find("moving first is worth"), std::string::npos);
    // Chess has one army: White's score in the self-play cell (10-0-10); the two players who
    // met (alpha, beta) get their own line.
    EXPECT_NE(verdict_block.find("fide-fide: 50.0% [29.9%, 70.1%] for White"), std::string::npos)
        << verdict_block;
    EXPECT_NE(verdict_block.find("alpha vs beta: "), std::string::npos) << verdict_block;
}

// A study of one army under several rule sets (orthodox chess, self-play): the verdict is
// White's score per rule set; an army fit of one army ("fide +0 [+0, +0]") says nothing.
TEST(ReportTables, OneArmyVerdictIsWhitesScore) {
    TempDir dir;
    TestStore store(dir.path() / "one-army.sqlite");
    TestGame game;  // chess fide-fide, one engine on both sides
    store.add_counts(game, 12, 6, 10);
    game.rules = "torpedo";
    store.add_counts(game, 15, 3, 10);
    const auto run = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::string verdict = run.out.substr(0, run.out.find("## Balance table"));
    EXPECT_EQ(verdict.find("Army strength"), std::string::npos) << verdict;
    EXPECT_NE(verdict.find("fide-fide: 53.6% [37.8%, 68.5%] for White"), std::string::npos)
        << verdict;
    EXPECT_NE(verdict.find("**chess, rules: torpedo, players: engine**"), std::string::npos)
        << verdict;
}

// A pairing played in one colour order only (Chigorin's armies each play one colour): no pooled
// score exists, so the verdict is X's score as White, saying that the first move is part of it;
// once the reverse order is played, the pooled line replaces it.
TEST(ReportTables, OneWayPairingVerdictIsXsScoreAsWhite) {
    TempDir dir;
    TestStore store(dir.path() / "one-way.sqlite");
    TestGame game = testing::asymmetric("humans", "elves");
    store.add_counts(game, 5, 4, 15);  // Humans as White: 7 of 24, 29.2%
    const auto run = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::string verdict = run.out.substr(0, run.out.find("## Balance table"));
    EXPECT_NE(verdict.find("- **Human (White) - Elf: 29.2% ["), std::string::npos) << verdict;
    EXPECT_NE(verdict.find("only this colour order was played"), std::string::npos) << verdict;

    store.add_counts(testing::asymmetric("elves", "humans"), 10, 4, 10);
    const auto both = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(both.status, 0) << both.err;
    const std::string pooled = both.out.substr(0, both.out.find("## Balance table"));
    EXPECT_EQ(pooled.find("(White) -"), std::string::npos) << pooled;
    EXPECT_NE(pooled.find("over both colours"), std::string::npos) << pooled;
}

TEST(ReportTables, JsonSummaryComesFirst) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto run = run_balance({"report", "--db", store.path().string(), "--format", "json"});
    ASSERT_EQ(run.status, 0) << run.err;
    // The verdict is the object's first key, before the cells.
    EXPECT_EQ(run.out.find("\"summary\""), run.out.find('"')) << run.out.substr(0, 200);
    const json report = json::parse(run.out);
    // One item per pooled pairing, per army fit, per pair of players and per single-army
    // self-play cell.
    const json& summary = report["summary"];
    ASSERT_TRUE(summary.is_array());
    int pairings = 0, fits = 0, players = 0, white = 0;
    for (const auto& item : summary) {
        const std::string kind = item["kind"];
        if (kind == "pairing") {
            ++pairings;
            if (item["rules"] == "") {
                EXPECT_EQ(item["subject"], "humans");
                EXPECT_EQ(item["other"], "elves");
                EXPECT_EQ(item["verdict"], "no-clear-edge");
                EXPECT_DOUBLE_EQ(item["result"]["score"].get<double>(), 0.59375);
                EXPECT_EQ(item["result"]["games"], 80);
                EXPECT_DOUBLE_EQ(item["reference"].get<double>(), 0.4865);
            } else {
                EXPECT_EQ(item["verdict"], "x-stronger");
                EXPECT_TRUE(item["reference"].is_null());
            }
        } else if (kind == "armies") {
            ++fits;
            EXPECT_EQ(item["armies"].size(), 2u);
            EXPECT_TRUE(item["white_advantage"]["elo"].is_number());
        } else if (kind == "players") {
            ++players;
            EXPECT_EQ(item["subject"], "alpha");
        } else if (kind == "white") {
            ++white;
            EXPECT_EQ(item["variant"], "chess");
            EXPECT_DOUBLE_EQ(item["result"]["score"].get<double>(), 0.5);
        }
        EXPECT_FALSE(item["sentence"].get<std::string>().empty());
        EXPECT_FALSE(item["headline"].get<std::string>().empty());
    }
    EXPECT_EQ(pairings, 2);
    EXPECT_EQ(fits, 2);
    EXPECT_EQ(players, 1);
    EXPECT_EQ(white, 1);
}

TEST(ReportTables, NoPublishedColumnWhereNothingWasPublished) {
    // The variant files publish a table for Asymmetric Chess only: an Uneven table has no empty
    // column for it, the Asymmetric one keeps it.
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    TestGame uneven;
    uneven.variant = "uneven";
    uneven.white = "white";
    uneven.black = "black";
    store.add_counts(uneven, 10, 5, 15);
    const auto run = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const auto at = run.out.find("### uneven, rules: default, players: engine");
    ASSERT_NE(at, std::string::npos) << run.out;
    const auto table = run.out.substr(at, run.out.find("\n## ", at) - at);
    EXPECT_EQ(table.find("| published |"), std::string::npos) << table;
    EXPECT_NE(table.find("| W-D-L (X) | draws |\n"), std::string::npos) << table;
    EXPECT_NE(table.find("| white-black | 30 | 41.67% (white) |"), std::string::npos) << table;
    const auto asym = run.out.find("### asymmetric, rules: default");
    ASSERT_NE(asym, std::string::npos);
    EXPECT_NE(run.out.find("| W-D-L (X) | draws | published |", asym), std::string::npos);
}

TEST(ReportTables, GamesAnUnavailableEngineCouldNotPlayAreCountedButAreNoResults) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    {
        auto results = tournament::ResultStore::open(store.path(), config::spec_text_from_configs);
        ASSERT_TRUE(results.ok()) << results.error().to_string();
        const auto runs = results->runs();
        ASSERT_TRUE(runs.ok() && !runs->empty());
        tournament::FailedGameRow failed;
        failed.run_id = runs->front().run_id;
        failed.cell_key = "c";
        failed.player = "beta";
        failed.side = "black";
        failed.status = "unavailable";
        failed.detail = "engine beta: crashed: engine exited, exit code 1";
        failed.failed_at = "2024-01-01T00:00:00Z";
        for (const char* key : {"never-played#1", "never-played#1", "never-played#2"}) {
            failed.game_key = key;
            ASSERT_TRUE(results->insert_failed_game(failed).ok());
        }
    }
    const json report = report_json(store.path());
    std::map<std::string, json> by_player;
    for (const auto& f : report["failures"]) by_player[f["player"]] = f;
    EXPECT_EQ(by_player["beta"]["unavailable"], 3);
    EXPECT_EQ(by_player["beta"]["unplayed"], 2);
    EXPECT_EQ(by_player["beta"]["total"], 1);  // the lost games only: as before
    EXPECT_EQ(by_player["beta"]["watchdog"], 0);
    EXPECT_EQ(by_player["alpha"]["unavailable"], 0);
    const auto md = run_balance({"report", "--db", store.path().string()});
    ASSERT_EQ(md.status, 0) << md.err;
    EXPECT_NE(md.out.find("| unavailable | watchdog | unplayed |"), std::string::npos) << md.out;
}

TEST(ReportTables, EngineFailuresAreCountedAgainstThePlayerThatFailed) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path());
    std::map<std::string, json> by_player;
    for (const auto& f : report["failures"]) by_player[f["player"]] = f;
    ASSERT_EQ(by_player.size(), 3u);
    EXPECT_EQ(by_player["alpha"]["games"], 4);
    EXPECT_EQ(by_player["alpha"]["by_status"]["crashed"], 1);
    EXPECT_EQ(by_player["alpha"]["by_status"]["illegal-move"], 1);
    EXPECT_EQ(by_player["alpha"]["total"], 2);
    EXPECT_EQ(by_player["beta"]["by_status"]["timeout"], 1);
    EXPECT_EQ(by_player["beta"]["total"], 1);
    EXPECT_EQ(by_player["engine"]["total"], 0);
    EXPECT_EQ(by_player["engine"]["games"], 180);
    // Every player lists the statuses the table always shows, 0 included: CSV columns that do
    // not depend on the data.
    for (const char* status : {"timeout", "crashed", "illegal-move"})
        for (const char* player : {"alpha", "beta", "engine"})
            EXPECT_TRUE(by_player[player]["by_status"].contains(status)) << player << status;
    EXPECT_EQ(by_player["engine"]["by_status"]["crashed"], 0);
}

// Holm's adjustment, written out independently of stats::holm_adjust.
std::vector<double> holm(const std::vector<double>& p) {
    const std::size_t m = p.size();
    std::vector<std::size_t> order(m);
    for (std::size_t i = 0; i < m; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](auto a, auto b) { return p[a] < p[b]; });
    std::vector<double> out(m);
    double running = 0.0;
    for (std::size_t k = 0; k < m; ++k) {
        running = std::max(running, std::min(1.0, static_cast<double>(m - k) * p[order[k]]));
        out[order[k]] = running;
    }
    return out;
}

TEST(ReportTables, RuleEffectsAgainstTheBaselineWithHolmAcrossTheFamily) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path());
    const json& effects = report["rule_effects"];
    ASSERT_EQ(effects.size(), 3u);  // two pairings and the pooled row
    const json* he = nullptr;
    const json* eh = nullptr;
    const json* pooled = nullptr;
    for (const auto& e : effects) {
        EXPECT_EQ(e["rules"], "stalemate-win");
        if (e["pooled"].get<bool>()) {
            pooled = &e;
        } else if (e["white"] == "humans") {
            he = &e;
        } else {
            eh = &e;
        }
    }
    ASSERT_TRUE(he && eh && pooled);
    // Humans-Elves: 30-0-10 against 20-10-10: White's score 0.75 - 0.625, draws 0 - 0.25.
    EXPECT_DOUBLE_EQ((*he)["score_change"]["estimate"].get<double>(), 0.125);
    EXPECT_DOUBLE_EQ((*he)["draw_rate_change"]["estimate"].get<double>(), -0.25);
    EXPECT_DOUBLE_EQ((*he)["decisive_rate_change"]["estimate"].get<double>(), 0.25);
    EXPECT_NEAR((*he)["decisive_rate_change"]["low"].get<double>(),
                -(*he)["draw_rate_change"]["high"].get<double>(), 1e-12);
    // The interval is the stats library's MOVER interval of exactly these counts.
    const auto mover =
        stats::score_difference_interval(stats::Wdl{30, 0, 10}, stats::Wdl{20, 10, 10}, 0.95);
    ASSERT_TRUE(mover.ok());
    EXPECT_DOUBLE_EQ((*he)["score_change"]["low"].get<double>(), mover->lower);
    EXPECT_DOUBLE_EQ((*he)["score_change"]["high"].get<double>(), mover->upper);
    EXPECT_TRUE((*he)["detectable_unadjusted"].get<bool>());  // no draws at all with the rule
    // Elves-Humans 10-10-20 against 15-5-20: both changes are within the noise.
    EXPECT_DOUBLE_EQ((*eh)["score_change"]["estimate"].get<double>(), 0.375 - 0.4375);
    EXPECT_FALSE((*eh)["detectable_unadjusted"].get<bool>());
    EXPECT_EQ((*eh)["verdict"], "none detectable (unadjusted)");
    // Pooled: 40-10-30 against 35-15-30, two pairings.
    EXPECT_EQ((*pooled)["pairings"], 2);
    EXPECT_EQ((*pooled)["treatment"]["games"], 80);
    EXPECT_EQ((*pooled)["baseline"]["white_wins"], 35);
    EXPECT_DOUBLE_EQ((*pooled)["score_change"]["estimate"].get<double>(), 45.0 / 80 - 42.5 / 80);

    // Holm over all six tests (score and draw rate of three rows).
    std::vector<double> raw, adjusted;
    for (const auto& e : effects) {
        for (const char* m : {"score_change", "draw_rate_change"}) {
            raw.push_back(e[m]["p"].get<double>());
            adjusted.push_back(e[m]["p_holm"].get<double>());
        }
    }
    const auto expected = holm(raw);
    for (std::size_t i = 0; i < raw.size(); ++i) {
        EXPECT_NEAR(adjusted[i], expected[i], 1e-12) << i;
        EXPECT_GE(adjusted[i], raw[i]);
    }
    const auto smallest = std::min_element(raw.begin(), raw.end()) - raw.begin();
    EXPECT_NEAR(adjusted[smallest], std::min(1.0, 6.0 * raw[smallest]), 1e-12);
}

TEST(ReportTables, ArmyFitSeparatesWhiteAdvantageFromEqualArmies) {
    // Every pairing of three armies, both colours, scores 30-40-20 for White: the armies are
    // equal, and the Davidson maximum is g = W/L, nu = D / sqrt(W L) (each cell's frequencies
    // are fitted exactly), so the White advantage is 400/ln 10 ln 1.5 = 70.437 Elo and White's
    // expected score between equal armies is the observed (30 + 40/2) / 90.
    TempDir dir;
    TestStore store(dir.path() / "a.sqlite");
    for (const char* w : {"humans", "elves", "orcs"})
        for (const char* b : {"humans", "elves", "orcs"})
            store.add_counts(asymmetric(w, b), 30, 40, 20);
    const json report = report_json(store.path());
    const json& fits = report["armies"]["fits"];
    ASSERT_EQ(fits.size(), 1u);
    const json& fit = fits[0];
    EXPECT_TRUE(fit["error"].is_null()) << fit["error"];
    EXPECT_EQ(fit["games"], 810);
    ASSERT_EQ(fit["armies"].size(), 3u);
    EXPECT_EQ(fit["armies"][0]["army"], "humans");  // variant order
    EXPECT_EQ(fit["armies"][1]["army"], "elves");
    EXPECT_EQ(fit["armies"][2]["army"], "orcs");
    for (const auto& army : fit["armies"]) {
        EXPECT_NEAR(army["elo"].get<double>(), 0.0, 1e-6);
        EXPECT_LT(army["elo_low"].get<double>(), 0.0);
        EXPECT_GT(army["elo_high"].get<double>(), 0.0);
    }
    EXPECT_NEAR(fit["white_advantage"]["elo"].get<double>(), 400.0 / std::log(10.0) * std::log(1.5),
                1e-6);
    EXPECT_NEAR(fit["white_advantage"]["score"].get<double>(), 50.0 / 90.0, 1e-9);
    EXPECT_NEAR(fit["draw_nu"].get<double>(), 40.0 / std::sqrt(600.0), 1e-6);
}

// A cell whose players repeat games move for move: the table counts the different games and a
// note says how many games are repeats and where they are fewest; a cell of different games
// alone gets no note.
TEST(ReportTables, RepeatedGamesAreCountedAndNamed) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    for (const char* moves : {"e2e4 e7e5", "d2d4 d7d5", "e2e4 e7e5", "e2e4 e7e5"}) {
        TestGame g;
        g.moves = moves;
        store.add(g);
    }
    for (const char* moves : {"e2e4", "d2d4", "c2c4"}) {
        TestGame g = asymmetric("humans", "elves");
        g.moves = moves;
        store.add(g);
    }
    const json report = report_json(store.path());
    EXPECT_EQ(find_cell(report, "chess|fide|fide||engine|engine")["distinct_games"], 2);
    EXPECT_EQ(find_cell(report, "asymmetric|humans|elves||engine|engine")["distinct_games"], 3);
    const std::string notes = report["meta"]["notes"].dump();
    EXPECT_NE(notes.find("2 of 7 games repeat an earlier game of their cell move for move (1 of "
                         "2 cells"),
              std::string::npos)
        << notes;
    EXPECT_NE(notes.find("fewest: 2 different of 4 in chess fide-fide"), std::string::npos)
        << notes;

    TempDir other;
    TestStore varied(other.path() / "v.sqlite");
    for (const char* moves : {"e2e4", "d2d4"}) {
        TestGame g;
        g.moves = moves;
        varied.add(g);
    }
    EXPECT_EQ(report_json(varied.path())["meta"]["notes"].dump().find("repeat"), std::string::npos);
}

TEST(ReportTables, JsonHasTheDocumentedSchema) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const json report = report_json(store.path());
    for (const char* key : {"cells", "pairs", "armies", "rule_effects", "meta"})
        EXPECT_TRUE(report.contains(key)) << key;
    for (const auto& cell : report["cells"]) {
        for (const char* key :
             {"variant",       "white",        "black",      "rules",      "games",
              "white_wins",    "draws",        "black_wins", "score",      "score_low",
              "score_high",    "elo",          "elo_low",    "elo_high",   "draw_rate",
              "white_player",  "black_player", "cell_key",   "mean_plies", "terminations",
              "distinct_games"})
            EXPECT_TRUE(cell.contains(key)) << key;
    }
    for (const char* key : {"x", "y", "x_white", "x_black", "pooled", "reference"})
        EXPECT_TRUE(report["pairs"][0].contains(key)) << key;
    EXPECT_TRUE(report["armies"]["fits"].is_array());
    const json& meta = report["meta"];
    EXPECT_EQ(meta["schema"], 1);
    EXPECT_EQ(meta["games"], 184);
    EXPECT_DOUBLE_EQ(meta["confidence"].get<double>(), 0.95);
    EXPECT_EQ(meta["runs"][0]["sweep_name"], "test-sweep");
    EXPECT_EQ(meta["runs"][0]["master_seed"], 42);
    EXPECT_NE(meta["methods"]["score_interval"].get<std::string>().find("trinomial Wilson"),
              std::string::npos);
}

TEST(ReportTables, CsvFlattensOneTable) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto cells = run_balance({"report", "--db", store.path().string(), "--format", "csv"});
    ASSERT_EQ(cells.status, 0) << cells.err;
    EXPECT_EQ(std::count(cells.out.begin(), cells.out.end(), '\n'), 7);  // header + 6 cells
    EXPECT_EQ(cells.out.rfind("cell_key,variant,white,black,rules,", 0), 0u) << cells.out;
    EXPECT_NE(cells.out.find("terminations.checkmate"), std::string::npos);
    EXPECT_NE(cells.out.find("asymmetric|humans|elves||engine|engine,asymmetric,humans,elves,,"
                             "engine,engine,40,20,10,10,0.625,"),
              std::string::npos)
        << cells.out;
    const auto pairs = run_balance(
        {"report", "--db", store.path().string(), "--format", "csv", "--table", "pairs"});
    ASSERT_EQ(pairs.status, 0);
    EXPECT_NE(pairs.out.find("pooled.score"), std::string::npos);
    const auto bad = run_balance(
        {"report", "--db", store.path().string(), "--format", "csv", "--table", "nope"});
    EXPECT_EQ(bad.status, 1);
    EXPECT_NE(bad.err.find("unknown table 'nope'"), std::string::npos);
    // The error and --help list the tables from one place, and every table listed renders.
    const std::string names = analysis::csv_table_names();
    EXPECT_NE(bad.err.find(names), std::string::npos) << bad.err;
    std::istringstream list(names);
    for (std::string name; std::getline(list, name, ',');) {
        name = name.substr(name.find_first_not_of(' '));
        name = name.substr(0, name.find(' '));
        const auto table = run_balance(
            {"report", "--db", store.path().string(), "--format", "csv", "--table", name});
        EXPECT_EQ(table.status, 0) << name << ": " << table.err;
    }
    // A table without rows (no games decided by points here) prints nothing, not a lone
    // newline, and says so on stderr, as docs/reports.md promises.
    const auto empty = run_balance(
        {"report", "--db", store.path().string(), "--format", "csv", "--table", "points"});
    EXPECT_EQ(empty.status, 0) << empty.err;
    EXPECT_EQ(empty.out, "");
    EXPECT_NE(empty.err.find("note: table 'points' has no rows"), std::string::npos) << empty.err;
}

// On a terminal the Markdown's prose is wrapped at 100 columns (a list item's continuation
// indented, tables untouched); into a file or a pipe it keeps one line per paragraph.
TEST(ReportTables, MarkdownOnATerminalIsWrapped) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const std::vector<std::string> args{"report", "--db", store.path().string()};
    std::ostringstream out, err;
    AppContext terminal{out, err};
    terminal.terminal = true;
    ASSERT_EQ(run_cli(args, terminal), 0) << err.str();
    const auto piped = run_balance(args);
    ASSERT_EQ(piped.status, 0);
    const auto longest_prose = [](const std::string& text) {
        std::size_t longest = 0;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] != '|') longest = std::max(longest, line.size());
        return longest;
    };
    EXPECT_GT(longest_prose(piped.out), 100u);
    EXPECT_LE(longest_prose(out.str()), 100u) << out.str();
    EXPECT_NE(out.str().find("\n  "), std::string::npos);  // a wrapped list item
    // The tables are the same lines either way.
    const auto table_lines = [](const std::string& text) {
        std::string rows;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (!line.empty() && line[0] == '|') rows += line + "\n";
        return rows;
    };
    EXPECT_EQ(table_lines(out.str()), table_lines(piped.out));
}

TEST(ReportTables, OutWritesTheFile) {
    TempDir dir;
    TestStore store(dir.path() / "r.sqlite");
    fill_reference_store(store);
    const auto out = dir.path() / "sub" / "report.json";
    const auto run = run_balance(
        {"report", "--db", store.path().string(), "--format", "json", "--out", out.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_NE(run.out.find("wrote"), std::string::npos);
    std::ifstream file(out);
    const json report = json::parse(file);
    EXPECT_EQ(report["cells"].size(), 6u);
}

TEST(ReportTables, RefusesUnknownSchemaVersionsAndMissingFiles) {
    TempDir dir;
    {
        TestStore store(dir.path() / "v9.sqlite");
        store.exec("PRAGMA user_version = 9");
    }
    const auto v9 = run_balance({"report", "--db", (dir.path() / "v9.sqlite").string()});
    EXPECT_EQ(v9.status, 1);
    EXPECT_NE(v9.err.find("results database has schema version 9, written by a newer balance"),
              std::string::npos)
        << v9.err;
    const auto missing = run_balance({"report", "--db", (dir.path() / "nope.sqlite").string()});
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.err.find("no such results database"), std::string::npos) << missing.err;
}

}  // namespace
}  // namespace balance::cli
