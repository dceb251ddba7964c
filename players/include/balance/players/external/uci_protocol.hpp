#pragma once
// Parsing of single UCI lines, kept apart from the process handling so it can be tested alone.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "balance/players/external/search_types.hpp"

namespace balance::players::external {

// One `option name ... type ...` line of the uci handshake.
struct UciOption {
    std::string name;
    std::string type;  // check, spin, combo, button, string
    std::string default_value;
    std::optional<long long> min, max;
    std::vector<std::string> vars;  // combo choices
};

[[nodiscard]] std::optional<UciOption> parse_uci_option(std::string_view line);

// An `info` line with a score or a pv (the first principal variation only); nullopt for other
// info lines (`info string`, `currmove`, multipv > 1).
[[nodiscard]] std::optional<SearchInfo> parse_uci_info(std::string_view line);

struct BestMove {
    std::string move;  // empty for `bestmove (none)` / `bestmove 0000`
    std::string ponder;
};
// nullopt unless the line is `bestmove X [ponder Y]`.
[[nodiscard]] std::optional<BestMove> parse_bestmove(std::string_view line);

// UCI option names and combo values compare case-insensitively.
[[nodiscard]] bool iequals(std::string_view a, std::string_view b);

// Splits on runs of spaces and tabs.
[[nodiscard]] std::vector<std::string_view> split_words(std::string_view line);

}  // namespace balance::players::external
