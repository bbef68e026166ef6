// src/linalg/cusolver.cpp -- the cusolverDn symbol table, the library's loading, and the
// per-thread handles.
#include "cusolver.hpp"

#include <array>
#include <mutex>
#include <string>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "../runtime/library.hpp"

namespace cunp::linalg {
namespace {

// One row per Dn value, in the enum's order. Untyped routines name one symbol for all types;
// typed ones give the S, D, C, Z spellings (the complex eigensolvers are "he", not "sy").
struct Row {
  Dn routine;
  std::array<const char*, 4> names;
};
#define CUNP_UNTYPED(e, n) {Dn::e, {n, n, n, n}}
#define CUNP_TYPED(e, s, d, c, z) {Dn::e, {s, d, c, z}}
const Row kRows[] = {
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
    CUNP_TYPED(GetrfBufferSize, "cusolverDnSgetrf_bufferSize", "cusolverDnDgetrf_bufferSize",
               "cusolverDnCgetrf_bufferSize", "cusolverDnZgetrf_bufferSize"),
    CUNP_TYPED(Getrf, "cusolverDnSgetrf", "cusolverDnDgetrf", "cusolverDnCgetrf", "cusolverDnZgetrf"),
    CUNP_TYPED(Getrs, "cusolverDnSgetrs", "cusolverDnDgetrs", "cusolverDnCgetrs", "cusolverDnZgetrs"),
    CUNP_TYPED(PotrfBufferSize, "cusolverDnSpotrf_bufferSize", "cusolverDnDpotrf_bufferSize",
               "cusolverDnCpotrf_bufferSize", "cusolverDnZpotrf_bufferSize"),
    CUNP_TYPED(Potrf, "cusolverDnSpotrf", "cusolverDnDpotrf", "cusolverDnCpotrf", "cusolverDnZpotrf"),
    CUNP_TYPED(PotrfBatched, "cusolverDnSpotrfBatched", "cusolverDnDpotrfBatched",
               "cusolverDnCpotrfBatched", "cusolverDnZpotrfBatched"),
    CUNP_TYPED(GeqrfBufferSize, "cusolverDnSgeqrf_bufferSize", "cusolverDnDgeqrf_bufferSize",
               "cusolverDnCgeqrf_bufferSize", "cusolverDnZgeqrf_bufferSize"),
    CUNP_TYPED(Geqrf, "cusolverDnSgeqrf", "cusolverDnDgeqrf", "cusolverDnCgeqrf", "cusolverDnZgeqrf"),
    CUNP_TYPED(OrgqrBufferSize, "cusolverDnSorgqr_bufferSize", "cusolverDnDorgqr_bufferSize",
               "cusolverDnCungqr_bufferSize", "cusolverDnZungqr_bufferSize"),
    CUNP_TYPED(Orgqr, "cusolverDnSorgqr", "cusolverDnDorgqr", "cusolverDnCungqr", "cusolverDnZungqr"),
    CUNP_TYPED(SyevdBufferSize, "cusolverDnSsyevd_bufferSize", "cusolverDnDsyevd_bufferSize",
               "cusolverDnCheevd_bufferSize", "cusolverDnZheevd_bufferSize"),
    CUNP_TYPED(Syevd, "cusolverDnSsyevd", "cusolverDnDsyevd", "cusolverDnCheevd", "cusolverDnZheevd"),
    CUNP_TYPED(SyevjBatchedBufferSize, "cusolverDnSsyevjBatched_bufferSize",
               "cusolverDnDsyevjBatched_bufferSize", "cusolverDnCheevjBatched_bufferSize",
               "cusolverDnZheevjBatched_bufferSize"),
    CUNP_TYPED(SyevjBatched, "cusolverDnSsyevjBatched", "cusolverDnDsyevjBatched",
               "cusolverDnCheevjBatched", "cusolverDnZheevjBatched"),
    CUNP_TYPED(GesvdBufferSize, "cusolverDnSgesvd_bufferSize", "cusolverDnDgesvd_bufferSize",
               "cusolverDnCgesvd_bufferSize", "cusolverDnZgesvd_bufferSize"),
    CUNP_TYPED(Gesvd, "cusolverDnSgesvd", "cusolverDnDgesvd", "cusolverDnCgesvd", "cusolverDnZgesvd"),
    CUNP_TYPED(GesvdjBufferSize, "cusolverDnSgesvdj_bufferSize", "cusolverDnDgesvdj_bufferSize",
               "cusolverDnCgesvdj_bufferSize", "cusolverDnZgesvdj_bufferSize"),
    CUNP_TYPED(Gesvdj, "cusolverDnSgesvdj", "cusolverDnDgesvdj", "cusolverDnCgesvdj", "cusolverDnZgesvdj"),
    CUNP_TYPED(GesvdjBatchedBufferSize, "cusolverDnSgesvdjBatched_bufferSize",
               "cusolverDnDgesvdjBatched_bufferSize", "cusolverDnCgesvdjBatched_bufferSize",
               "cusolverDnZgesvdjBatched_bufferSize"),
    CUNP_TYPED(GesvdjBatched, "cusolverDnSgesvdjBatched", "cusolverDnDgesvdjBatched",
               "cusolverDnCgesvdjBatched", "cusolverDnZgesvdjBatched"),
};
#undef CUNP_UNTYPED
#undef CUNP_TYPED
static_assert(sizeof(kRows) / sizeof(kRows[0]) == static_cast<size_t>(Dn::Count),
              "one row per cusolverDn routine");

constexpr int kCount = static_cast<int>(Dn::Count);

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
      for (int s = 0; s < 4; ++s) t.fns[r][s] = library_symbol(t.library, kRows[r].names[s]);
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
  static const char* names[] = {"CUSOLVER_STATUS_SUCCESS", "CUSOLVER_STATUS_NOT_INITIALIZED",
                                "CUSOLVER_STATUS_ALLOC_FAILED", "CUSOLVER_STATUS_INVALID_VALUE",
                                "CUSOLVER_STATUS_ARCH_MISMATCH", "CUSOLVER_STATUS_MAPPING_ERROR",
                                "CUSOLVER_STATUS_EXECUTION_FAILED", "CUSOLVER_STATUS_INTERNAL_ERROR",
                                "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED",
                                "CUSOLVER_STATUS_NOT_SUPPORTED"};
  return s >= 0 && s < 10 ? names[s] : "CUSOLVER_STATUS_UNKNOWN";
}

using CreateFn = int (*)(void**);
using DestroyFn = int (*)(void*);
using SetStreamFn = int (*)(void*, StreamHandle);

// Handles live as long as their thread; destroyed at thread exit.
struct ThreadHandles {
  void* handles[kMaxDevices] = {};
  ~ThreadHandles() {
    auto destroy = reinterpret_cast<DestroyFn>(dn_symbol_or_null(Dn::Destroy));
    if (!destroy) return;
    for (void* h : handles)
      if (h) destroy(h);
  }
};

}  // namespace

const char* dn_name(Dn routine, DType t) {
  int s = slot_or_zero(t);
  return kRows[static_cast<int>(routine)].names[s < 0 ? 0 : s];
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
  thread_local ThreadHandles cache;
  if (device < 0 || device >= kMaxDevices) throw CudaError(0, "invalid device ordinal");
  void*& h = cache.handles[device];
  if (!h) check_cusolver(reinterpret_cast<CreateFn>(dn_symbol(Dn::Create))(&h), "cusolverDnCreate");
  check_cusolver(reinterpret_cast<SetStreamFn>(dn_symbol(Dn::SetStream))(h, stream),
                 "cusolverDnSetStream");
  return h;
}

}  // namespace cunp::linalg
