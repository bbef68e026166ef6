// src/linalg/solver_lu.cpp -- LU-based routines: det, slogdet, inv, solve. Stacks of small
// matrices go through cuBLAS's batched getrf/getrs/getri (one launch for the stack); larger
// matrices through cusolverDn getrf/getrs, one call per matrix.
#include <algorithm>
#include <string>

#include "cunp/linalg/solver.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cublas_batched.hpp"
#include "cusolver.hpp"
#include "solver_common.hpp"

namespace cunp {
namespace linalg {
namespace {

// cuBLAS's batched LU runs one small matrix per thread block: it wins for stacks of small
// matrices and loses to cusolverDn's blocked getrf on large ones. It takes square matrices only.
constexpr int64_t kBatchedLuMaxN = 64;
bool use_batched(const Batch& a) {
  return a.count > 1 && a.rows <= kBatchedLuMaxN && a.rows == a.cols;
}

using GetrfBufferSizeFn = int (*)(void*, int, int, void*, int, int*);
using GetrfFn = int (*)(void*, int, int, void*, int, void*, int*, int*);
using GetrsFn = int (*)(void*, int, int, int, const void*, int, const int*, void*, int, int*);

struct LU {
  Batch lu;      // factors, in place of the input's copy
  NDArray piv;   // int32 (count, min(m, n)), 1-based as LAPACK
  NDArray info;  // int32 (count,)
};

// LU of each m x n matrix of `a` (a column-major batch, factored in place; getrf takes
// rectangular matrices, so nothing is padded).
LU factor(Batch a) {
  int dev = a.data.device();
  activate(dev);
  StreamHandle stream = current_stream_handle(dev);
  int m = static_cast<int>(a.rows), n = static_cast<int>(a.cols);
  int k = std::min(m, n);
  LU r{a, NDArray::empty(Dims{a.count, k}, DType::Int32), info_array(a.count)};
  if (a.count == 0 || k == 0) return r;
  DType t = a.dtype();
  if (use_batched(a)) {
    NDArray ptrs = pointer_array(a);
    getrf_batched(t, dev, n, static_cast<void* const*>(ptr_of(ptrs)), a.ld(),
                  static_cast<int*>(ptr_of(r.piv)), static_cast<int*>(ptr_of(r.info)),
                  static_cast<int>(a.count));
    return r;
  }
  void* h = dn_handle(dev, stream);
  int lwork = 0;
  check_cusolver(reinterpret_cast<GetrfBufferSizeFn>(
                     dn_symbol(Dn::GetrfBufferSize, t))(h, m, n, at(a.matrix(0)), a.ld(), &lwork),
                 dn_name(Dn::GetrfBufferSize, t));
  MemoryPtr work = workspace(static_cast<size_t>(lwork) * a.data.itemsize(), dev);
  auto getrf = reinterpret_cast<GetrfFn>(dn_symbol(Dn::Getrf, t));
  for (int64_t b = 0; b < a.count; ++b)
    check_cusolver(getrf(h, m, n, at(a.matrix(b)), a.ld(), at(work->ptr),
                         static_cast<int*>(ptr_of(r.piv)) + b * k,
                         static_cast<int*>(ptr_of(r.info)) + b),
                   dn_name(Dn::Getrf, t));
  return r;
}

void raise_if_singular(const NDArray& info) {
  for (int32_t v : read_info(info))
    if (v > 0) throw LinAlgError("Singular matrix");
}

// Solves op(A) X = B in place of B for each matrix, from A's LU factors.
void lu_solve(const LU& f, int trans, const Batch& b) {
  int dev = b.data.device();
  StreamHandle stream = current_stream_handle(dev);
  int n = static_cast<int>(f.lu.rows), nrhs = static_cast<int>(b.cols);
  if (b.count == 0 || n == 0 || nrhs == 0) return;
  DType t = b.dtype();
  if (use_batched(f.lu)) {
    NDArray pa = pointer_array(f.lu), pb = pointer_array(b);
    int host_info = 0;  // cuBLAS reports argument errors here, on the host
    getrs_batched(t, dev, trans == kOpT, n, nrhs, static_cast<const void* const*>(ptr_of(pa)),
                  f.lu.ld(), static_cast<const int*>(ptr_of(f.piv)),
                  static_cast<void* const*>(ptr_of(pb)), b.ld(), &host_info,
                  static_cast<int>(b.count));
    if (host_info != 0)
      throw ValueError("getrsBatched rejected argument " + std::to_string(-host_info));
    return;
  }
  void* h = dn_handle(dev, stream);
  auto getrs = reinterpret_cast<GetrsFn>(dn_symbol(Dn::Getrs, t));
  NDArray info = info_array(b.count);
  for (int64_t k = 0; k < b.count; ++k)
    check_cusolver(getrs(h, trans, n, nrhs, at(f.lu.matrix(k)), f.lu.ld(),
                         static_cast<const int*>(ptr_of(f.piv)) + k * n, at(b.matrix(k)), b.ld(),
                         static_cast<int*>(ptr_of(info)) + k),
                   dn_name(Dn::Getrs, t));
}

}  // namespace
}  // namespace linalg

using namespace linalg;

NDArray det(const NDArray& a) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  // det(A^T) == det(A): factor the row-major copy as it is.
  LU f = factor(transposed_copy(a));
  NDArray out = NDArray::empty(f.lu.batch_shape, a.dtype());
  if (f.lu.rows == 0) {
    fill(out, Scalar::from_int(1, a.dtype()));
    return out;
  }
  det_from_lu(f.lu, f.piv, out);
  return out;
}

