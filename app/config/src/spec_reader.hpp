#pragma once
// Converts a merged variant document (inherits resolved, options applied and removed) into a
// core::VariantSpec. It checks structure, types, unknown keys and names; what the Betza strings
// and the FEN mean is core::validate's job.

#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

// `file` is the top file as shown to users; `default_name` names a variant without `name`.
[[nodiscard]] Result<core::VariantSpec> read_variant_spec(const toml::table& doc,
                                                          const std::string& file,
                                                          const std::string& default_name);

}  // namespace balance::config
