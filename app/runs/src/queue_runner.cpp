#include "balance/runs/queue_runner.hpp"

#include <unistd.h>

#include <csignal>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "balance/runs/queue_lock.hpp"
#include "balance/runs/queue_state.hpp"
#include "balance/runs/queue_status.hpp"
#include "balance/tournament/store.hpp"
#include "child_process.hpp"

namespace balance::runs {

namespace fs = std::filesystem;

namespace {

class Runner {
  public:
    Runner(const config::QueueFile& queue, const QueueLayout& layout, QueueState state,
           const std::atomic<bool>& stop, std::ostream& out)
        : queue_(queue), layout_(layout), state_(std::move(state)), stop_(stop), out_(out) {}

    Result<int> run() {
        out_ << fmt::format("queue {}: {} entries, directory {}, on failure: {}\n", queue_.file,
                            queue_.entries.size(), layout_.dir.string(),
                            queue_.on_failure == config::OnFailure::Stop ? "stop" : "continue");
        int failed = 0;
        for (const auto& entry : queue_.entries) {
            if (stop_) return stopped_between();
            auto outcome = play(entry);
            if (!outcome) return outcome.error();
            if (*outcome == Outcome::Stopped) return 130;
            if (*outcome == Outcome::Failed) {
                ++failed;
                if (queue_.on_failure == config::OnFailure::Stop) {
                    say(
                        fmt::format("queue stopped after the failure of {} (on_failure = "
                                    "\"stop\"); the next start tries it again",
                                    entry.name));
                    return 1;
                }
            }
        }
        say(fmt::format("queue {}: {} of {} entries finished{}", queue_.file,
                        queue_.entries.size() - static_cast<std::size_t>(failed),
                        queue_.entries.size(),
                        failed > 0 ? fmt::format(", {} failed", failed) : ""));
        return failed > 0 ? 1 : 0;
    }

  private:
    enum class Outcome { Finished, Failed, Stopped };

    void say(const std::string& line) {
        out_ << tournament::utc_now() << ' ' << line << '\n' << std::flush;
    }

    int stopped_between() {
        say("queue stopped between entries; the next start goes on");
        return 130;
    }

    Result<void> record(const config::QueueEntry& entry, EntryState s, int exit_code = 0,
                        std::int64_t pid = 0) {
        state_.entries[entry.name] =
            EntryRecord{s, entry_identity(entry), exit_code, pid, tournament::utc_now()};
        return state_.write(layout_.state_file());
    }

    Result<Outcome> fail(const config::QueueEntry& entry, int exit_code, const std::string& why) {
        say(fmt::format("end {}: failed ({})", entry.name, why));
        if (auto ok = record(entry, EntryState::Failed, exit_code); !ok) return ok.error();
        return Outcome::Failed;
    }

    Result<Outcome> play(const config::QueueEntry& entry) {
        if (entry.finished) {
            say(fmt::format("skip {}: marked finished in the queue file", entry.name));
            return Outcome::Finished;
        }
        if (const EntryRecord* r = state_.find(entry); r && r->state == EntryState::Finished) {
            say(fmt::format("skip {}: finished {}", entry.name, r->at));
            return Outcome::Finished;
        }
        // Played to its last game while the queue did not see it end (a power loss in between):
        // started again it would only add a run record.
        if (sweep_complete(entry, layout_)) {
            say(fmt::format("skip {}: every planned game is stored in {}", entry.name,
                            layout_.db(entry).string()));
            if (auto ok = record(entry, EntryState::Finished); !ok) return ok.error();
            return Outcome::Finished;
        }
        const fs::path binary = layout_.binary(entry);
        std::error_code ec;
        if (!fs::is_regular_file(binary, ec) || ::access(binary.c_str(), X_OK) != 0)
            return fail(entry, 127,
                        fmt::format("no build of revision {} at {}: results/studies.sh build makes "
                                    "it",
                                    entry.revision, binary.string()));
        const auto command = layout_.command(entry);
        const fs::path log = layout_.log(entry);
        say(fmt::format(
            "start {}: {}{} (log {})", entry.name, fmt::join(command, " "),
            entry.revision.empty() ? "" : fmt::format(" in {}", layout_.tree(entry).string()),
            log.string()));
        auto pid = start_child(command, layout_.tree(entry), entry.nice, log);
        if (!pid) return pid.error();
        if (auto ok = record(entry, EntryState::Running, 0, *pid); !ok) return ok.error();
        const ChildExit exit = wait_child(*pid, stop_);
        if (exit.code == 0) {
            say(fmt::format("end {}: finished", entry.name));
            if (auto ok = record(entry, EntryState::Finished); !ok) return ok.error();
            return Outcome::Finished;
        }
        // Told to stop, it stops after its games in flight (130); resumed at the next start.
        if (exit.stop_sent && (exit.code == 130 || exit.code == 128 + SIGTERM)) {
            say(fmt::format("stopped {}: it resumes from its database at the next start",
                            entry.name));
            if (auto ok = record(entry, EntryState::Stopped); !ok) return ok.error();
            return Outcome::Stopped;
        }
        return fail(entry, exit.code,
                    fmt::format("{} {}; see {}", exit.signalled ? "killed by signal" : "exit",
                                exit.signalled ? exit.code - 128 : exit.code, log.string()));
    }

    const config::QueueFile& queue_;
    const QueueLayout& layout_;
    QueueState state_;
    const std::atomic<bool>& stop_;
    std::ostream& out_;
};

}  // namespace

Result<int> run_queue(const config::QueueFile& queue, const QueueLayout& layout,
                      const std::atomic<bool>& stop, std::ostream& out) {
    std::error_code ec;
    fs::create_directories(layout.dir, ec);
    if (ec)
        return make_error("cannot create the queue's directory: " + ec.message(),
                          layout.dir.string());
    auto lock = QueueLock::take(layout.lock_file(), queue.file);
    if (!lock) return lock.error();
    auto state = QueueState::read(layout.state_file());
    if (!state) return state.error();
    Runner runner(queue, layout, std::move(*state), stop, out);
    return runner.run();
}

}  // namespace balance::runs
