#pragma once
// The shared output conventions of all subcommands.

#include <nlohmann/json.hpp>

#include "balance/core/error.hpp"
#include "cli/app_context.hpp"

namespace balance::app {

// JSON output keeps keys in insertion order, so the object reads like the text output.
using Json = nlohmann::ordered_json;

// Prints "balance: error: <where>: <message>" (or without <where>) to ctx.err; returns 1, the
// exit status for any error.
int report_error(AppContext& ctx, const Error& error);

// Prints `object` as the command's single JSON object.
void print_json(AppContext& ctx, const Json& object);

}  // namespace balance::app
