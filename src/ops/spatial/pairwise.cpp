// src/ops/spatial/pairwise.cpp -- cdist's and pdist's non-matmul metrics on the elementwise
// engine: one output element per (row of XA, row of XB) or per condensed pair, whose body is cunp::pair_distance
// (src/device/spatial/pairwise.cuh) instantiated for the metric.
#include "cunp/ops/spatial/pairwise.hpp"

#include <map>
#include <memory>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// condensed: pdist's form, one element per pair row < col of one matrix x, at its condensed
// position; otherwise cdist's, one element per (row of XA, row of XB).
const ElementwiseOp& pairwise_op(const std::string& metric, bool condensed) {
  // One op per metric (the metric is a template argument), built on first use and kept for the
  // life of the process, as the kernel cache keys on it.
  static const std::map<std::string, std::string> kMetrics = {
      {"cityblock", "pair_cityblock"},
      {"chebyshev", "pair_chebyshev"},
      {"minkowski", "pair_minkowski"},
      {"canberra", "pair_canberra"},
      {"hamming", "pair_hamming"},
      {"jensenshannon", "pair_jensenshannon"},
      {"kl_divergence", "pair_kl_divergence"}};
  static std::map<std::string, std::unique_ptr<ElementwiseOp>> ops;
  auto found = kMetrics.find(metric);
  if (found == kMetrics.end()) throw ValueError("Unknown Distance Metric: " + metric);
  auto& op = ops[metric + (condensed ? "/condensed" : "")];
  if (!op) {
    op = std::make_unique<ElementwiseOp>();
    op->name = std::string(condensed ? "pdist_" : "pairwise_") + metric;
    op->preamble = device_part("pairwise");
    op->uses_index = true;  // the element's row and column come from its C-order position
    const std::string metric_t = "cunp::" + found->second;
    if (condensed) {
      op->names = {"x", "d"};
      op->raw = {true, false};  // rows are read whole by position
      op->scalar_names = {"k", "m", "p"};
      op->body = "long long r, c;\ncunp::condensed_pair(i, m, r, c);\ncunp::pair_distance<" +
                 metric_t + ">(d, x, x, r, c, k, p);";
    } else {
      op->names = {"xa", "xb", "d"};
      op->raw = {true, true, false};
      op->scalar_names = {"k", "ncols", "p"};
      op->body = "cunp::pair_distance<" + metric_t + ">(d, xa, xb, i / ncols, i % ncols, k, p);";
    }
  }
  return *op;
}

}  // namespace

NDArray pairwise_distance(const std::string& metric, const NDArray& xa, const NDArray& xb,
                          double p) {
  common_device({&xa, &xb});
  if (xa.ndim() != 2 || xb.ndim() != 2) throw ValueError("pairwise: XA and XB must be 2-D");
  if (xa.shape()[1] != xb.shape()[1])
    throw ValueError("pairwise: XA and XB must have the same number of columns");
  if (xa.dtype() != xb.dtype() || (xa.dtype() != DType::Float32 && xa.dtype() != DType::Float64))
    throw TypeError("pairwise: XA and XB must both be float32 or both float64");
  const ElementwiseOp& op = pairwise_op(metric, false);
  const int64_t m = xa.shape()[0], n = xb.shape()[0], k = xa.shape()[1];
  NDArray d = NDArray::empty(Dims{m, n}, xa.dtype());
  if (d.size() == 0) return d;
  NDArray a = xa.c_contiguous() ? xa : copy(xa, OrderSpec::C);
  NDArray b = xb.c_contiguous() ? xb : copy(xb, OrderSpec::C);
  elementwise(op, {a, b}, {d},
              {Scalar::from_int(k, DType::Int64), Scalar::from_int(n, DType::Int64),
               Scalar::from_double(p, DType::Float64)});
  return d;
}

NDArray pairwise_condensed(const std::string& metric, const NDArray& x, double p) {
  if (x.ndim() != 2) throw ValueError("pdist: X must be 2-D");
  if (x.dtype() != DType::Float32 && x.dtype() != DType::Float64)
    throw TypeError("pdist: X must be float32 or float64");
  const ElementwiseOp& op = pairwise_op(metric, true);
  const int64_t m = x.shape()[0], k = x.shape()[1];
  NDArray d = NDArray::empty(Dims{m * (m - 1) / 2}, x.dtype(), Order::C, x.device());
  if (d.size() == 0) return d;
  NDArray a = x.c_contiguous() ? x : copy(x, OrderSpec::C);
  elementwise(op, {a}, {d},
              {Scalar::from_int(k, DType::Int64), Scalar::from_int(m, DType::Int64),
               Scalar::from_double(p, DType::Float64)});
  return d;
}

}  // namespace cunp
