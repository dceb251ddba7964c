#pragma once
// A UCI engine (stockfish, fairy-stockfish, sjaakii -uci) driven over a Process.

#include <string>
#include <utility>
#include <vector>

#include "balance/players/external/process_client.hpp"
#include "balance/players/external/uci_protocol.hpp"

namespace balance::players::external {

struct UciConfig {
    ProcessOptions process;
    // Fairy-Stockfish variants: VariantPath is loaded before UCI_Variant is chosen. The variant
    // must be one the engine lists, otherwise start() fails (the engine itself would ignore it).
    std::string variant_path;
    std::string variant;
    std::vector<std::pair<std::string, std::string>> options;  // set in order after the variant
    TimeoutPolicy timeouts;
    LineObserver observer;
};

class UciClient final : public ProcessClient {
  public:
    explicit UciClient(UciConfig config);
    ~UciClient() override;

    // uci/uciok (name, author, options), VariantPath, UCI_Variant, options, isready/readyok.
    [[nodiscard]] EngineResult<void> start() override;
    void stop() override;  // quit, then terminate

    // Fails with Protocol when the engine has no such option or a combo has no such value.
    [[nodiscard]] EngineResult<void> set_option(std::string_view name,
                                                std::string_view value) override;
    [[nodiscard]] EngineResult<void> sync() override;      // isready / readyok
    [[nodiscard]] EngineResult<void> new_game() override;  // ucinewgame, then sync
    // position ... moves ...; go <limits>; waits for bestmove until search_timeout(limits).
    // `bestmove (none)` gives ReplyKind::NoLegalMove. A Timeout stops the engine.
    [[nodiscard]] EngineResult<SearchReply> go(std::string_view start_fen,
                                               const std::vector<std::string>& moves,
                                               const Limits& limits) override;

    // A running Fairy-Stockfish switched to another variant without a restart: the variants
    // file loaded when it is another (then a fresh option list, which names its variants),
    // UCI_Variant set, isready. A later restart starts with this variant.
    [[nodiscard]] EngineResult<void> select_variant(const std::string& variant_path,
                                                    const std::string& variant);

    [[nodiscard]] const std::string& engine_name() const override { return name_; }
    [[nodiscard]] const std::string& engine_author() const { return author_; }
    [[nodiscard]] const std::vector<UciOption>& engine_options() const { return options_; }

    // `go` with these limits, as sent to the engine ("go depth 5 movetime 100").
    [[nodiscard]] static std::string go_command(const Limits& limits);

  private:
    [[nodiscard]] EngineResult<void> handshake();  // uci ... uciok, filling name_/options_
    [[nodiscard]] const UciOption* find_option(std::string_view name) const;

    UciConfig config_;
    std::string name_;
    std::string author_;
    std::vector<UciOption> options_;
};

}  // namespace balance::players::external
