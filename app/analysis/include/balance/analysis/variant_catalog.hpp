#pragma once
// What the reports need to know about the variants named in a results store: the army order of
// the variant file (the seed's layout reports "X = Y" from the first army's point of view),
// the armies' display names and the documented piece values. Every spec comes from the rules the
// database recorded (rule_specs), never from today's configs/, so editing or deleting a variant
// file changes no report of games already played. Only a schema-1 database, which recorded no
// rules, is read with the variant files on disk. Specs are built lazily, once each.

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "balance/core/error.hpp"
#include "balance/core/spec.hpp"
#include "balance/tournament/store.hpp"

namespace balance::analysis {

// army_rank of an army the variant file does not name.
inline constexpr int kUnknownArmyRank = 1000;

class VariantCatalog {
  public:
    // `stored`: the database's rule specs (Store::specs). A variant they name is read from them
    // alone; one they do not name (a schema-1 database) from the variant files on disk.
    explicit VariantCatalog(std::vector<tournament::RuleSpecRow> stored = {});

    // The spec of `variant` with the rule options in `rules` (the store's canonical
    // "opt1,opt2=value" text; "" = defaults). For a variant the database recorded, `rules` ""
    // falls back to any recorded rule set of it (the armies and pieces are what is asked for).
    [[nodiscard]] Result<const core::VariantSpec*> spec(const std::string& variant,
                                                        const std::string& rules = "");

    // The spec `game` was played under: its recorded spec (spec_hash), else spec(variant, rules).
    [[nodiscard]] Result<const core::VariantSpec*> spec_of(const tournament::GameRow& game);

    // Rank of `army` in the variant file's army order; armies the file does not know (or a
    // variant that cannot be loaded) sort after the known ones, by name.
    [[nodiscard]] int army_rank(const std::string& variant, const std::string& army);

    // "Human" for humans (the first alias, as the seed writes it), else the army's name.
    [[nodiscard]] std::string display_name(const std::string& variant, const std::string& army);

    // Published piece values of `variant` ([reference] values) from today's variant file: they
    // are documentation, which databases do not keep. Empty when the file names none or is not
    // found.
    [[nodiscard]] const core::ReferenceTable& published(const std::string& variant);

    // Canonical army name for a name or alias (case-insensitive); `name` itself if unknown.
    [[nodiscard]] std::string canonical_army(const std::string& variant, const std::string& name);

  private:
    [[nodiscard]] Result<const core::VariantSpec*> stored_spec(const tournament::RuleSpecRow& row);

    std::vector<tournament::RuleSpecRow> stored_;
    std::map<std::string, Result<core::VariantSpec>> by_hash_;
    std::map<std::pair<std::string, std::string>, Result<core::VariantSpec>> from_configs_;
    std::map<std::string, core::ReferenceTable> published_;
};

// How reports print a rule set: "default" for "", else the text itself.
[[nodiscard]] std::string rules_label(const std::string& rules);

}  // namespace balance::analysis
