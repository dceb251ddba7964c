#pragma once
// Reading a variant file into one TOML table, following `inherits` chains.

#include <filesystem>
#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"

namespace balance::config {

// Parses one TOML file. Syntax errors become an Error at "file:line"; so does a file without
// keys (empty, or comments only), since no variant or sweep file can be empty.
[[nodiscard]] Result<toml::table> parse_toml_file(const std::filesystem::path& file);

// Parses `file`; if it says `inherits = "<variant>"`, loads that variant's document first
// (looking beside `file`, then in the variant search path) and deep-merges `file` over it.
// `name` is never inherited: a file without one is named after its stem. The `inherits` key is
// consumed here and is not in the result.
[[nodiscard]] Result<toml::table> load_variant_document(const std::filesystem::path& file);

}  // namespace balance::config
