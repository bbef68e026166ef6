// src/kernels/sort_keys.cu -- the prebuilt kernels around the radix passes (keys made from values,
// the result taken from the final permutation): entry points of src/device/sorting/sort_keys.cuh.
#include "../device/sorting/sort_keys.cuh"

#define CUNP_SORT_KEY_KERNELS(W, Key)                                                   \
  extern "C" __global__ void cunp_sort_keys_##W(const cunp::sort_kernel::KeyParams p) { \
    cunp::sort_kernel::make_keys<Key>(p);                                               \
  }

CUNP_SORT_KEY_KERNELS(1, unsigned char)
CUNP_SORT_KEY_KERNELS(2, unsigned short)
CUNP_SORT_KEY_KERNELS(4, unsigned int)
CUNP_SORT_KEY_KERNELS(8, unsigned long long)
#undef CUNP_SORT_KEY_KERNELS

extern "C" __global__ void cunp_sort_finish(const cunp::sort_kernel::FinishParams p) {
  cunp::sort_kernel::finish_result(p);
}
