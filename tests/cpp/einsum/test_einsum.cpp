// tests/cpp/einsum/test_einsum.cpp -- einsum without a GPU: subscripts parsed into labels with NumPy's
// errors, contraction paths against numpy.einsum_path's (computed with NumPy), einsum_path's
// report, and the structure of plans. With a GPU: values against a host einsum.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>

#include "cunp/cunp.hpp"
#include "ops/einsum/labels.hpp"
#include "ops/einsum/path.hpp"
#include "ops/einsum/plan.hpp"

using namespace cunp;
using namespace cunp::detail;

namespace {

using Kind = EinsumStepKind;
using Path = std::vector<std::vector<int64_t>>;

Labels letters(const std::string& s) { return Labels(s.begin(), s.end()); }

std::vector<int> ranks(const std::vector<Dims>& shapes) {
  std::vector<int> r;
  for (const Dims& s : shapes) r.push_back(s.size());
  return r;
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

EinsumPlan plan_of(const std::string& subscripts, const std::vector<Dims>& shapes,
                   DType t = DType::Float64, EinsumOptimize optimize = {}) {
  return plan_einsum(subscripts, shapes, std::vector<DType>(shapes.size(), t), optimize);
}

std::vector<Kind> kinds(const EinsumPlan& p) {
  std::vector<Kind> k;
  for (const EinsumStep& s : p.steps) k.push_back(s.kind);
  return k;
}

}  // namespace

// --- parsing -----------------------------------------------------------------------------

TEST(EinsumParse, ExplicitAndImplicitOutputs) {
  EinsumLabels l = parse_subscripts("ij,jk->ik", {2, 2});
  ASSERT_EQ(l.inputs.size(), 2u);
  EXPECT_EQ(l.inputs[0], letters("ij"));
  EXPECT_EQ(l.inputs[1], letters("jk"));
  EXPECT_EQ(l.output, letters("ik"));
  // Implicit: the letters seen once, in ASCII order (capitals first).
  EXPECT_EQ(parse_subscripts("ij,jk", {2, 2}).output, letters("ik"));
  EXPECT_EQ(parse_subscripts("ba", {2}).output, letters("ab"));
  EXPECT_EQ(parse_subscripts("bA,Ac", {2, 2}).output, letters("bc"));
  EXPECT_EQ(parse_subscripts("aB,c", {2, 1}).output, letters("Bac"));
  EXPECT_TRUE(parse_subscripts("ii", {2}).output.empty());
  EXPECT_TRUE(parse_subscripts("i,i", {1, 1}).output.empty());
  EXPECT_EQ(parse_subscripts(" i j , j k -> i k ", {2, 2}).output, letters("ik"));
  EXPECT_EQ(parse_subscripts(",ij->ij", {0, 2}).inputs[0], Labels{});
}

TEST(EinsumParse, EllipsisTakesTheBroadcastDimensionsFromTheRight) {
  EinsumLabels l = parse_subscripts("...ij,...jk", {4, 2});
  EXPECT_EQ(l.inputs[0], (Labels{0, 1, 'i', 'j'}));
  EXPECT_EQ(l.inputs[1], letters("jk"));
  EXPECT_EQ(l.output, (Labels{0, 1, 'i', 'k'}));
  l = parse_subscripts("i...,...->...", {3, 1});
  EXPECT_EQ(l.inputs[0], (Labels{'i', 0, 1}));
  EXPECT_EQ(l.inputs[1], (Labels{1}));
  EXPECT_EQ(l.output, (Labels{0, 1}));
  l = parse_subscripts("a...b->b...a", {2});
  EXPECT_EQ(l.inputs[0], letters("ab"));
  EXPECT_EQ(l.output, letters("ba"));
  EXPECT_EQ(display_labels(Labels{0, 1, 'i'}), "ZYi");
}

TEST(EinsumParse, NumPysErrors) {
  auto err = [](const std::string& s, std::vector<int> nd) {
    return error_of([&] { parse_subscripts(s, nd); });
  };
  // NumPy's wording: "more" when the string names more operands than were given.
  EXPECT_EQ(err("ij,jk,k", {2, 2}),
            "more operands provided to einstein sum function than specified in the subscripts "
            "string");
  EXPECT_EQ(err("i", {1, 1}),
            "fewer operands provided to einstein sum function than specified in the subscripts "
            "string");
  EXPECT_EQ(err("i,j", {1}),
            "more operands provided to einstein sum function than specified in the subscripts "
            "string");
  EXPECT_EQ(err("ij->i-", {2}),
            "einstein sum subscript string does not contain proper '->' output specified");
  EXPECT_EQ(err("ij->i>", {2}),
            "einstein sum subscript string does not contain proper '->' output specified");
  EXPECT_EQ(err("i1", {2}),
            "invalid subscript '1' in einstein sum subscripts string, subscripts must be letters");
  EXPECT_EQ(err("i\xc3\xa9", {2}),
            "invalid subscript '\xc3\xa9' in einstein sum subscripts string, subscripts must be "
            "letters");
  const std::string dot =
      "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...')";
  EXPECT_EQ(err("i.j", {2}), dot);
  EXPECT_EQ(err("...i...", {3}), dot);
  EXPECT_EQ(err("i...->......", {3}), dot);
  EXPECT_EQ(err("ij", {3}),
            "operand has more dimensions than subscripts given in einstein sum, but no '...' "
            "ellipsis provided to broadcast the extra dimensions.");
  EXPECT_EQ(err("i,ijk", {1, 2}),
            "einstein sum subscripts string contains too many subscripts for operand 1");
  EXPECT_EQ(err("ij...k", {2}),
            "einstein sum subscripts string contains too many subscripts for operand 0");
  EXPECT_EQ(err("ij->ii", {2}),
            "einstein sum subscripts string includes output subscript 'i' multiple times");
  EXPECT_EQ(err("ij->k", {2}),
            "einstein sum subscripts string included output subscript 'k' which never appeared "
            "in an input");
}

TEST(EinsumParse, LabelSizesBroadcastOnes) {
  LabelSizes s = label_sizes({letters("ij"), letters("j")}, {Dims{3, 1}, Dims{4}});
  EXPECT_EQ(s['i'], 3);
  EXPECT_EQ(s['j'], 4);
  EXPECT_EQ(error_of([] {
              label_sizes({letters("ij"), letters("jk")}, {Dims{2, 3}, Dims{2, 3}});
            }),
            "operands could not be broadcast together with remapped shapes "
            "[original->remapped]: label 'j' has sizes 3 and 2");
  EXPECT_EQ(error_of([] {
              label_sizes({Labels{0}, Labels{0}}, {Dims{2}, Dims{3}});
            }),
            "operands could not be broadcast together with remapped shapes "
            "[original->remapped]: label '...' has sizes 2 and 3");
}

// --- paths -------------------------------------------------------------------------------

namespace {

struct PathCase {
  std::string subscripts;
  std::vector<Dims> shapes;
  Path greedy, optimal, greedy50, optimal50;  // numpy.einsum_path's (limit 50 for the last two)
};

// Computed with numpy.einsum_path (NumPy 2.4).
const PathCase kPathCases[] = {
    {"ij,jk,kl->il",
     {{2, 3}, {3, 4}, {4, 5}},
     {{1, 2}, {0, 1}},
     {{0, 1}, {0, 1}},
     {{1, 2}, {0, 1}},
     {{0, 1}, {0, 1}}},
    {"ea,fb,abcd,gc,hd->efgh",
     {{3, 4}, {2, 5}, {4, 5, 6, 3}, {2, 6}, {4, 3}},
     {{2, 3}, {1, 3}, {0, 2}, {0, 1}},
     {{2, 3}, {1, 3}, {0, 2}, {0, 1}},
     {{0, 1, 2, 3, 4}},
     {{0, 1, 2, 3, 4}}},
    {"abc,cd,de,ef->abf",
     {{2, 3, 4}, {4, 5}, {5, 6}, {6, 2}},
     {{2, 3}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 2}, {0, 1}}},
    {"ij,jk,kl,lm,mn->in",
     {{4, 10}, {10, 3}, {3, 9}, {9, 2}, {2, 7}},
     {{0, 1}, {0, 1}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 3}, {0, 2}, {0, 1}},
     {{0, 1}, {0, 1}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 3}, {0, 2}, {0, 1}}},
    {"iij,jk,kl->il",
     {{3, 3, 4}, {4, 5}, {5, 2}},
     {{1, 2}, {0, 1}},
     {{1, 2}, {0, 1}},
     {{1, 2}, {0, 1}},
     {{1, 2}, {0, 1}}},
    {"abc,bcd,cde,def->af",
     {{3, 4, 5}, {4, 5, 6}, {5, 6, 7}, {6, 7, 3}},
     {{2, 3}, {1, 2}, {0, 1}},
     {{2, 3}, {1, 2}, {0, 1}},
     {{0, 1, 2, 3}},
     {{0, 1, 2, 3}}},
    {"ab,bc,cd,de,ef,fg->ag",
     {{9, 2}, {2, 8}, {8, 3}, {3, 7}, {7, 4}, {4, 6}},
     {{3, 4}, {1, 2}, {1, 2}, {1, 2}, {0, 1}},
     {{1, 2}, {1, 4}, {1, 3}, {1, 2}, {0, 1}},
     {{3, 4}, {1, 2}, {1, 2}, {1, 2}, {0, 1}},
     {{1, 2}, {1, 4}, {1, 3}, {1, 2}, {0, 1}}},
    {"ij,kl,jk,li->",
     {{5, 6}, {7, 8}, {6, 7}, {8, 5}},
     {{1, 3}, {1, 2}, {0, 1}},
     {{1, 3}, {1, 2}, {0, 1}},
     {{1, 3}, {1, 2}, {0, 1}},
     {{1, 3}, {1, 2}, {0, 1}}},
    {"a,ab,abc->abc",
     {{10}, {10, 10}, {10, 10, 10}},
     {{0, 1, 2}},
     {{0, 1, 2}},
     {{0, 1, 2}},
     {{0, 1, 2}}},
    {"bn,anm,bm->ba",
     {{2, 3}, {4, 3, 5}, {2, 5}},
     {{1, 2}, {0, 1}},
     {{0, 2}, {0, 1}},
     {{1, 2}, {0, 1}},
     {{0, 2}, {0, 1}}},
    {"...ij,...jk,...kl->...il",
     {{2, 3, 4}, {4, 5}, {1, 5, 6}},
     {{1, 2}, {0, 1}},
     {{0, 1}, {0, 1}},
     {{1, 2}, {0, 1}},
     {{0, 1}, {0, 1}}},
};

}  // namespace

