// src/random/samplers.cpp -- the sampler table (one row per distribution: parameters and the
// device expression of one element) and the elementwise kernels generated from it.
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "cunp/jit/compiler.hpp"
#include "cunp/random/random.hpp"
#include "cunp/runtime/error.hpp"
#include "ops/op_cache.hpp"

namespace cunp::random {
namespace {

const char* const kCR = "cunp_random::";

// At most this many Philox blocks per thread of a large block kernel (see block_threads). On an
// H100, 2^28 values: float64 normals 2333 GB/s at 4, 2632 at 16, 2687 at 32; float32 uniforms
// 3188 at 4, 3203 at 16, but 2934 at 32.
constexpr int64_t kMaxBlocksPerThread = 16;

std::string cr(const std::string& f) { return kCR + f; }

std::vector<Sampler> make_samplers() {
  // Sub-stream samplers: `_g` is the element's Rng; parameters by name. Kinds: 'f' float64,
  // 'i' int64 (passed as its 64 bits; integers treats it as unsigned arithmetic).
  std::vector<Sampler> v = {
      {"uniform", {"low", "high"}, "ff", "low + (high - low) * _g.uniform()"},
      {"normal", {"loc", "scale"}, "ff", "loc + scale * _g.normal()"},
      {"standard_normal", {}, "", "_g.normal()"},
      {"random", {}, "", "_g.uniform()"},
      {"standard_exponential", {}, "", "_g.exponential()"},
      {"exponential", {"scale"}, "f", "scale * _g.exponential()"},
      {"standard_gamma", {"shape"}, "f", cr("standard_gamma(_g, shape)")},
      {"gamma", {"shape", "scale"}, "ff", "scale * " + cr("standard_gamma(_g, shape)")},
      {"beta", {"a", "b"}, "ff", cr("beta(_g, a, b)")},
      {"chisquare", {"df"}, "f", cr("chisquare(_g, df)")},
      {"noncentral_chisquare", {"df", "nonc"}, "ff", cr("noncentral_chisquare(_g, df, nonc)")},
      {"f", {"dfnum", "dfden"}, "ff", cr("f_dist(_g, dfnum, dfden)")},
      {"noncentral_f",
       {"dfnum", "dfden", "nonc"},
       "fff",
       cr("noncentral_f(_g, dfnum, dfden, nonc)")},
      {"standard_t", {"df"}, "f", cr("standard_t(_g, df)")},
      {"standard_cauchy", {}, "", cr("standard_cauchy(_g)")},
      {"laplace", {"loc", "scale"}, "ff", cr("laplace(_g, loc, scale)")},
      {"logistic", {"loc", "scale"}, "ff", cr("logistic(_g, loc, scale)")},
      {"gumbel", {"loc", "scale"}, "ff", cr("gumbel(_g, loc, scale)")},
      {"lognormal", {"mean", "sigma"}, "ff", "exp(mean + sigma * _g.normal())"},
      {"pareto", {"a"}, "f", cr("pareto(_g, a)")},
      {"power", {"a"}, "f", cr("power(_g, a)")},
      {"weibull", {"a"}, "f", cr("weibull(_g, a)")},
      {"rayleigh", {"scale"}, "f", cr("rayleigh(_g, scale)")},
      {"triangular", {"left", "mode", "right"}, "fff", cr("triangular(_g, left, mode, right)")},
      {"vonmises", {"mu", "kappa"}, "ff", cr("vonmises(_g, mu, kappa)")},
      {"wald", {"mean", "scale"}, "ff", cr("wald(_g, mean, scale)")},
      {"binomial", {"n", "p"}, "if", cr("binomial(_g, n, p)")},
      {"negative_binomial", {"n", "p"}, "ff", cr("negative_binomial(_g, n, p)")},
      {"poisson", {"lam"}, "f", cr("poisson(_g, lam)")},
      {"geometric", {"p"}, "f", cr("geometric(_g, p)")},
      {"hypergeometric",
       {"ngood", "nbad", "nsample"},
       "iii",
       cr("hypergeometric(_g, ngood, nbad, nsample)")},
      {"logseries", {"p"}, "f", cr("logseries(_g, p)")},
      {"zipf", {"a"}, "f", cr("zipf(_g, a)")},
      {"integers",
       {"low", "range"},
       "ii",
       "(long long)((unsigned long long)low + _g.bounded((unsigned long long)range))"},
  };
  // Block samplers: scalars only; lane `_j` of the block `_w`; K values per block. The normal
  // family computes a block's Box-Muller pairs once (`_z`), shared by its lanes.
  const std::string kNormals4 = "const cunp_random::Normal4 _z = cunp_random::normals_f32(_w);";
  // float64 takes loc and scale into the pair itself (the scale multiplies the radius once).
  const std::string kNormals2 =
      "const cunp_random::Normal2 _z = cunp_random::normals_f64_affine(_w, loc, scale);";
  const std::string kLogNormals2 =
      "const cunp_random::Normal2 _z = cunp_random::normals_f64_affine(_w, mean, sigma);";
  std::vector<Sampler> blocks = {
      {"uniform_f32", {"low", "scale"}, "TT", "low + scale * " + cr("uniform_f32(_w, _j)"), 4},
      {"uniform_f64", {"low", "scale"}, "TT", "low + scale * " + cr("uniform_f64(_w, _j)"), 2},
      {"normal_f32", {"loc", "scale"}, "TT", "loc + scale * _z.v[_j]", 4, kNormals4},
      {"normal_f64", {"loc", "scale"}, "TT", "_z.v[_j]", 2, kNormals2},
      {"lognormal_f32", {"mean", "sigma"}, "TT", "expf(mean + sigma * _z.v[_j])", 4, kNormals4},
      {"lognormal_f64", {"mean", "sigma"}, "TT", cr("exp_f64(_z.v[_j])"), 2, kLogNormals2},
      // [low, low + range] for range < 2^32 - 1 (bigger ranges use "integers").
      {"integers_small",
       {"low", "range"},
       "iu",
       "(long long)((unsigned long long)low + " + cr("bounded_small(_w, _j, range))"),
       2},
      {"bits32", {}, "", cr("lane(_w, _j)"), 4},
  };
  v.insert(v.end(), blocks.begin(), blocks.end());
  return v;
}

ElementwiseOp make_op(const Sampler& s, unsigned mask, bool vector_store) {
  ElementwiseOp op;
  op.name = "random_" + s.name +
            (s.block ? (vector_store ? "_v" : "") : "_m" + std::to_string(mask));
  op.preamble = device_source();
  op.uses_index = true;
  std::vector<std::string> scalars;
  for (std::size_t k = 0; k < s.params.size(); ++k) {
    if (mask >> k & 1u) op.names.push_back(s.params[k]);
    else scalars.push_back(s.params[k]);
  }
  const int nin = static_cast<int>(op.names.size());
  op.names.push_back("out");
  scalars.push_back("_key");
  scalars.push_back("_off");
  op.scalar_names = scalars;
  op.type_aliases.push_back({"_T", false, nin});
  if (!s.block) {
    op.body = "cunp_random::Rng _g(_key, _off + (unsigned long long)i);\n"
              "out = static_cast<_T>(" +
              s.expr + ");";
    return op;
  }
  // The walk over the position's Philox blocks is cunp_random::block_walk
  // (src/device/engines/random_blocks.cuh); the lambda gives the K values of one block.
  op.raw = {true};  // out, whole: the walk addresses its elements
  op.preamble += device_part("random_blocks");
  const std::string K = std::to_string(s.block);
  op.body = "cunp_random::block_walk<" + K + ", " + (vector_store ? "true" : "false") +
            ", _T>(out, i, _ind.size(), _key, _off,\n"
            "    [&](const cunp_random::Words _w, _T* _v) {\n" +
            s.prep + "\n      cunp_random::fill_lanes<" + K +
            ">(_v, [&](const int _j) { return static_cast<_T>(" + s.expr + "); });\n    });";
  return op;
}

// Threads for a block kernel over `blocks` Philox blocks: one block each up to 2^20 blocks (the
// whole GPU busy for small arrays), then `per` each in warp-sized runs (cunp_random::block_walk),
// `per` the largest power of two up to kMaxBlocksPerThread that leaves at least 2^20 threads. The
// kernel finds `per` again as the smallest power of two with per * threads >= blocks (the same
// one: threads exceeds blocks / per by under 32).
int64_t block_threads(int64_t blocks) {
  constexpr int64_t kMinThreads = int64_t{1} << 20;
  if (blocks <= kMinThreads) return blocks;
  int64_t per = 2;
  while (per < kMaxBlocksPerThread && blocks / (2 * per) >= kMinThreads) per *= 2;
  return (blocks + 32 * per - 1) / (32 * per) * 32;
}

Scalar param_scalar(const Scalar& v, char kind, DType out) {
  switch (kind) {
    case 'f': return v.cast(DType::Float64);
    case 'i':
      return v.dtype == DType::UInt64 ? Scalar::from_uint(v.as_uint(), DType::Int64)
                                      : v.cast(DType::Int64);
    case 'u':
      return v.dtype == DType::UInt64
                 ? v
                 : Scalar::from_uint(static_cast<uint64_t>(v.as_int()), DType::UInt64);
    default: return v.cast(out);  // 'T'
  }
}

DType param_dtype(char kind, DType out) {
  switch (kind) {
    case 'f': return DType::Float64;
    case 'i': return DType::Int64;
    case 'u': return DType::UInt64;
    default: return out;
  }
}

}  // namespace

const std::vector<Sampler>& samplers() {
  static const std::vector<Sampler> table = make_samplers();
  return table;
}

const Sampler& sampler(const std::string& name) {
  for (const Sampler& s : samplers())
    if (s.name == name) return s;
  throw ValueError("random: unknown sampler '" + name + "'");
}

const ElementwiseOp& sampler_op(const std::string& name, unsigned array_mask, bool vector_store) {
  static auto& ops = OpCache<std::string, ElementwiseOp>::create();
  const Sampler& s = sampler(name);
  if (s.block) array_mask = 0;
  else vector_store = false;
  const std::string key = name + "/" + std::to_string(array_mask) + (vector_store ? "v" : "");
  return ops.get(key, [&] { return make_op(s, array_mask, vector_store); });
}

uint64_t counters_used(const std::string& name, int64_t n) {
  const Sampler& s = sampler(name);
  if (n <= 0) return 0;
  return s.block ? static_cast<uint64_t>((n + s.block - 1) / s.block) : static_cast<uint64_t>(n);
}

void sample(const std::string& name, const NDArray& out, const std::vector<Param>& params,
            uint64_t key, uint64_t offset) {
  const Sampler& s = sampler(name);
  if (params.size() != s.params.size())
    throw ValueError("random: sampler '" + name + "' takes " + std::to_string(s.params.size()) +
                     " parameters, got " + std::to_string(params.size()));
  if (out.size() == 0) return;
  const DType odt = out.dtype();
  unsigned mask = 0;
  std::vector<NDArray> inputs;
  std::vector<Scalar> scalars;
  for (std::size_t k = 0; k < params.size(); ++k) {
    const char kind = s.kinds[k];
    if (params[k].is_array) {
      if (s.block) throw ValueError("random: sampler '" + name + "' takes scalar parameters only");
      mask |= 1u << k;
      const NDArray& a = params[k].array;
      if (a.dtype() != param_dtype(kind, odt))
        throw TypeError("random: parameter '" + s.params[k] + "' must be a " +
                        std::string(info(param_dtype(kind, odt)).name) + " array");
      inputs.push_back(a);
    } else {
      scalars.push_back(param_scalar(params[k].scalar, kind, odt));
    }
  }
  scalars.push_back(Scalar::from_uint(key, DType::UInt64));
  scalars.push_back(Scalar::from_uint(offset, DType::UInt64));
  if (!s.block) {
    elementwise(sampler_op(name, mask, false), inputs, {out}, scalars);
    return;
  }
  const bool vector_store = out.c_contiguous() && out.itemsize() * s.block == 16 &&
                            out.data() % 16 == 0;
  const int64_t blocks = (out.size() + s.block - 1) / s.block;
  elementwise(sampler_op(name, 0, vector_store), {}, {out}, scalars, Dims{block_threads(blocks)});
}

}  // namespace cunp::random
