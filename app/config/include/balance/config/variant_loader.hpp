#pragma once
// The variant config loader: configs/variants/*.toml -> core::VariantSpec.
// The file format is documented at the top of every shipped variant file and in
// docs/variants.md.

#include <filesystem>
#include <string>
#include <vector>

#include "balance/config/variant_files.hpp"
#include "balance/config/variant_options.hpp"
#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

// Loads `file` with the rule options in `options` ("stalemate-win", "sprite-double-step=none";
// unselected options take their defaults). Every error names "file:line" and what was expected.
[[nodiscard]] Result<core::VariantSpec> load_variant(const std::filesystem::path& file,
                                                     const std::vector<std::string>& options = {});

// A loaded variant with the canonical text of its resolved document (config/spec_text.hpp),
// what a results database stores as the rules its games were played under.
struct ResolvedVariant {
    core::VariantSpec spec;
    std::string spec_toml;
};
[[nodiscard]] Result<ResolvedVariant> resolve_variant(const std::filesystem::path& file,
                                                      const std::vector<std::string>& options = {});

// The canonical text of `variant` (a name or file) with the store's rules text: how a schema-1
// database, which kept no rules, is given its rules from the configs on disk.
[[nodiscard]] Result<std::string> spec_text_from_configs(const std::string& variant,
                                                         const std::string& rules);

// The rule options `file` declares, in file order.
[[nodiscard]] Result<std::vector<VariantOption>> list_variant_options(
    const std::filesystem::path& file);

}  // namespace balance::config
