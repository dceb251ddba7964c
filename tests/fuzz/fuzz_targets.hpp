#pragma once
// The fuzz targets: each takes one input (bytes) and feeds it to one reader of untrusted text.
// Built twice: as libFuzzer programs (BALANCE_FUZZ=ON, clang; libfuzzer_entry.cpp) and, in the
// normal build, into fuzz_corpus_replay, which feeds every file of tests/fuzz/corpus/<target>/
// to the same function as a regular test. A target must never crash, hang or leak on any input;
// errors are values, so every target only checks that reading returns.

#include <cstddef>
#include <cstdint>

namespace balance::fuzz {

int fen(const std::uint8_t* data, std::size_t size);            // Position::from_fen, 3 variants
int betza(const std::uint8_t* data, std::size_t size);          // core::parse_betza
int variant_file(const std::uint8_t* data, std::size_t size);   // load_variant + core::validate
int sweep_file(const std::uint8_t* data, std::size_t size);     // load_sweep + open_sweep
int uci_engine(const std::uint8_t* data, std::size_t size);     // `balance uci` command loop
int engine_output(const std::uint8_t* data, std::size_t size);  // UCI/XBoard engine-line parsers

}  // namespace balance::fuzz
