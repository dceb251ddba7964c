#pragma once
// Reading a castling table ([castling], [armies.<name>.castling]) with its wing tables
// ([...castling.kingside], [...castling.queenside]) into core::CastlingSettings. How the levels
// combine is core's (core/castling.hpp); this only reads and checks each table on its own.

#include <array>
#include <string>

#include <toml++/toml.h>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::config {

struct CastlingTable {
    core::CastlingSettings both;                  // the table's own keys: both wings
    std::array<core::CastlingSettings, 2> wings;  // [core::Kingside], [core::Queenside]
};

// `section` names the table in messages: "[castling]", "[armies.elves.castling]". A file letter
// (king_to, or rook_to naming a file) belongs to one wing and is refused in the table itself;
// board limits are checked when the rules are compiled (an inherited file may set the size).
[[nodiscard]] Result<CastlingTable> read_castling_table(const toml::table& table,
                                                        const std::string& section,
                                                        const std::string& file);

}  // namespace balance::config
