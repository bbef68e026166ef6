// src/linalg/cublas.cpp -- loading cuBLAS on first use, and the per-device, per-thread handles
// with their stream binding, pool workspaces and math mode.
#include "cublas.hpp"

#include <array>
#include <mutex>
#include <unordered_map>

#include "cunp/linalg/products.hpp"
#include "cunp/memory/memory.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "../runtime/library.hpp"

namespace cunp::blas {
namespace {

using Loaded = LoadedApi<Api>;

const Loaded& loaded() {
  static const Loaded* l = [] {
    Loaded* r = open_api<Api>(
        "cuBLAS", {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, "CUNP_CUBLAS_PATH",
        "libcublas.so.13 or .12; set CUNP_CUBLAS_PATH or CUNP_CUDA_LIBRARY_DIRS");
    if (!r->handle) return r;
#define CUNP_CUBLAS_RESOLVE(name) r->resolve(r->api.name, #name, "cuBLAS");
    CUNP_CUBLAS_FUNCTIONS(CUNP_CUBLAS_RESOLVE)
#define CUNP_CUBLAS_RESOLVE_TYPED(name, type) CUNP_CUBLAS_RESOLVE(name)
    CUNP_CUBLAS_TYPED_FUNCTIONS(CUNP_CUBLAS_RESOLVE_TYPED)
#undef CUNP_CUBLAS_RESOLVE_TYPED
#undef CUNP_CUBLAS_RESOLVE
    // Optional (older cuBLAS lacks it): no error when absent.
    r->api.cublasGetStatusString = reinterpret_cast<const char* (*)(cublasStatus_t)>(
        library_symbol(r->handle, "cublasGetStatusString"));
    return r;
  }();
  return *l;
}

// Hopper's kernels want 32 MiB of workspace (cuBLAS's own guidance); older GPUs 4 MiB.
std::size_t workspace_bytes(int device) {
  return compute_capability(device) >= 90 ? (32u << 20) : (4u << 20);
}

// One per device and thread. Workspaces are kept per stream: two streams must not share one
// while both may run. Handles live for the thread (cuBLAS may be unloaded at process exit before
// thread-local destructors could run, so they are not destroyed).
struct ThreadHandle {
  cublasHandle_t h = nullptr;
  StreamHandle bound = nullptr;
  bool bound_valid = false;
  int math = -1;
  std::unordered_map<StreamHandle, MemoryPtr> workspaces;
};

}  // namespace

const Api& api() {
  const Loaded& l = loaded();
  if (!l.error.empty()) throw CudaError(0, l.error);
  return l.api;
}

bool available() { return loaded().error.empty(); }
std::string unavailable_reason() { return loaded().error; }

void check(cublasStatus_t s, const char* what) {
  if (s == CUBLAS_STATUS_SUCCESS) return;
  const Api& a = loaded().api;
  std::string text = a.cublasGetStatusString ? a.cublasGetStatusString(s) : "";
  std::string msg = std::string(what) + " failed: status " + std::to_string(static_cast<int>(s));
  if (!text.empty()) msg += " (" + text + ")";
  if (s == CUBLAS_STATUS_ALLOC_FAILED) msg += "; the device is out of memory";
  throw CudaError(static_cast<int>(s), msg);
}

cublasHandle_t handle(int device) {
  if (device < 0 || device >= kMaxDevices) throw CudaError(0, "cuBLAS: invalid device");
  thread_local std::array<ThreadHandle, kMaxDevices> handles;
  ThreadHandle& t = handles[device];
  activate(device);
  if (!t.h) CUNP_CUBLAS(cublasCreate_v2, &t.h);
  StreamHandle s = current_stream_handle(device);
  if (!t.bound_valid || t.bound != s) {
    // cublasSetStream resets the workspace to cuBLAS's own, so the pool's is set again after.
    CUNP_CUBLAS(cublasSetStream_v2, t.h, reinterpret_cast<cudaStream_t>(s));
    MemoryPtr& ws = t.workspaces[s];
    if (!ws) ws = allocate(workspace_bytes(device), device, s);
    CUNP_CUBLAS(cublasSetWorkspace_v2, t.h, reinterpret_cast<void*>(ws->ptr), ws->size);
    t.bound = s;
    t.bound_valid = true;
  }
  int math = allow_tf32() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
  if (t.math != math) {
    CUNP_CUBLAS(cublasSetMathMode, t.h, static_cast<cublasMath_t>(math));
    t.math = math;
  }
  return t.h;
}

}  // namespace cunp::blas

namespace cunp {

bool cublas_available() { return blas::available(); }

}  // namespace cunp
