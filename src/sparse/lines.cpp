// src/sparse/lines.cpp -- the per-line kernels of compressed sparse matrices on the elementwise
// engine (device code: src/device/sparse/csr_lines.cuh): one launch each, indptr read in place.
#include "cunp/sparse/lines.hpp"

#include <string>
#include <vector>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// An op of the csr_lines part, built once and never destroyed (the kernel cache keys on it).
const ElementwiseOp* make_op(const char* name, std::vector<std::string> names,
                             std::vector<bool> raw, std::vector<bool> writable,
                             std::vector<std::string> scalars, bool uses_index, const char* body,
                             std::vector<TypeAlias> aliases = {}) {
  auto* o = new ElementwiseOp;
  o->name = name;
  o->preamble = device_part("csr_lines");
  o->names = std::move(names);
  o->raw = std::move(raw);
  o->writable = std::move(writable);
  o->scalar_names = std::move(scalars);
  o->uses_index = uses_index;
  o->body = body;
  o->type_aliases = std::move(aliases);
  return o;
}

void require(bool ok, const char* what) {
  if (!ok) throw ValueError(std::string("sparse lines: ") + what);
}

bool is_index(DType t) { return t == DType::Int32 || t == DType::Int64; }

}  // namespace

const ElementwiseOp& sparse_line_sums_op() {
  // out is the loop operand (one thread a line); data and indptr are read whole.
  static const ElementwiseOp* op = make_op("csr_line_sums", {"data", "indptr", "out"},
                                           {true, true, false}, {}, {}, true,
                                           "out = cunp::csr_line_sum<OutT>(i, data, indptr);",
                                           {TypeAlias{"OutT", false, 2}});
  return *op;
}

const ElementwiseOp& sparse_take_counts_op() {
  static const ElementwiseOp* op = make_op("csr_take_counts", {"line", "indptr", "count"},
                                           {false, true, false}, {}, {"n_major"}, false,
                                           "count = cunp::csr_take_count(line, indptr, n_major);");
  return *op;
}

const ElementwiseOp& sparse_take_gather_op() {
  static const ElementwiseOp* op = make_op(
      "csr_take_gather",
      {"starts", "lines", "indptr", "indices", "data", "out_indices", "out_data"},
      {true, true, true, true, true, true, true}, {false, false, false, false, false, true, true},
      {"n_lines", "n_major"}, true,
      "cunp::csr_take_at(i, starts, n_lines, lines, indptr, n_major, indices, data, "
      "out_indices, out_data);");
  return *op;
}

const ElementwiseOp& sparse_line_check_op() {
  static const ElementwiseOp* op = make_op(
      "csr_line_check", {"indptr", "indices", "data", "flags"}, {true, true, true, true},
      {false, false, false, true}, {}, true,
      "cunp::csr_line_check_at(i, indptr, indices, data, flags);");
  return *op;
}

void sparse_line_sums(const NDArray& data, const NDArray& indptr, const NDArray& out) {
  common_device({&data, &indptr, &out});
  require(data.ndim() == 1 && indptr.ndim() == 1 && out.ndim() == 1, "1-D operands");
  require(is_index(indptr.dtype()), "indptr must be int32 or int64");
  require(indptr.size() == out.size() + 1, "indptr must have one entry more than out");
  if (out.size() == 0) return;
  elementwise(sparse_line_sums_op(), {data, indptr}, {out});
}

void sparse_take_counts(const NDArray& lines, const NDArray& indptr, const NDArray& counts) {
  common_device({&lines, &indptr, &counts});
  require(lines.ndim() == 1 && counts.ndim() == 1 && indptr.ndim() == 1, "1-D operands");
  require(lines.dtype() == DType::Int64 && counts.dtype() == DType::Int64,
          "lines and counts must be int64");
  require(is_index(indptr.dtype()) && indptr.size() >= 1, "indptr must be int32 or int64");
  require(lines.size() == counts.size(), "lines and counts differ in size");
  if (counts.size() == 0) return;
  elementwise(sparse_take_counts_op(), {lines, indptr}, {counts},
              {Scalar::from_int(indptr.size() - 1, DType::Int64)});
}

void sparse_take_gather(const NDArray& starts, const NDArray& lines, const NDArray& indptr,
                        const NDArray& indices, const NDArray& data, const NDArray& out_indices,
                        const NDArray& out_data) {
  common_device({&starts, &lines, &indptr, &indices, &data, &out_indices, &out_data});
  for (const NDArray* a : {&starts, &lines, &indptr, &indices, &data, &out_indices, &out_data})
    require(a->ndim() == 1, "1-D operands");
  require(starts.dtype() == DType::Int64 && lines.dtype() == DType::Int64,
          "starts and lines must be int64");
  require(is_index(indptr.dtype()), "indptr must be int32 or int64");
  require(starts.size() == lines.size() + 1, "starts must have one entry more than lines");
  require(out_indices.dtype() == indices.dtype() && out_data.dtype() == data.dtype(),
          "outputs must have the dtypes of indices and data");
  require(out_indices.size() == out_data.size(), "outputs differ in size");
  const int64_t total = out_data.size();
  if (total == 0) return;
  elementwise(sparse_take_gather_op(), {starts, lines, indptr, indices, data},
              {out_indices, out_data},
              {Scalar::from_int(lines.size(), DType::Int64),
               Scalar::from_int(indptr.size() - 1, DType::Int64)},
              Dims{total});
}

void sparse_line_check(const NDArray& indptr, const NDArray& indices, const NDArray& data,
                       const NDArray& flags) {
  common_device({&indptr, &indices, &data, &flags});
  require(indptr.ndim() == 1 && indptr.size() >= 1 && is_index(indptr.dtype()),
          "indptr must be 1-D int32 or int64");
  require(flags.dtype() == DType::Bool && flags.size() == 2 * (indptr.size() - 1),
          "flags must be bool with two entries a line");
  const int64_t n = indptr.size() - 1;
  if (n == 0) return;
  elementwise(sparse_line_check_op(), {indptr, indices, data}, {flags}, {}, Dims{n});
}

}  // namespace cunp
