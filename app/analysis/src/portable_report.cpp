// Reports kept in a repository name no machine: see portable_report.hpp.

#include "balance/analysis/portable_report.hpp"

#include <filesystem>
#include <map>

#include <fmt/format.h>

namespace balance::analysis {

std::string portable_path(std::string_view path) {
    const std::filesystem::path given{std::string(path)};
    const std::filesystem::path normal = given.lexically_normal();
    if (given.is_relative() && !normal.empty() && *normal.begin() != "..") return normal.string();
    // The last folder the repository is known by: a sweep file under configs/, a kept
    // database or report under results/.
    std::filesystem::path tail;
    for (auto it = normal.end(); it != normal.begin();) {
        --it;
        if (*it == "configs" || *it == "results") {
            for (auto rest = it; rest != normal.end(); ++rest) tail /= *rest;
            return tail.string();
        }
    }
    return normal.filename().string();
}

void make_portable(ReportData& report) {
    report.database = portable_path(report.database);
    std::map<std::string, int> hosts;
    for (StoredRun& run : report.runs) {
        run.sweep_file = portable_path(run.sweep_file);
        const auto [it, added] = hosts.emplace(run.host, static_cast<int>(hosts.size()) + 1);
        run.host = fmt::format("host {}", it->second);
    }
}

}  // namespace balance::analysis
