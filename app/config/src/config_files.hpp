#pragma once
// Where config files of one kind ("variants", "sweeps") live and how a bare name becomes a file:
// ./configs/<kind>/<name>.toml first (a user's own configs), then the shipped ones in the
// source tree this binary was built from.

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::config {

// The directories searched for configs of `kind`, in order, without duplicates.
[[nodiscard]] std::vector<std::filesystem::path> config_search_dirs(std::string_view kind);

// Resolves `name_or_path`: the path as given if it names a file, otherwise `<name>.toml` in each
// search directory (only for a bare name: a name with directories in it was meant as a path).
// The error says where it looked, without the absolute build-time path, and suggests the
// nearest known name. `what` names the kind in the message ("variant", "sweep").
[[nodiscard]] Result<std::filesystem::path> find_config(std::string_view name_or_path,
                                                        std::string_view kind,
                                                        std::string_view what);

// Every *.toml in the search directories, one per name (the first directory wins), sorted by
// name.
[[nodiscard]] std::vector<std::filesystem::path> list_config_files(std::string_view kind);

// The names (file stems) of list_config_files(kind).
[[nodiscard]] std::vector<std::string> config_names(std::string_view kind);

}  // namespace balance::config
