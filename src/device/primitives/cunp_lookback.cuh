// src/device/primitives/cunp_lookback.cuh -- decoupled look-back, for single-pass scans over tiles
// of any value type and associative op: each tile publishes its aggregate, then combines the
// published values of its predecessors until it meets an inclusive prefix, and publishes its
// own. Tiles must start in order (a ticket), so every predecessor a tile waits for is already
// running. A part (device_part("cunp_lookback")), added by the scan engine.
#pragma once

namespace cunp {

// A value padded to whole 8-byte words, the unit the status stores.
template <class T> union lookback_value {
  T value;
  unsigned int h[(sizeof(T) + 7) / 8 * 2];
  unsigned long long w[(sizeof(T) + 7) / 8];
};

// The status of `count` tiles in `words` (16-byte aligned, zero before the launch): per tile a
// flag (0 not yet published, 1 its aggregate, 2 the inclusive prefix through it) and a value.
// PACK 1 and 2 keep flag and value in one 8- or 16-byte word (values up to 4 or 8 bytes), so a
// reader needs one load per predecessor and never sees a torn pair; PACK 0 (wider values) keeps
// them apart, [flags, two per word][aggregates][inclusive prefixes], with a fence between value
// and flag. The host sizes `words` for the same PACK.
template <class T, int PACK> struct lookback_status {
  static_assert(PACK == 0 || sizeof(T) <= 4 * PACK, "value too wide for the packing");
  enum { kWords = (sizeof(T) + 7) / 8 };
  unsigned long long* words;
  long long count;

  __device__ __forceinline__ void publish(long long j, int flag, T v) const {
    lookback_value<T> u;
    if constexpr (PACK == 1) {
      u.w[0] = 0;
      u.value = v;
      const unsigned long long word = (static_cast<unsigned long long>(u.h[0]) << 32) |
                                      unsigned(flag);
      *reinterpret_cast<volatile unsigned long long*>(words + j) = word;
    } else if constexpr (PACK == 2) {
      u.value = v;
      unsigned long long* dst = words + 2 * j;
      asm volatile("st.volatile.v2.u64 [%0], {%1, %2};" ::"l"(dst),
                   "l"(static_cast<unsigned long long>(flag)), "l"(u.w[0])
                   : "memory");
    } else {
      u.value = v;
      volatile unsigned long long* dst = values(flag) + j * kWords;
#pragma unroll
      for (int i = 0; i < kWords; ++i) dst[i] = u.w[i];
      __threadfence();
      reinterpret_cast<volatile int*>(words)[j] = flag;
    }
  }

  // Tile j's flag, and its value in v when the flag is not 0.
  __device__ __forceinline__ int poll(long long j, T& v) const {
    lookback_value<T> u;
    if constexpr (PACK == 1) {
      const unsigned long long word = *reinterpret_cast<volatile unsigned long long*>(words + j);
      u.w[0] = 0;
      u.h[0] = static_cast<unsigned int>(word >> 32);
      v = u.value;
      return static_cast<int>(word & 0xffffffffu);
    } else if constexpr (PACK == 2) {
      const unsigned long long* src = words + 2 * j;
      unsigned long long f, w;
      asm volatile("ld.volatile.v2.u64 {%0, %1}, [%2];" : "=l"(f), "=l"(w) : "l"(src) : "memory");
      u.w[0] = w;
      v = u.value;
      return static_cast<int>(f);
    } else {
      const int f = reinterpret_cast<volatile int*>(words)[j];
      if (f == 0) return 0;
      __threadfence();
      const volatile unsigned long long* src = values(f) + j * kWords;
#pragma unroll
      for (int i = 0; i < kWords; ++i) u.w[i] = src[i];
      v = u.value;
      return f;
    }
  }

  // PACK 0: the aggregates (flag 1) or the inclusive prefixes (flag 2).
  __device__ __forceinline__ unsigned long long* values(int flag) const {
    return words + (count + 1) / 2 + (flag - 1) * count * kWords;
  }
};

// Called by one whole warp for tile `tile` of a run of tiles starting at `first` (tile > first;
// the first tile publishes its aggregate as its inclusive prefix and has nothing to wait for).
// Publishes the tile's aggregate, combines its predecessors' values 32 at a time (lane 31 the
// nearest) until one holds an inclusive prefix, publishes the tile's inclusive prefix and returns
// the exclusive one, op(earlier, later) of every tile before it, on every lane.
template <class T, int PACK, class Op>
__device__ __forceinline__ T lookback_exclusive_prefix(const lookback_status<T, PACK>& status,
                                                       long long tile, long long first, T aggregate,
                                                       int lane, Op op) {
  if (lane == 0) status.publish(tile, 1, aggregate);
  long long nearest = tile - 1;  // the nearest predecessor not yet combined
  T ex = T();
  bool has_ex = false;
  while (true) {
    const long long j = nearest - 31 + lane;
    // Lanes before the run hold a placeholder: the run's first tile is always an inclusive
    // prefix, so nothing above it ever combines them.
    int f = 2;
    T v = T();
    if (j >= first) {
      while ((f = status.poll(j, v)) == 0) {
      }
    }
    // Segmented inclusive scan: a lane holding an inclusive prefix takes nothing from below.
    bool done = f == 2;
    const unsigned found = __ballot_sync(0xffffffffu, f == 2);
#pragma unroll
    for (int d = 1; d < 32; d <<= 1) {
      const T up = shfl_up(v, d);
      const bool up_done = __shfl_up_sync(0xffffffffu, done, d);
      if (lane >= d && !done) {
        v = op(up, v);
        done = up_done;
      }
    }
    const T window = shfl_from(v, 31);
    ex = has_ex ? op(window, ex) : window;
    has_ex = true;
    if (found) break;
    nearest -= 32;
  }
  if (lane == 0) status.publish(tile, 2, op(ex, aggregate));
  return ex;
}

}  // namespace cunp
