// tests/cpp/scan/test_scan_codegen.cpp -- every scan and reduceat kernel variant compiles with NVRTC
// (no GPU needed), and the loop choice of accumulate/reduceat follows NumPy's rules.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "cunp/cunp.hpp"
#include "cunp/ops/scan/scan.hpp"

using namespace cunp;

namespace {

struct Case {
  ScanSignature sig;
  std::string label;
};

std::string label(const ScanSignature& s) {
  return s.u->name + " loop " + std::to_string(s.loop) + " " + name(s.in) + "->" + name(s.out) +
         " kind " + std::to_string(static_cast<int>(s.kind)) + (s.vec ? " vec" : "") +
         (s.nan_as_identity ? " nan" : "");
}

// Compiles all cases on a few threads; each failure reports its log.
void compile_all(const std::vector<ScanSignature>& cases) {
  std::atomic<std::size_t> next{0};
  std::vector<std::string> failures(cases.size());
  auto work = [&] {
    for (std::size_t i; (i = next++) < cases.size();) {
      std::string src;
      try {
        src = scan_source(cases[i]);
        CompileResult r = compile(src, "cunp_scan", 90);
        if (r.image.empty()) failures[i] = label(cases[i]) + ": empty image";
        if (r.minimal != (nvrtc_version() >= 12040))
          failures[i] = label(cases[i]) + ": not -minimal";
      } catch (const CompileError& e) {
        failures[i] = label(cases[i]) + ": " + e.log;
      } catch (const std::exception& e) {
        failures[i] = label(cases[i]) + ": " + e.what();
      }
    }
  };
  std::vector<std::thread> threads;
  unsigned n = std::max(2u, std::thread::hardware_concurrency());
  for (unsigned t = 0; t < n; ++t) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  for (const auto& f : failures) EXPECT_TRUE(f.empty()) << f.substr(0, 4000);
}

const ScanKind kAllKinds[] = {ScanKind::Lines,       ScanKind::WarpRows,  ScanKind::LookBack,
                              ScanKind::ChunkTotals, ScanKind::ChunkScan, ScanKind::ChunkApply,
                              ScanKind::ReduceAt};

}  // namespace

bool sampled(DType t) {
  // One type per family keeps the test to a few hundred compiles: bool, a small and a wide
  // integer, the three float widths' extremes and a complex.
  for (DType s :
       {DType::Bool, DType::Int8, DType::UInt64, DType::Float16, DType::Float64, DType::Complex128})
    if (t == s) return true;
  return false;
}

// cumsum / cumprod / nancumsum: every loop of add and multiply with the look-back scan
// (vectorized, NaN rule where it applies); every kernel kind for a sample of types; a narrower
// input and a different output dtype.
TEST(ScanCodegen, AddMultiplyEveryLoopAndKind) {
  std::vector<ScanSignature> cases;
  for (const char* fn : {"add", "multiply"}) {
    const Ufunc& u = *find_ufunc(fn);
    for (int l = 0; l < static_cast<int>(u.loops.size()); ++l) {
      DType t = u.loops[l].types[0];
      ScanSignature s;
      s.u = &u;
      s.loop = l;
      s.in = t;
      s.out = t;
      s.kind = ScanKind::LookBack;
      s.vec = true;
      s.nan_as_identity = is_inexact(t);
      cases.push_back(s);
      if (std::string(fn) != "add" || !(sampled(t) || t == DType::Float32)) continue;
      for (ScanKind k : kAllKinds) {
        if (k == ScanKind::LookBack) continue;
        s.kind = k;
        s.vec = k == ScanKind::WarpRows;
        s.nan_as_identity = false;
        cases.push_back(s);
      }
    }
  }
  const Ufunc& add = *find_ufunc("add");
  ScanOptions none;
  ScanSignature s;
  s.u = &add;
  s.loop = scan_loop(add, DType::Int8, none, "accumulate");
  s.in = DType::Int8;
  s.out = DType::Int64;
  for (ScanKind k : {ScanKind::WarpRows, ScanKind::LookBack}) {
    s.kind = k;
    s.vec = true;
    cases.push_back(s);
  }
  s.loop = scan_loop(add, DType::Float16, none, "accumulate");
  s.in = DType::Float16;
  s.out = DType::Float32;
  s.kind = ScanKind::LookBack;
  cases.push_back(s);
  compile_all(cases);
}

// The binary single-output ufuncs other than add and multiply (AddMultiplyEveryLoopAndKind).
std::vector<std::string> scan_ufunc_names() {
  std::vector<std::string> v;
  for (const Ufunc& u : ufunc_table())
    if (u.nin == 2 && u.nout == 1 && u.name != "add" && u.name != "multiply") v.push_back(u.name);
  return v;
}

