// src/device/engines/select.cuh -- the selection engine's kernels: the k-th smallest items of a
// flat array by radix select on the order-preserving unsigned keys of the sort engine
// (sort_codec.cuh, embedded before this part). Each pass histograms the next digit of the keys
// whose higher digits match the prefix found so far for one of the wanted ranks (block
// histograms in shared memory, merged with global atomics); a one-block kernel then picks each
// rank's bucket and keeps the prefixes on the device, so the host never waits between passes.
// Ranks whose prefixes agree share one histogram.
#pragma once
#include "../sorting/sort_params.hpp"
#include "../sorting/sort_codec.cuh"

namespace cunp {
namespace select {

constexpr int kMaxSlots = 32;  // ranks per selection

// Laid out as the host's SelectParams (src/ops/select_params.hpp).
struct SelectParams {
  const void* data;           // n items of the key's width, contiguous
  unsigned long long* state;  // prefix[slots], rank[slots], owner[slots]
  unsigned int* hist;         // [slots][bins], zero before each pass
  void* out;                  // choose (last pass): the slots' items; classify: uint8 per item
  long long n;
  long long ks[kMaxSlots];  // the wanted ranks, ascending (read by the first pass)
  int slots;                // ranks in use
  int codec;                // sort_kernel::Codec, one to one
  int hi_shift;             // this pass: the key's bits above this one select the prefix
  int shift;                // this pass's digit starts at this bit
  int digit_bits;           // and has this many bits
  int first, last;          // the first and last passes
  int aligned;              // data is 16-byte aligned: vector loads
};

// The keys of the items; `visit` gets each one's key, four 16-byte loads in flight per thread.
template <class Bits, int THREADS, class Visit>
__device__ __forceinline__ void for_each_key(const SelectParams& p, Visit&& visit) {
  constexpr int V = 16 / sizeof(Bits);
  union Chunk {
    uint4 v;
    Bits b[V];
  };
  const long long tid = blockIdx.x * (long long)THREADS + threadIdx.x;
  const long long stride = gridDim.x * (long long)THREADS;
  long long head = 0;
  if (p.aligned) {
    const uint4* vec = static_cast<const uint4*>(p.data);
    const long long vectors = p.n / V;
    long long v = tid;
    for (; v + 3 * stride < vectors; v += 4 * stride) {
      Chunk c[4];
#pragma unroll
      for (int j = 0; j < 4; ++j) c[j].v = vec[v + j * stride];
#pragma unroll
      for (int j = 0; j < 4; ++j)
#pragma unroll
        for (int e = 0; e < V; ++e) visit(sort_kernel::encode<Bits>(c[j].b[e], p.codec));
    }
    for (; v < vectors; v += stride) {
      Chunk c;
      c.v = vec[v];
#pragma unroll
      for (int e = 0; e < V; ++e) visit(sort_kernel::encode<Bits>(c.b[e], p.codec));
    }
    head = vectors * V;
  }
  const Bits* data = static_cast<const Bits*>(p.data);
  for (long long i = head + tid; i < p.n; i += stride)
    visit(sort_kernel::encode<Bits>(data[i], p.codec));
}

// One pass's histogram: the digit counts of the items under each distinct prefix.
template <class Bits, int SLOTS, int DIGIT_BITS, int THREADS>
__device__ void histogram(const SelectParams& p) {
  constexpr int BINS = 1 << DIGIT_BITS;
  __shared__ unsigned int counts[SLOTS * BINS];
  __shared__ unsigned long long prefixes[SLOTS];
  __shared__ int owners[SLOTS];
  __shared__ int groups;
  for (int i = threadIdx.x; i < SLOTS * BINS; i += THREADS) counts[i] = 0;
  if (threadIdx.x == 0) {
    int g = 0;
    if (p.first) {
      prefixes[0] = 0;
      owners[0] = 0;
      g = 1;
    } else {
      const unsigned long long* owner = p.state + 2 * p.slots;
      for (int j = 0; j < p.slots; ++j)
        if (owner[j] == (unsigned long long)j) {
          prefixes[g] = p.state[j];
          owners[g++] = j;
        }
    }
    groups = g;
  }
  __syncthreads();
  const int hi_shift = p.hi_shift, shift = p.shift, g_count = groups;
  const unsigned mask = (1u << p.digit_bits) - 1u;
  for_each_key<Bits, THREADS>(p, [&](Bits key) {
    const unsigned long long k = key;
    const unsigned long long hi = hi_shift >= 64 ? 0ull : k >> hi_shift;
    const unsigned digit = static_cast<unsigned>(k >> shift) & mask;
    for (int g = 0; g < g_count; ++g)
      if (hi == prefixes[g]) {
        atomicAdd(&counts[g * BINS + digit], 1u);
        break;
      }
  });
  __syncthreads();
  for (int i = threadIdx.x; i < g_count * BINS; i += THREADS) {
    const unsigned c = counts[i];
    if (c) atomicAdd(&p.hist[owners[i / BINS] * BINS + i % BINS], c);
  }
}

// The exclusive sum of v over the block (every thread calls it).
template <int THREADS> __device__ __forceinline__ unsigned block_exclusive_sum(unsigned v) {
  __shared__ unsigned warp_sums[THREADS / 32];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  unsigned x = v;
#pragma unroll
  for (int o = 1; o < 32; o <<= 1) {
    const unsigned y = __shfl_up_sync(0xffffffffu, x, o);
    if (lane >= o) x += y;
  }
  if (lane == 31) warp_sums[warp] = x;
  __syncthreads();
  unsigned before = 0;
  for (int w = 0; w < warp; ++w) before += warp_sums[w];
  __syncthreads();
  return before + x - v;
}

// One block: each rank's bucket in its histogram, the rank within it and the longer prefix;
// ranks with equal prefixes then share the lowest one's histogram. Zeroes the histograms for
// the next pass; the last pass writes each rank's item.
template <class Bits, int SLOTS, int DIGIT_BITS, int THREADS>
__device__ void choose(const SelectParams& p) {
  constexpr int BINS = 1 << DIGIT_BITS, PER = BINS / THREADS;
  static_assert(BINS % THREADS == 0, "a thread scans whole bins");
  __shared__ unsigned long long found_prefix[SLOTS], found_rank[SLOTS];
  unsigned long long* prefix = p.state;
  unsigned long long* rank = p.state + p.slots;
  unsigned long long* owner = p.state + 2 * p.slots;
  for (int j = 0; j < p.slots; ++j) {
    const int o = p.first ? 0 : static_cast<int>(owner[j]);
    const unsigned long long r = p.first ? static_cast<unsigned long long>(p.ks[j]) : rank[j];
    const unsigned long long above = p.first ? 0ull : prefix[j];
    const unsigned int* h = p.hist + o * BINS;
    unsigned local[PER], sum = 0;
#pragma unroll
    for (int k = 0; k < PER; ++k) {
      local[k] = h[threadIdx.x * PER + k];
      sum += local[k];
    }
    const unsigned long long before = block_exclusive_sum<THREADS>(sum);
    if (r >= before && r < before + sum) {
      unsigned long long c = before;
      for (int k = 0; k < PER; ++k) {
        if (r < c + local[k]) {
          found_prefix[j] = (above << p.digit_bits) | static_cast<unsigned>(threadIdx.x * PER + k);
          found_rank[j] = r - c;
          break;
        }
        c += local[k];
      }
    }
    __syncthreads();
  }
  for (int j = threadIdx.x; j < p.slots; j += THREADS) {
    int first_equal = j;
    for (int i = 0; i < j; ++i)
      if (found_prefix[i] == found_prefix[j]) {
        first_equal = i;
        break;
      }
    prefix[j] = found_prefix[j];
    rank[j] = found_rank[j];
    owner[j] = static_cast<unsigned long long>(first_equal);
    if (p.last && p.out)  // select_classes runs the passes with no value output
      static_cast<Bits*>(p.out)[j] = sort_kernel::decode<Bits>(static_cast<Bits>(found_prefix[j]),
                                                               p.codec);
  }
  for (int i = threadIdx.x; i < p.slots * BINS; i += THREADS) p.hist[i] = 0;
}

// After the last pass: each item's class among the selected keys (ascending), 2 * (keys below
// it) + 1 when it equals one of them, as uint8. Ordering the items by class partitions them.
template <class Bits, int SLOTS, int THREADS> __device__ void classify(const SelectParams& p) {
  __shared__ unsigned long long keys[SLOTS];
  for (int j = threadIdx.x; j < p.slots; j += THREADS) keys[j] = p.state[j];
  __syncthreads();
  const Bits* data = static_cast<const Bits*>(p.data);
  unsigned char* out = static_cast<unsigned char*>(p.out);
  const long long stride = gridDim.x * (long long)THREADS;
  for (long long i = blockIdx.x * (long long)THREADS + threadIdx.x; i < p.n; i += stride) {
    const unsigned long long k = sort_kernel::encode<Bits>(data[i], p.codec);
    unsigned c = 0;
    for (int j = 0; j < p.slots; ++j) c += (keys[j] < k) + (keys[j] <= k);
    out[i] = static_cast<unsigned char>(c);
  }
}

}  // namespace select
}  // namespace cunp
