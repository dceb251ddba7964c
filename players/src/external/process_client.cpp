#include "balance/players/external/process_client.hpp"

#include "engine_channel.hpp"

namespace balance::players::external {

ProcessClient::ProcessClient(const ProcessOptions& process, LineObserver observer)
    : channel_(std::make_unique<EngineChannel>(process, std::move(observer))) {}

// Derived destructors call stop(); the channel's own destructor reaps whatever is left.
ProcessClient::~ProcessClient() = default;

EngineResult<void> ProcessClient::restart() {
    stop();
    return start();
}

bool ProcessClient::running() const {
    return channel_->is_open();
}

bool ProcessClient::alive() {
    return channel_->process_alive();
}

std::optional<pid_t> ProcessClient::pid() const {
    return channel_->pid();
}

EngineResult<void> ProcessClient::abandon_start(const EngineError& error) {
    const EngineError failure = channel_->fail(error);
    stop();
    return failure;
}

}  // namespace balance::players::external
