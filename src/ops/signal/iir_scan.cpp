// src/ops/signal/iir_scan.cpp -- lfilter/sosfilt's blocked scan: five elementwise launches over
// raw operands (block end states from rest; the carry across blocks, itself in groups: group
// ends, the carry across groups, the states entering every block; the blocks again from their
// entering states), whose bodies are the templates of src/device/signal/iir_scan.cuh
// instantiated for the filter form and its state size.
#include "cunp/ops/signal/iir_scan.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

std::string filter_type(const std::string& form, int order, const std::string& q) {
  return form == "sos" ? "cunp::iir_sos_cascade<W, " + std::to_string(order) + ">"
                       : "cunp::iir_direct_form<W, " + q + ">";
}

Scalar i64(int64_t v) { return Scalar::from_int(v, DType::Int64); }

// Each pass's operands (inputs then outputs, all raw), scalars and call; "@" stands for the
// template arguments: the filter type and the state size for the passes that filter (those name
// W, the dtype of their coefficients operand), the state size for the carry passes.
struct PassSpec {
  const char* pass;
  std::vector<std::string> names;
  std::vector<std::string> scalars;
  int work_operand;  // the coefficients operand (W's dtype) of a filtering pass, else -1
  const char* call;
};

const PassSpec kPasses[] = {
    {"local",
     {"x", "coef", "ends"},
     {"n", "block", "blocks", "rows"},
     1,
     "cunp::iir_block_local<@>(x, coef, ends, i, n, block, blocks, rows);"},
    {"group_local",
     {"ends", "power", "gends"},
     {"blocks", "group", "groups"},
     -1,
     "cunp::iir_group_local<@>(ends, gends, power, i, blocks, group, groups);"},
    {"group_carry",
     {"group_power", "zi", "gends"},
     {"groups", "has_zi"},
     -1,
     "cunp::iir_group_carry<@>(gends, zi, group_power, i, groups, has_zi != 0);"},
    {"group_fill",
     {"power", "gentry", "ends"},
     {"blocks", "group", "groups"},
     -1,
     "cunp::iir_group_fill<@>(ends, gentry, power, i, blocks, group, groups);"},
    {"finish",
     {"x", "coef", "carried", "y", "zf"},
     {"n", "block", "blocks", "rows"},
     1,
     "cunp::iir_block_finish<@>(x, coef, carried, y, zf, i, n, block, blocks, rows);"},
};

}  // namespace

// The state size is a template argument (the state lives in registers), so each (pass, form,
// size) is its own op, built on first use and kept: the kernel cache keys on the op.
const ElementwiseOp& iir_scan_op(const std::string& pass, const std::string& form, int order) {
  if (form != "direct" && form != "sos") throw ValueError("iir_block_scan: unknown form " + form);
  const PassSpec* spec = nullptr;
  for (const PassSpec& p : kPasses)
    if (pass == p.pass) spec = &p;
  if (!spec) throw ValueError("iir_block_scan: unknown pass " + pass);
  if (order < 1 || order > kIirMaxOrder) throw ValueError("iir_block_scan: order out of range");
  const std::string q = std::to_string(form == "sos" ? 2 * order : order);
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
  op->names = spec->names;
  op->raw.assign(spec->names.size(), true);
  op->scalar_names = spec->scalars;
  std::string args = q;
  if (spec->work_operand >= 0) {
    op->type_aliases = {TypeAlias{"W", false, spec->work_operand}};
    args = filter_type(form, order, q) + ", " + q;
  }
  op->body = spec->call;
  op->body.replace(op->body.find('@'), 1, args);
  return *op;
}

const ElementwiseOp& iir_serial_op() {
  static const ElementwiseOp op = [] {
    ElementwiseOp o;
    o.name = "iir_serial_direct";
    o.preamble = device_part("iir_scan");
    o.uses_index = true;
    o.names = {"x", "coef", "z", "y"};
    o.raw.assign(o.names.size(), true);
    o.scalar_names = {"n", "q"};
    o.body = "cunp::iir_serial_direct(x, coef, z, y, i, n, q);";
    return o;
  }();
  return op;
}

