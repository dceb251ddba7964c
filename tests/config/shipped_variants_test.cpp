// The three shipped variant files, read through the loader and checked against RULES.md.

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "../support/temp_dir.hpp"
#include "../support/variants.hpp"
#include "balance/config/army_reader.hpp"
#include "balance/config/variant_loader.hpp"
#include "balance/core/army_lookup.hpp"

namespace balance::config {
namespace {

using balance::testing::kShippedVariants;
using balance::testing::load_shipped;

const core::PieceSpec& piece(const core::VariantSpec& spec, const std::string& name) {
    auto it = std::find_if(spec.pieces.begin(), spec.pieces.end(),
                           [&](const core::PieceSpec& p) { return p.name == name; });
    EXPECT_NE(it, spec.pieces.end()) << name;
    return *it;
}

const core::ArmySpec& army(const core::VariantSpec& spec, const std::string& name) {
    const core::ArmySpec* found = core::find_army(spec.armies, name);
    EXPECT_NE(found, nullptr) << name;
    return *found;
}

// Non-king material of one side of the start position, counted from the FEN with the army's
// letters and piece values (White: upper case, Black: lower case).
double start_material(const core::VariantSpec& spec, const core::ArmySpec& side, bool white) {
    double total = 0;
    const std::string placement = spec.start_fen.substr(0, spec.start_fen.find(' '));
    for (char c : placement) {
        if (!std::isalpha(static_cast<unsigned char>(c)) || (std::isupper(c) != 0) != white)
            continue;
        const std::string& name = side.letters.at(static_cast<char>(std::toupper(c)));
        if (piece(spec, name).role != core::PieceRole::King) total += piece(spec, name).value;
    }
    return total;
}

// The 1-based line of the first line in `file` containing `text`.
int line_of(const std::filesystem::path& file, const std::string& text) {
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.find(text) != std::string::npos) return n;
    }
    return 0;
}

