// src/random/special.cpp -- the random kernels that are not one value per element: permutations
// (a keyed bijection, no sort), sampling from a cdf, gathers, and the row samplers (Dirichlet,
// multinomial, multivariate normal) where one thread fills one row from its own sub-stream.
#include <map>

#include "cunp/random/random.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::random {
namespace {

struct SpecialSpec {
  const char* name;
  std::vector<std::string> names;  // operands, inputs then outputs
  std::vector<bool> raw;
  std::vector<std::string> scalar_names;
  const char* loop_prep;
  const char* body;
};

const char* const kPermPrep =
    "const cunp_random::Feistel _f = cunp_random::feistel_setup(_key, _off, (unsigned long long)_len);";

// Row samplers: loop position i is a row of k values; `_g` its sub-stream.
const std::vector<SpecialSpec>& specs() {
  static const std::vector<SpecialSpec> table = {
      {"permutation_indices",
       {"out"},
       {false},
       {"_key", "_off", "_len"},
       kPermPrep,
       "out = (long long)cunp_random::permute_index(_f, (unsigned long long)i);"},
      {"permute_rows",
       {"src", "dst"},
       {true, false},
       {"_key", "_off", "_len", "_rowlen"},
       kPermPrep,
       "const long long _r = i / _rowlen, _c = i - _r * _rowlen;\n"
       "dst = src[(long long)cunp_random::permute_index(_f, (unsigned long long)_r) * _rowlen + _c];"},
      {"permute_last_axis",
       {"src", "dst"},
       {true, false},
       {"_key", "_off", "_len"},
       kPermPrep,
       "const long long _s = i / _len, _c = i - _s * _len;\n"
       "const cunp_random::Feistel _fs = cunp_random::feistel_tweak(_f, (unsigned long long)_s);\n"
       "dst = src[_s * _len + (long long)cunp_random::permute_index(_fs, (unsigned long long)_c)];"},
      {"choice_cdf",
       {"cdf", "out"},
       {true, false},
       {"_key", "_off"},
       "",
       "cunp_random::Rng _g(_key, _off + (unsigned long long)i);\n"
       "const double _u = _g.uniform();\n"
       "long long _lo = 0, _hi = cdf.size() - 1;\n"
       "while (_lo < _hi) {\n"
       "  const long long _m = (_lo + _hi) / 2;\n"
       "  if (cdf[_m] > _u) _hi = _m; else _lo = _m + 1;\n"
       "}\n"
       "out = _lo;"},
      {"take_1d", {"a", "idx", "out"}, {true, false, false}, {}, "", "out = a[idx];"},
      {"dirichlet",
       {"alpha", "out"},
       {true, true},
       {"_key", "_off", "_k"},
       "",
       // Gamma variates normalized; with every alpha below 0.1 they underflow to 0 too often, so
       // then stick-breaking with beta variates (as NumPy's Generator does).
       "cunp_random::Rng _g(_key, _off + (unsigned long long)i);\n"
       "const long long _row = i * _k;\n"
       "double _amax = 0.0, _asum = 0.0;\n"
       "for (long long _j = 0; _j < _k; ++_j) {\n"
       "  _asum += alpha[_j];\n"
       "  if (alpha[_j] > _amax) _amax = alpha[_j];\n"
       "}\n"
       "if (_amax < 0.1) {\n"
       "  double _left = 1.0, _rest = _asum;\n"
       "  for (long long _j = 0; _j + 1 < _k; ++_j) {\n"
       "    _rest -= alpha[_j];\n"
       "    const double _v = _rest > 0.0 ? cunp_random::beta(_g, alpha[_j], _rest) : 1.0;\n"
       "    out[_row + _j] = _left * _v;\n"
       "    _left *= 1.0 - _v;\n"
       "  }\n"
       "  out[_row + _k - 1] = _left;\n"
       "} else {\n"
       "  double _sum = 0.0;\n"
       "  for (long long _j = 0; _j < _k; ++_j) {\n"
       "    const double _v = cunp_random::standard_gamma(_g, alpha[_j]);\n"
       "    out[_row + _j] = _v;\n"
       "    _sum += _v;\n"
       "  }\n"
       "  for (long long _j = 0; _j < _k; ++_j) out[_row + _j] = out[_row + _j] / _sum;\n"
       "}"},
      {"multinomial",
       {"pvals", "out"},
       {true, true},
       {"_key", "_off", "_trials", "_k"},
       "",
       // Conditional binomials: category j gets Bin(remaining, p_j / remaining mass).
       "cunp_random::Rng _g(_key, _off + (unsigned long long)i);\n"
       "const long long _row = i * _k;\n"
       "long long _left = _trials;\n"
       "double _mass = 1.0;\n"
       "for (long long _j = 0; _j + 1 < _k; ++_j) {\n"
       "  long long _x = 0;\n"
       "  if (_left > 0 && _mass > 0.0) {\n"
       "    double _q = pvals[_j] / _mass;\n"
       "    _q = _q < 0.0 ? 0.0 : (_q > 1.0 ? 1.0 : _q);\n"
       "    _x = cunp_random::binomial(_g, _left, _q);\n"
       "  }\n"
       "  out[_row + _j] = _x;\n"
       "  _left -= _x;\n"
       "  _mass -= pvals[_j];\n"
       "}\n"
       "out[_row + _k - 1] = _left;"},
      {"multivariate_normal",
       {"mean", "factor", "out"},
       {true, true, true},
       {"_key", "_off", "_k"},
       "",
       // out_row = mean + factor @ z, accumulated one z at a time (no per-thread array of k).
       "cunp_random::Rng _g(_key, _off + (unsigned long long)i);\n"
       "const long long _row = i * _k;\n"
       "for (long long _j = 0; _j < _k; ++_j) out[_row + _j] = mean[_j];\n"
       "for (long long _l = 0; _l < _k; ++_l) {\n"
       "  const double _z = _g.normal();\n"
       "  for (long long _j = 0; _j < _k; ++_j) out[_row + _j] = out[_row + _j] + factor[_j * _k + _l] * _z;\n"
       "}"},
  };
  return table;
}

ElementwiseOp make_special(const SpecialSpec& s) {
  ElementwiseOp op;
  op.name = std::string("random_") + s.name;
  op.preamble = device_source();
  op.uses_index = true;
  op.names = s.names;
  op.raw = s.raw;
  op.scalar_names = s.scalar_names;
  op.loop_prep = s.loop_prep;
  op.body = s.body;
  return op;
}

Scalar u64s(uint64_t v) { return Scalar::from_uint(v, DType::UInt64); }
Scalar i64s(int64_t v) { return Scalar::from_int(v, DType::Int64); }

void require(bool ok, const std::string& what) {
  if (!ok) throw ValueError("random: " + what);
}

}  // namespace

