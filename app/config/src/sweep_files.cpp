#include "balance/config/sweep_files.hpp"

#include <fmt/format.h>
#include <toml++/toml.h>

#include <system_error>

namespace balance::app {

namespace fs = std::filesystem;

Result<fs::path> find_sweep(std::string_view name_or_path) {
    const fs::path given(name_or_path);
    std::error_code ec;
    if (fs::is_regular_file(given, ec)) return given;
    fs::path file_name = given.filename();
    if (file_name.extension() != ".toml") file_name += ".toml";
    std::vector<fs::path> dirs{fs::path("configs") / "sweeps",
                               fs::path(BALANCE_SOURCE_DIR) / "configs" / "sweeps"};
    if (!given.has_parent_path()) {
        for (const auto& dir : dirs) {
            if (fs::is_regular_file(dir / file_name, ec)) return dir / file_name;
        }
    }
    return make_error(fmt::format("no such sweep file (looked at the path as given, {} and {})",
                                  dirs[0].string(), dirs[1].string()),
                      std::string(name_or_path));
}

bool is_sweep_file(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return false;
    try {
        const toml::table doc = toml::parse_file(file.string());
        return doc.contains("variant");
    } catch (const toml::parse_error&) {
        // A broken file: call it a sweep when it sits in a sweeps directory, so the sweep
        // reader reports the syntax error.
        return file.parent_path().filename() == "sweeps";
    }
}

}  // namespace balance::app
