// cunp/fft/fft.hpp -- numpy.fft's transforms on cuFFT: complex-to-complex, real-to-complex and
// complex-to-real over any axes, with NumPy 2's lengths (crop or zero-pad), norms and dtypes.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "cunp/array/ndarray.hpp"
#include "cunp/fft/plan_cache.hpp"

namespace cunp::fft {

enum class Kind { C2C, R2C, C2R };
enum class Norm { Backward, Ortho, Forward };

// numpy.fft.fftn and its family in one form. Axes apply as NumPy applies them: C2C from the
// last to the first (repeats allowed), R2C the last axis first then C2C forward over the rest,
// C2R C2C inverse over all but the last then the last. Up to three distinct axes at a time go
// to one cuFFT plan (see set_nd_planning).
struct Request {
  Kind kind = Kind::C2C;
  bool forward = true;           // C2C's direction; R2C is forward and C2R inverse
  std::vector<int64_t> axes;     // as given: negative counts from the end
  std::vector<int64_t> lengths;  // per axis: the transform length (C2R: of the real output);
                                 // -1 for the 1-D function's default
  Norm norm = Norm::Backward;
};

// The transform of `a`. `out`, when defined, receives the result (ValueError "output array has
// wrong shape." / TypeError for a dtype that same_kind casting cannot reach) and is returned.
// Dtypes as NumPy 2: float32/complex64 (and float16) compute in single precision, everything
// else in double; C2R of float16 returns float16.
NDArray transform(const NDArray& a, const Request& r, const NDArray& out = {});

// numpy.fft.fft and the other 1-D transforms: `n` unset takes the default (the axis' length,
// or 2 * (m - 1) for C2R); an axis out of range with `n` unset is NumPy's IndexError.
NDArray transform_1d(const NDArray& a, std::optional<int64_t> n, int64_t axis, Kind kind,
                     bool forward, Norm norm, const NDArray& out = {});

// The plan `transform(a, r)` would run, made now (get_fft_plan). ValueError when that transform
// needs more than one plan.
PlanPtr plan_for(const NDArray& a, const Request& r);

// The layout NumPy gives a transform's result. Each of NumPy's 1-D steps allocates its output as
// empty_like(input, shape=...): C order when the input is C-contiguous (or has at most one axis),
// F order when it is F-contiguous, else the input's axes by decreasing |stride| (ties in axis
// order); the next step takes that output as its input, so the order carries through the steps.
// The result's strides in elements after `steps` (axis, output length; NumPy's order), from an
// input of `shape` and byte `strides` with items of `itemsize` bytes. Host arithmetic only.
Dims numpy_result_strides(Dims shape, Dims strides, int itemsize,
                          const std::vector<std::pair<int, int64_t>>& steps);

// Whether transforms over 2 or 3 axes use one multi-dimensional plan (the default) or one plan
// per axis.
void set_nd_planning(bool enabled);
bool nd_planning();

}  // namespace cunp::fft
