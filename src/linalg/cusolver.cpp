// src/linalg/cusolver.cpp -- the cusolverDn symbol table, the library's loading, and the
// per-thread handles.
#include "cusolver.hpp"

#include <array>
#include <mutex>
#include <string>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "../runtime/library.hpp"
#include "../runtime/thread_handle.hpp"

namespace cunp::linalg {
namespace {

// One row per Dn value, in the enum's order. Untyped routines name their symbol; typed ones
// give the stem after the S/D/C/Z letter, for real and for complex types (the complex
// eigensolvers are "he", not "sy"; Q from reflectors is "ungqr", not "orgqr").
struct Row {
  Dn routine;
  bool typed;
  const char* real;
  const char* complex;
};
#define CUNP_UNTYPED(e, n) \
  { Dn::e, false, n, n }
#define CUNP_TYPED(e, stem) \
  { Dn::e, true, stem, stem }
#define CUNP_TYPED2(e, real, complex) \
  { Dn::e, true, real, complex }
const Row kRows[] = {
    CUNP_UNTYPED(GetProperty, "cusolverGetProperty"),
    CUNP_UNTYPED(Create, "cusolverDnCreate"),
    CUNP_UNTYPED(Destroy, "cusolverDnDestroy"),
    CUNP_UNTYPED(SetStream, "cusolverDnSetStream"),
    CUNP_UNTYPED(CreateParams, "cusolverDnCreateParams"),
    CUNP_UNTYPED(DestroyParams, "cusolverDnDestroyParams"),
    CUNP_UNTYPED(CreateGesvdjInfo, "cusolverDnCreateGesvdjInfo"),
    CUNP_UNTYPED(DestroyGesvdjInfo, "cusolverDnDestroyGesvdjInfo"),
    CUNP_UNTYPED(GesvdjSetTolerance, "cusolverDnXgesvdjSetTolerance"),
    CUNP_UNTYPED(GesvdjSetMaxSweeps, "cusolverDnXgesvdjSetMaxSweeps"),
    CUNP_UNTYPED(CreateSyevjInfo, "cusolverDnCreateSyevjInfo"),
    CUNP_UNTYPED(DestroySyevjInfo, "cusolverDnDestroySyevjInfo"),
    CUNP_UNTYPED(SyevjSetTolerance, "cusolverDnXsyevjSetTolerance"),
    CUNP_UNTYPED(SyevjSetMaxSweeps, "cusolverDnXsyevjSetMaxSweeps"),
    CUNP_UNTYPED(XgeevBufferSize, "cusolverDnXgeev_bufferSize"),
    CUNP_UNTYPED(Xgeev, "cusolverDnXgeev"),
    CUNP_TYPED(GetrfBufferSize, "getrf_bufferSize"),
    CUNP_TYPED(Getrf, "getrf"),
    CUNP_TYPED(Getrs, "getrs"),
    CUNP_TYPED(PotrfBufferSize, "potrf_bufferSize"),
    CUNP_TYPED(Potrf, "potrf"),
    CUNP_TYPED(PotrfBatched, "potrfBatched"),
    CUNP_TYPED(GeqrfBufferSize, "geqrf_bufferSize"),
    CUNP_TYPED(Geqrf, "geqrf"),
    CUNP_TYPED2(OrgqrBufferSize, "orgqr_bufferSize", "ungqr_bufferSize"),
    CUNP_TYPED2(Orgqr, "orgqr", "ungqr"),
    CUNP_TYPED2(SyevdBufferSize, "syevd_bufferSize", "heevd_bufferSize"),
    CUNP_TYPED2(Syevd, "syevd", "heevd"),
    CUNP_TYPED2(SyevjBatchedBufferSize, "syevjBatched_bufferSize", "heevjBatched_bufferSize"),
    CUNP_TYPED2(SyevjBatched, "syevjBatched", "heevjBatched"),
    CUNP_TYPED(GesvdBufferSize, "gesvd_bufferSize"),
    CUNP_TYPED(Gesvd, "gesvd"),
    CUNP_TYPED(GesvdjBufferSize, "gesvdj_bufferSize"),
    CUNP_TYPED(Gesvdj, "gesvdj"),
    CUNP_TYPED(GesvdjBatchedBufferSize, "gesvdjBatched_bufferSize"),
    CUNP_TYPED(GesvdjBatched, "gesvdjBatched"),
};
#undef CUNP_UNTYPED
#undef CUNP_TYPED
#undef CUNP_TYPED2
static_assert(sizeof(kRows) / sizeof(kRows[0]) == static_cast<size_t>(Dn::Count),
              "one row per cusolverDn routine");

constexpr int kCount = static_cast<int>(Dn::Count);

// Every routine's symbol name per type slot (S, D, C, Z), spelled out once from kRows.
using Names = std::array<std::array<std::string, 4>, kCount>;
const Names& names() {
  static const Names n = [] {
    Names n;
    static const char kLetters[4] = {'S', 'D', 'C', 'Z'};
    for (int r = 0; r < kCount; ++r)
      for (int s = 0; s < 4; ++s) {
        const Row& row = kRows[r];
        const char* stem = s < 2 ? row.real : row.complex;
        n[r][s] = row.typed ? std::string("cusolverDn") + kLetters[s] + stem : std::string(stem);
      }
    return n;
  }();
  return n;
}

struct Table {
  void* library = nullptr;
  void* fns[kCount][4] = {};
};

const Table& table() {
  static const Table t = [] {
    Table t;
    t.library = open_library({"libcusolver.so.12", "libcusolver.so.11", "libcusolver.so"},
                             "CUNP_CUSOLVER_PATH");
    if (!t.library) return t;
    for (int r = 0; r < kCount; ++r) {
      if (kRows[r].routine != static_cast<Dn>(r)) continue;  // guarded by the test of the order
      for (int s = 0; s < 4; ++s) t.fns[r][s] = library_symbol(t.library, names()[r][s].c_str());
    }
    return t;
  }();
  return t;
}

int slot_or_zero(DType t) {
  switch (t) {
    case DType::Float32: return 0;
    case DType::Float64: return 1;
    case DType::Complex64: return 2;
    case DType::Complex128: return 3;
    default: return -1;
  }
}

const char* status_name(int s) {
  static const char* names[] = {"CUSOLVER_STATUS_SUCCESS",
                                "CUSOLVER_STATUS_NOT_INITIALIZED",
                                "CUSOLVER_STATUS_ALLOC_FAILED",
                                "CUSOLVER_STATUS_INVALID_VALUE",
                                "CUSOLVER_STATUS_ARCH_MISMATCH",
                                "CUSOLVER_STATUS_MAPPING_ERROR",
                                "CUSOLVER_STATUS_EXECUTION_FAILED",
                                "CUSOLVER_STATUS_INTERNAL_ERROR",
                                "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED",
                                "CUSOLVER_STATUS_NOT_SUPPORTED"};
  return s >= 0 && s < 10 ? names[s] : "CUSOLVER_STATUS_UNKNOWN";
}

using CreateFn = int (*)(void**);
using DestroyFn = int (*)(void*);
using SetStreamFn = int (*)(void*, StreamHandle);

// The per-thread handles (src/runtime/thread_handle.hpp); they live as long as their thread and
// are destroyed at its exit.
struct Library {
  using Handle = void*;
  struct State {};
  static constexpr const char* name = "cuSOLVER";
  static constexpr bool destroy_at_exit = true;
  static void create(Handle& h) {
    check_cusolver(reinterpret_cast<CreateFn>(dn_symbol(Dn::Create))(&h), "cusolverDnCreate");
  }
  static void destroy(Handle h) {
    if (auto f = reinterpret_cast<DestroyFn>(dn_symbol_or_null(Dn::Destroy))) f(h);
  }
  static void bind(LibraryHandle<Library>& t, StreamHandle s, int) {
    check_cusolver(reinterpret_cast<SetStreamFn>(dn_symbol(Dn::SetStream))(t.handle, s),
                   "cusolverDnSetStream");
  }
};

}  // namespace

const char* dn_name(Dn routine, DType t) {
  int s = slot_or_zero(t);
  return names()[static_cast<int>(routine)][s < 0 ? 0 : s].c_str();
}

bool cusolver_available() { return table().library != nullptr; }

void* dn_symbol_or_null(Dn routine, DType t) {
  int s = slot_or_zero(t);
  if (s < 0) return nullptr;
  return table().fns[static_cast<int>(routine)][s];
}

void* dn_symbol(Dn routine, DType t) {
  if (!cusolver_available())
    throw CudaError(0, "cuSOLVER (libcusolver.so.12 or .11) could not be loaded: install the CUDA "
                       "toolkit's cuSOLVER or set CUNP_CUSOLVER_PATH to the library file");
  void* f = dn_symbol_or_null(routine, t);
  if (!f)
    throw CudaError(0, std::string("this cuSOLVER has no ") + dn_name(routine, t) +
                           " (a newer CUDA toolkit is needed for this function)");
  return f;
}

int solver_type_slot(DType t) {
  int s = slot_or_zero(t);
  if (s < 0) throw TypeError(std::string("array type ") + name(t) + " is unsupported in linalg");
  return s;
}

void check_cusolver(int status, const char* what) {
  if (status != 0) throw CudaError(status, std::string(what) + " failed: " + status_name(status));
}

void* dn_handle(int device, StreamHandle stream) {
  return thread_handle<Library>(device, stream).handle;
}

}  // namespace cunp::linalg