TEST(EinsumPath, GreedyAndOptimalMatchNumPy) {
  for (const PathCase& c : kPathCases) {
    SCOPED_TRACE(c.subscripts);
    EXPECT_EQ(einsum_path(c.subscripts, c.shapes, EinsumOptimize::greedy()).path, c.greedy);
    EXPECT_EQ(einsum_path(c.subscripts, c.shapes, EinsumOptimize::optimal()).path, c.optimal);
    EXPECT_EQ(einsum_path(c.subscripts, c.shapes, EinsumOptimize::greedy(50)).path, c.greedy50);
    EXPECT_EQ(einsum_path(c.subscripts, c.shapes, EinsumOptimize::optimal(50)).path, c.optimal50);
    // optimize=False: everything in one contraction.
    EXPECT_EQ(einsum_path(c.subscripts, c.shapes, EinsumOptimize{}).path, Path{[&] {
                std::vector<int64_t> all;
                for (size_t i = 0; i < c.shapes.size(); ++i) all.push_back(i);
                return all;
              }()});
  }
}

TEST(EinsumPath, OneOrTwoOperandsAndNothingSummedAreOneStep) {
  EXPECT_EQ(einsum_path("ij->ji", {{2, 3}}).path, (Path{{0}}));
  EXPECT_EQ(einsum_path("ij,jk->ik", {{2, 3}, {3, 4}}).path, (Path{{0, 1}}));
  EXPECT_EQ(einsum_path("a,b,c->abc", {{2}, {3}, {4}}).path, (Path{{0, 1, 2}}));
}

