#pragma once
// Validation of a whole variant spec: every piece's Betza, every army, every pairing's start
// position. Used by `balance check` and by the config loader's tests.

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::core {

// Compiles every White x Black army pairing of the spec and parses its start position.
// Returns the first error, naming the piece, config line and offending part.
[[nodiscard]] Result<void> validate(const VariantSpec& spec);

}  // namespace balance::core
