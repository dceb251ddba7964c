// libFuzzer's entry point for one target, chosen at compile time (BALANCE_FUZZ_TARGET).

#include "fuzz_targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return balance::fuzz::BALANCE_FUZZ_TARGET(data, size);
}
