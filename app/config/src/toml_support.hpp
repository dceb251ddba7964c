#pragma once
// Small helpers around toml++: where a node came from, what type it is, and the deep merge that
// implements `inherits` and option fragments.

#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

namespace balance::config {

// "file:line" of a node or key, or `fallback` (normally the file) when toml++ has no position,
// e.g. for a table that only exists implicitly through a dotted key.
[[nodiscard]] std::string where_of(const toml::source_region& source, std::string_view fallback);

// "a string", "an integer", ... for "must be X, not Y" messages.
[[nodiscard]] std::string type_phrase(toml::node_type type);

// The keys of `table` in the order a reader of the files met them: entries inherited from a base
// file first, then `top_file`'s, each by line (toml++ itself keeps keys sorted by name).
[[nodiscard]] std::vector<std::string> keys_in_file_order(const toml::table& table,
                                                          const std::string& top_file);

// Merges `overlay` into `base`: tables merge key by key, recursively; anything else (values,
// arrays) in the overlay replaces what the base had. Nodes are moved, so they keep the file and
// line they were parsed from and later errors point at the overlay's text.
void deep_merge(toml::table& base, toml::table&& overlay);

// Piece, army, option and value names appear in flags, selections and file names, so they are
// kept plain: a-z, 0-9, '-' and '_'.
[[nodiscard]] bool is_plain_name(std::string_view name);

// The path a user should see for `file`: relative to the working directory when the file lies
// below it, otherwise as given.
[[nodiscard]] std::string display_path(const std::string& file);

// `comment` as TOML comment lines ("# ..." each), for the head of a file we write.
[[nodiscard]] std::string comment_lines(const std::string& comment);

}  // namespace balance::config
