// src/linalg/solver_qr.cpp -- qr in NumPy's four modes: cusolverDn geqrf and orgqr/ungqr, one
// call per matrix (cuSOLVER has no batched QR with Q).
#include <algorithm>

#include "cunp/linalg/solver.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {
using GeqrfBufferSizeFn = int (*)(void*, int, int, void*, int, int*);
using GeqrfFn = int (*)(void*, int, int, void*, int, void*, void*, int, int*);
using OrgqrBufferSizeFn = int (*)(void*, int, int, int, const void*, int, const void*, int*);
using OrgqrFn = int (*)(void*, int, int, int, void*, int, const void*, void*, int, int*);

// Q's first `cols` columns (m x cols) from k reflectors held in q's first k columns.
void form_q(const Batch& q, const NDArray& tau, int64_t k) {
  if (q.count == 0 || q.rows == 0 || q.cols == 0) return;
  int dev = q.data.device();
  void* h = dn_handle(dev, current_stream_handle(dev));
  DType t = q.dtype();
  int m = static_cast<int>(q.rows), n = static_cast<int>(q.cols), kk = static_cast<int>(k);
  int lwork = 0;
  check_cusolver(reinterpret_cast<OrgqrBufferSizeFn>(dn_symbol(Dn::OrgqrBufferSize, t))(
                     h, m, n, kk, at(q.matrix(0)), q.ld(), ptr_of(tau), &lwork),
                 dn_name(Dn::OrgqrBufferSize, t));
  MemoryPtr work = workspace(static_cast<size_t>(lwork) * q.data.itemsize(), dev);
  NDArray info = info_array(q.count);
  auto orgqr = reinterpret_cast<OrgqrFn>(dn_symbol(Dn::Orgqr, t));
  for (int64_t b = 0; b < q.count; ++b)
    check_cusolver(orgqr(h, m, n, kk, at(q.matrix(b)), q.ld(),
                         at(tau.data() + b * k * tau.itemsize()), at(work->ptr), lwork,
                         static_cast<int*>(ptr_of(info)) + b),
                   dn_name(Dn::Orgqr, t));
}

}  // namespace
}  // namespace linalg

using namespace linalg;

std::vector<NDArray> qr(const NDArray& a, const std::string& mode) {
  if (mode != "reduced" && mode != "complete" && mode != "r" && mode != "raw")
    throw ValueError("Unrecognized mode '" + mode + "'");
  require_stack(a, false);
  require_solver_dtype(a.dtype());
  Batch h = column_major_copy(a);
  int64_t m = h.rows, n = h.cols, k = std::min(m, n);
  require_int32(std::max(m, n), "matrix size");
  NDArray tau = NDArray::empty(with_vector(h.batch_shape, k), a.dtype());
  if (h.count > 0 && k > 0) {
    int dev = h.data.device();
    activate(dev);
    void* hd = dn_handle(dev, current_stream_handle(dev));
    DType t = h.dtype();
    int lwork = 0;
    check_cusolver(reinterpret_cast<GeqrfBufferSizeFn>(dn_symbol(Dn::GeqrfBufferSize, t))(
                       hd, static_cast<int>(m), static_cast<int>(n), at(h.matrix(0)), h.ld(),
                       &lwork),
                   dn_name(Dn::GeqrfBufferSize, t));
    MemoryPtr work = workspace(static_cast<size_t>(lwork) * h.data.itemsize(), dev);
    NDArray info = info_array(h.count);
    auto geqrf = reinterpret_cast<GeqrfFn>(dn_symbol(Dn::Geqrf, t));
    for (int64_t b = 0; b < h.count; ++b)
      check_cusolver(geqrf(hd, static_cast<int>(m), static_cast<int>(n), at(h.matrix(b)), h.ld(),
                           at(tau.data() + b * k * tau.itemsize()), at(work->ptr), lwork,
                           static_cast<int*>(ptr_of(info)) + b),
                     dn_name(Dn::Geqrf, t));
  }
  if (mode == "raw") return {transposes(h), tau};

  // R: the upper triangle of the first k rows (complete mode: all m rows, zero below n).
  int64_t rrows = mode == "complete" ? m : k;
  NDArray r = zeros(with_matrix(h.batch_shape, rrows, n), a.dtype());
  if (r.size() > 0) {
    int nd = r.ndim();
    std::vector<IndexItem> rows_k(nd - 2, IndexItem::slice());
    rows_k.push_back(IndexItem::slice(0, k));
    rows_k.push_back(IndexItem::slice());
    copy_to(r.index(rows_k), matrices(h).index(rows_k));
    keep_triangle(r, false);
  }
  if (mode == "r") return {r};

  if (mode == "complete" && m > n) {
    // Q is m x m: the n reflectors go in the first n columns of a square buffer.
    Batch q = column_major_empty(h.batch_shape, m, m, a.dtype());
    fill(q.data, Scalar::from_int(0, a.dtype()));
    int nd = q.data.ndim();
    std::vector<IndexItem> first_n(nd - 2, IndexItem::slice());
    first_n.push_back(IndexItem::slice(0, n));
    first_n.push_back(IndexItem::slice());
    copy_to(q.data.index(first_n), h.data);
    form_q(q, tau, k);
    return {matrices(q), r};
  }
  // Reduced (or complete with m <= n): Q is m x k, the first k columns of the factored buffer.
  Batch q;
  q.batch_shape = h.batch_shape;
  q.count = h.count;
  q.rows = m;
  q.cols = k;
  int nd = h.data.ndim();
  std::vector<IndexItem> first_k(nd - 2, IndexItem::slice());
  first_k.push_back(IndexItem::slice(0, k));
  first_k.push_back(IndexItem::slice());
  if (k == n) {
    q.data = h.data;
  } else {
    q.data = NDArray::empty(with_matrix(h.batch_shape, k, m), a.dtype());
    copy_to(q.data, h.data.index(first_k));
  }
  form_q(q, tau, k);
  return {matrices(q), r};
}

}  // namespace cunp
