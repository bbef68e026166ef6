// src/kernels/sort.cu -- the prebuilt radix sort's entry points: CUB's onesweep passes
// (histogram, exclusive sum, one pass per digit) and the block sorts of rows, for every key
// width and codec, instantiated from src/device/sorting/sort_radix.cuh.
#include "../device/sorting/sort_radix.cuh"

extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::kExclusiveSumThreads)
    cunp_sort_exclusive_sum(const cunp::sort_kernel::ExclusiveSumParams p) {
  cunp::sort_kernel::exclusive_sum(p);
}

// The kernels of one key width W (bytes) and its unsigned type.
#define CUNP_SORT_KERNELS(W, Key)                                                             \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::kHistogramThreads)          \
      cunp_sort_histogram_##W(const cunp::sort_kernel::HistogramParams p) {                   \
    cunp::sort_kernel::histogram<Key>(p);                                                     \
  }                                                                                           \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::onesweep_threads(W, false)) \
      cunp_sort_onesweep_keys_##W(const cunp::sort_kernel::OnesweepParams p) {                \
    cunp::sort_kernel::Onesweep<Key, cub::NullType>::run(p);                                  \
  }                                                                                           \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::onesweep_threads(W, true))  \
      cunp_sort_onesweep_pairs_##W(const cunp::sort_kernel::OnesweepParams p) {               \
    cunp::sort_kernel::Onesweep<Key, cunp::sort_kernel::Position>::run(p);                    \
  }                                                                                           \
  CUNP_SORT_BLOCK_KERNELS(W, Key, 0)                                                          \
  CUNP_SORT_BLOCK_KERNELS(W, Key, 1)                                                          \
  CUNP_SORT_BLOCK_KERNELS(W, Key, 2)

// Block sorts of tile class C (sort_params.hpp), keys alone and with positions.
#define CUNP_SORT_BLOCK_KERNELS(W, Key, C)                                               \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::block_sort_threads(C)) \
      cunp_sort_block_keys_##W##_##C(const cunp::sort_kernel::BlockSortParams p) {       \
    using namespace cunp::sort_kernel;                                                   \
    block_sort<Key, block_sort_threads(C), block_sort_items(C), false>(p);               \
  }                                                                                      \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::block_sort_threads(C)) \
      cunp_sort_block_pairs_##W##_##C(const cunp::sort_kernel::BlockSortParams p) {      \
    using namespace cunp::sort_kernel;                                                   \
    block_sort<Key, block_sort_threads(C), block_sort_items(C), true>(p);                \
  }

// Keys alone with the codec applied inside the passes (NAME: f for floats, i for signed
// integers, whose CUB twiddle is kSigned, then the width).
#define CUNP_SORT_CODEC_KERNELS(NAME, Key)                                           \
  extern "C" __global__ void __launch_bounds__(cunp::sort_kernel::kHistogramThreads) \
      cunp_sort_histogram_##NAME(const cunp::sort_kernel::HistogramParams p) {       \
    cunp::sort_kernel::histogram<Key>(p);                                            \
  }                                                                                  \
  extern "C" __global__ void __launch_bounds__(                                      \
      cunp::sort_kernel::onesweep_threads(sizeof(Key), false))                       \
      cunp_sort_onesweep_keys_##NAME(const cunp::sort_kernel::OnesweepParams p) {    \
    cunp::sort_kernel::Onesweep<Key, cub::NullType>::run(p);                         \
  }

CUNP_SORT_KERNELS(1, unsigned char)
CUNP_SORT_KERNELS(2, unsigned short)
CUNP_SORT_KERNELS(4, unsigned int)
CUNP_SORT_KERNELS(8, unsigned long long)

CUNP_SORT_CODEC_KERNELS(f2, cunp::sort_kernel::NumpyFloat<unsigned short>)
CUNP_SORT_CODEC_KERNELS(f4, cunp::sort_kernel::NumpyFloat<unsigned int>)
CUNP_SORT_CODEC_KERNELS(f8, cunp::sort_kernel::NumpyFloat<unsigned long long>)
CUNP_SORT_CODEC_KERNELS(i1, signed char)
CUNP_SORT_CODEC_KERNELS(i2, short)
CUNP_SORT_CODEC_KERNELS(i4, int)
CUNP_SORT_CODEC_KERNELS(i8, long long)

#undef CUNP_SORT_CODEC_KERNELS
#undef CUNP_SORT_KERNELS
#undef CUNP_SORT_BLOCK_KERNELS
