// src/device/sorting/sort_radix.cuh -- the prebuilt radix sort's device code: CUB's onesweep
// agents (histogram, exclusive sum, one pass per 8-bit digit) on unsigned keys of 1, 2, 4 or 8
// bytes, keys alone or with int64 values, and rows sorted by one block each with
// cub::BlockRadixSort, the codec applied as they are loaded and stored. Instantiated by the
// entry points of src/kernels/sort.cu and driven pass by pass from the host
// (src/ops/sorting/sort_engine.cpp), since the library links no CUDA runtime for CUB's own
// dispatch.
// nvcc only: CUB's agents are not reachable from the library's NVRTC, so this header is no
// part (cmake/embed_parts.cmake) and tests/cpp/device/test_device_headers.cpp compiles it with
// nvcc.
#pragma once
#include <cub/agent/agent_radix_sort_histogram.cuh>
#include <cub/agent/agent_radix_sort_onesweep.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/dispatch/tuning/tuning_radix_sort.cuh>

#include "sort_codec.cuh"
#include "sort_params.hpp"

namespace cunp::sort_kernel {
// The bits of a float (of Bits' width) as a radix key in NumPy's order: CUB applies the codec
// kFloat as the passes load these keys and its inverse as they store them, so a sort of
// values alone reads the input and writes the result with no pass of its own to encode or
// decode (the NumericTraits below).
template <class Bits> struct NumpyFloat { Bits bits; };
}  // namespace cunp::sort_kernel

CUB_NAMESPACE_BEGIN
// CUB's documented way to sort a type of one's own by radix: its NumericTraits.
template <class Bits> struct NumericTraits<cunp::sort_kernel::NumpyFloat<Bits>> {
  using UnsignedBits = Bits;
  static constexpr Bits LOWEST_KEY = cunp::sort_kernel::float_lowest_bits<Bits>();
  static constexpr Bits MAX_KEY = cunp::sort_kernel::float_highest_bits<Bits>();
  static __host__ __device__ __forceinline__ Bits TwiddleIn(Bits key) {
    return cunp::sort_kernel::encode(key, cunp::sort_kernel::kFloat);
  }
  static __host__ __device__ __forceinline__ Bits TwiddleOut(Bits key) {
    return cunp::sort_kernel::decode(key, cunp::sort_kernel::kFloat);
  }

 private:
  friend struct detail::is_primitive_impl;
  static constexpr bool is_primitive = false;
};
CUB_NAMESPACE_END

namespace cunp::sort_kernel {

using Offset = unsigned int;    // global counts: inputs have fewer than 2^31 items
using PortionOffset = int;      // CUB's signed offsets within one portion
using Position = unsigned int;  // the positions carried with keys through the passes
using Index = long long;        // positions in a result (NumPy's intp)

// CUB's dispatch tuning for sm_90, used for every architecture of the fatbin so that the
// host knows the tile sizes; Value is cub::NullType for keys alone.
template <class Key, class Value>
using Policy = typename cub::detail::radix::policy_hub<Key, Value, Offset>::Policy900;

template <class Key, class Value> struct Onesweep {
  static constexpr bool pairs = !std::is_same_v<Value, cub::NullType>;
  using Tuning = typename Policy<Key, Value>::OnesweepPolicy;
  static_assert(Tuning::RADIX_BITS == kRadixBits);
  static_assert(Tuning::BLOCK_THREADS == onesweep_threads(sizeof(Key), pairs));
  static_assert(Tuning::ITEMS_PER_THREAD == onesweep_items_per_thread(sizeof(Key), pairs));
  using Agent = cub::detail::radix_sort::AgentRadixSortOnesweep<Tuning, false, Key, Value, Offset,
                                                                PortionOffset>;

  static __device__ __forceinline__ void run(const OnesweepParams& p) {
    __shared__ typename Agent::TempStorage storage;
    Agent agent(storage, reinterpret_cast<PortionOffset*>(p.lookback),
                reinterpret_cast<PortionOffset*>(p.counter), reinterpret_cast<Offset*>(p.bins_out),
                reinterpret_cast<const Offset*>(p.bins_in), reinterpret_cast<Key*>(p.keys_out),
                reinterpret_cast<const Key*>(p.keys_in), reinterpret_cast<Value*>(p.values_out),
                reinterpret_cast<const Value*>(p.values_in), p.num_items, p.current_bit,
                p.num_bits);
    agent.Process();
  }
};

template <class Key> __device__ __forceinline__ void histogram(const HistogramParams& p) {
  using Tuning = typename Policy<Key, cub::NullType>::HistogramPolicy;
  static_assert(Tuning::BLOCK_THREADS == kHistogramThreads && Tuning::RADIX_BITS == kRadixBits);
  using Agent = cub::detail::radix_sort::AgentRadixSortHistogram<Tuning, false, Key, Offset>;
  __shared__ typename Agent::TempStorage storage;
  Agent agent(storage, reinterpret_cast<Offset*>(p.bins), reinterpret_cast<const Key*>(p.keys),
              p.num_items, p.begin_bit, p.end_bit);
  agent.Process();
}

// Rows of at most Threads * Items elements, one block each (grid-stride over rows). Keys
// alone are loaded striped (coalesced; equal keys are equal values, so order among them does
// not show); pairs are loaded blocked, so that a stable sort keeps equal keys in row order.
template <class Key, int Threads, int Items, bool Pairs>
__device__ __forceinline__ void block_sort(const BlockSortParams& p) {
  using Value = std::conditional_t<Pairs, int, cub::NullType>;
  constexpr int kBits = sizeof(Key) > 1 ? 6 : 5;  // CUB's single-tile digit width
  using Sort = cub::BlockRadixSort<Key, Threads, Items, Value, kBits>;
  __shared__ typename Sort::TempStorage storage;
  const int n = p.row_length;
  for (long long row = blockIdx.x; row < p.rows; row += gridDim.x) {
    const Key* in = reinterpret_cast<const Key*>(p.in) + row * n;
    Key keys[Items];
    Value values[Items];
#pragma unroll
    for (int k = 0; k < Items; ++k) {
      const int i = Pairs ? threadIdx.x * Items + k : k * Threads + threadIdx.x;
      keys[k] = i < n ? encode(in[i], p.codec) : Key(~Key(0));
      if constexpr (Pairs) values[k] = i;
    }
    if constexpr (Pairs) {
      Sort(storage).SortBlockedToStriped(keys, values);
    } else {
      Sort(storage).SortBlockedToStriped(keys);
    }
#pragma unroll
    for (int k = 0; k < Items; ++k) {
      const int i = k * Threads + threadIdx.x;
      if (i >= n) continue;
      if constexpr (Pairs) {
        reinterpret_cast<Index*>(p.out)[row * n + i] = values[k];
      } else {
        reinterpret_cast<Key*>(p.out)[row * n + i] = decode(keys[k], p.codec);
      }
    }
    __syncthreads();  // the storage is reused by the next row
  }
}

// One block per pass: the pass's digit counts become the digits' starting offsets.
__device__ __forceinline__ void exclusive_sum(const ExclusiveSumParams& p) {
  static_assert(kRadixDigits == kExclusiveSumThreads);
  using Scan = cub::BlockScan<Offset, kExclusiveSumThreads>;
  __shared__ typename Scan::TempStorage storage;
  Offset* bins = reinterpret_cast<Offset*>(p.bins) + blockIdx.x * kRadixDigits;
  Offset count = bins[threadIdx.x];
  Scan(storage).ExclusiveSum(count, count);
  bins[threadIdx.x] = count;
}

}  // namespace cunp::sort_kernel
