#pragma once
// The git revision the `balance` binary was built from, stamped at build time (not at CMake
// configure time, so a rebuild after a commit names the new revision): run records, reports and
// `--version` name it. "<12 hex digits>", plus "-dirty" when the working tree had uncommitted
// changes, or "unknown" outside a git checkout.

namespace balance::revision {

[[nodiscard]] const char* git_revision();

}  // namespace balance::revision
