#include "balance/tournament/fairy_stockfish_check.hpp"

#include <algorithm>
#include <set>

#include "balance/players/external/fairy_stockfish_player.hpp"
#include "balance/players/external/fairy_stockfish_verify.hpp"

namespace balance::tournament {

namespace ext = players::external;

Result<std::vector<std::string>> verify_fairy_stockfish_players(const Sweep& sweep) {
    std::vector<std::string> notes;
    std::set<std::string> done;  // a ladder's rungs share their definitions
    for (const auto& player : sweep.players) {
        if (player.kind != PlayerKind::FairyStockfish) continue;
        const bool plays = std::any_of(
            sweep.matchups.begin(), sweep.matchups.end(),
            [&](const Matchup& m) { return m.white == player.name || m.black == player.name; });
        if (!plays) continue;
        const std::string name = player.ladder.empty() ? player.name : player.ladder;
        if (!done.insert(name).second) continue;
        ext::FairyStockfishRuntime runtime;
        if (!player.external.command.empty()) runtime.node = player.external.command[0];
        runtime.module_dir = player.module_dir;
        auto command = ext::fairy_stockfish_command(runtime, {});
        if (!command)
            return make_error("[players." + name + "]: " + command.error().message, sweep.file);
        const auto timeout =
            std::max(std::chrono::milliseconds(player.external.handshake_timeout_ms),
                     ext::kFairyStockfishHandshake);
        int verified = 0;
        for (const auto& rule_set : sweep.rule_sets)
            for (const auto& pairing : sweep.pairings) {
                auto ok = ext::verified_fairy_stockfish_file(rule_set.spec, pairing.white,
                                                             pairing.black, *command, {}, timeout);
                if (!ok)
                    return make_error(
                        "[players." + name + "] (type = \"fairy-stockfish\") cannot play " +
                            pairing.white + " vs " + pairing.black +
                            (rule_set.rules().empty() ? "" : " (rules " + rule_set.rules() + ")") +
                            ": " + ok.error().to_string(),
                        sweep.file);
                ++verified;
            }
        notes.push_back("player '" + name + "' (fairy-stockfish): its definitions of " +
                        std::to_string(verified) +
                        " pairing(s) x rule set(s) play every piece and rule as ours (verified "
                        "by perft)");
    }
    return notes;
}

}  // namespace balance::tournament
