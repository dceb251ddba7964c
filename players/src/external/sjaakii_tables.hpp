#pragma once
// SjaakII's fixed-size tables (its pieces.h): at most 32 piece types, 16 leaper tables, 16
// asymmetric leaper tables and 15 stepper descriptions per variant. Beyond them it prints an
// error and gives the piece no move at all, so a variant that needs more is refused here.

#include <cstddef>
#include <string>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::players::external {

// `lines`: the bodies of every Move, Capture and Special line of the variant.
[[nodiscard]] Result<void> check_sjaakii_tables(std::size_t types,
                                                const std::vector<std::string>& lines);

}  // namespace balance::players::external
