// tests/cpp/elementwise/test_elementwise_codegen.cpp -- the elementwise engine's generated sources compile with
// NVRTC (no GPU needed) for every feature: math, loaded outputs, names, raw operands, positions,
// loop_prep/after_loop, type aliases, every dtype and layout class.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

std::vector<DType> all_dtypes() {
  std::vector<DType> v;
  for (int i = 0; i < kNumDTypes; ++i) v.push_back(static_cast<DType>(i));
  return v;
}

KernelSignature signature(std::vector<DType> in, std::vector<DType> out,
                          std::vector<DType> scalars = {}, int strided_ndim = 0, int vec = 1) {
  KernelSignature s;
  s.inputs = std::move(in);
  s.outputs = std::move(out);
  s.scalars = std::move(scalars);
  s.strided_ndim = strided_ndim;
  s.vec = vec;
  return s;
}

// Compiles the op's source for sm_90; on failure reports the log and the numbered source.
bool compiles(const ElementwiseOp& op, const KernelSignature& sig, int arch = 90) {
  std::string src = elementwise_source(op, sig);
  try {
    CompileResult r = compile(src, op.name, arch, op.options);
    EXPECT_FALSE(r.image.empty());
    EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);  // generated code needs no runtime API
    return true;
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << numbered_source(src);
    return false;
  }
}

// The three layout classes a launch can pick: flat scalar loop, flat vectorized, n-d strided.
void expect_compiles_all_layouts(const ElementwiseOp& op, KernelSignature sig, int vec = 2) {
  for (auto [nd, v] : {std::pair{0, 1}, std::pair{0, vec}, std::pair{3, 1}}) {
    sig.strided_ndim = nd;
    sig.vec = v;
    if (!compiles(op, sig)) return;
  }
}

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

}  // namespace

TEST(ElementwiseCodegen, MathHeaderIncludedOnRequest) {
  ElementwiseOp op{"math_probe", "out0 = in0;"};
  std::string plain = elementwise_source(op, signature({DType::Float32}, {DType::Float32}));
  op.math = true;
  std::string with_math = elementwise_source(op, signature({DType::Float32}, {DType::Float32}));
  EXPECT_TRUE(contains(with_math, device_math_header()));
  EXPECT_LT(with_math.find(device_math_header()), with_math.find("struct Params"));
  EXPECT_GT(with_math.find(device_math_header()), with_math.find("struct float16"));
  EXPECT_LT(plain.size(), with_math.size() + 1);
  expect_compiles_all_layouts(op, signature({DType::Float64}, {DType::Float64}));
}

TEST(ElementwiseCodegen, LoadOutputsReadsBeforeTheBody) {
  // A where=-style body: the output keeps its value unless the mask is set.
  ElementwiseOp op{"masked_add", "if (in2) out0 = in0 + in1;"};
  op.load_outputs = true;
  for (DType t : {DType::Int8, DType::Float32, DType::Float64, DType::Complex128}) {
    KernelSignature sig = signature({t, t, DType::Bool}, {t});
    if (t == DType::Complex128) op.body = "if (in2) out0 = in0 * in1;";
    expect_compiles_all_layouts(op, sig, t == DType::Complex128 ? 1 : 4);
  }
  std::string src = elementwise_source(op, signature({DType::Float32, DType::Float32, DType::Bool},
                                                     {DType::Float32}, {}, 0, 4));
  // The output is read before the body (its vector is loaded, not left uninitialized) and the
  // body starts from its value.
  EXPECT_TRUE(contains(src, "cunp::elementwise::inout<float, 3, 'c'>"));
  EXPECT_TRUE(contains(src, "float out0 = _e3;"));
}

TEST(ElementwiseCodegen, OperandAndScalarNames) {
  ElementwiseOp op{"named", "z = alpha * x + y; w = z > 0;"};
  op.names = {"x", "y", "z", "w"};
  op.scalar_names = {"alpha"};
  KernelSignature sig = signature({DType::Float32, DType::Float32}, {DType::Float32, DType::Bool},
                                  {DType::Float32});
  std::string src = elementwise_source(op, sig);
  EXPECT_TRUE(contains(src, "const float alpha ="));
  EXPECT_TRUE(contains(src, "const float x ="));
  EXPECT_FALSE(contains(src, "in0"));
  // Named ops do not see the legacy `n` (a user's operand may well be called n).
  EXPECT_FALSE(contains(src, " n = _n"));
  expect_compiles_all_layouts(op, sig);

  ElementwiseOp with_n{"named_n", "y = x * n;"};
  with_n.names = {"x", "y"};
  with_n.scalar_names = {"n"};
  expect_compiles_all_layouts(with_n,
                              signature({DType::Float64}, {DType::Float64}, {DType::Int32}));
}

