#pragma once
// A rule set's complete resolved variant document as text, the form in which a results database
// keeps the rules its games were played under (tournament::RuleSet::spec_toml, the rule_specs
// table): written canonically, read back into a VariantSpec without configs/, and compared.

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

// `doc` (inherits resolved, options applied and removed, `name` set) as TOML text: keys in the
// order the reader meets them (keys_in_file_order: the order of armies and pieces is part of the
// rules), every table under its full [header], every value on its own line, no comments. The
// same resolved document gives the same text, whatever the files' layout, comments or spacing.
[[nodiscard]] std::string canonical_spec_text(const toml::table& doc, const std::string& file);

// Reads a stored canonical document back into the spec it describes; `rules` is the store's
// option selection ("opt1,opt2=value"), `where` names the text in errors ("results.db: rules
// 1a2b..."). Nothing is read from configs/.
[[nodiscard]] Result<core::VariantSpec> spec_from_text(const std::string& text,
                                                       const std::string& rules,
                                                       const std::string& where);

// What changed from `before` to `after`, key by key: "pieces.knight.betza: 'N' -> 'NW'",
// "added rules.foo = 1", "removed ..."; "the same keys and values in another order" when only
// the order differs; "" when equal.
[[nodiscard]] std::string spec_differences(const std::string& before, const std::string& after);

// The store's rules text split into the option selections load_variant takes.
[[nodiscard]] std::vector<std::string> split_rules(const std::string& rules);

}  // namespace balance::config
