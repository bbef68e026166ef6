// src/runtime/driver.cpp -- loading libcuda and resolving the driver entry points.
#include "driver.hpp"

#include <dlfcn.h>
#include <pthread.h>

#include <atomic>
#include <mutex>

#include "cunp/runtime/error.hpp"
#include "launch_record.hpp"

namespace cunp::drv {
namespace {

// Set in the child of a fork() taken after this process initialized CUDA. The driver's state
// (contexts, streams, memory) does not survive a fork: any use in the child fails or hangs, so
// cunp refuses it with a message that names the way out.
std::atomic<bool> g_forked_after_init{false};

void mark_forked_child() { g_forked_after_init.store(true, std::memory_order_relaxed); }

constexpr const char* kForkedMessage =
    "CUDA was initialized in this process's parent before it forked, and a forked child cannot "
    "use the GPU. Start worker processes with the 'spawn' start method "
    "(multiprocessing.get_context('spawn'), or multiprocessing.set_start_method('spawn') before "
    "any pool is made); concurrent.futures.ProcessPoolExecutor takes mp_context= for it.";

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
  } else {
    pthread_atfork(nullptr, nullptr, mark_forked_child);
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
  if (g_forked_after_init.load(std::memory_order_relaxed))
    throw CudaError(CUDA_ERROR_NOT_INITIALIZED, kForkedMessage);
  return l.api;
}

bool available() {
  const Loaded& l = loaded();
  if (!l.error.empty() || g_forked_after_init.load(std::memory_order_relaxed)) return false;
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
