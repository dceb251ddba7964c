#pragma once
// What the UCI and XBoard clients share: one engine process behind a private EngineChannel,
// restart(), the running/pid/garbage queries, and how a failed start is cleaned up.

#include <memory>

#include "balance/players/external/engine_client.hpp"
#include "balance/players/external/process.hpp"

namespace balance::players::external {

class EngineChannel;  // src/external/engine_channel.hpp

class ProcessClient : public EngineClient {
  public:
    ~ProcessClient() override;
    ProcessClient(const ProcessClient&) = delete;
    ProcessClient& operator=(const ProcessClient&) = delete;

    [[nodiscard]] EngineResult<void> restart() override;  // stop(), then start()
    [[nodiscard]] bool running() const override;
    [[nodiscard]] bool alive() override;
    [[nodiscard]] std::optional<pid_t> pid() const override;
    [[nodiscard]] int garbage_lines() const override { return garbage_; }

  protected:
    ProcessClient(const ProcessOptions& process, LineObserver observer);
    [[nodiscard]] EngineChannel& channel() const { return *channel_; }
    // For start(): stops the half-started engine (never left running) and returns `error`.
    [[nodiscard]] EngineResult<void> abandon_start(const EngineError& error);

    int garbage_ = 0;  // lines the protocol does not allow, since construction

  private:
    std::unique_ptr<EngineChannel> channel_;
};

}  // namespace balance::players::external
