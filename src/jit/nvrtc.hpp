// src/jit/nvrtc.hpp -- NVRTC, loaded with dlopen on first use (so import needs no CUDA toolkit).
#pragma once
#include <nvrtc.h>

#include <string>

namespace cunp::nvrtc {

// clang-format off
#define CUNP_NVRTC_FUNCTIONS(X)                                                        \
  X(nvrtcVersion) X(nvrtcGetErrorString) X(nvrtcCreateProgram) X(nvrtcDestroyProgram) \
  X(nvrtcCompileProgram) X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog)              \
  X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetPTXSize) X(nvrtcGetPTX)             \
  X(nvrtcGetNumSupportedArchs) X(nvrtcGetSupportedArchs) X(nvrtcAddNameExpression)    \
  X(nvrtcGetLoweredName)
// clang-format on

struct Api {
#define CUNP_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_NVRTC_FUNCTIONS(CUNP_DECLARE)
#undef CUNP_DECLARE
};

const Api& api();  // throws CudaError when libnvrtc cannot be found

// Which NVRTC api() loads, without loading it: "path:size:mtime" of the library file when it is
// found by path, else "" (found by soname only: the caller must ask NVRTC for its version).
// Lets a warm kernel cache serve a new process without the cost of loading NVRTC.
const std::string& library_identity();

}  // namespace cunp::nvrtc
