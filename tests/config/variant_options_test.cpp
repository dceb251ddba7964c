// Option fragments merged over the shipped variants, and the canonical record of a selection.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "../support/temp_dir.hpp"
#include "../support/tiny_variant.hpp"
#include "../support/variants.hpp"
#include "balance/config/variant_loader.hpp"

namespace balance::config {
namespace {

using balance::testing::kShippedVariants;
using balance::testing::load_shipped;

std::string betza(const core::VariantSpec& spec, const std::string& name) {
    for (const auto& piece : spec.pieces) {
        if (piece.name == name) return piece.betza;
    }
    return "<missing>";
}

Error load_error(const std::filesystem::path& file, const std::vector<std::string>& options) {
    auto spec = load_variant(file, options);
    EXPECT_FALSE(spec.ok());
    return spec.ok() ? Error{} : spec.error();
}

using Strings = std::vector<std::string>;

TEST(VariantOptions, SpriteDoubleStepValuesChangeTheBetza) {
    EXPECT_EQ(betza(load_shipped("asymmetric", {}), "sprite"), "fmceFifmnA");
    EXPECT_EQ(betza(load_shipped("asymmetric", {"sprite-double-step=leap"}), "sprite"),
              "fmceFifmA");
    const auto none = load_shipped("asymmetric", {"sprite-double-step=none"});
    EXPECT_EQ(betza(none, "sprite"), "fmceF");
    EXPECT_EQ(none.active_options, Strings{"sprite-double-step=none"});
    EXPECT_EQ(betza(none, "guard"), "fmceWsceWifmnD");  // other pieces untouched
}

TEST(VariantOptions, SwitchesChangeRules) {
    const auto stalemate = load_shipped("asymmetric", {"stalemate-win"});
    EXPECT_EQ(stalemate.rules.stalemate, core::StalemateResult::WinForStalemater);
    EXPECT_FALSE(stalemate.rules.promote_to_captured);
    EXPECT_TRUE(load_shipped("asymmetric", {"promote-to-captured"}).rules.promote_to_captured);
    EXPECT_TRUE(load_shipped("asymmetric", {"free-placement"}).rules.free_placement);
    EXPECT_EQ(load_shipped("asymmetric", {"promotion-when-none-available=stays-pawn"})
                  .rules.no_promotion_available,
              core::NoPromotionAvailable::StaysPawn);
    EXPECT_EQ(load_shipped("asymmetric", {}).rules.stalemate, core::StalemateResult::Draw);
}

TEST(VariantOptions, SwitchOnByDefaultIsTurnedOffByValue) {
    const auto spec = load_shipped("asymmetric", {"guard-double-step=off"});
    EXPECT_EQ(betza(spec, "guard"), "fmceWsceW");
    EXPECT_EQ(spec.active_options, Strings{"guard-double-step=off"});
}

TEST(VariantOptions, FootmanEpOptionChangesBetza) {
    const auto spec = load_shipped("asymmetric", {"footman-ep-on-straight-step"});
    EXPECT_EQ(betza(spec, "footman"), "fmeWfceFifmnD");
    EXPECT_EQ(betza(load_shipped("asymmetric", {}), "footman"), "fmWfceFifmnD");
}

TEST(VariantOptions, ActiveOptionsAreCanonicalAndSorted) {
    const auto spec = load_shipped("asymmetric", {"stalemate-win=on", "sprite-double-step=none",
                                                  "promote-to-captured", "guard-double-step=on"});
    // "=on" of a switch is written as the bare name; choosing a default records nothing.
    EXPECT_EQ(spec.active_options,
              (Strings{"promote-to-captured", "sprite-double-step=none", "stalemate-win"}));
    EXPECT_TRUE(load_shipped("asymmetric", {"sprite-double-step=diagonal", "stalemate-win=off"})
                    .active_options.empty());
}

TEST(VariantOptions, UnevenArrayOptionsReplaceTheStartPosition) {
    EXPECT_EQ(load_shipped("uneven", {"king-file=e"}).start_fen,
              "ronckqwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RBNPKQMNIR w KQkq - 0 1");
    EXPECT_EQ(load_shipped("uneven", {"white-array=literal"}).start_fen,
              "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RPNIQKMNBR w KQkq - 0 1");
    EXPECT_EQ(load_shipped("uneven", {"white-array=mirrored"}).start_fen,
              "roncqkwndr/aaaaaaaaaa/10/10/10/10/AAAAAAAAAA/RINPQKMNBR w KQkq - 0 1");
}

TEST(VariantOptions, ValuesSettingTheSameKeyCannotBeCombined) {
    const Error error =
        load_error(kShippedVariants / "uneven.toml", {"king-file=e", "white-array=literal"});
    EXPECT_EQ(error.message,
              "options 'king-file=e' and 'white-array=literal' both set 'start_fen' and cannot be "
              "combined");
}

TEST(VariantOptions, UnknownOptionSuggestsTheNearest) {
    const Error error = load_error(kShippedVariants / "asymmetric.toml", {"stalemate-wn"});
    EXPECT_TRUE(error.message.starts_with(
        "unknown option 'stalemate-wn'; did you mean 'stalemate-win'? (options: stalemate-win, "))
        << error.message;
    EXPECT_TRUE(error.where.ends_with("asymmetric.toml")) << error.where;
}

TEST(VariantOptions, UnknownValueSuggestsTheNearest) {
    const Error error =
        load_error(kShippedVariants / "asymmetric.toml", {"sprite-double-step=leep"});
    EXPECT_EQ(error.message,
              "option 'sprite-double-step' has no value 'leep'; did you mean 'leap'? (values: "
              "diagonal, leap, none)");
}

TEST(VariantOptions, BareNameOfAMultiValueOptionAsksForAValue) {
    const Error error = load_error(kShippedVariants / "asymmetric.toml", {"sprite-double-step"});
    EXPECT_EQ(error.message,
              "option 'sprite-double-step' has no value 'on'; it needs a value: "
              "sprite-double-step=<value> (values: diagonal, leap, none)");
}

TEST(VariantOptions, ConflictingChoicesOfOneOptionAreAnError) {
    const Error error = load_error(kShippedVariants / "asymmetric.toml",
                                   {"sprite-double-step=none", "sprite-double-step=leap"});
    EXPECT_EQ(error.message, "option 'sprite-double-step' is given twice, as 'none' and as 'leap'");
}

TEST(VariantOptions, FragmentErrorsPointAtTheFragmentLine) {
    balance::testing::TempDir dir;
    const auto file = dir.write("opt.toml", balance::testing::tiny_variant(R"([armies.solo]
letters = { K = "king" }
[options.broken]
description = "sets a misspelt key"
[options.broken.values.on]
pieces.king.rol = "pawn"
)"));
    ASSERT_TRUE(load_variant(file).ok());  // the default does not touch the fragment
    const Error error = load_error(file, {"broken"});
    EXPECT_EQ(error.message, "unknown key 'rol' in [pieces.king]; did you mean 'role'?");
    EXPECT_TRUE(error.where.ends_with("opt.toml:10")) << error.where;
}

TEST(VariantOptions, DefaultMustBeOneOfTheValues) {
    balance::testing::TempDir dir;
    const auto file = dir.write("opt.toml", balance::testing::tiny_variant(R"([armies.solo]
letters = { K = "king" }
[options.size]
description = "a multi-value option"
default = "smal"
[options.size.values.small]
[options.size.values.large]
)"));
    const Error error = load_error(file, {});
    EXPECT_EQ(error.message,
              "default 'smal' of [options.size] is not one of its values (small, large); did you "
              "mean 'small'?");
    EXPECT_TRUE(error.where.ends_with("opt.toml:9")) << error.where;
}

TEST(VariantOptions, AmbiguousUnderMustNameAnotherOption) {
    balance::testing::TempDir dir;
    const auto file = dir.write("opt.toml", balance::testing::tiny_variant(R"([armies.solo]
letters = { K = "king" }
[options.reading]
description = "a reading of a rule that acts under another"
ambiguous_under = "rule-b"
[options.reading.values.on]
)"));
    const Error error = load_error(file, {});
    EXPECT_EQ(error.message,
              "ambiguous_under of [options.reading] names no other option of this file: 'rule-b'");
    EXPECT_TRUE(error.where.ends_with("opt.toml:7")) << error.where;
}

TEST(VariantOptions, ReadingsPlayEachOtherValueOfAnAmbiguousOption) {
    auto options = list_variant_options(balance::testing::kShippedVariants / "uneven.toml");
    ASSERT_TRUE(options.ok()) << options.error().to_string();
    const auto readings = readings_of(*options);
    std::vector<std::string> names;
    for (const auto& r : readings) names.push_back(r.name);
    EXPECT_EQ(names, (std::vector<std::string>{"default", "king-file-e", "white-array-literal",
                                               "white-array-mirrored"}));
    EXPECT_EQ(readings[1].options, (std::vector<std::string>{"king-file=e"}));
}

TEST(VariantOptions, InheritsMergesTheFileOverItsBase) {
    balance::testing::TempDir dir;
    dir.write("base.toml", R"(name = "base"
start_fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[rules]
stalemate = "draw"
fifty_move_plies = 100
[pieces.king]
betza = "K"
role = "king"
[pieces.rook]
betza = "R"
value = 5
[armies.solo]
letters = { K = "king", R = "rook" }
)");
    const auto child = dir.write("child.toml", R"(inherits = "base"
[rules]
stalemate = "win"
[pieces.rook]
betza = "jR"
)");
    auto spec = load_variant(child);
    ASSERT_TRUE(spec.ok()) << spec.error().to_string();
    EXPECT_EQ(spec->name, "child");  // names are never inherited
    EXPECT_EQ(spec->rules.stalemate, core::StalemateResult::WinForStalemater);
    EXPECT_EQ(spec->rules.fifty_move_plies, 100);
    ASSERT_EQ(spec->pieces.size(), 2u);
    EXPECT_EQ(spec->pieces[1].name, "rook");
    EXPECT_EQ(spec->pieces[1].betza, "jR");
    EXPECT_EQ(spec->pieces[1].value, 5.0);
    EXPECT_TRUE(spec->pieces[1].where.ends_with("child.toml:5")) << spec->pieces[1].where;
    EXPECT_TRUE(spec->pieces[0].where.ends_with("base.toml:7")) << spec->pieces[0].where;
}

TEST(VariantOptions, InheritsCycleIsAnError) {
    balance::testing::TempDir dir;
    dir.write("a.toml", "inherits = \"b\"\n");
    const auto b = dir.write("b.toml", "inherits = \"a\"\n");
    const Error error = load_error(b, {});
    EXPECT_TRUE(error.message.starts_with("'inherits' makes a cycle")) << error.message;
}

}  // namespace
}  // namespace balance::config
