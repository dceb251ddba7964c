#include "balance/stats/logistic.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace balance::stats {
namespace {

double logit(double p) {
    return std::log(p / (1 - p));
}

struct Data {
    Eigen::MatrixXd x;
    Eigen::VectorXd y;
    std::vector<std::int64_t> clusters;
};

// Rows with intercept, a standard normal covariate and a 0/1 covariate; y is a game score
// 0, 1/2, 1 with mean mu = logistic(x'b) and draw probability 0.8 min(mu, 1 - mu).
Data planted(int n, const Eigen::Vector3d& beta, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> uniform;
    Data data{Eigen::MatrixXd(n, 3), Eigen::VectorXd(n), {}};
    for (int i = 0; i < n; ++i) {
        data.x(i, 0) = 1.0;
        data.x(i, 1) = normal(rng);
        data.x(i, 2) = uniform(rng) < 0.5 ? 1.0 : 0.0;
        const double mu = 1.0 / (1.0 + std::exp(-data.x.row(i).dot(beta)));
        const double draw = 0.8 * std::min(mu, 1 - mu);
        const double u = uniform(rng);
        data.y(i) = u < mu - draw / 2 ? 1.0 : (u < mu + draw / 2 ? 0.5 : 0.0);
        data.clusters.push_back(i);
    }
    return data;
}

TEST(Logistic, InterceptOnlyClosedForm) {
    // y has mean 0.6 -> b = logit(0.6), se_model = 1/sqrt(n 0.24). Clusters of two rows:
    // residual sums 0.3, -0.7, 0.8, -0.7, 0.3 -> sum of squares 1.8, so
    // V_robust = G/(G-1) * 1.8 / (n 0.24)^2 = 1.25 * 1.8 / 5.76 = 0.390625.
    Eigen::MatrixXd x = Eigen::MatrixXd::Ones(10, 1);
    Eigen::VectorXd y(10);
    y << 1, 0.5, 0.5, 0, 1, 1, 0.5, 0, 1, 0.5;
    const std::vector<std::int64_t> clusters{7, 7, 3, 3, 9, 9, 1, 1, 4, 4};
    const auto fit = fit_logistic(x, y, clusters);
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    EXPECT_NEAR(fit->coefficients(0), logit(0.6), 1e-10);
    EXPECT_NEAR(fit->se_model(0), 1 / std::sqrt(2.4), 1e-10);
    EXPECT_NEAR(fit->se_robust(0), 0.625, 1e-10);
    EXPECT_EQ(fit->clusters, 5);
    // Pearson: sum (y - 0.6)^2 / 0.24 / (n - 1) = (4*.16 + 4*.01 + 2*.36) / 0.24 / 9.
    EXPECT_NEAR(fit->dispersion, (4 * 0.16 + 4 * 0.01 + 2 * 0.36) / 0.24 / 9, 1e-10);
    // Bernoulli quasi-log-likelihood at mu = 0.6: sum y log 0.6 + (1 - y) log 0.4.
    EXPECT_NEAR(fit->log_likelihood, 6 * std::log(0.6) + 4 * std::log(0.4), 1e-10);
}

TEST(Logistic, TwoGroupClosedForm) {
    // Group 0 (x=0): mean 0.25 over 8 rows; group 1 (x=1): mean 0.75 over 4 rows.
    Eigen::MatrixXd x(12, 2);
    Eigen::VectorXd y(12);
    const double ys[12] = {0, 0, 0.5, 0.5, 0, 1, 0, 0, 1, 1, 0.5, 0.5};
    for (int i = 0; i < 12; ++i) {
        x(i, 0) = 1;
        x(i, 1) = i < 8 ? 0 : 1;
        y(i) = ys[i];
    }
    const auto fit = fit_logistic(x, y, {});
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    EXPECT_NEAR(fit->coefficients(0), logit(0.25), 1e-10);
    EXPECT_NEAR(fit->coefficients(1), logit(0.75) - logit(0.25), 1e-10);
    EXPECT_NEAR(fit->se_model(0), 1 / std::sqrt(8 * 0.1875), 1e-10);
    EXPECT_NEAR(fit->se_model(1), std::sqrt(1 / (8 * 0.1875) + 1 / (4 * 0.1875)), 1e-10);
}

TEST(Logistic, RecoversPlantedCoefficients) {
    const Eigen::Vector3d beta(0.2, 0.5, -0.4);
    const Data data = planted(4000, beta, 2024);
    const auto fit = fit_logistic(data.x, data.y, data.clusters);
    ASSERT_TRUE(fit.ok()) << fit.error().message;
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(fit->coefficients(k), beta(k), 3 * fit->se_robust(k)) << "coefficient " << k;
    }
    // Draws make the true variance smaller than mu(1 - mu): the binomial SE is conservative,
    // and with independent rows the sandwich matches the quasi-binomial SE.
    EXPECT_LT(fit->dispersion, 0.9);
    for (int k = 0; k < 3; ++k) {
        EXPECT_LT(fit->se_robust(k), fit->se_model(k));
        EXPECT_NEAR(fit->se_robust(k), fit->se_model(k) * std::sqrt(fit->dispersion),
                    0.1 * fit->se_robust(k));
    }
}