TEST(EinsumPath, ExplicitPathsAreKeptAndChecked) {
  const std::vector<Dims> shapes{{2, 3}, {3, 4}, {4, 5}};
  EXPECT_EQ(
      einsum_path("ij,jk,kl->il", shapes, EinsumOptimize::explicit_path({{1, 2}, {0, 1}})).path,
      (Path{{1, 2}, {0, 1}}));
  try {
    einsum_path("ij,jk,kl->il", shapes, EinsumOptimize::explicit_path({{0, 1}}));
    FAIL() << "no error";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(),
                 "Invalid einsum_path is specified: 1 more operands has to be contracted.");
  }
  EXPECT_THROW(einsum_path("ij,jk,kl->il", shapes, EinsumOptimize::explicit_path({{0, 5}})),
               IndexError);
}

TEST(EinsumPath, ReportAsNumPysWithBroadcastDimensionsFromZ) {
  EXPECT_EQ(
      einsum_path("ea,fb,abcd,gc,hd->efgh", {{3, 4}, {2, 5}, {4, 5, 6, 3}, {2, 6}, {4, 3}}).report,
      R"(  Complete contraction:  ea,fb,abcd,gc,hd->efgh
         Naive scaling:  8
     Optimized scaling:  5
      Naive FLOP count:  8.640e+04
  Optimized FLOP count:  2.497e+03
   Theoretical speedup:  34.602
  Largest intermediate:  1.200e+02 elements
--------------------------------------------------------------------------
scaling                  current                                remaining
--------------------------------------------------------------------------
   5               gc,abcd->gdab                      ea,fb,hd,gdab->efgh
   5               gdab,fb->fgda                         ea,hd,fgda->efgh
   5               fgda,ea->fgde                            hd,fgde->efgh
   5               fgde,hd->efgh                               efgh->efgh)");
  EXPECT_EQ(einsum_path("...ij,...jk,...kl->...il", {{2, 3, 4}, {4, 5}, {1, 5, 6}},
                        EinsumOptimize::optimal())
                .report,
            R"(  Complete contraction:  Zij,jk,Zkl->Zil
         Naive scaling:  5
     Optimized scaling:  4
      Naive FLOP count:  2.160e+03
  Optimized FLOP count:  6.010e+02
   Theoretical speedup:  3.594
  Largest intermediate:  3.600e+01 elements
--------------------------------------------------------------------------
scaling                  current                                remaining
--------------------------------------------------------------------------
   4                 jk,Zij->Zik                             Zkl,Zik->Zil
   4                Zik,Zkl->Zil                                 Zil->Zil)");
  EXPECT_EQ(einsum_path("iij,jk,kl->il", {{3, 3, 4}, {4, 5}, {5, 2}}, EinsumOptimize{}).report,
            R"(  Complete contraction:  iij,jk,kl->il
         Naive scaling:  4
     Optimized scaling:  4
      Naive FLOP count:  3.600e+02
  Optimized FLOP count:  3.610e+02
   Theoretical speedup:  0.997
  Largest intermediate:  6.000e+00 elements
--------------------------------------------------------------------------
scaling                  current                                remaining
--------------------------------------------------------------------------
   4               kl,jk,iij->il                                   il->il)");
}

