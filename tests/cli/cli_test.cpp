// The command line, run in-process through run_cli and, for exit codes, as the built binary.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

using testing::CliRun;
using testing::run_balance;

// Runs the built `balance` binary with a shell command line; returns exit status and stdout+stderr.
CliRun run_binary(const std::string& args) {
    const std::string command = std::string(BALANCE_BINARY_DIR) + "/app/balance " + args + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    EXPECT_NE(pipe, nullptr);
    if (!pipe) return {-1, "", ""};
    std::string output;
    std::array<char, 4096> buffer;
    while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
        output.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output, ""};
}

constexpr std::string_view kBadVariant = R"(start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[pieces.king]
betsa = "K"
role = "king"
[armies.solo]
letters = { K = "king" }
)";

TEST(Cli, HelpListsTheCommands) {
    const CliRun result = run_balance({"--help"});
    EXPECT_EQ(result.status, 0);
    for (const char* command : {"check", "perft", "variants"}) {
        EXPECT_NE(result.out.find(command), std::string::npos) << command;
    }
    EXPECT_TRUE(result.err.empty()) << result.err;
}

TEST(Cli, EverySubcommandHasHelp) {
    for (const std::string command : {"check", "perft", "variants"}) {
        const CliRun result = run_balance({command, "--help"});
        EXPECT_EQ(result.status, 0) << command;
        EXPECT_NE(result.out.find("Usage: balance " + command), std::string::npos) << result.out;
    }
}

// The revision is stamped when the binary is built, so it names the commit the sources are at
// (a configure-time stamp kept naming an older commit after later ones were built).
TEST(Cli, VersionNamesTheRevisionTheBinaryWasBuiltFrom) {
    FILE* git = ::popen(
        ("git -C " + std::string(BALANCE_SOURCE_DIR) + " rev-parse --short=12 HEAD 2>/dev/null")
            .c_str(),
        "r");
    ASSERT_NE(git, nullptr);
    std::array<char, 64> head{};
    const std::size_t n = std::fread(head.data(), 1, head.size() - 1, git);
    ::pclose(git);
    const std::string commit(head.data(), n > 0 ? n - 1 : 0);  // without the newline
    if (commit.size() != 12) GTEST_SKIP() << "not a git checkout: the revision reads 'unknown'";
    const CliRun result = run_binary("--version");
    EXPECT_EQ(result.status, 0);
    EXPECT_EQ(result.out.rfind("balance " + commit, 0), 0u) << result.out << " vs " << commit;
}

TEST(Cli, UnknownCommandSuggests) {
    const CliRun result = run_balance({"chek", "chess"});
    EXPECT_EQ(result.status, 1);
    EXPECT_TRUE(
        result.err.starts_with("balance: error: unknown command 'chek'; did you mean 'check'? "
                               "(commands: variants, check, perft,"))
        << result.err;
}

TEST(Cli, BadFlagIsAnErrorWithStatus1) {
    const CliRun result = run_balance({"perft", "--variant", "chess"});  // --depth missing
    EXPECT_EQ(result.status, 1);
    EXPECT_TRUE(result.err.starts_with("balance: error: --depth is required")) << result.err;
}

TEST(Cli, CheckReportsConfigErrorsWithFileAndLine) {
    balance::testing::TempDir dir;
    const auto file = dir.write("bad.toml", kBadVariant);
    const CliRun result = run_balance({"check", file.string()});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err, "balance: error: " + file.string() +
                              ":3: unknown key 'betsa' in [pieces.king]; did you mean 'betza'?\n");
    EXPECT_EQ(result.out, "");
}

TEST(Cli, CheckJsonIsOneObject) {
    balance::testing::TempDir dir;
    const auto file = dir.write("bad.toml", kBadVariant);
    const CliRun result = run_balance({"check", "--json", file.string()});
    EXPECT_EQ(result.status, 1);
    const auto json = nlohmann::json::parse(result.out);
    EXPECT_FALSE(json["ok"]);
    ASSERT_EQ(json["files"].size(), 1u);
    EXPECT_EQ(json["files"][0]["errors"][0]["where"], file.string() + ":3");
}

TEST(Cli, CheckUnknownVariantName) {
    const CliRun result = run_balance({"check", "asymetric"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.err.find("did you mean 'asymmetric'?"), std::string::npos) << result.err;
}

TEST(Cli, VariantsJsonListsTheShippedVariants) {
    const CliRun result = run_balance({"variants", "--json"});
    ASSERT_EQ(result.status, 0) << result.err;
    const auto json = nlohmann::json::parse(result.out);
    std::map<std::string, nlohmann::json> by_name;
    for (const auto& variant : json["variants"]) by_name[variant["name"]] = variant;
    ASSERT_TRUE(by_name.count("asymmetric") && by_name.count("chess") && by_name.count("uneven"));
    EXPECT_EQ(by_name["asymmetric"]["armies"].size(), 3u);
    EXPECT_EQ(by_name["asymmetric"]["options"].size(), 8u);
    EXPECT_EQ(by_name["uneven"]["files"], 10);
    EXPECT_EQ(by_name["uneven"]["options"][1]["values"],
              (nlohmann::json{"deduced", "literal", "mirrored"}));
}

TEST(Cli, PerftRejectsUnknownArmyAndOption) {
    CliRun result =
        run_balance({"perft", "--variant", "asymmetric", "--white", "elvs", "--depth", "1"});
    EXPECT_EQ(result.status, 1);
    EXPECT_EQ(result.err,
              "balance: error: --white: unknown army 'elvs' for variant 'asymmetric'; did you "
              "mean 'elves'? (armies: humans, elves, orcs)\n");
    // Aliases are candidates too: "elfs" is one edit from the alias "Elf" (two from "elves"),
    // and the suggestion is the army's name.
    result = run_balance({"perft", "--variant", "asymmetric", "--white", "elfs", "--depth", "1"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.err.find("unknown army 'elfs' for variant 'asymmetric'; did you mean "
                              "'elves'?"),
              std::string::npos)
        << result.err;
    result = run_balance(
        {"perft", "--variant", "asymmetric", "--rules", "stalemate-wn", "--depth", "1"});
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.err.find("unknown option 'stalemate-wn'; did you mean 'stalemate-win'?"),
              std::string::npos)
        << result.err;
}

TEST(CliBinary, HelpExitsZero) {
    const CliRun result = run_binary("--help");
    EXPECT_EQ(result.status, 0) << result.out;
    EXPECT_NE(result.out.find("Subcommands:"), std::string::npos) << result.out;
    EXPECT_EQ(run_binary("perft --help").status, 0);
}

TEST(CliBinary, CheckFailsWithStatus1AndAMessage) {
    balance::testing::TempDir dir;
    const auto file = dir.write("bad.toml", kBadVariant);
    const CliRun result = run_binary("check '" + file.string() + "'");
    EXPECT_EQ(result.status, 1);
    EXPECT_NE(result.out.find("bad.toml:3: unknown key 'betsa'"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace balance::cli
