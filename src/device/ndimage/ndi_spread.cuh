// src/device/ndimage/ndi_spread.cuh -- which line a thread of a one-thread-per-line kernel
// (the spline prefilter, the distance transform's passes) takes when lines are few.
//
// Such a kernel's threads each run a long sequential recursion, so its speed is each SM's
// memory traffic and latency, not the thread count. A 2048 x 2048 image has 2048 lines: packed
// 256 to a block that is 8 SMs of a GPU with over a hundred. Launched over `spread` times as
// many positions, only the first warp of every `spread` takes lines (32 of them), so the same
// lines occupy `spread` times as many blocks, and SMs.
#pragma once

namespace cunp {

// The line position i takes (false: none). Positions come in warps of 32; warp w takes lines
// (w / spread) * 32 .. + 31 when w is a multiple of spread.
__device__ __forceinline__ bool ndi_spread_line(long long i, long long spread, long long lines,
                                                long long& line) {
  const long long warp = i / 32;
  if (warp % spread != 0) return false;
  line = (warp / spread) * 32 + i % 32;
  return line < lines;
}

}  // namespace cunp
