#include "balance/tournament/cell_key.hpp"

#include <array>
#include <cstdlib>

namespace balance::tournament {

namespace {

constexpr char kSeparator = '|';

}  // namespace

std::string CellKey::position_key() const {
    std::string out = variant;
    for (const std::string* part : {&white, &black, &rules}) (out += kSeparator) += *part;
    return out;
}

std::string CellKey::str() const {
    std::string out = position_key();
    for (const std::string* part : {&white_player, &black_player}) (out += kSeparator) += *part;
    return out;
}

std::optional<CellKey> CellKey::parse(std::string_view text) {
    std::array<std::string, 6> parts;
    std::size_t field = 0;
    for (const char c : text) {
        if (c != kSeparator) {
            parts[field] += c;
        } else if (++field == parts.size()) {
            return std::nullopt;
        }
    }
    if (field + 1 != parts.size()) return std::nullopt;
    return CellKey{std::move(parts[0]), std::move(parts[1]), std::move(parts[2]),
                   std::move(parts[3]), std::move(parts[4]), std::move(parts[5])};
}

std::string game_key(const std::string& cell_key, int index) {
    return cell_key + "#" + std::to_string(index);
}

std::pair<std::string, int> split_game_key(const std::string& key) {
    const auto hash = key.rfind('#');
    if (hash == std::string::npos) return {key, -1};
    return {key.substr(0, hash), std::atoi(key.c_str() + hash + 1)};
}

}  // namespace balance::tournament
