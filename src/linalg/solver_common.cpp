// src/linalg/solver_common.cpp -- batches of column-major matrices, pointer and info arrays,
// workspaces, and the solver's small elementwise kernels.
#include "solver_common.hpp"

#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/linalg/solver.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/creation/creation.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/ops/creation/transfer.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::linalg {
namespace {

Scalar i64(int64_t v) { return Scalar::from_int(v, DType::Int64); }

ElementwiseOp make_op(const char* name, const char* body, std::vector<std::string> names,
                      std::vector<bool> raw, std::vector<TypeAlias> aliases,
                      std::vector<std::string> scalar_names, bool load_outputs = false) {
  ElementwiseOp op;
  op.name = name;
  op.body = body;
  op.uses_index = true;
  op.preamble = device_part("solver");  // src/device/linalg/solver.cuh
  op.load_outputs = load_outputs;
  op.names = std::move(names);
  op.raw = std::move(raw);
  op.writable = op.raw;  // raw outputs are written
  op.type_aliases = std::move(aliases);
  op.scalar_names = std::move(scalar_names);
  return op;
}

// lu (raw, n x n column-major per matrix), piv (raw int32), out: one thread per matrix.
const ElementwiseOp& det_op() {
  static const ElementwiseOp op = make_op("linalg_det", "out = linalg::det<T>(lu, piv, i, n);\n",
                                          {"lu", "piv", "out"}, {true, true, false},
                                          {{"T", false, 0}}, {"n"});
  return op;
}

const ElementwiseOp& slogdet_op() {
  static const ElementwiseOp op = make_op("linalg_slogdet",
                                          "linalg::slogdet<T, R>(lu, piv, i, n, sign, logdet);\n",
                                          {"lu", "piv", "sign", "logdet"},
                                          {true, true, false, false},
                                          {{"T", false, 0}, {"R", false, 3}}, {"n"});
  return op;
}

// In place on a C-contiguous (..., r, c) array.
const ElementwiseOp& triangle_op() {
  static const ElementwiseOp op = make_op(
      "linalg_triangle", "if (linalg::outside_triangle(i, r, c, lower)) a = T(0);\n", {"a"},
      {false}, {{"T", false, 0}}, {"r", "c", "lower"}, true);
  return op;
}

// x (loop, the batch buffer), flags (raw int32 per matrix).
const ElementwiseOp& nonfinite_op() {
  static const ElementwiseOp op = make_op("linalg_nonfinite",
                                          "if (!linalg::finite(x)) flags[i / len] = 1;\n",
                                          {"x", "flags"}, {false, true}, {}, {"len"});
  return op;
}

// vr (raw real), w (raw complex eigenvalues), out (loop, complex): column c of a conjugate pair
// (c, c+1) is vr[:, c] + i vr[:, c+1]; its partner the conjugate.
const ElementwiseOp& unpack_op() {
  static const ElementwiseOp op = make_op("linalg_unpack_eigvecs",
                                          "out = linalg::eigenvector_element<C>(vr, w, i, n);\n",
                                          {"vr", "w", "out"}, {true, true, false},
                                          {{"R", false, 0}, {"C", false, 2}}, {"n"});
  return op;
}

// piv (raw int32 (count, k)), perm and inv (raw int32 (count, m)): one thread per matrix.
const ElementwiseOp& permutation_op() {
  static const ElementwiseOp op = make_op(
      "linalg_lu_permutation", "linalg::permutation_from_pivots(piv, perm, inv, i, k, m);\n",
      {"piv", "perm", "inv"}, {true, true, true}, {}, {"k", "m"});
  return op;
}

// w (raw band LU storage), x (raw right-hand sides), info (raw int32): one thread per system,
// all interleaved with the system index fastest (src/device/linalg/banded_lu.cuh).
const ElementwiseOp& banded_op() {
  static const ElementwiseOp op = [] {
    ElementwiseOp o = make_op("linalg_banded_solve",
                              "linalg::banded_solve<T>(w, x, info, i, m, nrhs, kl, ku, count);\n",
                              {"w", "x", "info"}, {true, true, true}, {{"T", false, 0}},
                              {"m", "nrhs", "kl", "ku", "count"});
    o.preamble = device_part("banded_lu");
    return o;
  }();
  return op;
}

const ElementwiseOp& conj_op() {
  static const ElementwiseOp op = make_op("linalg_conj", "a = mth::conjugate(a);\n", {"a"}, {false},
                                          {}, {}, true);
  return op;
}

}  // namespace

