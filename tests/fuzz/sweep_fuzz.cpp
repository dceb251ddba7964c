// Sweep loader: the input is a sweep file (its variant found by name among configs/variants or
// beside it); loading then validating it must end in a sweep or an error.

#include "balance/tournament/validate.hpp"
#include "balance/config/sweep_reader.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

int sweep_file(const std::uint8_t* data, std::size_t size) {
    const auto file = write_input(as_text(data, size), "fuzzed-sweep.toml");
    auto sweep = app::load_sweep(file);
    if (sweep) (void)tournament::validate_sweep(*sweep);
    return 0;
}

}  // namespace balance::fuzz
