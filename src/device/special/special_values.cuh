// src/device/special/special_values.cuh -- the infinity and quiet NaN of double for the
// scipy.special device functions (NVRTC has no INFINITY or NAN macros without math.h).
#pragma once

namespace cunp::special {

__device__ inline double sp_inf() { return __longlong_as_double(0x7ff0000000000000LL); }
__device__ inline double sp_nan() { return __longlong_as_double(0x7ff8000000000000LL); }

}  // namespace cunp::special
