#pragma once
// Typed, strict reading of one TOML table. Every getter names the key it accepts; finish()
// then reports any other key as unknown (with a nearest-name suggestion), so typos never pass
// silently. Getters remember only the first problem, so a reader can pull all its fields in a
// row and check once.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <toml++/toml.h>

#include "balance/core/error.hpp"

namespace balance::config {

enum class Need { Optional, Required };

class Fields {
  public:
    // `section` names the table in messages: "[pieces.unicorn]", "the top level".
    // `file` is used where toml++ knows no position.
    Fields(const toml::table& table, std::string section, std::string file);

    std::optional<std::string> string(std::string_view key, Need need = Need::Optional);
    std::optional<std::int64_t> integer(std::string_view key, Need need = Need::Optional,
                                        std::int64_t min = INT64_MIN, std::int64_t max = INT64_MAX);
    // Integers are accepted too: `value = 4` and `value = 4.0` mean the same.
    std::optional<double> number(std::string_view key, Need need = Need::Optional);
    std::optional<bool> boolean(std::string_view key, Need need = Need::Optional);
    std::optional<std::vector<std::string>> strings(std::string_view key,
                                                    Need need = Need::Optional);
    const toml::table* table(std::string_view key, Need need = Need::Optional);
    const toml::array* array(std::string_view key, Need need = Need::Optional);
    // A string that must be one of `choices`.
    std::optional<std::string> choice(std::string_view key, const std::vector<std::string>& choices,
                                      Need need = Need::Optional);

    // Records a problem found by the caller (e.g. an unknown piece name) at a node's position.
    void fail(const toml::source_region& at, std::string message);

    // "file:line" of a key's value, or of the table itself when the key is absent.
    [[nodiscard]] std::string where(std::string_view key) const;
    [[nodiscard]] const std::string& section() const { return section_; }
    [[nodiscard]] const std::string& file() const { return file_; }

    // The first unknown key (unknown keys win, because a misspelt key usually also causes a
    // "missing key" error that is less helpful), else the first recorded problem, else success.
    [[nodiscard]] Result<void> finish() const;

  private:
    const toml::node* get(std::string_view key, Need need);
    void wrong_type(std::string_view key, const toml::node& node, std::string_view expected);

    const toml::table& table_;
    std::string section_;
    std::string file_;
    std::vector<std::string> known_;
    std::optional<Error> error_;
};

}  // namespace balance::config
