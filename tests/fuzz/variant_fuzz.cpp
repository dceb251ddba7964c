// Variant loader: the input is a variant file; loading then validating it (compiling every
// army pairing and reading the start position) must end in a spec or an error.

#include "balance/config/variant_loader.hpp"
#include "balance/core/compile.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

int variant_file(const std::uint8_t* data, std::size_t size) {
    const auto file = write_input(as_text(data, size), "fuzzed.toml");
    auto spec = config::load_variant(file, {});
    if (spec) (void)core::validate(*spec);
    return 0;
}

}  // namespace balance::fuzz