int cuda_data_type(DType t) {
  switch (t) {
    case DType::Float32: return 0;     // CUDA_R_32F
    case DType::Float64: return 1;     // CUDA_R_64F
    case DType::Complex64: return 4;   // CUDA_C_32F
    case DType::Complex128: return 5;  // CUDA_C_64F
    default: require_solver_dtype(t); return -1;
  }
}

void require_stack(const NDArray& a, bool square) {
  if (a.ndim() < 2)
    throw LinAlgError(std::to_string(a.ndim()) +
                      "-dimensional array given. Array must be at least two-dimensional");
  if (square && a.shape()[a.ndim() - 1] != a.shape()[a.ndim() - 2])
    throw LinAlgError("Last 2 dimensions of the array must be square");
}

void require_solver_dtype(DType t) {
  if (t != DType::Float32 && t != DType::Float64 && t != DType::Complex64 && t != DType::Complex128)
    throw TypeError(std::string("array type ") + name(t) + " is unsupported in linalg");
}

void require_int32(int64_t v, const char* what) {
  if (v > INT32_MAX)
    throw ValueError(std::string(what) + " " + std::to_string(v) +
                     " exceeds what the 32-bit cuSOLVER interface accepts");
}

Dims with_matrix(const Dims& batch, int64_t r, int64_t c) {
  Dims d = batch;
  d.push_back(r);
  d.push_back(c);
  return d;
}

Dims with_vector(const Dims& batch, int64_t n) {
  Dims d = batch;
  d.push_back(n);
  return d;
}

namespace {
Batch batch_of(NDArray data, int64_t rows, int64_t cols) {
  Batch b;
  b.rows = rows;
  b.cols = cols;
  b.batch_shape = Dims(data.shape().data(), data.ndim() - 2);
  b.count = b.batch_shape.product();
  b.data = std::move(data);
  return b;
}
}  // namespace

Batch column_major_copy(const NDArray& a) {
  int nd = a.ndim();
  NDArray t = a.swapaxes(nd - 1, nd - 2);
  return batch_of(astype(t, a.dtype(), OrderSpec::C, Casting::Unsafe, true), a.shape()[nd - 2],
                  a.shape()[nd - 1]);
}

Batch transposed_copy(const NDArray& a) {
  int nd = a.ndim();
  return batch_of(astype(a, a.dtype(), OrderSpec::C, Casting::Unsafe, true), a.shape()[nd - 1],
                  a.shape()[nd - 2]);
}

Batch column_major_empty(const Dims& batch_shape, int64_t rows, int64_t cols, DType dtype) {
  return batch_of(NDArray::empty(with_matrix(batch_shape, cols, rows), dtype), rows, cols);
}

NDArray matrices(const Batch& b) {
  int nd = b.data.ndim();
  return b.data.swapaxes(nd - 1, nd - 2);
}

NDArray transposes(const Batch& b) { return b.data; }

NDArray pointer_array(const Batch& b) {
  // Computed on the device (no host transfer to wait for): base + k * stride. Device addresses
  // are below 2^48, so the double arithmetic of arange is exact.
  double step = static_cast<double>(b.rows * b.cols * b.data.itemsize());
  return arange_n(b.count, static_cast<double>(b.data.data()), step, DType::UInt64);
}

NDArray info_array(int64_t n) { return zeros(Dims{n}, DType::Int32); }

std::vector<int32_t> read_info(const NDArray& info) {
  std::vector<int32_t> out(static_cast<size_t>(info.size()));
  if (!out.empty()) to_host(info, out.data(), Order::C);
  return out;
}

MemoryPtr workspace(std::size_t bytes, int device) { return allocate(bytes ? bytes : 1, device); }

