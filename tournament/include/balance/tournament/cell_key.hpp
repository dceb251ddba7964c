#pragma once
// A cell's identity, and its text form as stored in games.cell_key and game keys:
//   "<variant>|<white army>|<black army>|<rules>|<white player>|<black player>"
// `rules` is the canonical rule-options string ("" = the defaults). The one place that builds
// and parses that text: plans build it, readers and exports parse it.

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace balance::tournament {

struct CellKey {
    std::string variant;
    std::string white;  // White's army (canonical name)
    std::string black;
    std::string rules;  // "" = defaults
    std::string white_player;
    std::string black_player;

    // The stored text form (above).
    [[nodiscard]] std::string str() const;
    // The key without the players ("<variant>|<white>|<black>|<rules>"): cells that differ only
    // in who plays share their openings, game index by game index.
    [[nodiscard]] std::string position_key() const;
    // The six fields of a stored key; nullopt unless it has exactly six '|'-separated fields.
    [[nodiscard]] static std::optional<CellKey> parse(std::string_view text);

    auto operator<=>(const CellKey&) const = default;
};

// "<cell key>#<index>", the primary key of a stored game.
[[nodiscard]] std::string game_key(const std::string& cell_key, int index);

// The cell key and index of a game key; index -1 when the key has no "#<index>" suffix.
[[nodiscard]] std::pair<std::string, int> split_game_key(const std::string& key);

}  // namespace balance::tournament
