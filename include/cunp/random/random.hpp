// cunp/random/random.hpp -- counter-based random sampling on the device: Philox4x32-10 keyed by a
// 64-bit seed key, every distribution's sampler, permutations and the multivariate samplers.
//
// Reproducibility: a draw depends only on (key, counter offset, element position), never on the
// launch configuration or the GPU. Callers own the (key, offset) state and advance the offset by
// counters_used() after each call (cunp.random's bit generators do so under a lock).
// The streams differ from NumPy's (as CuPy's do): same distributions, other numbers.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/array/scalar.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp::random {

// Philox4x32-10 on the host (the reference the device code is tested against).
std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key);

// The device code (Philox, sub-streams, samplers), placed in the preamble of every random kernel.
const std::string& device_source();

// One parameter of a sampler: a device array (broadcast against the output) or a scalar.
struct Param {
  NDArray array;  // used when is_array
  Scalar scalar;
  bool is_array = false;
};

// A sampler: `params` names its parameters, `kinds` their types ('f' float64, 'i' int64, 'T' the
// output's dtype, 'u' uint64). Block samplers (block > 0) take scalars only and give K = block
// values per Philox block; the others give each element its own sub-stream.
struct Sampler {
  std::string name;
  std::vector<std::string> params;
  std::string kinds;
  std::string expr;  // the value of one element; `_g` is the element's Rng, `_w`/`_j` a block lane
  int block = 0;
  // Block samplers: a statement run once per block before its K values (work the lanes share,
  // e.g. both values of a Box-Muller pair), which `expr` may then read.
  std::string prep;
};
const std::vector<Sampler>& samplers();
const Sampler& sampler(const std::string& name);  // ValueError for an unknown name

// The kernel of a sampler for a given set of array parameters (bit k of array_mask: param k is an
// array) and, for block samplers, the vector-store variant. Cached; for tests and sample().
const ElementwiseOp& sampler_op(const std::string& name, unsigned array_mask, bool vector_store);

// Fills `out` (any layout; float or integer dtype) from sampler `name`.
void sample(const std::string& name, const NDArray& out, const std::vector<Param>& params,
            uint64_t key, uint64_t offset);

// Counters a call over n elements uses: the offset must advance at least this much.
uint64_t counters_used(const std::string& name, int64_t n);

// The special kernels (permutations, selection, multivariate), by name, for tests.
const ElementwiseOp& special_op(const std::string& name);
std::vector<std::string> special_op_names();

// out[i] = the i-th element of a random permutation of [0, n) (out: int64, size <= n). Uses 2
// counters. The first m elements of a permutation are a sample without replacement.
void permutation_indices(const NDArray& out, int64_t n, uint64_t key, uint64_t offset);
// dst = src with its first axis permuted (dst and src have one shape, rows along axis 0).
void permute_rows(const NDArray& dst, const NDArray& src, uint64_t key, uint64_t offset);
// dst = src with every 1-D slice along the last axis permuted independently.
void permute_last_axis(const NDArray& dst, const NDArray& src, uint64_t key, uint64_t offset);
// out[i] = the first j with cdf[j] > u_i (u uniform in [0, 1)), clamped to cdf.size() - 1.
void choice_cdf(const NDArray& out, const NDArray& cdf, uint64_t key, uint64_t offset);
// out[i] = a[idx[i]] (a: 1-D; idx: int64 of out's shape).
void take_1d(const NDArray& out, const NDArray& a, const NDArray& idx);
// Rows of out (rows, k): Dirichlet(alpha); Multinomial(n, pvals) (int64); mean + factor @ z.
void dirichlet(const NDArray& out, const NDArray& alpha, uint64_t key, uint64_t offset);
void multinomial(const NDArray& out, int64_t n, const NDArray& pvals, uint64_t key,
                 uint64_t offset);
void multivariate_normal(const NDArray& out, const NDArray& mean, const NDArray& factor,
                         uint64_t key, uint64_t offset);

}  // namespace cunp::random
