#pragma once
// Optional rules as data. A variant file declares
//
//   [options.<name>]              description = "...", default = "<value>"
//   [options.<name>.values.<value>]   a TOML fragment, deep-merged over the variant document
//
// and a selection such as {"stalemate-win", "sprite-double-step=none"} picks one value per
// option (a bare name means "=on"; unselected options take their default). The selected
// fragments are merged before the document is read into a VariantSpec, so an option can change
// any field: a rule, a piece's Betza, the start position.

#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"

namespace balance::config {

// What `--help`-style listings show about one option.
struct VariantOption {
    std::string name;  // "sprite-double-step"
    std::string description;
    std::vector<std::string> values;  // in file order: "diagonal", "leap", "none"
    std::string default_value;        // "diagonal"
    bool is_switch = false;           // values are exactly on/off: selected as a bare name
    std::string where;                // "file:line" of its [options.<name>] table
    // `ambiguous = true`: the sources leave this rule open; the default is the file's reading,
    // the other values are the other readings (`balance variants NAME --readings`).
    // `ambiguous_under = "<option>"`: the same, for a rule that matters only with that option
    // on (its readings are compared with that option alone).
    bool ambiguous = false;
    std::string ambiguous_under;
};

// The rule sets that play every reading of a variant's ambiguous options against its own
// reading: {"default", {}} first, then per alternative value {"<option>-<value>",
// {"<option>=<value>"}} (a switch's reading as its bare name); for an option ambiguous under
// another, that option's rule set (once) and the reading together with it, named
// "<that option>--<option>-<value>".
struct Reading {
    std::string name;
    std::vector<std::string> options;
};
[[nodiscard]] std::vector<Reading> readings_of(const std::vector<VariantOption>& options);

// An option with its fragments, as parsed from the document.
struct RuleOption {
    VariantOption info;
    std::vector<toml::table> fragments;  // parallel to info.values
};

// Removes the `options` table from `doc` and parses it, in file order. A switch may leave out
// its empty `off` table; its default is then "off".
[[nodiscard]] Result<std::vector<RuleOption>> take_options(toml::table& doc,
                                                           const std::string& file);

// Merges the fragments selected by `selection` (and the defaults of all other options) into
// `doc` and returns the canonical record of the choice: the non-default selections, sorted,
// switches turned on written as the bare name ("promote-to-captured"), the rest as
// "name=value". Two chosen values that set the same key are an error: fragments replace, so
// the combination would silently depend on the merge order.
[[nodiscard]] Result<std::vector<std::string>> apply_options(
    toml::table& doc, std::vector<RuleOption>&& options, const std::vector<std::string>& selection,
    const std::string& file);

}  // namespace balance::config
