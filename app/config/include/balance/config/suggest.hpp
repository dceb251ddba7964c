#pragma once
// "Did you mean ...?" suggestions for misspelt keys, pieces, armies, options and values.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace balance::config {

// Levenshtein distance where swapping two adjacent characters also costs 1 (optimal string
// alignment), because transpositions ("unicron") are the commonest typo in names.
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word`, if it is close enough to be a plausible typo: at most a third
// of the word's length (and at least 1, at most 3 edits) away. Ties go to the earlier candidate.
// A word longer than any name (64 characters) gets none, without a search.
[[nodiscard]] std::optional<std::string> nearest_name(std::string_view word,
                                                      const std::vector<std::string>& candidates);

// "; did you mean 'betza'?" when there is a plausible candidate (nearest_name, else the one
// candidate that begins with `word`, for a name cut short), otherwise "".
[[nodiscard]] std::string did_you_mean(std::string_view word,
                                       const std::vector<std::string>& candidates);

// The name in quotes for a message, or for a name too long to be one (a runaway key) its start
// and length: "'kkkk...' (1000000 characters)".
[[nodiscard]] std::string quoted_name(std::string_view name);

// "a, b, c" for listing the accepted names in a message.
[[nodiscard]] std::string join_names(const std::vector<std::string>& names,
                                     std::string_view separator = ", ");

}  // namespace balance::config
