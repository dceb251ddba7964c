#pragma once
// What a player on engine definitions written from the variant file (Fairy-Max, SjaakII) needs:
// the program, its timeouts and where the definitions files go.

#include <filesystem>

#include "balance/players/external/process.hpp"
#include "balance/players/external/search_types.hpp"

namespace balance::players::external {

struct DefinitionsPlayerConfig {
    ProcessOptions process;  // argv[0]: the program; argv is completed by the player
    TimeoutPolicy timeouts;
    // Where the definitions files go; empty: the system's temporary directory.
    std::filesystem::path definitions_dir;
};

}  // namespace balance::players::external