// ufunc.accumulate / reduceat of every binary single-output ufunc: the sequential kernel for
// a sample of its homogeneous loops, reduceat and the parallel kernels for one loop each. One
// test per ufunc, so that ctest spreads the few hundred compiles over the cores.
class EveryBinaryUfunc : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryBinaryUfunc, ScanKernelsCompile) {
  const Ufunc& u = *find_ufunc(GetParam());
  std::vector<ScanSignature> cases;
  bool first = true;
  for (int l = 0; l < static_cast<int>(u.loops.size()); ++l) {
    const UfuncLoop& loop = u.loops[l];
    bool usable = u.resolver == Resolver::Logical
                      ? l == 0
                      : loop.types[0] == loop.types[1] && loop.types[1] == loop.types[2];
    if (!usable || !(first || sampled(loop.types[0]))) continue;
    ScanSignature s;
    s.u = &u;
    s.loop = l;
    s.in = loop.types[0];
    s.out = loop.types[2];
    s.kind = ScanKind::Lines;
    cases.push_back(s);
    if (first) {
      s.kind = ScanKind::ReduceAt;
      cases.push_back(s);
      if (scan_associative(u)) {
        s.kind = ScanKind::LookBack;
        s.vec = true;
        cases.push_back(s);
        s.kind = ScanKind::ChunkApply;
        s.vec = false;
        cases.push_back(s);
      }
    }
    first = false;
  }
  compile_all(cases);
}

