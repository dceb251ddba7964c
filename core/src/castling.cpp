// Castling per army and per wing: resolving the variant file's tables, and the destination files.

#include "balance/core/castling.hpp"

namespace balance::core {

namespace {

std::string file_letter(int file) {
    return std::string(1, static_cast<char>('a' + file));
}

std::string square_text(int file, int rank) {
    return file_letter(file) + std::to_string(rank + 1);
}

const char* rule_name(CastlingRookTo rule) {
    return rule == CastlingRookTo::NextToKingStart ? "next-to-king-start"
                                                   : "next-to-king-destination";
}

// `key = "value" in [section]`, where a table set it.
CastlingSource source(const CastlingSettings& table, const std::string& key_value,
                      const std::string& where) {
    return {key_value + " in " + table.section, where};
}

std::string quoted(const std::string& text) {
    return "\"" + text + "\"";
}

// Lays one table's settings over `wing`: what the table sets wins.
void apply(const CastlingSettings& table, CastlingWing& wing) {
    if (table.enabled) wing.enabled = *table.enabled;
    if (table.king_to || table.king_travel) {
        wing.king_to = table.king_to.value_or(-1);
        wing.king_travel = table.king_travel.value_or(wing.king_travel);
        wing.king = source(table,
                           table.king_to ? "king_to = " + quoted(file_letter(*table.king_to))
                                         : "king_travel = " + std::to_string(*table.king_travel),
                           table.king_where);
    }
    if (table.rook_to_file || table.rook_to) {
        wing.rook_to_file = table.rook_to_file.value_or(-1);
        wing.rook_to = table.rook_to.value_or(wing.rook_to);
        wing.rook =
            source(table,
                   "rook_to = " + quoted(table.rook_to_file ? file_letter(*table.rook_to_file)
                                                            : rule_name(*table.rook_to)),
                   table.rook_where);
    }
}

// " (king_to = "b" in [castling.queenside])" after a message, or nothing for [castling]'s keys.
std::string named(const CastlingSource& source) {
    return source.key.empty() ? "" : " (" + source.key + ")";
}

std::string where_of(const CastlingSource& source, const std::string& table_where) {
    return source.where.empty() ? table_where : source.where;
}

}  // namespace

CastlingWing castling_wing(const VariantSpec& spec, const ArmySpec& army, int wing) {
    CastlingWing out;
    out.enabled = spec.castling.enabled;
    out.king_travel = spec.castling.king_travel;
    out.rook_to = spec.castling.rook_to;
    apply(spec.castling.wings[wing], out);
    apply(army.castling, out);
    apply(army.castling_wings[wing], out);
    return out;
}

int castling_from_move(const VariantSpec& spec, const ArmySpec& army) {
    return army.castling.from_move.value_or(spec.castling.from_move);
}

Result<CastlingFiles> castling_files(const CastlingWing& wing, int files, int rank, int king_file,
                                     int rook_file, const std::string& table_where) {
    const int dir = rook_file > king_file ? 1 : -1;
    const std::string board = " is off the board (files a-" + file_letter(files - 1) + ")";
    CastlingFiles out;
    if (wing.king_to >= 0) {
        if (wing.king_to >= files)
            return make_error("castling: " + wing.king.key + board,
                              where_of(wing.king, table_where));
        out.king = wing.king_to;
        if ((out.king - king_file) * dir <= 0 || (out.king - rook_file) * dir > 0)
            return make_error("castling: " + wing.king.key + " does not move the king on " +
                                  square_text(king_file, rank) + " toward its rook on " +
                                  square_text(rook_file, rank) +
                                  " (at most onto the rook's square)",
                              where_of(wing.king, table_where));
    } else {
        out.king = king_file + dir * wing.king_travel;
        if ((out.king - rook_file) * dir > 0 || (out.king - king_file) * dir <= 0)
            return make_error("castling: the king would travel past its rook" + named(wing.king),
                              where_of(wing.king, table_where));
    }
    if (wing.rook_to_file >= 0) {
        if (wing.rook_to_file >= files)
            return make_error("castling: " + wing.rook.key + board,
                              where_of(wing.rook, table_where));
        out.rook = wing.rook_to_file;
    } else {
        out.rook = wing.rook_to == CastlingRookTo::NextToKingDestination ? out.king - dir
                                                                         : king_file + dir;
    }
    if (out.rook == out.king) {
        // Name the setting that came last: a file given for either piece is the likelier slip.
        const CastlingSource& source = wing.rook.key.empty() ? wing.king : wing.rook;
        return make_error("castling: the king and its rook would both land on " +
                              square_text(out.king, rank) + named(source),
                          where_of(source, table_where));
    }
    return out;
}

}  // namespace balance::core
