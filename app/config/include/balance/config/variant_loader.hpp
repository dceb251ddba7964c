#pragma once
// The variant config loader: configs/variants/*.toml -> core::VariantSpec.
// The file format is documented at the top of every shipped variant file and in the README.

#include <filesystem>
#include <string>
#include <vector>

#include "balance/config/variant_files.hpp"
#include "balance/config/variant_options.hpp"
#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::app {

// Loads `file` with the rule options in `options` ("stalemate-win", "sprite-double-step=none";
// unselected options take their defaults). Every error names "file:line" and what was expected.
[[nodiscard]] Result<core::VariantSpec> load_variant(const std::filesystem::path& file,
                                                     const std::vector<std::string>& options = {});

// The rule options `file` declares, in file order.
[[nodiscard]] Result<std::vector<VariantOption>> list_variant_options(
    const std::filesystem::path& file);

}  // namespace balance::app
