// `balance check`: validates sweep files as well as variant files.

#include <gtest/gtest.h>

#include <string>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::app {
namespace {

using testing::TempDir;

constexpr const char* kMinimal = R"(variant = "asymmetric"
games_per_cell = 2
[players.e]
type = "engine"
nodes = 1000
)";

TEST(Check, ValidatesSweepFiles) {
    TempDir dir;
    const auto good = dir.write("good.toml", kMinimal);
    auto ok = testing::run_balance({"check", good.string()});
    EXPECT_EQ(ok.status, 0) << ok.err;
    EXPECT_NE(ok.out.find("9 pairings x 1 rule sets x 1 matchups = 9 cells, 2 games each (18 "
                          "games)"),
              std::string::npos)
        << ok.out;
    const auto bad =
        dir.write("bad.toml", std::string(kMinimal) + "[adjudication]\nmaxplies = 3\n");
    auto failed = testing::run_balance({"check", bad.string()});
    EXPECT_EQ(failed.status, 1);
    EXPECT_NE(failed.err.find("bad.toml:7: unknown key 'maxplies' in [adjudication]; did you mean "
                              "'max_plies'?"),
              std::string::npos)
        << failed.err;
}

}  // namespace
}  // namespace balance::app
