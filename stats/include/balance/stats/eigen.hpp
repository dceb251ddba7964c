#pragma once
// Eigen, included once for the whole library. GCC 12 with -march=native (AVX-512) reports a
// false -Wmaybe-uninitialized inside Eigen's matrix-product kernels (gemm_pack_rhs); the warning
// is silenced for Eigen's own code only, so it cannot hide one in ours.

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <Eigen/Dense>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
