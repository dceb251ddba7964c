#pragma once
// Stored games as PGN. Tags: Event (sweep), Site, Date, Round (game index), White/Black (player
// names), Result, Variant, SetUp "1" and FEN (the start position without core's army metadata,
// so ordinary PGN readers accept it), WhiteArmy/BlackArmy, Rules, Termination, PlyCount, GameKey.
// Movetext: SAN, replayed through core::Game from the stored UCI moves.

#include <string>

#include "balance/core/game.hpp"
#include "balance/core/rules.hpp"
#include "balance/tournament/store.hpp"

namespace balance::tournament {

// `rules`: the compiled rules of the game's variant, armies and rule options. Errors: a stored
// position or move that does not fit them. `variant`: the Variant tag when it is not the variant
// file's name (a section of a variants.ini written beside the PGN), which then moves to a
// VariantFile tag.
[[nodiscard]] Result<std::string> format_pgn(const GameRow& row, const core::AnyRules& rules,
                                             const std::string& site,
                                             const std::string& variant = {});

// A core FEN without the army metadata suffix (" {W:elves B:orcs}").
[[nodiscard]] std::string plain_fen(const std::string& fen);

}  // namespace balance::tournament