NDArray iir_serial_scan(const NDArray& x, const NDArray& coef, NDArray& z, DType out_dtype) {
  const ElementwiseOp& op = iir_serial_op();
  if (x.ndim() < 1) throw ValueError("iir_serial_scan: x must be at least 1-D");
  const DType w = coef.dtype();
  if (w != DType::Float64 && w != DType::Complex128)
    throw TypeError("iir_serial_scan: coefficients must be float64 or complex128");
  if (!coef.c_contiguous() || z.dtype() != w || !z.c_contiguous())
    throw TypeError("iir_serial_scan: coef and z must be C-contiguous in the coefficients' dtype");
  const int64_t q = coef.size() / 2 - 1;
  if (coef.size() % 2 != 0 || q < 1)
    throw ValueError("iir_serial_scan: coef must hold b[0..Q] then a[0..Q], Q >= 1");
  const int64_t n = x.shape()[x.ndim() - 1];
  const int64_t rows = n == 0 ? 0 : x.size() / n;
  if (n > 0 && z.size() != rows * q)
    throw ValueError("iir_serial_scan: z must hold rows * Q values");
  common_device({&x, &coef, &z});
  NDArray y = empty_like(x, out_dtype, OrderSpec::K);
  if (rows == 0) return y;
  elementwise(op, {x, coef}, {z, y}, {i64(n), i64(q)}, Dims{rows});
  return y;
}

std::pair<NDArray, NDArray> iir_block_scan(const std::string& form, int order, const NDArray& x,
                                           const NDArray& coef, const NDArray& power,
                                           const NDArray& group_power,
                                           const std::optional<NDArray>& zi, int64_t block,
                                           int64_t group, DType out_dtype) {
  const ElementwiseOp& local = iir_scan_op("local", form, order);
  const ElementwiseOp& group_local = iir_scan_op("group_local", form, order);
  const ElementwiseOp& group_carry = iir_scan_op("group_carry", form, order);
  const ElementwiseOp& group_fill = iir_scan_op("group_fill", form, order);
  const ElementwiseOp& finish = iir_scan_op("finish", form, order);
  if (x.ndim() < 1) throw ValueError("iir_block_scan: x must be at least 1-D");
  if (block < 1 || group < 1) throw ValueError("iir_block_scan: block and group must be positive");
  const int64_t q = form == "sos" ? 2 * order : order;
  const DType w = coef.dtype();
  if (w != DType::Float64 && w != DType::Complex128)
    throw TypeError("iir_block_scan: coefficients must be float64 or complex128");
  for (const NDArray* t : {&coef, &power, &group_power})
    if (t->dtype() != w || !t->c_contiguous())
      throw TypeError("iir_block_scan: tables must be C-contiguous in the coefficients' dtype");
  if (power.size() != q * q || group_power.size() != q * q)
    throw ValueError("iir_block_scan: the powers must be Q x Q");
  if (coef.size() != (form == "sos" ? 6 * order : 2 * (q + 1)))
    throw ValueError("iir_block_scan: coefficient count does not match the form and order");
  const int64_t n = x.shape()[x.ndim() - 1];
  if (n < 1) throw ValueError("iir_block_scan: the signal must have samples");
  const int64_t rows = x.size() / n;
  if (zi && (zi->dtype() != w || !zi->c_contiguous() || zi->size() != rows * q))
    throw ValueError("iir_block_scan: zi must hold rows * Q values in the coefficients' dtype");
  common_device({&x, &coef, &power, &group_power});
  // y keeps x's axis order, so that the finishing pass stores as the passes load.
  NDArray y = empty_like(x, out_dtype, OrderSpec::K);
  NDArray zf = NDArray::empty(Dims{rows * q}, w);
  if (rows == 0) return {y, zf};
  const int64_t blocks = (n + block - 1) / block;
  const int64_t groups = (blocks + group - 1) / group;
  NDArray ends = NDArray::empty(Dims{rows * blocks * q}, w);
  NDArray gends = NDArray::empty(Dims{rows * groups * q}, w);
  // Rest needs no input: a one-value stand-in keeps the kernel's signature fixed.
  NDArray rest = zi ? *zi : NDArray::empty(Dims{1}, w);
  const Scalar sn = i64(n), sblock = i64(block), sblocks = i64(blocks), sgroup = i64(group),
               sgroups = i64(groups), srows = i64(rows);
  elementwise(local, {x, coef}, {ends}, {sn, sblock, sblocks, srows}, Dims{rows * blocks});
  elementwise(group_local, {ends, power}, {gends}, {sblocks, sgroup, sgroups}, Dims{rows * groups});
  elementwise(group_carry, {group_power, rest}, {gends}, {sgroups, i64(zi ? 1 : 0)}, Dims{rows});
  elementwise(group_fill, {power, gends}, {ends}, {sblocks, sgroup, sgroups}, Dims{rows * groups});
  elementwise(finish, {x, coef, ends}, {y, zf}, {sn, sblock, sblocks, srows}, Dims{rows * blocks});
  return {y, zf};
}

}  // namespace cunp
