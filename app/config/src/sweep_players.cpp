#include "sweep_players.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "balance/config/eval_weights_reader.hpp"
#include "balance/config/piece_values_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/tournament/ladder.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

using tournament::PlayerKind;

std::vector<std::string> army_names_of(const core::VariantSpec& variant) {
    std::vector<std::string> names;
    for (const auto& army : variant.armies) names.push_back(army.name);
    return names;
}
using tournament::PlayerSpec;

const std::vector<std::string> kTypes = {"engine", "random",   "greedy",  "uci",
                                         "xboard", "fairymax", "sjaakii", "fairy-stockfish"};

PlayerKind kind_of(const std::string& type) {
    if (type == "random") return PlayerKind::Random;
    if (type == "greedy") return PlayerKind::Greedy;
    if (type == "uci") return PlayerKind::Uci;
    if (type == "xboard") return PlayerKind::Xboard;
    if (type == "fairymax") return PlayerKind::Fairymax;
    if (type == "sjaakii") return PlayerKind::Sjaakii;
    if (type == "fairy-stockfish") return PlayerKind::FairyStockfish;
    return PlayerKind::Engine;
}

// Option values may be written as strings, numbers or booleans; engines receive text.
std::optional<std::string> option_text(const toml::node& node) {
    if (const auto* s = node.as_string()) return s->get();
    if (const auto* i = node.as_integer()) return std::to_string(i->get());
    if (const auto* b = node.as_boolean()) return b->get() ? "true" : "false";
    if (const auto* f = node.as_floating_point()) return fmt::format("{}", f->get());
    return std::nullopt;
}

// A key that belongs to another type of player: named as such, not as an unknown key.
std::optional<std::string> misplaced_key(const toml::table& table, PlayerKind kind) {
    const bool searches = kind == PlayerKind::Engine || tournament::is_external(kind);
    const bool external = kind == PlayerKind::Uci || kind == PlayerKind::Xboard;
    // Fairy-Max cannot count nodes; both it and SjaakII run on definitions we write.
    const bool fairymax = kind == PlayerKind::Fairymax;
    const bool written = tournament::writes_definitions(kind);
    const std::pair<const char*, bool> keys[] = {
        {"nodes", searches && !fairymax},
        {"depth", searches},
        {"movetime_ms", searches},
        {"hash_mb", kind == PlayerKind::Engine || kind == PlayerKind::FairyStockfish},
        {"threads", kind == PlayerKind::FairyStockfish},
        {"module", kind == PlayerKind::FairyStockfish},
        {"random_plies", kind == PlayerKind::Engine},
        {"random_margin_cp", kind == PlayerKind::Engine},
        {"eval", kind == PlayerKind::Engine},
        {"values", kind == PlayerKind::Engine},
        {"command", external || written},
        {"args", external},
        {"working_dir", external || written},
        {"options", external},
        {"variant", external},
        {"timeout_margin_ms", external || written},
        {"depth_timeout_ms", external || written},
        {"handshake_timeout_ms", external || written},
        {"max_failures_in_row", external || written},
        {"variant_path", kind == PlayerKind::Uci}};
    for (const auto& [key, allowed] : keys) {
        if (!allowed && table.contains(key)) return key;
    }
    return std::nullopt;
}

// A limit written as a list: the player's strength ladder (balance/tournament/ladder.hpp).
struct LadderValues {
    std::string limit;
    std::vector<std::int64_t> values;
    std::string where;
};