const ElementwiseOp& special_op(const std::string& name) {
  static const std::map<std::string, ElementwiseOp> ops = [] {
    std::map<std::string, ElementwiseOp> m;
    for (const SpecialSpec& s : specs()) m.emplace(s.name, make_special(s));
    return m;
  }();
  auto it = ops.find(name);
  if (it == ops.end()) throw ValueError("random: unknown kernel '" + name + "'");
  return it->second;
}

std::vector<std::string> special_op_names() {
  std::vector<std::string> v;
  for (const SpecialSpec& s : specs()) v.push_back(s.name);
  return v;
}

void permutation_indices(const NDArray& out, int64_t n, uint64_t key, uint64_t offset) {
  require(out.dtype() == DType::Int64, "permutation indices must be int64");
  require(out.size() <= n, "more permutation indices than elements");
  if (out.size() == 0) return;
  elementwise(special_op("permutation_indices"), {}, {out}, {u64s(key), u64s(offset), i64s(n)});
}

void permute_rows(const NDArray& dst, const NDArray& src, uint64_t key, uint64_t offset) {
  require(dst.shape() == src.shape() && dst.dtype() == src.dtype() && dst.ndim() >= 1,
          "permute_rows needs arrays of one shape and dtype");
  if (dst.size() == 0) return;
  const int64_t rows = dst.shape()[0], rowlen = dst.size() / rows;
  elementwise(special_op("permute_rows"), {src}, {dst},
              {u64s(key), u64s(offset), i64s(rows), i64s(rowlen)});
}

