// src/fft/layout.hpp -- how a transform request maps onto cuFFT: NumPy's 1-D steps in its
// order, their grouping into plans of up to three axes, and the advanced layout (embeds,
// strides, batch) that runs one group from an input array into an output array.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "cunp/fft/fft.hpp"

namespace cunp::fft {

// Leading batch dimensions that cuFFT's single batch stride cannot cover are run as a loop of
// executions; beyond this many the input is copied into a layout that needs none.
constexpr int64_t kMaxLoops = 16;

// One 1-D transform as NumPy applies it: along `axis`, of length `n` (C2R: the real output's).
struct Step {
  int axis;
  int64_t n;
  bool real;  // the R2C or C2R step of its request
};

// The lengths of one step's operands along its axis.
int64_t input_length(const Step& s, Kind k);
int64_t output_length(const Step& s, Kind k);

// NumPy's order of 1-D steps, with its checks in its order (the length, then the axis) and its
// defaults taken from the shape each step sees.
std::vector<Step> steps_of(const NDArray& a, const Request& r);

// numpy_result_strides (fft.hpp) of a request's steps (steps_of) on `a`.
Dims numpy_result_strides(const NDArray& a, const std::vector<Step>& steps, Kind kind);

// Runs of steps over distinct axes, up to `cap`, each one cuFFT plan.
// C2R's last step stays alone: a multi-dimensional C2R assumes Hermitian symmetry over every axis,
// which NumPy's successive 1-D transforms do not.
std::vector<std::vector<Step>> group_steps(const std::vector<Step>& steps, Kind kind, size_t cap);

// A layout that cuFFT takes: the plan's key and the leading dimensions run as a loop.
struct Layout {
  PlanKey key;
  std::vector<std::array<int64_t, 3>> loops;  // count, input byte step, output byte step
};

// The cuFFT layout of one execution from `in` to `out` over `plan_axes`, when there is one.
// `n` holds the plan's logical lengths; nullopt when the operands' strides do not nest in the
// order of `plan_axes`, the batch needs more than kMaxLoops executions, or an execution would
// start off a complex element's alignment.
std::optional<Layout> describe(const NDArray& in, const NDArray& out,
                               const std::vector<int>& plan_axes, PlanType type, const int64_t* n);

}  // namespace cunp::fft
