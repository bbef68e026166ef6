// src/device/ndimage/ndi_interp.cuh -- scipy.ndimage's interpolation at one output element: where
// it samples the input (a coordinate array, an affine map, or a per-axis zoom and shift), how a
// sample coordinate outside the input is treated per mode, and the spline taps around it.
//
// Interpolation differs from filtering at the edges: 'constant' gives cval for any coordinate
// outside [0, n - 1] (no interpolation towards cval), legacy 'wrap' folds it with period n - 1;
// mirror, reflect and grid-wrap fold it into one period (as SciPy does, which decides where
// order 0 rounds a tie), and nearest and grid-constant leave it. Taps past the edge then extend
// as in filters (nearest's repeat the edge, grid-constant's read cval). Orders 2 to 5 read B-spline
// coefficients (ndi_spline.cuh) unless the caller asked for no prefilter.
//
// The kernel is specialised on the mode and on its index type I (int where the input's byte
// offsets, its extents and the coordinate array's positions fit 32 bits, else long long): the
// mode's folds then compile to the one branch it takes, and the per-tap index arithmetic is
// single 32-bit instructions in half the registers, which lets more threads keep their gathers
// in flight. The weights and the sum stay in double, as SciPy computes them.
#pragma once
#include "../cunp_device.cuh"
#include "../cunp_indexer.cuh"
#include "ndi_boundary.cuh"

