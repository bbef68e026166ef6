// src/linalg/solver_svd.cpp -- svd: cusolverDn gesvdjBatched (Jacobi, one launch) for stacks of
// matrices up to 32 x 32; per matrix, gesvdj (default) or gesvd, chosen by set_svd_driver
// (cunp.linalg.set_svd_driver), so the benchmark can compare them.
#include <algorithm>
#include <atomic>

#include "cunp/linalg/solver.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {
using GesvdjBatchedBufferSizeFn = int (*)(void*, int, int, int, const void*, int, const void*,
                                          const void*, int, const void*, int, int*, void*, int);
using GesvdjBatchedFn = int (*)(void*, int, int, int, void*, int, void*, void*, int, void*, int,
                                void*, int, int*, void*, int);
using GesvdjBufferSizeFn = int (*)(void*, int, int, int, int, const void*, int, const void*,
                                   const void*, int, const void*, int, int*, void*);
using GesvdjFn = int (*)(void*, int, int, int, int, void*, int, void*, void*, int, void*, int,
                         void*, int, int*, void*);
using GesvdBufferSizeFn = int (*)(void*, int, int, int*);
using GesvdFn = int (*)(void*, signed char, signed char, int, int, void*, int, void*, void*, int,
                        void*, int, void*, int, void*, int*);
using CreateInfoFn = int (*)(void**);
using DestroyInfoFn = int (*)(void*);

constexpr int64_t kJacobiBatchedMaxN = 32;  // gesvdjBatched's limit on m and n

enum Driver { kGesvdj = 0, kGesvd = 1 };
std::atomic<int>& driver_setting() {
  static std::atomic<int> d{kGesvdj};
  return d;
}

struct GesvdjParams {
  void* p = nullptr;
  GesvdjParams() {
    check_cusolver(reinterpret_cast<CreateInfoFn>(dn_symbol(Dn::CreateGesvdjInfo))(&p),
                   "cusolverDnCreateGesvdjInfo");
  }
  ~GesvdjParams() { reinterpret_cast<DestroyInfoFn>(dn_symbol(Dn::DestroyGesvdjInfo))(p); }
};

NDArray last_cols(const NDArray& a, int64_t k) {  // a[..., :, :k]
  std::vector<IndexItem> idx(a.ndim() - 1, IndexItem::slice());
  idx.push_back(IndexItem::slice(0, k));
  return a.index(idx);
}
NDArray first_rows(const NDArray& a, int64_t k) {  // a[..., :k, :]
  std::vector<IndexItem> idx(a.ndim() - 2, IndexItem::slice());
  idx.push_back(IndexItem::slice(0, k));
  idx.push_back(IndexItem::slice());
  return a.index(idx);
}

void raise_unless_converged(const NDArray& info) {
  for (int32_t v : read_info(info))
    if (v != 0) throw LinAlgError("SVD did not converge");
}

}  // namespace
}  // namespace linalg

using namespace linalg;

void set_svd_driver(const std::string& driver) {
  if (driver != "gesvdj" && driver != "gesvd")
    throw ValueError("svd driver must be 'gesvdj' or 'gesvd', not '" + driver + "'");
  driver_setting().store(driver == "gesvd" ? kGesvd : kGesvdj);
}

std::string svd_driver() { return driver_setting().load() == kGesvd ? "gesvd" : "gesvdj"; }

