// src/linalg/cublas.cpp -- loading cuBLAS on first use, and the per-device, per-thread handles
// with their stream binding, pool workspaces and math mode.
#include "cublas.hpp"

#include <mutex>
#include <unordered_map>

#include "cunp/linalg/products.hpp"
#include "cunp/memory/memory.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "../runtime/library.hpp"
#include "../runtime/thread_handle.hpp"

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

// The per-thread handles (src/runtime/thread_handle.hpp). Workspaces are kept per stream: two
// streams must not share one while both may run. Handles live for the thread (cuBLAS may be
// unloaded at process exit before thread-local destructors could run, so they are not
// destroyed).
struct Library {
  using Handle = cublasHandle_t;
  struct State {
    int math = -1;
    std::unordered_map<StreamHandle, MemoryPtr> workspaces;
  };
  static constexpr const char* name = "cuBLAS";
  static constexpr bool destroy_at_exit = false;
  static void create(Handle& h) { CUNP_CUBLAS(cublasCreate_v2, &h); }
  static void destroy(Handle) {}
  static void bind(LibraryHandle<Library>& t, StreamHandle s, int device) {
    // cublasSetStream resets the workspace to cuBLAS's own, so the pool's is set again after.
    CUNP_CUBLAS(cublasSetStream_v2, t.handle, reinterpret_cast<cudaStream_t>(s));
    MemoryPtr& ws = t.state.workspaces[s];
    if (!ws) ws = allocate(workspace_bytes(device), device, s);
    CUNP_CUBLAS(cublasSetWorkspace_v2, t.handle, reinterpret_cast<void*>(ws->ptr), ws->size);
  }
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
  LibraryHandle<Library>& t = thread_handle<Library>(device);
  // (the TF32 setting may change between calls on the same stream: checked on every call)
  int math = allow_tf32() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
  if (t.state.math != math) {
    CUNP_CUBLAS(cublasSetMathMode, t.handle, static_cast<cublasMath_t>(math));
    t.state.math = math;
  }
  return t.handle;
}

}  // namespace cunp::blas

namespace cunp {

bool cublas_available() { return blas::available(); }

}  // namespace cunp
