#include "balance/config/variant_files.hpp"

#include "config_files.hpp"

namespace balance::config {

namespace fs = std::filesystem;

std::vector<fs::path> variant_search_dirs() {
    return config_search_dirs("variants");
}

Result<fs::path> find_variant(std::string_view name_or_path) {
    return find_config(name_or_path, "variants", "variant");
}

std::vector<fs::path> list_variant_files() {
    return list_config_files("variants");
}

}  // namespace balance::config
