// src/device/ndimage/ndi_boundary.cuh -- scipy.ndimage's boundary modes as index transforms:
// where a filter tap outside the input reads from, shared by filters, morphology and
// interpolation.
//
// The codes are SciPy's (scipy.ndimage._ni_support._extend_mode_to_code) so the host passes the
// number it derives from the mode's name and nothing is translated twice.
#pragma once

namespace cunp {

enum NdiMode : int {
  kNdiNearest = 0,
  kNdiWrap = 1,
  kNdiReflect = 2,  // also 'grid-mirror'
  kNdiMirror = 3,
  kNdiConstant = 4,
  kNdiGridWrap = 5,
  kNdiGridConstant = 6,
};

// The input position a filter tap at integer position j (any integer) reads along an axis of n
// elements, or -1 where the tap takes cval. For filters SciPy folds the grid- modes into their
// plain forms: grid-wrap is wrap, grid-constant is constant and grid-mirror is reflect.
//   reflect  d c b a | a b c d | d c b a   (period 2n, the edge repeated)
//   mirror   d c b | a b c d | c b a       (period 2n - 2, the edge not repeated)
//   nearest  a a a | a b c d | d d d
//   wrap     b c d | a b c d | a b c
// I is the index type: the interpolation sampler folds in 32 bits where the input allows (a
// 64-bit multiply or modulo is several instructions, and its values take two registers each).
template <class I> __device__ __forceinline__ I ndi_filter_index_of(I j, I n, int mode) {
  if (j >= 0 && j < n) return j;
  switch (mode) {
    case kNdiNearest: return j < 0 ? 0 : n - 1;
    case kNdiWrap:
    case kNdiGridWrap: {
      const I r = j % n;
      return r < 0 ? r + n : r;
    }
    case kNdiReflect: {
      const I p = 2 * n;
      I r = j % p;
      if (r < 0) r += p;
      return r < n ? r : p - 1 - r;
    }
    case kNdiMirror: {
      if (n == 1) return 0;
      const I p = 2 * n - 2;
      I r = j % p;
      if (r < 0) r += p;
      return r < n ? r : p - r;
    }
    default:  // constant, grid-constant
      return -1;
  }
}

__device__ __forceinline__ long long ndi_filter_index(long long j, long long n, int mode) {
  return ndi_filter_index_of<long long>(j, n, mode);
}

}  // namespace cunp
