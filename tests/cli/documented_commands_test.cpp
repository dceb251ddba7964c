// The commands README.md and docs/ show, run as a reader pastes them from the repository root
// after ./main.sh: every `balance ...` line of a code block and every `balance ...` code span
// that needs no placeholder filled in and no database but the quick sweep's runs and succeeds
// (a sweep with a short budget); the transcripts (`$ build/app/balance ...` followed by what it
// printed) print output of the documented shape: the same lines with other numbers.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

namespace fs = std::filesystem;
using balance::testing::TempDir;
using testing::CliRun;
using testing::run_balance;

struct DocCommand {
    std::string where;  // "README.md:52"
    std::vector<std::string> args;
    std::vector<std::string> shown;  // a transcript's output lines; empty for a bare command
};

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

// "build/app/balance report --db x  # comment" -> {"report", "--db", "x"}; empty when the text
// is no command of ours.
std::vector<std::string> command_args(std::string text) {
    if (text.rfind("$ ", 0) == 0) text = text.substr(2);
    if (text.rfind("build/app/", 0) == 0) text = text.substr(10);
    if (text.rfind("balance ", 0) != 0) return {};
    if (const auto hash = text.find(" #"); hash != std::string::npos) text.resize(hash);
    auto args = words(text.substr(8));
    return args;
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::ifstream in(file);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

std::vector<DocCommand> documented_commands() {
    const fs::path root = BALANCE_SOURCE_DIR;
    std::vector<fs::path> files{root / "README.md"};
    for (const auto& entry : fs::directory_iterator(root / "docs"))
        if (entry.path().extension() == ".md") files.push_back(entry.path());
    std::vector<DocCommand> out;
    const std::regex span("`(balance [^`]+)`");
    for (const auto& file : files) {
        const auto lines = lines_of(file);
        const std::string name = fs::relative(file, root).string();
        bool fenced = false;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            const std::string& line = lines[i];
            const std::string where = name + ":" + std::to_string(i + 1);
            if (line.rfind("```", 0) == 0) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                auto args = command_args(line);
                if (args.empty()) continue;
                DocCommand command{where, std::move(args), {}};
                // A transcript: what it printed follows, up to the next prompt or the fence.
                if (line.rfind("$ ", 0) == 0)
                    for (std::size_t j = i + 1; j < lines.size(); ++j) {
                        if (lines[j].rfind("$ ", 0) == 0 || lines[j].rfind("```", 0) == 0) break;
                        command.shown.push_back(lines[j]);
                    }
                out.push_back(std::move(command));
                continue;
            }
            for (auto it = std::sregex_iterator(line.begin(), line.end(), span);
                 it != std::sregex_iterator(); ++it)
                if (auto args = command_args((*it)[1]); !args.empty())
                    out.push_back({where, std::move(args), {}});
        }
    }
    return out;
}

// Whether a reader can paste the command as it stands into the quick sweep's world: no
// placeholder (FILE, <name>, K/N, ...), no database but results/quick.db, nothing that plays for
// long, needs a cluster or an engine's stdin.
bool runnable(const DocCommand& command) {
    static const std::vector<std::string> cheap{"check",  "variants", "pieces", "report",
                                                "values", "sprt",     "export", "sweep"};
    const auto& a = command.args;
    if (a.empty() || std::find(cheap.begin(), cheap.end(), a[0]) == cheap.end()) return false;
    // `balance values` alone in a sentence names the command, it is no command line.
    if (a.size() == 1 && a[0] != "variants") return false;
    const bool reads_db =
        a[0] == "report" || a[0] == "values" || a[0] == "sprt" || a[0] == "export";
    if (reads_db && std::find(a.begin(), a.end(), "--db") == a.end()) return false;
    for (std::size_t i = 1; i < a.size(); ++i) {
        const std::string& w = a[i];
        if (w.find_first_of("<>*|.") == 0 || w.find("...") != std::string::npos ||
            w.find('<') != std::string::npos || w.find('*') != std::string::npos)
            return false;
        const bool upper = std::all_of(w.begin(), w.end(), [](char c) {
            return std::isupper(static_cast<unsigned char>(c)) || c == '/' || c == '_';
        });
        if (upper) return false;  // FILE, D, K/N, NAME
        if (w == "--db" && (i + 1 >= a.size() || a[i + 1] != "results/quick.db")) return false;
    }
    // A sweep other than the quick one is hours of play.
    if (a[0] == "sweep" &&
        (a.size() < 2 || (a[1] != "quick" && a[1] != "configs/sweeps/quick.toml")))
        return false;
    return true;
}

