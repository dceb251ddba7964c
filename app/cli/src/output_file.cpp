#include "output_file.hpp"

#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "output.hpp"

namespace balance::cli {

Result<void> write_text_file(const std::string& path, const std::string& text) {
    const std::filesystem::path file(path);
    std::error_code ec;
    if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
    const std::filesystem::path temporary =
        file.string() + ".tmp-" + std::to_string(static_cast<long>(::getpid()));
    std::ofstream stream(temporary, std::ios::binary);
    stream << text;
    stream.close();
    if (!stream) {
        std::filesystem::remove(temporary, ec);
        return make_error("cannot write the file", path);
    }
    std::filesystem::rename(temporary, file, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        return make_error("cannot write the file: " + ec.message(), path);
    }
    return {};
}

int deliver(AppContext& ctx, const std::string& path, const std::string& text) {
    if (path.empty()) {
        ctx.out << text;
        return 0;
    }
    if (auto written = write_text_file(path, text); !written)
        return report_error(ctx, make_error("cannot write the report", path));
    ctx.out << "wrote " << path << " (" << text.size() << " bytes)\n";
    return 0;
}

}  // namespace balance::cli
