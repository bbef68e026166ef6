// src/device/engines/ufunc_at.cuh -- the loop of ufunc.at with integer-array indices: each
// update is an atomic read-modify-write (a compare-and-swap loop), so repeated indices
// accumulate as in NumPy. A generated kernel supplies the array's type and the update as a
// functor of the position that returns the function of the old value.
#pragma once

namespace cunp {
namespace ufunc_at {

// The parameter block, filled by the host (src/ops/ufunc_at.cpp) in this order.
struct Params {
  long long n, inner;  // updates, and elements per index (the trailing axes not indexed)
  char* a;
  const char* b;            // the values, one per update (unused by unary ufuncs)
  unsigned long long* err;  // first bad index: flag, axis, index
  long long nidx, sdims;
  const long long* idx[8];      // per indexed axis: the indices (int64, contiguous)
  long long ext[8], st[8];      // per indexed axis: extent and byte stride
  long long sshape[8], sst[8];  // the trailing axes' shape and byte strides
};

template <int N> struct word_of;
template <> struct word_of<4> { using type = unsigned int; };
template <> struct word_of<8> { using type = unsigned long long; };

// *p = f(*p), atomically: 4- and 8-byte values through their word, 1- and 2-byte values
// through the aligned word around them.
template <class T, class F> __device__ void atomic_update(T* p, F f) {
  if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
    using W = typename word_of<sizeof(T)>::type;
    W* w = reinterpret_cast<W*>(p);
    W old = *w, prev;
    while (true) {
      union {
        W w;
        T t;
      } o, n;
      o.w = old;
      n.t = f(o.t);
      prev = atomicCAS(w, old, n.w);
      if (prev == old) break;
      old = prev;
    }
  } else if constexpr (sizeof(T) < 4) {
    unsigned long long addr = reinterpret_cast<unsigned long long>(p);
    unsigned int* w = reinterpret_cast<unsigned int*>(addr & ~3ull);
    const int shift = static_cast<int>(addr & 3) * 8;
    const unsigned int mask = (sizeof(T) == 1 ? 0xffu : 0xffffu) << shift;
    unsigned int old = *w, prev;
    while (true) {
      union {
        unsigned short s;
        unsigned char c;
        T t;
      } o, n;
      o.s = static_cast<unsigned short>((old & mask) >> shift);
      n.s = 0;
      n.t = f(o.t);
      unsigned int bits = sizeof(T) == 1 ? n.c : n.s;
      prev = atomicCAS(w, old, (old & ~mask) | (bits << shift));
      if (prev == old) break;
      old = prev;
    }
  } else {
    *p = f(*p);  // 16-byte values: the launch is a single thread
  }
}

// Update e of n: index row e / inner (checked against each axis's extent, negative indices
// wrap; the first bad one is reported and its update skipped), trailing element e % inner.
// update(e) returns the function that maps the old value of A to the new one.
template <class A, class Update>
__device__ __forceinline__ void loop(const Params& p, Update update) {
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long e = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x; e < p.n;
       e += step) {
    long long i = e / p.inner, j = e % p.inner, off = 0;
    bool ok = true;
    for (int k = 0; k < p.nidx; ++k) {
      long long v = p.idx[k][i];
      if (v < 0) v += p.ext[k];
      if (v < 0 || v >= p.ext[k]) {
        ok = false;
        if (atomicCAS(p.err, 0ull, 1ull) == 0ull) {
          p.err[1] = k;
          p.err[2] = p.idx[k][i];
        }
        break;
      }
      off += v * p.st[k];
    }
    if (!ok) continue;
    for_each_coordinate(j, static_cast<int>(p.sdims), p.sshape,
                        [&](int d, long long c) { off += c * p.sst[d]; });
    atomic_update(reinterpret_cast<A*>(p.a + off), update(e));
  }
}

}  // namespace ufunc_at
}  // namespace cunp
