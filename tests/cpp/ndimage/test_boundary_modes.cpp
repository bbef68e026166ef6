// tests/cpp/ndimage/test_boundary_modes.cpp -- the filter boundary transform of
// src/device/ndimage/ndi_boundary.cuh, run on the host: each mode's extension of a 4-element axis
// is the one SciPy's documentation draws (the header is free of device-only code).
#include <gtest/gtest.h>

#include <vector>

#define __device__
#define __forceinline__ inline
#include "../../../src/device/ndimage/ndi_boundary.cuh"
#undef __forceinline__
#undef __device__

namespace {

// Where taps -6 .. 9 of an axis of 4 read from (-1: cval).
std::vector<long long> extend(int mode, long long n = 4) {
  std::vector<long long> v;
  for (long long j = -6; j <= 9; ++j) v.push_back(cunp::ndi_filter_index(j, n, mode));
  return v;
}

TEST(NdimageBoundary, FilterModes) {
  using V = std::vector<long long>;
  //                       -6 -5 -4 -3 -2 -1 | 0  1  2  3 | 4  5  6  7  8  9
  EXPECT_EQ(extend(cunp::kNdiReflect), (V{2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1}));
  EXPECT_EQ(extend(cunp::kNdiMirror), (V{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3}));
  EXPECT_EQ(extend(cunp::kNdiNearest), (V{0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3}));
  EXPECT_EQ(extend(cunp::kNdiWrap), (V{2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1}));
  EXPECT_EQ(extend(cunp::kNdiGridWrap), extend(cunp::kNdiWrap));
  const V constant{-1, -1, -1, -1, -1, -1, 0, 1, 2, 3, -1, -1, -1, -1, -1, -1};
  EXPECT_EQ(extend(cunp::kNdiConstant), constant);
  EXPECT_EQ(extend(cunp::kNdiGridConstant), constant);
  // One element: every mode but the constant ones reads it.
  for (int m : {cunp::kNdiReflect, cunp::kNdiMirror, cunp::kNdiNearest, cunp::kNdiWrap})
    EXPECT_EQ(extend(m, 1), V(16, 0)) << m;
}

}  // namespace
