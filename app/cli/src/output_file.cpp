#include "balance/cli/output_file.hpp"

#include <filesystem>
#include <fstream>

#include "balance/cli/output.hpp"

namespace balance::app::report {

int deliver(AppContext& ctx, const std::string& path, const std::string& text) {
    if (path.empty()) {
        ctx.out << text;
        return 0;
    }
    const std::filesystem::path file(path);
    std::error_code ec;
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
    std::ofstream stream(file, std::ios::binary);
    stream << text;
    stream.close();
    if (!stream) return report_error(ctx, make_error("cannot write the report", path));
    ctx.out << "wrote " << path << " (" << text.size() << " bytes)\n";
    return 0;
}

}  // namespace balance::app::report
