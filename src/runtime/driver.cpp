// src/runtime/driver.cpp -- loading libcuda and resolving the driver entry points.
#include "driver.hpp"

#include <dlfcn.h>

#include <mutex>

#include "cunp/runtime/error.hpp"
#include "launch_record.hpp"

namespace cunp::drv {
namespace {

struct Loaded {
  Api api;
  std::string error;  // empty when the driver loaded and cuInit succeeded
  CUresult code = CUDA_SUCCESS;
};

Loaded load() {
  Loaded out;
  void* lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    out.error = "the CUDA driver (libcuda.so.1) could not be loaded: cunp needs an NVIDIA GPU "
                "and its driver (" +
                std::string(dlerror()) + ")";
    out.code = CUDA_ERROR_NO_DEVICE;
    return out;
  }
  using GetProc = CUresult (*)(const char*, void**, int, cuuint64_t,
                               CUdriverProcAddressQueryResult*);
  auto get_proc = reinterpret_cast<GetProc>(dlsym(lib, "cuGetProcAddress_v2"));
  if (!get_proc) {
    out.error = "the CUDA driver is too old for cunp (no cuGetProcAddress_v2); install a driver "
                "for CUDA 12 or newer";
    out.code = CUDA_ERROR_NOT_SUPPORTED;
    return out;
  }
  // Ask for each entry point as of the headers we compiled against, so signatures match.
  std::string missing;
#define CUNP_RESOLVE(name)                                                          \
  {                                                                                 \
    void* fn = nullptr;                                                             \
    CUdriverProcAddressQueryResult status;                                          \
    if (get_proc(#name, &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_DEFAULT, &status) != \
            CUDA_SUCCESS ||                                                         \
        !fn)                                                                        \
      missing += std::string(missing.empty() ? "" : ", ") + #name;                  \
    out.api.name = reinterpret_cast<decltype(out.api.name)>(fn);                    \
  }
  CUNP_DRIVER_FUNCTIONS(CUNP_RESOLVE)
#undef CUNP_RESOLVE
  if (!missing.empty()) {
    out.error = "the CUDA driver lacks entry points cunp needs (" + missing +
                "); a newer driver is required";
    out.code = CUDA_ERROR_NOT_SUPPORTED;
    return out;
  }
  CUresult r = out.api.cuInit(0);
  if (r != CUDA_SUCCESS) {
    const char* n = nullptr;
    out.api.cuGetErrorName(r, &n);
    out.error = std::string("cuInit failed: ") + (n ? n : "unknown error") +
                (r == CUDA_ERROR_NO_DEVICE ? " (no CUDA-capable device is visible)" : "");
    out.code = r;
  }
  return out;
}

const Loaded& loaded() {
  static const Loaded l = load();
  return l;
}

}  // namespace

const Api& api() {
  const Loaded& l = loaded();
  if (!l.error.empty()) throw CudaError(l.code, l.error);
  return l.api;
}

bool available() {
  const Loaded& l = loaded();
  if (!l.error.empty()) return false;
  int n = 0;
  return l.api.cuDeviceGetCount(&n) == CUDA_SUCCESS && n > 0;
}

int driver_version() {
  const Loaded& l = loaded();
  int v = 0;
  if (!l.api.cuDriverGetVersion) throw CudaError(l.code, l.error);
  check(l.api.cuDriverGetVersion(&v), "cuDriverGetVersion");
  return v;
}

std::string describe(CUresult r) {
  const Api& a = loaded().api;
  const char* n = nullptr;
  const char* s = nullptr;
  if (a.cuGetErrorName) a.cuGetErrorName(r, &n);
  if (a.cuGetErrorString) a.cuGetErrorString(r, &s);
  return std::string(n ? n : "CUDA_ERROR_UNKNOWN") + ": " + (s ? s : "unknown error");
}

void check(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  throw CudaError(r, std::string(what) + " failed: " + describe(r) + fault_context(r));
}

}  // namespace cunp::drv
