#include "balance/stats/davidson.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "balance/core/debug_assert.hpp"
#include "balance/stats/elo.hpp"

#include "newton.hpp"

namespace balance::stats {

namespace {

// Index layout of the full parameter vector phi = (theta_0 .. theta_{K-1}, eta, log nu).
struct Layout {
    int players;
    [[nodiscard]] int eta() const { return players; }
    [[nodiscard]] int log_nu() const { return players + 1; }
    [[nodiscard]] int full() const { return players + 2; }
    [[nodiscard]] int free() const { return players + 1; }
};

// phi = T beta: the free parameters drop theta_{K-1}, which is minus the sum of the others.
Eigen::MatrixXd sum_to_zero_map(const Layout& layout) {
    const int k = layout.players;
    Eigen::MatrixXd t = Eigen::MatrixXd::Zero(layout.full(), layout.free());
    for (int i = 0; i + 1 < k; ++i) {
        t(i, i) = 1.0;
        t(k - 1, i) = -1.0;
    }
    t(layout.eta(), k - 1) = 1.0;
    t(layout.log_nu(), k) = 1.0;
    return t;
}

// The three linear predictors of a (white, black) game as rows over phi:
// White win a = theta_w + eta, Black win b = theta_b, draw m = log nu + (a + b) / 2.
Eigen::MatrixXd predictor_rows(const Layout& layout, int white, int black) {
    Eigen::MatrixXd u = Eigen::MatrixXd::Zero(3, layout.full());
    u(0, white) += 1.0;
    u(0, layout.eta()) += 1.0;
    u(2, black) += 1.0;
    u.row(1) = 0.5 * (u.row(0) + u.row(2));
    u(1, layout.log_nu()) += 1.0;
    return u;
}

// Outcome probabilities (White win, draw, Black win) from the predictors by a stable softmax.
std::array<double, 3> softmax(const Eigen::VectorXd& eta) {
    const double top = eta.maxCoeff();
    std::array<double, 3> p{};
    double sum = 0.0;
    BALANCE_ASSERT(eta.size() == 3 && std::isfinite(top));
    for (int k = 0; k < 3; ++k) sum += p[k] = std::exp(eta(k) - top);
    for (double& v : p) v /= sum;
    BALANCE_ASSERT(p[0] >= 0.0 && p[0] <= 1.0 && p[1] >= 0.0 && p[1] <= 1.0 && p[2] >= 0.0 &&
                   p[2] <= 1.0);
    return p;
}

Expected<bool> validate(std::span<const DavidsonCell> cells, int players) {
    if (players < 1) return fail("Davidson fit needs at least one player");
    std::vector<std::int64_t> games(players, 0);
    std::int64_t draws = 0;
    for (const auto& c : cells) {
        if (c.white < 0 || c.white >= players || c.black < 0 || c.black >= players) {
            return fail("Davidson cell has a player id outside [0, " + std::to_string(players) +
                        ")");
        }
        if (c.white_wins < 0 || c.draws < 0 || c.black_wins < 0) {
            return fail("Davidson cell has a negative count");
        }
        const auto n = c.white_wins + c.draws + c.black_wins;
        games[c.white] += n;
        games[c.black] += n;
        draws += c.draws;
    }
    for (int k = 0; k < players; ++k) {
        if (games[k] == 0) return fail("player " + std::to_string(k) + " has no games");
    }
    if (draws == 0) return fail("no draws: the Davidson draw parameter is not identifiable");
    return true;
}

// Gradient of White's expected score with respect to phi, by the delta method:
// ds/du_k = P_k (w_k - s) with outcome scores w = (1, 1/2, 0), chained through the rows u.
Estimate white_score_with_gradient(const DavidsonFit& fit, int white, int black,
                                   Eigen::VectorXd& gradient) {
    const Layout layout{static_cast<int>(fit.strength.size())};
    const Eigen::MatrixXd u = predictor_rows(layout, white, black);
    Eigen::VectorXd phi(layout.full());
    phi << fit.strength, fit.white_advantage.value, fit.log_nu.value;
    const auto p = softmax(u * phi);
    const std::array<double, 3> w{1.0, 0.5, 0.0};
    const double s = p[0] + 0.5 * p[1];
    Eigen::VectorXd ds(3);
    for (int k = 0; k < 3; ++k) ds(k) = p[k] * (w[k] - s);
    gradient = u.transpose() * ds;
    return Estimate{s, std::sqrt(std::max(0.0, gradient.dot(fit.covariance * gradient)))};
}

Estimate linear_combination(const DavidsonFit& fit, const Eigen::VectorXd& c, double value) {
    return Estimate{value, std::sqrt(std::max(0.0, c.dot(fit.covariance * c)))};
}

}  // namespace

Expected<DavidsonFit> fit_davidson(std::span<const DavidsonCell> cells, int players) {
    if (auto ok = validate(cells, players); !ok) return ok.error();
    const Layout layout{players};
    const Eigen::MatrixXd t = sum_to_zero_map(layout);
    std::vector<Eigen::MatrixXd> rows;
    rows.reserve(cells.size());
    for (const auto& c : cells) rows.push_back(predictor_rows(layout, c.white, c.black));

    const auto evaluate = [&](const Eigen::VectorXd& beta) {
        const Eigen::VectorXd phi = t * beta;
        detail::Evaluation e;
        Eigen::VectorXd gradient = Eigen::VectorXd::Zero(layout.full());
        Eigen::MatrixXd hessian = Eigen::MatrixXd::Zero(layout.full(), layout.full());
        for (std::size_t c = 0; c < cells.size(); ++c) {
            const auto& cell = cells[c];
            const double counts[3] = {static_cast<double>(cell.white_wins),
                                      static_cast<double>(cell.draws),
                                      static_cast<double>(cell.black_wins)};
            const double n = counts[0] + counts[1] + counts[2];
            if (n == 0.0) continue;
            const Eigen::VectorXd eta = rows[c] * phi;
            const auto p = softmax(eta);
            Eigen::VectorXd residual(3);
            Eigen::MatrixXd curvature(3, 3);
            for (int k = 0; k < 3; ++k) {
                e.value += counts[k] * std::log(p[k]);
                residual(k) = counts[k] - n * p[k];
                for (int l = 0; l < 3; ++l) curvature(k, l) = n * p[k] * ((k == l) - p[l]);
            }
            e.max_abs_predictor = std::max({e.max_abs_predictor, std::abs(eta(0) - eta(2)),
                                            std::abs(eta(1) - eta(0)), std::abs(eta(1) - eta(2))});
            gradient.noalias() += rows[c].transpose() * residual;
            hessian.noalias() -= rows[c].transpose() * curvature * rows[c];
        }
        e.gradient = t.transpose() * gradient;
        e.hessian = t.transpose() * hessian * t;
        return e;
    };

    const auto result =
        detail::maximize_concave(evaluate, Eigen::VectorXd::Zero(layout.free()), {});
    switch (result.status) {
        case detail::NewtonStatus::Converged:
            break;
        case detail::NewtonStatus::Singular:
            return fail(
                "Davidson fit: singular information matrix (a player only meets itself, "
                "or the players split into groups that never meet)");
        case detail::NewtonStatus::Diverged:
            return fail(
                "Davidson fit: maximum likelihood estimate does not exist (separation: "
                "some player or colour never wins, never loses or never draws)");
        case detail::NewtonStatus::NotConverged:
            return fail("Davidson fit: Newton iterations did not converge");
    }

    const Eigen::VectorXd phi = t * result.parameters;
    BALANCE_ASSERT(phi.size() == layout.full() && phi.allFinite());
    BALANCE_ASSERT(result.covariance.rows() == layout.free() &&
                   result.covariance.cols() == layout.free());
    DavidsonFit fit;
    fit.covariance = t * result.covariance * t.transpose();
    fit.strength = phi.head(players);
    fit.strength_se = fit.covariance.diagonal().head(players).cwiseMax(0.0).cwiseSqrt();
    fit.white_advantage = {phi(layout.eta()),
                           std::sqrt(fit.covariance(layout.eta(), layout.eta()))};
    fit.log_nu = {phi(layout.log_nu()),
                  std::sqrt(fit.covariance(layout.log_nu(), layout.log_nu()))};
    const double nu = std::exp(fit.log_nu.value);
    fit.nu = {nu, nu * fit.log_nu.standard_error};
    fit.log_likelihood = result.value;
    fit.iterations = result.iterations;
    return fit;
}

DavidsonProbabilities davidson_probabilities(const DavidsonFit& fit, int white, int black) {
    const Layout layout{static_cast<int>(fit.strength.size())};
    Eigen::VectorXd phi(layout.full());
    phi << fit.strength, fit.white_advantage.value, fit.log_nu.value;
    BALANCE_ASSERT(white >= 0 && white < layout.players && black >= 0 && black < layout.players);
    const auto p = softmax(predictor_rows(layout, white, black) * phi);
    return DavidsonProbabilities{p[0], p[1], p[2]};
}

Estimate strength_difference(const DavidsonFit& fit, int i, int j) {
    Eigen::VectorXd c = Eigen::VectorXd::Zero(fit.covariance.rows());
    c(i) += 1.0;
    c(j) -= 1.0;
    return linear_combination(fit, c, fit.strength(i) - fit.strength(j));
}

Estimate strength_difference_elo(const DavidsonFit& fit, int i, int j) {
    const Estimate d = strength_difference(fit, i, j);
    return Estimate{kEloPerNat * d.value, kEloPerNat * d.standard_error};
}

Estimate strength_elo(const DavidsonFit& fit, int k) {
    return Estimate{kEloPerNat * fit.strength(k), kEloPerNat * fit.strength_se(k)};
}

Estimate white_advantage_elo(const DavidsonFit& fit) {
    return Estimate{kEloPerNat * fit.white_advantage.value,
                    kEloPerNat * fit.white_advantage.standard_error};
}

Estimate expected_white_score(const DavidsonFit& fit, int white, int black) {
    Eigen::VectorXd gradient;
    return white_score_with_gradient(fit, white, black, gradient);
}

Estimate colour_averaged_score(const DavidsonFit& fit, int i, int j) {
    Eigen::VectorXd g_white;
    Eigen::VectorXd g_black;
    const Estimate as_white = white_score_with_gradient(fit, i, j, g_white);
    const Estimate as_black = white_score_with_gradient(fit, j, i, g_black);
    const Eigen::VectorXd c = 0.5 * (g_white - g_black);
    return linear_combination(fit, c, 0.5 * (as_white.value + 1.0 - as_black.value));
}

Estimate white_advantage_score(const DavidsonFit& fit) {
    // Any player against itself: its strength cancels, leaving eta and nu.
    return expected_white_score(fit, 0, 0);
}

}  // namespace balance::stats
