#pragma once
// Errors are values in balance_stats too. stats must not depend on core (it knows numbers only),
// so it carries its own two-line error type; callers convert with
// `balance::make_error(e.message, "stats")` when they cross into the rest of the program.

#include <string>
#include <utility>
#include <variant>

namespace balance::stats {

/// Why a statistic could not be computed ("no games", "separation: ...", "singular ...").
struct StatsError {
    std::string message;
};

/// A value or a StatsError: the small part of C++23 std::expected that the fits need.
template <class T>
class [[nodiscard]] Expected {
  public:
    Expected(T value) : data_(std::move(value)) {}
    Expected(StatsError error) : data_(std::move(error)) {}

    [[nodiscard]] bool ok() const { return data_.index() == 0; }
    explicit operator bool() const { return ok(); }

    [[nodiscard]] T& value() & { return std::get<0>(data_); }
    [[nodiscard]] const T& value() const& { return std::get<0>(data_); }
    [[nodiscard]] T&& value() && { return std::get<0>(std::move(data_)); }
    [[nodiscard]] const StatsError& error() const { return std::get<1>(data_); }

    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }

  private:
    std::variant<T, StatsError> data_;
};

/// Shorthand for returning an error: `return fail("no games");`.
[[nodiscard]] inline StatsError fail(std::string message) {
    return StatsError{std::move(message)};
}

}  // namespace balance::stats
