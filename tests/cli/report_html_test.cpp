// `balance report --format html`: one self-contained, well-formed file with the balance table and
// the SVG charts; and, when Chromium is installed (/usr/bin/chromium; setup.sh does not install
// it), the page loads in headless Chromium and its DOM holds the charts.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"
#include "report_store_fixture.hpp"

namespace balance::cli {
namespace {

using balance::testing::TempDir;
using testing::asymmetric;
using testing::run_balance;
using testing::TestStore;

// A store with all three Asymmetric pairings in both colours, a rule set, and random chess games
// with material-driven outcomes for the piece-value chart.
void fill(TestStore& store) {
    const char* armies[] = {"humans", "elves", "orcs"};
    int k = 0;
    for (const char* w : armies) {
        for (const char* b : armies) {
            store.add_counts(asymmetric(w, b), 20 + k, 25, 18 - k % 3);
            ++k;
        }
    }
    store.add_counts(asymmetric("humans", "elves", "stalemate-win"), 30, 10, 14);
    store.add_counts(asymmetric("elves", "humans", "stalemate-win"), 22, 20, 20);
    testing::add_random_chess_games(store, 300, 30, 99, {0.3, 0.9, 1.0, 1.5, 2.7}, 0.1);
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// A small XML well-formedness check of the page: every tag closed in order, void elements
// self-closed, only the five XML entities, no stray '<' or '&'.
std::string xml_problem(const std::string& html) {
    std::vector<std::string> open;
    std::size_t i = html.find("<html");
    if (i == std::string::npos) return "no <html>";
    while (i < html.size()) {
        if (html[i] == '&') {
            const std::size_t end = html.find(';', i);
            const std::string entity = html.substr(i, end - i + 1);
            static const std::regex allowed("&(amp|lt|gt|quot|#39);");
            if (!std::regex_match(entity, allowed)) return "bad entity at " + std::to_string(i);
            i = end + 1;
            continue;
        }
        if (html[i] != '<') {
            ++i;
            continue;
        }
        const std::size_t end = html.find('>', i);
        if (end == std::string::npos) return "unterminated tag";
        const std::string tag = html.substr(i + 1, end - i - 1);
        if (tag.find('<') != std::string::npos) return "'<' inside a tag at " + std::to_string(i);
        if (tag.front() == '/') {
            if (open.empty() || open.back() != tag.substr(1))
                return "</" + tag.substr(1) + "> closes <" + (open.empty() ? "" : open.back()) +
                       ">";
            open.pop_back();
        } else if (tag.back() != '/') {
            open.push_back(tag.substr(0, tag.find_first_of(" \n")));
        }
        i = end + 1;
    }
    return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

TEST(ReportHtml, SelfContainedWellFormedWithCharts) {
    TempDir dir;
    TestStore store(dir.path() / "h.sqlite");
    fill(store);
    const auto file = dir.path() / "report.html";
    const auto run = run_balance(
        {"report", "--db", store.path().string(), "--format", "html", "--out", file.string()});
    ASSERT_EQ(run.status, 0) << run.err;
    const std::string html = read_file(file);
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(xml_problem(html), "");
    for (const char* id : {"forest-scores", "army-ratings", "rule-effects-score",
                           "rule-effects-draws", "piece-values-chess"})
        EXPECT_NE(html.find(std::string("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"") + id),
                  std::string::npos)
            << id;
    // The published scores are drawn beside ours, one marker per published number.
    EXPECT_NE(html.find("the published table&#39;s numbers"), std::string::npos);
    const auto references = [&] {
        std::size_t n = 0;
        for (std::size_t at = html.find("class=\"reference\""); at != std::string::npos;
             at = html.find("class=\"reference\"", at + 1))
            ++n;
        return n;
    }();
    EXPECT_EQ(references, 9u + 5u);  // 3 pairings x 3 rows, 5 documented chess pieces
    EXPECT_NE(html.find("Human = Elf"), std::string::npos);
    // The verdict opens the page, before the balance table; the run records are folded.
    const auto verdict = html.find("<section id=\"verdict\">");
    ASSERT_NE(verdict, std::string::npos);
    EXPECT_EQ(html.find("<table"), html.find("<table", verdict));
    EXPECT_LT(verdict, html.find("<section id=\"balance\">"));
    EXPECT_NE(html.find("<li><strong>Human vs Elf, both colours: "), std::string::npos);
    EXPECT_NE(html.find("explained in <code>docs/glossary.md</code>"), std::string::npos);
    const auto runs = html.find("<section id=\"runs\">\n<h2>Runs</h2>\n<details><summary>");
    ASSERT_NE(runs, std::string::npos);
    EXPECT_GT(html.find("<li>run 1: sweep"), runs);
    // Every piece drawn from a central square (as `balance pieces` draws it), folded per
    // variant after the tables.
    const auto pieces = html.find("<section id=\"pieces\">");
    ASSERT_NE(pieces, std::string::npos);
    EXPECT_GT(pieces, html.find("<section id=\"failures\">"));
    EXPECT_NE(html.find("<b>knight</b> (N), fide on d4: 8 to move to, 8 to capture on", pieces),
              std::string::npos);
    EXPECT_NE(html.find("<summary>asymmetric</summary>", pieces), std::string::npos);
    // Self-contained: no scripts, no external resources.
    for (const char* banned : {"<script", "src=", "<link", "@import", "url("})
        EXPECT_EQ(html.find(banned), std::string::npos) << banned;
    std::size_t at = 0;
    while ((at = html.find("http", at)) != std::string::npos) {
        EXPECT_EQ(html.compare(at, 26, "http://www.w3.org/2000/svg"), 0) << html.substr(at, 60);
        ++at;
    }
}

TEST(ReportHtml, NoValuesLeavesOutThePieceChart) {
    TempDir dir;
    TestStore store(dir.path() / "h.sqlite");
    store.add_counts(asymmetric("humans", "elves"), 5, 5, 5);
    const auto run =
        run_balance({"report", "--db", store.path().string(), "--format", "html", "--no-values"});
    ASSERT_EQ(run.status, 0) << run.err;
    EXPECT_EQ(run.out.find("piece-values"), std::string::npos);
    EXPECT_EQ(xml_problem(run.out), "");
}

// Runs `command`, returns its stdout (stderr discarded) and exit status.
std::pair<int, std::string> capture(const std::string& command) {
    FILE* pipe = ::popen((command + " 2>/dev/null").c_str(), "r");
    if (!pipe) return {-1, ""};
    std::string out;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        out.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(ReportHtml, LoadsInHeadlessChromium) {
    const std::filesystem::path chromium = "/usr/bin/chromium";
    if (!std::filesystem::exists(chromium))
        GTEST_SKIP() << "chromium is not installed (apt-get install chromium)";
    TempDir dir;
    TestStore store(dir.path() / "h.sqlite");
    fill(store);
    const auto file = dir.path() / "report.html";
    ASSERT_EQ(run_balance({"report", "--db", store.path().string(), "--format", "html", "--out",
                           file.string()})
                  .status,
              0);
    const std::string flags =
        "--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-quic "
        "--no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--user-data-dir=" +
        (dir.path() / "profile").string();
    const auto [status, dom] =
        capture(chromium.string() + " " + flags + " --dump-dom file://" + file.string());
    ASSERT_EQ(status, 0);
    for (const char* id : {"forest-scores", "army-ratings", "rule-effects-score"})
        EXPECT_NE(dom.find(std::string("id=\"") + id + "\""), std::string::npos) << id;
    // One values chart per player that played itself: "piece-values-chess-<player>".
    EXPECT_NE(dom.find("id=\"piece-values-chess"), std::string::npos);
    EXPECT_NE(dom.find("Balance report</h1>"), std::string::npos);
    // And it renders: a screenshot is written (BALANCE_KEEP_SCREENSHOT=path keeps a copy, and
    // the page as path.html).
    const auto png = dir.path() / "report.png";
    const auto shot = capture(chromium.string() + " " + flags +
                              " --window-size=1100,2400 --screenshot=" + png.string() + " file://" +
                              file.string());
    EXPECT_EQ(shot.first, 0);
    ASSERT_TRUE(std::filesystem::exists(png));
    EXPECT_GT(std::filesystem::file_size(png), 10000u);
    if (const char* keep = std::getenv("BALANCE_KEEP_SCREENSHOT")) {
        const auto overwrite = std::filesystem::copy_options::overwrite_existing;
        std::filesystem::copy_file(png, keep, overwrite);
        std::filesystem::copy_file(file, std::string(keep) + ".html", overwrite);
    }
}

}  // namespace
}  // namespace balance::cli
