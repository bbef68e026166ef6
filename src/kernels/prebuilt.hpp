// src/kernels/prebuilt.hpp -- kernels compiled by nvcc at build time (src/kernels/*.cu), embedded
// in the library as one fatbin (sm_80 and sm_90 code plus compute_90 PTX) and loaded per device.
#pragma once
#include <span>

#include "cunp/jit/compiler.hpp"

namespace cunp {

// Adding a kernel: write it as an extern "C" __global__ function in a src/kernels/*.cu file (all
// of them compile as one translation unit, so file-local helpers go in a namespace named after
// the file) and look it up here by name.

// The embedded fatbin, byte for byte as nvcc wrote it.
std::span<const unsigned char> prebuilt_fatbin();

// The kernel `name` (an extern "C" symbol of src/kernels/*.cu) on `device`. The fatbin is loaded
// on first use, once per device and thread-safely; the driver picks the matching cubin, or
// compiles the PTX for GPUs newer than sm_90. Returns nullptr when the fatbin cannot run there
// (an architecture below sm_80, a driver older than the toolkit that built it, or
// CUNP_DISABLE_PREBUILT=1 in the environment): callers then take their NVRTC path.
// Throws ValueError for a name the fatbin lacks and CudaError when the device itself fails.
FunctionHandle prebuilt_function(const char* name, int device);

}  // namespace cunp
