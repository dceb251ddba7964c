#include "balance/tournament/sweep.hpp"

#include "balance/tournament/store.hpp"

namespace balance::tournament {

const char* player_kind_name(PlayerKind kind) {
    switch (kind) {
        case PlayerKind::Engine:
            return "engine";
        case PlayerKind::Random:
            return "random";
        case PlayerKind::Greedy:
            return "greedy";
        case PlayerKind::Uci:
            return "uci";
        case PlayerKind::Xboard:
            return "xboard";
        case PlayerKind::Fairymax:
            return "fairymax";
        case PlayerKind::Sjaakii:
            return "sjaakii";
        case PlayerKind::FairyStockfish:
            return "fairy-stockfish";
    }
    return "unknown";
}

std::string PlayerSpec::label() const {
    std::string text = "player '" + name + "'";
    if (!external.command.empty()) {
        text += " (" + std::string(player_kind_name(kind)) + " engine " + external.command[0] + ")";
    }
    return text;
}

std::string RuleSet::rules() const {
    std::string out;
    for (const auto& option : spec.active_options) {
        if (!out.empty()) out += ',';
        out += option;
    }
    return out;
}

std::string RuleSet::hash() const {
    return spec_hash(spec_toml);
}

const PlayerSpec* Sweep::find_player(const std::string& name) const {
    for (const auto& player : players) {
        if (player.name == name) return &player;
    }
    return nullptr;
}

}  // namespace balance::tournament
