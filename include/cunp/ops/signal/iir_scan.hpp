// cunp/ops/signal/iir_scan.hpp -- scipy.signal's lfilter and sosfilt recurrences as a blocked
// parallel scan over the filter's state-space form (device code: src/device/signal/iir_scan.cuh).
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp {

// The largest `order` (delays for "direct", sections for "sos") the kernels are built for.
inline constexpr int kIirMaxOrder = 64;

// The elementwise op of one pass ("local", "group_local", "group_carry", "group_fill", "finish") for a form and order (for the
// launcher, and for tests that compile the kernels without a GPU). ValueError otherwise.
const ElementwiseOp& iir_scan_op(const std::string& pass, const std::string& form, int order);

// Filters x (..., n), n >= 1, along its last axis (any strides, any numeric dtype) in blocks of
// `block` samples, the blocks' carry in groups of `group` blocks, and returns (y, zf): y (..., n)
// in out_dtype laid out as x (axis order kept), zf (rows * Q) in W, the state after the last sample. W (float64 or
// complex128) is coef's dtype, and every table's:
//   form "direct": lfilter with `order` = Q delays, coef = b[0..Q] then a[0..Q] (a[0] = 1);
//   form "sos": a fused cascade of `order` sections, Q = 2 order, coef (order, 6), a[0] = 1.
// power = A^block and group_power = power^group, (Q, Q) row-major, for the filter's state matrix
// A. zi (rows * Q) is the state before the first sample, rest when absent.
std::pair<NDArray, NDArray> iir_block_scan(const std::string& form, int order, const NDArray& x,
                                           const NDArray& coef, const NDArray& power,
                                           const NDArray& group_power,
                                           const std::optional<NDArray>& zi, int64_t block,
                                           int64_t group, DType out_dtype);

// Any Q >= 1 delays, one thread per row (SciPy's loop, no blocks): lfilter of x (..., n) along
// its last axis with coef = b[0..Q] then a[0..Q] (a[0] = 1, W = coef's dtype, float64 or
// complex128). z (rows * Q, W) is the initial state on entry and the final state on return.
// Returns y (..., n) in out_dtype, laid out as x.
NDArray iir_serial_scan(const NDArray& x, const NDArray& coef, NDArray& z, DType out_dtype);

// Its elementwise op (operands x, coef, z, y; scalars n, q), for tests that compile it.
const ElementwiseOp& iir_serial_op();

}  // namespace cunp
