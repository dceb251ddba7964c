// `balance uci`: the input is a GUI's command stream. Searches are bounded so that the target
// cannot wait forever: every `go` gets a small node limit appended (the last limit given wins)
// and `infinite` is dropped; the stream ends with `quit`.

#include <sstream>
#include <string>

#include "balance/config/variant_loader.hpp"
#include "balance/players/engine/uci.hpp"
#include "fuzz_support.hpp"
#include "fuzz_targets.hpp"

namespace balance::fuzz {

namespace {

std::string bounded(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string out;
    for (std::string line; std::getline(in, line);) {
        for (auto at = line.find("infinite"); at != std::string::npos; at = line.find("infinite"))
            line.erase(at, 8);
        const auto first = line.find_first_not_of(" \t");
        if (first != std::string::npos && line.compare(first, 2, "go") == 0)
            line += " nodes 200 depth 2";
        out += line + "\n";
    }
    return out + "quit\n";
}

players::engine::UciEnvironment environment() {
    players::engine::UciEnvironment env;
    env.variants = {"chess", "asymmetric", "uneven"};
    env.load_variant = [](const std::string& name, const std::vector<std::string>& options) {
        return config::load_variant(
            std::string(BALANCE_SOURCE_DIR) + "/configs/variants/" + name + ".toml", options);
    };
    env.engine.hash_mb = 1;
    return env;
}

}  // namespace

int uci_engine(const std::uint8_t* data, std::size_t size) {
    static const players::engine::UciEnvironment env = environment();
    std::istringstream in(bounded(as_text(data, size)));
    std::ostringstream out;
    (void)players::engine::run_uci(in, out, env);
    return 0;
}

}  // namespace balance::fuzz
