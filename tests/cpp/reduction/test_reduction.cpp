// tests/cpp/reduction/test_reduction.cpp -- the reduction engine without a GPU: the planner's strategy,
// split and vector choices, and NVRTC compiles of the generated source for every strategy.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "cunp/cunp.hpp"
#include "cunp/ops/reduction/reduction.hpp"

using namespace cunp;

namespace {

ReduceDevice h100() { return {132, 2048}; }

// C-order byte strides of `shape`.
std::vector<int64_t> c_strides(const std::vector<int64_t>& shape, int64_t item) {
  std::vector<int64_t> s(shape.size());
  int64_t st = item;
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    s[d] = st;
    st *= shape[d];
  }
  return s;
}

// A plan for one C-contiguous input of itemsize `item` reduced over `axes`, into a C-order output.
ReducePlan plan(const std::vector<int64_t>& shape, const std::vector<int>& axes, int item = 4,
                bool keep_order = false, bool ordered = false, int align = 16) {
  std::vector<bool> red(shape.size(), false);
  for (int a : axes) red[a] = true;
  std::vector<int64_t> kept;
  for (std::size_t d = 0; d < shape.size(); ++d)
    if (!red[d]) kept.push_back(shape[d]);
  return plan_reduction(shape, red, {c_strides(shape, item)}, {c_strides(kept, item)}, {item},
                        keep_order, align, h100(), ordered);
}

bool compiles(const std::string& src, const std::string& name) {
  try {
    CompileResult r = compile(src, name, 90);
    EXPECT_FALSE(r.image.empty());
    EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);
    return true;
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
    return false;
  }
}

ReduceSignature layout(ReduceStrategy s, int kept, int red, int vec = 1, bool init = false) {
  ReduceSignature sig;
  sig.strategy = s;
  sig.kept_ndim = kept;
  sig.reduced_ndim = red;
  sig.vec = vec;
  sig.init_param = init;
  return sig;
}

// Every strategy with the layouts the planner can give it.
std::vector<ReduceSignature> all_layouts(int vec) {
  std::vector<ReduceSignature> v = {
      layout(ReduceStrategy::Block, 0, 1),  layout(ReduceStrategy::Block, 0, 3),
      layout(ReduceStrategy::Block, 2, 1),  layout(ReduceStrategy::Warp, 1, 1),
      layout(ReduceStrategy::Warp, 2, 2),   layout(ReduceStrategy::Thread, 1, 1),
      layout(ReduceStrategy::Thread, 3, 2), layout(ReduceStrategy::Thread, 1, 0),
      layout(ReduceStrategy::Tile, 1, 1),   layout(ReduceStrategy::Tile, 2, 2),
  };
  if (vec > 1) {
    v.push_back(layout(ReduceStrategy::Block, 0, 1, vec));
    v.push_back(layout(ReduceStrategy::Warp, 1, 1, vec));
  }
  return v;
}

}  // namespace

TEST(ReductionPlan, FullContiguousSumIsOneSplitLaunchWithVectors) {
  ReducePlan p = plan({int64_t{1} << 28}, {0});
  EXPECT_EQ(p.strategy, ReduceStrategy::Block);
  EXPECT_EQ(p.kept_ndim, 0);
  EXPECT_EQ(p.reduced_ndim, 1);
  EXPECT_EQ(p.vec, 4);
  EXPECT_EQ(p.grid_x, 1);
  EXPECT_GT(p.splits, 132);
  EXPECT_LE(p.splits, 65535);
  EXPECT_EQ(p.chunk % 4, 0);
  EXPECT_GE(p.chunk * p.splits, p.n_red);
  EXPECT_LT(p.chunk * (p.splits - 1), p.n_red);  // no empty split
  EXPECT_TRUE(p.index32);
}

TEST(ReductionPlan, SmallSumIsOneBlock) {
  ReducePlan p = plan({1000}, {0});
  EXPECT_EQ(p.strategy, ReduceStrategy::Block);
  EXPECT_EQ(p.splits, 1);
  EXPECT_EQ(p.grid_x, 1);
}

TEST(ReductionPlan, NdFullReductionMergesToOneAxis) {
  ReducePlan p = plan({8, 16, 32}, {0, 1, 2});
  EXPECT_EQ(p.reduced_ndim, 1);
  EXPECT_EQ(p.n_red, 8 * 16 * 32);
  EXPECT_EQ(p.n_out, 1);
}

TEST(ReductionPlan, LongRowsGetABlockEach) {
  ReducePlan p = plan({16384, 16384}, {1});
  EXPECT_EQ(p.strategy, ReduceStrategy::Block);
  EXPECT_EQ(p.vec, 4);
  EXPECT_EQ(p.splits, 1);
  EXPECT_EQ(p.n_out, 16384);
}

