// run_uci: command parsing, variant/army/option state, and the search thread.

#include <algorithm>
#include <atomic>
#include <istream>
#include <mutex>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

#include "balance/core/game.hpp"
#include "balance/players/engine/engine.hpp"
#include "balance/players/engine/uci.hpp"

namespace balance::players::engine {

int allocate_time_ms(int time_left_ms, int increment_ms, int moves_to_go) {
    const int moves = moves_to_go > 0 ? std::min(moves_to_go, 40) : 30;
    const int overhead = 20;  // process and protocol latency
    int t = time_left_ms / moves + increment_ms * 3 / 4;
    t = std::min(t, time_left_ms / 2);
    return std::max(1, t - overhead);
}

namespace {

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream s(line);
    std::vector<std::string> w;
    for (std::string x; s >> x;) w.push_back(x);
    return w;
}

std::string lower(std::string s) {
    for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// The armies named by a FEN's {W:x B:y} metadata, if any.
void armies_from_fen(const std::string& fen, std::string& white, std::string& black) {
    const auto open = fen.find('{'), close = fen.find('}');
    if (open == std::string::npos || close == std::string::npos || close < open) return;
    for (const auto& token : words_of(fen.substr(open + 1, close - open - 1))) {
        const auto colon = token.find(':');
        if (colon == std::string::npos) continue;
        const std::string side = lower(token.substr(0, colon));
        if (side == "w") white = token.substr(colon + 1);
        if (side == "b") black = token.substr(colon + 1);
    }
}

class UciSession {
  public:
    UciSession(std::ostream& out, const UciEnvironment& env)
        : out_(out), env_(env), engine_(env.engine), options_(env.engine) {
        if (!env.variants.empty()) variant_ = env.variants.front();
    }
    ~UciSession() { finish_search(true); }

    // Returns false on quit.
    bool handle(const std::string& line);
    void finish_search(bool stop) {
        if (!worker_.joinable()) return;
        if (stop || infinite_) stop_ = true;
        worker_.join();
    }

  private:
    void say(const std::string& line) {
        std::lock_guard<std::mutex> lock(out_mutex_);
        out_ << line << '\n';
        out_.flush();
    }
    void uci();
    void set_option(const std::vector<std::string>& w);
    void position(const std::string& line);
    void go(const std::vector<std::string>& w);
    bool ensure_position();
    void check_setup(const std::string& option);
    Result<core::AnyRules> rules_for(const std::string& white, const std::string& black);

    std::ostream& out_;
    const UciEnvironment& env_;
    std::mutex out_mutex_;
    Engine engine_;
    EngineOptions options_;
    std::string variant_, white_, black_, rule_options_;
    std::uint64_t seed_ = 0;
    std::optional<core::Game> game_;
    // Set by a `position` command that failed; cleared by the next one that succeeds. While set,
    // there is no position to search (see position()).
    std::string position_error_;
    // Cache of the last compiled pairing.
    std::string cached_key_;
    core::AnyRules cached_rules_;
    std::thread worker_;
    std::atomic<bool> stop_{false};
    bool infinite_ = false;
};

void UciSession::uci() {
    say("id name Balance");
    say("id author the Balance authors");
    std::string combo = "option name UCI_Variant type combo default " + variant_;
    for (const auto& v : env_.variants) combo += " var " + v;
    say(combo);
    say("option name WhiteArmy type string default <empty>");
    say("option name BlackArmy type string default <empty>");
    say("option name RuleOptions type string default <empty>");
    say("option name Hash type spin default " + std::to_string(options_.hash_mb) +
        " min 1 max 4096");
    say("option name Threads type spin default 1 min 1 max 1");
    say("option name RandomPlies type spin default " + std::to_string(options_.random_plies) +
        " min 0 max 200");
    say("option name RandomMargin type spin default " + std::to_string(options_.random_margin_cp) +
        " min 0 max 1000");
    say("option name Seed type string default 0");
    say("uciok");
}

void UciSession::set_option(const std::vector<std::string>& w) {
    // setoption name <name words> [value <value words>]
    std::string name, value;
    size_t i = 2;
    for (; i < w.size() && w[i] != "value"; ++i) name += (name.empty() ? "" : " ") + w[i];
    for (++i; i < w.size(); ++i) value += (value.empty() ? "" : " ") + w[i];
    if (value == "<empty>") value.clear();
    const std::string key = lower(name);
    auto number = [&](long lo, long hi) -> std::optional<long> {
        try {
            return std::clamp(std::stol(value), lo, hi);
        } catch (...) {
            say("info string option " + name + " needs a number, got '" + value + "'");
            return std::nullopt;
        }
    };
    if (key == "uci_variant") {
        if (std::find(env_.variants.begin(), env_.variants.end(), value) == env_.variants.end()) {
            std::string offered;
            for (const auto& v : env_.variants) offered += (offered.empty() ? "" : " ") + v;
            say("info string error: unknown UCI_Variant '" + value +
                "' (expected one of: " + offered + "); the variant stays '" + variant_ + "'");
            return;
        }
        variant_ = value;
        game_.reset();
        check_setup(name);
    } else if (key == "whitearmy" || key == "blackarmy" || key == "ruleoptions") {
        (key == "whitearmy" ? white_ : key == "blackarmy" ? black_ : rule_options_) = value;
        game_.reset();
        check_setup(name);
    } else if (key == "hash") {
        if (auto n = number(1, 4096)) options_.hash_mb = static_cast<std::size_t>(*n);
    } else if (key == "threads") {
        if (value != "1") say("info string Threads is fixed at 1");
    } else if (key == "randomplies") {
        if (auto n = number(0, 200)) options_.random_plies = static_cast<int>(*n);
    } else if (key == "randommargin") {
        if (auto n = number(0, 1000)) options_.random_margin_cp = static_cast<int>(*n);
    } else if (key == "seed") {
        try {
            seed_ = std::stoull(value);
        } catch (...) {
            say("info string Seed needs a number, got '" + value + "'");
        }
    } else {
        say("info string unknown option '" + name + "'");
        return;
    }
    engine_.set_options(options_);
}

// Army and rule-option values are kept even when they do not fit the current variant, because
// GUIs send options in any order (WhiteArmy before UCI_Variant is common); the error is said at
// once and again by every `position` until the combination is valid.
void UciSession::check_setup(const std::string& option) {
    if (auto rules = rules_for(white_, black_); !rules) {
        say("info string error: after setoption " + option + ", variant '" + variant_ +
            "' with WhiteArmy '" + white_ + "', BlackArmy '" + black_ + "', RuleOptions '" +
            rule_options_ + "' is not playable: " + rules.error().to_string() +
            " (expected armies of that variant or empty for its defaults, and rule options it "
            "defines)");
    }
}

Result<core::AnyRules> UciSession::rules_for(const std::string& white, const std::string& black) {
    const std::string key =
        variant_ + "|" + rule_options_ + "|" + lower(white) + "|" + lower(black);
    if (key == cached_key_) return cached_rules_;
    if (!env_.load_variant) return make_error("no variant loader", "uci");
    std::vector<std::string> options;
    {
        std::string opts = rule_options_;
        std::replace(opts.begin(), opts.end(), ',', ' ');
        options = words_of(opts);
    }
    auto spec = env_.load_variant(variant_, options);
    if (!spec) return spec.error();
    auto rules = core::compile_rules(*spec, white, black);
    if (!rules) return rules.error();
    cached_key_ = key;
    cached_rules_ = *rules;
    return cached_rules_;
}

// A `position` that fails (no startpos/fen, a bad FEN, armies or rule options that do not fit
// the variant, an illegal or unparsable move) leaves the engine with NO position until the next
// valid `position`: `go` then says why and answers `bestmove 0000`, the UCI null move. Keeping
// the previous position, or the legal prefix of the moves as Stockfish does, would make `go`
// answer a real move for a position the GUI does not have; such a move can even be legal in the
// GUI's position, and the game would go on silently corrupted. A GUI cannot play 0000:
// cutechess-style tools end the game as a loss by illegal move for this engine and log the
// line; our own runner (players/external) stores a failed game for it ("engine reported no
// legal move" while moves exist). Either way the fault is loud and names this engine.
void UciSession::position(const std::string& line) {
    const auto w = words_of(line);
    game_.reset();
    position_error_.clear();
    auto fail = [&](const std::string& what) {
        position_error_ = what;
        say("info string error: " + what);
    };
    const size_t moves_at = std::find(w.begin(), w.end(), "moves") - w.begin();
    std::string fen;
    if (w.size() < 2 || (w[1] != "startpos" && w[1] != "fen"))
        return fail("position needs 'startpos' or 'fen <FEN>', got '" + line + "'");
    if (w[1] == "fen") {
        for (size_t i = 2; i < moves_at; ++i) fen += (fen.empty() ? "" : " ") + w[i];
        if (fen.empty()) return fail("position fen: the FEN is missing");
    } else if (moves_at > 2) {
        return fail(
            "position startpos: expected 'moves' or the end of the line after startpos, "
            "got '" +
            w[2] + "'");
    }
    std::string white = white_, black = black_;
    armies_from_fen(fen, white, black);
    auto rules = rules_for(white, black);
    if (!rules) return fail("position: variant '" + variant_ + "': " + rules.error().to_string());
    auto game = core::Game::start(*rules, fen);
    if (!game) {
        return fail("position fen '" + fen + "' is not a valid " + variant_ +
                    " position: " + game.error().message);
    }
    for (size_t i = moves_at + 1; i < w.size(); ++i) {
        const std::string before = game->fen();
        if (auto m = game->play(w[i]); !m) {
            return fail("position: move " + std::to_string(i - moves_at) + " '" + w[i] +
                        "' is not a legal move in " + before +
                        " (expected a legal move in UCI notation, e.g. e2e4, e7e8q, N@e4)");
        }
    }
    game_ = std::move(*game);
}

// The position to search: the last valid `position`, or the start position if none was given
// since the variant, armies or rule options were set. False (and an error line) after a
// `position` that failed.
bool UciSession::ensure_position() {
    if (!position_error_.empty()) {
        say("info string error: no position to search: the last position command failed (" +
            position_error_ + ")");
        return false;
    }
    if (!game_) {
        position("position startpos");
        if (!game_) position_error_.clear();  // said once; retried with the next command
    }
    return game_.has_value();
}

void UciSession::go(const std::vector<std::string>& w) {
    if (!ensure_position()) return say("bestmove 0000");
    SearchLimits limits;
    int wtime = -1, btime = -1, winc = 0, binc = 0, movestogo = 0;
    bool infinite = false;
    for (size_t i = 1; i < w.size(); ++i) {
        auto next = [&]() -> long {
            if (i + 1 >= w.size()) return 0;
            const std::string& key = w[i];
            try {
                return std::stol(w[++i]);
            } catch (...) {
                say("info string error: go " + key + " needs a number, got '" + w[i] + "'");
                return 0;
            }
        };
        if (w[i] == "depth")
            limits.depth = static_cast<int>(next());
        else if (w[i] == "nodes")
            limits.nodes = static_cast<std::uint64_t>(std::max(0L, next()));
        else if (w[i] == "movetime")
            limits.movetime_ms = static_cast<int>(next());
        else if (w[i] == "wtime")
            wtime = static_cast<int>(next());
        else if (w[i] == "btime")
            btime = static_cast<int>(next());
        else if (w[i] == "winc")
            winc = static_cast<int>(next());
        else if (w[i] == "binc")
            binc = static_cast<int>(next());
        else if (w[i] == "movestogo")
            movestogo = static_cast<int>(next());
        else if (w[i] == "infinite")
            infinite = true;
    }
    const bool white = game_->side_to_move() == core::Color::White;
    const int clock = white ? wtime : btime;
    if (clock >= 0 && limits.movetime_ms == 0)
        limits.movetime_ms = allocate_time_ms(clock, white ? winc : binc, movestogo);
    // A go with no limit at all searches until `stop`, as with `go infinite` (what UCI engines
    // do): otherwise the next command, or the end of input, would wait for a search that never
    // ends (found by fuzz_uci_engine).
    if (limits.depth <= 0 && limits.nodes == 0 && limits.movetime_ms <= 0) infinite = true;
    stop_ = false;
    infinite_ = infinite;
    const int plies = static_cast<int>(game_->moves().size());
    worker_ = std::thread([this, limits, infinite, plies, game = *game_]() {
        game.visit([&](const auto& current) {
            auto pos = current;
            SearchHooks hooks;
            hooks.stop = &stop_;
            hooks.infinite = infinite;
            std::optional<core::Move> shown;  // the first move of the last pv printed
            hooks.on_iteration = [&](const IterationInfo& info) {
                if (!info.pv.empty()) shown = info.pv.front();
                std::string line = "info depth " + std::to_string(info.depth) + " seldepth " +
                                   std::to_string(info.seldepth) + " score ";
                line += is_mate_score(info.score)
                            ? "mate " + std::to_string(mate_in_moves(info.score))
                            : "cp " + std::to_string(info.score);
                const auto ms = static_cast<std::uint64_t>(info.seconds * 1000);
                line += " nodes " + std::to_string(info.nodes) + " nps " +
                        std::to_string(info.seconds > 0
                                           ? static_cast<std::uint64_t>(info.nodes / info.seconds)
                                           : 0) +
                        " time " + std::to_string(ms) + " pv";
                auto walk = pos;
                for (const auto m : info.pv) {
                    line += " " + core::to_uci(walk, m);
                    walk.make(m);
                }
                say(line);
            };
            const SearchResult r = engine_.search_game_move(pos, limits, seed_, plies, hooks);
            // `go infinite` must not answer before `stop`.
            while (infinite && !stop_.load())
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            // In a game's first RandomPlies plies the answer is a seeded pick among the root
            // moves close to the best, while the info lines show the best line: say so, or
            // the GUI shows a bestmove its own PV disagrees with and nothing explains it.
            if (!r.best.is_none() && r.candidates > 1 && shown && *shown != r.best)
                say("info string bestmove is a seeded pick among " + std::to_string(r.candidates) +
                    " root moves within RandomMargin " + std::to_string(options_.random_margin_cp) +
                    " cp of the best (the pv), as in every game's first RandomPlies " +
                    std::to_string(options_.random_plies) +
                    " plies; setoption name RandomPlies value 0 for the best move alone");
            say(r.best.is_none() ? "bestmove (none)" : "bestmove " + core::to_uci(pos, r.best));
        });
    });
}

bool UciSession::handle(const std::string& line) {
    const auto w = words_of(line);
    if (w.empty()) return true;
    const std::string& cmd = w[0];
    if (cmd == "quit") {
        finish_search(true);
        return false;
    }
    if (cmd == "stop") {
        finish_search(true);
        return true;
    }
    if (cmd == "isready") {
        say("readyok");
        return true;
    }
    finish_search(false);
    if (cmd == "uci")
        uci();
    else if (cmd == "ucinewgame")
        engine_.new_game();
    else if (cmd == "setoption")
        set_option(w);
    else if (cmd == "position")
        position(line);
    else if (cmd == "go")
        go(w);
    else if (cmd == "d") {
        if (ensure_position()) say("Fen: " + game_->fen());
    } else if (cmd == "eval") {
        if (ensure_position())
            say("info string eval " + std::to_string(game_->visit([&](const auto& pos) {
                    return engine_.static_eval(pos);
                })) +
                " cp (side to move)");
    } else {
        say("info string unknown command '" + cmd + "'");
    }
    return true;
}

}  // namespace

int run_uci(std::istream& in, std::ostream& out, const UciEnvironment& env) {
    UciSession session(out, env);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!session.handle(line)) return 0;
    }
    session.finish_search(false);  // end of input: let a bounded search answer
    return 0;
}

}  // namespace balance::players::engine
