// src/ops/reduction/engine.hpp -- what the reduction engine's planner (reduction_plan.cpp), its
// kernel source (reduction_source.cpp) and its launch (reduction.cpp) agree on.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

namespace cunp::detail {

constexpr int kReduceBlock = 256;    // threads per block, every strategy
constexpr int kReduceSlot = 32;      // bytes per partial result in the scratch buffer
constexpr int kReduceTileCols = 32;  // a warp's width of outputs per Tile block

// The parameter block (reduce_params in src/device/engines/reduction.cuh): 8-byte words, then
// the 16-byte initial value. A rank of 0 keeps one unused axis.
inline int64_t reduce_param_words(int nin, int nout, int kept_ndim, int reduced_ndim) {
  const int K = std::max(1, kept_ndim), R = std::max(1, reduced_ndim);
  return 5 + nin + nout + K + int64_t{nin + nout} * K + R + int64_t{nin} * R;
}
inline int64_t reduce_params_bytes(int nin, int nout, int kept_ndim, int reduced_ndim) {
  return (reduce_param_words(nin, nout, kept_ndim, reduced_ndim) * 8 + 15) / 16 * 16 + 16;
}

// The kernel's entry point for the op named `op_name`.
inline std::string reduce_kernel_name(const std::string& op_name) { return "cunp_red_" + op_name; }

}  // namespace cunp::detail
