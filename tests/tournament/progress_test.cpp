// The live progress display: interval ends, and an ETA for what this run will play.

#include "balance/tournament/progress.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace balance::tournament {
namespace {

TEST(Progress, ScoreShowsTheIntervalEnds) {
    // One win: the interval is far from symmetric, so "+-" would mislead.
    const std::string one_win = score_text(stats::Wdl{1, 0, 0});
    EXPECT_EQ(one_win.rfind("1.000 [", 0), 0u) << one_win;
    EXPECT_NE(one_win.find(", 1.000]"), std::string::npos) << one_win;
    EXPECT_EQ(one_win.find("+-"), std::string::npos) << one_win;
    EXPECT_EQ(score_text(stats::Wdl{}), "-");
}

std::string summary(const Progress& p) {
    std::ostringstream out;
    TextProgress display(out, false, std::chrono::milliseconds(0));
    display.finish(p);
    return out.str();
}

TEST(Progress, EtaCountsOnlyWhatThisRunWillPlay) {
    Progress p;
    p.total = 1000;
    p.done = 10;
    p.played = 10;
    p.seconds = 60.0;                                                          // 10 games a minute
    EXPECT_NE(summary(p).find("ETA 1h39m"), std::string::npos) << summary(p);  // 990 games
    p.run_limit = 20;  // --max-games 20: 10 more games, one minute
    EXPECT_NE(summary(p).find("ETA 1m00s"), std::string::npos) << summary(p);
    p.played = 20;
    p.done = 20;
    EXPECT_NE(summary(p).find("ETA -"), std::string::npos) << summary(p);
}

}  // namespace
}  // namespace balance::tournament
