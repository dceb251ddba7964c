#include "castling_reader.hpp"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

// Board sides are limited by FEN file letters; core may support less.
constexpr std::int64_t kMaxTravel = 26;

const char* const kWingNames[2] = {"kingside", "queenside"};
const std::vector<std::string> kRookRules = {"next-to-king-start", "next-to-king-destination"};

core::CastlingRookTo rook_rule(const std::string& name) {
    return name == "next-to-king-start" ? core::CastlingRookTo::NextToKingStart
                                        : core::CastlingRookTo::NextToKingDestination;
}

// A file written as one lower-case letter: "b" = 1.
std::optional<int> file_of(const std::string& text) {
    if (text.size() != 1 || text[0] < 'a' || text[0] > 'z') return std::nullopt;
    return text[0] - 'a';
}

// The keys both kinds of table share; `rook_to` is read by the caller (its values differ).
void read_common(Fields& fields, core::CastlingSettings& out) {
    out.enabled = fields.boolean("enabled");
    if (auto travel = fields.integer("king_travel", Need::Optional, 1, kMaxTravel))
        out.king_travel = static_cast<int>(*travel);
    out.king_where = fields.where("king_travel");
    out.rook_where = fields.where("rook_to");
}

// [<section>.kingside] or [<section>.queenside]: one wing's keys, files allowed.
Result<core::CastlingSettings> read_wing(const toml::table& table, const std::string& section,
                                         const std::string& file) {
    Fields fields(table, section, file);
    core::CastlingSettings out;
    out.section = section;
    out.where = where_of(table.source(), file);
    read_common(fields, out);
    const auto king_to = fields.string("king_to");
    const auto rook_to = fields.string("rook_to");
    if (auto done = fields.finish(); !done) return done.error();
    if (king_to) {
        out.king_to = file_of(*king_to);
        if (!out.king_to)
            return make_error(fmt::format("'king_to' in {} must be a file letter (a, b, c, ...): "
                                          "the king lands on its own rank, not '{}'",
                                          section, *king_to),
                              fields.where("king_to"));
        if (out.king_travel)
            return make_error(fmt::format("{} gives both king_travel and king_to; the king's "
                                          "destination is one or the other",
                                          section),
                              fields.where("king_to"));
        out.king_where = fields.where("king_to");
    }
    if (rook_to) {
        if (auto rook_file = file_of(*rook_to)) {
            out.rook_to_file = rook_file;
        } else if (std::find(kRookRules.begin(), kRookRules.end(), *rook_to) != kRookRules.end()) {
            out.rook_to = rook_rule(*rook_to);
        } else {
            return make_error(fmt::format("'rook_to' in {} must be a file letter (a, b, c, ...) or "
                                          "one of {}, not '{}'",
                                          section, join_names(kRookRules), *rook_to),
                              fields.where("rook_to"));
        }
    }
    return out;
}

}  // namespace

Result<CastlingTable> read_castling_table(const toml::table& table, const std::string& section,
                                          const std::string& file) {
    // A sub-table is a wing; anything else nested is a misspelt or unknown wing.
    for (const auto& [key, node] : table) {
        const std::string name(key.str());
        if (node.is_table() && name != kWingNames[0] && name != kWingNames[1])
            return make_error(
                fmt::format("unknown wing '{}' in {} (wings: kingside, queenside)", name, section),
                where_of(key.source(), file));
    }
    // A file belongs to one wing.
    const std::string stem = section.substr(0, section.size() - 1);
    const auto* rook_node = table.get("rook_to");
    const bool rook_file = rook_node && rook_node->is_string() && file_of(**rook_node->as_string());
    if (table.contains("king_to") || rook_file) {
        const std::string key = table.contains("king_to") ? "king_to" : "rook_to";
        return make_error(fmt::format("{} in {} names no wing: give it in {}.kingside] or "
                                      "{}.queenside]",
                                      key, section, stem, stem),
                          where_of(table.get(key)->source(), file));
    }
    Fields fields(table, section, file);
    CastlingTable out;
    out.both.section = section;
    out.both.where = where_of(table.source(), file);
    read_common(fields, out.both);
    if (auto from_move = fields.integer("from_move", Need::Optional, 1, 1'000'000))
        out.both.from_move = static_cast<int>(*from_move);
    const auto rook_to = fields.choice("rook_to", kRookRules);
    if (rook_to) out.both.rook_to = rook_rule(*rook_to);
    const toml::table* wings[2] = {fields.table(kWingNames[0]), fields.table(kWingNames[1])};
    if (auto done = fields.finish(); !done) return done.error();
    for (int w = 0; w < 2; ++w) {
        if (!wings[w]) continue;
        auto wing = read_wing(*wings[w], stem + "." + kWingNames[w] + "]", file);
        if (!wing) return wing.error();
        out.wings[w] = std::move(*wing);
    }
    return out;
}

}  // namespace balance::config
