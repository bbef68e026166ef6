// src/python/sparse.cpp -- bindings of cunp.scipy.sparse's cuSPARSE calls, as the submodule
// _core.sparse: the product of a compressed matrix with dense operands, and the library's
// availability (checked without a GPU).
#include <nanobind/stl/string.h>

#include "common.hpp"
#include "cunp/sparse/products.hpp"

namespace cunp::py {
namespace {

const NDArray& array_arg(nb::handle h, const char* name) {
  if (!is_array(h)) throw TypeError(std::string(name) + " must be a cunp.ndarray");
  return unwrap(h).a;
}

// out += A @ x for the CSR (by_rows) or CSC arrays of A, rows x cols (see products.hpp).
void matmul(nb::handle data, nb::handle indices, nb::handle indptr, int64_t rows, int64_t cols,
            bool by_rows, nb::handle x, nb::handle out) {
  CompressedMatrix a;
  a.data = array_arg(data, "data");
  a.indices = array_arg(indices, "indices");
  a.indptr = array_arg(indptr, "indptr");
  a.rows = rows;
  a.cols = cols;
  a.by_rows = by_rows;
  sparse_matmul(a, array_arg(x, "x"), array_arg(out, "out"));
}

}  // namespace

void bind_sparse(nb::module_& m) {
  nb::module_ s = m.def_submodule("sparse", "cuSPARSE calls of cunp.scipy.sparse");
  s.def("matmul", &matmul, nb::arg("data"), nb::arg("indices"), nb::arg("indptr"), nb::arg("rows"),
        nb::arg("cols"), nb::arg("by_rows"), nb::arg("x"), nb::arg("out"));
  s.def("available", &cusparse_available);
  s.def("unavailable_reason", &cusparse_unavailable_reason);
}

}  // namespace cunp::py
