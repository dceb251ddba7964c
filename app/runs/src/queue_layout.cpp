#include "balance/runs/queue_layout.hpp"

namespace balance::runs {

std::vector<std::string> QueueLayout::command(const config::QueueEntry& entry) const {
    std::vector<std::string> args = {std::filesystem::absolute(binary(entry)).string(),
                                     config::queue_kind_name(entry.kind),
                                     entry.file,
                                     "--db",
                                     std::filesystem::absolute(db(entry)).string(),
                                     "--quiet"};
    if (entry.threads > 0) {
        args.emplace_back("--threads");
        args.push_back(std::to_string(entry.threads));
    }
    args.insert(args.end(), entry.flags.begin(), entry.flags.end());
    return args;
}

QueueLayout make_layout(const std::filesystem::path& queue_file, const std::filesystem::path& dir,
                        const std::filesystem::path& self) {
    return {dir, self, queue_file.stem().string()};
}

}  // namespace balance::runs
