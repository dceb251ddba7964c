#pragma once
// Where sweep files live: a path, or a bare name looked up in ./configs/sweeps and then in the
// source tree's configs/sweeps (like variant names).

#include <filesystem>
#include <string_view>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::config {

[[nodiscard]] Result<std::filesystem::path> find_sweep(std::string_view name_or_path);

// Every sweep file of the search directories, one per name, sorted by name.
[[nodiscard]] std::vector<std::filesystem::path> list_sweep_files();

// Whether `file` is a sweep file rather than a variant file: a TOML file with a top-level
// `variant` key (variant files never have one). For `balance check`.
[[nodiscard]] bool is_sweep_file(const std::filesystem::path& file);

}  // namespace balance::config
