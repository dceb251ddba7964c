// `balance report --portable`: reports kept in a repository name no machine.

#include <gtest/gtest.h>

#include "balance/analysis/portable_report.hpp"

namespace balance::analysis {
namespace {

TEST(PortableReport, PathsLoseTheMachinesPart) {
    // Relative paths inside their folder are already portable.
    EXPECT_EQ(portable_path("configs/sweeps/quick.toml"), "configs/sweeps/quick.toml");
    EXPECT_EQ(portable_path("./results/quick.db"), "results/quick.db");
    EXPECT_EQ(portable_path("quick.db"), "quick.db");
    // Absolute ones keep what the repository knows them by, or their file name.
    EXPECT_EQ(portable_path("/work/main/configs/sweeps/rule-study.toml"),
              "configs/sweeps/rule-study.toml");
    EXPECT_EQ(portable_path("/home/me/balance/results/uneven/x.db"), "results/uneven/x.db");
    EXPECT_EQ(portable_path("/root/studies/chig/chigorin.db"), "chigorin.db");
    // The last configs/ counts: a checkout inside a folder named configs stays out.
    EXPECT_EQ(portable_path("/srv/configs/balance/configs/sweeps/a.toml"), "configs/sweeps/a.toml");
    // A relative path that leaves its folder says where the machine keeps it: name only.
    EXPECT_EQ(portable_path("../studies/rule-study.db"), "rule-study.db");
}

TEST(PortableReport, HostsAreNumberedInTheOrderTheyFirstPlayed) {
    ReportData report;
    report.database = "/root/studies/rule-study.db";
    for (const char* host : {"node7.cluster", "vm", "node7.cluster", "laptop"}) {
        StoredRun run;
        run.host = host;
        run.sweep_file = "/work/main/configs/sweeps/rule-study.toml";
        report.runs.push_back(run);
    }
    make_portable(report);
    EXPECT_EQ(report.database, "rule-study.db");
    ASSERT_EQ(report.runs.size(), 4u);
    EXPECT_EQ(report.runs[0].host, "host 1");
    EXPECT_EQ(report.runs[1].host, "host 2");
    EXPECT_EQ(report.runs[2].host, "host 1");
    EXPECT_EQ(report.runs[3].host, "host 3");
    for (const StoredRun& run : report.runs)
        EXPECT_EQ(run.sweep_file, "configs/sweeps/rule-study.toml");
}

}  // namespace
}  // namespace balance::analysis
