// src/python/sparse.cpp -- bindings of cunp.scipy.sparse's library calls, as the submodule
// _core.sparse: the product of a compressed matrix with dense operands (cuSPARSE), the sparse
// QR solve of sparse.linalg.spsolve (cusolverSp), and the libraries' availability (checked
// without a GPU).
#include <nanobind/stl/string.h>

#include "common.hpp"
#include "cunp/sparse/lines.hpp"
#include "cunp/sparse/products.hpp"
#include "cunp/sparse/solve.hpp"
#include "cunp/sparse/spgemm.hpp"
#include "cunp/sparse/triangular.hpp"

namespace cunp::py {
namespace {

const NDArray& array_arg(nb::handle h, const char* name) {
  if (!is_array(h)) throw TypeError(std::string(name) + " must be a cunp.ndarray");
  return unwrap(h).a;
}

// out += A @ x for the CSR (by_rows) or CSC arrays of A, rows x cols (see products.hpp).
// vector_product: "auto" (the route table), or "spmv"/"spmm" to force a vector's routine (tests).
void matmul(nb::handle data, nb::handle indices, nb::handle indptr, int64_t rows, int64_t cols,
            bool by_rows, nb::handle x, nb::handle out, const std::string& vector_product) {
  VectorProduct how = VectorProduct::Auto;
  if (vector_product == "spmv") how = VectorProduct::SpMV;
  else if (vector_product == "spmm") how = VectorProduct::SpMM;
  else if (vector_product != "auto")
    throw ValueError("vector_product must be 'auto', 'spmv' or 'spmm'");
  CompressedMatrix a;
  a.data = array_arg(data, "data");
  a.indices = array_arg(indices, "indices");
  a.indptr = array_arg(indptr, "indptr");
  a.rows = rows;
  a.cols = cols;
  a.by_rows = by_rows;
  sparse_matmul(a, array_arg(x, "x"), array_arg(out, "out"), how);
}

// Solves A x = b for the CSR arrays of a square A (int32 indices) and vectors b, x by
// cusolverSp's QR ("qr") or Cholesky ("cholesky"); the first singular column, or -1 (see
// solve.hpp).
int solve(nb::handle data, nb::handle indices, nb::handle indptr, int64_t n, nb::handle b,
          nb::handle x, double tol, const std::string& method) {
  if (method != "qr" && method != "cholesky")
    throw ValueError("sparse solve: method must be 'qr' or 'cholesky', not '" + method + "'");
  CompressedMatrix a;
  a.data = array_arg(data, "data");
  a.indices = array_arg(indices, "indices");
  a.indptr = array_arg(indptr, "indptr");
  a.rows = n;
  a.cols = n;
  a.by_rows = true;
  return sparse_solve(a, array_arg(b, "b"), array_arg(x, "x"), tol,
                      method == "qr" ? SparseFactorization::Qr : SparseFactorization::Cholesky);
}

CompressedMatrix csr_arg(nb::handle data, nb::handle indices, nb::handle indptr, int64_t rows,
                         int64_t cols) {
  CompressedMatrix m;
  m.data = array_arg(data, "data");
  m.indices = array_arg(indices, "indices");
  m.indptr = array_arg(indptr, "indptr");
  m.rows = rows;
  m.cols = cols;
  return m;
}

// a @ b for the CSR arrays of a (m x k) and b (k x n) on cuSPARSE's SpGEMM (see spgemm.hpp):
// (data, indices, indptr, nnz), the arrays holding at least one element.
nb::object spgemm(nb::handle a_data, nb::handle a_indices, nb::handle a_indptr, int64_t m,
                  int64_t k, nb::handle b_data, nb::handle b_indices, nb::handle b_indptr,
                  int64_t n) {
  CompressedProduct c = sparse_spgemm(csr_arg(a_data, a_indices, a_indptr, m, k),
                                      csr_arg(b_data, b_indices, b_indptr, k, n));
  return nb::make_tuple(wrap(c.data), wrap(c.indices), wrap(c.indptr), c.nnz);
}

// x = T^-1 b for the lower or upper triangle T of the CSR arrays of a square n x n matrix (see
// triangular.hpp: b and x (n,) or (n, k) Fortran-ordered, of the data's dtype).
void triangular_solve(nb::handle data, nb::handle indices, nb::handle indptr, int64_t n,
                      nb::handle b, nb::handle x, bool lower, bool unit_diagonal) {
  sparse_triangular_solve(csr_arg(data, indices, indptr, n, n), array_arg(b, "b"),
                          array_arg(x, "x"), lower, unit_diagonal);
}

}  // namespace

void bind_sparse(nb::module_& m) {
  nb::module_ s = m.def_submodule("sparse", "cuSPARSE calls of cunp.scipy.sparse");
  s.def("matmul", &matmul, nb::arg("data"), nb::arg("indices"), nb::arg("indptr"), nb::arg("rows"),
        nb::arg("cols"), nb::arg("by_rows"), nb::arg("x"), nb::arg("out"),
        nb::arg("vector_product") = "auto");
  s.def("available", &cusparse_available);
  s.def("unavailable_reason", &cusparse_unavailable_reason);
  s.def("solve", &solve, nb::arg("data"), nb::arg("indices"), nb::arg("indptr"), nb::arg("n"),
        nb::arg("b"), nb::arg("x"), nb::arg("tol"), nb::arg("method") = "qr");
  s.def("solve_available", &sparse_solve_available);
  s.def("solve_unavailable_reason", &sparse_solve_unavailable_reason);
  s.def("spgemm", &spgemm, nb::arg("a_data"), nb::arg("a_indices"), nb::arg("a_indptr"),
        nb::arg("m"), nb::arg("k"), nb::arg("b_data"), nb::arg("b_indices"), nb::arg("b_indptr"),
        nb::arg("n"));
  s.def("triangular_solve", &triangular_solve, nb::arg("data"), nb::arg("indices"),
        nb::arg("indptr"), nb::arg("n"), nb::arg("b"), nb::arg("x"), nb::arg("lower"),
        nb::arg("unit_diagonal"));
  // The per-line kernels (lines.hpp): no library, so they run wherever a device does.
  s.def(
      "line_sums",
      [](nb::handle data, nb::handle indptr, nb::handle out) {
        sparse_line_sums(array_arg(data, "data"), array_arg(indptr, "indptr"),
                         array_arg(out, "out"));
      },
      nb::arg("data"), nb::arg("indptr"), nb::arg("out"));
  s.def(
      "take_counts",
      [](nb::handle lines, nb::handle indptr, nb::handle counts) {
        sparse_take_counts(array_arg(lines, "lines"), array_arg(indptr, "indptr"),
                           array_arg(counts, "counts"));
      },
      nb::arg("lines"), nb::arg("indptr"), nb::arg("counts"));
  s.def(
      "take_gather",
      [](nb::handle starts, nb::handle lines, nb::handle indptr, nb::handle indices,
         nb::handle data, nb::handle out_indices, nb::handle out_data) {
        sparse_take_gather(array_arg(starts, "starts"), array_arg(lines, "lines"),
                           array_arg(indptr, "indptr"), array_arg(indices, "indices"),
                           array_arg(data, "data"), array_arg(out_indices, "out_indices"),
                           array_arg(out_data, "out_data"));
      },
      nb::arg("starts"), nb::arg("lines"), nb::arg("indptr"), nb::arg("indices"), nb::arg("data"),
      nb::arg("out_indices"), nb::arg("out_data"));
  s.def(
      "line_check",
      [](nb::handle indptr, nb::handle indices, nb::handle data, nb::handle flags) {
        sparse_line_check(array_arg(indptr, "indptr"), array_arg(indices, "indices"),
                          array_arg(data, "data"), array_arg(flags, "flags"));
      },
      nb::arg("indptr"), nb::arg("indices"), nb::arg("data"), nb::arg("flags"));
}

}  // namespace cunp::py