TEST(ChessToml, IsOrthodox) {
    const auto spec = load_shipped("chess");
    EXPECT_EQ(spec.name, "chess");
    EXPECT_EQ(spec.files, 8);
    EXPECT_EQ(spec.ranks, 8);
    EXPECT_EQ(spec.start_fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    ASSERT_EQ(spec.pieces.size(), 6u);
    ASSERT_EQ(spec.armies.size(), 1u);
    const auto& fide = spec.armies[0];
    EXPECT_EQ(fide.name, "fide");
    EXPECT_EQ(fide.letters, (std::map<char, std::string>{{'P', "pawn"},
                                                         {'N', "knight"},
                                                         {'B', "bishop"},
                                                         {'R', "rook"},
                                                         {'Q', "queen"},
                                                         {'K', "king"}}));
    EXPECT_EQ(fide.promotions, (std::vector<std::string>{"knight", "bishop", "rook", "queen"}));
    EXPECT_EQ(fide.cannot_mate, (std::vector<std::string>{"", "N", "B"}));
    EXPECT_EQ(piece(spec, "pawn").betza, "fmWfceFifmnD");
    EXPECT_EQ(piece(spec, "pawn").role, core::PieceRole::Pawn);
    EXPECT_EQ(piece(spec, "king").role, core::PieceRole::King);
    EXPECT_EQ(piece(spec, "queen").value, 9.0);
    EXPECT_EQ(start_material(spec, fide, true), 39.0);
    EXPECT_EQ(start_material(spec, fide, false), 39.0);
    EXPECT_EQ(spec.castling.king_travel, 2);
    EXPECT_EQ(spec.rules.stalemate, core::StalemateResult::Draw);
    EXPECT_TRUE(spec.active_options.empty());
}

TEST(ChessToml, PiecesAreInFileOrderWithTheirLine) {
    const auto spec = load_shipped("chess");
    std::vector<std::string> names;
    for (const auto& p : spec.pieces) names.push_back(p.name);
    EXPECT_EQ(names,
              (std::vector<std::string>{"pawn", "knight", "bishop", "rook", "queen", "king"}));
    const auto file = kShippedVariants / "chess.toml";
    const int line = line_of(file, "betza = \"fmWfceFifmnD\"");
    ASSERT_GT(line, 0);
    const std::string& where = piece(spec, "pawn").where;
    EXPECT_TRUE(where.ends_with("chess.toml:" + std::to_string(line))) << where;
}

// The AlphaZero study's options come last in chess.toml. With their defaults they change
// nothing: classical chess keeps the canonical text (and so the spec hash) that existing
// results databases store, as if the options had never been added.
TEST(ChessToml, StudyOptionsLeaveClassicalChessUnchanged) {
    std::ifstream in(kShippedVariants / "chess.toml");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto study = text.find("# ---- The ten rule sets of the AlphaZero chess study");
    ASSERT_NE(study, std::string::npos);
    balance::testing::TempDir dir;
    const auto without = dir.write("chess.toml", text.substr(0, study));
    auto before = resolve_variant(without);
    auto now = resolve_variant(kShippedVariants / "chess.toml");
    ASSERT_TRUE(before.ok()) << before.error().to_string();
    ASSERT_TRUE(now.ok()) << now.error().to_string();
    EXPECT_EQ(now->spec_toml, before->spec_toml);
    for (const char* option :
         {"torpedo", "semi-torpedo", "pawn-back", "pawn-sideways", "self-capture", "no-castling",
          "no-castling-10", "pawn-one-square", "stalemate-win"}) {
        auto with = resolve_variant(kShippedVariants / "chess.toml", {option});
        ASSERT_TRUE(with.ok()) << option << ": " << with.error().to_string();
        EXPECT_NE(with->spec_toml, now->spec_toml) << option;
        EXPECT_EQ(with->spec.active_options, std::vector<std::string>{option});
    }
}

TEST(AsymmetricToml, ArmiesAndUnits) {
    const auto spec = load_shipped("asymmetric");
    EXPECT_EQ(spec.pieces.size(), 16u);  // 5 units per army + the shared Hero
    ASSERT_EQ(spec.armies.size(), 3u);
    EXPECT_EQ(spec.default_white, "humans");
    EXPECT_EQ(spec.default_black, "humans");
    EXPECT_EQ(army(spec, "Elf").name, "elves");
    EXPECT_EQ(army(spec, "Humans").name, "humans");
    EXPECT_EQ(army(spec, "orc").name, "orcs");

    const std::map<std::string, std::string> elves{{"P", "sprite"},  {"N", "unicorn"},
                                                   {"B", "ranger"},  {"R", "pegasus"},
                                                   {"Q", "phoenix"}, {"K", "hero"}};
    for (const auto& [letter, name] : elves)
        EXPECT_EQ(army(spec, "elves").letters.at(letter[0]), name);
    EXPECT_EQ(army(spec, "orcs").letters.at('N'), "werewolf");
    EXPECT_EQ(army(spec, "humans").letters.at('B'), "monk");

    EXPECT_EQ(piece(spec, "unicorn").betza, "FafsF");
    EXPECT_EQ(piece(spec, "werewolf").betza, "WafsW");
    EXPECT_EQ(piece(spec, "ranger").betza, "jB");
    EXPECT_EQ(piece(spec, "wyvern").betza, "jR");
    EXPECT_EQ(piece(spec, "pegasus").betza, "WDH");
    EXPECT_EQ(piece(spec, "sprite").betza, "fmceFifmnA");
    EXPECT_EQ(piece(spec, "guard").betza, "fmceWsceWifmnD");
    EXPECT_EQ(piece(spec, "guard").role, core::PieceRole::Pawn);
    EXPECT_EQ(piece(spec, "hero").role, core::PieceRole::King);
    EXPECT_EQ(piece(spec, "hero").value, 3.0);
}

TEST(AsymmetricToml, PromotionsAndMatingMaterial) {
    const auto spec = load_shipped("asymmetric");
    EXPECT_EQ(army(spec, "humans").promotions,
              (std::vector<std::string>{"knight", "monk", "griffin", "angel"}));
    EXPECT_EQ(army(spec, "elves").promotions,
              (std::vector<std::string>{"unicorn", "ranger", "pegasus", "phoenix"}));
    EXPECT_EQ(army(spec, "orcs").promotions, (std::vector<std::string>{"harpy"}));
    EXPECT_EQ(army(spec, "humans").cannot_mate, (std::vector<std::string>{"", "N", "B", "NN"}));
    EXPECT_EQ(army(spec, "elves").cannot_mate, (std::vector<std::string>{"", "B", "BB"}));
    EXPECT_EQ(army(spec, "orcs").cannot_mate, (std::vector<std::string>{"", "B", "N"}));
}

// RULES 1.6: each army's non-king material adds up to exactly 41.0.
TEST(AsymmetricToml, EveryArmyHas41PawnsOfMaterial) {
    const auto spec = load_shipped("asymmetric");
    for (const auto& side : spec.armies) {
        EXPECT_NEAR(start_material(spec, side, true), 41.0, 1e-9) << side.name;
        EXPECT_NEAR(start_material(spec, side, false), 41.0, 1e-9) << side.name;
    }
}

TEST(AsymmetricToml, DeclaresItsOptionsInFileOrder) {
    auto options = list_variant_options(kShippedVariants / "asymmetric.toml");
    ASSERT_TRUE(options.ok()) << options.error().to_string();
    std::vector<std::string> names, defaults;
    for (const auto& option : *options) {
        names.push_back(option.name);
        defaults.push_back(option.default_value);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"stalemate-win", "promote-to-captured",
                                               "free-placement", "promotion-when-none-available",
                                               "sprite-double-step", "guard-double-step",
                                               "footman-ep-on-straight-step", "anti-relay"}));
    EXPECT_EQ(defaults, (std::vector<std::string>{"off", "off", "off", "may-not-enter", "diagonal",
                                                  "on", "off", "off"}));
    EXPECT_TRUE(options->front().is_switch);
    EXPECT_EQ((*options)[4].values, (std::vector<std::string>{"diagonal", "leap", "none"}));
    EXPECT_FALSE((*options)[4].is_switch);
    EXPECT_EQ((*options)[0].values, (std::vector<std::string>{"off", "on"}));  // implied `off`
}

