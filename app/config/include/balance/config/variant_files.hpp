#pragma once
// Where variant files live and how a bare name like `asymmetric` becomes a file.

#include <filesystem>
#include <string_view>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::config {

// The directories searched for variant files, in order: ./configs/variants, then
// BALANCE_SOURCE_DIR/configs/variants (the source tree this binary was built from).
[[nodiscard]] std::vector<std::filesystem::path> variant_search_dirs();

// Resolves `name_or_path`: the path as given if it names a file, otherwise `<name>.toml` in each
// search directory. The error lists where it looked and suggests the nearest known variant.
[[nodiscard]] Result<std::filesystem::path> find_variant(std::string_view name_or_path);

// Every *.toml in the search directories, one per variant name (the first directory wins),
// sorted by name.
[[nodiscard]] std::vector<std::filesystem::path> list_variant_files();

}  // namespace balance::config
