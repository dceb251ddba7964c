#include "balance/config/sweep_files.hpp"

#include <toml++/toml.h>

#include <system_error>

#include "config_files.hpp"

namespace balance::config {

namespace fs = std::filesystem;

Result<fs::path> find_sweep(std::string_view name_or_path) {
    return find_config(name_or_path, "sweeps", "sweep");
}

std::vector<fs::path> list_sweep_files() {
    return list_config_files("sweeps");
}

bool is_sweep_file(const fs::path& file) {
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return false;
    try {
        const toml::table doc = toml::parse_file(file.string());
        if (doc.contains("variant")) return true;
        // A sweep that forgot `variant` is still a sweep (and should hear that it lacks one): a
        // file with sweep-only keys and none of a variant file's is read as a sweep.
        const bool variant_keys =
            doc.contains("pieces") || doc.contains("armies") || doc.contains("start_fen");
        const bool sweep_keys = doc.contains("players") || doc.contains("matchups") ||
                                doc.contains("games_per_cell") || doc.contains("adaptive");
        return sweep_keys && !variant_keys;
    } catch (const toml::parse_error&) {
        // A broken file: call it a sweep when it sits in a sweeps directory, so the sweep
        // reader reports the syntax error.
        return file.parent_path().filename() == "sweeps";
    }
}

}  // namespace balance::config
