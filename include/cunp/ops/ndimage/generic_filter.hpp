// cunp/ops/ndimage/generic_filter.hpp -- generic_filter and generic_filter1d: a user's function
// (CuPy's RawKernel or ReductionKernel contracts) run over every footprint or extended line.
#pragma once
#include <string>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/ndimage/stencil.hpp"

namespace cunp {

// A RawKernel's source defining `name` (its __global__ is made __device__): generic_filter's
// `name(double* values, int count, double* result)`, or generic_filter1d's
// `name(double* in, ptrdiff_t in_length, double* out, ptrdiff_t out_length)`.
struct NdiUserFunction {
  std::string code;
  std::string name;
  std::vector<std::string> options;
};

// A ReductionKernel of one input and one output: the parameters' names and types (a one-letter
// placeholder: the input's is the input array's dtype, the output's the output array's unless
// it is the input's letter), its expressions, identity (empty: none) and reduce type (empty:
// the input's type).
struct NdiUserReduction {
  std::string in_name, in_type, out_name, out_type;
  std::string map_expr, reduce_expr, post_map_expr, identity, reduce_type;
  std::string preamble;
  std::vector<std::string> options;
};

// output[p] = f(the values of input at p + offsets[k], through mode, cval outside). offsets:
// int64, C-contiguous, taps x input.ndim(), in the footprint's C order; weights: float64, taps
// zeros (the stencil's table). The RawKernel form takes at most kStencilMaxRankTaps taps.
void generic_filter(const NDArray& input, const NDArray& output, const NDArray& offsets,
                    const NDArray& weights, NdiMode mode, double cval, const NdiUserFunction& f);
void generic_filter(const NDArray& input, const NDArray& output, const NDArray& offsets,
                    const NDArray& weights, NdiMode mode, double cval, const NdiUserReduction& r);

// One launch over the lines first .. first + L - 1 of `input` and `output` (views with the
// filter's axis last, lines in C order), L = in_buffer.shape()[0]: line l is extended to
// in_buffer[l] (n + size - 1 values, the first at position -before), f fills out_buffer[l]
// (n values), and that is cast into output. Buffers: C-contiguous float64, (L, n + size - 1)
// and (L, n).
void generic_filter1d(const NDArray& input, const NDArray& output, const NDArray& in_buffer,
                      const NDArray& out_buffer, long long first, long long size, long long before,
                      NdiMode mode, double cval, const NdiUserFunction& f);

// The kernels those run, for tests that compile them without a GPU. generic_filter's: operands
// input (raw), offsets (raw), weights (raw), output; scalars taps (int64), mode (int32), cval
// (float64). generic_filter1d's: operands input (raw), in_buffer, out_buffer, output (raw,
// writable); scalars first, n, total, before (int64), mode (int32), cval (float64).
const ElementwiseOp& generic_filter_op(const NdiUserFunction& f, long long taps);
const ElementwiseOp& generic_filter_op(const NdiUserReduction& r);
const ElementwiseOp& generic_filter1d_op(const NdiUserFunction& f);

}  // namespace cunp
