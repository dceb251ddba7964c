#include "spec_reader.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "balance/config/army_reader.hpp"
#include "balance/config/suggest.hpp"
#include "balance/core/army_lookup.hpp"
#include "castling_reader.hpp"
#include "fields.hpp"
#include "scoring_reader.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

// Board sides are limited by FEN file letters; core may support less.
constexpr std::int64_t kMaxBoardSide = 26;

// [castling]: its own keys keep their meaning for every army and wing; its wing tables and
// the armies' castling tables override them (core/castling.hpp).
Result<void> read_castling(const toml::table* table, const std::string& file,
                           core::CastlingSpec& castling) {
    if (!table) return {};
    auto read = read_castling_table(*table, "[castling]", file);
    if (!read) return read.error();
    const core::CastlingSettings& both = read->both;
    castling.enabled = both.enabled.value_or(castling.enabled);
    castling.king_travel = both.king_travel.value_or(castling.king_travel);
    castling.from_move = both.from_move.value_or(castling.from_move);
    castling.rook_to = both.rook_to.value_or(castling.rook_to);
    castling.wings = read->wings;
    return {};
}

// [rules.anti_relay]: RULES.md section 4 and its options.
Result<void> read_anti_relay(const toml::table* table, const std::string& file,
                             core::AntiRelaySpec& ar) {
    if (!table) return {};
    Fields fields(*table, "[rules.anti_relay]", file);
    using Target = core::AntiRelaySpec::Target;
    using Side = core::AntiRelaySpec::Side;
    ar.enabled = fields.boolean("enabled").value_or(ar.enabled);
    if (auto target = fields.choice("target", {"direct", "indirect", "converse", "total"}))
        ar.target = *target == "direct"     ? Target::Direct
                    : *target == "indirect" ? Target::IndirectNormal
                    : *target == "converse" ? Target::IndirectConverse
                                            : Target::IndirectTotal;
    if (auto side = fields.choice("side", {"hostile", "friendly", "bilateral"}))
        ar.side = *side == "hostile"    ? Side::Hostile
                  : *side == "friendly" ? Side::Friendly
                                        : Side::Bilateral;
    if (auto types = fields.strings("types")) {
        ar.types = 0;
        for (const auto& t : *types) {
            const unsigned bit = t == "rook"     ? core::RookType
                                 : t == "bishop" ? core::BishopType
                                 : t == "knight" ? core::KnightType
                                                 : 0u;
            if (!bit)
                return make_error(fmt::format("[rules.anti_relay] types: '{}' is not one of rook, "
                                              "bishop, knight",
                                              t),
                                  fields.where("types"));
            ar.types |= bit;
        }
        if (!ar.types)
            return make_error("[rules.anti_relay] types is empty", fields.where("types"));
    }
    ar.frozen_rook_castles = fields.boolean("frozen_rook_castles").value_or(ar.frozen_rook_castles);
    return fields.finish();
}

Result<void> read_rules(const toml::table* table, const std::string& file,
                        core::GameRulesSpec& rules) {
    if (!table) return {};
    Fields fields(*table, "[rules]", file);
    if (auto legality =
            fields.choice("legality", {"auto", "exact-pins", "removal-test", "full-test"}))
        rules.legality = *legality == "exact-pins"     ? core::LegalityChoice::ExactPins
                         : *legality == "removal-test" ? core::LegalityChoice::RemovalTest
                         : *legality == "full-test"    ? core::LegalityChoice::FullTest
                                                       : core::LegalityChoice::Auto;
    rules.king_slide_crossing_safe =
        fields.boolean("king_slide_crossing_safe").value_or(rules.king_slide_crossing_safe);
    rules.castling_rook_on_own_colour =
        fields.boolean("castling_rook_on_own_colour").value_or(rules.castling_rook_on_own_colour);
    const toml::table* anti_relay = fields.table("anti_relay");
    if (auto stalemate = fields.choice("stalemate", {"draw", "win"})) {
        rules.stalemate = *stalemate == "win" ? core::StalemateResult::WinForStalemater
                                              : core::StalemateResult::Draw;
    }
    rules.promote_to_captured =
        fields.boolean("promote_to_captured").value_or(rules.promote_to_captured);
    if (auto none = fields.choice("no_promotion_available", {"may-not-enter", "stays-pawn"})) {
        rules.no_promotion_available = *none == "stays-pawn"
                                           ? core::NoPromotionAvailable::StaysPawn
                                           : core::NoPromotionAvailable::MayNotEnter;
    }
    rules.free_placement = fields.boolean("free_placement").value_or(rules.free_placement);
    rules.repetition_count =
        static_cast<int>(fields.integer("repetition_count", Need::Optional, 0, 1000)
                             .value_or(rules.repetition_count));
    rules.fifty_move_plies =
        static_cast<int>(fields.integer("fifty_move_plies", Need::Optional, 0, 100000)
                             .value_or(rules.fifty_move_plies));
    rules.insufficient_material =
        fields.boolean("insufficient_material").value_or(rules.insufficient_material);
    rules.self_capture = fields.boolean("self_capture").value_or(rules.self_capture);
    rules.king_self_capture = fields.boolean("king_self_capture").value_or(rules.king_self_capture);
    if (auto reset = fields.choice("fifty_move_pawn_reset", {"all", "forward"}))
        rules.only_forward_pawn_moves_reset = *reset == "forward";
    if (auto done = fields.finish(); !done) return done;
    if (rules.self_capture && rules.promote_to_captured)
        return make_error(
            "[rules] self_capture cannot be combined with promote_to_captured (a piece taken by "
            "its own side would become a promotion choice)",
            fields.where("self_capture"));
    return read_anti_relay(anti_relay, file, rules.anti_relay);
}

