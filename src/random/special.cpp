// src/random/special.cpp -- the random kernels that are not one value per element: permutations
// (a keyed bijection, no sort), sampling from a cdf, gathers, and the row samplers (Dirichlet,
// multinomial, multivariate normal) where one thread fills one row from its own sub-stream.
#include <map>

#include "cunp/random/random.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

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

// Each kernel is one call into the random library (src/device/random): feistel_permutation.cuh
// for the permutations, row_samplers.cuh for the rest. Row samplers: loop position i is a row of
// k values, drawn from sub-stream i.
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
       "dst = src[cunp_random::permuted_row_source(_f, i, _rowlen)];"},
      {"permute_last_axis",
       {"src", "dst"},
       {true, false},
       {"_key", "_off", "_len"},
       kPermPrep,
       "dst = src[cunp_random::permuted_slice_source(_f, i, _len)];"},
      {"choice_cdf",
       {"cdf", "out"},
       {true, false},
       {"_key", "_off"},
       "",
       "out = cunp_random::choice_cdf(cdf, _key, _off + (unsigned long long)i);"},
      {"take_1d", {"a", "idx", "out"}, {true, false, false}, {}, "", "out = a[idx];"},
      {"dirichlet",
       {"alpha", "out"},
       {true, true},
       {"_key", "_off", "_k"},
       "",
       "cunp_random::dirichlet_row(alpha, out, _key, _off + (unsigned long long)i, i, _k);"},
      {"multinomial",
       {"pvals", "out"},
       {true, true},
       {"_key", "_off", "_trials", "_k"},
       "",
       "cunp_random::multinomial_row(pvals, out, _key, _off + (unsigned long long)i, i, _trials, "
       "_k);"},
      {"multivariate_normal",
       {"mean", "factor", "out"},
       {true, true, true},
       {"_key", "_off", "_k"},
       "",
       "cunp_random::multivariate_normal_row(mean, factor, out, _key, _off + (unsigned long long)i, "
       "i, _k);"},
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
  static auto& ops = OpCache<std::string, ElementwiseOp>::create();
  return ops.get(name, [&] {
    for (const SpecialSpec& s : specs())
      if (s.name == name) return make_special(s);
    throw ValueError("random: unknown kernel '" + name + "'");
  });
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
