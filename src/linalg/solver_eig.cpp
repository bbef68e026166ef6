// src/linalg/solver_eig.cpp -- eig / eigvals of general matrices: cusolverDnXgeev (CUDA 12.6+),
// one call per matrix in a C++ loop, workspaces allocated once. The results are complex even
// where every eigenvalue is real, as in NumPy 2.5.
#include <vector>

#include "cunp/linalg/solver.hpp"
#include "cunp/runtime/device.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {
using CreateParamsFn = int (*)(void**);
using DestroyParamsFn = int (*)(void*);
using XgeevBufferSizeFn = int (*)(void*, void*, int, int, int64_t, int, const void*, int64_t, int,
                                  const void*, int, const void*, int64_t, int, const void*, int64_t,
                                  int, size_t*, size_t*);
using XgeevFn = int (*)(void*, void*, int, int, int64_t, int, void*, int64_t, int, void*, int,
                        void*, int64_t, int, void*, int64_t, int, void*, size_t, void*, size_t,
                        int*);
}  // namespace
}  // namespace linalg

using namespace linalg;

std::vector<NDArray> eig(const NDArray& a, bool compute_vectors) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  DType t = a.dtype(), ct = complex_dtype(t);
  Batch x = column_major_copy(a);
  int64_t n = x.rows;
  NDArray w = NDArray::empty(with_vector(x.batch_shape, n), ct);
  Batch vr = column_major_empty(x.batch_shape, n, n, t);
  // info[0, c): the library's; [c, 2c): non-finite input (checked first).
  NDArray info = info_array(2 * x.count);
  if (x.count > 0 && n > 0) {
    int dev = x.data.device();
    activate(dev);
    void* h = dn_handle(dev, current_stream_handle(dev));
    // NumPy refuses non-finite input before factoring; so must we, before Xgeev: its host
    // stage fails on NaN with CUSOLVER_STATUS_INTERNAL_ERROR instead of reporting it in info.
    NDArray nonfinite = info.index({IndexItem::slice(x.count, 2 * x.count)});
    flag_nonfinite(x, nonfinite);
    for (int32_t f : read_info(nonfinite))
      if (f) throw LinAlgError("Array must not contain infs or NaNs");
    void* params = nullptr;
    check_cusolver(reinterpret_cast<CreateParamsFn>(dn_symbol(Dn::CreateParams))(&params),
                   "cusolverDnCreateParams");
    struct Guard {
      void* p;
      ~Guard() { reinterpret_cast<DestroyParamsFn>(dn_symbol(Dn::DestroyParams))(p); }
    } guard{params};
    int ta = cuda_data_type(t), tw = cuda_data_type(ct);
    int jobvr = compute_vectors ? kVector : kNoVector;
    size_t dev_bytes = 0, host_bytes = 0;
    check_cusolver(reinterpret_cast<XgeevBufferSizeFn>(dn_symbol(Dn::XgeevBufferSize))(
                       h, params, kNoVector, jobvr, n, ta, at(x.matrix(0)), x.ld(), tw, ptr_of(w),
                       ta, nullptr, 1, ta, at(vr.matrix(0)), vr.ld(), ta, &dev_bytes, &host_bytes),
                   "cusolverDnXgeev_bufferSize");
    MemoryPtr work = workspace(dev_bytes, dev);
    // One host allocation for every matrix's workspace (each must stay alive until read_info
    // below has synchronized the stream); the device workspace is shared, calls being ordered.
    size_t host_step = host_bytes ? host_bytes : 1;
    std::vector<char> host_work(host_step * static_cast<size_t>(x.count));
    auto xgeev = reinterpret_cast<XgeevFn>(dn_symbol(Dn::Xgeev));
    size_t wstep = static_cast<size_t>(n) * w.itemsize();
    for (int64_t b = 0; b < x.count; ++b) {
      check_cusolver(xgeev(h, params, kNoVector, jobvr, n, ta, at(x.matrix(b)), x.ld(), tw,
                           at(w.data() + b * wstep), ta, nullptr, 1, ta, at(vr.matrix(b)), vr.ld(),
                           ta, at(work->ptr), dev_bytes, host_work.data() + b * host_step,
                           host_bytes, static_cast<int*>(ptr_of(info)) + b),
                     "cusolverDnXgeev");
    }
    std::vector<int32_t> v = read_info(info);
    for (int64_t b = 0; b < x.count; ++b)
      if (v[b] != 0) throw LinAlgError("Eigenvalues did not converge");
  }
  if (!compute_vectors) return {w};
  if (is_complex(t)) return {w, matrices(vr)};
  Batch vc = column_major_empty(x.batch_shape, n, n, ct);
  unpack_eigenvectors(vr, w, vc);
  return {w, matrices(vc)};
}

}  // namespace cunp