// Entry `i` of an array of tables ("[[bonuses]]"), which must be a table.
Result<const toml::table*> entry_table(const toml::array& array, std::size_t i,
                                       const std::string& section, const std::string& file) {
    const toml::node& node = *array.get(i);
    if (const auto* table = node.as_table()) return table;
    return make_error(fmt::format("{} must be a table, not {}", section, type_phrase(node.type())),
                      where_of(node.source(), file));
}

Result<std::vector<core::BonusSpec>> read_bonuses(const toml::array* array,
                                                  const std::vector<core::PieceSpec>& pieces,
                                                  const std::string& file) {
    std::vector<core::BonusSpec> bonuses;
    if (!array) return bonuses;
    std::vector<std::string> piece_names;
    for (const auto& piece : pieces) piece_names.push_back(piece.name);
    for (std::size_t i = 0; i < array->size(); ++i) {
        const std::string section = fmt::format("[[bonuses]] entry {}", i + 1);
        auto table = entry_table(*array, i, section, file);
        if (!table) return table.error();
        Fields fields(**table, section, file);
        core::BonusSpec bonus;
        bonus.pieces =
            fields.strings("pieces", Need::Required).value_or(std::vector<std::string>{});
        bonus.value = fields.number("value", Need::Required).value_or(0.0);
        if (auto done = fields.finish(); !done) return done.error();
        if (bonus.pieces.empty()) {
            return make_error(fmt::format("'pieces' in {} is empty", section),
                              fields.where("pieces"));
        }
        for (const auto& name : bonus.pieces) {
            if (std::find(piece_names.begin(), piece_names.end(), name) == piece_names.end()) {
                return make_error(fmt::format("'pieces' in {} names unknown piece '{}'{}", section,
                                              name, did_you_mean(name, piece_names)),
                                  fields.where("pieces"));
            }
        }
        bonuses.push_back(std::move(bonus));
    }
    return bonuses;
}