TEST(Logistic, ClusterRobustSeeThroughDuplicatedRows) {
    // Every row three times in its own cluster: the model-based SE shrinks by sqrt(3) as if
    // there were three times the data, the cluster-robust SE does not move.
    const Data data = planted(1500, Eigen::Vector3d(0.1, 0.3, 0.2), 5);
    const auto once = fit_logistic(data.x, data.y, data.clusters);
    Data tripled{Eigen::MatrixXd(4500, 3), Eigen::VectorXd(4500), {}};
    for (int i = 0; i < 1500; ++i) {
        for (int c = 0; c < 3; ++c) {
            tripled.x.row(3 * i + c) = data.x.row(i);
            tripled.y(3 * i + c) = data.y(i);
            tripled.clusters.push_back(data.clusters[i]);
        }
    }
    const auto dup = fit_logistic(tripled.x, tripled.y, tripled.clusters);
    ASSERT_TRUE(once.ok() && dup.ok());
    for (int k = 0; k < 3; ++k) {
        EXPECT_NEAR(dup->coefficients(k), once->coefficients(k), 1e-9);
        EXPECT_NEAR(dup->se_model(k), once->se_model(k) / std::sqrt(3.0), 1e-9);
        EXPECT_NEAR(dup->se_robust(k), once->se_robust(k), 1e-9);
        EXPECT_GT(dup->se_robust(k), dup->se_model(k));
    }
    // Ignoring the clusters (each row its own) fakes the precision.
    const auto naive = fit_logistic(tripled.x, tripled.y, {});
    ASSERT_TRUE(naive.ok());
    for (int k = 0; k < 3; ++k) EXPECT_LT(naive->se_robust(k), 0.7 * dup->se_robust(k));
}

TEST(Logistic, ErrorsInsteadOfCrashes) {
    Eigen::MatrixXd x(6, 2);
    x << 1, -3, 1, -2, 1, -1, 1, 1, 1, 2, 1, 3;
    Eigen::VectorXd separated(6);
    separated << 0, 0, 0, 1, 1, 1;
    const auto a = fit_logistic(x, separated, {});
    ASSERT_FALSE(a.ok());
    EXPECT_NE(a.error().message.find("separation"), std::string::npos) << a.error().message;

    Eigen::MatrixXd collinear(6, 3);
    collinear << x, 2 * x.col(1);
    Eigen::VectorXd y(6);
    y << 0, 0.5, 1, 0, 1, 0.5;
    const auto b = fit_logistic(collinear, y, {});
    ASSERT_FALSE(b.ok());
    EXPECT_NE(b.error().message.find("rank deficient"), std::string::npos);

    Eigen::VectorXd out_of_range = y;
    out_of_range(0) = 1.5;
    EXPECT_FALSE(fit_logistic(x, out_of_range, {}).ok());
    EXPECT_FALSE(fit_logistic(x, y.head(5), {}).ok());
    const std::vector<std::int64_t> one_cluster(6, 42);
    EXPECT_FALSE(fit_logistic(x, y, one_cluster).ok());
}

TEST(Logistic, ClusterBootstrapIsSeededAndAgreesWithSandwich) {
    const Data data = planted(1000, Eigen::Vector3d(0.2, 0.5, -0.4), 11);
    const auto fit = fit_logistic(data.x, data.y, data.clusters);
    const auto a = cluster_bootstrap(data.x, data.y, data.clusters, 300, 0.95, 1);
    const auto b = cluster_bootstrap(data.x, data.y, data.clusters, 300, 0.95, 1);
    const auto c = cluster_bootstrap(data.x, data.y, data.clusters, 300, 0.95, 2);
    ASSERT_TRUE(fit.ok() && a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->replications + a->failed, 300);
    EXPECT_EQ(a->lower, b->lower);  // same seed, same resamples
    EXPECT_EQ(a->upper, b->upper);
    EXPECT_NE(a->lower, c->lower);
    for (int k = 0; k < 3; ++k) {
        EXPECT_LT(a->lower(k), fit->coefficients(k));
        EXPECT_GT(a->upper(k), fit->coefficients(k));
        const double sandwich_width = 2 * 1.959964 * fit->se_robust(k);
        EXPECT_NEAR(a->upper(k) - a->lower(k), sandwich_width, 0.2 * sandwich_width);
    }
    EXPECT_FALSE(cluster_bootstrap(data.x, data.y, data.clusters, 300, 1.5, 1).ok());
}

}  // namespace
}  // namespace balance::stats