TEST(ReductionPlan, FewLongRowsAreSplit) {
  ReducePlan p = plan({4, 1 << 24}, {1});
  EXPECT_EQ(p.strategy, ReduceStrategy::Block);
  EXPECT_GT(p.splits, 1);
  EXPECT_EQ(p.grid_x, 4);
}

TEST(ReductionPlan, FewColumnsAreTiledSplitWhenFew) {
  // 16384 columns: 512 tiles of 32, split in 5 along the rows to fill two waves.
  ReducePlan p = plan({16384, 16384}, {0});
  EXPECT_EQ(p.strategy, ReduceStrategy::Tile);
  EXPECT_EQ(p.vec, 1);
  EXPECT_EQ(p.grid_x, 512);
  EXPECT_EQ(p.splits, 5);
  EXPECT_GE(p.chunk * p.splits, p.n_red);
  EXPECT_LT(p.chunk * (p.splits - 1), p.n_red);
  // Three columns of 5000 rows: one tile, split along the rows.
  ReducePlan q = plan({5000, 3}, {0});
  EXPECT_EQ(q.strategy, ReduceStrategy::Tile);
  EXPECT_EQ(q.grid_x, 1);
  EXPECT_GT(q.splits, 1);
  // Short columns (fewer rows than 8 per warp) and many columns keep a thread per column.
  EXPECT_EQ(plan({63, 100}, {0}).strategy, ReduceStrategy::Thread);
  EXPECT_EQ(plan({100, 1 << 20}, {0}).strategy, ReduceStrategy::Thread);
  // Ordered folds never leave one thread per output.
  EXPECT_EQ(plan({5000, 3}, {0}, 4, false, true).strategy, ReduceStrategy::Thread);
}

TEST(ReductionPlan, ManyShortColumnsAreAThreadEach) {
  ReducePlan q = plan({2, 1000000}, {0});
  EXPECT_EQ(q.strategy, ReduceStrategy::Thread);
  EXPECT_EQ(q.splits, 1);
}

TEST(ReductionPlan, ShortRowsAreAThreadOrWarpEach) {
  EXPECT_EQ(plan({1000000, 2}, {1}).strategy, ReduceStrategy::Thread);
  ReducePlan p = plan({10000, 100}, {1});
  EXPECT_EQ(p.strategy, ReduceStrategy::Warp);
  EXPECT_EQ(p.vec, 1);  // a row of 400 bytes does not start 16-byte aligned
  ReducePlan q = plan({10000, 128}, {1});
  EXPECT_EQ(q.strategy, ReduceStrategy::Warp);
  EXPECT_EQ(q.vec, 4);
}

TEST(ReductionPlan, MisalignedDataHasNoVectors) {
  EXPECT_EQ(plan({1 << 20}, {0}, 4, false, false, 4).vec, 1);
  EXPECT_EQ(plan({1 << 20}, {0}, 4, false, false, 8).vec, 2);
}

TEST(ReductionPlan, TransposedInputReadsRowsInMemoryOrder) {
  // x.T.sum(axis=0) of a C-contiguous (100, 4096): the reduced axis is the contiguous one.
  std::vector<int64_t> shape = {4096, 100};
  std::vector<int64_t> strides = {4, 4096 * 4};
  ReducePlan p = plan_reduction(shape, {true, false}, {strides}, {{4}}, {4}, false, 16, h100());
  EXPECT_EQ(p.strategy, ReduceStrategy::Block);
  EXPECT_EQ(p.vec, 4);
}

TEST(ReductionPlan, KeepOrderKeepsCOrderOfReducedAxes) {
  // F-ordered (4, 8): merged in memory order unless positions must be C order.
  std::vector<int64_t> shape = {4, 8};
  std::vector<int64_t> strides = {4, 16};
  ReducePlan free = plan_reduction(shape, {true, true}, {strides}, {{}}, {4}, false, 16, h100());
  EXPECT_EQ(free.reduced_ndim, 1);
  ReducePlan ordered = plan_reduction(shape, {true, true}, {strides}, {{}}, {4}, true, 16, h100());
  EXPECT_EQ(ordered.reduced_ndim, 2);
  EXPECT_EQ(ordered.reduced_strides[0][0], 4);
  EXPECT_EQ(ordered.reduced_strides[0][1], 16);
}

TEST(ReductionPlan, OrderedOpsFoldOnOneThread) {
  ReducePlan p = plan({1 << 20}, {0}, 4, false, true);
  EXPECT_EQ(p.strategy, ReduceStrategy::Thread);
  EXPECT_EQ(p.splits, 1);
}

