// src/ops/scan/params.hpp -- the parameter block of the scan kernels, laid out as ScanParams in
// src/device/engines/scan.cuh, and the launch shape they share.
#pragma once
#include <cstdint>

namespace cunp::detail {

constexpr int kScanThreads = 256;  // threads per block of every scan kernel
constexpr int kScanMaxOuter = 8;   // axes other than the scanned one

struct ScanParams {
  uint64_t in, out;
  int64_t n, lines, in_step, out_step, tiles;
  uint64_t scratch, seg;
  int64_t m, seg_major, ndim;
  int64_t shape[kScanMaxOuter], in_st[kScanMaxOuter], out_st[kScanMaxOuter];
};

}  // namespace cunp::detail
