#pragma once
// Test-side helpers for the external-engine tests: script files for mock_engine_scripted, a
// transcript of what a client sends, and the zombie check.

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "balance/players/external/engine_client.hpp"

namespace balance::mocks {

// A script for mock_engine_scripted in a temporary file, removed again on destruction.
class ScriptFile {
  public:
    explicit ScriptFile(const std::string& text) {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() /
                ("balance_mock_script_" + std::to_string(::getpid()) + "_" +
                 std::to_string(counter++) + ".txt");
        std::ofstream(path_) << text;
    }
    ScriptFile(const ScriptFile&) = delete;
    ScriptFile& operator=(const ScriptFile&) = delete;
    ~ScriptFile() {
        std::error_code ignored;
        std::filesystem::remove(path_, ignored);
    }
    [[nodiscard]] std::string path() const { return path_.string(); }

  private:
    std::filesystem::path path_;
};

// Records the lines a client sends, to check the commands it produces.
struct Transcript {
    std::vector<std::string> sent;
    std::size_t mark_ = 0;

    [[nodiscard]] players::external::LineObserver observer() {
        return [this](players::external::LineDirection direction, std::string_view line) {
            if (direction == players::external::LineDirection::ToEngine) sent.emplace_back(line);
        };
    }
    [[nodiscard]] bool contains(const std::string& line) const {
        for (const auto& s : sent) {
            if (s == line) return true;
        }
        return false;
    }
    void mark() { mark_ = sent.size(); }
    // The lines sent since the last mark().
    [[nodiscard]] std::vector<std::string> since_mark() const {
        return {sent.begin() + static_cast<std::ptrdiff_t>(mark_), sent.end()};
    }
};

// True when `pid` is no child of ours any more: it has been reaped, so it is no zombie.
inline bool reaped(pid_t pid) {
    int status = 0;
    return ::waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
}

inline bool executable(const std::string& path) {
    return ::access(path.c_str(), X_OK) == 0;
}

// The Debian engines the tests play against (setup.sh installs them; tests skip without them).
namespace debian_engines {
inline constexpr const char* stockfish = "/usr/games/stockfish";
inline constexpr const char* fairy_stockfish = "/usr/games/fairy-stockfish";
inline constexpr const char* fairymax = "/usr/games/fairymax";
inline constexpr const char* sjaakii = "/usr/games/sjaakii";
}  // namespace debian_engines

// A search limited to `d` plies and nothing else.
inline players::external::Limits depth(int d) {
    players::external::Limits limits;
    limits.depth = d;
    return limits;
}

}  // namespace balance::mocks
