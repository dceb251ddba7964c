#include "balance/players/external/xboard_client.hpp"

#include <algorithm>
#include <set>

#include "engine_channel.hpp"
#include "external/xboard_protocol.hpp"

namespace balance::players::external {
namespace {

using Clock = EngineChannel::Clock;

// Features we understand and answer `accepted`; anything else gets `rejected`, as CECP asks.
const std::set<std::string, std::less<>> known_features = {
    "ping",   "setboard", "playother", "san",     "usermove", "time",     "draw",
    "sigint", "sigterm",  "reuse",     "analyze", "myname",   "variants", "colors",
    "ics",    "name",     "pause",     "nps",     "debug",    "memory",   "smp",
    "egt",    "option",   "done",      "exclude", "setscore", "highlight"};

// The name part of `feature option="Name -type ..."`.
std::string option_name(std::string_view spec) {
    const std::size_t dash = spec.find(" -");
    return std::string(spec.substr(0, dash));
}

bool is_startpos(std::string_view fen) {
    return fen.empty() || fen == "startpos";
}

// "M:SS" for `level`, which takes minutes or minutes:seconds.
std::string level_base(int ms) {
    const int seconds = std::max(1, (ms + 999) / 1000);
    const std::string ss = std::to_string(seconds % 60);
    return std::to_string(seconds / 60) + ":" + (ss.size() == 1 ? "0" + ss : ss);
}

}  // namespace

XboardQuirks XboardQuirks::for_engine(std::string_view myname) {
    XboardQuirks quirks;
    if (myname.find("Fairy-Max") != std::string_view::npos) {
        // `sd 96` can hang it when it is being mated: in k7/3R4/P3P3/8/8/8/8/1K6 b it
        // reaches depth 96 in 10 ms and then never moves (95 answers). 64 never binds in play.
        quirks.max_depth = 64;
        quirks.st_clock_share = 15;
    }
    if (myname.find("Sjaak") != std::string_view::npos) {
        quirks.maxnodes = true;
        quirks.random_off = true;
    }
    if (myname.find("Fairy-Stockfish") != std::string_view::npos) quirks.nps_broken = true;
    return quirks;
}

XboardClient::XboardClient(XboardConfig config)
    : ProcessClient(config.process, config.observer), config_(std::move(config)) {}

XboardClient::~XboardClient() {
    stop();
}

void XboardClient::stop() {
    channel().close("quit", std::chrono::milliseconds(300), feature("sigterm", true));
    position_known_ = false;
}

bool XboardClient::feature(const std::string& key, bool fallback) const {
    const auto it = features_.find(key);
    return it == features_.end() ? fallback : it->second == "1";
}

EngineResult<void> XboardClient::start() {
    stop();
    features_.clear();
    options_.clear();
    name_.clear();
    nps_active_ = false;
    if (auto opened = channel().open(); !opened) return opened;
    if (auto shaken = handshake(); !shaken) return abandon_start(shaken.error());
    quirks_ = config_.quirks ? *config_.quirks : XboardQuirks::for_engine(name_);

    const std::string& variant = config_.variant;
    if (!variant.empty() && variant != "normal" && features_.count("variants") != 0) {
        const std::string list = "," + features_["variants"] + ",";
        if (list.find("," + variant + ",") == std::string::npos) {
            return abandon_start(channel().error(
                Fault::Protocol, "engine does not offer variant '" + variant + "'"));
        }
    }
    for (const char* command : {"easy", "post"}) {  // no pondering; thinking output for info
        if (auto sent = channel().send(command); !sent) return abandon_start(sent.error());
    }
    // Sjaak II sends castling as O-O unless told otherwise; coordinates are what we parse.
    const std::string castling_option = "Send O-O/O-O-O for castling";
    if (std::find(options_.begin(), options_.end(), castling_option) != options_.end()) {
        if (auto set = set_option(castling_option, "0"); !set) return abandon_start(set.error());
    }
    for (const auto& [name, value] : config_.options) {
        if (auto set = set_option(name, value); !set) return abandon_start(set.error());
    }
    if (auto synced = sync(); !synced) return abandon_start(synced.error());
    return {};
}

EngineResult<void> XboardClient::handshake() {
    for (const char* command : {"xboard", "protover 2"}) {
        if (auto sent = channel().send(command); !sent) return sent;
    }
    auto deadline = Clock::now() + config_.protover_wait;
    bool seen_feature = false;
    while (true) {
        auto line = channel().receive(deadline);
        if (!line) {
            if (line.fault() == Fault::Timeout && !seen_feature) return probe_protocol_one();
            auto error = line.error();
            if (error.fault == Fault::Timeout) {
                error.message = "no `feature done=1` before the deadline";
            }
            return channel().fail(std::move(error));
        }
        const XboardLine parsed = classify_xboard_line(*line);
        if (parsed.kind != XboardLineKind::Feature) {
            if (parsed.kind == XboardLineKind::Garbage) ++garbage_;
            continue;
        }
        if (!seen_feature) deadline = Clock::now() + config_.timeouts.handshake;
        seen_feature = true;
        for (const auto& [key, value] : parse_features(*line)) {
            // A GUI that rejects san=1 gets coordinate moves (CECP: rejected = default, san=0).
            const bool accept = known_features.count(key) != 0 && !(key == "san" && value == "1");
            if (auto sent = channel().send((accept ? "accepted " : "rejected ") + key); !sent) {
                return sent;
            }
            if (key == "option") {
                options_.push_back(option_name(value));
            } else if (accept) {
                features_[key] = value;
            }
            if (key == "myname") name_ = value;
            if (key == "done" && value == "1") return {};
            // done=0: the engine needs time to initialise; CECP says wait without a limit.
            if (key == "done" && value == "0") deadline = Clock::now() + config_.timeouts.unbounded;
        }
    }
}

EngineResult<void> XboardClient::probe_protocol_one() {
    std::vector<std::string> commands{"new"};
    if (!config_.variant.empty() && config_.variant != "normal") {
        commands.push_back("variant " + config_.variant);
    }
    commands.emplace_back("sd 1");
    commands.emplace_back("go");  // `new` left the engine playing Black: it moves for White
    for (const auto& command : commands) {
        if (auto sent = channel().send(command); !sent) return sent;
    }
    const auto budget = config_.timeouts.handshake;
    const auto deadline = Clock::now() + budget;
    while (true) {
        auto line = channel().receive(deadline);
        if (!line) {
            auto error = line.error();
            if (error.fault == Fault::Timeout) {
                error.message = "no `feature` after `protover 2` within " +
                                std::to_string(config_.protover_wait.count()) +
                                " ms, and no move for a test `go` (protocol 1) within " +
                                std::to_string(budget.count()) + " ms: not answering";
            }
            return channel().fail(std::move(error));
        }
        const XboardLineKind kind = classify_xboard_line(*line).kind;
        if (kind == XboardLineKind::Move || kind == XboardLineKind::Resign ||
            kind == XboardLineKind::Result) {
            return channel().send("force");  // every go() sets its position up from `new`
        }
        if (kind == XboardLineKind::Garbage) ++garbage_;
    }
}

EngineResult<void> XboardClient::set_option(std::string_view name, std::string_view value) {
    if (!running()) return channel().not_running();
    if (!options_.empty() && std::find(options_.begin(), options_.end(), name) == options_.end()) {
        return channel().error(Fault::Protocol, "engine has no option '" + std::string(name) + "'");
    }
    return channel().send("option " + std::string(name) + "=" + std::string(value));
}

EngineResult<void> XboardClient::sync() {
    if (!running()) return channel().not_running();
    if (!feature("ping", false)) return {};  // nothing to wait for with a v1 engine
    const std::string token = std::to_string(++ping_counter_);
    if (auto sent = channel().send("ping " + token); !sent) return sent;
    const auto deadline = Clock::now() + config_.timeouts.handshake;
    std::string complaint;
    while (true) {
        auto line = channel().await(deadline, config_.timeouts.handshake, "pong " + token);
        if (!line) return line.error();
        const XboardLine parsed = classify_xboard_line(*line);
        if (parsed.kind == XboardLineKind::Pong && parsed.text == token) break;
        if ((parsed.kind == XboardLineKind::IllegalMove || parsed.kind == XboardLineKind::Error) &&
            complaint.empty()) {
            complaint = parsed.text;
        }
        if (parsed.kind == XboardLineKind::Garbage) ++garbage_;
    }
    if (!complaint.empty()) {
        position_known_ = false;  // whatever it rejected, its board may differ from ours now
        return channel().error(Fault::Protocol, "engine rejected a command: " + complaint);
    }
    return {};
}

EngineResult<void> XboardClient::new_game() {
    position_known_ = false;  // the next go() starts with `new`
    return sync();
}

EngineResult<void> XboardClient::send_moves(std::string_view start_fen,
                                            const std::vector<std::string>& moves,
                                            std::size_t first) {
    const bool white_first = white_to_move(start_fen, 0);
    for (std::size_t ply = first; ply < moves.size(); ++ply) {
        std::string move = moves[ply];
        if (config_.move_to_engine) {
            const MoveContext context{start_fen, moves, ply, white_first == (ply % 2 == 0)};
            move = config_.move_to_engine(moves[ply], context);
        }
        move = shift_ranks(move, config_.first_rank - 1);
        if (feature("usermove", false)) move = "usermove " + move;
        if (auto sent = channel().send(move); !sent) return sent;
    }
    return {};
}

EngineResult<void> XboardClient::send_position(std::string_view start_fen,
                                               const std::vector<std::string>& moves) {
    const bool extends = position_known_ && start_fen == known_fen_ &&
                         moves.size() >= known_moves_.size() &&
                         std::equal(known_moves_.begin(), known_moves_.end(), moves.begin());
    position_known_ = false;  // until the engine has confirmed the new position
    if (extends) {
        if (auto sent = channel().send("force"); !sent) return sent;
        return send_moves(start_fen, moves, known_moves_.size());
    }
    std::vector<std::string> setup{"new"};
    if (quirks_.random_off) setup.emplace_back("random off");
    if (!config_.variant.empty() && config_.variant != "normal") {
        setup.push_back("variant " + config_.variant);
    }
    setup.emplace_back("force");  // `new` makes the engine play Black; we want it to wait
    if (!is_startpos(start_fen)) {
        if (feature("setboard", false)) {
            setup.push_back("setboard " + std::string(start_fen));
        } else {
            // The old edit mode: side to move first (white/black), then the pieces. It cannot
            // express castling rights (inferred from unmoved pieces) or an en-passant square.
            auto placement = parse_placement(start_fen);
            if (!placement) {
                return channel().error(Fault::Protocol,
                                       "cannot set up position: " + placement.error().to_string());
            }
            setup.emplace_back(white_to_move(start_fen, 0) ? "white" : "black");
            setup.emplace_back("edit");
            for (auto& command : edit_commands(placement.value(), config_.first_rank))
                setup.push_back(command);
            setup.emplace_back(".");
            setup.emplace_back("force");
        }
    }
    for (const auto& command : setup) {
        if (auto sent = channel().send(command); !sent) return sent;
    }
    return send_moves(start_fen, moves, 0);
}

EngineResult<void> XboardClient::set_position(std::string_view start_fen,
                                              const std::vector<std::string>& moves) {
    if (!running()) return channel().not_running();
    if (auto sent = send_position(start_fen, moves); !sent) return sent;
    if (auto synced = sync(); !synced) return synced;
    known_fen_ = std::string(start_fen);
    known_moves_ = moves;
    position_known_ = true;
    return {};
}

EngineResult<Limits> XboardClient::send_limits(const Limits& limits, bool white) {
    std::vector<std::string> commands;
    Limits effective = limits;  // what the engine is really given, for the deadline
    commands.push_back("sd " + std::to_string(std::min(limits.depth.value_or(quirks_.max_depth),
                                                       quirks_.max_depth)));
    const bool clocks = limits.wtime_ms || limits.btime_ms;
    const bool nps_nodes = limits.nodes && !quirks_.maxnodes;
    if (nps_nodes) {
        if (!feature("nps", false) || quirks_.nps_broken) {
            return channel().error(Fault::Protocol, "engine cannot limit nodes (no maxnodes/nps)");
        }
        if (limits.movetime_ms || clocks) {
            return channel().error(Fault::Protocol,
                                   "nodes via `nps` cannot be combined with time limits");
        }
        // With `nps N` the engine counts N nodes as one second, so `st 1` is N nodes.
        commands.push_back("nps " + std::to_string(*limits.nodes));
        commands.emplace_back("st 1");
        nps_active_ = true;
    } else {
        if (nps_active_) commands.emplace_back("nps 0");  // back to wall-clock time
        nps_active_ = false;
        if (clocks) {
            const int own = white ? limits.wtime_ms.value_or(0) : limits.btime_ms.value_or(0);
            const int other = white ? limits.btime_ms.value_or(0) : limits.wtime_ms.value_or(0);
            const int inc_ms = white ? limits.winc_ms.value_or(0) : limits.binc_ms.value_or(0);
            commands.push_back("level " + std::to_string(limits.movestogo.value_or(0)) + " " +
                               level_base(own) + " " + std::to_string(inc_ms / 1000));
            if (feature("time", true)) {
                commands.push_back("time " + std::to_string(own / 10));
                commands.push_back("otim " + std::to_string(other / 10));
            }
        } else if (limits.movetime_ms && quirks_.st_clock_share > 0) {
            const int clock_ms = *limits.movetime_ms * quirks_.st_clock_share;
            commands.emplace_back("st 1");
            commands.push_back("time " + std::to_string(std::max(1, clock_ms / 10)));
            effective.movetime_ms = clock_ms;  // its hard stop: the deadline follows it
        } else if (limits.movetime_ms) {
            // CECP `st` takes whole seconds (Fairy-Max ignores fractions): round up, never 0.
            const int seconds = std::max(1, (*limits.movetime_ms + 999) / 1000);
            commands.push_back("st " + std::to_string(seconds));
            effective.movetime_ms = seconds * 1000;
        } else {
            commands.emplace_back("st 100000");  // depth or nodes alone: time must not interfere
        }
    }
    if (quirks_.maxnodes)
        commands.push_back("maxnodes " + std::to_string(limits.nodes.value_or(0)));
    for (const auto& command : commands) {
        if (auto sent = channel().send(command); !sent) return sent.error();
    }
    return effective;
}

EngineResult<SearchReply> XboardClient::go(std::string_view start_fen,
                                           const std::vector<std::string>& moves,
                                           const Limits& limits) {
    if (!running()) return channel().not_running();
    if (!limits.nodes && !limits.depth && !limits.movetime_ms && !limits.wtime_ms &&
        !limits.btime_ms) {
        return channel().error(Fault::Protocol, "go without any search limit");
    }
    if (auto sent = send_position(start_fen, moves); !sent) return sent.error();
    const bool white = white_to_move(start_fen, moves.size());
    auto effective = send_limits(limits, white);
    if (!effective) return effective.error();
    if (auto synced = sync(); !synced) return synced.error();

    const auto timeout = search_timeout(*effective, config_.timeouts);
    const auto started = Clock::now();
    const auto deadline = started + timeout;
    if (auto sent = channel().send("go"); !sent) return sent.error();

    SearchReply reply;
    auto finish = [&](ReplyKind kind) {
        reply.kind = kind;
        reply.elapsed =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
        garbage_ += reply.garbage_lines;
        return reply;
    };
    while (true) {
        auto line = channel().await(deadline, timeout, "move");
        if (!line) {
            garbage_ += reply.garbage_lines;
            return line.error();
        }
        XboardLine parsed = classify_xboard_line(*line);
        switch (parsed.kind) {
            case XboardLineKind::Move: {
                reply.move = shift_ranks(parsed.text, 1 - config_.first_rank);
                if (config_.move_from_engine) {
                    const MoveContext context{start_fen, moves, moves.size(), white};
                    reply.move = config_.move_from_engine(reply.move, context);
                }
                // The engine has played its move on its board: that is the known position now.
                known_fen_ = std::string(start_fen);
                known_moves_ = moves;
                known_moves_.push_back(reply.move);
                position_known_ = true;
                return finish(ReplyKind::Move);
            }
            case XboardLineKind::Resign:
                return finish(ReplyKind::Resign);
            case XboardLineKind::Result:
                reply.claim = std::move(parsed.text);
                return finish(ReplyKind::GameOverClaim);
            case XboardLineKind::IllegalMove:
            case XboardLineKind::Error:
                garbage_ += reply.garbage_lines;
                return channel().error(Fault::Protocol, "engine answered go with: " + parsed.text);
            case XboardLineKind::Thinking:
                reply.info = parse_thinking(*line);
                break;
            case XboardLineKind::Garbage:
                ++reply.garbage_lines;
                break;
            default:
                break;  // late pongs, features, comments
        }
    }
}

}  // namespace balance::players::external