std::pair<NDArray, NDArray> slogdet(const NDArray& a) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  LU f = factor(transposed_copy(a));
  NDArray sign = NDArray::empty(f.lu.batch_shape, a.dtype());
  NDArray logdet = NDArray::empty(f.lu.batch_shape, real_dtype(a.dtype()));
  if (f.lu.rows == 0) {
    fill(sign, Scalar::from_int(1, a.dtype()));
    fill(logdet, Scalar::from_int(0, logdet.dtype()));
    return {sign, logdet};
  }
  slogdet_from_lu(f.lu, f.piv, sign, logdet);
  return {sign, logdet};
}

NDArray inv(const NDArray& a, bool check_singular) {
  require_stack(a, true);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  // inv(A^T) == inv(A)^T: factor and invert the row-major copy; the result read row-major is
  // inv(A).
  Batch x = transposed_copy(a);
  if (x.count == 0 || x.rows == 0) return transposes(x);
  LU f = factor(x);
  int dev = x.data.device();
  int n = static_cast<int>(x.rows);
  Batch out = column_major_empty(x.batch_shape, x.rows, x.cols, x.dtype());
  if (use_batched(f.lu)) {
    NDArray pa = pointer_array(f.lu), pc = pointer_array(out);
    NDArray info2 = info_array(x.count);
    DType t = x.dtype();
    getri_batched(t, dev, n, static_cast<const void* const*>(ptr_of(pa)), f.lu.ld(),
                  static_cast<const int*>(ptr_of(f.piv)), static_cast<void* const*>(ptr_of(pc)),
                  out.ld(), static_cast<int*>(ptr_of(info2)), static_cast<int>(x.count));
  } else {
    // Solve against the identity.
    NDArray eye_n = eye(n, n, 0, x.dtype());
    copy_to(out.data, eye_n);
    lu_solve(f, kOpN, out);
  }
  if (check_singular) raise_if_singular(f.info);
  return transposes(out);
}

NDArray solve(const NDArray& a, const NDArray& b, bool check_singular) {
  common_device({&a, &b});
  require_stack(a, true);
  require_stack(b, false);
  require_solver_dtype(a.dtype());
  if (b.dtype() != a.dtype()) throw TypeError("solve: a and b must have the same dtype");
  int64_t n = a.shape()[a.ndim() - 1];
  require_int32(n, "matrix size");
  if (b.shape()[b.ndim() - 2] != n)
    throw ValueError("solve: the last two dimensions of b must be (" + std::to_string(n) + ", K)");
  // The batch dimensions broadcast against each other.
  Dims ba(a.shape().data(), a.ndim() - 2), bb(b.shape().data(), b.ndim() - 2);
  Dims batch = broadcast_shapes({ba, bb});
  NDArray a2 = a.broadcast_to(with_matrix(batch, n, n));
  NDArray b2 = b.broadcast_to(with_matrix(batch, n, b.shape()[b.ndim() - 1]));
  // Factor A^T (the row-major copy) and solve with the transpose: (A^T)^T X = B.
  Batch x = column_major_copy(b2);
  if (x.count == 0 || n == 0 || x.cols == 0) return matrices(x);
  LU f = factor(transposed_copy(a2));
  lu_solve(f, kOpT, x);
  if (check_singular) raise_if_singular(f.info);
  return matrices(x);
}

