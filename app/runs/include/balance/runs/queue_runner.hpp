#pragma once
// `balance queue FILE`: plays the queue's entries one after another, each as a child process of
// `balance` (this build, or the snapshot build of the entry's pinned revision). Finished
// entries are skipped without being started (so a finished database gets no new run record);
// the entry that was interrupted resumes from its database; a failed one (its exit code) stops
// the queue or is passed over, as the file's on_failure says, and is never counted as finished.

#include <atomic>
#include <ostream>

#include "balance/config/queue_reader.hpp"
#include "balance/core/error.hpp"
#include "balance/runs/queue_layout.hpp"

namespace balance::runs {

// The exit code: 0 when every entry is finished, 1 when one failed, 130 when `stop` (SIGINT,
// SIGTERM) stopped the queue; its entry was told to stop too and resumes at the next start.
// An error: the queue could not start (held by another process, say) or keep its state.
[[nodiscard]] Result<int> run_queue(const config::QueueFile& queue, const QueueLayout& layout,
                                    const std::atomic<bool>& stop, std::ostream& out);

}  // namespace balance::runs
