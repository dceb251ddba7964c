#pragma once
// The JSON type of reports and command output.

#include <nlohmann/json.hpp>

namespace balance::analysis {

// JSON output keeps keys in insertion order, so the object reads like the text output.
using Json = nlohmann::ordered_json;

}  // namespace balance::analysis
