// src/device/ndimage/ndi_edt.cuh -- scipy.ndimage.distance_transform_edt as separable passes: the
// squared distance to the nearest zero, one axis at a time, each line by the lower envelope of
// parabolas (Felzenszwalb and Huttenlocher), O(n) a line instead of O(n^2).
//
// After the passes over axes 0..d, f[x] = min over the zeros z agreeing with x past axis d of
// sum over those axes of ((x_k - z_k) step_k)^2, and feat[x] is that zero's C-order position.
// A pass along an axis of n reads f and feat of one line and writes the line's new f and feat:
//   f'[x] = min over y of f[y] + ((x - y) step)^2,  feat'[x] = feat[argmin y].
// The envelope holds the parabolas rooted at the finite f[y] that are lowest somewhere, in
// increasing y; neighbours meet at their intersection. Where several y tie at x the envelope
// gives the smallest (what an argmin over y gives): a parabola lowest only at one point where
// an earlier one ties is dropped, and the walk moves past a meeting point only when x is
// strictly beyond it. With step 1 the intersections are exact (integer numerators), so those
// ties are exact; with other steps they are up to rounding, as any floating-point argmin's.
#pragma once
#include "../cunp_device.cuh"

namespace cunp {

__device__ __forceinline__ double ndi_edt_inf() {
  return __longlong_as_double(0x7ff0000000000000LL);
}

// Where the parabolas rooted at a < b (values fa, fb; step^2 = s2) meet, in units of position.
__device__ __forceinline__ double ndi_edt_meet(long long a, double fa, long long b, double fb,
                                               double s2) {
  return ((fb - fa) / s2 + static_cast<double>(b * b - a * a)) / static_cast<double>(2 * (b - a));
}

// Elements of f a thread reads at once while building the envelope: the reads do not depend on
// the envelope, so a chunk's loads go out together (lines along a leading axis are a row apart,
// and each read would otherwise wait on memory by itself).
constexpr int kNdiEdtChunk = 8;

// One line's pass. f, feat: the previous pass's values; fo, go: this pass's (other arrays, as
// the walk reads roots behind the position it writes). v: scratch, (n, lines) C-order, so the
// threads of a warp touch neighbouring words. All C-contiguous.
template <class F, class G, class FO, class GO, class V>
__device__ void ndi_edt_line(long long line, const F& f, const G& feat, const FO& fo, const GO& go,
                             const V& v, long long n, long long inner, long long lines,
                             double step) {
  const long long base = (line / inner) * n * inner + line % inner;
  auto at = [&](long long k) { return base + k * inner; };
  auto root = [&](long long k) -> long long { return v[k * lines + line]; };
  const double s2 = step * step;
  // The envelope's roots in v[0, count); the top two (t over p) and their values in registers.
  long long count = 0, t = 0, p = 0;
  double ft = 0.0, fp = 0.0;
  for (long long y0 = 0; y0 < n; y0 += kNdiEdtChunk) {
    double chunk[kNdiEdtChunk];
#pragma unroll
    for (int j = 0; j < kNdiEdtChunk; ++j) chunk[j] = y0 + j < n ? f[at(y0 + j)] : 0.0;
#pragma unroll
    for (int j = 0; j < kNdiEdtChunk; ++j) {
      const long long y = y0 + j;
      const double fy = chunk[j];
      if (y >= n || isinf(fy)) continue;  // an infinite root is never lowest
      // t is lowest only right of meet(p, t); y beats or ties it from meet(t, y) on.
      while (count >= 2 && ndi_edt_meet(t, ft, y, fy, s2) <= ndi_edt_meet(p, fp, t, ft, s2)) {
        --count;
        t = p;
        ft = fp;
        if (count >= 2) {
          p = root(count - 2);
          fp = f[at(p)];
        }
      }
      v[count * lines + line] = static_cast<int>(y);
      ++count;
      p = t;
      fp = ft;
      t = y;
      ft = fy;
    }
  }
  if (count == 0) {
    // No zero on the line yet: infinite, and the first element's feature (an argmin's pick).
    const auto first = feat[at(0)];
    for (long long x = 0; x < n; ++x) {
      fo[at(x)] = ndi_edt_inf();
      go[at(x)] = first;
    }
    return;
  }
  // The walk: the root lowest at x, moving on past a meeting point only when x is beyond it.
  long long k = 0;
  long long r = root(0);
  double fr = f[at(r)];
  auto gr = feat[at(r)];
  long long next = count > 1 ? root(1) : 0;
  double fnext = count > 1 ? f[at(next)] : 0.0;
  for (long long x = 0; x < n; ++x) {
    if (k + 1 < count && ndi_edt_meet(r, fr, next, fnext, s2) < static_cast<double>(x)) {
      do {
        ++k;
        r = next;
        fr = fnext;
        if (k + 1 < count) {
          next = root(k + 1);
          fnext = f[at(next)];
        }
      } while (k + 1 < count && ndi_edt_meet(r, fr, next, fnext, s2) < static_cast<double>(x));
      gr = feat[at(r)];
    }
    const double gap = static_cast<double>(x - r) * step;
    fo[at(x)] = fr + gap * gap;
    go[at(x)] = gr;
  }
}

// The distance at C-order position pos from its nearest zero's position z, or inf with no zero
// at all (f infinite). As SciPy computes it from the coordinates: the scaled differences squared,
// summed from axis 0 on, then the square root (axis 0 first, so the coordinates come from the
// leading strides down rather than from a per-thread array). shape and steps hold ndim values.
template <class Shape, class Steps>
__device__ double ndi_edt_distance_at(long long pos, long long z, double f, const Shape& shape,
                                      const Steps& steps, int ndim) {
  if (isinf(f)) return ndi_edt_inf();
  long long stride = 1;
  for (int d = 0; d < ndim; ++d) stride *= shape[d];
  double sum = 0.0;
  for (int d = 0; d < ndim; ++d) {
    stride /= shape[d];
    const long long cz = z / stride, cp = pos / stride;
    z -= cz * stride;
    pos -= cp * stride;
    const double delta = static_cast<double>(cz - cp) * steps[d];
    sum += delta * delta;
  }
  return sqrt(sum);
}

// The coordinate along axis d of the zero at C-order position z.
template <class Shape>
__device__ long long ndi_edt_coordinate(long long z, int d, const Shape& shape, int ndim) {
  for (int k = ndim - 1; k > d; --k) z /= shape[k];
  return z % shape[d];
}

}  // namespace cunp
