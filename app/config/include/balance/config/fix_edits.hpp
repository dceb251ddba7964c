#pragma once
// The edits a [fix] search generates from a variant document (`balance fix`): a move component
// removed from or added to a piece's Betza, a slider's range stepped, a pawn removed or added in
// one side's array, two back-rank squares swapped. Each edit changes the document it is applied
// to, so two edits compose into a pair; fix_candidates.hpp turns them into candidates.

#include <functional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"

namespace balance::config {

// One generated change to a variant document. `apply` edits the document it is given (so two
// edits compose); it returns an error when the edit no longer fits it (a component the other
// edit removed, a square it emptied).
struct FixEdit {
    std::string kind;   // "betza", "ranges", "pawns", "swaps" (kFixEditKinds)
    std::string label;  // "unicorn: FafsF -> F (afsF removed)", "White: pawn on e2 removed"
    std::function<Result<void>(toml::table&)> apply;
};

// What to edit: the kinds asked for, the pieces whose Betza is edited, the components a Betza
// edit may add, and `pawn_letters[side]`: the FEN letters of pawns (upper case for White).
struct EditScope {
    std::vector<std::string> kinds;
    std::vector<std::string> pieces;
    std::vector<std::string> add;
    std::string pawn_letters[2];
};

// The single edits of a document (a resolved variant document, options applied), in order:
// each piece's Betza edits (components removed, added, ranges stepped), then White's pawn and
// back-rank edits, then Black's.
[[nodiscard]] std::vector<FixEdit> generate_edits(const toml::table& doc, const EditScope& scope);

// The Betza string split into its move components ("fmWfceFifmnD" -> fmW, fceF, ifmnD);
// empty when the text does not split (the piece then gets no Betza edits).
[[nodiscard]] std::vector<std::string> betza_components(const std::string& betza);

}  // namespace balance::config