void det_from_lu(const Batch& lu, const NDArray& piv, const NDArray& out) {
  if (out.size() == 0) return;
  elementwise(det_op(), {lu.data, piv}, {out}, {i64(lu.rows)});
}

void slogdet_from_lu(const Batch& lu, const NDArray& piv, const NDArray& sign,
                     const NDArray& logdet) {
  if (sign.size() == 0) return;
  elementwise(slogdet_op(), {lu.data, piv}, {sign, logdet}, {i64(lu.rows)});
}

void keep_triangle(const NDArray& a, bool keep_lower) {
  if (a.size() == 0) return;
  int nd = a.ndim();
  elementwise(triangle_op(), {}, {a},
              {i64(a.shape()[nd - 2]), i64(a.shape()[nd - 1]),
               Scalar::from_bool(keep_lower, DType::Bool)});
}

void flag_nonfinite(const Batch& b, const NDArray& flags) {
  if (b.data.size() == 0) return;
  elementwise(nonfinite_op(), {b.data}, {flags}, {i64(b.rows * b.cols)}, b.data.shape());
}

void unpack_eigenvectors(const Batch& vr, const NDArray& w, const Batch& out) {
  if (out.data.size() == 0) return;
  elementwise(unpack_op(), {vr.data, w}, {out.data}, {i64(vr.rows)});
}

void permutation_from_pivots(const NDArray& piv, const NDArray& perm, const NDArray& inv) {
  int64_t count = perm.shape()[0], m = perm.shape()[1];
  if (count == 0 || m == 0) return;
  elementwise(permutation_op(), {piv}, {perm, inv}, {i64(piv.shape()[1]), i64(m)}, Dims{count});
}

void banded_solve_inplace(const NDArray& w, const NDArray& x, const NDArray& info, int64_t kl,
                          int64_t ku) {
  const int64_t m = w.shape()[1], count = w.shape()[2], nrhs = x.shape()[1];
  if (count == 0 || m == 0) return;
  elementwise(banded_op(), {}, {w, x, info}, {i64(m), i64(nrhs), i64(kl), i64(ku), i64(count)},
              Dims{count});
}

void conjugate_inplace(const NDArray& a) {
  if (a.size() == 0 || !is_complex(a.dtype())) return;
  elementwise(conj_op(), {}, {a});
}

std::vector<std::string> solver_kernel_sources() {
  std::vector<std::string> out;
  const DType inexact[] = {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};
  auto sig = [](std::vector<DType> in, std::vector<DType> outs, std::vector<DType> sc,
                std::vector<int> raw_ndim) {
    KernelSignature s;
    s.inputs = std::move(in);
    s.outputs = std::move(outs);
    s.scalars = std::move(sc);
    s.raw_ndim = std::move(raw_ndim);
    return s;
  };
  const DType I = DType::Int64;
  out.push_back(elementwise_source(
      permutation_op(), sig({DType::Int32}, {DType::Int32, DType::Int32}, {I, I}, {2, 2, 2})));
  for (DType t : inexact) {
    DType r = real_dtype(t);
    out.push_back(elementwise_source(det_op(), sig({t, DType::Int32}, {t}, {I}, {3, 2, 1})));
    out.push_back(
        elementwise_source(slogdet_op(), sig({t, DType::Int32}, {t, r}, {I}, {3, 2, 1, 1})));
    out.push_back(elementwise_source(triangle_op(), sig({}, {t}, {I, I, DType::Bool}, {1})));
    out.push_back(elementwise_source(nonfinite_op(), sig({t}, {DType::Int32}, {I}, {1, 1})));
    out.push_back(elementwise_source(conj_op(), sig({}, {t}, {}, {1})));
    out.push_back(
        elementwise_source(banded_op(), sig({}, {t, t, DType::Int32}, {I, I, I, I, I}, {3, 3, 1})));
    if (!is_complex(t))
      out.push_back(elementwise_source(unpack_op(), sig({t, complex_dtype(t)}, {complex_dtype(t)},
                                                        {I}, {3, 2, 1})));
  }
  return out;
}

}  // namespace cunp::linalg