// --- plans -------------------------------------------------------------------------------

TEST(EinsumPlan, BatchedMatmulIsOneMatmul) {
  EinsumPlan p = plan_of("bij,bjk->bik", {{64, 512, 512}, {64, 512, 512}}, DType::Float32);
  ASSERT_EQ(kinds(p), (std::vector<Kind>{Kind::Matmul}));
  EXPECT_EQ(p.steps[0].in[0], 0);
  EXPECT_EQ(p.steps[0].in[1], 1);
  EXPECT_EQ(p.result, p.steps[0].out);
  EXPECT_EQ(p.shape, (Dims{64, 512, 512}));
  EXPECT_EQ(p.dtype, DType::Float32);
  // A plain matrix product reshapes its operands to one batch and back.
  EXPECT_EQ(kinds(plan_of("ij,jk->ik", {{2, 3}, {3, 4}})),
            (std::vector<Kind>{Kind::Reshape, Kind::Reshape, Kind::Matmul, Kind::Reshape}));
}

TEST(EinsumPlan, ViewsOnly) {
  EinsumPlan same = plan_of("ij", {{2, 3}});
  EXPECT_TRUE(same.steps.empty());
  EXPECT_EQ(same.result, 0);
  EinsumPlan diag = plan_of("ii->i", {{3, 3}});
  ASSERT_EQ(kinds(diag), (std::vector<Kind>{Kind::Diagonal}));
  EXPECT_EQ(diag.steps[0].axes, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(diag.result, diag.steps[0].out);
  EinsumPlan t = plan_of("ijkl->ljik", {{2, 3, 4, 5}});
  ASSERT_EQ(kinds(t), (std::vector<Kind>{Kind::Transpose}));
  EXPECT_EQ(t.steps[0].axes, (std::vector<int64_t>{3, 1, 0, 2}));
  EXPECT_EQ(t.shape, (Dims{5, 3, 2, 4}));
  EXPECT_EQ(kinds(plan_of("ji", {{2, 3}})), (std::vector<Kind>{Kind::Transpose}));
}

TEST(EinsumPlan, SumsKeepTheOperandsDtype) {
  for (DType t : {DType::Int8, DType::Bool, DType::Float16, DType::Complex64}) {
    EinsumPlan p = plan_of("iij->j", {{3, 3, 2}}, t);
    ASSERT_EQ(kinds(p), (std::vector<Kind>{Kind::Diagonal, Kind::Sum}));
    EXPECT_EQ(p.steps[1].axes, (std::vector<int64_t>{1}));
    EXPECT_EQ(p.steps[1].sum_args.dtype, t);
    EXPECT_EQ(p.dtype, t);
    EXPECT_EQ(p.shape, (Dims{2}));
  }
  EinsumPlan trace = plan_of("ii", {{3, 3}});
  EXPECT_EQ(kinds(trace), (std::vector<Kind>{Kind::Diagonal, Kind::Sum}));
  EXPECT_EQ(trace.shape, Dims{});
}

TEST(EinsumPlan, ProductsWithoutASumAreElementwise) {
  EinsumPlan p = plan_of("ij,ij->ij", {{2, 1}, {1, 3}});
  EXPECT_EQ(kinds(p), (std::vector<Kind>{Kind::BroadcastTo, Kind::BroadcastTo, Kind::Multiply}));
  EXPECT_EQ(p.shape, (Dims{2, 3}));
  EinsumPlan outer = plan_of("i,j->ij", {{3}, {4}});
  EXPECT_EQ(kinds(outer), (std::vector<Kind>{Kind::Reshape, Kind::Reshape, Kind::Multiply}));
  EXPECT_EQ(outer.steps[0].shape, (Dims{3, 1}));
  EXPECT_EQ(outer.steps[1].shape, (Dims{1, 4}));
}

TEST(EinsumPlan, BatchedDotsAreAProductAndASumExceptInFloat16) {
  EinsumPlan p = plan_of("bi,bi->b", {{5, 4}, {5, 4}});
  EXPECT_EQ(kinds(p), (std::vector<Kind>{Kind::Multiply, Kind::Sum}));
  EXPECT_EQ(p.steps[1].axes, (std::vector<int64_t>{1}));
  EinsumPlan h = plan_of("bi,bi->b", {{5, 4}, {5, 4}}, DType::Float16);
  EXPECT_EQ(kinds(h),
            (std::vector<Kind>{Kind::Reshape, Kind::Reshape, Kind::Matmul, Kind::Reshape}));
}

TEST(EinsumPlan, MixedDtypesPromote) {
  EinsumPlan p = plan_einsum("ij,kj->ik", {{4, 3}, {5, 3}}, {DType::Float32, DType::Float64}, {});
  EXPECT_EQ(p.dtype, DType::Float64);
  EXPECT_EQ(p.shape, (Dims{4, 5}));
  EinsumPlan q = plan_einsum("i,i->i", {{4}, {4}}, {DType::Int8, DType::UInt8}, {});
  EXPECT_EQ(q.dtype, DType::Int16);
}

TEST(EinsumPlan, ChainsFollowThePath) {
  const std::vector<Dims> shapes{{2, 3}, {3, 4}, {4, 5}};
  auto matmul_inputs = [](const EinsumPlan& p) {
    std::vector<std::pair<int, int>> ins;
    for (const EinsumStep& s : p.steps)
      if (s.kind == Kind::Matmul) ins.push_back({s.in[0], s.in[1]});
    return ins;
  };
  // greedy contracts (1, 2) first: the first matmul reads operands 1 and 2 (as reshaped views).
  EinsumPlan g = plan_of("ij,jk,kl->il", shapes, DType::Float64, EinsumOptimize::greedy());
  ASSERT_EQ(matmul_inputs(g).size(), 2u);
  EinsumPlan e = plan_of("ij,jk,kl->il", shapes, DType::Float64,
                         EinsumOptimize::explicit_path({{0, 1, 2}}));
  EXPECT_EQ(matmul_inputs(e).size(), 2u);
  EXPECT_EQ(g.shape, (Dims{2, 5}));
}

TEST(EinsumPlan, ErrorsAsNumPys) {
  EXPECT_EQ(error_of([] {
              plan_of("ii", {{2, 3}});
            }),
            "dimensions in operand 0 for collapsing index 'i' don't match (2 != 3)");
  EXPECT_EQ(error_of([] {
              plan_of("ij,jk", {{2, 3}, {2, 3}});
            }),
            "operands could not be broadcast together with remapped shapes "
            "[original->remapped]: label 'j' has sizes 3 and 2");
  const std::vector<Dims> shapes{{2, 3}, {3, 4}, {4, 5}};
  EXPECT_EQ(
      error_of([&] {
        plan_of("ij,jk,kl->il", shapes, DType::Float64, EinsumOptimize::explicit_path({{0, 3}}));
      }),
      "invalid contraction (0, 3) in einsum_path for 3 operands");
  EXPECT_EQ(
      error_of([&] {
        plan_of("ij,jk,kl->il", shapes, DType::Float64, EinsumOptimize::explicit_path({{1, 1}}));
      }),
      "invalid contraction (1, 1) in einsum_path for 3 operands");
  EXPECT_THROW(plan_of("ij,jk,kl->il", shapes, DType::Float64,
                       EinsumOptimize::explicit_path({{0, 1}})),
               RuntimeError);
}

TEST(EinsumCall, DtypeAndOutAreCheckedBeforeAnyWork) {
  // Arrays over fake memory: the checks fail before anything reads them.
  MemoryPtr m = wrap_memory(0x10000, 1 << 20, 0, [] {});
  NDArray a(m, 0x10000, DType::Float64, Dims{3}, Dims{8});
  EinsumOptions o;
  o.dtype = DType::Float32;
  EXPECT_EQ(error_of([&] {
              einsum("i,i", {a, a}, o);
            }),
            "Iterator operand 0 dtype could not be cast from dtype('float64') to "
            "dtype('float32') according to the rule 'safe'");
  EinsumOptions bad_out;
  bad_out.out = NDArray(m, 0x10000, DType::Float64, Dims{2}, Dims{8});
  EXPECT_EQ(error_of([&] {
              einsum("i,i", {a, a}, bad_out);
            }),
            "out parameter does not have the correct number of dimensions, has 1 but should "
            "have 0");
  bad_out.out = NDArray(m, 0x10000, DType::Float64, Dims{2}, Dims{8});
  EXPECT_EQ(error_of([&] { einsum("i->i", {a}, bad_out); }),
            "operands could not be broadcast together: out has shape (2,), the result (3,)");
  bad_out.out = NDArray(m, 0x10000, DType::Float32, Dims{3}, Dims{4});
  EXPECT_EQ(error_of([&] { einsum("i->i", {a}, bad_out); }),
            "Iterator requested dtype could not be cast from dtype('float64') to "
            "dtype('float32'), the operand 1 dtype, according to the rule 'safe'");
}

TEST(EinsumCall, PlansAreCachedPerSignature) {
  MemoryPtr m = wrap_memory(0x10000, 1 << 20, 0, [] {});
  NDArray a(m, 0x10000, DType::Float64, Dims{2, 3}, Dims{24, 8});
  NDArray b(m, 0x10000, DType::Float64, Dims{3, 2}, Dims{16, 8});
  clear_einsum_plan_cache();
  EXPECT_EQ(einsum("ij->ji", {a}).shape(), (Dims{3, 2}));  // views only: no device work
  EXPECT_EQ(einsum_plan_cache_size(), 1u);
  einsum("ij->ji", {a});
  EXPECT_EQ(einsum_plan_cache_size(), 1u);
  einsum("ij->ji", {b});                        // another shape
  einsum("ij->ji", {a.view_as(DType::Int64)});  // another dtype
  EinsumOptions greedy;
  greedy.optimize = EinsumOptimize::greedy();
  einsum("ij->ji", {a}, greedy);  // another optimize
  einsum("ij", {a});              // other subscripts
  EinsumOptions path;
  path.optimize = EinsumOptimize::explicit_path({{0}});
  einsum("ij->ji", {a}, path);  // an explicit path: one plan for equal paths
  einsum("ij->ji", {a}, path);
  EXPECT_EQ(einsum_plan_cache_size(), 6u);
  EXPECT_THROW(einsum("ij->ij", {a, a}), ValueError);  // errors are not cached
  EXPECT_EQ(einsum_plan_cache_size(), 6u);
  clear_einsum_plan_cache();
  EXPECT_EQ(einsum_plan_cache_size(), 0u);
}

// --- values on the GPU -------------------------------------------------------------------

namespace {

// einsum on the host, one term per assignment of every label.
std::vector<double> host_einsum(const std::string& subscripts, const std::vector<Dims>& shapes,
                                const std::vector<std::vector<double>>& data) {
  EinsumLabels l = parse_subscripts(subscripts, ranks(shapes));
  LabelSizes sizes = label_sizes(l.inputs, shapes);
  Labels all;
  for (const Labels& in : l.inputs)
    for (Label c : in)
      if (std::find(all.begin(), all.end(), c) == all.end()) all.push_back(c);
  int64_t n_out = 1;
  for (Label c : l.output) n_out *= sizes[c];
  std::vector<double> out(n_out, 0.0);
  std::vector<int64_t> at(128, 0);
  std::function<void(size_t)> visit = [&](size_t k) {
    if (k == all.size()) {
      double term = 1;
      for (size_t i = 0; i < shapes.size(); ++i) {
        int64_t flat = 0;
        for (size_t d = 0; d < l.inputs[i].size(); ++d) {
          const int64_t extent = shapes[i][static_cast<int>(d)];
          flat = flat * extent + (extent == 1 ? 0 : at[l.inputs[i][d]]);
        }
        term *= data[i][flat];
      }
      int64_t o = 0;
      for (Label c : l.output) o = o * sizes[c] + at[c];
      out[o] += term;
      return;
    }
    for (at[all[k]] = 0; at[all[k]] < sizes[all[k]]; ++at[all[k]]) visit(k + 1);
  };
  visit(0);
  return out;
}

}  // namespace

TEST(EinsumGpu, ValuesMatchTheHost) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  const std::pair<std::string, std::vector<Dims>> cases[] = {
      {"ij,jk->ik", {{2, 3}, {3, 4}}},
      {"bij,bjk->bik", {{5, 2, 3}, {5, 3, 4}}},
      {"ii->i", {{3, 3}}},
      {"iij->j", {{3, 3, 2}}},
      {"ij->", {{2, 3}}},
      {"i,j->ij", {{3}, {4}}},
      {"ijk,jil->kl", {{3, 4, 5}, {4, 3, 2}}},
      {"bn,anm,bm->ba", {{2, 3}, {4, 3, 5}, {2, 5}}},
      {"...ij,...jk->...ik", {{2, 1, 3, 4}, {5, 4, 2}}},
      {"bi,bi->b", {{5, 1}, {1, 4}}},
      {"ea,fb,abcd,gc,hd->efgh", {{3, 4}, {2, 5}, {4, 5, 6, 3}, {2, 6}, {4, 3}}},
  };
  for (const auto& [subscripts, shapes] : cases) {
    for (EinsumOptimize opt :
         {EinsumOptimize{}, EinsumOptimize::greedy(), EinsumOptimize::optimal()}) {
      SCOPED_TRACE(subscripts + " optimize " + std::to_string(static_cast<int>(opt.kind)));
      std::vector<std::vector<double>> data;
      std::vector<NDArray> ops;
      for (size_t i = 0; i < shapes.size(); ++i) {
        std::vector<double> v(shapes[i].product());
        for (size_t k = 0; k < v.size(); ++k) v[k] = std::sin(1.0 + 3.0 * i + 0.7 * k);
        ops.push_back(from_host(v.data(), DType::Float64, shapes[i], Order::C));
        data.push_back(std::move(v));
      }
      EinsumOptions o;
      o.optimize = opt;
      NDArray r = einsum(subscripts, ops, o);
      std::vector<double> got(r.size());
      to_host(r, got.data(), Order::C);
      std::vector<double> want = host_einsum(subscripts, shapes, data);
      ASSERT_EQ(got.size(), want.size());
      for (size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], want[k], 1e-10) << k;
    }
  }
}
