// src/ops/ndimage/generic_filter.cpp -- generic_filter's planner: one elementwise op per user
// function, whose body gathers or folds the footprint (src/device/ndimage/ndi_generic.cuh) and
// calls the user's code; ops are kept by their code, so a kernel is built once per function.
#include "cunp/ops/ndimage/generic_filter.hpp"

#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cunp/array/scalar.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// generic_filter's buffer sizes, as the rank filter's (small footprints, small buffers).
constexpr int kBufferCapacities[] = {32, 128, 512, 1024, 4096};

std::string device_code(std::string code) {
  // A RawKernel's function becomes a device function the filter's kernel calls (ndi_generic.cuh
  // defines the qualifier that replaces its __global__).
  const std::string global = "__global__", user = "CUNP_NDI_USER_FUNCTION";
  for (std::size_t at = code.find(global); at != std::string::npos;
       at = code.find(global, at + user.size()))
    code.replace(at, global.size(), user);
  return code;
}

std::string preamble() {
  return device_part("ndi_boundary") + device_part("ndi_stencil") + device_part("ndi_generic");
}

// One op per distinct code, never destroyed (the kernel cache keys them by their code).
const ElementwiseOp& cached(const std::string& key, ElementwiseOp (*make)(const void*),
                            const void* what) {
  static std::mutex lock;
  static std::map<std::string, std::unique_ptr<ElementwiseOp>> ops;
  std::lock_guard<std::mutex> guard(lock);
  auto& slot = ops[key];
  if (!slot) slot = std::make_unique<ElementwiseOp>(make(what));
  return *slot;
}

// The stencil's operands and scalars, named so that users' names cannot clash with them.
void stencil_operands(ElementwiseOp& o) {
  o.names = {"_ndi_x", "_ndi_offsets", "_ndi_weights", "_ndi_y"};
  o.raw = {true, true, true, false};
  o.scalar_names = {"_ndi_taps", "_ndi_mode", "_ndi_cval"};
  o.uses_index = true;
  o.type_aliases = {TypeAlias{"_ndi_Y", false, 3}};
}

const std::string kVisit =
    "cunp::ndi_visit(i, _ndi_x, _ndi_offsets, _ndi_weights, _ndi_taps, _ndi_mode, _ndi_cval, "
    "_ndi_f);\n";

struct RawRequest {
  const NdiUserFunction* f;
  int cap;
};

ElementwiseOp make_raw(const void* p) {
  const auto& r = *static_cast<const RawRequest*>(p);
  ElementwiseOp o;
  o.name = "ndi_generic_filter";
  o.preamble = preamble() + device_code(r.f->code);
  o.options = r.f->options;
  stencil_operands(o);
  o.body = "cunp::ndi_buffer_fold<" + std::to_string(r.cap) + "> _ndi_f;\n" + kVisit +
           "double _ndi_r = 0.0;\n" + r.f->name + "(_ndi_f.values, _ndi_f.n, &_ndi_r);\n" +
           "_ndi_y = cunp::cast<_ndi_Y>(_ndi_r);";
  return o;
}

bool placeholder(const std::string& type) { return type.size() == 1; }

ElementwiseOp make_reduction(const void* p) {
  const auto& r = *static_cast<const NdiUserReduction*>(p);
  ElementwiseOp o;
  o.name = "ndi_generic_reduction";
  o.preamble = preamble() + r.preamble;
  o.options = r.options;
  stencil_operands(o);
  // Placeholder types name the arrays' dtypes, as the ReductionKernel itself would resolve them.
  if (placeholder(r.in_type)) o.type_aliases.push_back(TypeAlias{r.in_type, false, 0});
  if (placeholder(r.out_type) && r.out_type != r.in_type)
    o.type_aliases.push_back(TypeAlias{r.out_type, false, 3});
  const std::string reduce_type = r.reduce_type.empty() ? r.in_type : r.reduce_type;
  const std::string identity = r.identity.empty() ? "_ndi_R()"
                                                  : "static_cast<_ndi_R>(" + r.identity + ")";
  o.body = "typedef " + reduce_type + " _ndi_R;\n" + "auto _ndi_map = [&](const " + r.in_type +
           " " + r.in_name + ", long long _j) { return static_cast<_ndi_R>(" + r.map_expr +
           "); };\n" +
           "auto _ndi_reduce = [&](const _ndi_R a, const _ndi_R b) { return static_cast<_ndi_R>(" +
           r.reduce_expr + "); };\n" + "cunp::ndi_reduce_fold<_ndi_R, " + r.in_type +
           ", decltype(_ndi_map), decltype(_ndi_reduce)> _ndi_f(_ndi_map, _ndi_reduce, " +
           (r.identity.empty() ? "false" : "true") + ", " + identity + ");\n" + kVisit +
           "{\n  const _ndi_R a = _ndi_f.result();\n  " + r.out_type + " " + r.out_name + ";\n  " +
           r.post_map_expr + ";\n  _ndi_y = cunp::cast<_ndi_Y>(" + r.out_name + ");\n}";
  return o;
}

