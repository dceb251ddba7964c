#pragma once
// The smallest useful variant text, for tests that write config files: lines 1-4 of every file
// they write, so the line numbers in their expected messages count on from line 5.

#include <string>
#include <string_view>

namespace balance::testing {

constexpr std::string_view kTinyHead = R"(start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[pieces.king]
betza = "K"
role = "king"
)";

// kTinyHead followed by `rest` (which starts on line 5).
inline std::string tiny_variant(std::string_view rest) {
    return std::string(kTinyHead) + std::string(rest);
}

}  // namespace balance::testing