TEST(ElementwiseCodegen, RawOperandsContiguousAndStrided) {
  // CuPy's 'raw T x' with `i`: y = x[n - 1 - i] + x.size() + x.shape()[0].
  ElementwiseOp op{"reverse", "y = x[_ind.size() - 1 - i] + (T)(x.size() + x.shape()[0] + x.ndim);",
                   true};
  op.names = {"x", "y"};
  op.raw = {true, false};
  op.type_aliases = {{"T", false, 1}};
  for (int nd : {0, 1, 2, 4})
    for (bool contiguous : {true, false}) {
      KernelSignature sig = signature({DType::Float32}, {DType::Float32});
      sig.raw_ndim = {nd, 0};
      sig.raw_contiguous = {contiguous, true};
      std::string src = elementwise_source(op, sig);
      EXPECT_TRUE(contains(src, "raw_array<const float, " + std::to_string(nd) + ", " +
                                    (contiguous ? "true" : "false") + "> r0;"));
      expect_compiles_all_layouts(op, sig);
    }
  // Raw outputs written through, multi-index access, writable raw inputs.
  ElementwiseOp scatter{"scatter", R"(
    int idx[2] = {static_cast<int>(i / table.shape()[1]), static_cast<int>(i % table.shape()[1])};
    out[i] = table[idx] + v;
    counts[0] = counts[0] + 1;)",
                        true};
  scatter.names = {"table", "counts", "v", "out"};
  scatter.raw = {true, true, false, true};
  scatter.writable = {false, true};
  for (bool contiguous : {true, false}) {
    KernelSignature sig = signature({DType::Float64, DType::Int64, DType::Float64},
                                    {DType::Float64});
    sig.raw_ndim = {2, 1, 0, 3};
    sig.raw_contiguous = {contiguous, true, true, contiguous};
    expect_compiles_all_layouts(scatter, sig);
  }
  // Every operand raw: a loop with no loop operands at all (CuPy's size=).
  ElementwiseOp all_raw{"all_raw", "y[i] = x[i] * 2;", true};
  all_raw.names = {"x", "y"};
  all_raw.raw = {true, true};
  KernelSignature sig = signature({DType::Int32}, {DType::Int32});
  sig.raw_ndim = {1, 1};
  std::string src = elementwise_source(all_raw, sig);
  EXPECT_FALSE(contains(src, "char* ptr["));
  expect_compiles_all_layouts(all_raw, sig);
}

TEST(ElementwiseCodegen, PositionAndLoopSize) {
  ElementwiseOp op{"position", "out0 = cast<decltype(out0)>(i * 2 + _i + _ind.size() + n);", true};
  for (DType t : {DType::Int64, DType::Float32, DType::UInt8}) {
    KernelSignature sig = signature({}, {t});
    expect_compiles_all_layouts(op, sig);
    sig.index32 = false;
    EXPECT_TRUE(contains(elementwise_source(op, sig), "typedef long long _idx_t;"));
    EXPECT_TRUE(compiles(op, sig));
  }
}

TEST(ElementwiseCodegen, LoopPrepAndAfterLoop) {
  ElementwiseOp op{"prep", "acc += x; y = x * scale", true};
  op.names = {"x", "y"};
  op.loop_prep = "float scale = 2.0f; float acc = 0";     // no trailing ';' as in CuPy
  op.after_loop = "if (acc < 0) scale = 0; (void)scale";  // sees loop_prep's variables
  KernelSignature sig = signature({DType::Float32}, {DType::Float32});
  std::string src = elementwise_source(op, sig);
  // loop_prep before the loop, after_loop after it, both in the kernel's scope.
  EXPECT_LT(src.find("float scale = 2.0f"), src.find("cunp::elementwise::flat_loop"));
  EXPECT_GT(src.find("if (acc < 0)"), src.find("acc += x; y = x * scale"));
  expect_compiles_all_layouts(op, sig, 4);
}

