// src/sparse/cusparse.cpp -- loading cuSPARSE on first use, and the per-device, per-thread
// handles with their stream binding.
#include "cusparse.hpp"

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "cunp/sparse/products.hpp"
#include "../runtime/library.hpp"
#include "../runtime/thread_handle.hpp"

namespace cunp::sparse {
namespace {

using Loaded = LoadedApi<Api>;

const Loaded& loaded() {
  static const Loaded* l = [] {
    // No CUNP_CUSPARSE_PATH setting yet: the toolkit's directories, CUNP_CUDA_LIBRARY_DIRS and
    // pip's wheels are searched.
    Loaded* r = open_api<Api>("cuSPARSE",
                              {"libcusparse.so.12", "libcusparse.so.13", "libcusparse.so"}, nullptr,
                              "libcusparse.so.12; set CUNP_CUDA_LIBRARY_DIRS");
    if (!r->handle) return r;
#define CUNP_CUSPARSE_RESOLVE(name) r->resolve(r->api.name, #name, "cuSPARSE");
    CUNP_CUSPARSE_FUNCTIONS(CUNP_CUSPARSE_RESOLVE)
#undef CUNP_CUSPARSE_RESOLVE
    r->api.cusparseGetErrorString = reinterpret_cast<const char* (*)(cusparseStatus_t)>(
        library_symbol(r->handle, "cusparseGetErrorString"));
    return r;
  }();
  return *l;
}

// The per-thread handles (src/runtime/thread_handle.hpp); kept for the thread's life (the
// library may be gone before thread-local destructors run at exit).
struct Library {
  using Handle = cusparseHandle_t;
  struct State {};
  static constexpr const char* name = "cuSPARSE";
  static constexpr bool destroy_at_exit = false;
  static void create(Handle& h) { CUNP_CUSPARSE(cusparseCreate, &h); }
  static void destroy(Handle) {}
  static void bind(LibraryHandle<Library>& t, StreamHandle s, int) {
    CUNP_CUSPARSE(cusparseSetStream, t.handle, reinterpret_cast<cudaStream_t>(s));
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

void check(cusparseStatus_t s, const char* what) {
  if (s == CUSPARSE_STATUS_SUCCESS) return;
  const Api& a = loaded().api;
  std::string text = a.cusparseGetErrorString ? a.cusparseGetErrorString(s) : "";
  std::string msg = std::string(what) + " failed: status " + std::to_string(static_cast<int>(s));
  if (!text.empty()) msg += " (" + text + ")";
  if (s == CUSPARSE_STATUS_ALLOC_FAILED) msg += "; the device is out of memory";
  throw CudaError(static_cast<int>(s), msg);
}

cusparseHandle_t handle(int device) { return thread_handle<Library>(device).handle; }

}  // namespace cunp::sparse

namespace cunp {

bool cusparse_available() { return sparse::available(); }
std::string cusparse_unavailable_reason() { return sparse::unavailable_reason(); }

}  // namespace cunp
