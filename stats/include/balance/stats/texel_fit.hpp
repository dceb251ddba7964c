#pragma once
// Texel's fit of a linear evaluation to game results.
//
// Each row i is a position: its features x_i (one per weight), a constant c_i (the part of the
// evaluation no weight multiplies) and the result r_i of its game (1 win, 0.5 draw, 0 loss, all
// from one side's view). The evaluation is e_i = x_i . w + c_i centipawns and the predicted
// score sigmoid(K e_i / 400) = 1 / (1 + 10^(-K e_i / 400)). The fit minimises
//
//   mean_i (r_i - sigmoid(K e_i / 400))^2 + l2 * sum_j ((w_j - prior_j) / 100)^2
//
// over w, K held at the value that minimises the error with w = prior (fitted first): the
// evaluation's scale is then the one the prior weights already have, and the regulariser pulls
// each weight toward its prior (`l2` is the error one weight 100 cp from its prior costs).
// Levenberg-Marquardt-damped Gauss-Newton steps on the normal equations, accumulated over row
// blocks in parallel (oneTBB) with Eigen's matrix products; a weight whose feature never varies
// is held at its prior.

#include <cstdint>
#include <span>
#include <vector>

#include "balance/core/error.hpp"

namespace balance::stats {

struct TexelRows {
    int columns = 0;
    std::vector<float> features;  // rows x columns, row-major
    std::vector<float> constants;
    std::vector<float> results;
    [[nodiscard]] std::int64_t rows() const { return static_cast<std::int64_t>(results.size()); }
};

struct TexelOptions {
    double l2 = 1e-4;
    int max_iterations = 50;
    double tolerance = 1e-10;  // stop when an accepted step lowers the error by less
};

struct TexelFit {
    double k = 1.0;
    std::vector<double> weights;
    double error_before = 0.0;  // mean squared error at the prior (with the fitted K)
    double error_after = 0.0;   // at the fitted weights
    int iterations = 0;
    std::vector<bool> held;  // per weight: its feature never varied, so it stayed at its prior
};

// The range fit_texel_scale searches. A K at its lower end means the evaluation barely
// predicts the results at those weights (or predicts them the wrong way round).
inline constexpr double TexelScaleMin = 0.05;
inline constexpr double TexelScaleMax = 20.0;

// The K that minimises the mean squared error with weights `w` (golden-section search on
// [TexelScaleMin, TexelScaleMax]).
[[nodiscard]] double fit_texel_scale(const TexelRows& rows, std::span<const double> w);

// The mean squared error of `w` at scale `k` (no regulariser).
[[nodiscard]] double texel_error(const TexelRows& rows, std::span<const double> w, double k);

// Errors: no rows, a size mismatch, a non-finite value in the rows or the prior.
[[nodiscard]] Result<TexelFit> fit_texel(const TexelRows& rows, std::span<const double> prior,
                                         const TexelOptions& options = {});

}  // namespace balance::stats
