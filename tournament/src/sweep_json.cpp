#include "balance/tournament/sweep_json.hpp"

#include <cmath>

#include <nlohmann/json.hpp>

#include "balance/players/external/fairy_stockfish_player.hpp"
#include "balance/players/external/fairymax_player.hpp"
#include "balance/players/external/sjaakii_player.hpp"
#include "balance/tournament/seeds.hpp"

namespace balance::tournament {

namespace {

using Json = nlohmann::ordered_json;

const char* opening_kind(OpeningSpec::Kind kind) {
    switch (kind) {
        case OpeningSpec::Kind::None:
            return "none";
        case OpeningSpec::Kind::RandomPlies:
            return "random-plies";
        case OpeningSpec::Kind::Book:
            return "book";
    }
    return "none";
}

// Every weight of an evaluation file's weights: the general terms (one number for a term with
// one phase) and the pieces it names.
Json eval_weights_object(const players::engine::EvalWeights& w) {
    using players::engine::Phases;
    Json terms = Json::object();
    for (const auto& term : players::engine::weight_terms()) {
        const players::engine::Score s = w.*(term.member);
        if (term.phases == Phases::Both)
            terms[term.key] = Json::array({s.mg, s.eg});
        else
            terms[term.key] = term.phases == Phases::Endgame ? s.eg : s.mg;
    }
    Json pieces = Json::object();
    for (const auto& [name, piece] : w.pieces) {
        Json one = Json::object();
        for (const auto& term : players::engine::piece_terms())
            if (const auto& s = piece.*(term.member)) one[term.key] = Json::array({s->mg, s->eg});
        pieces[name] = one;
    }
    return Json{{"terms", terms}, {"pieces", pieces}};
}

Json player_settings(const PlayerSpec& p) {
    Json j;
    j["type"] = player_kind_name(p.kind);
    j["nodes"] = p.limits.nodes;
    j["depth"] = p.limits.depth;
    j["movetime_ms"] = p.limits.movetime_ms;
    if (p.kind == PlayerKind::Engine) {
        j["hash_mb"] = p.hash_mb;
        j["random_plies"] = p.random_plies;
        j["random_margin_cp"] = p.random_margin_cp;
        // Written only when set, so sweeps from before the switch keep their identity.
        if (p.eval != players::engine::EvalTerms::Full)
            j["eval"] = players::engine::eval_terms_name(p.eval);
        if (!p.piece_values.empty()) {
            Json values = Json::object();
            for (const auto& [name, value] : p.piece_values) values[name] = value;
            j["values"] = values;
        }
        if (p.eval_weights) j["eval_weights"] = eval_weights_object(*p.eval_weights);
    }
    if (writes_definitions(p.kind)) {
        j["command"] = p.external.command;
        j["working_dir"] = p.external.working_dir;
        // Which definitions writer played: a change of what it writes is a change of player.
        j["definitions"] =
            p.kind == PlayerKind::Fairymax  ? players::external::kFairymaxDefinitionsVersion
            : p.kind == PlayerKind::Sjaakii ? players::external::kSjaakiiDefinitionsVersion
                                            : players::external::kFairyStockfishDefinitionsVersion;
        if (p.kind == PlayerKind::FairyStockfish) {
            // The engine is the pinned package; its folder is where it is, not what it is.
            j["package"] = players::external::kFairyStockfishPackage;
            j["hash_mb"] = p.hash_mb;
            j["threads"] = p.threads;
        }
        j["timeout_margin_ms"] = p.external.timeout_margin_ms;
        j["depth_timeout_ms"] = p.external.depth_timeout_ms;
        j["handshake_timeout_ms"] = p.external.handshake_timeout_ms;
        j["max_failures_in_row"] = p.max_failures_in_row;
    }
    if (p.kind == PlayerKind::Uci || p.kind == PlayerKind::Xboard) {
        j["command"] = p.external.command;
        j["working_dir"] = p.external.working_dir;
        Json options = Json::object();
        for (const auto& [name, value] : p.external.options) options[name] = value;
        j["options"] = options;
        j["variant"] = p.external.variant;
        Json armies = Json::object();
        for (const auto& [ours, theirs] : p.external.army_names) armies[ours] = theirs;
        j["army_names"] = armies;
        j["variant_path"] = p.external.variant_path;
        j["timeout_margin_ms"] = p.external.timeout_margin_ms;
        // Newer keys only when set, so that databases of older sweeps keep their identity.
        const ExternalSpec defaults;
        if (p.external.depth_timeout_ms != defaults.depth_timeout_ms)
            j["depth_timeout_ms"] = p.external.depth_timeout_ms;
        if (p.external.handshake_timeout_ms != defaults.handshake_timeout_ms)
            j["handshake_timeout_ms"] = p.external.handshake_timeout_ms;
        if (p.max_failures_in_row != PlayerSpec{}.max_failures_in_row)
            j["max_failures_in_row"] = p.max_failures_in_row;
    }
    return j;
}

Json openings_json(const OpeningSpec& o) {
    Json j;
    j["type"] = opening_kind(o.kind);
    if (o.kind == OpeningSpec::Kind::RandomPlies) {
        j["plies"] = o.plies;
        j["max_imbalance_cp"] = o.max_imbalance_cp;
        if (o.min_imbalance_cp > 0) j["min_imbalance_cp"] = o.min_imbalance_cp;  // keeps old keys
        j["imbalance_nodes"] = o.imbalance_nodes;
        j["attempts"] = o.attempts;
        // A window around the start's own score keeps other openings than one around 0, which
        // every sweep before the option had: a database of those games refuses the new ones.
        if (o.max_imbalance_cp > 0 && o.centre == OpeningSpec::Centre::Start) j["centre"] = "start";
    }
    // Only when drawn (other openings than before); on_miss chooses no games, only whether the
    // sweep goes on, so it is not part of the identity.
    if (o.kind != OpeningSpec::Kind::None && o.placement == OpeningSpec::Placement::Random)
        j["placement"] = "random";
    if (o.kind == OpeningSpec::Kind::Book) {
        std::string all;
        for (const auto& fen : o.book) all += fen + "\n";
        j["file"] = o.book_file;
        j["positions"] = o.book.size();
        j["positions_fnv1a64"] = fnv1a64(all);  // a changed book is a different sweep
        if (o.plies > 0) {  // only then, so book sweeps without random plies keep their identity
            j["plies"] = o.plies;
            j["max_imbalance_cp"] = o.max_imbalance_cp;
            if (o.min_imbalance_cp > 0) j["min_imbalance_cp"] = o.min_imbalance_cp;
            j["imbalance_nodes"] = o.imbalance_nodes;
            j["attempts"] = o.attempts;
        }
    }
    return j;
}

Json adjudication_json(const AdjudicationSpec& a) {
    Json j;
    j["max_plies"] = a.max_plies;
    j["resign"] = {
        {"enabled", a.resign.enabled}, {"score_cp", a.resign.score_cp}, {"moves", a.resign.moves}};
    j["draw"] = {{"enabled", a.draw.enabled},
                 {"score_cp", a.draw.score_cp},
                 {"moves", a.draw.moves},
                 {"after_ply", a.draw.after_ply}};
    return j;
}

}  // namespace

std::string eval_weights_json(const players::engine::EvalWeights& weights) {
    return eval_weights_object(weights).dump();
}

std::string config_json(const Sweep& s) {
    Json j;
    j["name"] = s.name;
    j["variant"] = s.variant;
    j["seed"] = s.seed;
    Json rule_sets = Json::array();
    for (const auto& r : s.rule_sets)
        rule_sets.push_back({{"name", r.name}, {"options", r.options}, {"rules", r.rules()}});
    j["rule_sets"] = rule_sets;
    Json pairings = Json::array();
    for (const auto& p : s.pairings) pairings.push_back({p.white, p.black});
    j["pairings"] = pairings;
    Json players = Json::object();
    for (const auto& p : s.players) players[p.name] = player_settings(p);
    j["players"] = players;
    Json matchups = Json::array();
    for (const auto& m : s.matchups) matchups.push_back({m.white, m.black});
    j["matchups"] = matchups;
    if (s.rung_gap_games > 0) j["rung_gap_games"] = s.rung_gap_games;
    if (s.adaptive) {
        j["adaptive"] = {{"target_half_width", s.adaptive->target_half_width},
                         {"budget", s.adaptive->budget},
                         {"initial_games", s.adaptive->initial_games},
                         {"wave_games", s.adaptive->wave_games}};
    } else {
        j["games_per_cell"] = s.games_per_cell;
    }
    j["openings"] = openings_json(s.openings);
    j["adjudication"] = adjudication_json(s.adjudication);
    return j.dump();
}

namespace {

// A book's positions are the sweep's by their contents (positions_fnv1a64); its "file" is the
// path as typed, which names the same file differently from another working directory (a
// checkpoint restored and resumed from the repository's root, a sweep run from its own folder).
// Compared without it, so only a changed book is another sweep.
Json without_book_path(Json config) {
    if (auto openings = config.find("openings"); openings != config.end() &&
                                                 openings->is_object() &&
                                                 openings->contains("positions_fnv1a64"))
        openings->erase("file");
    return config;
}

}  // namespace

std::string config_differences(const std::string& a, const std::string& b) {
    const Json ja = without_book_path(Json::parse(a, nullptr, false)),
               jb = without_book_path(Json::parse(b, nullptr, false));
    if (!ja.is_object() || !jb.is_object()) return a == b ? "" : "(the whole configuration)";
    const auto is_size = [](const std::string& key) {
        return key == "games_per_cell" || key == "rung_gap_games";
    };
    std::string keys;
    const auto add = [&](const std::string& key) { keys += (keys.empty() ? "" : ", ") + key; };
    for (const auto& [key, value] : ja.items())
        if (!is_size(key) && (!jb.contains(key) || jb.at(key) != value)) add(key);
    for (const auto& [key, value] : jb.items())
        if (!is_size(key) && !ja.contains(key)) add(key);
    return keys;
}

std::string players_json(const PlayerSpec& white, const PlayerSpec& black) {
    Json j;
    j["white"] = player_settings(white);
    j["white"]["name"] = white.name;
    j["black"] = player_settings(black);
    j["black"]["name"] = black.name;
    return j.dump();
}

std::string engines_json(const Sweep& sweep, const std::vector<std::string>& ids) {
    Json j = Json::object();
    for (std::size_t i = 0; i < sweep.players.size(); ++i) {
        Json entry = player_settings(sweep.players[i]);
        entry["id"] = i < ids.size() ? ids[i] : "";
        j[sweep.players[i].name] = entry;
    }
    return j.dump();
}

std::string details_json(const GameRecord& record, const std::optional<OpeningScore>& opening) {
    Json j;
    if (record.failure) {
        j["failure"] = {{"side", record.failure->side == 0 ? "white" : "black"},
                        {"status", players::move_status_name(record.failure->status)},
                        {"detail", record.failure->detail}};
    }
    Json scores = Json::array();
    for (const auto& score : record.scores) {
        if (score) {
            scores.push_back(*score);
        } else {
            scores.push_back(nullptr);
        }
    }
    j["scores"] = scores;
    j["think_ms"] = {std::llround(record.think_seconds[0] * 1000.0),
                     std::llround(record.think_seconds[1] * 1000.0)};
    j["nodes"] = {record.nodes[0], record.nodes[1]};
    if (opening) {
        j["opening_imbalance_cp"] = opening->imbalance_cp;
        j["opening_centre_cp"] = opening->centre_cp;
        j["opening_missed"] = opening->missed;
    }
    // Points variants: white_score is the result by points; the board's result is kept here.
    if (record.result.board_white_score) j["board_score"] = *record.result.board_white_score;
    return j.dump();
}

std::string failure_detail(const std::string& details_json) {
    const Json j = Json::parse(details_json, nullptr, false);
    if (!j.is_object() || !j.contains("failure") || !j["failure"].is_object()) return "";
    const Json& failure = j["failure"];
    const auto text = [&](const char* key) {
        return failure.contains(key) && failure[key].is_string() ? failure[key].get<std::string>()
                                                                 : std::string();
    };
    return text("status") + ": " + text("detail");
}

}  // namespace balance::tournament
