#pragma once
// The HTML report's pieces section: each piece of a variant drawn on a small board from a
// central square, as `balance pieces` draws it in text (core/piece_diagram.hpp).

#include <string>

#include "balance/core/spec.hpp"

namespace balance::analysis {

// CSS for the boards (added to the page's style).
extern const char* const kPieceBoardStyle;

// Every piece of `spec` that an army has, one board each (two for a piece whose moves depend on
// its square's colour), with a legend; a piece whose rules do not compile is named with the
// error instead.
[[nodiscard]] std::string piece_boards_html(const core::VariantSpec& spec);

}  // namespace balance::analysis