TEST(UnevenToml, BoardArmiesAndValues) {
    const auto spec = load_shipped("uneven");
    EXPECT_EQ(spec.files, 10);
    EXPECT_EQ(spec.ranks, 8);
    EXPECT_EQ(spec.value_unit, "quarter-pawn");
    EXPECT_EQ(spec.castling.king_travel, 3);
    EXPECT_EQ(spec.pieces.size(), 13u);
    EXPECT_EQ(spec.default_white, "white");
    EXPECT_EQ(spec.default_black, "black");
    EXPECT_EQ(army(spec, "white").letters.at('A'), "pawn");
    EXPECT_EQ(army(spec, "white").letters.at('P'), "phoenix");
    EXPECT_EQ(army(spec, "white").letters.at('I'), "kirin");
    EXPECT_EQ(army(spec, "black").letters.at('O'), "carpenter");
    EXPECT_EQ(army(spec, "black").letters.at('D'), "dragonhorse");
    EXPECT_EQ(piece(spec, "man").role, core::PieceRole::Normal);
    EXPECT_EQ(piece(spec, "crab").betza, "ffNbsN");
    ASSERT_EQ(spec.bonuses.size(), 1u);
    EXPECT_EQ(spec.bonuses[0].pieces, (std::vector<std::string>{"kirin", "bishop"}));
    EXPECT_EQ(spec.bonuses[0].value, 2.0);
    EXPECT_EQ(army(spec, "white").cannot_mate, (std::vector<std::string>{"", "N", "B", "P", "I"}));
    EXPECT_EQ(army(spec, "black").cannot_mate, (std::vector<std::string>{"", "C", "W", "N"}));
}

// RULES 2.3: White 195 + the colour-bound pair 2 (+ the first move 1) = Black 198.
TEST(UnevenToml, MaterialMatchesTheAuthorsTotals) {
    const auto spec = load_shipped("uneven");
    EXPECT_EQ(start_material(spec, army(spec, "white"), true), 195.0);
    EXPECT_EQ(start_material(spec, army(spec, "black"), false), 198.0);
}

// Promotion is to any piece type of the player's own starting array (the page), king and pawn
// excepted.
TEST(UnevenToml, PromotionsAreTheOwnArrayTypes) {
    const auto spec = load_shipped("uneven");
    for (const auto& side : spec.armies) {
        std::vector<std::string> array_types;
        for (const auto& [letter, name] : side.letters) {
            if (piece(spec, name).role == core::PieceRole::Normal) array_types.push_back(name);
        }
        auto promotions = side.promotions;
        std::sort(array_types.begin(), array_types.end());
        std::sort(promotions.begin(), promotions.end());
        EXPECT_EQ(promotions, array_types) << side.name;
    }
}

}  // namespace
}  // namespace balance::config
