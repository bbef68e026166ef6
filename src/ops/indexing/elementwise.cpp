// src/ops/indexing/elementwise.cpp -- the elementwise ops of general advanced indexing, built once
// and kept for the process (the engine caches their kernels by op and signature).
#include "elementwise.hpp"

#include <array>
#include <memory>

namespace cunp::detail {
namespace {

std::string k(int i) { return std::to_string(i); }

ElementwiseOp make_ravel(int narrays, bool accumulate) {
  ElementwiseOp op;
  op.name = "index_ravel" + k(narrays) + (accumulate ? "_acc" : "");
  std::string sum;
  for (int a = 0; a < narrays; ++a) {
    const std::string t = "t" + k(a), n = "n" + k(a);
    op.names.push_back("j" + k(a));
    op.scalar_names.push_back(n);
    op.scalar_names.push_back("s" + k(a));
    // Negative indices count from the end; an out-of-bounds one sets the flag and reads
    // position 0, never memory outside the array.
    op.body += "long long " + t + " = (long long)j" + k(a) + ";\n" + "if (" + t + " < 0) " + t +
               " += " + n + ";\n" + "if (" + t + " < 0 || " + t + " >= " + n + ") { err[0] = 1; " +
               t + " = 0; }\n";
    sum += (sum.empty() ? "" : " + ") + t + " * s" + k(a);
  }
  op.body += "lin[i] " + std::string(accumulate ? "+=" : "=") + " " + sum + ";";
  op.uses_index = true;  // lin is fresh and contiguous: written at the loop position
  op.names.push_back("lin");
  op.names.push_back("err");
  op.raw.assign(narrays, false);
  op.raw.push_back(true);
  op.raw.push_back(true);
  op.writable = op.raw;
  return op;
}

ElementwiseOp make_gather() {
  ElementwiseOp op;
  op.name = "index_gather";
  op.body = "out[i] = src[lin[i / rs] * rs + i % rs];";
  op.uses_index = true;
  op.names = {"src", "lin", "out"};
  op.scalar_names = {"rs"};
  op.raw = {true, true, true};
  op.writable = {false, false, true};
  return op;
}

ElementwiseOp make_scatter(bool scalar_value) {
  ElementwiseOp op;
  op.name = scalar_value ? "index_scatter_value" : "index_scatter";
  op.body = "dst[lin * rs + i % rs] = v;";
  op.uses_index = true;
  if (scalar_value) {
    op.names = {"lin", "dst"};
    op.scalar_names = {"v", "rs"};
    op.raw = {false, true};
  } else {
    op.names = {"v", "lin", "dst"};
    op.scalar_names = {"rs"};
    op.raw = {false, false, true};
  }
  op.writable = op.raw;
  return op;
}

ElementwiseOp make_mask_fill(bool scalar_value) {
  ElementwiseOp op;
  op.name = scalar_value ? "index_mask_fill_value" : "index_mask_fill";
  op.body = "if (m) x = v;";
  op.load_outputs = true;
  if (scalar_value) {
    op.names = {"m", "x"};
    op.scalar_names = {"v"};
  } else {
    op.names = {"m", "v", "x"};
  }
  return op;
}

}  // namespace

const ElementwiseOp& ravel_op(int narrays, bool accumulate) {
  static const auto ops = [] {
    std::array<std::array<std::unique_ptr<ElementwiseOp>, 2>, kRavelMaxArrays + 1> t;
    for (int n = 1; n <= kRavelMaxArrays; ++n)
      for (int acc = 0; acc < 2; ++acc)
        t[n][acc] = std::make_unique<ElementwiseOp>(make_ravel(n, acc != 0));
    return t;
  }();
  return *ops[narrays][accumulate ? 1 : 0];
}

const ElementwiseOp& gather_op() {
  static const ElementwiseOp op = make_gather();
  return op;
}

const ElementwiseOp& scatter_op(bool scalar_value) {
  static const ElementwiseOp ops[2] = {make_scatter(false), make_scatter(true)};
  return ops[scalar_value ? 1 : 0];
}

const ElementwiseOp& mask_fill_op(bool scalar_value) {
  static const ElementwiseOp ops[2] = {make_mask_fill(false), make_mask_fill(true)};
  return ops[scalar_value ? 1 : 0];
}

std::vector<std::string> advanced_indexing_sources() {
  std::vector<std::string> out;
  auto sig = [](std::vector<DType> in, std::vector<DType> outs, std::vector<DType> scalars,
                int strided_ndim, std::vector<int> raw_ndim, std::vector<bool> raw_contiguous) {
    KernelSignature s;
    s.inputs = std::move(in);
    s.outputs = std::move(outs);
    s.scalars = std::move(scalars);
    s.strided_ndim = strided_ndim;
    s.raw_ndim = std::move(raw_ndim);
    s.raw_contiguous = std::move(raw_contiguous);
    return s;
  };
  const DType I = DType::Int64;
  const DType index_types[] = {DType::Int8,  DType::Int16,  DType::Int32,  DType::Int64,
                               DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64};
  for (DType t : index_types)
    for (int nd : {0, 2}) {
      out.push_back(
          elementwise_source(ravel_op(1, false), sig({t}, {I, DType::Int32}, {I, I}, nd, {}, {})));
      out.push_back(
          elementwise_source(ravel_op(3, true), sig({t, DType::Int32, I}, {I, DType::Int32},
                                                    {I, I, I, I, I, I}, nd, {}, {})));
    }
  const DType value_types[] = {DType::Bool,      DType::Int8,      DType::UInt8,   DType::Int16,
                               DType::UInt16,    DType::Int32,     DType::UInt32,  DType::Int64,
                               DType::UInt64,    DType::Float16,   DType::Float32, DType::Float64,
                               DType::Complex64, DType::Complex128};
  for (DType t : value_types) {
    for (DType rs : {DType::Int32, I})
      out.push_back(elementwise_source(gather_op(),
                                       sig({t, I}, {t}, {rs}, 0, {3, 1, 1}, {false, true, true})));
    for (int nd : {0, 2}) {
      out.push_back(elementwise_source(scatter_op(false), sig({t, I, t}, {}, {I}, nd, {0, 0, 3},
                                                              {false, false, false})));
      out.push_back(
          elementwise_source(scatter_op(true), sig({I, t}, {}, {t, I}, nd, {0, 2}, {false, true})));
      out.push_back(
          elementwise_source(mask_fill_op(false), sig({DType::Bool, t}, {t}, {}, nd, {}, {})));
      out.push_back(
          elementwise_source(mask_fill_op(true), sig({DType::Bool}, {t}, {t}, nd, {}, {})));
    }
  }
  return out;
}

}  // namespace cunp::detail
