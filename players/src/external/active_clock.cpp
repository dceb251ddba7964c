#include "external/active_clock.hpp"

#include <condition_variable>
#include <stop_token>
#include <thread>

namespace balance::players::external {

StopMeter::Steady::duration StopMeter::observe(Steady::time_point now) {
    const std::lock_guard lock(mutex_);
    if (seen_ && now <= last_) return stopped_;  // read before another thread's newer reading
    if (seen_ && now - last_ > slack_) stopped_ += now - last_ - tick_;
    last_ = now;
    seen_ = true;
    return stopped_;
}

StopMeter::Steady::duration StopMeter::stopped() const {
    const std::lock_guard lock(mutex_);
    return stopped_;
}

namespace {

constexpr auto Tick = std::chrono::milliseconds(50);
constexpr auto Slack = std::chrono::milliseconds(500);

// The meter and the thread that keeps observing it, so a stop is told from a long wait.
class Ticker {
  public:
    Ticker()
        : thread_([this](const std::stop_token& stop) {
              std::mutex m;
              std::condition_variable_any cv;
              std::unique_lock lock(m);
              while (!stop.stop_requested()) {
                  meter_.observe(StopMeter::Steady::now());
                  cv.wait_for(lock, stop, Tick, [] { return false; });
              }
          }) {}
    StopMeter& meter() { return meter_; }

  private:
    StopMeter meter_{Tick, Slack};
    std::jthread thread_;  // last: stopped and joined before the meter goes
};

}  // namespace

ActiveClock::time_point ActiveClock::now() {
    static Ticker ticker;
    const auto steady = StopMeter::Steady::now();
    const auto stopped = ticker.meter().observe(steady);
    return time_point((steady - stopped).time_since_epoch());
}

}  // namespace balance::players::external
