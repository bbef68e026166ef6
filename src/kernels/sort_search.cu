// src/kernels/sort_search.cu -- the prebuilt searchsorted: entry points of
// src/device/sorting/sort_search.cuh, one per item width and for complex numbers.
#include "../device/sorting/sort_search.cuh"

#define CUNP_SORT_SEARCH_KERNEL(NAME, FN, Bits)                                   \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::kSearchThreads) \
      cunp_sort_search_##NAME(const cunp::sort_kernel::SearchParams p) {          \
    cunp::sort_kernel::FN<Bits>(p);                                               \
  }

CUNP_SORT_SEARCH_KERNEL(1, search_keys, unsigned char)
CUNP_SORT_SEARCH_KERNEL(2, search_keys, unsigned short)
CUNP_SORT_SEARCH_KERNEL(4, search_keys, unsigned int)
CUNP_SORT_SEARCH_KERNEL(8, search_keys, unsigned long long)
CUNP_SORT_SEARCH_KERNEL(c8, search_complex, unsigned int)
CUNP_SORT_SEARCH_KERNEL(c16, search_complex, unsigned long long)
#undef CUNP_SORT_SEARCH_KERNEL
