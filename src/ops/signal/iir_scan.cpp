// src/ops/signal/iir_scan.cpp -- lfilter/sosfilt's blocked scan: three elementwise launches over
// raw operands (block end states from rest, the carry across blocks, the blocks again from their
// true entering states),
// whose bodies are the templates of src/device/signal/iir_scan.cuh instantiated for the filter
// form and its state size.
#include "cunp/ops/signal/iir_scan.hpp"

#include <map>
#include <memory>
#include <mutex>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

std::string filter_type(const std::string& form, int order, const std::string& q) {
  return form == "sos" ? "cunp::iir_sos_cascade<W, " + std::to_string(order) + ">"
                       : "cunp::iir_direct_form<W, " + q + ">";
}

Scalar i64(int64_t v) { return Scalar::from_int(v, DType::Int64); }

}  // namespace

// The state size is a template argument (the state lives in registers), so each (pass, form,
// size) is its own op, built on first use and kept: the kernel cache keys on the op.
const ElementwiseOp& iir_scan_op(const std::string& pass, const std::string& form, int order) {
  if (form != "direct" && form != "sos") throw ValueError("iir_block_scan: unknown form " + form);
  if (pass != "local" && pass != "carry" && pass != "finish")
    throw ValueError("iir_block_scan: unknown pass " + pass);
  if (order < 1 || order > kIirMaxOrder) throw ValueError("iir_block_scan: order out of range");
  const int q = form == "sos" ? 2 * order : order;
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<ElementwiseOp>> ops;
  const std::string key = pass + "_" + form + "_" + std::to_string(order);
  std::lock_guard<std::mutex> guard(lock);
  auto& op = ops[key];
  if (op) return *op;
  op = std::make_unique<ElementwiseOp>();
  op->name = "iir_" + key;
  op->preamble = device_part("iir_scan");
  op->uses_index = true;
  const std::string Q = std::to_string(q);
  if (pass == "local") {
    op->names = {"x", "coef", "ends"};
    op->raw = {true, true, true};
    op->scalar_names = {"n", "block", "blocks"};
    op->type_aliases = {TypeAlias{"W", false, 1}};
    op->body = "cunp::iir_block_local<" + filter_type(form, order, Q) + ", " + Q +
               ">(x, coef, ends, i, n, block, blocks);";
  } else if (pass == "carry") {
    op->names = {"power", "last", "zi", "ends", "zf"};
    op->raw = {true, true, true, true, true};
    op->scalar_names = {"blocks", "has_zi"};
    op->body = "cunp::iir_block_carry<" + Q +
               ">(ends, zi, zf, power, last, i, blocks, has_zi != 0);";
  } else {
    op->names = {"x", "coef", "carried", "y"};
    op->raw = {true, true, true, true};
    op->scalar_names = {"n", "block", "blocks"};
    op->type_aliases = {TypeAlias{"W", false, 1}};
    op->body = "cunp::iir_block_finish<" + filter_type(form, order, Q) + ", " + Q +
               ">(x, coef, carried, y, i, n, block, blocks);";
  }
  return *op;
}

std::pair<NDArray, NDArray> iir_block_scan(const std::string& form, int order, const NDArray& x,
                                           const NDArray& coef, const NDArray& power,
                                           const NDArray& last, const std::optional<NDArray>& zi,
                                           int64_t block, DType out_dtype) {
  const ElementwiseOp& local = iir_scan_op("local", form, order);
  const ElementwiseOp& carry = iir_scan_op("carry", form, order);
  const ElementwiseOp& finish = iir_scan_op("finish", form, order);
  if (x.ndim() < 1) throw ValueError("iir_block_scan: x must be at least 1-D");
  if (block < 1) throw ValueError("iir_block_scan: block must be positive");
  const int q = form == "sos" ? 2 * order : order;
  const DType w = coef.dtype();
  if (w != DType::Float64 && w != DType::Complex128)
    throw TypeError("iir_block_scan: coefficients must be float64 or complex128");
  for (const NDArray* t : {&power, &last})
    if (t->dtype() != w || !t->c_contiguous())
      throw TypeError("iir_block_scan: tables must be C-contiguous in the coefficients' dtype");
  if (power.size() != q * q || last.size() != q * q)
    throw ValueError("iir_block_scan: table sizes do not match the order and block");
  const int64_t n = x.shape()[x.ndim() - 1];
  int64_t rows = 1;  // the product of the leading extents, also when n is 0
  for (int d = 0; d + 1 < x.ndim(); ++d) rows *= x.shape()[d];
  if (zi && (zi->dtype() != w || !zi->c_contiguous() || zi->size() != rows * q))
    throw ValueError("iir_block_scan: zi must hold rows * Q values in the coefficients' dtype");
  common_device({&x, &coef, &power, &last});
  NDArray y = NDArray::empty(x.shape(), out_dtype);
  NDArray zf = NDArray::empty(Dims{rows * q}, w);
  if (rows == 0) return {y, zf};
  const int64_t blocks = (n + block - 1) / block;
  NDArray ends = NDArray::empty(Dims{rows * blocks * q}, w);
  if (blocks > 0)
    elementwise(local, {x, coef}, {ends}, {i64(n), i64(block), i64(blocks)}, Dims{rows * blocks});
  // Rest needs no input: a one-value stand-in keeps the kernel's signature fixed. With no
  // samples (no blocks) the carry just hands zi (or rest) to zf.
  NDArray rest = zi ? *zi : NDArray::empty(Dims{1}, w);
  elementwise(carry, {power, last, rest}, {ends, zf}, {i64(blocks), i64(zi ? 1 : 0)}, Dims{rows});
  if (blocks > 0)
    elementwise(finish, {x, coef, ends}, {y}, {i64(n), i64(block), i64(blocks)},
                Dims{rows * blocks});
  return {y, zf};
}

}  // namespace cunp
