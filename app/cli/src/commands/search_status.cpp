// `balance serve`'s search reader: a run's sweep file decides whether its database holds a fix
// search or a calibration, and that command's --status reads it.

#include "balance/cli/search_status.hpp"

#include <cctype>

#include <fmt/format.h>

#include "balance/config/sweep_reader.hpp"

namespace balance::cli {

Result<analysis::Json> captured_json(int status, const std::string& out, const std::string& err) {
    if (status != 0) {
        std::string message = err;
        while (!message.empty() && (message.back() == '\n' || message.back() == ' '))
            message.pop_back();
        const std::string prefix = "balance: error: ";
        if (message.rfind(prefix, 0) == 0) message.erase(0, prefix.size());
        return make_error(message.empty() ? fmt::format("exit status {}", status) : message);
    }
    analysis::Json json = analysis::Json::parse(out, nullptr, false);
    if (json.is_discarded() || !json.is_object())
        return make_error("the command's --status --json printed no JSON object");
    return json;
}

namespace {

// A calibration run with --nodes N names its rounds "<name>-n<N>-r<k>": N, else 0.
std::uint64_t calibration_nodes(const std::string& sweep_name, const std::string& base) {
    const std::string prefix = base + "-n";
    if (sweep_name.rfind(prefix, 0) != 0) return 0;
    std::uint64_t nodes = 0;
    for (std::size_t i = prefix.size(); i < sweep_name.size(); ++i) {
        const char c = sweep_name[i];
        if (std::isdigit(static_cast<unsigned char>(c)) == 0) return c == '-' ? nodes : 0;
        nodes = nodes * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return 0;
}

}  // namespace

serve::SearchReader search_reader() {
    return [](const tournament::RunRow& latest,
              const std::filesystem::path& db) -> Result<std::optional<serve::SearchState>> {
        if (latest.sweep_file.empty()) return std::optional<serve::SearchState>{};
        auto sweep = config::load_sweep(latest.sweep_file);
        if (!sweep) return sweep.error();
        if (sweep->fix) {
            auto state = fix_status(latest.sweep_file, db.string());
            if (!state) return state.error();
            return std::optional<serve::SearchState>{serve::SearchState{"fix", std::move(*state)}};
        }
        if (sweep->calibration) {
            auto state = calibration_status(latest.sweep_file, db.string(),
                                            calibration_nodes(latest.sweep_name, sweep->name));
            if (!state) return state.error();
            return std::optional<serve::SearchState>{
                serve::SearchState{"calibrate", std::move(*state)}};
        }
        return std::optional<serve::SearchState>{};
    };
}

}  // namespace balance::cli
