// src/linalg/solver_cholesky.cpp -- cholesky: cusolverDn potrfBatched for stacks, potrf for one
// matrix; always the lower factor of what the library sees (see below for upper=True).
#include "cunp/linalg/solver.hpp"
#include "cunp/runtime/device.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {
using PotrfBatchedFn = int (*)(void*, int, int, void* const*, int, int*, int);
using PotrfBufferSizeFn = int (*)(void*, int, int, void*, int, int*);
using PotrfFn = int (*)(void*, int, int, void*, int, void*, int, int*);
}  // namespace
}  // namespace linalg

using namespace linalg;

NDArray cholesky(const NDArray& a, bool upper, bool check) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  // Lower: factor A itself (column-major copy), A = L L^H, reading A's lower triangle.
  // Upper: the row-major copy is conj(A) to the library; its lower factor L' (conj(A) = L' L'^H)
  // read row-major is L'^T = U with A = U^H U, and it reads A's upper triangle, as NumPy does.
  Batch x = upper ? transposed_copy(a) : column_major_copy(a);
  if (x.count > 0 && x.rows > 0) {
    int dev = x.data.device();
    activate(dev);
    StreamHandle stream = current_stream_handle(dev);
    void* h = dn_handle(dev, stream);
    DType t = x.dtype();
    int n = static_cast<int>(x.rows);
    NDArray info = info_array(x.count);
    if (x.count > 1) {
      NDArray ptrs = pointer_array(x);
      check_cusolver(reinterpret_cast<PotrfBatchedFn>(dn_symbol(Dn::PotrfBatched, t))(
                         h, kLower, n, static_cast<void* const*>(ptr_of(ptrs)), x.ld(),
                         static_cast<int*>(ptr_of(info)), static_cast<int>(x.count)),
                     dn_name(Dn::PotrfBatched, t));
    } else {
      int lwork = 0;
      check_cusolver(reinterpret_cast<PotrfBufferSizeFn>(dn_symbol(Dn::PotrfBufferSize, t))(
                         h, kLower, n, at(x.matrix(0)), x.ld(), &lwork),
                     dn_name(Dn::PotrfBufferSize, t));
      MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
      check_cusolver(reinterpret_cast<PotrfFn>(dn_symbol(Dn::Potrf, t))(
                         h, kLower, n, at(x.matrix(0)), x.ld(), at(work->ptr), lwork,
                         static_cast<int*>(ptr_of(info))),
                     dn_name(Dn::Potrf, t));
    }
    // The buffer holds column-major lower factors: read row-major they are upper triangles.
    keep_triangle(x.data, false);
    if (check)
      for (int32_t v : read_info(info))
        if (v > 0) throw LinAlgError("Matrix is not positive definite");
  }
  return upper ? transposes(x) : matrices(x);
}

}  // namespace cunp
