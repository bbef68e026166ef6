// cunp/ops/ndimage/interpolate.hpp -- scipy.ndimage's interpolation planner: one kernel per way of
// finding the sample coordinates (src/device/ndimage/ndi_interp.cuh), orders 0 to 5, and the
// spline prefilter that orders 2 to 5 read (src/device/ndimage/ndi_spline.cuh).
#pragma once
#include <cstdint>

#include "cunp/array/ndarray.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/ndimage/stencil.hpp"

namespace cunp {

// Where output element o samples the input.
enum class SampleMap : uint8_t {
  Coordinates,  // table: float64 or float32 (input.ndim, *output.shape) (map_coordinates)
  Affine,       // table: matrix (input.ndim x output.ndim, row-major) then offset (input.ndim)
  ZoomShift,    // table: shift (ndim) then zoom (ndim); output.ndim == input.ndim
};

struct SampleOptions {
  int order = 1;       // 0 to 5
  long long npad = 0;  // how far the (prefiltered) input was padded: coordinates move by it
  NdiMode mode = NdiMode::Constant;
  double cval = 0.0;
  bool has_shift = false, has_zoom = false, grid_mode = false;  // ZoomShift only
  // Affine only: axis 0 is a batch of images (rotate's planes of a volume), each output
  // element reading the input at its own index there, one tap, uninterpolated; the table must
  // map axis 0 to itself (row 0 of the matrix e_0, offset 0) and the first extents agree.
  bool lead = false;
};

// output[o] = input interpolated at the coordinates `map` gives for o, stored as SciPy stores
// (integers rounded and saturated). input: real dtype, ndim >= 1; table float64 as above;
// oshape: int64, output.ndim elements (the output's shape on the device).
void interpolate(const NDArray& input, const NDArray& output, SampleMap map, const NDArray& table,
                 const NDArray& oshape, const SampleOptions& options);

// The kernel interpolate() runs for a map, spline order (0 to 5), boundary mode and index width
// (all fixed in its code), for tests that compile it without a GPU. Operands: input, table,
// oshape, output (all raw, the output written; the loop runs over the output's size);
// scalars: out_size (int64), ondim, mode (int32, also fixed in the code), cval (float64),
// has_shift, has_zoom, grid_mode (bool), npad (int64). lead: the affine map's kernel with a
// batch axis (SampleOptions::lead; other maps throw ValueError).
const ElementwiseOp& interpolate_op(SampleMap map, int order, NdiMode mode, bool index32,
                                    bool lead = false);

// Whether the sampler indexes in 32 bits, given the input's shape and byte strides and the
// output's size: every input extent below 2^29, the input's byte offsets within int,
// and (map_coordinates: `coordinates`) the coordinate array's positions too.
bool interpolate_index32(const Dims& shape, const Dims& strides, int64_t out_size,
                         bool coordinates);

// B-spline coefficients of `order` (2 to 5) along `axis`, in place: coefficients is a
// C-contiguous float64 array; mode is SciPy's code, which picks the boundary the filter assumes.
void spline_filter(const NDArray& coefficients, int axis, int order, NdiMode mode);

// Its kernel, one pole's causal or anticausal pass (operands: src, then dst, both raw C-contiguous
// float64, dst writable; scalars: n, inner, seg, segments (int64), order, mode, pole (int32),
// anticausal (bool)); the loop runs over lines * segments positions, one segment of seg elements
// each (src/device/ndimage/ndi_spline.cuh).
const ElementwiseOp& spline_filter_op();

// The segment length the prefilter cuts lines of n into, given how many lines a pass has.
long long ndi_spline_segment(long long lines, long long n);

// How many loop positions a line of a one-thread-per-line kernel takes (1 to 8): more where
// lines are few, so they spread over more SMs (ndi_spread.cuh).
long long ndi_line_spread(long long lines);

}  // namespace cunp