TEST(ReductionPlan, BroadcastAndUnitAxes) {
  // A broadcast input (stride 0) and unit axes: no vectors, unit axes dropped.
  std::vector<int64_t> shape = {1, 5, 1, 7};
  std::vector<int64_t> strides = {0, 0, 0, 4};
  ReducePlan p = plan_reduction(shape, {true, true, false, false}, {strides}, {{4, 4}}, {4}, false,
                                16, h100());
  EXPECT_EQ(p.reduced_ndim, 1);
  EXPECT_EQ(p.n_red, 5);
  EXPECT_EQ(p.n_out, 7);
  EXPECT_EQ(p.vec, 1);
}

TEST(ReductionPlan, EmptyReduction) {
  ReducePlan p = plan({0, 3}, {0});
  EXPECT_EQ(p.n_red, 0);
  EXPECT_EQ(p.splits, 1);
}

TEST(ReductionPlan, LargeNeeds64BitIndex) {
  ReducePlan p = plan({int64_t{3} << 30}, {0}, 1);
  EXPECT_FALSE(p.index32);
}

TEST(ReductionAxes, NormalizeAxes) {
  EXPECT_EQ(normalize_axes(std::nullopt, 3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(normalize_axes(std::vector<int64_t>{-1, 0}, 3), (std::vector<int>{0, 2}));
  EXPECT_THROW(normalize_axes(std::vector<int64_t>{1, -2}, 3), ValueError);
  EXPECT_THROW(normalize_axes(std::vector<int64_t>{3}, 3), AxisError);
  // Bounds before duplicates, as NumPy's normalize_axis_tuple.
  EXPECT_THROW(normalize_axes(std::vector<int64_t>{0, 0, 3}, 3), AxisError);
  try {
    normalize_axes(std::vector<int64_t>{0, 0}, 2);
    FAIL();
  } catch (const AxisError&) {
    FAIL() << "duplicate axis is a ValueError, not an AxisError";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "duplicate value in 'axis'");
  }
}

TEST(ReductionCodegen, UfuncReductionsCompileForEveryStrategy) {
  struct Case {
    const char* ufunc;
    std::vector<DType> types;
  };
  std::vector<Case> cases = {
      {"add", {DType::Float32, DType::Float16, DType::Int8, DType::Bool, DType::Complex128}},
      {"maximum", {DType::Float64, DType::Complex64, DType::UInt16}},
      {"logical_and", {DType::Float32}},
      {"multiply", {DType::UInt32}},
  };
  // Every layout for the first case's first dtype; the others with two (NVRTC time adds up).
  bool first = true;
  for (const Case& c : cases) {
    const Ufunc& u = *find_ufunc(c.ufunc);
    for (DType t : c.types) {
      std::vector<ReduceSignature> sigs =
          first
              ? all_layouts(16 / itemsize(t))
              : std::vector<ReduceSignature>{layout(ReduceStrategy::Block, 0, 1, 16 / itemsize(t)),
                                             layout(ReduceStrategy::Thread, 2, 2)};
      first = false;
      for (const ReduceSignature& sig : sigs)
        if (!compiles(ufunc_reduce_source(u, t, sig), c.ufunc)) return;
    }
  }
}

TEST(ReductionCodegen, EveryReorderableUfuncCompilesOnce) {
  for (const Ufunc& u : ufunc_table()) {
    if (u.nin != 2 || u.nout != 1) continue;
    // Its first loop of a single type.
    for (const UfuncLoop& l : u.loops) {
      if (l.types[0] != l.types[1] || l.types[0] != l.types[2]) continue;
      SCOPED_TRACE(u.name);
      compiles(ufunc_reduce_source(u, l.types[0], layout(ReduceStrategy::Block, 0, 1)), u.name);
      break;
    }
  }
}

TEST(ReductionCodegen, InitialValueParameter) {
  const Ufunc& u = *find_ufunc("maximum");
  std::string src = ufunc_reduce_source(u, DType::Float32,
                                        layout(ReduceStrategy::Block, 0, 1, 1, true));
  EXPECT_NE(src.find("_p.init"), std::string::npos);
  EXPECT_NE(src.find("#define _KID true"), std::string::npos);
  compiles(src, "max_init");
  std::string plain = ufunc_reduce_source(u, DType::Float32, layout(ReduceStrategy::Block, 0, 1));
  EXPECT_NE(plain.find("#define _KID false"), std::string::npos);
}

TEST(ReductionCodegen, ArgReductionsCompile) {
  for (const ReduceSignature& sig : all_layouts(4))
    if (!compiles(arg_reduce_source(true, DType::Float32, sig), "argmax")) return;
  for (bool max : {true, false})
    for (DType t : {DType::Float16, DType::Int64, DType::Bool, DType::Complex128, DType::UInt8})
      if (!compiles(arg_reduce_source(max, t, layout(ReduceStrategy::Warp, 1, 1)), "arg")) return;
}

TEST(ReductionCodegen, UserOpWithNamesAndTwoInputs) {
  ReductionOp op;
  op.name = "dot";
  op.names = {"x", "y", "z"};
  op.map_expr = "x * y";
  op.reduce_expr = "a + b";
  op.post_map_expr = "z = a";
  op.identity = "0";
  op.reduce_type = "double";
  op.type_aliases = {TypeAlias{"T", false, 0}};
  for (ReduceSignature sig :
       {layout(ReduceStrategy::Block, 0, 1, 4), layout(ReduceStrategy::Thread, 2, 1)}) {
    sig.inputs = {DType::Float32, DType::Float32};
    sig.outputs = {DType::Float64};
    if (!compiles(reduction_source(op, sig), "dot")) return;
  }
}

TEST(ReductionCodegen, SixtyFourBitIndex) {
  ReduceSignature sig = layout(ReduceStrategy::Block, 0, 1, 4);
  sig.index32 = false;
  std::string src = ufunc_reduce_source(*find_ufunc("add"), DType::Float32, sig);
  EXPECT_NE(src.find("typedef long long _idx_t;"), std::string::npos);
  compiles(src, "add64");
}

TEST(ReductionCodegen, RejectsNoOperands) {
  ReductionOp op;
  op.name = "none";
  EXPECT_THROW(reduction_source(op, ReduceSignature{}), ValueError);
}

TEST(ReductionCodegen, FourVectorLoadsPerTripCompile) {
  // The skeleton issues kVectorUnroll vector loads per trip; the kernel instantiates it with the
  // planned vector width.
  EXPECT_NE(device_part("reduction").find("kVectorUnroll = 4;"), std::string::npos);
  const Ufunc& u = *find_ufunc("add");
  for (DType t : {DType::Float32, DType::Float64, DType::Float16}) {
    for (ReduceStrategy s : {ReduceStrategy::Block, ReduceStrategy::Warp}) {
      const int vec = 16 / itemsize(t);
      ReduceSignature sig = layout(s, s == ReduceStrategy::Block ? 0 : 1, 1, vec);
      std::string src = ufunc_reduce_source(u, t, sig);
      EXPECT_NE(src.find(", 1, " + std::to_string(vec) + ", BLOCK, 32>"), std::string::npos);
      if (!compiles(src, "add")) return;
    }
  }
}

TEST(ReductionCodegen, KernelIsOneInstantiationOfASkeleton) {
  const Ufunc& u = *find_ufunc("add");
  const std::pair<ReduceStrategy, const char*> cases[] = {
      {ReduceStrategy::Block, "cunp::reduce_block<"},
      {ReduceStrategy::Warp, "cunp::reduce_warp<"},
      {ReduceStrategy::Thread, "cunp::reduce_thread<"},
      {ReduceStrategy::Tile, "cunp::reduce_tile<"}};
  for (const auto& [strategy, skeleton] : cases) {
    std::string src = ufunc_reduce_source(u, DType::Float32, layout(strategy, 1, 1));
    EXPECT_NE(src.find(skeleton), std::string::npos);
    EXPECT_NE(src.find("typedef cunp::reduce_params<1, 1, 1, 1> Params;"), std::string::npos);
    EXPECT_NE(src.find("static_assert(sizeof(Params) == "), std::string::npos);
  }
}

// The block primitives of the always-included core, for values without a shuffle of their own.
TEST(ReductionCodegen, BlockReducePrimitivesCompile) {
  std::string src = device_header() + device_part("cunp_block") + R"(
using namespace cunp;
struct add_op {
  template <class T> __device__ T operator()(T a, T b) const { return a + b; }
};
extern "C" __global__ void __launch_bounds__(256) block_sums(const double* x, double* y,
                                                              complex<float>* z) {
  const double s = block_reduce<256>(x[threadIdx.x], add_op());
  if (threadIdx.x == 0) y[blockIdx.x] = s;
  const complex<float> w = warp_reduce(complex<float>(1.0f, 2.0f), add_op());
  if (threadIdx.x == 0) z[blockIdx.x] = w;
}
)";
  EXPECT_TRUE(compiles(src, "block_sums"));
}

TEST(ReductionCodegen, PostMapSeesTheReducedCount) {
  ReductionOp op;
  op.name = "meanish";
  op.identity = "0";
  op.reduce_type = "float";
  op.post_map_expr =
      "out0 = a / static_cast<float>(_red_n) + (_in_ind.size() / _out_ind.size() - _red_n)";
  ReduceSignature sig = layout(ReduceStrategy::Block, 0, 1, 4);
  sig.inputs = {DType::Float32};
  sig.outputs = {DType::Float32};
  EXPECT_TRUE(compiles(reduction_source(op, sig), "meanish"));
}
