// src/jit/nvrtc.hpp -- NVRTC, loaded with dlopen on first use (so import needs no CUDA toolkit).
#pragma once
#include <nvrtc.h>

namespace cunp::nvrtc {

#define CUNP_NVRTC_FUNCTIONS(X)                                                        \
  X(nvrtcVersion) X(nvrtcGetErrorString) X(nvrtcCreateProgram) X(nvrtcDestroyProgram) \
  X(nvrtcCompileProgram) X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog)              \
  X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetPTXSize) X(nvrtcGetPTX)             \
  X(nvrtcGetNumSupportedArchs) X(nvrtcGetSupportedArchs) X(nvrtcAddNameExpression)    \
  X(nvrtcGetLoweredName)

struct Api {
#define CUNP_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_NVRTC_FUNCTIONS(CUNP_DECLARE)
#undef CUNP_DECLARE
};

const Api& api();  // throws CudaError when libnvrtc cannot be found

}  // namespace cunp::nvrtc
