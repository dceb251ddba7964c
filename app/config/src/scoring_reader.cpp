#include "scoring_reader.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

struct Names {
    std::vector<std::string> all;
    [[nodiscard]] bool known(const std::string& name) const {
        return std::find(all.begin(), all.end(), name) != all.end();
    }
};

// Fails unless `name` is a piece of the variant.
bool check_piece(const std::string& name, const toml::source_region& at, const Names& names,
                 const std::string& section, Fields& fields) {
    if (names.known(name)) return true;
    fields.fail(at, fmt::format("'{}' in {} is not a piece of this variant{} (pieces: {})", name,
                                section, did_you_mean(name, names.all), join_names(names.all)));
    return false;
}

// A table of piece name -> integer points, e.g. { pawn = 5, knight = 10 }.
std::map<std::string, int> read_points(const toml::table& table, const std::string& section,
                                       const Names& names, Fields& fields) {
    std::map<std::string, int> out;
    for (const std::string& key : keys_in_file_order(table, fields.file())) {
        const toml::node& node = *table.get(key);
        if (!check_piece(key, node.source(), names, section, fields)) continue;
        const auto* value = node.as_integer();
        if (!value) {
            fields.fail(node.source(), fmt::format("'{}' in {} must be an integer, not {}", key,
                                                   section, type_phrase(node.type())));
            continue;
        }
        out[key] = static_cast<int>(value->get());
    }
    return out;
}

// [scoring.capture]: one row per capturer, `queen = {...}` or `queen-diagonal` and
// `queen-orthogonal`.
std::vector<core::CaptureRowSpec> read_capture(const toml::table& table, const Names& names,
                                               Fields& fields) {
    std::vector<core::CaptureRowSpec> rows;
    for (const std::string& key : keys_in_file_order(table, fields.file())) {
        const toml::node& node = *table.get(key);
        core::CaptureRowSpec row;
        row.capturer = key;
        for (const auto& [suffix, direction] :
             {std::pair{std::string("-diagonal"), core::CaptureDirection::Diagonal},
              std::pair{std::string("-orthogonal"), core::CaptureDirection::Orthogonal}}) {
            if (key.size() > suffix.size() &&
                key.compare(key.size() - suffix.size(), suffix.size(), suffix) == 0 &&
                !names.known(key)) {
                row.capturer = key.substr(0, key.size() - suffix.size());
                row.direction = direction;
            }
        }
        const std::string section = fmt::format("[scoring.capture] row '{}'", key);
        if (!check_piece(row.capturer, node.source(), names, "[scoring.capture]", fields)) continue;
        const auto* points = node.as_table();
        if (!points) {
            fields.fail(node.source(), fmt::format("{} must be a table of captured piece = "
                                                   "points, not {}",
                                                   section, type_phrase(node.type())));
            continue;
        }
        row.points = read_points(*points, section, names, fields);
        row.where = where_of(node.source(), fields.file());
        rows.push_back(std::move(row));
    }
    return rows;
}

// [scoring.mate]: checking piece = { adjacent = .., distant = .. }.
Result<std::vector<core::MateEntrySpec>> read_mate(const toml::table& table, const Names& names,
                                                   Fields& outer) {
    std::vector<core::MateEntrySpec> out;
    for (const std::string& key : keys_in_file_order(table, outer.file())) {
        const toml::node& node = *table.get(key);
        if (!check_piece(key, node.source(), names, "[scoring.mate]", outer)) continue;
        const auto* entry = node.as_table();
        if (!entry) {
            outer.fail(node.source(),
                       fmt::format("[scoring.mate] entry '{}' must be {{ adjacent = .., distant = "
                                   ".. }}, not {}",
                                   key, type_phrase(node.type())));
            continue;
        }
        Fields fields(*entry, fmt::format("[scoring.mate] entry '{}'", key), outer.file());
        core::MateEntrySpec e;
        e.piece = key;
        e.adjacent = static_cast<int>(fields.integer("adjacent", Need::Required).value_or(0));
        e.distant = static_cast<int>(fields.integer("distant", Need::Required).value_or(0));
        e.where = where_of(node.source(), outer.file());
        if (auto done = fields.finish(); !done) return done.error();
        out.push_back(std::move(e));
    }
    return out;
}