INSTANTIATE_TEST_SUITE_P(ScanCodegen, EveryBinaryUfunc, ::testing::ValuesIn(scan_ufunc_names()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(ScanCodegen, NanRuleOnlyForInexactLoops) {
  const Ufunc& add = *find_ufunc("add");
  ScanSignature s;
  s.u = &add;
  s.nan_as_identity = true;
  s.loop = scan_loop(add, DType::Float32, {}, "accumulate");
  s.in = s.out = DType::Float32;
  // The pre-map's last argument: the identity a NaN counts as, or -1 for none.
  EXPECT_NE(scan_source(s).find("cast_pre<in_t, loop_t, acc_t, 0>"), std::string::npos);
  s.loop = scan_loop(add, DType::Int64, {}, "accumulate");
  s.in = s.out = DType::Int64;
  EXPECT_NE(scan_source(s).find("cast_pre<in_t, loop_t, acc_t, -1>"), std::string::npos);
}

TEST(ScanLoop, NumPyDtypeRules) {
  const Ufunc& add = *find_ufunc("add");
  const Ufunc& mul = *find_ufunc("multiply");
  auto out_type = [](const Ufunc& u, DType in, ScanOptions o = {}) {
    return u.loops[scan_loop(u, in, o, "accumulate")].types[2];
  };
  EXPECT_EQ(out_type(add, DType::Int8), DType::Int64);
  EXPECT_EQ(out_type(add, DType::Bool), DType::Int64);
  EXPECT_EQ(out_type(mul, DType::UInt16), DType::UInt64);
  EXPECT_EQ(out_type(add, DType::Float16), DType::Float16);
  EXPECT_EQ(out_type(add, DType::Float32), DType::Float32);
  EXPECT_EQ(out_type(*find_ufunc("maximum"), DType::Int8), DType::Int8);
  EXPECT_EQ(out_type(*find_ufunc("logical_and"), DType::Int64), DType::Bool);
  ScanOptions keep;
  keep.upcast_small_ints = false;
  EXPECT_EQ(out_type(add, DType::Int8, keep), DType::Int8);
  ScanOptions dt;
  dt.dtype = DType::Int8;
  EXPECT_EQ(out_type(add, DType::Int32, dt), DType::Int8);
  dt.dtype = DType::Int64;
  EXPECT_EQ(out_type(add, DType::Float64, dt), DType::Int64);
}

TEST(ScanLoop, BadUfuncs) {
  EXPECT_THROW(scan_loop(*find_ufunc("sin"), DType::Float64, {}, "accumulate"), ValueError);
  EXPECT_THROW(scan_loop(*find_ufunc("divmod"), DType::Float64, {}, "accumulate"), ValueError);
  EXPECT_THROW(scan_loop(*find_ufunc("less"), DType::Float64, {}, "accumulate"), TypeError);
  EXPECT_NO_THROW(scan_loop(*find_ufunc("less"), DType::Bool, {}, "accumulate"));
  EXPECT_THROW(scan_loop(*find_ufunc("subtract"), DType::Bool, {}, "accumulate"), TypeError);
  try {
    scan_loop(*find_ufunc("sin"), DType::Float64, {}, "reduceat");
    FAIL();
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "reduceat only supported for binary functions");
  }
}

// The row kernels with every way the look-back keeps its tile status (one 8-byte word for
// values up to 4 bytes, one 16-byte word for 8-byte values, flags apart from wider ones),
// vectorized or not, with narrower and wider outputs than inputs.
TEST(ScanCodegen, RowKernelsAndPackings) {
  std::vector<ScanSignature> cases;
  auto add_case = [&](const Ufunc& u, DType t, ScanKind k, bool vec) {
    ScanSignature s;
    s.u = &u;
    ScanOptions keep;
    keep.upcast_small_ints = false;
    s.loop = scan_loop(u, t, keep, "accumulate");
    s.in = s.out = u.loops[s.loop].types[2];
    s.kind = k;
    s.vec = vec;
    cases.push_back(s);
  };
  // Every combination for one value width of each packing.
  for (DType t : {DType::Float32, DType::Float64, DType::Complex128})
    for (ScanKind k : {ScanKind::LookBack, ScanKind::WarpRows})
      for (bool vec : {false, true}) add_case(*find_ufunc("add"), t, k, vec);
  // 1- and 2-byte values in the packed word, and ops other than add.
  for (auto [fn, t] : {std::pair{"maximum", DType::Int8}, std::pair{"maximum", DType::Float16},
                       std::pair{"minimum", DType::UInt16}, std::pair{"logical_or", DType::Bool},
                       std::pair{"bitwise_xor", DType::UInt8}, std::pair{"fmin", DType::Float64},
                       std::pair{"multiply", DType::Complex64}})
    add_case(*find_ufunc(fn), t, ScanKind::LookBack, true);
  const Ufunc& add = *find_ufunc("add");
  ScanSignature s;
  s.u = &add;
  s.loop = scan_loop(add, DType::Float32, {}, "accumulate");
  s.kind = ScanKind::LookBack;
  s.vec = true;
  for (auto [in, out] :
       {std::pair{DType::Float32, DType::Float16}, std::pair{DType::Float32, DType::Complex128},
        std::pair{DType::Int8, DType::Float32}}) {
    s.in = in;
    s.out = out;
    cases.push_back(s);
  }
  compile_all(cases);
}

TEST(ScanCodegen, LaneRunsAndScratch) {
  const Ufunc& add = *find_ufunc("add");
  auto sig = [&](DType in, DType out) {
    ScanSignature s;
    s.u = &add;
    ScanOptions keep;
    keep.upcast_small_ints = false;
    s.loop = scan_loop(add, in, keep, "accumulate");
    s.in = in;
    s.out = out;
    s.kind = ScanKind::LookBack;
    return s;
  };
  // 16 bytes per lane and chunk; the run divides the items per thread.
  EXPECT_EQ(scan_items_per_thread(sig(DType::Float32, DType::Float32)), 16);
  EXPECT_EQ(scan_lane_run(sig(DType::Float32, DType::Float32)), 4);
  EXPECT_EQ(scan_lane_run(sig(DType::Float64, DType::Float64)), 2);
  EXPECT_EQ(scan_lane_run(sig(DType::Complex128, DType::Complex128)), 1);
  EXPECT_EQ(scan_lane_run(sig(DType::Float16, DType::Float16)), 8);
  EXPECT_EQ(scan_lane_run(sig(DType::Float32, DType::Complex128)), 1);
  for (DType t : {DType::Bool, DType::Int8, DType::Float16, DType::Float32, DType::Float64,
                  DType::Complex64, DType::Complex128}) {
    const ScanSignature s = sig(t, t);
    const int ipt = scan_items_per_thread(s), v = scan_lane_run(s);
    EXPECT_EQ(ipt % v, 0) << name(t);
  }
  // float32 (and float16, which accumulates in float32): one 8-byte word per tile.
  EXPECT_EQ(scan_scratch(sig(DType::Float32, DType::Float32), 10).clear_words, 12);
  EXPECT_EQ(scan_scratch(sig(DType::Float32, DType::Float32), 10).words, 12);
  EXPECT_EQ(scan_scratch(sig(DType::Float16, DType::Float16), 10).words, 12);
  // 8-byte values: 16 bytes per tile.
  EXPECT_EQ(scan_scratch(sig(DType::Float64, DType::Float64), 10).words, 22);
  EXPECT_EQ(scan_scratch(sig(DType::Complex64, DType::Complex64), 10).words, 22);
  // complex128: flags (two per word) apart from two values per tile.
  ScanScratch c = scan_scratch(sig(DType::Complex128, DType::Complex128), 11);
  EXPECT_EQ(c.clear_words, 2 + 6);
  EXPECT_EQ(c.words, 2 + 6 + 2 * 11 * 2);
}
