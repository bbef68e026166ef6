// tests/cpp/random/test_random_codegen.cpp -- every random kernel's generated source compiles with NVRTC
// (no GPU needed): each sampler with scalar and array parameters, each output dtype it is used
// with, block samplers' vector-store variants, and the special kernels; the random library's
// parts (src/device/random) are embedded and free of includes.
#include <gtest/gtest.h>

#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/random/random.hpp"
#include "cunp/runtime/error.hpp"

using namespace cunp;
using cunp::random::Sampler;

namespace {

bool compiles(const ElementwiseOp& op, const KernelSignature& sig) {
  std::string src = elementwise_source(op, sig);
  try {
    CompileResult r = compile(src, op.name, 90, op.options);
    EXPECT_FALSE(r.image.empty());
    return true;
  } catch (const std::exception& e) {
    ADD_FAILURE() << op.name << ": " << e.what() << "\n"
                  << src.substr(src.size() > 3000 ? src.size() - 3000 : 0);
    return false;
  }
}

DType kind_dtype(char k, DType out) {
  switch (k) {
    case 'f': return DType::Float64;
    case 'i': return DType::Int64;
    case 'u': return DType::UInt64;
    default: return out;
  }
}

// The output dtypes cunp.random uses each sampler with: float distributions take dtype= float64
// or float32, integers any integer dtype or bool, the other discrete distributions give int64,
// the block samplers are one per dtype, raw bits are uint32.
std::vector<DType> out_dtypes(const Sampler& s) {
  static const std::set<std::string> discrete = {"binomial",  "negative_binomial", "poisson",
                                                 "geometric", "hypergeometric",    "logseries",
                                                 "zipf"};
  if (s.name == "bits32") return {DType::UInt32};
  if (s.name.size() > 4 && s.name.compare(s.name.size() - 4, 4, "_f32") == 0)
    return {DType::Float32};
  if (s.name.size() > 4 && s.name.compare(s.name.size() - 4, 4, "_f64") == 0)
    return {DType::Float64};
  if (discrete.count(s.name)) return {DType::Int64};
  if (s.name == "integers" || s.name == "integers_small")
    return {DType::Int64,  DType::Int32,  DType::Int16, DType::Int8, DType::UInt64,
            DType::UInt32, DType::UInt16, DType::UInt8, DType::Bool};
  return {DType::Float64, DType::Float32};
}

TEST(RandomCodegen, DeviceSourceIsOneString) {
  // The random library's parts, concatenated: their includes of one another are gone.
  const std::string& s = random::device_source();
  EXPECT_NE(s.find("philox4x32_10"), std::string::npos);
  EXPECT_NE(s.find("permute_index"), std::string::npos);
  EXPECT_NE(s.find("multivariate_normal_row"), std::string::npos);
  EXPECT_EQ(s.find("#include"), std::string::npos);
}

// The kernel source of a sampler for one output dtype and layout.
KernelSignature sampler_signature(const Sampler& s, unsigned mask, DType out, bool vec,
                                  int strided) {
  KernelSignature sig;
  for (unsigned k = 0; k < s.params.size(); ++k) {
    if (mask >> k & 1u) sig.inputs.push_back(kind_dtype(s.kinds[k], out));
    else sig.scalars.push_back(kind_dtype(s.kinds[k], out));
  }
  sig.outputs = {out};
  sig.scalars.push_back(DType::UInt64);
  sig.scalars.push_back(DType::UInt64);
  if (s.block) {
    sig.raw_ndim = {1};
    sig.raw_contiguous = {vec};
  }
  sig.strided_ndim = strided;
  return sig;
}

// Every sampler for every output dtype it is used with (one test each, so that ctest spreads
// them over the cores: the slowest samplers take several seconds per dtype): the sub-stream
// samplers with all parameters scalars and all arrays, the block samplers with scalar stores
// and, where a whole block is one 16-byte vector, vector stores. NVRTC takes about half a second
// per kernel; layouts other than contiguous differ only in how operands are declared and are
// compiled for a few samplers in SamplerVariantsCompile.
struct SamplerDtype {
  std::string sampler;
  DType out;
};
void PrintTo(const SamplerDtype& p, std::ostream* os) {
  *os << p.sampler << " -> " << info(p.out).name;
}

class EverySampler : public ::testing::TestWithParam<SamplerDtype> {};

TEST_P(EverySampler, CompilesForEveryDtype) {
  const Sampler& s = random::sampler(GetParam().sampler);
  const DType out = GetParam().out;
  const std::string what = s.name + " -> " + info(out).name;
  if (s.block) {
    for (bool vec : {false, true}) {
      if (vec && info(out).itemsize * s.block != 16) continue;
      EXPECT_TRUE(
          compiles(random::sampler_op(s.name, 0u, vec), sampler_signature(s, 0u, out, vec, 0)))
          << what << (vec ? " (vector stores)" : "");
    }
    return;
  }
  const unsigned all = (1u << s.params.size()) - 1;
  for (unsigned mask : {0u, all}) {
    EXPECT_TRUE(compiles(random::sampler_op(s.name, mask, false),
                         sampler_signature(s, mask, out, false, 0)))
        << what << " (array mask " << mask << ")";
    if (!all) break;  // no parameters: one kernel
  }
}

std::vector<SamplerDtype> sampler_dtypes() {
  std::vector<SamplerDtype> v;
  for (const Sampler& s : random::samplers())
    for (DType out : out_dtypes(s)) v.push_back({s.name, out});
  return v;
}

INSTANTIATE_TEST_SUITE_P(RandomCodegen, EverySampler, ::testing::ValuesIn(sampler_dtypes()),
                         [](const ::testing::TestParamInfo<SamplerDtype>& p) {
                           return p.param.sampler + "_" + cunp::info(p.param.out).name;
                         });

TEST(RandomCodegen, SamplerVariantsCompile) {
  struct Variant {
    const char* name;
    unsigned mask;
    DType out;
    bool vec;
    int strided;
  };
  const std::vector<Variant> variants = {
      {"uniform", 0u, DType::Float32, false, 0},  // scalar parameters, float32 output
      {"normal", 1u, DType::Float64, false, 2},   // one array parameter, strided layout
      {"binomial", 2u, DType::UInt8, false, 0},   // narrow integer output
      {"integers", 3u, DType::UInt64, false, 3},
      {"uniform_f32", 0u, DType::Float32, false, 0},  // block sampler, scalar stores only
      {"integers_small", 0u, DType::Bool, false, 0},
  };
  for (const Variant& v : variants) {
    const Sampler& s = random::sampler(v.name);
    EXPECT_TRUE(compiles(random::sampler_op(v.name, v.mask, v.vec),
                         sampler_signature(s, v.mask, v.out, v.vec, v.strided)))
        << v.name;
  }
}

TEST(RandomCodegen, SpecialKernelsCompile) {
  const auto u64 = DType::UInt64, i64 = DType::Int64, f64 = DType::Float64;
  struct Case {
    const char* name;
    std::vector<DType> in, out, scalars;
    std::vector<int> raw_ndim;
  };
  const std::vector<Case> cases = {
      {"permutation_indices", {}, {i64}, {u64, u64, i64}, {}},
      {"permute_rows", {f64}, {f64}, {u64, u64, i64, i64}, {2, 2}},
      {"permute_last_axis", {DType::Int8}, {DType::Int8}, {u64, u64, i64}, {3, 3}},
      {"choice_cdf", {f64}, {i64}, {u64, u64}, {1, 1}},
      {"take_1d", {DType::Float32, i64}, {DType::Float32}, {}, {1, 1, 1}},
      {"dirichlet", {f64}, {f64}, {u64, u64, i64}, {1, 2}},
      {"multinomial", {f64}, {i64}, {u64, u64, i64, i64}, {1, 2}},
      {"multivariate_normal", {f64, f64}, {f64}, {u64, u64, i64}, {1, 2, 2}},
  };
  std::set<std::string> covered;
  for (const Case& c : cases) {
    KernelSignature sig;
    sig.inputs = c.in;
    sig.outputs = c.out;
    sig.scalars = c.scalars;
    sig.raw_ndim = c.raw_ndim;
    EXPECT_TRUE(compiles(random::special_op(c.name), sig)) << c.name;
    if (c.raw_ndim.size() == 2 && c.out.size() == 1 && std::string(c.name).find("permute") == 0) {
      sig.raw_contiguous.assign(c.raw_ndim.size(), false);  // views: strided raw and loop operands
      sig.strided_ndim = 2;
      EXPECT_TRUE(compiles(random::special_op(c.name), sig)) << c.name << " strided";
    }
    covered.insert(c.name);
  }
  for (const std::string& n : random::special_op_names()) EXPECT_TRUE(covered.count(n)) << n;
}

TEST(RandomCodegen, BadNames) {
  EXPECT_THROW(random::sampler("no_such"), ValueError);
  EXPECT_THROW(random::special_op("no_such"), ValueError);
  EXPECT_EQ(random::counters_used("uniform_f32", 9), 3u);
  EXPECT_EQ(random::counters_used("gamma", 9), 9u);
  EXPECT_EQ(random::counters_used("gamma", 0), 0u);
}

}  // namespace