Result<void> read_draw(const toml::table& table, const Names& names, const std::string& file,
                       core::ScoringSpec& spec) {
    Fields fields(table, "[scoring.draw]", file);
    spec.draw_points = fields.boolean("points", Need::Required).value_or(true);
    const toml::table* material = fields.table("material", Need::Required);
    spec.draw_max_material =
        static_cast<int>(fields.integer("max_material", Need::Required).value_or(0));
    spec.lone_minor =
        fields.strings("lone_minor", Need::Required).value_or(std::vector<std::string>{});
    spec.bare_kings_points =
        static_cast<int>(fields.integer("bare_kings_points", Need::Required).value_or(0));
    if (auto equal = fields.choice("equal_material", {"nobody", "both"}, Need::Required))
        spec.draw_equal_material =
            *equal == "both" ? core::DrawEqualMaterial::Both : core::DrawEqualMaterial::Nobody;
    spec.draw_clamp = fields.boolean("clamp", Need::Required).value_or(false);
    if (material) {
        spec.draw_material = read_points(*material, "[scoring.draw] material", names, fields);
        spec.draw_material_where = fields.where("material");
    }
    for (const std::string& name : spec.lone_minor)
        check_piece(name, table.get("lone_minor")->source(), names, "[scoring.draw] lone_minor",
                    fields);
    return fields.finish();
}

}  // namespace

Result<core::ScoringSpec> read_scoring(const toml::table& table,
                                       const std::vector<core::PieceSpec>& pieces,
                                       const std::string& file) {
    Names names;
    for (const auto& piece : pieces) names.all.push_back(piece.name);
    core::ScoringSpec spec;
    spec.where = where_of(table.source(), file);
    Fields fields(table, "[scoring]", file);
    spec.enabled = fields.boolean("enabled", Need::Required).value_or(false);
    spec.discovered_bonus =
        static_cast<int>(fields.integer("discovered_bonus", Need::Required).value_or(0));
    spec.newly_covered_bonus =
        static_cast<int>(fields.integer("newly_covered_bonus", Need::Required).value_or(0));
    if (auto how = fields.choice("newly_covered", {"once", "per-square"}, Need::Required))
        spec.newly_covered =
            *how == "per-square" ? core::NewlyCovered::PerSquare : core::NewlyCovered::Once;
    spec.promoted_mate_bonus =
        static_cast<int>(fields.integer("promoted_mate_bonus", Need::Required).value_or(0));
    if (auto tie = fields.choice("equal_points", {"draw", "board"}, Need::Required))
        spec.equal_points = *tie == "board" ? core::EqualPoints::Board : core::EqualPoints::Draw;
    const toml::table* capture = fields.table("capture", Need::Required);
    const toml::table* mate = fields.table("mate", Need::Required);
    const toml::table* promotion = fields.table("promotion", Need::Required);
    const toml::table* draw = fields.table("draw", Need::Required);
    if (capture) {
        spec.capture = read_capture(*capture, names, fields);
        spec.capture_where = fields.where("capture");
    }
    if (mate) spec.mate_where = fields.where("mate");
    if (mate) {
        auto entries = read_mate(*mate, names, fields);
        if (!entries) return entries.error();
        spec.mate = std::move(entries.value());
    }
    if (promotion) {
        spec.promotion = read_points(*promotion, "[scoring.promotion]", names, fields);
        spec.promotion_where = fields.where("promotion");
    }
    if (auto done = fields.finish(); !done) return done.error();
    if (draw)
        if (auto done = read_draw(*draw, names, file, spec); !done) return done.error();
    return spec;
}

}  // namespace balance::config
