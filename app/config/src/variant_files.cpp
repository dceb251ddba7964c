#include "balance/config/variant_files.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"

namespace balance::app {

namespace fs = std::filesystem;

namespace {

bool is_file(const fs::path& path) {
    std::error_code ec;
    return fs::is_regular_file(path, ec);
}

}  // namespace

std::vector<fs::path> variant_search_dirs() {
    std::vector<fs::path> dirs{fs::path("configs") / "variants"};
    const fs::path source_dir = fs::path(BALANCE_SOURCE_DIR) / "configs" / "variants";
    std::error_code ec;
    if (!fs::equivalent(dirs.front(), source_dir, ec)) dirs.push_back(source_dir);
    return dirs;
}

Result<fs::path> find_variant(std::string_view name_or_path) {
    const fs::path given(name_or_path);
    if (is_file(given)) return given;
    fs::path file_name = given.filename();
    if (file_name.extension() != ".toml") file_name += ".toml";
    // A name with directories in it was meant as a path: searching elsewhere would surprise.
    if (!given.has_parent_path()) {
        for (const auto& dir : variant_search_dirs()) {
            if (is_file(dir / file_name)) return dir / file_name;
        }
    }
    std::vector<std::string> known;
    for (const auto& file : list_variant_files()) known.push_back(file.stem().string());
    std::vector<std::string> searched{"the path as given"};
    for (const auto& dir : variant_search_dirs()) searched.push_back(dir.string());
    return make_error(
        fmt::format("no such variant or file (looked at {}){}{}", join_names(searched),
                    did_you_mean(given.stem().string(), known),
                    known.empty() ? "" : fmt::format(" (known variants: {})", join_names(known))),
        std::string(name_or_path));
}

std::vector<fs::path> list_variant_files() {
    std::map<std::string, fs::path> by_name;
    for (const auto& dir : variant_search_dirs()) {
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

}  // namespace balance::app
