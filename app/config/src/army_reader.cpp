#include "balance/config/army_reader.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "balance/config/suggest.hpp"
#include "balance/core/army_lookup.hpp"
#include "castling_reader.hpp"
#include "fields.hpp"
#include "toml_support.hpp"

namespace balance::config {

namespace {

std::string lower_case(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

core::PieceRole role_of(const std::string& role) {
    if (role == "pawn") return core::PieceRole::Pawn;
    if (role == "king") return core::PieceRole::King;
    return core::PieceRole::Normal;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// The table behind an entry of [pieces] or [armies], or an error naming what it is instead.
Result<const toml::table*> entry_table(const toml::node& node, std::string_view kind,
                                       const std::string& name, const std::string& file) {
    const auto* table = node.as_table();
    if (!table) {
        return make_error(
            fmt::format("[{}.{}] must be a table, not {}", kind, name, type_phrase(node.type())),
            where_of(node.source(), file));
    }
    if (!is_plain_name(name)) {
        return make_error(fmt::format("{} name '{}' may use only a-z, 0-9, '-' and '_'",
                                      kind == "pieces" ? "piece" : "army", name),
                          where_of(node.source(), file));
    }
    return table;
}

// Reads `letters = { P = "footman", ... }` into `army.letters`.
void read_letters(const toml::table& letters, const std::vector<std::string>& piece_names,
                  core::ArmySpec& army, Fields& fields) {
    const std::string in = fmt::format("letters of [armies.{}]", army.name);
    std::map<std::string, char> letter_of_piece;
    for (const std::string& key : keys_in_file_order(letters, fields.file())) {
        const toml::node& node = *letters.get(key);
        if (key.size() != 1 || !std::isalpha(static_cast<unsigned char>(key[0]))) {
            fields.fail(node.source(),
                        fmt::format("'{}' in {} is not a single letter A-Z", key, in));
            return;
        }
        const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(key[0])));
        const auto* piece = node.as_string();
        if (!piece) {
            fields.fail(node.source(),
                        fmt::format("letter '{}' in {} must map to a piece name (a string), not {}",
                                    key, in, type_phrase(node.type())));
            return;
        }
        const std::string& name = piece->get();
        if (!contains(piece_names, name)) {
            fields.fail(node.source(), fmt::format("letter '{}' in {} names unknown piece '{}'{}",
                                                   key, in, name, did_you_mean(name, piece_names)));
            return;
        }
        if (army.letters.count(letter)) {
            fields.fail(node.source(),
                        fmt::format("duplicate letter '{}' in {} (letters are case-insensitive)",
                                    letter, in));
            return;
        }
        if (auto [other, fresh] = letter_of_piece.emplace(name, letter); !fresh) {
            fields.fail(node.source(),
                        fmt::format("piece '{}' has two letters in {}, '{}' and '{}'", name, in,
                                    other->second, letter));
            return;
        }
        army.letters.emplace(letter, name);
    }
}

bool army_has_piece(const core::ArmySpec& army, const std::string& piece) {
    return std::any_of(army.letters.begin(), army.letters.end(),
                       [&](const auto& entry) { return entry.second == piece; });
}

Result<void> check_promotions(const core::ArmySpec& army,
                              const std::vector<std::string>& piece_names, const Fields& fields) {
    for (const auto& name : army.promotions) {
        if (!contains(piece_names, name)) {
            return make_error(fmt::format("promotion '{}' of [armies.{}] is not a known piece{}",
                                          name, army.name, did_you_mean(name, piece_names)),
                              fields.where("promotions"));
        }
        if (!army_has_piece(army, name)) {
            return make_error(
                fmt::format("promotion '{}' of [armies.{}] is not one of the army's pieces (it "
                            "has no letter)",
                            name, army.name),
                fields.where("promotions"));
        }
    }
    return {};
}

Result<void> check_cannot_mate(const core::ArmySpec& army, const Fields& fields) {
    for (const auto& material : army.cannot_mate) {
        for (char letter : material) {
            if (!army.letters.count(letter)) {
                return make_error(
                    fmt::format("cannot_mate entry '{}' of [armies.{}] uses '{}', which is not "
                                "one of the army's upper-case letters",
                                material, army.name, letter),
                    fields.where("cannot_mate"));
            }
        }
    }
    return {};
}

Result<core::ArmySpec> read_army(const std::string& name, const toml::table& table,
                                 const std::vector<std::string>& piece_names,
                                 const std::string& file) {
    Fields fields(table, fmt::format("[armies.{}]", name), file);
    core::ArmySpec army;
    army.name = name;
    army.where = where_of(table.source(), file);
    army.aliases = fields.strings("aliases").value_or(std::vector<std::string>{});
    const toml::table* letters = fields.table("letters", Need::Required);
    army.promotions = fields.strings("promotions").value_or(std::vector<std::string>{});
    army.cannot_mate = fields.strings("cannot_mate").value_or(std::vector<std::string>{});
    const std::string side = fields.choice("side", {"both", "white", "black"}).value_or("both");
    army.can_play_white = side != "black";
    army.can_play_black = side != "white";
    const toml::table* castling = fields.table("castling");
    if (letters) read_letters(*letters, piece_names, army, fields);
    if (auto done = fields.finish(); !done) return done.error();
    if (castling) {
        auto read = read_castling_table(*castling, fmt::format("[armies.{}.castling]", name), file);
        if (!read) return read.error();
        army.castling = read->both;
        army.castling_wings = read->wings;
    }
    if (auto done = check_promotions(army, piece_names, fields); !done) return done.error();
    if (auto done = check_cannot_mate(army, fields); !done) return done.error();
    return army;
}

// Army names and aliases select armies case-insensitively, so they must be unique that way.
Result<void> check_names_unique(const std::vector<core::ArmySpec>& armies) {
    std::map<std::string, std::string> owner_of_name;
    for (const auto& army : armies) {
        std::vector<std::string> names{army.name};
        names.insert(names.end(), army.aliases.begin(), army.aliases.end());
        for (const auto& alias : names) {
            auto [owner, fresh] = owner_of_name.emplace(lower_case(alias), army.name);
            if (!fresh && owner->second != army.name) {
                return make_error(fmt::format("army name or alias '{}' of [armies.{}] is already "
                                              "used by [armies.{}]",
                                              alias, army.name, owner->second),
                                  army.where);
            }
        }
    }
    return {};
}

// A rank window `[first, last]` (ranks from the mover's side, 1 = its first rank).
void read_rank_window(Fields& fields, const toml::table& entry, std::string_view key, int& first,
                      int& last) {
    const toml::array* range = fields.array(key);
    if (!range) return;
    const auto bound = [&](std::size_t i) -> std::optional<int> {
        const auto value = i < range->size() ? range->get(i)->value<std::int64_t>() : std::nullopt;
        if (!value || *value < 1 || *value > 26) return std::nullopt;
        return static_cast<int>(*value);
    };
    const auto a = bound(0), b = bound(1);
    if (range->size() != 2 || !a || !b || *a > *b) {
        fields.fail(entry.get(key)->source(),
                    fmt::format("'{}' in {} must be [first, last]: two ranks from 1 (the mover's "
                                "first rank) with first <= last",
                                key, fields.section()));
        return;
    }
    first = *a;
    last = *b;
}

// `ranked = [{ betza = "fmnD", from_ranks = [2, 3] }, ...]`: moves allowed only between ranks.
Result<std::vector<core::RankedMovesSpec>> read_ranked(const toml::array& array,
                                                       const std::string& piece,
                                                       const std::string& file) {
    std::vector<core::RankedMovesSpec> out;
    for (std::size_t i = 0; i < array.size(); ++i) {
        const toml::node& node = *array.get(i);
        const std::string section = fmt::format("[pieces.{}] ranked entry {}", piece, i + 1);
        const auto* entry = node.as_table();
        if (!entry)
            return make_error(
                fmt::format("{} must be a table, not {}", section, type_phrase(node.type())),
                where_of(node.source(), file));
        Fields fields(*entry, section, file);
        core::RankedMovesSpec ranked;
        ranked.betza = fields.string("betza", Need::Required).value_or("");
        read_rank_window(fields, *entry, "from_ranks", ranked.from_first, ranked.from_last);
        read_rank_window(fields, *entry, "to_ranks", ranked.to_first, ranked.to_last);
        if (auto done = fields.finish(); !done) return done.error();
        if (!entry->contains("from_ranks") && !entry->contains("to_ranks"))
            return make_error(
                fmt::format("{} needs from_ranks or to_ranks (else put its moves in 'betza')",
                            section),
                where_of(node.source(), file));
        ranked.where = where_of(node.source(), file);
        out.push_back(std::move(ranked));
    }
    return out;
}

}  // namespace

Result<std::vector<core::PieceSpec>> read_pieces(const toml::table& pieces,
                                                 const std::string& file) {
    std::vector<core::PieceSpec> out;
    for (const std::string& name : keys_in_file_order(pieces, file)) {
        auto table = entry_table(*pieces.get(name), "pieces", name, file);
        if (!table) return table.error();
        Fields fields(**table, fmt::format("[pieces.{}]", name), file);
        core::PieceSpec piece;
        piece.name = name;
        const toml::table* by_colour = fields.table("by_square_colour");
        piece.betza =
            fields.string("betza", by_colour ? Need::Optional : Need::Required).value_or("");
        const auto role = fields.choice("role", {"normal", "pawn", "king"}).value_or("normal");
        piece.value = fields.number("value").value_or(0.0);
        const toml::array* ranked = fields.array("ranked");
        if (auto done = fields.finish(); !done) return done.error();
        if (ranked) {
            auto entries = read_ranked(*ranked, name, file);
            if (!entries) return entries.error();
            piece.ranked = std::move(entries.value());
        }
        if (by_colour) {
            // Moves by square colour: `own` on squares of the piece's colour, `other` elsewhere.
            Fields colour(*by_colour, fmt::format("[pieces.{}.by_square_colour]", name), file);
            piece.betza_own_colour = colour.string("own", Need::Required).value_or("");
            piece.betza_other_colour = colour.string("other", Need::Required).value_or("");
            if (auto done = colour.finish(); !done) return done.error();
            piece.where = colour.where("own");
        }
        if (piece.betza.empty() && !by_colour) {
            return make_error(fmt::format("'betza' in {} is empty", fields.section()),
                              fields.where("betza"));
        }
        piece.role = role_of(role);
        if (!by_colour) piece.where = fields.where("betza");
        out.push_back(std::move(piece));
    }
    if (out.empty()) {
        return make_error("[pieces] declares no pieces", where_of(pieces.source(), file));
    }
    return out;
}

Result<std::vector<core::ArmySpec>> read_armies(const toml::table& armies,
                                                const std::vector<core::PieceSpec>& pieces,
                                                const std::string& file) {
    std::vector<std::string> piece_names;
    for (const auto& piece : pieces) piece_names.push_back(piece.name);
    std::vector<core::ArmySpec> out;
    for (const std::string& name : keys_in_file_order(armies, file)) {
        auto table = entry_table(*armies.get(name), "armies", name, file);
        if (!table) return table.error();
        auto army = read_army(name, **table, piece_names, file);
        if (!army) return army.error();
        out.push_back(std::move(army.value()));
    }
    if (out.empty()) {
        return make_error("[armies] declares no armies", where_of(armies.source(), file));
    }
    if (auto unique = check_names_unique(out); !unique) return unique.error();
    for (const auto& piece : pieces) {
        const bool used = std::any_of(out.begin(), out.end(), [&](const core::ArmySpec& army) {
            return army_has_piece(army, piece.name);
        });
        if (!used) {
            return make_error(
                fmt::format("piece '{}' is used by no army (give it a letter in one)", piece.name),
                piece.where);
        }
    }
    return out;
}

std::string unknown_army_hint(std::string_view given, const std::vector<core::ArmySpec>& armies) {
    // Aliases are candidates too ("elfs" is one edit from "Elf"); the suggestion is the army.
    std::vector<std::string> names, candidates;
    for (const auto& army : armies) {
        names.push_back(army.name);
        candidates.push_back(army.name);
        candidates.insert(candidates.end(), army.aliases.begin(), army.aliases.end());
    }
    std::string hint;
    if (const auto nearest = nearest_name(given, candidates)) {
        hint = fmt::format("; did you mean '{}'?", core::find_army(armies, *nearest)->name);
    }
    return fmt::format("{} (armies: {})", hint, join_names(names));
}

}  // namespace balance::config
