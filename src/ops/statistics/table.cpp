// src/ops/statistics/table.cpp -- the statistics table: one row per statistic (map, fold,
// post-map, identity, fold type, device part) and the engine ops built from the rows.
#include <bit>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/statistics/statistics.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

namespace cunp {
namespace {

// The device code is in src/device/statistics/: statistics_common.cuh (the quotient by a count,
// the reciprocal of a count) for every row, and a row's own part (the partial results of its
// fold) where it has one. The rows name their functions; build() adds the typedefs they use.
// One statistic. The post-map reads the fold `a` and the engine's count of folded elements
// `_red_n`; out1, where written, is the bool flag the caller warns from.
struct Row {
  Statistic kind;
  const char* name;
  const char* part;  // device_part() of the fold, after statistics_common; nullptr: none
  const char* map_expr;
  const char* reduce_expr;
  const char* post_map_expr;
  const char* identity;
  const char* reduce_type;
  bool skip_nan;     // the moments' map drops NaN
  bool moments;      // takes ddof and root
  bool flag;         // writes a bool flag as out1
  bool real_result;  // complex and integer input give the accumulator's real type
};

const Row kRows[] = {
    {Statistic::Mean, "mean", nullptr, "cast<_rtype>(in0)", "a + b",
     "out0 = cast<_t1>(stats::div_count(a, static_cast<double>(_red_n)))", "cast<_rtype>(0)", "_A",
     false, false, false, false},
    {Statistic::NanSum, "nansum", nullptr,
     "mth::is_nan(cast<_rtype>(in0)) ? cast<_rtype>(0) : cast<_rtype>(in0)", "a + b",
     "out0 = cast<_t1>(a)", "cast<_rtype>(0)", "_A", false, false, false, false},
    {Statistic::NanMean, "nanmean", "nanmean", "stats::nanmean_of<_A>(in0)",
     "stats::nanmean_merge(a, b)",
     "out0 = cast<_t1>(stats::div_count(a.s, static_cast<double>(a.n))); out1 = a.n == _R(0)",
     "stats::nanmean_zero<_A>()", "stats::nanmean_partial<_A>", false, false, true, false},
    {Statistic::Var, "var", "welford", "stats::wf_map<_wf, _st>(in0)", "stats::wf_merge(a, b)",
     "out0 = cast<_t1>(stats::wf_var<_st>(a, static_cast<double>(_red_n)))", "_wf::zero()", "_wf",
     false, true, false, true},
    {Statistic::NanVar, "nanvar", "welford", "stats::wf_map<_wf, _st>(in0)",
     "stats::wf_merge(a, b)",
     "bool _bad; out0 = cast<_t1>(stats::wf_nanvar<_st>(a, _bad)); out1 = _bad", "_wf::zero()",
     "_wf", true, true, true, true},
};

const Row& row(Statistic s) {
  for (const Row& r : kRows)
    if (r.kind == s) return r;
  throw ValueError("statistics: no table row for kind " + std::to_string(static_cast<int>(s)));
}

// ddof as a C++ literal that reads back as the same double (shortest round trip).
std::string double_literal(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  std::string s(buf, end);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

ReductionOp build(const Row& r, DType acc, double ddof, bool root) {
  ReductionOp op;
  op.name = std::string(r.name) + (root ? "_std" : "");
  op.map_expr = r.map_expr;
  op.reduce_expr = r.reduce_expr;
  op.post_map_expr = r.post_map_expr;
  op.identity = r.identity;
  op.reduce_type = r.reduce_type;
  std::string pre = device_part("statistics_common");
  if (r.part) pre += device_part(r.part);
  pre += std::string("typedef ") + info(real_dtype(acc)).ctype + " _R;\ntypedef " +
         info(acc).ctype + " _A;\n";
  if (r.moments) {
    // The partial's layout; complex128's (n, mean, M2 in float64 parts) fits the engine's
    // 32-byte slot only without the shift.
    pre += "typedef cunp::stats::" +
           std::string(!is_complex(acc)           ? "welford_real<_R>"
                       : acc != DType::Complex128 ? "welford_complex<_R, true>"
                                                  : "welford_complex<_R, false>") +
           " _wf;\n";
    pre += std::string("struct _st {\n  static constexpr bool skip_nan = ") +
           (r.skip_nan ? "true" : "false") + ", root = " + (root ? "true" : "false") +
           ";\n  static constexpr double ddof = " + double_literal(ddof) + ";\n};\n";
  }
  op.preamble = std::move(pre);
  return op;
}

}  // namespace

const char* statistic_name(Statistic s) { return row(s).name; }

Statistic statistic_from_name(const std::string& name) {
  for (const Row& r : kRows)
    if (name == r.name) return r.kind;
  throw ValueError("statistics: unknown statistic '" + name + "'");
}

bool statistic_flag_output(Statistic s) { return row(s).flag; }

DType statistic_accumulator(DType t) {
  switch (t) {
    case DType::Float16:
    case DType::Float32: return DType::Float32;
    case DType::Complex64: return DType::Complex64;
    case DType::Complex128: return DType::Complex128;
    default: return DType::Float64;
  }
}

DType statistic_result_dtype(Statistic s, DType t) {
  if (row(s).real_result) return is_float(t) ? t : real_dtype(statistic_accumulator(t));
  return is_inexact(t) ? t : DType::Float64;
}

const ReductionOp& statistic_op(Statistic s, DType acc, double ddof, bool root) {
  const Row& r = row(s);
  if (acc != DType::Float32 && acc != DType::Float64 && acc != DType::Complex64 &&
      acc != DType::Complex128)
    throw TypeError(std::string("statistics: cannot accumulate ") + r.name + " in " + name(acc));
  if (!r.moments) ddof = 0.0, root = false;
  if (!std::isfinite(ddof)) throw ValueError("statistics: ddof must be finite");
  if (ddof == 0.0) ddof = 0.0;  // -0.0 is the same op
  // (kind, accumulator, ddof's bits, root)
  static auto& ops = OpCache<std::string, ReductionOp>::create();
  const std::string key = std::to_string(static_cast<int>(s)) + "/" +
                          std::to_string(static_cast<int>(acc)) + "/" +
                          std::to_string(std::bit_cast<uint64_t>(ddof)) + (root ? "/r" : "/");
  return ops.get(key, [&] { return build(r, acc, ddof, root); });
}

std::string statistic_source(Statistic s, DType in, ReduceSignature layout, double ddof,
                             bool root) {
  layout.inputs = {in};
  if (layout.outputs.empty()) {
    layout.outputs = {statistic_result_dtype(s, in)};
    if (row(s).flag) layout.outputs.push_back(DType::Bool);
  }
  return reduction_source(statistic_op(s, statistic_accumulator(in), ddof, root), layout);
}

}  // namespace cunp
