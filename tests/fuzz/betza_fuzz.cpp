// Betza parser: any text either gives atoms or an error, never a crash or overflow.

#include "balance/core/betza.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

int betza(const std::uint8_t* data, std::size_t size) {
    (void)core::parse_betza(as_text(data, size));
    return 0;
}

}  // namespace balance::fuzz