TEST(ElementwiseCodegen, TypeAliasesPrecedeThePreamble) {
  ElementwiseOp op{"alias", "z = add_twice(x, y); w = (U)b;"};
  op.names = {"x", "y", "z", "w"};
  op.scalar_names = {"b"};
  op.preamble = "__device__ T add_twice(T a, T b) { return a + b + b; }";
  op.type_aliases = {{"T", false, 0}, {"U", true, 0}};
  for (DType t : {DType::Int16, DType::Float16, DType::Float32, DType::Complex64}) {
    KernelSignature sig = signature({t, t}, {t, DType::Int64}, {DType::Int64});
    std::string src = elementwise_source(op, sig);
    EXPECT_LT(src.find("typedef " + std::string(info(t).ctype) + " T;"), src.find("add_twice"));
    EXPECT_TRUE(contains(src, "typedef long long U;"));
    expect_compiles_all_layouts(op, sig);
  }
  ElementwiseOp bad = op;
  bad.type_aliases = {{"T", false, 9}};
  EXPECT_THROW(elementwise_source(bad, signature({DType::Float32, DType::Float32},
                                                 {DType::Float32, DType::Int64}, {DType::Int64})),
               ValueError);
}

TEST(ElementwiseCodegen, EveryDtypeEveryLayout) {
  // A body in the ufunc style: two inputs, a scalar, loaded output, C-order position.
  for (DType t : all_dtypes()) {
    ElementwiseOp op{"every", "out0 = cast<decltype(out0)>(in0); if (i == 0) out0 = in1;", true};
    op.load_outputs = true;
    op.scalar_names = {"s"};
    expect_compiles_all_layouts(op, signature({t, t}, {t}, {t}), std::max(1, 16 / itemsize(t)));
  }
}

TEST(ElementwiseCodegen, CompileErrorsCarryTheUserLine) {
  ElementwiseOp op{"broken", "z = x + undefined_name;"};
  op.names = {"x", "z"};
  std::string src = elementwise_source(op, signature({DType::Float32}, {DType::Float32}));
  try {
    compile(src, op.name, 90);
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_TRUE(contains(e.log, "undefined_name"));
    EXPECT_EQ(e.source, src);
  }
}

TEST(ElementwiseCodegen, CodeHashCoversTheCode) {
  ElementwiseOp a{"same_name", "out0 = in0;"};
  ElementwiseOp b{"same_name", "out0 = in0 + in0;"};
  EXPECT_NE(a.code_hash(), b.code_hash());
  EXPECT_EQ(a.code_hash(), a.code_hash());  // cached
  ElementwiseOp same = a;
  EXPECT_EQ(same.code_hash(), a.code_hash());
  ElementwiseOp c = a;  // a copy starts with no hash: edited before use, it hashes its own code
  c.preamble = "// different";
  EXPECT_NE(c.code_hash(), a.code_hash());
  ElementwiseOp d = a;
  d.loop_prep = "int k = 0;";
  ElementwiseOp e = a;
  e.after_loop = "int k = 0;";
  EXPECT_NE(d.code_hash(), e.code_hash());
  EXPECT_NE(d.code_hash(), a.code_hash());
  ElementwiseOp f = a;
  f.raw = {true};
  ElementwiseOp g = a;
  g.names = {"in0", "out0"};
  ElementwiseOp h = a;
  h.math = true;
  ElementwiseOp k = a;
  k.type_aliases = {{"T", false, 0}};
  for (const ElementwiseOp* x : {&f, &g, &h, &k}) EXPECT_NE(x->code_hash(), a.code_hash());
}

TEST(ElementwiseCodegen, LegacyOpsKeepTheirSource) {
  // Existing callers' aggregate form and their in0/out0/s0/_i/n names keep working.
  const ElementwiseOp linspace{"linspace", R"(
      double v = static_cast<double>(_i) * s1 + s0;
      if (s3 && _i == n - 1) v = s2;
      out0 = cast<decltype(out0)>(s4 ? floor(v) : v);)",
                               true};
  std::vector<DType> sc = {DType::Float64, DType::Float64, DType::Float64, DType::Bool,
                           DType::Bool};
  for (int nd : {0, 2}) EXPECT_TRUE(compiles(linspace, signature({}, {DType::Float32}, sc, nd, 1)));
  std::string src = elementwise_source(linspace, {}, {DType::Float32}, sc, 0, 1);
  EXPECT_TRUE(contains(src, "static_assert(sizeof(Params) == "));
}

// Tiled strided kernels: every dtype with each operand staged or not (inputs, a loaded output
// as where= needs, an output written through its tile), ranks 2 (no batch) and 4 (batch).
TEST(ElementwiseCodegen, TiledEveryDtypeEveryStaging) {
  for (DType t : all_dtypes()) {
    ElementwiseOp op{"tiled",
                     "if (in2) out0 = cast<decltype(out0)>(in0) + cast<decltype(out0)>(in1) + s0;"};
    if (t == DType::Bool) op.body = "if (in2) out0 = in0 || in1 || s0;";
    op.load_outputs = true;
    int nd = 2;
    for (std::vector<bool> staged :
         {std::vector<bool>{false, true, false, false}, std::vector<bool>{true, false, true, true},
          std::vector<bool>{false, false, false, true}}) {
      KernelSignature sig = signature({t, t, DType::Bool}, {t}, {t}, nd, 1);
      sig.tiled = true;
      sig.staged = staged;
      if (!compiles(op, sig)) return;
      nd = nd == 2 ? 4 : 2;  // ranks with and without a batch, alternately
    }
  }
}

