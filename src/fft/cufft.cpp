// src/fft/cufft.cpp -- loading cuFFT on first use, and its status names.
#include "cufft.hpp"

#include <utility>

#include "cunp/runtime/error.hpp"
#include "../runtime/library.hpp"

namespace cunp::fft {
namespace {

using Loaded = LoadedApi<Api>;

const Loaded& loaded() {
  static const Loaded* l = [] {
    // CUDA 12 and 13 both ship cuFFT 11.x/12.x under the soname libcufft.so.12 (.11: CUDA 11).
    Loaded* r = open_api<Api>(
        "cuFFT", {"libcufft.so.12", "libcufft.so.11", "libcufft.so"}, "CUNP_CUFFT_PATH",
        "libcufft.so.12 or .11; set CUNP_CUFFT_PATH or CUNP_CUDA_LIBRARY_DIRS");
    if (!r->handle) return r;
#define CUNP_CUFFT_RESOLVE(name) r->resolve(r->api.name, #name, "cuFFT");
    CUNP_CUFFT_FUNCTIONS(CUNP_CUFFT_RESOLVE)
#undef CUNP_CUFFT_RESOLVE
    return r;
  }();
  return *l;
}

constexpr std::pair<cufftResult, const char*> kStatusNames[] = {
    {CUFFT_SUCCESS, "CUFFT_SUCCESS"},
    {CUFFT_INVALID_PLAN, "CUFFT_INVALID_PLAN"},
    {CUFFT_ALLOC_FAILED, "CUFFT_ALLOC_FAILED"},
    {CUFFT_INVALID_TYPE, "CUFFT_INVALID_TYPE"},
    {CUFFT_INVALID_VALUE, "CUFFT_INVALID_VALUE"},
    {CUFFT_INTERNAL_ERROR, "CUFFT_INTERNAL_ERROR"},
    {CUFFT_EXEC_FAILED, "CUFFT_EXEC_FAILED"},
    {CUFFT_SETUP_FAILED, "CUFFT_SETUP_FAILED"},
    {CUFFT_INVALID_SIZE, "CUFFT_INVALID_SIZE"},
    {CUFFT_UNALIGNED_DATA, "CUFFT_UNALIGNED_DATA"},
    {CUFFT_INVALID_DEVICE, "CUFFT_INVALID_DEVICE"},
    {CUFFT_NO_WORKSPACE, "CUFFT_NO_WORKSPACE"},
    {CUFFT_NOT_IMPLEMENTED, "CUFFT_NOT_IMPLEMENTED"},
    {CUFFT_NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED"},
    {CUFFT_MISSING_DEPENDENCY, "CUFFT_MISSING_DEPENDENCY"},
    {CUFFT_NVRTC_FAILURE, "CUFFT_NVRTC_FAILURE"},
    {CUFFT_NVJITLINK_FAILURE, "CUFFT_NVJITLINK_FAILURE"},
    {CUFFT_NVSHMEM_FAILURE, "CUFFT_NVSHMEM_FAILURE"},
};

}  // namespace

const Api& api() {
  const Loaded& l = loaded();
  if (!l.error.empty()) throw CudaError(0, l.error);
  return l.api;
}

bool available() { return loaded().error.empty(); }

SetJitCallback set_jit_callback(std::string* why) {
  const Loaded& l = loaded();
  if (!l.error.empty()) {
    *why = l.error;
    return nullptr;
  }
  int version = 0;
  l.api.cufftGetVersion(&version);
  // CUDA 13's cuFFT 12 exports the entry point with the symbol name. cuFFT 11.3 and 11.4
  // (CUDA 12.6 Update 2 to 12.9) export that same form as __cufftXtSetJITCallback_12_7 (their
  // header maps cufftXtSetJITCallback to it); their plain cufftXtSetJITCallback is the early
  // access form without the name, which cunp does not call.
  const char* symbol = version >= 12000   ? "cufftXtSetJITCallback"
                       : version >= 11300 ? "__cufftXtSetJITCallback_12_7"
                                          : nullptr;
  if (!symbol) {
    *why = "cuFFT " + std::to_string(version / 1000) + "." + std::to_string(version / 100 % 10) +
           " is loaded; LTO callbacks need cuFFT 11.3 (CUDA 12.6 Update 2) or newer";
    return nullptr;
  }
  void* f = library_symbol(l.handle, symbol);
  if (!f) *why = std::string("the loaded cuFFT lacks ") + symbol + " (LTO callbacks)";
  return reinterpret_cast<SetJitCallback>(f);
}
std::string unavailable_reason() { return loaded().error; }

std::string status_name(cufftResult s) {
  for (const auto& [status, name] : kStatusNames)
    if (status == s) return name;
  return "CUFFT_STATUS_" + std::to_string(static_cast<int>(s));
}

void check(cufftResult s, const char* what) {
  if (s == CUFFT_SUCCESS) return;
  std::string msg = std::string(what) + " failed: " + status_name(s);
  if (s == CUFFT_ALLOC_FAILED) msg += "; the device is out of memory";
  throw CudaError(static_cast<int>(s), msg);
}

}  // namespace cunp::fft
