#pragma once
// What a playing command's run record keeps and how many games it plays at once.

#include <string>

#include "balance/tournament/runner.hpp"

namespace balance::runs {

// The host name a run record keeps ("unknown" when the system will not say).
[[nodiscard]] std::string host_name();

// Games played at once: `requested`, or one per core when it is 0.
[[nodiscard]] int thread_count(int requested);

// The run options every playing command fills alike: threads, and what the run record keeps
// (the sweep file, this build's revision, the host).
[[nodiscard]] tournament::RunOptions run_options(int threads, const std::string& sweep_file);

}  // namespace balance::runs
