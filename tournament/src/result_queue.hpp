#pragma once
// The hand-over from the game workers to the single writer thread: an unbounded blocking queue
// (a finished game is small, and the writer is far faster than the games).

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace balance::tournament {

template <class T>
class ResultQueue {
  public:
    void push(T item) {
        {
            std::lock_guard lock(mutex_);
            items_.push_back(std::move(item));
        }
        ready_.notify_one();
    }
    // No more pushes: pop() drains what is left, then returns nullopt.
    void close() {
        {
            std::lock_guard lock(mutex_);
            closed_ = true;
        }
        ready_.notify_all();
    }
    std::optional<T> pop() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
        if (items_.empty()) return std::nullopt;
        T item = std::move(items_.front());
        items_.pop_front();
        return item;
    }

  private:
    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<T> items_;
    bool closed_ = false;
};

}  // namespace balance::tournament
