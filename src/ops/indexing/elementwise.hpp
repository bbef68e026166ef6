// src/ops/indexing/elementwise.hpp -- the elementwise ops of general advanced indexing (keys with
// several index arrays, partial masks, 0-d booleans): the flat position over the advanced axes,
// the gather and the scatter through it, and the masked fill.
#pragma once
#include <string>
#include <vector>

#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp::detail {

// Index arrays one ravel launch takes; more go through several launches that accumulate.
constexpr int kRavelMaxArrays = 24;

// lin[i] = t_0 * s_0 + t_1 * s_1 + ... over the index arrays' broadcast, where t_k is index array
// j_k's value made non-negative (NumPy's negative indices, read as int64 like NumPy's intp). One
// outside [0, n_k) sets err[0] and counts as 0 (the host raises after the launch). Inputs j_0 ..
// j_{narrays-1} (any integer dtypes); outputs lin (int64, contiguous) and err (the int32 bounds
// flag), both raw; scalars n_0, s_0, n_1, s_1, ... (int64). `accumulate`: lin[i] += ...
const ElementwiseOp& ravel_op(int narrays, bool accumulate);

// out[i] = src[lin[i / rs] * rs + i % rs] over out's size: src (the view, indexed axes first),
// lin (int64) and out (the result, contiguous) raw; scalar rs (the size of the other axes; int32
// or int64).
const ElementwiseOp& gather_op();

// dst[lin * rs + i % rs] = v over the broadcast of v (the value, in the gather's order) and lin
// (with rs's axes as unit axes): inputs [v,] lin (int64), dst (raw, written); scalars [v,] rs
// (int64). `scalar_value`: v is the first scalar.
const ElementwiseOp& scatter_op(bool scalar_value);

// if (m) x = v over x: inputs m (bool, broadcast), [v]; output x (its values kept where m is
// false). `scalar_value`: v is the only scalar.
const ElementwiseOp& mask_fill_op(bool scalar_value);

// Sources of every op over representative signatures (for tests that compile them, no GPU).
std::vector<std::string> advanced_indexing_sources();

}  // namespace cunp::detail
