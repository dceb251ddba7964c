#include "balance/analysis/rules_cache.hpp"

namespace balance::analysis {

Result<const core::AnyRules*> RulesCache::get(const tournament::GameRow& game) {
    const std::string rules_key =
        game.spec_hash.empty() ? game.variant + "|" + game.rules : game.spec_hash;
    const auto key = std::make_tuple(rules_key, game.white_army, game.black_army);
    auto it = cache_.find(key);
    if (it == cache_.end()) {
        auto spec = catalog_.spec_of(game);
        Result<core::AnyRules> rules =
            spec ? core::compile_rules(**spec, game.white_army, game.black_army)
                 : Result<core::AnyRules>(spec.error());
        it = cache_.emplace(key, std::move(rules)).first;
    }
    if (!it->second) return it->second.error();
    return &it->second.value();
}

}  // namespace balance::analysis