std::vector<NDArray> svd(const NDArray& a, bool full_matrices, bool compute_uv) {
  require_stack(a, false);
  require_solver_dtype(a.dtype());
  int nd = a.ndim();
  int64_t m = a.shape()[nd - 2], n = a.shape()[nd - 1], k = std::min(m, n);
  require_int32(std::max(m, n), "matrix size");
  DType t = a.dtype(), rt = real_dtype(t);
  Dims batch(a.shape().data(), nd - 2);
  int64_t count = batch.product();
  NDArray s = NDArray::empty(with_vector(batch, k), rt);
  int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;

  if (count == 0 || k == 0) {
    // Nothing to factor: U and Vh of empty matrices are identities where square, as NumPy.
    if (!compute_uv) return {s};
    NDArray u = NDArray::empty(with_matrix(batch, m, ucols), t);
    NDArray vh = NDArray::empty(with_matrix(batch, vrows, n), t);
    fill(u, Scalar::from_int(0, t));
    fill(vh, Scalar::from_int(0, t));
    if (u.size() > 0) fill(u.diagonal(0, nd - 2, nd - 1), Scalar::from_int(1, t));
    if (vh.size() > 0) fill(vh.diagonal(0, nd - 2, nd - 1), Scalar::from_int(1, t));
    return {u, s, vh};
  }

  int dev = a.device();
  activate(dev);
  void* h = dn_handle(dev, current_stream_handle(dev));
  int jobz = compute_uv ? kVector : kNoVector;
  NDArray info = info_array(2 * count);
  NDArray flags = info.index({IndexItem::slice(count, 2 * count)});
  size_t sstep = static_cast<size_t>(k) * s.itemsize();

  if (count > 1 && m <= kJacobiBatchedMaxN && n <= kJacobiBatchedMaxN) {
    Batch x = column_major_copy(a);
    flag_nonfinite(x, flags);
    Batch u = column_major_empty(batch, m, m, t), v = column_major_empty(batch, n, n, t);
    GesvdjParams params;
    int lwork = 0, b = static_cast<int>(count);
    check_cusolver(
        reinterpret_cast<GesvdjBatchedBufferSizeFn>(dn_symbol(Dn::GesvdjBatchedBufferSize, t))(
            h, jobz, static_cast<int>(m), static_cast<int>(n), ptr_of(x.data), x.ld(), ptr_of(s),
            ptr_of(u.data), u.ld(), ptr_of(v.data), v.ld(), &lwork, params.p, b),
        dn_name(Dn::GesvdjBatchedBufferSize, t));
    MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
    check_cusolver(reinterpret_cast<GesvdjBatchedFn>(dn_symbol(Dn::GesvdjBatched, t))(
                       h, jobz, static_cast<int>(m), static_cast<int>(n), ptr_of(x.data), x.ld(),
                       ptr_of(s), ptr_of(u.data), u.ld(), ptr_of(v.data), v.ld(), at(work->ptr),
                       lwork, static_cast<int*>(ptr_of(info)), params.p, b),
                   dn_name(Dn::GesvdjBatched, t));
    raise_unless_converged(info);
    if (!compute_uv) return {s};
    conjugate_inplace(v.data);  // Vh = conj(V)^T: V's buffer read row-major is V^T
    NDArray uu = matrices(u), vh = transposes(v);
    if (!full_matrices) {
      uu = last_cols(uu, k);
      vh = first_rows(vh, k);
    }
    return {uu, s, vh};
  }

  if (driver_setting().load() == kGesvdj) {
    Batch x = column_major_copy(a);
    flag_nonfinite(x, flags);
    Batch u = column_major_empty(batch, m, ucols, t), v = column_major_empty(batch, n, vrows, t);
    GesvdjParams params;
    int econ = full_matrices ? 0 : 1, lwork = 0;
    check_cusolver(reinterpret_cast<GesvdjBufferSizeFn>(dn_symbol(Dn::GesvdjBufferSize, t))(
                       h, jobz, econ, static_cast<int>(m), static_cast<int>(n), at(x.matrix(0)),
                       x.ld(), ptr_of(s), at(u.matrix(0)), u.ld(), at(v.matrix(0)), v.ld(), &lwork,
                       params.p),
                   dn_name(Dn::GesvdjBufferSize, t));
    MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
    auto gesvdj = reinterpret_cast<GesvdjFn>(dn_symbol(Dn::Gesvdj, t));
    for (int64_t b = 0; b < count; ++b)
      check_cusolver(gesvdj(h, jobz, econ, static_cast<int>(m), static_cast<int>(n),
                            at(x.matrix(b)), x.ld(), at(s.data() + b * sstep), at(u.matrix(b)),
                            u.ld(), at(v.matrix(b)), v.ld(), at(work->ptr), lwork,
                            static_cast<int*>(ptr_of(info)) + b, params.p),
                     dn_name(Dn::Gesvdj, t));
    raise_unless_converged(info);
    if (!compute_uv) return {s};
    conjugate_inplace(v.data);
    return {matrices(u), s, transposes(v)};
  }

  // gesvd needs rows >= cols: a wide matrix is factored as its transpose, A^T = U' S V'^H, so
  // U = (V'^H)^T and Vh = U'^T, which are the buffers of V'^H and U' read row-major.
  bool wide = m < n;
  Batch x = wide ? transposed_copy(a) : column_major_copy(a);
  flag_nonfinite(x, flags);
  int64_t r = x.rows, c = x.cols;  // r >= c == k
  int64_t lcols = full_matrices ? r : k;
  signed char jobl = compute_uv ? (full_matrices ? 'A' : 'S') : 'N';
  signed char jobr = compute_uv ? 'A' : 'N';
  Batch left = compute_uv ? column_major_empty(batch, r, lcols, t)
                          : column_major_empty({}, 1, 1, t);
  Batch right = compute_uv ? column_major_empty(batch, c, c, t) : column_major_empty({}, 1, 1, t);
  int lwork = 0;
  check_cusolver(reinterpret_cast<GesvdBufferSizeFn>(dn_symbol(Dn::GesvdBufferSize, t))(
                     h, static_cast<int>(r), static_cast<int>(c), &lwork),
                 dn_name(Dn::GesvdBufferSize, t));
  MemoryPtr work = workspace(static_cast<size_t>(lwork) * x.data.itemsize(), dev);
  MemoryPtr rwork = workspace(static_cast<size_t>(k) * itemsize(rt), dev);
  auto gesvd = reinterpret_cast<GesvdFn>(dn_symbol(Dn::Gesvd, t));
  for (int64_t b = 0; b < count; ++b)
    check_cusolver(gesvd(h, jobl, jobr, static_cast<int>(r), static_cast<int>(c), at(x.matrix(b)),
                         x.ld(), at(s.data() + b * sstep),
                         at(compute_uv ? left.matrix(b) : left.matrix(0)), static_cast<int>(r),
                         at(compute_uv ? right.matrix(b) : right.matrix(0)), static_cast<int>(c),
                         at(work->ptr), lwork, at(rwork->ptr), static_cast<int*>(ptr_of(info)) + b),
                   dn_name(Dn::Gesvd, t));
  raise_unless_converged(info);
  if (!compute_uv) return {s};
  if (!wide) return {matrices(left), s, matrices(right)};
  return {transposes(right), s, transposes(left)};
}

}  // namespace cunp
