#pragma once
// Checks that need the compiled rules, run by `balance check` and before a sweep starts: every
// cell's army pairing compiles under its rule set, and every book position fits every cell.

#include "balance/core/error.hpp"
#include "balance/tournament/sweep.hpp"

namespace balance::tournament {

[[nodiscard]] Result<void> validate_sweep(const Sweep& sweep);

}  // namespace balance::tournament