// Reads `key` as one integer into `out`, or as a list of integers into `ladder`.
void read_limit(Fields& fields, const toml::table& table, const char* key, std::int64_t max,
                std::int64_t& out, std::optional<LadderValues>& ladder) {
    const toml::node* node = table.get(key);
    const auto* list = node ? node->as_array() : nullptr;
    if (!list) {
        out = fields.integer(key, Need::Optional, 1, max).value_or(0);
        return;
    }
    (void)fields.array(key);  // known
    if (ladder) {
        fields.fail(node->source(), fmt::format("{} is a list, and so is {}: a player climbs one "
                                                "ladder (one limit may be a list)",
                                                key, ladder->limit));
        return;
    }
    LadderValues values{key, {}, where_of(node->source(), fields.file())};
    for (const toml::node& element : *list) {
        const auto* value = element.as_integer();
        if (!value || value->get() < 1 || value->get() > max) {
            fields.fail(element.source(),
                        fmt::format("{} = [...] must list integers from 1 to {}", key, max));
            return;
        }
        values.values.push_back(value->get());
    }
    if (values.values.empty()) {
        fields.fail(node->source(), fmt::format("{} = [] lists no rung", key));
        return;
    }
    ladder = std::move(values);
}

void read_limits(Fields& fields, const toml::table& table, PlayerSpec& spec,
                 std::optional<LadderValues>& ladder) {
    std::int64_t nodes = 0, depth = 0, movetime = 0;
    // 10^12 nodes is days of search for any engine; more is a typo, and external engines'
    // move deadlines are derived from it.
    read_limit(fields, table, "nodes", 1'000'000'000'000, nodes, ladder);
    read_limit(fields, table, "depth", 99, depth, ladder);
    read_limit(fields, table, "movetime_ms", 86'400'000, movetime, ladder);
    spec.limits.nodes = static_cast<std::uint64_t>(nodes);
    spec.limits.depth = static_cast<int>(depth);
    spec.limits.movetime_ms = static_cast<int>(movetime);
}

// A file a player names (tried as given, then beside the sweep file, as opening books are).
Result<std::filesystem::path> find_player_file(const std::string& name, const char* what,
                                               const std::string& section, const toml::node& node,
                                               const Fields& fields, const PlayerContext& context) {
    const std::filesystem::path given(name);
    std::filesystem::path path = given;
    std::error_code ec;
    if (path.is_relative() && !std::filesystem::exists(path, ec)) path = context.dir / path;
    if (!std::filesystem::is_regular_file(path, ec)) {
        // Named where the sweep names it: the file it points to cannot say where it is wanted.
        return make_error(fmt::format("{}: no {} file '{}' (a relative path is read from the "
                                      "working directory, then beside the sweep file)",
                                      section, what, given.string()),
                          where_of(node.source(), fields.file()));
    }
    return path;
}

// `eval`: "full" (the default), "material", or the name of an evaluation file whose weights
// the full evaluation plays by.
Result<void> read_eval(Fields& fields, const toml::table& table, PlayerSpec& spec,
                       const PlayerContext& context) {
    const toml::node* node = table.get("eval");
    if (!node || !node->as_string()) {
        // Absent, or reported as the wrong type.
        if (fields.choice("eval", {"full", "material"}).value_or("full") == "material")
            spec.eval = players::engine::EvalTerms::Material;
        return {};
    }
    const std::string given = *fields.string("eval");
    if (given == "full") return {};
    if (given == "material") {
        spec.eval = players::engine::EvalTerms::Material;
        return {};
    }
    const std::string section = fmt::format("[players.{}] eval", spec.name);
    auto path = find_player_file(given, "evaluation", section, *node, fields, context);
    if (!path) return path.error();
    auto weights = load_eval_weights_file(*path, context.variant);
    if (!weights) return weights.error();
    spec.eval_weights = std::move(*weights);
    spec.eval_file = display_path(path->string());
    return {};
}

// `values`: an inline table of piece values, or the name of a values file (tried as given,
// then beside the sweep file, as opening books are).
Result<void> read_values(Fields& fields, const toml::table& table, PlayerSpec& spec,
                         const PlayerContext& context) {
    const toml::node* node = table.get("values");
    if (!node) return {};
    const std::string section = fmt::format("[players.{}] values", spec.name);
    Result<PieceValues> values = PieceValues{};
    if (const auto* inline_table = node->as_table()) {
        (void)fields.table("values");
        values = read_piece_values(*inline_table, section, context.file, context.variant);
    } else if (node->as_string()) {
        auto path =
            find_player_file(*fields.string("values"), "values", section, *node, fields, context);
        if (!path) return path.error();
        values = load_piece_values_file(*path, context.variant);
        spec.values_file = display_path(path->string());
    } else {
        (void)fields.table("values");  // reports the type
        return {};
    }
    if (!values) return values.error();
    spec.piece_values = std::move(*values);
    return {};
}

