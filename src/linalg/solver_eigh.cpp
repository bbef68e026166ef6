// src/linalg/solver_eigh.cpp -- eigh / eigvalsh: cusolverDn syevjBatched (Jacobi, one launch)
// for stacks of matrices up to 32 x 32, syevd / heevd per matrix otherwise.
#include "cunp/linalg/solver.hpp"
#include "cunp/runtime/device.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {
using SyevjBatchedBufferSizeFn = int (*)(void*, int, int, int, const void*, int, const void*, int*,
                                         void*, int);
using SyevjBatchedFn = int (*)(void*, int, int, int, void*, int, void*, void*, int, int*, void*,
                               int);
using SyevdBufferSizeFn = int (*)(void*, int, int, int, const void*, int, const void*, int*);
using SyevdFn = int (*)(void*, int, int, int, void*, int, void*, void*, int, int*);
using CreateInfoFn = int (*)(void**);
using DestroyInfoFn = int (*)(void*);

constexpr int64_t kJacobiBatchedMaxN = 32;  // syevjBatched's limit
}  // namespace
}  // namespace linalg

using namespace linalg;

std::vector<NDArray> eigh(const NDArray& a, bool lower, bool compute_vectors) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  Batch x = column_major_copy(a);
  DType t = x.dtype();
  NDArray w = NDArray::empty(with_vector(x.batch_shape, x.rows), real_dtype(t));
  if (x.count > 0 && x.rows > 0) {
    int dev = x.data.device();
    activate(dev);
    void* h = dn_handle(dev, current_stream_handle(dev));
    int n = static_cast<int>(x.rows);
    int jobz = compute_vectors ? kVector : kNoVector;
    int uplo = lower ? kLower : kUpper;
    // info[0, count): the library's; info[count, 2 count): non-finite input (NumPy raises then).
    NDArray info = info_array(2 * x.count);
    NDArray flags = info.index({IndexItem::slice(x.count, 2 * x.count)});
    flag_nonfinite(x, flags);
    int lwork = 0;
    if (x.count > 1 && x.rows <= kJacobiBatchedMaxN) {
      void* params = nullptr;
      check_cusolver(reinterpret_cast<CreateInfoFn>(dn_symbol(Dn::CreateSyevjInfo))(&params),
                     "cusolverDnCreateSyevjInfo");
      struct Guard {
        void* p;
        ~Guard() { reinterpret_cast<DestroyInfoFn>(dn_symbol(Dn::DestroySyevjInfo))(p); }
      } guard{params};
      int batch = static_cast<int>(x.count);
      check_cusolver(
          reinterpret_cast<SyevjBatchedBufferSizeFn>(dn_symbol(Dn::SyevjBatchedBufferSize, t))(
              h, jobz, uplo, n, ptr_of(x.data), x.ld(), ptr_of(w), &lwork, params, batch),
          dn_name(Dn::SyevjBatchedBufferSize, t));
      MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
      check_cusolver(reinterpret_cast<SyevjBatchedFn>(dn_symbol(Dn::SyevjBatched, t))(
                         h, jobz, uplo, n, ptr_of(x.data), x.ld(), ptr_of(w), at(work->ptr), lwork,
                         static_cast<int*>(ptr_of(info)), params, batch),
                     dn_name(Dn::SyevjBatched, t));
      // The info array must outlive the asynchronous call: read_info below synchronizes.
      for (int32_t v : read_info(info))
        if (v != 0) throw LinAlgError("Eigenvalues did not converge");
    } else {
      check_cusolver(reinterpret_cast<SyevdBufferSizeFn>(dn_symbol(Dn::SyevdBufferSize, t))(
                         h, jobz, uplo, n, at(x.matrix(0)), x.ld(), ptr_of(w), &lwork),
                     dn_name(Dn::SyevdBufferSize, t));
      MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
      auto syevd = reinterpret_cast<SyevdFn>(dn_symbol(Dn::Syevd, t));
      size_t wstep = static_cast<size_t>(n) * w.itemsize();
      for (int64_t b = 0; b < x.count; ++b)
        check_cusolver(syevd(h, jobz, uplo, n, at(x.matrix(b)), x.ld(), at(w.data() + b * wstep),
                             at(work->ptr), lwork, static_cast<int*>(ptr_of(info)) + b),
                       dn_name(Dn::Syevd, t));
      for (int32_t v : read_info(info))
        if (v != 0) throw LinAlgError("Eigenvalues did not converge");
    }
  }
  if (!compute_vectors) return {w};
  return {w, matrices(x)};
}

}  // namespace cunp
