#pragma once
// What the reports need to know about the variants named in a results store: the army order of
// the variant file (the seed's layout reports "X = Y" from the first army's point of view),
// the armies' display names and the documented piece values. Specs are loaded lazily, once per
// (variant, rules), because replaying games needs the exact rules they were played under.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"

namespace balance::app::report {

// army_rank of an army the variant file does not name.
inline constexpr int kUnknownArmyRank = 1000;

class VariantCatalog {
  public:
    // The spec of `variant` (a name known to find_variant, or a file) with the rule options in
    // `rules` (the store's canonical "opt1,opt2=value" text; "" = defaults).
    [[nodiscard]] Result<const core::VariantSpec*> spec(const std::string& variant,
                                                        const std::string& rules = "");

    // Rank of `army` in the variant file's army order; armies the file does not know (or a
    // variant that cannot be loaded) sort after the known ones, by name.
    [[nodiscard]] int army_rank(const std::string& variant, const std::string& army);

    // "Human" for humans (the first alias, as the seed writes it), else the army's name.
    [[nodiscard]] std::string display_name(const std::string& variant, const std::string& army);

    // Canonical army name for a name or alias (case-insensitive); `name` itself if unknown.
    [[nodiscard]] std::string canonical_army(const std::string& variant, const std::string& name);

  private:
    std::map<std::pair<std::string, std::string>, Result<core::VariantSpec>> specs_;
};

// The store's rules text split into the option selections load_variant takes.
[[nodiscard]] std::vector<std::string> split_rules(const std::string& rules);

// How reports print a rule set: "default" for "", else the text itself.
[[nodiscard]] std::string rules_label(const std::string& rules);

}  // namespace balance::app::report
