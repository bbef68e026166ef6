// src/fft/cufft.hpp -- cuFFT, loaded with dlopen on first use: the function table and the check
// of its status codes.
#pragma once
#include <cufft.h>

#include <string>

namespace cunp::fft {

// clang-format off
#define CUNP_CUFFT_FUNCTIONS(X)                                                                 \
  X(cufftCreate) X(cufftDestroy) X(cufftSetAutoAllocation) X(cufftMakePlanMany64)              \
  X(cufftSetWorkArea) X(cufftSetStream) X(cufftExecC2C) X(cufftExecZ2Z) X(cufftExecR2C)       \
  X(cufftExecD2Z) X(cufftExecC2R) X(cufftExecZ2D) X(cufftGetVersion) X(cufftGetProperty)
// clang-format on

struct Api {
#define CUNP_CUFFT_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_CUFFT_FUNCTIONS(CUNP_CUFFT_DECLARE)
#undef CUNP_CUFFT_DECLARE
};

// The table, loaded once (libcufft.so.12, then .11; $CUNP_CUFFT_PATH names a file). Throws
// CudaError naming the library or the missing function when it cannot be used.
const Api& api();
// Whether the library loads and every function resolves; never throws (no GPU needed).
bool available();
// cufftXtSetJITCallback in the form that takes the callback's symbol name (cuFFT 12, CUDA 13;
// __cufftXtSetJITCallback_12_7 in cuFFT 11.3 and 11.4), or null where the library has no such
// entry point; `why` says what is missing.
using SetJitCallback = cufftResult (*)(cufftHandle, const char*, const void*, size_t, int, void**);
SetJitCallback set_jit_callback(std::string* why);
// Why api() fails (empty when it does not).
std::string unavailable_reason();

// "CUFFT_INVALID_SIZE" for a status; "CUFFT_STATUS_<n>" for one this header does not know.
std::string status_name(cufftResult s);
// Throws CudaError naming the call and the status when s is not CUFFT_SUCCESS (OutOfMemoryError
// for CUFFT_ALLOC_FAILED).
void check(cufftResult s, const char* what);

}  // namespace cunp::fft

#define CUNP_CUFFT(fn, ...) ::cunp::fft::check(::cunp::fft::api().fn(__VA_ARGS__), #fn)