// [reference]: a published results table, kept as documentation (reports show it). Army names
// or aliases are stored canonical; scores and margins are fractions in [0, 1].
Result<core::ReferenceTable> read_reference(const toml::table* table,
                                            const std::vector<core::ArmySpec>& armies,
                                            const std::vector<core::PieceSpec>& pieces,
                                            const std::string& file) {
    core::ReferenceTable reference;
    if (!table) return reference;
    Fields fields(*table, "[reference]", file);
    const toml::table* values = fields.table("values");
    const Need results = values ? Need::Optional : Need::Required;
    reference.source = fields.string("source", results).value_or("");
    const toml::array* pairings = fields.array("pairings", results);
    reference.values_source =
        fields.string("values_source", values ? Need::Required : Need::Optional).value_or("");
    if (auto done = fields.finish(); !done) return done.error();
    if (values) {
        for (const auto& name : keys_in_file_order(*values, file)) {
            const toml::node& node = *values->get(name);
            const auto piece =
                std::find_if(pieces.begin(), pieces.end(),
                             [&](const core::PieceSpec& p) { return p.name == name; });
            const std::optional<double> value = node.value<double>();
            if (piece == pieces.end())
                return make_error(fmt::format("[reference] values: unknown piece '{}'", name),
                                  where_of(node.source(), file));
            if (!value || !std::isfinite(*value) || *value <= 0.0)
                return make_error(
                    fmt::format("[reference] values: {} must be a positive number", name),
                    where_of(node.source(), file));
            reference.values.emplace_back(name, *value);
        }
    }
    for (std::size_t i = 0; pairings && i < pairings->size(); ++i) {
        const std::string section = fmt::format("[[reference.pairings]] entry {}", i + 1);
        auto table = entry_table(*pairings, i, section, file);
        if (!table) return table.error();
        const toml::table* entry = *table;
        Fields row(*entry, section, file);
        core::ReferencePairing pairing;
        const auto army = [&](std::string_view key) -> Result<std::string> {
            const std::string given = row.string(key, Need::Required).value_or("");
            if (const core::ArmySpec* found = core::find_army(armies, given)) return found->name;
            return make_error(fmt::format("'{}' in {} names unknown army '{}'{}", key, section,
                                          given, unknown_army_hint(given, armies)),
                              row.where(key));
        };
        const auto fraction = [&](std::string_view key) {
            const double value = row.number(key, Need::Required).value_or(0.0);
            if (value < 0.0 || value > 1.0) {
                row.fail(entry->get(key)->source(),
                         fmt::format("'{}' in {} must be a fraction in [0, 1] (0.492 for 49.2%)",
                                     key, section));
            }
            return value;
        };
        auto x = army("x");
        auto y = army("y");
        pairing.x_white_score = fraction("x_white_score");
        pairing.x_black_score = fraction("x_black_score");
        pairing.pooled_score = fraction("pooled_score");
        pairing.games_per_colour = static_cast<int>(
            row.integer("games_per_colour", Need::Required, 1, 1'000'000'000).value_or(1));
        pairing.margin_per_colour = fraction("margin_per_colour");
        pairing.margin_pooled = fraction("margin_pooled");
        if (auto done = row.finish(); !done) return done.error();
        if (!x) return x.error();
        if (!y) return y.error();
        pairing.x = std::move(*x);
        pairing.y = std::move(*y);
        reference.pairings.push_back(std::move(pairing));
    }
    return reference;
}

// Accepts an army's name or alias and stores its canonical name; default: the first army.
Result<void> resolve_default_army(const std::optional<std::string>& given, const Fields& fields,
                                  std::string_view key, const std::vector<core::ArmySpec>& armies,
                                  std::string& out) {
    if (!given) {
        out = armies.front().name;
        return {};
    }
    if (const core::ArmySpec* army = core::find_army(armies, *given)) {
        out = army->name;
        return {};
    }
    return make_error(fmt::format("'{}' names unknown army '{}'{}", key, *given,
                                  unknown_army_hint(*given, armies)),
                      fields.where(key));
}

}  // namespace

Result<core::VariantSpec> read_variant_spec(const toml::table& doc, const std::string& file,
                                            const std::string& default_name) {
    Fields fields(doc, "the top level", file);
    core::VariantSpec spec;
    spec.file = file;
    spec.name = fields.string("name").value_or(default_name);
    spec.description = fields.string("description").value_or("");
    spec.files = static_cast<int>(
        fields.integer("files", Need::Optional, 1, kMaxBoardSide).value_or(spec.files));
    spec.ranks = static_cast<int>(
        fields.integer("ranks", Need::Optional, 1, kMaxBoardSide).value_or(spec.ranks));
    spec.value_unit = fields.string("value_unit").value_or(spec.value_unit);
    spec.start_fen = fields.string("start_fen", Need::Required).value_or("");
    const auto default_white = fields.string("default_white");
    const auto default_black = fields.string("default_black");
    const toml::table* castling = fields.table("castling");
    const toml::table* rules = fields.table("rules");
    const toml::table* pieces = fields.table("pieces", Need::Required);
    const toml::table* armies = fields.table("armies", Need::Required);
    const toml::array* bonuses = fields.array("bonuses");
    const toml::table* scoring = fields.table("scoring");
    const toml::table* reference = fields.table("reference");
    if (auto done = fields.finish(); !done) return done.error();
    // The size's errors name the key of the file that set it last: a file that inherits its
    // files from a base and sets its own ranks is the one to look at.
    const auto set_here = [&](const char* key) {
        const toml::node* node = doc.get(key);
        return node && node->source().path && *node->source().path == file;
    };
    spec.board_where = fields.where(set_here("files")       ? "files"
                                    : set_here("ranks")     ? "ranks"
                                    : doc.contains("files") ? "files"
                                                            : "ranks");
    spec.start_fen_where = fields.where("start_fen");
    spec.castling_where = castling ? where_of(castling->source(), file) : spec.start_fen_where;

    if (auto done = read_castling(castling, file, spec.castling); !done) return done.error();
    if (auto done = read_rules(rules, file, spec.rules); !done) return done.error();
    auto piece_specs = read_pieces(*pieces, file);
    if (!piece_specs) return piece_specs.error();
    spec.pieces = std::move(piece_specs.value());
    auto army_specs = read_armies(*armies, spec.pieces, file);
    if (!army_specs) return army_specs.error();
    spec.armies = std::move(army_specs.value());
    auto bonus_specs = read_bonuses(bonuses, spec.pieces, file);
    if (!bonus_specs) return bonus_specs.error();
    spec.bonuses = std::move(bonus_specs.value());
    if (scoring) {
        auto scoring_spec = read_scoring(*scoring, spec.pieces, file);
        if (!scoring_spec) return scoring_spec.error();
        spec.scoring = std::move(scoring_spec.value());
    }
    auto reference_table = read_reference(reference, spec.armies, spec.pieces, file);
    if (!reference_table) return reference_table.error();
    spec.reference = std::move(reference_table.value());
    if (auto done = resolve_default_army(default_white, fields, "default_white", spec.armies,
                                         spec.default_white);
        !done) {
        return done.error();
    }
    if (auto done = resolve_default_army(default_black, fields, "default_black", spec.armies,
                                         spec.default_black);
        !done) {
        return done.error();
    }
    return spec;
}

}  // namespace balance::config
