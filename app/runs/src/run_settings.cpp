#include "balance/runs/run_settings.hpp"

#include <unistd.h>

#include <algorithm>
#include <thread>

#include "balance/revision/revision.hpp"

namespace balance::runs {

std::string host_name() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0) return "unknown";
    return name;
}

int thread_count(int requested) {
    return requested > 0 ? requested
                         : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

tournament::RunOptions run_options(int threads, const std::string& sweep_file) {
    tournament::RunOptions options;
    options.threads = thread_count(threads);
    options.sweep_file = sweep_file;
    options.git_revision = revision::git_revision();
    options.host = host_name();
    return options;
}

}  // namespace balance::runs
