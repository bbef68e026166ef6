// src/device/ndimage/ndi_generic.cuh -- generic_filter's and generic_filter1d's device side: the
// values a footprint or an extended line reads, handed to a user's function (CuPy's contracts).
//
// generic_filter with a RawKernel: the footprint's values, in the footprint's C order, gathered
// into a double buffer for `f(double* values, int count, double* result)`. With a
// ReductionKernel: each value mapped and folded as it is read (no buffer, so no size limit).
// generic_filter1d: one line extended by the boundary mode into a double buffer, for
// `f(double* in, ptrdiff_t in_length, double* out, ptrdiff_t out_length)`.
#pragma once
#include "../cunp_device.cuh"
#include "ndi_boundary.cuh"
#include "ndi_stencil.cuh"

// A user's RawKernel function, written `__global__`, is called by the filter's kernel as a device
// function: the host spells its qualifier CUNP_NDI_USER_FUNCTION (generic_filter.cpp).
#define CUNP_NDI_USER_FUNCTION __device__

// generic_filter1d's documented signature names ptrdiff_t; NVRTC without system headers may not
// define it (a typedef repeated with the same type is allowed).
typedef decltype((char*)0 - (char*)0) ptrdiff_t;

namespace cunp {

// The footprint's values in order (CAP >= the footprint's taps).
template <int CAP> struct ndi_buffer_fold {
  double values[CAP];
  int n = 0;
  __device__ void add(double v, double) { values[n++] = v; }
  __device__ double result() const { return 0.0; }
};

// A ReductionKernel over the footprint: a = reduce(a, map(value, j)) from its identity, or from
// the first mapped value where it has none. T: the kernel's input type, R: its reduce type.
template <class R, class T, class Map, class Reduce> struct ndi_reduce_fold {
  Map map;
  Reduce reduce;
  R acc;
  bool any;
  long long j = 0;
  __device__ ndi_reduce_fold(Map m, Reduce r, bool has_identity, R identity)
      : map(m), reduce(r), acc(identity), any(has_identity) {}
  __device__ void add(double v, double) {
    const R b = map(cast<T>(v), j++);
    acc = any ? reduce(acc, b) : b;
    any = true;
  }
  __device__ R result() const { return acc; }
};

// Line `line` of x (C-order positions line * n .. line * n + n - 1: x's view has the filter's
// axis last) extended to `total` values, the first read at position -before.
template <class In> __device__ void ndi_extend_line(long long line, const In& x, long long n,
                                                    long long before, long long total, int mode,
                                                    double cval, double* dst) {
  for (long long k = 0; k < total; ++k) {
    const long long j = ndi_filter_index(k - before, n, mode);
    dst[k] = j < 0 ? cval : cast<double>(x[line * n + j]);
  }
}

template <class T> __device__ __forceinline__ void ndi_store(T& dst, double v) { dst = cast<T>(v); }

// Line `line` of y (as x above) from n doubles, cast to y's dtype.
template <class Out>
__device__ void ndi_store_line(long long line, const Out& y, long long n, const double* src) {
  for (long long k = 0; k < n; ++k) ndi_store(y[line * n + k], src[k]);
}

}  // namespace cunp
