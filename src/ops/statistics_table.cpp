// src/ops/statistics_table.cpp -- the statistics table: one row per statistic (map, fold,
// post-map, identity, fold type, device prelude) and the engine ops built from the rows.
#include <bit>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <mutex>
#include <tuple>

#include "cunp/ops/statistics.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Device helpers every statistic shares: NaN tests, the quotient by a count (a complex value
// by the complex count, as NumPy divides), NaN of a type, and a fast reciprocal of a count.
// _R (the accumulator's real type) and _A (the accumulator) are typedef'd before this.
const char* const kCommon = R"(
__device__ __forceinline__ bool _st_isnan(_R v) { return v != v; }
__device__ __forceinline__ bool _st_isnan(complex<_R> v) { return v.re != v.re || v.im != v.im; }
__device__ __forceinline__ _R _st_div(_R a, double n) { return a / static_cast<_R>(n); }
__device__ __forceinline__ complex<_R> _st_div(complex<_R> a, double n) {
  return np_true_divide(a, complex<_R>(static_cast<_R>(n), _R(0)));  // NumPy's: inf / n is inf+nanj
}
__device__ __forceinline__ float _st_nan(float) { return __int_as_float(0x7fc00000); }
__device__ __forceinline__ double _st_nan(double) { return __longlong_as_double(0x7ff8000000000000LL); }
// 1 / n for a count n >= 1 (the merges never take an empty side): the hardware approximation
// (float32: within 1 ulp) or, for float64, the approximation and one cubic step (below 2^-60),
// not a correctly rounded division: the fold takes one per element.
__device__ __forceinline__ float _st_rcp(float n) {
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(n));
  return r;
}
__device__ __forceinline__ double _st_rcp(double n) {
  double r;
  asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(n));
  double e = fma(-n, r, 1.0);
  e = fma(e, e, e);
  return fma(r, e, r);
}
)";

// The (n, mean, M2) fold of var and nanvar, shifted: a partial holds its mean as k + m, where k
// is the first value it saw, so that m stays of the order of the spread (a float32 mean of
// 1e4 + noise would keep only 1e-3 of it: its rounding, not the data, would set M2). Merging
// adds b's partial to a's with Chan's formula, keeping a's shift; the weight b.n / n is one
// reciprocal per merge, and for a single element (b = (1, x, 0, 0), the map inlined) it is
// Welford's update. Empty partials (n = 0) merge to the other side unchanged.
// Complex values: the mean is complex, M2 sums |x - mean|^2 (real). complex64 keeps a shift
// per part; complex128 (float64 parts, and a partial must fit 32 bytes) does without.
// Then the results: var's M2 / max(n - ddof, 0) over the engine's exact count; nanvar's
// M2 / (n - ddof) over the non-NaN count, NaN where that is <= 0. An infinite (or NaN) mean
// makes NumPy's deviations NaN, so the result is NaN there too.
const char* const kMoments = R"(
#if !_ST_COMPLEX
struct _wf {
  _R n, k, m, q;
};
__device__ __forceinline__ _wf _wf_merge(const _wf a, const _wf b) {
  if (b.n == _R(0)) return a;
  if (a.n == _R(0)) return b;
  const _R n = a.n + b.n, wb = b.n * _st_rcp(n), d = (b.k - a.k) + (b.m - a.m);
  return _wf{n, a.k, a.m + d * wb, a.q + b.q + d * d * a.n * wb};
}
__device__ __forceinline__ _wf _wf_zero() { return _wf{_R(0), _R(0), _R(0), _R(0)}; }
__device__ __forceinline__ bool _wf_finite(const _wf a) {
  const _R mu = a.k + a.m;
  return mu - mu == _R(0);
}
template <class T> __device__ __forceinline__ _wf _wf_map(T x) {
  const _R v = cast<_R>(x);
  if (SKIP_NAN && _st_isnan(v)) return _wf_zero();
  return _wf{_R(1), v, _R(0), _R(0)};
}
#else
#if SHIFTED
struct _wf {
  _R n, kr, ki, mr, mi, q;
};
#define _WF_SHIFT(a, b, dr, di) const _R dr = (b.kr - a.kr) + (b.mr - a.mr), di = (b.ki - a.ki) + (b.mi - a.mi)
#define _WF_MAKE(n, a, mr, mi, q) _wf{n, a.kr, a.ki, mr, mi, q}
#define _WF_ELEM(v) _wf{_R(1), v.re, v.im, _R(0), _R(0), _R(0)}
#define _WF_ZERO _wf{_R(0), _R(0), _R(0), _R(0), _R(0), _R(0)}
#define _WF_MEAN(a, re, im) const _R re = a.kr + a.mr, im = a.ki + a.mi
#else
struct _wf {
  _R n, mr, mi, q;
};
#define _WF_SHIFT(a, b, dr, di) const _R dr = b.mr - a.mr, di = b.mi - a.mi
#define _WF_MAKE(n, a, mr, mi, q) _wf{n, mr, mi, q}
#define _WF_ELEM(v) _wf{_R(1), v.re, v.im, _R(0)}
#define _WF_ZERO _wf{_R(0), _R(0), _R(0), _R(0)}
#define _WF_MEAN(a, re, im) const _R re = a.mr, im = a.mi
#endif
__device__ __forceinline__ _wf _wf_merge(const _wf a, const _wf b) {
  if (b.n == _R(0)) return a;
  if (a.n == _R(0)) return b;
  const _R n = a.n + b.n, wb = b.n * _st_rcp(n);
  _WF_SHIFT(a, b, dr, di);
  return _WF_MAKE(n, a, a.mr + dr * wb, a.mi + di * wb, a.q + b.q + (dr * dr + di * di) * a.n * wb);
}
__device__ __forceinline__ _wf _wf_zero() { return _WF_ZERO; }
__device__ __forceinline__ bool _wf_finite(const _wf a) {
  _WF_MEAN(a, re, im);
  return re - re == _R(0) && im - im == _R(0);
}
template <class T> __device__ __forceinline__ _wf _wf_map(T x) {
  const complex<_R> v = cast<complex<_R>>(x);
  if (SKIP_NAN && _st_isnan(v)) return _wf_zero();
  return _WF_ELEM(v);
}
#endif
__device__ __forceinline__ _R _wf_var(const _wf a, double n) {
  double d = n - (DDOF);
  if (d < 0) d = 0;
  _R v = a.q / static_cast<_R>(d);
  if (!_wf_finite(a)) v = _st_nan(v);
  return ROOT ? sqrt(v) : v;
}
__device__ __forceinline__ _R _wf_nanvar(const _wf a, bool& bad) {
  const double d = static_cast<double>(a.n) - (DDOF);
  bad = !(d > 0);
  if (bad || !_wf_finite(a)) return _st_nan(_R(0));
  const _R v = a.q / static_cast<_R>(d);
  return ROOT ? sqrt(v) : v;
}
)";

