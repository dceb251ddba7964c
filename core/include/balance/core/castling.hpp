#pragma once
// One army's castling on one wing, resolved from the variant file's castling tables, and the
// files its king and rook land on. Rules::compile builds its castling tables from these; the
// Fairy-Max writer reads them to tell what Fairy-Max can play.

#include <string>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::core {

// Where a resolved setting came from, for messages: `key` reads like `king_to = "b" in
// [castling.queenside]`, and `where` is its "file:line". Both are empty for [castling]'s own
// keys and the defaults: errors about those name the [castling] table (VariantSpec's
// castling_where), as they always did.
struct CastlingSource {
    std::string key, where;
};

struct CastlingWing {
    bool enabled = true;
    int king_travel = 2;  // squares toward the rook; used when king_to < 0
    int king_to = -1;     // the king's destination file (0 = a), or -1
    CastlingRookTo rook_to = CastlingRookTo::NextToKingStart;  // used when rook_to_file < 0
    int rook_to_file = -1;                                     // or -1
    CastlingSource king, rook;  // where the king's and the rook's destinations were set
};

// The castling of `army` on `wing` (Kingside or Queenside): each setting from the most specific
// table that gives it, in the order [armies.<name>.castling.<wing>], [armies.<name>.castling],
// [castling.<wing>], [castling] (and the defaults). A table's king_travel and king_to are one
// setting (the king's destination), as are its rook_to rule and file.
[[nodiscard]] CastlingWing castling_wing(const VariantSpec& spec, const ArmySpec& army, int wing);

// The full move number from which `army` may castle ([armies.<name>.castling] from_move, else
// [castling]'s).
[[nodiscard]] int castling_from_move(const VariantSpec& spec, const ArmySpec& army);

struct CastlingFiles {
    int king = 0, rook = 0;  // destination files
};

// The destination files of a king on `king_file` castling toward the rook on `rook_file`, on a
// board `files` wide, or why they cannot be played: a destination off the board, a king that
// does not move toward its rook or passes it, both pieces landing on one square. `rank` (0 =
// the first) names squares in messages; `table_where` is where errors about [castling]'s own
// keys point.
[[nodiscard]] Result<CastlingFiles> castling_files(const CastlingWing& wing, int files, int rank,
                                                   int king_file, int rook_file,
                                                   const std::string& table_where);

}  // namespace balance::core
