#include "balance/players/external/fairymax_player.hpp"

#include <unistd.h>
#include <atomic>
#include <fstream>
#include <map>
#include <sstream>

#include "balance/core/game.hpp"
#include "balance/players/external/engine_player.hpp"
#include "balance/players/external/fairymax_ini.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {

namespace {

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

std::string read_all(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

// The engine variant of a game: "<definitions file>|<game name>", or "!<error>" when Fairy-Max
// cannot play the game's rules (the client made for it fails to start, naming the error).
class Definitions {
  public:
    explicit Definitions(std::filesystem::path dir) : dir_(std::move(dir)) {}

    std::string variant_of(const core::Game& game) {
        return game.visit([&](const auto& pos) {
            const void* key = pos.rules_ptr().get();
            if (auto it = known_.find(key); it != known_.end()) return it->second.second;
            const auto& rules = pos.rules();
            const std::string white = rules.armies[0].name, black = rules.armies[1].name;
            std::string variant;
            auto text = fairymax_ini(rules.spec(), {{white, black}});
            if (!text) {
                variant = "!" + text.error().to_string();
            } else if (auto path = write_definitions(dir_, *text); !path) {
                variant = "!" + path.error().to_string();
            } else {
                variant = path->string() + "|" + fairymax_game_name(white, black);
            }
            // The rules are kept alive with their entry, so their address is never reused.
            known_[key] = {std::shared_ptr<const void>(pos.rules_ptr()), variant};
            return variant;
        });
    }

  private:
    std::filesystem::path dir_;
    std::map<const void*, std::pair<std::shared_ptr<const void>, std::string>> known_;
};

}  // namespace

Result<std::filesystem::path> write_definitions(const std::filesystem::path& dir,
                                                const std::string& text) {
    // Absolute: the engine may run in another working directory.
    const std::filesystem::path base =
        std::filesystem::absolute(dir.empty() ? std::filesystem::temp_directory_path() : dir);
    char name[64];
    std::snprintf(name, sizeof name, "fairymax-%016llx.ini",
                  static_cast<unsigned long long>(fnv1a(text)));
    const std::filesystem::path path = base / name;
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && read_all(path) == text) return path;
    std::filesystem::create_directories(base, ec);
    static std::atomic<unsigned> serial{0};
    const std::filesystem::path temporary =
        base / (std::string(name) + ".tmp" + std::to_string(::getpid()) + "-" +
                std::to_string(serial.fetch_add(1)));
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush())
            return make_error("cannot write Fairy-Max's definitions", temporary.string());
    }
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        std::filesystem::remove(temporary, ec);
        return make_error("cannot write Fairy-Max's definitions: " + ec.message(), path.string());
    }
    return path;
}

Result<std::unique_ptr<Player>> make_fairymax_player(FairymaxPlayerConfig config) {
    auto definitions = std::make_shared<Definitions>(config.definitions_dir);
    const auto make_client = [config](const std::string& variant) {
        XboardConfig xboard;
        xboard.process = config.process;
        xboard.process.argv.resize(1);
        xboard.process.argv.push_back(std::to_string(kFairymaxHashBits));
        xboard.timeouts = config.timeouts;
        if (!variant.empty() && variant[0] == '!') {
            // Cannot be played: a program that does not exist, named by the reason.
            xboard.process.argv = {"/nonexistent/" + variant.substr(1)};
        } else if (const auto bar = variant.find('|'); bar != std::string::npos) {
            xboard.process.argv.push_back(variant.substr(0, bar));
            xboard.variant = variant.substr(bar + 1);
        }
        return std::make_unique<XboardClient>(std::move(xboard));
    };
    auto player = std::make_unique<EnginePlayer>(
        make_client, "",
        [definitions](const core::Game& game) { return definitions->variant_of(game); });
    // Fairy-Max's double steps need an unmoved pawn, ours a pawn on its start rank.
    player->restate_refused_moves(true);
    if (auto started = player->start(""); !started)
        return make_error(started.error().describe(), config.process.name);
    return std::unique_ptr<Player>(std::move(player));
}

}  // namespace balance::players::external
