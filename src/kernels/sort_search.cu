// src/kernels/sort_search.cu -- the prebuilt searchsorted: one binary search per value over
// sorted keys (real dtypes, encoded by the sort codecs) or complex numbers in NumPy's order.
#include "sort_codec.cuh"
#include "sort_params.hpp"

namespace cunp::sort_kernel {

template <class T> struct KeyOrder {
  __device__ __forceinline__ bool operator()(T a, T b) const { return a < b; }
};
template <class Bits> struct ComplexOrder {
  __device__ __forceinline__ bool operator()(ComplexBits<Bits> a, ComplexBits<Bits> b) const {
    return complex_less(a, b);
  }
};

// side left: the first position whose item is not less than v; right: the first whose item
// is greater than v.
template <class T, class Less> __device__ __forceinline__ void search(const SearchParams& p) {
  const T* sorted = reinterpret_cast<const T*>(p.sorted);
  const T* values = reinterpret_cast<const T*>(p.values);
  long long* out = reinterpret_cast<long long*>(p.out);
  const Less less;
  const long long step = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = static_cast<long long>(blockIdx.x) * blockDim.x + threadIdx.x;
       i < p.num_values; i += step) {
    const T v = values[i];
    long long lo = 0, hi = p.num_sorted;
    while (lo < hi) {
      const long long mid = lo + (hi - lo) / 2;
      const bool go_right = p.right ? !less(v, sorted[mid]) : less(sorted[mid], v);
      if (go_right) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    out[i] = lo;
  }
}

}  // namespace cunp::sort_kernel

#define CUNP_SORT_SEARCH_KERNEL(NAME, T, LESS)                                                  \
  extern "C" __global__ void cunp_sort_search_##NAME(const cunp::sort_kernel::SearchParams p) { \
    cunp::sort_kernel::search<T, LESS>(p);                                                      \
  }

CUNP_SORT_SEARCH_KERNEL(1, unsigned char, cunp::sort_kernel::KeyOrder<unsigned char>)
CUNP_SORT_SEARCH_KERNEL(2, unsigned short, cunp::sort_kernel::KeyOrder<unsigned short>)
CUNP_SORT_SEARCH_KERNEL(4, unsigned int, cunp::sort_kernel::KeyOrder<unsigned int>)
CUNP_SORT_SEARCH_KERNEL(8, unsigned long long, cunp::sort_kernel::KeyOrder<unsigned long long>)
CUNP_SORT_SEARCH_KERNEL(c8, cunp::sort_kernel::ComplexBits<unsigned int>,
                        cunp::sort_kernel::ComplexOrder<unsigned int>)
CUNP_SORT_SEARCH_KERNEL(c16, cunp::sort_kernel::ComplexBits<unsigned long long>,
                        cunp::sort_kernel::ComplexOrder<unsigned long long>)
#undef CUNP_SORT_SEARCH_KERNEL
