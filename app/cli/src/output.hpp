#pragma once
// The shared output conventions of all subcommands.

#include "balance/analysis/json.hpp"
#include "balance/cli/app_context.hpp"
#include "balance/core/error.hpp"

namespace balance::cli {

// Prints "balance: error: <where>: <message>" (or without <where>) to ctx.err; returns 1, the
// exit status for any error.
int report_error(AppContext& ctx, const Error& error);

// Prints `object` as the command's single JSON object.
void print_json(AppContext& ctx, const analysis::Json& object);

}  // namespace balance::cli