namespace cunp {

// The coordinate actually interpolated at along an axis of n, or `outside` for cval. (The
// period counts stay 64-bit: a coordinate far outside may fold many periods.)
template <class I>
__device__ __forceinline__ double ndi_interp_coordinate(double c, I n, int mode, bool& outside) {
  switch (mode) {
    case kNdiConstant: outside |= c < 0.0 || c > static_cast<double>(n - 1); return c;
    case kNdiWrap: {
      if (n <= 1) return 0.0;
      const double period = static_cast<double>(n - 1);
      // SciPy's integer parts (truncation), so coordinates fold exactly as its do.
      if (c < 0.0) return c + period * static_cast<double>(static_cast<long long>(-c / period) + 1);
      if (c > period) return c - period * static_cast<double>(static_cast<long long>(c / period));
      return c;
    }
    case kNdiMirror: {
      if (n <= 1) return 0.0;
      const double p = static_cast<double>(2 * n - 2);
      if (c < 0.0) {
        c += p * static_cast<double>(static_cast<long long>(-c / p));
        return c <= static_cast<double>(1 - n) ? c + p : -c;
      }
      if (c > static_cast<double>(n - 1)) {
        c -= p * static_cast<double>(static_cast<long long>(c / p));
        return c >= static_cast<double>(n) ? p - c : c;
      }
      return c;
    }
    case kNdiReflect: {
      if (n <= 1) return 0.0;
      const double p = static_cast<double>(2 * n);
      if (c < 0.0) {
        if (c < -p) c += p * static_cast<double>(static_cast<long long>(-c / p));
        return c < static_cast<double>(-n) ? c + p : -c - 1.0;
      }
      if (c > static_cast<double>(n - 1)) {
        c -= p * static_cast<double>(static_cast<long long>(c / p));
        return c >= static_cast<double>(n) ? p - c - 1.0 : c;
      }
      return c;
    }
    case kNdiGridWrap: {
      if (n <= 1) return 0.0;
      const double p = static_cast<double>(n);
      if (c < 0.0) return c + p * static_cast<double>(static_cast<long long>((-1.0 - c) / p) + 1);
      if (c > p - 1.0) return c - p * static_cast<double>(static_cast<long long>(c / p));
      return c;
    }
    default:  // nearest and grid-constant: their taps past the edge repeat it or read cval
      return c;
  }
}

// How taps past the edge read, given the interpolation mode: the coordinate of 'constant' and
// 'wrap' already lies inside, and their edge taps take the mirror image, as SciPy's do.
__device__ __forceinline__ constexpr int ndi_interp_tap_mode(int mode) {
  switch (mode) {
    case kNdiConstant:
    case kNdiWrap: return kNdiMirror;
    case kNdiGridWrap: return kNdiWrap;
    case kNdiGridConstant: return kNdiConstant;
    default: return mode;  // nearest, reflect (and grid-mirror), mirror
  }
}

// The centred B-spline of degree N at t, by its piecewise polynomials in |t| (N from 2 to 5).
// The constant divisors are multiplications by their reciprocals: a double division is a
// Newton iteration of about ten instructions on the GPU, and each output's outer taps take one
// per axis; a reciprocal moves a weight by at most an ulp.
template <int N> __device__ __forceinline__ double ndi_bspline(double t) {
  constexpr double k6 = 1.0 / 6.0, k12 = 1.0 / 12.0, k24 = 1.0 / 24.0, k120 = 1.0 / 120.0;
  const double a = fabs(t);
  if constexpr (N == 2) {
    if (a < 0.5) return 0.75 - a * a;
    const double r = 1.5 - a;
    return a < 1.5 ? 0.5 * r * r : 0.0;
  } else if constexpr (N == 3) {
    if (a < 1.0) return 2.0 / 3.0 + a * a * (0.5 * a - 1.0);
    const double r = 2.0 - a;
    return a < 2.0 ? r * r * r * k6 : 0.0;
  } else if constexpr (N == 4) {
    if (a < 0.5) {
      const double a2 = a * a;
      return 115.0 / 192.0 + a2 * (0.25 * a2 - 0.625);
    }
    if (a < 1.5) return 55.0 / 96.0 + a * (5.0 / 24.0 + a * (-1.25 + a * (5.0 / 6.0 - a * k6)));
    const double r = 2.5 - a, r2 = r * r;
    return a < 2.5 ? r2 * r2 * k24 : 0.0;
  } else {
    if (a < 1.0) {
      const double a2 = a * a;
      return 0.55 + a2 * (-0.5 + a2 * (0.25 - a * k12));
    }
    if (a < 2.0) return 0.425 + a * (0.625 + a * (-1.75 + a * (1.25 + a * (-0.375 + a * k24))));
    const double r = 3.0 - a, r2 = r * r;
    return a < 3.0 ? r2 * r2 * r * k120 : 0.0;
  }
}

template <int B, int E> struct ndi_ipow {
  static constexpr int value = B * ndi_ipow<B, E - 1>::value;
};
template <int B> struct ndi_ipow<B, 0> { static constexpr int value = 1; };

// The interpolated value of x (the input, or for order > 1 its B-spline coefficients, padded by
// npad on each side where SciPy pads before prefiltering) at coordinates c, one per input axis,
// with the spline of ORDER (0: nearest sample, halves rounded up; 1: linear; 2-5: B-splines),
// boundary MODE and index type I (see the top of the file). Per axis the ORDER + 1 taps'
// weights, byte offsets and (where taps past the edge read cval) cval flags come first, then
// the taps in C order, unrolled, so each is a load and ndim multiplies. The order is a template
// argument (one kernel per order) so that a kernel compiles only the taps it runs.
//
// LEAD (0 or 1): whether axis 0 is a batch of independent images (rotate's planes of a volume,
// stacked): its coordinate is the output's own, a whole number inside the input, read as one
// tap of weight 1, neither padded nor interpolated, so the images never mix and the taps are
// those of the other axes alone, as if each image were sampled on its own.
template <int ORDER, int MODE, class I, int LEAD = 0, class In>
__device__ double ndi_interpolate(const In& x, const double* c, double cval, long long npad) {
  static_assert(LEAD == 0 || LEAD == 1, "LEAD: at most one batch axis");
  constexpr int N = In::ndim > 0 ? In::ndim : 1;
  constexpr int W = ORDER + 1;
  constexpr int kLead = In::ndim > LEAD ? LEAD : 0;
  constexpr int kTapMode = ndi_interp_tap_mode(MODE);
  constexpr bool kCvalTaps = kTapMode == kNdiConstant;
  // nearest and grid-constant leave a coordinate unfolded: one far outside is clamped to
  // +-2^30 before it becomes a 32-bit index. Every tap of it lies past the edge either way
  // (the host takes 32 bits only for extents below 2^29), so it reads the same edge or cval;
  // the weights still come from the unclamped coordinate. (NaN stays NaN, converted as before.)
  constexpr bool kClamp = sizeof(I) < 8 && (MODE == kNdiNearest || MODE == kNdiGridConstant);
  constexpr double kFar = 1073741824.0;
  I off[N][W];
  bool off_edge[N][W];  // the tap reads cval (an offset's sign says nothing: strides may be < 0)
  double w[N][W];
  bool outside = false;
  I lead = 0;  // the batch axis's byte offset (LEAD)
  if constexpr (kLead == 1)
    lead = static_cast<I>(static_cast<long long>(c[0])) * static_cast<I>(x.strides()[0]);
#pragma unroll
  for (int d = kLead; d < In::ndim; ++d) {
    const I n = static_cast<I>(x.shape()[d]);
    double cc = c[d];
    if constexpr (ORDER > 1) cc += static_cast<double>(npad);  // only prefiltered input is padded
    cc = ndi_interp_coordinate<I>(cc, n, MODE, outside);
    const double base = (ORDER & 1) ? floor(cc) : floor(cc + 0.5);
    const double first = base - static_cast<double>(ORDER / 2);  // an integer, exactly
    double index = first;
    if constexpr (kClamp) index = first < -kFar ? -kFar : first > kFar ? kFar : first;
    const I start = static_cast<I>(index);
    if constexpr (ORDER == 1) {
      w[d][0] = 1.0 - (cc - base);
      w[d][1] = cc - base;
    } else if constexpr (ORDER > 1) {
#pragma unroll
      for (int k = 0; k < W; ++k)
        w[d][k] = ndi_bspline<ORDER>(cc - (first + static_cast<double>(k)));
    }
    const I stride = static_cast<I>(x.strides()[d]);
#pragma unroll
    for (int k = 0; k < W; ++k) {
      const I j = ndi_filter_index_of<I>(start + k, n, kTapMode);
      off_edge[d][k] = kCvalTaps && j < 0;
      off[d][k] = off_edge[d][k] ? 0 : j * stride;
    }
  }
  if (outside) return cval;
  const char* data = (const char*)x.data() + lead;
  double sum = 0.0;
#pragma unroll
  for (int t = 0; t < ndi_ipow<W, In::ndim - kLead>::value; ++t) {
    int digit[N];
    I o = 0;
    bool in_cval = false;
    int rest = t;
#pragma unroll
    for (int d = In::ndim - 1; d >= kLead; --d) {
      digit[d] = rest % W;
      rest /= W;
      if constexpr (kCvalTaps) in_cval |= off_edge[d][digit[d]];
      o += off[d][digit[d]];
    }
    // The value times each axis's weight in turn: SciPy's order of rounding, so integer
    // outputs round ties as SciPy's do.
    double v = in_cval ? cval : cast<double>(*(decltype(x.data()))(data + o));
    if constexpr (ORDER != 0) {
#pragma unroll
      for (int d = kLead; d < In::ndim; ++d) v *= w[d][digit[d]];
    }
    sum += v;
  }
  return sum;
}

// SciPy's store of an interpolated value: integers round half away from zero and saturate
// (unsigned ones at zero below), floats convert as a C cast, and bool as SciPy's C cast to its
// one-byte npy_bool, which truncates: true only where |t| >= 1 (0.9999999 is false).
template <class Y> __device__ Y ndi_interp_store(double t) {
  if constexpr (kind_of<Y>::value == kBool) {
    return fabs(t) >= 1.0;
  } else if constexpr (kind_of<Y>::value == kUnsigned) {
    const double hi = static_cast<double>(static_cast<Y>(~static_cast<Y>(0)));
    t = t > 0.0 ? t + 0.5 : 0.0;
    return t >= hi ? static_cast<Y>(~static_cast<Y>(0)) : static_cast<Y>(t);
  } else if constexpr (kind_of<Y>::value == kSigned) {
    const Y max = static_cast<Y>((1ULL << (8 * sizeof(Y) - 1)) - 1);
    const Y min = static_cast<Y>(-max - 1);
    t = t > 0.0 ? t + 0.5 : t - 0.5;
    if (t >= static_cast<double>(max)) return max;
    if (t <= static_cast<double>(min)) return min;
    return static_cast<Y>(t);
  } else {
    return cast<Y>(t);
  }
}

// The three ways an output element finds its sample coordinates. `pos` is the output's C-order
// position; oshape/ondim the output's shape. ORDER, MODE and I as for ndi_interpolate.

// map_coordinates: coords holds ndim planes of the output's size, plane d the axis-d coordinate.
// (I also indexes coords: the host takes 32 bits only where ndim * out_size fits.)
template <int ORDER, int MODE, class I, class In, class Coords>
__device__ double ndi_map_coordinates_at(I pos, I out_size, const In& x, const Coords& coords,
                                         double cval, long long npad) {
  double c[In::ndim > 0 ? In::ndim : 1];
#pragma unroll
  for (int d = 0; d < In::ndim; ++d) c[d] = static_cast<double>(coords[d * out_size + pos]);
  return ndi_interpolate<ORDER, MODE, I>(x, c, cval, npad);
}

// affine_transform: c = offset + matrix (ndim x ondim, row-major) @ output coordinate, summed in
// SciPy's order (the offset first), so samples on a rounding tie go the way SciPy's go.
// LEAD: axis 0 a batch of images (see ndi_interpolate): the caller's table maps it to itself.
template <int ORDER, int MODE, class I, int LEAD = 0, class In, class Table, class Shape>
__device__ double ndi_affine_at(long long pos, long long out_size, const In& x, const Table& table,
                                const Shape& oshape, int ondim, double cval, long long npad) {
  long long o[32];
  auto put = [&](int d, long long v) { o[d] = v; };
  if (out_size <= 0x7fffffffLL)  // 32-bit division where the output allows: a few times cheaper
    for_each_coordinate<unsigned>(static_cast<unsigned>(pos), ondim, &oshape[0], put);
  else for_each_coordinate<long long>(pos, ondim, &oshape[0], put);
  double c[In::ndim > 0 ? In::ndim : 1];
#pragma unroll
  for (int d = 0; d < In::ndim; ++d) {
    double s = table[In::ndim * ondim + d];
    for (int k = 0; k < ondim; ++k) s += static_cast<double>(o[k]) * table[d * ondim + k];
    c[d] = s;
  }
  return ndi_interpolate<ORDER, MODE, I, LEAD>(x, c, cval, npad);
}

// zoom and shift: per axis, c = (o + shift) * zoom, or with grid_mode (o + shift + 0.5) * zoom
// - 0.5 (pixel edges, not centres, line up). table holds shift[ndim] then zoom[ndim].
template <int ORDER, int MODE, class I, class In, class Table, class Shape>
__device__ double ndi_zoom_shift_at(long long pos, long long out_size, const In& x,
                                    const Table& table, const Shape& oshape, bool has_shift,
                                    bool has_zoom, bool grid_mode, double cval, long long npad) {
  double c[In::ndim > 0 ? In::ndim : 1];
  auto put = [&](int d, long long v) {
    double cc = static_cast<double>(v);
    if (has_shift) cc += table[d];
    const double z = table[In::ndim + d];
    if (has_zoom) cc = grid_mode ? (cc + 0.5) * z - 0.5 : cc * z;
    c[d] = cc;
  };
  if (out_size <= 0x7fffffffLL)  // 32-bit division where the output allows: a few times cheaper
    for_each_coordinate<In::ndim>(static_cast<unsigned>(pos), &oshape[0], put);
  else for_each_coordinate<In::ndim>(pos, &oshape[0], put);
  return ndi_interpolate<ORDER, MODE, I>(x, c, cval, npad);
}

}  // namespace cunp
