// `balance serve` as a person uses it: a real sweep plays into a database, the server serves it,
// and the page, opened in headless Chromium, shows the numbers `balance report --format json`
// prints and picks up a game stored after it loaded, without a reload.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "serve_support.hpp"

namespace balance::serve::testing {
namespace {

using balance::testing::TempDir;

// Runs `command` and returns its stdout (stderr discarded).
std::string capture(const std::string& command) {
    FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return "";
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        out.append(buffer.data(), n);
    ::pclose(pipe);
    return out;
}

std::string report_json(const std::filesystem::path& db) {
    const auto run = run_balance({"report", "--db", db.string(), "--format", "json"});
    EXPECT_EQ(run.status, 0) << run.err;
    return run.out;
}

// The cells table of a page's DOM: each row's cells as text.
std::vector<std::vector<std::string>> cells_rows(const std::string& dom) {
    std::vector<std::vector<std::string>> rows;
    const auto begin = dom.find("<section id=\"cells\">");
    if (begin == std::string::npos) return rows;
    const auto end = dom.find("</table>", begin);
    const std::string table = dom.substr(begin, end - begin);
    // Every cell, also those the page hides by default (class "same": a column every row shares).
    const std::regex row("<tr>(.*?)</tr>"), cell("<td[^>]*>(.*?)</td>");
    for (auto r = std::sregex_iterator(table.begin(), table.end(), row);
         r != std::sregex_iterator(); ++r) {
        const std::string text = (*r)[1];
        std::vector<std::string> cells;
        for (auto c = std::sregex_iterator(text.begin(), text.end(), cell);
             c != std::sregex_iterator(); ++c)
            cells.push_back((*c)[1]);
        if (!cells.empty()) rows.push_back(std::move(cells));
    }
    return rows;
}

// The page's cells table holds the report's numbers: games, White wins, draws, Black wins and
// White's score (columns 6 to 10 of cells_table), cell by cell in the report's order.
void expect_table_matches(const std::string& dom, const std::string& json_text) {
    const auto json = nlohmann::json::parse(json_text);
    const auto rows = cells_rows(dom);
    ASSERT_EQ(rows.size(), json["cells"].size());
    ASSERT_FALSE(rows.empty());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& cell = json["cells"][i];
        ASSERT_GE(rows[i].size(), 10u);
        EXPECT_EQ(rows[i][5], std::to_string(cell["games"].get<int>())) << i;
        EXPECT_EQ(rows[i][6], std::to_string(cell["white_wins"].get<int>())) << i;
        EXPECT_EQ(rows[i][7], std::to_string(cell["draws"].get<int>())) << i;
        EXPECT_EQ(rows[i][8], std::to_string(cell["black_wins"].get<int>())) << i;
        EXPECT_EQ(rows[i][9], fmt::format("{:.2f}%", cell["score"].get<double>() * 100)) << i;
    }
}

TEST(ServeLive, ReportJsonIsWhatBalanceReportPrints) {
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", tiny_sweep());
    const auto db = dir.path() / "tiny.db";
    play(sweep, db, 4);
    ServeOptions options;
    options.freshness = {std::chrono::milliseconds(0), 0};  // every request reads the stamp
    RunningServer server({db}, options);
    const std::string answer = get(server.port(), "/run/1/report.json");
    EXPECT_EQ(status_of(answer), 200);
    EXPECT_EQ(body_of(answer), report_json(db));
    // A game stored later is in the next answer (the stamp changed), as in the report's.
    play(sweep, db, 1);
    const std::string later = body_of(get(server.port(), "/run/1/report.json"));
    EXPECT_EQ(later, report_json(db));
    EXPECT_EQ(nlohmann::json::parse(later)["meta"]["games"], 5);
    // The index lists it with its state and games stored of those planned (6 a cell, 2 cells).
    const auto index = nlohmann::json::parse(body_of(get(server.port(), "/index.json")));
    const auto& status = index["runs"][0]["status"];
    EXPECT_EQ(status["state"], "stopped");  // --max-games ended the run part-way
    EXPECT_EQ(status["stored"], 5);
    EXPECT_EQ(status["planned"], 12);
    EXPECT_EQ(status["runs"].size(), 2u);
}

TEST(ServeLive, PageInChromiumShowsTheReportAndANewGameWithoutReload) {
    const std::filesystem::path chromium = "/usr/bin/chromium";
    if (!std::filesystem::exists(chromium))
        GTEST_SKIP() << "chromium is not installed (./setup.sh installs it)";
    TempDir dir;
    const auto sweep = dir.write("tiny.toml", tiny_sweep());
    const auto db = dir.path() / "tiny.db";
    play(sweep, db, 4);
    RunningServer server({db});
    const std::string flags =
        "--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic "
        "--no-first-run --disable-background-networking --disable-component-update "
        "--disable-sync --user-data-dir=" +
        (dir.path() / "profile").string();
    // Virtual time stands still while a request is open, and the server holds each poll until
    // the store changes (or two seconds pass): the budget is a few polls, in real time too.
    std::string dom;
    std::thread browser([&] {
        dom =
            capture(fmt::format("{} {} --virtual-time-budget=8000 --dump-dom "
                                "http://127.0.0.1:{}/run/1",
                                chromium.string(), flags, server.port()));
    });
    // The page is loaded and its script polls: store a game now.
    const bool polled = server.wait_for("GET /run/1/live.json");
    if (polled) play(sweep, db, 1);
    browser.join();
    ASSERT_TRUE(polled) << "the page never asked for an update";
    EXPECT_NE(dom.find("Balance report</h1>"), std::string::npos);
    EXPECT_NE(dom.find("id=\"forest-scores\""), std::string::npos);  // the report's score chart
    // The game stored after the page loaded is on it, and the page says it updated itself.
    EXPECT_NE(dom.find("<span id=\"stored\">5</span>"), std::string::npos);
    const std::smatch updates = [&] {
        std::smatch m;
        std::regex_search(dom, m, std::regex("<span id=\"updates\">([0-9]+)</span>"));
        return m;
    }();
    ASSERT_FALSE(updates.empty());
    EXPECT_GE(std::stoi(updates[1]), 1);
    expect_table_matches(dom, report_json(db));
}

}  // namespace
}  // namespace balance::serve::testing
