#pragma once
// Errors are values in balance_stats too, with the program's one error vocabulary
// (balance/core/error.hpp, published by the balance_error target: that header alone, no chess
// types). The names below keep the statistics code readable: Expected<T> is Result<T>.

#include <string>
#include <utility>

#include "balance/core/error.hpp"

namespace balance::stats {

/// Why a statistic could not be computed ("no games", "separation: ...", "singular ...").
using StatsError = balance::Error;

/// A value or a StatsError.
template <class T>
using Expected = balance::Result<T>;

/// Shorthand for returning an error: `return fail("no games");`.
[[nodiscard]] inline StatsError fail(std::string message) {
    return balance::make_error(std::move(message));
}

}  // namespace balance::stats
