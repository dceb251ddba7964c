// Sweep loader: the input is a sweep file (its variant found by name among configs/variants or
// beside it); loading then validating it must end in a sweep or an error, and a fix file's
// candidates (generated edits of its rules, each compiled) must be built or refused.

#include "balance/config/fix_candidates.hpp"
#include "balance/config/sweep_reader.hpp"
#include "balance/tournament/open_sweep.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

int sweep_file(const std::uint8_t* data, std::size_t size) {
    const auto file = write_input(as_text(data, size), "fuzzed-sweep.toml");
    auto sweep = config::load_sweep(file);
    if (!sweep) return 0;
    (void)tournament::open_sweep(*sweep);
    if (sweep->fix) {
        sweep->fix->pairs = "none";  // pairs compile n^2/2 variants: too slow an input to fuzz
        (void)config::fix_candidates(*sweep);
    }
    return 0;
}

}  // namespace balance::fuzz
