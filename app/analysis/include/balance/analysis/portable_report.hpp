#pragma once
// A report that names no machine, for reports kept in a repository (`balance report
// --portable`): the database and the run records' sweep files by their paths inside the
// repository (or their file names), and hosts as "host 1", "host 2", ... in the order they first
// played. Everything else, the numbers above all, is left as it is.

#include <string>
#include <string_view>

#include "balance/analysis/report_data.hpp"

namespace balance::analysis {

// `path` without the machine's part: a relative path that stays inside its folder as it is;
// an absolute one (or one leaving its folder) from its last `configs/` or `results/` component
// on, else its file name alone.
[[nodiscard]] std::string portable_path(std::string_view path);

void make_portable(ReportData& report);

}  // namespace balance::analysis
