#pragma once
// BALANCE_ASSERT: the one debug-build check of an invariant, for every module. It lives beside
// error.hpp (balance_error) so that stats, which must not see a chess type, can use it as well
// as core, players, tournament and the app. Debug builds check; Release builds (NDEBUG) compile
// the checks away, so the hot paths users run (move generation, the search) pay nothing. The
// test suite's sanitizer build (./test.sh: Debug) plays every game, perft, search and fit under
// them. A broken invariant stops the program at once, naming the check, instead of corrupting a
// game or a table.

#include <cstdio>
#include <cstdlib>

namespace balance::detail {

[[noreturn]] inline void invariant_violated(const char* what, const char* file, int line) {
    std::fprintf(stderr, "%s:%d: invariant violated: %s\n", file, line, what);
    std::abort();
}

}  // namespace balance::detail

#ifdef NDEBUG
#define BALANCE_ASSERT(condition) static_cast<void>(0)
#else
#define BALANCE_ASSERT(condition)       \
    ((condition) ? static_cast<void>(0) \
                 : ::balance::detail::invariant_violated(#condition, __FILE__, __LINE__))
#endif