// nanmean's fold: the sum of the non-NaN values and their count.
const char* const kNanMean = R"(
struct _nm {
  _A s;
  _R n;
};
template <class T> __device__ __forceinline__ _nm _nm_map(T x) {
  const _A v = cast<_A>(x);
  if (_st_isnan(v)) return _nm{cast<_A>(0), _R(0)};
  return _nm{v, _R(1)};
}
)";

// One statistic. The post-map reads the fold `a` and the engine's count of folded elements
// `_red_n`; out1, where written, is the bool flag the caller warns from.
struct Row {
  Statistic kind;
  const char* name;
  const char* prelude;  // after kCommon
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
    {Statistic::Mean, "mean", "", "cast<_rtype>(in0)", "a + b",
     "out0 = cast<_t1>(_st_div(a, static_cast<double>(_red_n)))", "cast<_rtype>(0)", "_A", false,
     false, false, false},
    {Statistic::NanSum, "nansum", "",
     "_st_isnan(cast<_rtype>(in0)) ? cast<_rtype>(0) : cast<_rtype>(in0)", "a + b",
     "out0 = cast<_t1>(a)", "cast<_rtype>(0)", "_A", false, false, false, false},
    {Statistic::NanMean, "nanmean", kNanMean, "_nm_map(in0)", "_nm{a.s + b.s, a.n + b.n}",
     "out0 = cast<_t1>(_st_div(a.s, static_cast<double>(a.n))); out1 = a.n == _R(0)",
     "_nm{cast<_A>(0), _R(0)}", "_nm", false, false, true, false},
    {Statistic::Var, "var", kMoments, "_wf_map(in0)", "_wf_merge(a, b)",
     "out0 = cast<_t1>(_wf_var(a, static_cast<double>(_red_n)))", "_wf_zero()", "_wf", false, true,
     false, true},
    {Statistic::NanVar, "nanvar", kMoments, "_wf_map(in0)", "_wf_merge(a, b)",
     "bool _bad; out0 = cast<_t1>(_wf_nanvar(a, _bad)); out1 = _bad", "_wf_zero()", "_wf", true,
     true, true, true},
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

std::unique_ptr<ReductionOp> build(const Row& r, DType acc, double ddof, bool root) {
  auto op = std::make_unique<ReductionOp>();
  op->name = std::string(r.name) + (root ? "_std" : "");
  op->map_expr = r.map_expr;
  op->reduce_expr = r.reduce_expr;
  op->post_map_expr = r.post_map_expr;
  op->identity = r.identity;
  op->reduce_type = r.reduce_type;
  op->math = true;  // np_true_divide, sqrt
  std::string pre = std::string("typedef ") + info(real_dtype(acc)).ctype + " _R;\ntypedef " +
                    info(acc).ctype + " _A;\n";
  pre += std::string("#define SKIP_NAN ") + (r.skip_nan ? "true" : "false") + "\n";
  pre += "#define DDOF " + double_literal(ddof) + "\n";
  pre += std::string("#define ROOT ") + (root ? "true" : "false") + "\n";
  // complex128's partial (n, mean, M2 in float64 parts) fits the engine's 32-byte slot only
  // without the shift.
  pre += std::string("#define SHIFTED ") + (acc != DType::Complex128 ? "1" : "0") + "\n";
  pre += std::string("#define _ST_COMPLEX ") + (is_complex(acc) ? "1" : "0") + "\n";
  pre += kCommon;
  pre += r.prelude;
  op->preamble = std::move(pre);
  return op;
}

struct OpCache {
  std::mutex mutex;
  // (kind, accumulator, ddof's bits, root)
  std::map<std::tuple<int, int, uint64_t, bool>, std::unique_ptr<ReductionOp>> ops;
};
OpCache& op_cache() {
  static auto* c = new OpCache;  // never destroyed: ops outlive interpreter teardown
  return *c;
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
  auto key = std::make_tuple(static_cast<int>(s), static_cast<int>(acc),
                             std::bit_cast<uint64_t>(ddof), root);
  OpCache& c = op_cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto& slot = c.ops[key];
  if (!slot) slot = build(r, acc, ddof, root);
  return *slot;
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
