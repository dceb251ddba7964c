#include "config_files.hpp"

#include <map>
#include <system_error>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"

namespace balance::config {

namespace fs = std::filesystem;

namespace {

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

}  // namespace

std::vector<fs::path> config_search_dirs(std::string_view kind) {
    std::vector<fs::path> dirs{fs::path("configs") / kind};
    const fs::path shipped = fs::path(BALANCE_SOURCE_DIR) / "configs" / kind;
    std::error_code ec;
    if (!fs::equivalent(dirs.front(), shipped, ec)) dirs.push_back(shipped);
    return dirs;
}

Result<fs::path> find_config(std::string_view name_or_path, std::string_view kind,
                             std::string_view what) {
    const fs::path given(name_or_path);
    if (is_file(given)) return given;
    fs::path file_name = given.filename();
    if (file_name.extension() != ".toml") file_name += ".toml";
    if (!given.has_parent_path()) {
        for (const auto& dir : config_search_dirs(kind)) {
            if (is_file(dir / file_name)) return dir / file_name;
        }
    }
    const std::vector<std::string> known = config_names(kind);
    return make_error(
        fmt::format("no such {} or file (looked at the path as given and in configs/{}, here and "
                    "shipped){}{}",
                    what, kind, did_you_mean(given.stem().string(), known),
                    known.empty() ? "" : fmt::format(" (known {}s: {})", what, join_names(known))),
        std::string(name_or_path));
}

std::vector<fs::path> list_config_files(std::string_view kind) {
    std::map<std::string, fs::path> by_name;
    for (const auto& dir : config_search_dirs(kind)) {
        std::error_code ec;
        for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
            const fs::path& path = it->path();
            if (path.extension() == ".toml" && is_file(path)) {
                by_name.emplace(path.stem().string(), path);  // emplace keeps the first directory
            }
        }
    }
    std::vector<fs::path> files;
    for (auto& [name, path] : by_name) files.push_back(path);
    return files;
}

std::vector<std::string> config_names(std::string_view kind) {
    std::vector<std::string> names;
    for (const auto& file : list_config_files(kind)) names.push_back(file.stem().string());
    return names;
}

}  // namespace balance::config