void permute_last_axis(const NDArray& dst, const NDArray& src, uint64_t key, uint64_t offset) {
  require(dst.shape() == src.shape() && dst.dtype() == src.dtype() && dst.ndim() >= 1,
          "permute_last_axis needs arrays of one shape and dtype");
  if (dst.size() == 0) return;
  const int64_t m = dst.shape()[dst.ndim() - 1];
  elementwise(special_op("permute_last_axis"), {src}, {dst}, {u64s(key), u64s(offset), i64s(m)});
}

void choice_cdf(const NDArray& out, const NDArray& cdf, uint64_t key, uint64_t offset) {
  require(out.dtype() == DType::Int64 && cdf.dtype() == DType::Float64 && cdf.ndim() == 1 &&
              cdf.size() > 0,
          "choice_cdf needs an int64 output and a non-empty 1-D float64 cdf");
  if (out.size() == 0) return;
  elementwise(special_op("choice_cdf"), {cdf}, {out}, {u64s(key), u64s(offset)});
}

void take_1d(const NDArray& out, const NDArray& a, const NDArray& idx) {
  require(a.ndim() == 1 && idx.dtype() == DType::Int64 && out.dtype() == a.dtype(),
          "take_1d needs a 1-D array, int64 indices and an output of the array's dtype");
  if (out.size() == 0) return;
  elementwise(special_op("take_1d"), {a, idx}, {out});
}

namespace {
// (rows, k) output, C-contiguous, and a 1-D parameter of k float64 values.
int64_t rows_of(const NDArray& out, const NDArray& param, DType dtype, const char* what) {
  require(out.ndim() == 2 && out.c_contiguous() && out.dtype() == dtype,
          std::string(what) + " needs a C-contiguous 2-D output of " + name(dtype));
  require(param.dtype() == DType::Float64 && param.ndim() == 1 && param.size() == out.shape()[1],
          std::string(what) + " needs a 1-D float64 parameter of the output's row length");
  return out.shape()[0];
}
}  // namespace

void dirichlet(const NDArray& out, const NDArray& alpha, uint64_t key, uint64_t offset) {
  const int64_t rows = rows_of(out, alpha, DType::Float64, "dirichlet");
  if (out.size() == 0) return;
  elementwise(special_op("dirichlet"), {alpha}, {out},
              {u64s(key), u64s(offset), i64s(out.shape()[1])}, Dims{rows});
}

void multinomial(const NDArray& out, int64_t n, const NDArray& pvals, uint64_t key,
                 uint64_t offset) {
  const int64_t rows = rows_of(out, pvals, DType::Int64, "multinomial");
  if (out.size() == 0) return;
  elementwise(special_op("multinomial"), {pvals}, {out},
              {u64s(key), u64s(offset), i64s(n), i64s(out.shape()[1])}, Dims{rows});
}

void multivariate_normal(const NDArray& out, const NDArray& mean, const NDArray& factor,
                         uint64_t key, uint64_t offset) {
  const int64_t rows = rows_of(out, mean, DType::Float64, "multivariate_normal");
  const int64_t k = out.shape()[1];
  require(factor.dtype() == DType::Float64 && factor.ndim() == 2 && factor.c_contiguous() &&
              factor.shape()[0] == k && factor.shape()[1] == k,
          "multivariate_normal needs a C-contiguous (k, k) float64 factor");
  if (out.size() == 0) return;
  elementwise(special_op("multivariate_normal"), {mean, factor}, {out},
              {u64s(key), u64s(offset), i64s(k)}, Dims{rows});
}

}  // namespace cunp::random
