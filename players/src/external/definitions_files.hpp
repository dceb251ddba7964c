#pragma once
// Definitions files for engines that read their variants from a file written from our rules
// (Fairy-Max, SjaakII): each game's rules (the variant file with the sweep's rule options) give
// one file per army pairing, named by a hash of its content and written once per rules object a
// player meets. The engine variant a game needs is "<file>|<variant>", or "!<reason>" when the
// engine cannot play those rules: the client made for it then fails to start, naming the reason.

#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "balance/core/error.hpp"
#include "balance/core/game.hpp"
#include "balance/players/external/xboard_client.hpp"

namespace balance::players::external {

[[nodiscard]] inline char upper_letter(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}
[[nodiscard]] inline char lower_letter(char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// The whole content of a file (empty when it cannot be read).
[[nodiscard]] std::string read_text_file(const std::filesystem::path& path);

// A stable hash of `text` as 16 hex digits (FNV-1a): the same on every machine and build.
[[nodiscard]] std::string text_hash(const std::string& text);

// Writes `text` to `dir`/<prefix>-<hash of text>.<extension> unless that file already holds it
// (written to a temporary name, then renamed: concurrent writers never leave a partial file), and
// returns its absolute path. An empty `dir` is the system's temporary directory.
[[nodiscard]] Result<std::filesystem::path> write_definitions_file(const std::filesystem::path& dir,
                                                                   const std::string& prefix,
                                                                   const std::string& extension,
                                                                   const std::string& text);

// Points a client at an engine variant DefinitionsByRules::variant_of gave: its definitions file
// appended to the program's arguments and its variant named; for one that cannot be played, a
// program that does not exist, named by the reason, so that starting it fails with the reason.
// Returns whether the client plays from a definitions file.
bool use_definitions_variant(XboardConfig& xboard, const std::string& engine_variant);

// How Fairy-Max and Sjaak II number the first rank of a board of `ranks` ranks in their moves:
// 0 on a board of 10 ranks (ranks 0-9, one digit each: the XBoard convention), else 1 (their
// definitions files count from 1 on every board).
[[nodiscard]] constexpr int engine_first_rank(int ranks) {
    return ranks == 10 ? 0 : 1;
}

// What a writer keeps beside each variant's definitions when it keeps nothing more.
struct NoExtra {};

// The definitions of each game's rules, written once per rules object. `Extra` is what the
// writer says besides the text (SjaakII's promotion letters).
template <class Extra>
class DefinitionsByRules {
  public:
    struct Written {
        std::string text, variant;
        Extra extra{};
    };
    using Writer = std::function<Result<Written>(
        const core::VariantSpec& spec, const std::string& white, const std::string& black)>;

    DefinitionsByRules(std::filesystem::path dir, std::string prefix, std::string extension,
                       Writer writer)
        : dir_(std::move(dir)),
          prefix_(std::move(prefix)),
          extension_(std::move(extension)),
          writer_(std::move(writer)) {}

    // The engine variant for `game`: "<file>|<variant>" or "!<reason>".
    std::string variant_of(const core::Game& game) {
        return game.visit([&](const auto& pos) {
            const void* key = pos.rules_ptr().get();
            if (auto it = known_.find(key); it != known_.end()) return it->second.variant;
            const auto& rules = pos.rules();
            Entry entry;
            entry.rules = std::shared_ptr<const void>(pos.rules_ptr());
            auto written = writer_(rules.spec(), rules.armies[0].name, rules.armies[1].name);
            if (!written) {
                entry.variant = "!" + written.error().to_string();
            } else if (auto path = write_definitions_file(dir_, prefix_, extension_, written->text);
                       !path) {
                entry.variant = "!" + path.error().to_string();
            } else {
                entry.variant = path->string() + "|" + written->variant;
                extras_[entry.variant] = written->extra;
                first_ranks_[entry.variant] = engine_first_rank(rules.spec().ranks);
            }
            // The rules are kept alive with their entry, so their address is never reused.
            known_[key] = entry;
            return entry.variant;
        });
    }

    // What the writer said with the definitions of an engine variant variant_of gave.
    [[nodiscard]] const Extra* extra(const std::string& engine_variant) const {
        const auto it = extras_.find(engine_variant);
        return it == extras_.end() ? nullptr : &it->second;
    }

    // The number the engine gives the first rank of an engine variant variant_of gave
    // (XboardConfig::first_rank); 1 for any other.
    [[nodiscard]] int first_rank(const std::string& engine_variant) const {
        const auto it = first_ranks_.find(engine_variant);
        return it == first_ranks_.end() ? 1 : it->second;
    }

  private:
    struct Entry {
        std::shared_ptr<const void> rules;
        std::string variant;
    };
    std::filesystem::path dir_;
    std::string prefix_, extension_;
    Writer writer_;
    std::map<const void*, Entry> known_;
    std::map<std::string, Extra> extras_;
    std::map<std::string, int> first_ranks_;
};

}  // namespace balance::players::external
