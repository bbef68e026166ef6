// src/linalg/cusolver.hpp -- the cuSOLVER dense (cusolverDn) functions cunp calls, resolved from
// libcusolver with dlopen on first use, and one handle per device per thread.
#pragma once
#include <cstdint>

#include "cunp/array/dtype.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp::linalg {

// Every routine cunp uses (and cusolverGetProperty, for show_config's version). Typed routines
// have one symbol per element type (S, D, C, Z).
// clang-format off
enum class Dn : int {
  GetProperty, Create, Destroy, SetStream,
  CreateParams, DestroyParams,
  CreateGesvdjInfo, DestroyGesvdjInfo, GesvdjSetTolerance, GesvdjSetMaxSweeps,
  CreateSyevjInfo, DestroySyevjInfo, SyevjSetTolerance, SyevjSetMaxSweeps,
  XgeevBufferSize, Xgeev,
  // typed
  GetrfBufferSize, Getrf, Getrs,
  PotrfBufferSize, Potrf, PotrfBatched,
  GeqrfBufferSize, Geqrf, OrgqrBufferSize, Orgqr,
  SyevdBufferSize, Syevd, SyevjBatchedBufferSize, SyevjBatched,
  GesvdBufferSize, Gesvd, GesvdjBufferSize, Gesvdj, GesvdjBatchedBufferSize, GesvdjBatched,
  Count
};
// clang-format on

// The symbol's name for element type `t` (float32/64, complex64/128), for messages and tests.
const char* dn_name(Dn routine, DType t = DType::Float64);

// Whether libcusolver can be loaded (never throws).
bool cusolver_available();
// The function pointer, or nullptr when the library or this symbol is missing.
void* dn_symbol_or_null(Dn routine, DType t = DType::Float64);
// The function pointer; CudaError naming the library or symbol when it is missing.
void* dn_symbol(Dn routine, DType t = DType::Float64);

// This thread's handle on `device` (created on first use), bound to `stream`.
void* dn_handle(int device, StreamHandle stream);

// Throws CudaError "<what> failed: <status name>" when status is not CUSOLVER_STATUS_SUCCESS.
void check_cusolver(int status, const char* what);

// Slot of a solver element type in the per-type tables: S, D, C, Z. TypeError otherwise.
int solver_type_slot(DType t);

}  // namespace cunp::linalg
