#include "balance/players/external/uci_client.hpp"

#include <algorithm>

#include "engine_channel.hpp"

namespace balance::players::external {
namespace {

using Clock = EngineChannel::Clock;

std::string position_command(std::string_view start_fen, const std::vector<std::string>& moves) {
    std::string command = "position ";
    if (start_fen == "startpos" || start_fen.empty()) {
        command += "startpos";
    } else {
        command += "fen ";
        command += start_fen;
    }
    if (!moves.empty()) {
        command += " moves";
        for (const auto& move : moves) command += " " + move;
    }
    return command;
}

}  // namespace

UciClient::UciClient(UciConfig config)
    : ProcessClient(config.process, config.observer), config_(std::move(config)) {}

UciClient::~UciClient() {
    stop();
}

void UciClient::stop() {
    channel().close("quit", std::chrono::milliseconds(300));
}

EngineResult<void> UciClient::start() {
    stop();
    if (auto opened = channel().open(); !opened) return opened;
    if (auto shaken = handshake(); !shaken) return abandon_start(shaken.error());
    if (!config_.variant_path.empty()) {
        if (auto set = set_option("VariantPath", config_.variant_path); !set) {
            return abandon_start(set.error());
        }
        // The engine announces the variants it has just loaded only in a fresh option list.
        if (auto shaken = handshake(); !shaken) return abandon_start(shaken.error());
    }
    if (!config_.variant.empty()) {
        if (auto set = set_option("UCI_Variant", config_.variant); !set) {
            return abandon_start(set.error());
        }
    }
    for (const auto& [name, value] : config_.options) {
        if (auto set = set_option(name, value); !set) return abandon_start(set.error());
    }
    if (auto synced = sync(); !synced) return abandon_start(synced.error());
    return {};
}

EngineResult<void> UciClient::select_variant(const std::string& variant_path,
                                             const std::string& variant) {
    if (!running()) return channel().not_running();
    if (variant_path != config_.variant_path) {
        if (auto set = set_option("VariantPath", variant_path); !set) return set;
        if (auto shaken = handshake(); !shaken) return shaken;
        config_.variant_path = variant_path;
    }
    if (auto set = set_option("UCI_Variant", variant); !set) return set;
    config_.variant = variant;
    return sync();
}

EngineResult<void> UciClient::handshake() {
    if (auto sent = channel().send("uci"); !sent) return sent;
    options_.clear();
    const auto deadline = Clock::now() + config_.timeouts.handshake;
    while (true) {
        auto line = channel().receive(deadline);
        if (!line) {
            auto error = line.error();
            if (error.fault == Fault::Timeout) {
                error.message =
                    "no uciok within " + std::to_string(config_.timeouts.handshake.count()) + " ms";
            }
            return channel().fail(std::move(error));
        }
        const auto words = split_words(*line);
        if (words.empty()) continue;
        if (words[0] == "uciok") return {};
        if (words[0] == "id" && words.size() >= 2) {
            const std::size_t value = line->find(words[1]) + words[1].size();
            std::string text = value < line->size() ? line->substr(value + 1) : std::string();
            if (words[1] == "name") name_ = std::move(text);
            if (words[1] == "author") author_ = std::move(text);
        } else if (auto option = parse_uci_option(*line)) {
            options_.push_back(std::move(*option));
        } else {
            ++garbage_;  // e.g. the banner stockfish prints before anything else
        }
    }
}

const UciOption* UciClient::find_option(std::string_view name) const {
    const auto it = std::find_if(options_.begin(), options_.end(),
                                 [&](const UciOption& o) { return iequals(o.name, name); });
    return it == options_.end() ? nullptr : &*it;
}

EngineResult<void> UciClient::set_option(std::string_view name, std::string_view value) {
    if (!running()) return channel().not_running();
    const UciOption* option = find_option(name);
    if (option == nullptr) {
        return channel().error(Fault::Protocol, "engine has no option '" + std::string(name) + "'");
    }
    if (option->type == "combo" &&
        std::none_of(option->vars.begin(), option->vars.end(),
                     [&](const std::string& v) { return iequals(v, value); })) {
        return channel().error(Fault::Protocol, "option '" + option->name + "' has no value '" +
                                                    std::string(value) + "'");
    }
    std::string command = "setoption name " + option->name;
    if (option->type != "button") command += " value " + std::string(value);
    return channel().send(command);
}

EngineResult<void> UciClient::sync() {
    if (auto sent = channel().send("isready"); !sent) return sent;
    const auto budget = config_.timeouts.handshake;
    const auto deadline = Clock::now() + budget;
    while (true) {
        auto line = channel().await(deadline, budget, "readyok");
        if (!line) return line.error();
        if (*line == "readyok") return {};
        // Anything else before readyok (info strings, late output) is tolerated but noted.
        if (line->rfind("info", 0) != 0) ++garbage_;
    }
}

EngineResult<void> UciClient::new_game() {
    if (auto sent = channel().send("ucinewgame"); !sent) return sent;
    return sync();
}

std::string UciClient::go_command(const Limits& limits) {
    std::string command = "go";
    auto add = [&](const char* key, auto value) {
        command += std::string(" ") + key + " " + std::to_string(value);
    };
    if (limits.wtime_ms) add("wtime", *limits.wtime_ms);
    if (limits.btime_ms) add("btime", *limits.btime_ms);
    if (limits.winc_ms) add("winc", *limits.winc_ms);
    if (limits.binc_ms) add("binc", *limits.binc_ms);
    if (limits.movestogo) add("movestogo", *limits.movestogo);
    if (limits.depth) add("depth", *limits.depth);
    if (limits.nodes) add("nodes", *limits.nodes);
    if (limits.movetime_ms) add("movetime", *limits.movetime_ms);
    return command;
}

EngineResult<SearchReply> UciClient::go(std::string_view start_fen,
                                        const std::vector<std::string>& moves,
                                        const Limits& limits) {
    if (!running()) return channel().not_running();
    const std::string go = go_command(limits);
    if (go == "go") {
        // A bare `go` searches until `stop`: never what a game wants.
        return channel().error(Fault::Protocol, "go without any search limit");
    }
    if (auto sent = channel().send(position_command(start_fen, moves)); !sent) return sent.error();
    const auto timeout = search_timeout(limits, config_.timeouts);
    const auto started = Clock::now();
    const auto deadline = started + timeout;
    if (auto sent = channel().send(go); !sent) return sent.error();

    SearchReply reply;
    while (true) {
        auto line = channel().await(deadline, timeout, "bestmove after '" + go + "'");
        if (!line) {
            garbage_ += reply.garbage_lines;
            return line.error();
        }
        if (auto best = parse_bestmove(*line)) {
            reply.elapsed =
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - started);
            reply.kind = best->move.empty() ? ReplyKind::NoLegalMove : ReplyKind::Move;
            reply.move = std::move(best->move);
            reply.ponder = std::move(best->ponder);
            garbage_ += reply.garbage_lines;
            return reply;
        }
        if (auto info = parse_uci_info(*line)) {
            reply.info = std::move(*info);
        } else if (line->rfind("info", 0) != 0) {
            ++reply.garbage_lines;
        }
    }
}

}  // namespace balance::players::external