ElementwiseOp make_line(const void* p) {
  const auto& f = *static_cast<const NdiUserFunction*>(p);
  ElementwiseOp o;
  o.name = "ndi_generic_filter1d";
  o.preamble = preamble() + device_code(f.code);
  o.options = f.options;
  o.names = {"_ndi_x", "_ndi_in", "_ndi_out", "_ndi_y"};
  o.raw = {true, true, true, true};
  o.writable = {false, true, true, true};
  o.scalar_names = {"_ndi_first", "_ndi_n", "_ndi_total", "_ndi_before", "_ndi_mode", "_ndi_cval"};
  o.uses_index = true;  // i is the line within this launch
  o.body = "const long long _ndi_line = _ndi_first + i;\n"
           "double* _ndi_iline = _ndi_in.data() + i * _ndi_total;\n"
           "double* _ndi_oline = _ndi_out.data() + i * _ndi_n;\n"
           "cunp::ndi_extend_line(_ndi_line, _ndi_x, _ndi_n, _ndi_before, _ndi_total, _ndi_mode, "
           "_ndi_cval, _ndi_iline);\n" +
           f.name + "(_ndi_iline, _ndi_total, _ndi_oline, _ndi_n);\n" +
           "cunp::ndi_store_line(_ndi_line, _ndi_y, _ndi_n, _ndi_oline);";
  return o;
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) s += p + '\x1f';
  return s;
}

void check_table(const NDArray& input, const NDArray& output, const NDArray& offsets,
                 const NDArray& weights) {
  if (input.ndim() < 1) throw ValueError("generic_filter: input must have at least one dimension");
  if (output.shape() != input.shape()) throw RuntimeError("output shape not correct");
  if (offsets.dtype() != DType::Int64 || weights.dtype() != DType::Float64)
    throw TypeError("generic_filter: offsets must be int64 and weights float64");
  if (offsets.size() != weights.size() * input.ndim())
    throw ValueError("generic_filter: offsets must hold ndim offsets per tap");
  if (weights.size() == 0) throw ValueError("generic_filter: the footprint has no taps");
}

void launch(const ElementwiseOp& op, const NDArray& input, const NDArray& output,
            const NDArray& offsets, const NDArray& weights, NdiMode mode, double cval) {
  elementwise(op, {input, offsets, weights}, {output},
              {Scalar::from_int(weights.size(), DType::Int64),
               Scalar::from_int(static_cast<int>(mode), DType::Int32),
               Scalar::from_double(cval, DType::Float64)});
}

}  // namespace

const ElementwiseOp& generic_filter_op(const NdiUserFunction& f, long long taps) {
  int cap = 0;
  for (int c : kBufferCapacities) {
    if (taps <= c) {
      cap = c;
      break;
    }
  }
  if (cap == 0)
    throw ValueError("generic_filter: a footprint of " + std::to_string(taps) +
                     " elements is larger than the " + std::to_string(kStencilMaxRankTaps) +
                     " a RawKernel takes (a ReductionKernel takes any)");
  const RawRequest request{&f, cap};
  return cached("raw\x1f" + std::to_string(cap) + '\x1f' + f.name + '\x1f' + f.code + '\x1f' +
                    join(f.options),
                make_raw, &request);
}

const ElementwiseOp& generic_filter_op(const NdiUserReduction& r) {
  return cached("reduction\x1f" +
                    join({r.in_name, r.in_type, r.out_name, r.out_type, r.map_expr, r.reduce_expr,
                          r.post_map_expr, r.identity, r.reduce_type, r.preamble}) +
                    join(r.options),
                make_reduction, &r);
}

const ElementwiseOp& generic_filter1d_op(const NdiUserFunction& f) {
  return cached("line\x1f" + f.name + '\x1f' + f.code + '\x1f' + join(f.options), make_line, &f);
}

void generic_filter(const NDArray& input, const NDArray& output, const NDArray& offsets,
                    const NDArray& weights, NdiMode mode, double cval, const NdiUserFunction& f) {
  check_table(input, output, offsets, weights);
  const ElementwiseOp& op = generic_filter_op(f, weights.size());
  if (output.size() == 0) return;
  launch(op, input, output, offsets, weights, mode, cval);
}

void generic_filter(const NDArray& input, const NDArray& output, const NDArray& offsets,
                    const NDArray& weights, NdiMode mode, double cval, const NdiUserReduction& r) {
  check_table(input, output, offsets, weights);
  if (output.size() == 0) return;
  launch(generic_filter_op(r), input, output, offsets, weights, mode, cval);
}

void generic_filter1d(const NDArray& input, const NDArray& output, const NDArray& in_buffer,
                      const NDArray& out_buffer, long long first, long long size, long long before,
                      NdiMode mode, double cval, const NdiUserFunction& f) {
  if (input.ndim() < 1)
    throw ValueError("generic_filter1d: input must have at least one dimension");
  if (output.shape() != input.shape()) throw RuntimeError("output shape not correct");
  if (size < 1) throw RuntimeError("invalid filter size");
  const long long n = input.shape()[input.ndim() - 1];
  if (input.size() == 0 || n == 0) return;
  const long long lines = input.size() / n;
  if (in_buffer.ndim() != 2 || out_buffer.ndim() != 2 || in_buffer.dtype() != DType::Float64 ||
      out_buffer.dtype() != DType::Float64 || !in_buffer.c_contiguous() ||
      !out_buffer.c_contiguous() || in_buffer.shape()[1] != n + size - 1 ||
      out_buffer.shape()[1] != n || out_buffer.shape()[0] != in_buffer.shape()[0])
    throw ValueError("generic_filter1d: the line buffers have the wrong shape or dtype");
  const long long count = in_buffer.shape()[0];
  if (first < 0 || first + count > lines) throw ValueError("generic_filter1d: lines out of range");
  if (count == 0) return;
  elementwise(generic_filter1d_op(f), {input, in_buffer, out_buffer, output}, {},
              {Scalar::from_int(first, DType::Int64), Scalar::from_int(n, DType::Int64),
               Scalar::from_int(n + size - 1, DType::Int64), Scalar::from_int(before, DType::Int64),
               Scalar::from_int(static_cast<int>(mode), DType::Int32),
               Scalar::from_double(cval, DType::Float64)},
              Dims{static_cast<int64_t>(count)});
}

}  // namespace cunp
