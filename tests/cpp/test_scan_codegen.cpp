// tests/cpp/test_scan_codegen.cpp -- every scan and reduceat kernel variant compiles with NVRTC
// (no GPU needed), and the loop choice of accumulate/reduceat follows NumPy's rules.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "cunp/cunp.hpp"
#include "cunp/ops/scan.hpp"

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
  for (DType s : {DType::Bool, DType::Int8, DType::UInt64, DType::Float16, DType::Float64,
                  DType::Complex128})
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

// ufunc.accumulate / reduceat of every binary single-output ufunc: the sequential kernel for
// a sample of its homogeneous loops, reduceat and the parallel kernels for one loop each.
TEST(ScanCodegen, EveryBinaryUfuncCompiles) {
  std::vector<ScanSignature> cases;
  for (const Ufunc& u : ufunc_table()) {
    if (u.nin != 2 || u.nout != 1 || u.name == "add" || u.name == "multiply") continue;
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
  }
  compile_all(cases);
}

TEST(ScanCodegen, NanRuleOnlyForInexactLoops) {
  const Ufunc& add = *find_ufunc("add");
  ScanSignature s;
  s.u = &add;
  s.nan_as_identity = true;
  s.loop = scan_loop(add, DType::Float32, {}, "accumulate");
  s.in = s.out = DType::Float32;
  const std::string rule = "if (np_isnan(v))";
  EXPECT_NE(scan_source(s).find(rule), std::string::npos);
  s.loop = scan_loop(add, DType::Int64, {}, "accumulate");
  s.in = s.out = DType::Int64;
  EXPECT_EQ(scan_source(s).find(rule), std::string::npos);
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
