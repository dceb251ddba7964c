#pragma once
// Debug-build checks of core invariants: a move's fields, move-list bounds, the position after
// every make and unmake. Release builds (NDEBUG) compile them away, so the hot paths users run
// pay nothing; the test suite's sanitizer build (Debug) plays every game and perft under them.

#include <cstdio>
#include <cstdlib>

namespace balance::core::detail {

[[noreturn]] inline void invariant_violated(const char* what, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: core invariant violated: %s\n", file, line, what);
    std::abort();
}

}  // namespace balance::core::detail

#ifdef NDEBUG
#define BALANCE_ASSERT(condition) static_cast<void>(0)
#else
#define BALANCE_ASSERT(condition)       \
    ((condition) ? static_cast<void>(0) \
                 : ::balance::core::detail::invariant_violated(#condition, __FILE__, __LINE__))
#endif