std::pair<NDArray, NDArray> lu_factor(const NDArray& a) {
  require_stack(a, false);
  require_solver_dtype(a.dtype());
  require_int32(a.shape()[a.ndim() - 1], "matrix size");
  require_int32(a.shape()[a.ndim() - 2], "matrix size");
  // Factor A itself (its column-major copy), so the factors read as SciPy returns them.
  LU f = factor(column_major_copy(a));
  return {matrices(f.lu), f.piv};
}

std::pair<NDArray, NDArray> lu_permutation(const NDArray& piv, int64_t m) {
  if (piv.dtype() != DType::Int32 || piv.ndim() != 2)
    throw TypeError("lu_permutation: piv must be int32 (count, K)");
  require_int32(m, "matrix size");
  int64_t count = piv.shape()[0], k = piv.shape()[1];
  if (k > m) throw ValueError("lu_permutation: more pivots than rows");
  NDArray p = piv.c_contiguous() ? piv : copy(piv, OrderSpec::C);
  NDArray perm = NDArray::empty(Dims{count, m}, DType::Int32, Order::C, p.device());
  NDArray inv = NDArray::empty(Dims{count, m}, DType::Int32, Order::C, p.device());
  permutation_from_pivots(p, perm, inv);
  return {perm, inv};
}

NDArray solve_banded(const NDArray& w, const NDArray& x, int64_t kl, int64_t ku) {
  common_device({&w, &x});
  require_solver_dtype(w.dtype());
  if (x.dtype() != w.dtype()) throw TypeError("solve_banded: w and x must have the same dtype");
  if (kl < 0 || ku < 0) throw ValueError("solve_banded: negative band widths");
  if (w.ndim() != 3 || x.ndim() != 3 || w.shape()[0] != 2 * kl + ku + 1 ||
      x.shape()[0] != w.shape()[1] || x.shape()[2] != w.shape()[2])
    throw ValueError("solve_banded: w must be (2 kl + ku + 1, M, count), x (M, K, count)");
  if (!w.c_contiguous() || !x.c_contiguous())
    throw ValueError("solve_banded: w and x must be C-contiguous (they are solved in place)");
  require_int32(w.shape()[1], "matrix size");
  NDArray info = info_array(w.shape()[2]);
  banded_solve_inplace(w, x, info, kl, ku);
  return info;
}

NDArray lu_solve(const NDArray& lu, const NDArray& piv, const NDArray& b, int trans) {
  common_device({&lu, &piv, &b});
  require_stack(lu, true);
  require_stack(b, false);
  require_solver_dtype(lu.dtype());
  if (b.dtype() != lu.dtype()) throw TypeError("lu_solve: lu and b must have the same dtype");
  if (piv.dtype() != DType::Int32) throw TypeError("lu_solve: piv must be int32");
  if (trans != kOpN && trans != kOpT) throw ValueError("lu_solve: trans must be 0 or 1");
  int64_t n = lu.shape()[lu.ndim() - 1];
  require_int32(n, "matrix size");
  Dims batch(lu.shape().data(), lu.ndim() - 2);
  if (Dims(b.shape().data(), b.ndim() - 2) != batch || b.shape()[b.ndim() - 2] != n)
    throw ValueError("lu_solve: b must have shape batch + (N, K) matching lu");
  Batch x = column_major_copy(b);
  if (piv.ndim() != 2 || piv.shape()[0] != x.count || piv.shape()[1] != n)
    throw ValueError("lu_solve: piv must have shape (count, N)");
  if (x.count == 0 || n == 0 || x.cols == 0) return matrices(x);
  LU f{column_major_copy(lu), piv.c_contiguous() ? piv : copy(piv, OrderSpec::C),
       info_array(x.count)};
  linalg::lu_solve(f, trans, x);
  return matrices(x);
}

}  // namespace cunp