TEST(ElementwiseCodegen, TiledSourceShape) {
  ElementwiseOp copy{"tcopy", "out0 = cast<decltype(out0)>(in0);"};
  KernelSignature sig = signature({DType::Complex128}, {DType::Float32}, {}, 3, 1);
  sig.tiled = true;
  sig.staged = {true, false};
  std::string src = elementwise_source(copy, sig);
  // Only the input is staged: one tile of 32x33 complex128 (16896 bytes, which the device
  // checks against its own layout); the output is written in place.
  EXPECT_TRUE(contains(src, "cunp::elementwise::tiled_loop<_idx_t, 3, 32, 8>"));
  EXPECT_TRUE(contains(src, "tiles<32, _operands>::bytes == 16896"));
  EXPECT_TRUE(contains(src, "cunp::elementwise::in<cunp::complex<double>, 0, 't'>"));
  EXPECT_TRUE(contains(src, "cunp::elementwise::out<float, 1, 'r'>"));
  EXPECT_TRUE(compiles(copy, sig));
  // An output staged: written back from its tile.
  sig.staged = {false, true};
  src = elementwise_source(copy, sig);
  EXPECT_TRUE(contains(src, "tiles<32, _operands>::bytes == 4224"));
  EXPECT_TRUE(contains(src, "cunp::elementwise::out<float, 1, 't'>"));
  EXPECT_TRUE(compiles(copy, sig));
  // Positions and the loop size are available; 64-bit positions too.
  ElementwiseOp pos{"tpos",
                    "out0 = cast<decltype(out0)>(in0) + cast<decltype(out0)>(i + _ind.size() + n);",
                    true};
  sig.staged = {true, false};
  sig.index32 = false;
  EXPECT_TRUE(compiles(pos, sig));
  // Named operands and several staged inputs of mixed sizes.
  ElementwiseOp named{"tnamed", "z = x * y + (T)w;"};
  named.names = {"x", "y", "w", "z"};
  named.type_aliases = {{"T", false, 0}};
  KernelSignature s2 = signature({DType::Float64, DType::Float64, DType::Int8}, {DType::Float64},
                                 {}, 2, 1);
  s2.tiled = true;
  s2.staged = {true, false, true, false};
  EXPECT_TRUE(compiles(named, s2));
}

// `return`, `continue` and `break` at the top of a body end that element (CuPy's code uses
// them). With loaded outputs the element is written back as the body left it; without, its
// outputs are not written at all (the functor reports that the body ended early).
TEST(ElementwiseCodegen, EarlyExitEndsTheElement) {
  for (const char* body : {"if (x < 0) return; y = x * 2;", "if (x < 0) continue; y = x * 2;",
                           "if (x < 0) break; y = x * 2;",
                           "for (int k = 0; k < 3; ++k) { if (k == 1) break; } if (x < 0) "
                           "continue; y = x;"}) {
    ElementwiseOp op{"early", body};
    op.names = {"x", "y"};
    op.load_outputs = true;
    KernelSignature sig = signature({DType::Float32}, {DType::Float32});
    EXPECT_FALSE(contains(elementwise_source(op, sig), "-> bool"));
    expect_compiles_all_layouts(op, sig, 4);
    sig.strided_ndim = 2;
    sig.tiled = true;
    sig.staged = {true, false};
    EXPECT_TRUE(compiles(op, sig));

    op.load_outputs = false;
    sig = signature({DType::Float32}, {DType::Float32});
    std::string src = elementwise_source(op, sig);
    EXPECT_TRUE(contains(src, "-> bool"));
    EXPECT_TRUE(contains(src, "return _completed;"));
    EXPECT_TRUE(compiles(op, sig));
    sig.strided_ndim = 3;
    EXPECT_TRUE(compiles(op, sig));
  }
  // A body without outputs (all raw) has nothing to skip.
  ElementwiseOp raw{"early_raw", "if (i == 0) return; y[i] = x[i];", true};
  raw.names = {"x", "y"};
  raw.raw = {true, true};
  KernelSignature sig = signature({DType::Int32}, {DType::Int32});
  sig.raw_ndim = {1, 1};
  EXPECT_FALSE(contains(elementwise_source(raw, sig), "-> bool"));
  expect_compiles_all_layouts(raw, sig);
}