// A line's shape: digit runs as N, blanks collapsed, so the same output with other numbers (a
// shorter run) has the same shape.
std::string shape(const std::string& line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (std::isdigit(static_cast<unsigned char>(c))) {
            if (out.empty() || out.back() != 'N') out += 'N';
        } else if (c == ' ') {
            if (!out.empty() && out.back() != ' ') out += ' ';
        } else {
            out += c;
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

// The shown lines to compare: "..." lines skipped, a Markdown list item's wrapped continuation
// ("  Human and Elf: ...") joined to it, a trailing "..." cut off.
std::vector<std::string> comparable(const std::vector<std::string>& shown) {
    std::vector<std::string> out;
    bool item = false;
    for (const auto& line : shown) {
        if (line.empty() || line == "...") {
            item = false;
            continue;
        }
        if (item && line.rfind("  ", 0) == 0) {
            out.back() += " " + line.substr(2);
            continue;
        }
        item = line.rfind("- ", 0) == 0;
        out.push_back(line);
    }
    for (auto& line : out) {
        if (line.size() >= 3 && line.compare(line.size() - 3, 3, "...") == 0)
            line.resize(line.size() - 3);
        line = shape(line);
        // A list item's sentence depends on the games (the verdict's words, the armies'
        // order): its headline up to the first colon is what the docs promise.
        if (line.rfind("- ", 0) == 0 && line.find(':') != std::string::npos)
            line.resize(line.find(':') + 1);
    }
    return out;
}

class DocumentedCommands : public ::testing::Test {
  protected:
    void SetUp() override { saved_ = fs::current_path(); }
    void TearDown() override { fs::current_path(saved_); }
    fs::path saved_;
};

TEST_F(DocumentedCommands, RunAsPastedWithTheDocumentedShape) {
    TempDir dir;
    // The reader's repository root after ./main.sh: configs/ and results/quick.db, here from
    // a short run of the quick sweep (the tour's sweep command, run first).
    fs::current_path(dir.path());
    fs::create_directories("results");
    fs::create_directory_symlink(fs::path(BALANCE_SOURCE_DIR) / "configs", "configs");
    const auto commands = documented_commands();
    ASSERT_GT(commands.size(), 20u);
    // The front page and the command table are a newcomer's path: their examples read the
    // database ./main.sh leaves, not one of a study that takes hours.
    for (const auto& c : commands) {
        if (c.where.rfind("README.md:", 0) != 0 && c.where.rfind("docs/commands.md:", 0) != 0)
            continue;
        const auto db = std::find(c.args.begin(), c.args.end(), "--db");
        if (db != c.args.end() && db + 1 != c.args.end() && (db + 1)->ends_with(".db")) {
            EXPECT_EQ(*(db + 1), "results/quick.db") << c.where;
        }
    }
    // The transcripts first, in the order the tour runs them: the sweep makes results/quick.db.
    std::vector<const DocCommand*> order;
    for (const auto& c : commands)
        if (!c.shown.empty()) order.push_back(&c);
    for (const auto& c : commands)
        if (c.shown.empty()) order.push_back(&c);
    int ran = 0;
    // The guides repeat commands: each runs once, and every place that shows it is compared
    // with that one output (under the sanitizers a run of `report` takes seconds).
    std::map<std::vector<std::string>, CliRun> outputs;
    bool played = false;
    for (const DocCommand* command : order) {
        if (!runnable(*command)) continue;
        auto args = command->args;
        // A short budget: 9 games of the quick sweep at the first sweep command, 1 at the others.
        if (args[0] == "sweep" && std::find(args.begin(), args.end(), "--status") == args.end()) {
            args.insert(args.end(), {"--max-games", played ? "1" : "9"});
            played = true;
        }
        const auto key = command->args;
        if (!outputs.count(key)) {
            outputs.emplace(key, run_balance(args));
            ++ran;
        }
        const auto& run = outputs.at(key);
        // The fit of piece values needs more games than this short run has; the 72 of the
        // quick sweep give it. Its own words for too few games are the one failure allowed.
        const bool too_few =
            args[0] == "values" && run.err.find("too few or too one-sided") != std::string::npos;
        EXPECT_TRUE(run.status == 0 || too_few)
            << command->where << ": balance " << ::testing::PrintToString(args) << "\n"
            << run.err << run.out;
        if (too_few) continue;  // no fit, no output to compare
        std::vector<std::string> printed;
        std::istringstream in(run.out);
        for (std::string line; std::getline(in, line);) printed.push_back(shape(line));
        for (const auto& expected : comparable(command->shown)) {
            const bool found = std::any_of(printed.begin(), printed.end(), [&](const auto& p) {
                return p.rfind(expected, 0) == 0;
            });
            EXPECT_TRUE(found) << command->where << ": no line of the shape\n  " << expected
                               << "\nin the output of balance " << ::testing::PrintToString(args)
                               << ":\n"
                               << run.out;
        }
    }
    EXPECT_GT(ran, 10);
}

}  // namespace
}  // namespace balance::cli