void read_engine(Fields& fields, PlayerSpec& spec) {
    // The UCI engine's Hash option has the same bound; more would not fit most machines once
    // every worker thread holds its own table (`balance sweep` checks threads x tables).
    spec.hash_mb =
        static_cast<int>(fields.integer("hash_mb", Need::Optional, 1, 4096).value_or(spec.hash_mb));
    spec.random_plies = static_cast<int>(
        fields.integer("random_plies", Need::Optional, 0, 1000).value_or(spec.random_plies));
    spec.random_margin_cp =
        static_cast<int>(fields.integer("random_margin_cp", Need::Optional, 0, 100000)
                             .value_or(spec.random_margin_cp));
}

// Settings every external engine has: where it runs, how long it may take, how often it may
// fail.
void read_process(Fields& fields, PlayerSpec& spec) {
    auto& ext = spec.external;
    ext.working_dir = fields.string("working_dir").value_or("");
    ext.timeout_margin_ms =
        static_cast<int>(fields.integer("timeout_margin_ms", Need::Optional, 0, 3'600'000)
                             .value_or(ext.timeout_margin_ms));
    ext.depth_timeout_ms =
        static_cast<int>(fields.integer("depth_timeout_ms", Need::Optional, 100, 86'400'000)
                             .value_or(ext.depth_timeout_ms));
    ext.handshake_timeout_ms =
        static_cast<int>(fields.integer("handshake_timeout_ms", Need::Optional, 100, 3'600'000)
                             .value_or(ext.handshake_timeout_ms));
    spec.max_failures_in_row =
        static_cast<int>(fields.integer("max_failures_in_row", Need::Optional, 0, 1000)
                             .value_or(spec.max_failures_in_row));
}

// Fairy-Max, SjaakII or Fairy-Stockfish with definitions written from the variant file: the
// program is all they need (Fairy-Stockfish's is Node, with its package's folder, hash and
// threads).
void read_written_definitions(Fields& fields, PlayerSpec& spec) {
    const char* program = spec.kind == PlayerKind::Fairymax  ? "/usr/games/fairymax"
                          : spec.kind == PlayerKind::Sjaakii ? "/usr/games/sjaakii"
                                                             : "node";
    spec.external.command = {fields.string("command").value_or(program)};
    if (spec.kind == PlayerKind::FairyStockfish) {
        spec.hash_mb = static_cast<int>(
            fields.integer("hash_mb", Need::Optional, 1, 4096).value_or(spec.hash_mb));
        spec.threads =
            static_cast<int>(fields.integer("threads", Need::Optional, 1, 64).value_or(1));
        spec.module_dir = fields.string("module").value_or("");
    }
    read_process(fields, spec);
}

void read_external(Fields& fields, PlayerSpec& spec, const std::string& file,
                   const std::vector<std::string>& armies) {
    auto& ext = spec.external;
    if (auto command = fields.string("command", Need::Required)) ext.command = {*command};
    for (auto& arg : fields.strings("args").value_or(std::vector<std::string>{}))
        ext.command.push_back(arg);
    read_process(fields, spec);
    ext.variant = fields.string("variant").value_or("");
    if (spec.kind == PlayerKind::Uci) ext.variant_path = fields.string("variant_path").value_or("");
    if (const toml::table* names = fields.table("army_names")) {
        for (const auto& key : keys_in_file_order(*names, file)) {
            const toml::node& value = *names->get(key);
            if (std::find(armies.begin(), armies.end(), key) == armies.end()) {
                fields.fail(value.source(),
                            fmt::format("army_names: unknown army '{}'{} (armies: {})", key,
                                        did_you_mean(key, armies), join_names(armies)));
            } else if (const auto* text = value.as_string()) {
                ext.army_names[key] = text->get();
            } else {
                fields.fail(value.source(),
                            fmt::format("army_names.{} must be the engine's name for the army "
                                        "(a string)",
                                        key));
            }
        }
    }
    if (const toml::table* options = fields.table("options")) {
        for (const auto& key : keys_in_file_order(*options, file)) {
            const toml::node& value = *options->get(key);
            auto text = option_text(value);
            if (!text) {
                fields.fail(
                    value.source(),
                    fmt::format("engine option '{}' must be a string, number or boolean", key));
                continue;
            }
            ext.options.emplace_back(key, *text);
        }
    }
}

