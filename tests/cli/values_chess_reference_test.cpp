// Piece values of orthodox chess fitted from REAL engine games land near the classical values.
// The games are the kept chess calibration (results/piece-values/chess.sql.xz: the internal
// engine at 5k nodes, 3,000 games a round), restored by results/checkpoint.sh; its round 0 was
// played by the documented values. BALANCE_CHESS_VALUES_DB=<any chess store> checks that store
// instead (every player in it).
//
// Reference: L. Kaufman, "The Evaluation of Material Imbalances", Chess Life, March 1999:
// P = 1, N = 3.25, B = 3.25 (plus 0.5 for the pair), R = 5, Q = 9.75. A regression on outcomes of
// sampled positions measures what the material is worth in practice for the engine that played,
// so the tolerance is wide (each value within 25% of Kaufman's) and the order must agree
// (Spearman >= 0.9 against the variant file's values, the knight and bishop tied). This checks
// the plain outcome regression (--method regression); the default texel fit reads this engine's
// values higher (results/piece-values/).

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../support/temp_dir.hpp"
#include "cli_runner.hpp"

namespace balance::cli {
namespace {

TEST(ValuesChessReference, FittedValuesAreNearKaufman1999) {
    const balance::testing::TempDir dir;
    std::vector<std::string> args = {"values",   "--variant",  "chess",
                                     "--method", "regression", "--json"};
    std::filesystem::path db;
    if (const char* given = std::getenv("BALANCE_CHESS_VALUES_DB")) {
        db = given;
    } else {
        const std::filesystem::path source(BALANCE_SOURCE_DIR);
        db = dir.path() / "chess.db";
        const std::string restore =
            (source / "results" / "checkpoint.sh").string() + " restore " +
            (source / "results" / "piece-values" / "chess.sql.xz").string() + " " + db.string() +
            " > /dev/null";
        ASSERT_EQ(std::system(restore.c_str()), 0) << restore;
        args.push_back("--player");
        args.push_back("balance-r0");
    }
    args.push_back("--db");
    args.push_back(db.string());
    const auto run = testing::run_balance(args);
    ASSERT_EQ(run.status, 0) << run.err;
    const auto out = nlohmann::json::parse(run.out);
    const std::map<std::string, double> kaufman{
        {"pawn", 1.0}, {"knight", 3.25}, {"bishop", 3.25}, {"rook", 5.0}, {"queen", 9.75}};
    ASSERT_EQ(out["pieces"].size(), kaufman.size());
    for (const auto& piece : out["pieces"]) {
        const std::string name = piece["piece"];
        ASSERT_TRUE(piece["identified"].get<bool>()) << name << ": " << piece["why_not"];
        const double value = piece["value"].get<double>();
        EXPECT_NEAR(value, kaufman.at(name), 0.25 * kaufman.at(name)) << name;
    }
    EXPECT_GE(out["spearman"].get<double>(), 0.9);
}

}  // namespace
}  // namespace balance::cli