// One player, or one per rung when a limit is a list.
Result<std::vector<PlayerSpec>> read_player(const std::string& name, const toml::table& table,
                                            const PlayerContext& context) {
    const std::string& file = context.file;
    const std::vector<std::string> armies = army_names_of(context.variant);
    Fields fields(table, fmt::format("[players.{}]", name), file);
    PlayerSpec spec;
    spec.name = name;
    spec.command_where = fields.where("command");
    const auto type = fields.choice("type", kTypes, Need::Required);
    spec.kind = kind_of(type.value_or("engine"));
    if (auto misplaced = misplaced_key(table, spec.kind)) {
        return make_error(fmt::format("'{}' in [players.{}] does not apply to type = \"{}\"",
                                      *misplaced, name, type.value_or("engine")),
                          fields.where(*misplaced));
    }
    const bool searches = spec.kind == PlayerKind::Engine || tournament::is_external(spec.kind);
    std::optional<LadderValues> ladder;
    if (searches) read_limits(fields, table, spec, ladder);
    Result<void> values;
    if (spec.kind == PlayerKind::Engine) {
        read_engine(fields, spec);
        values = read_values(fields, table, spec, context);
        if (values) values = read_eval(fields, table, spec, context);
    }
    if (spec.kind == PlayerKind::Uci || spec.kind == PlayerKind::Xboard)
        read_external(fields, spec, file, armies);
    if (tournament::writes_definitions(spec.kind)) read_written_definitions(fields, spec);
    if (auto done = fields.finish(); !done) return done.error();
    if (!values) return values.error();
    const auto& l = spec.limits;
    if (searches && !ladder && l.nodes == 0 && l.depth == 0 && l.movetime_ms == 0) {
        if (spec.kind == PlayerKind::Fairymax)
            return make_error(fmt::format("[players.{}] needs a search limit: depth or "
                                          "movetime_ms (depth keeps games reproducible; "
                                          "Fairy-Max cannot count nodes)",
                                          name),
                              where_of(table.source(), file));
        return make_error(fmt::format("[players.{}] needs a search limit: nodes, depth or "
                                      "movetime_ms (nodes or depth keep games reproducible)",
                                      name),
                          where_of(table.source(), file));
    }
    if (!ladder) return std::vector<PlayerSpec>{spec};
    auto rungs = tournament::make_rungs(spec, ladder->limit, ladder->values);
    if (!rungs) {
        return make_error(fmt::format("[players.{}]: {}", name, rungs.error().message),
                          ladder->where);
    }
    return std::move(*rungs);
}

}  // namespace

Result<std::vector<PlayerSpec>> read_players(const toml::table& players,
                                             const PlayerContext& context) {
    const std::string& file = context.file;
    std::vector<PlayerSpec> out;
    for (const auto& name : keys_in_file_order(players, file)) {
        const toml::node& node = *players.get(name);
        const auto* table = node.as_table();
        if (!table) {
            return make_error(
                fmt::format("[players.{}] must be a table, not {}", name, type_phrase(node.type())),
                where_of(node.source(), file));
        }
        if (!is_plain_name(name)) {
            return make_error(fmt::format("player name '{}' may hold only a-z, 0-9, '-' and '_' "
                                          "(it becomes part of every game key)",
                                          name),
                              where_of(table->source(), file));
        }
        auto specs = read_player(name, *table, context);
        if (!specs) return specs.error();
        for (auto& spec : *specs) out.push_back(std::move(spec));
    }
    return out;
}

}  // namespace balance::config
