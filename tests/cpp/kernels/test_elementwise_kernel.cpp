// tests/cpp/kernels/test_elementwise_kernel.cpp -- user kernels from C++: CuPy's parameter lists, type
// resolution, host scalars, ElementwiseKernel's checks and sources (no GPU needed), and calls
// on a GPU (skipped without one).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"
#include "cunp/ops/kernels/elementwise_kernel.hpp"

using namespace cunp;

namespace {

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

template <class E, class F> std::string error_of(F f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "(no error)";
}

KernelScalar python_int(int64_t v) { return KernelScalar{Scalar::from_int(v, DType::Int64), true}; }
KernelScalar python_float(double v) {
  return KernelScalar{Scalar::from_double(v, DType::Float64), true};
}

KernelArg scalar_arg(KernelScalar s) {
  KernelArg a;
  a.scalar = s;
  return a;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Parameter lists

TEST(KernelParams, ParsesTypesPlaceholdersAndKeywords) {
  KernelParams p("float32 x, T y, raw T z, _non_const raw U w", "T out");
  ASSERT_EQ(p.in.size(), 4u);
  ASSERT_EQ(p.out.size(), 1u);
  EXPECT_EQ(p.in[0].name, "x");
  EXPECT_EQ(p.in[0].dtype, DType::Float32);
  EXPECT_EQ(p.in[0].ctype, "float");
  EXPECT_TRUE(p.in[0].is_const);
  EXPECT_FALSE(p.in[1].dtype.has_value());
  EXPECT_EQ(p.in[1].ctype, "T");
  EXPECT_TRUE(p.in[2].raw);
  EXPECT_TRUE(p.in[3].raw && !p.in[3].is_const);
  EXPECT_FALSE(p.out[0].is_const);
  EXPECT_EQ(p.placeholders, (std::vector<std::string>{"T", "U"}));
  EXPECT_EQ(p.in[1].placeholder, 0);
  EXPECT_EQ(p.in[3].placeholder, 1);
  EXPECT_EQ(p.out[0].placeholder, 0);
  EXPECT_EQ(p[4].name, "out");
  // NumPy's other spellings of a dtype.
  KernelParams q("f8 a, int b, complex64 c, bool d, float16 e", "");
  EXPECT_EQ(q.in[0].ctype, "double");
  EXPECT_EQ(q.in[1].ctype, "long long");
  EXPECT_EQ(q.in[2].ctype, "complex<float>");  // CuPy's spellings
  EXPECT_EQ(q.in[3].ctype, "bool");
  EXPECT_EQ(q.in[4].ctype, "float16");
  EXPECT_TRUE(q.out.empty());
}

TEST(KernelParams, CupysErrors) {
  for (const char* bad : {"float32", "x", "float32 x,", ", float32 x", " "})
    EXPECT_TRUE(contains(error_of<ValueError>([&] { KernelParams(bad, ""); }), "Syntax error"))
        << bad;
  EXPECT_EQ(error_of<ValueError>([] { KernelParams("const float32 x", ""); }),
            "Unknown keyword \"const\"");
  EXPECT_EQ(error_of<ValueError>([] { KernelParams("float32 2x", ""); }),
            "Invalid parameter name: \"2x\"");
  EXPECT_THROW(KernelParams("floot32 x", ""), TypeError);
  EXPECT_THROW(KernelParams("_non_const T x", ""), NotImplementedError);
  KernelParams("", "_non_const T y");  // outputs are writable anyway
  EXPECT_EQ(error_of<ValueError>([] { KernelParams("T x, T x", "").check_unique_names(); }),
            "Duplicate parameter name: \"x\"");
}

TEST(KernelParams, ResolvesPlaceholdersOutputsFirst) {
  KernelParams p("float32 x, T y, T w", "T z");
  std::optional<DType> in[3] = {DType::Float32, DType::Float64, std::nullopt};  // w: a scalar
  DType in_types[3], out_types[1];
  p.resolve(in, {}, in_types, out_types, "k");
  EXPECT_EQ(in_types[1], DType::Float64);
  EXPECT_EQ(in_types[2], DType::Float64);  // the scalar takes its placeholder's type
  EXPECT_EQ(out_types[0], DType::Float64);
  std::optional<DType> wrong[3] = {DType::Float64, DType::Float32, DType::Float32};
  EXPECT_EQ(error_of<TypeError>([&] { p.resolve(wrong, {}, in_types, out_types, "k"); }),
            "Type is mismatched. x float64 float32");
  std::optional<DType> mixed[3] = {DType::Float32, DType::Float64, DType::Int32};
  EXPECT_EQ(error_of<TypeError>([&] { p.resolve(mixed, {}, in_types, out_types, "k"); }),
            "Type is mismatched. w int32 float64 T");
  DType given[1] = {DType::Int16};
  std::optional<DType> after[3] = {DType::Float32, DType::Float64, DType::Float64};
  EXPECT_EQ(error_of<TypeError>([&] { p.resolve(after, given, in_types, out_types, "k"); }),
            "Type is mismatched. y float64 int16 T");
  std::optional<DType> none[3] = {DType::Float32, std::nullopt, std::nullopt};
  EXPECT_TRUE(contains(error_of<TypeError>([&] { p.resolve(none, {}, in_types, out_types, "k"); }),
                       "Cannot determine the type of 'T'"));
}

TEST(KernelParams, PythonScalarsConvertWithNumpysRules) {
  EXPECT_EQ(python_int(100).as(DType::Int8).as_int(), 100);
  EXPECT_EQ(error_of<OverflowError>([] { python_int(300).as(DType::Int8); }),
            "Python integer 300 out of bounds for int8");
  EXPECT_THROW(python_int(-1).as(DType::UInt32), OverflowError);
  EXPECT_EQ(python_int(300).as(DType::Float32).as_double(), 300.0);
  EXPECT_EQ(python_float(2.9).as(DType::Int32).as_int(), 2);
  EXPECT_THROW(python_float(std::nan("")).as(DType::Int32), ValueError);
  EXPECT_THROW(python_float(std::numeric_limits<double>::infinity()).as(DType::Int64),
               OverflowError);
  KernelScalar c{Scalar::from_complex({1, 2}, DType::Complex128), true};
  EXPECT_THROW(c.as(DType::Float64), TypeError);
  EXPECT_EQ(c.as(DType::Complex64).as_complex(), std::complex<double>(1, 2));
  // Any other scalar converts as astype does.
  KernelScalar strong{Scalar::from_int(300, DType::Int64)};
  EXPECT_EQ(strong.as(DType::Int8).as_int(), 44);
}

TEST(KernelParams, NamesAndIdentifiers) {
  EXPECT_TRUE(is_valid_kernel_name("_k2"));
  for (const char* bad : {"1abc", "my-kernel", "a b", "", "k.x"}) {
    EXPECT_FALSE(is_valid_kernel_name(bad)) << bad;
    EXPECT_THROW(check_kernel_name(bad), ValueError);
  }
  EXPECT_TRUE(mentions_identifier("y = x[i]", "i"));
  EXPECT_TRUE(mentions_identifier("i", "i"));
  EXPECT_FALSE(mentions_identifier("int idx = 0; y = x", "i"));
  EXPECT_TRUE(mentions_identifier("n = _ind.size()", "_ind"));
  EXPECT_FALSE(mentions_identifier("y = x_j", "_j"));
}

// ---------------------------------------------------------------------------------------------
// ElementwiseKernel without a device

TEST(ElementwiseKernel, ConstructionErrors) {
  EXPECT_THROW(ElementwiseKernel("T x", "T y", "y = x", "bad name"), ValueError);
  EXPECT_EQ(error_of<ValueError>([] { ElementwiseKernel("T i", "T y", "y = i", "k"); }),
            "Can not use 'i' as a parameter name");
  EXPECT_THROW(ElementwiseKernel("T x, T x", "T y", "y = x", "k"), ValueError);
  EXPECT_THROW(ElementwiseKernel("_non_const T x", "T y", "y = x", "k"), NotImplementedError);
  ElementwiseKernel k("float32 x, T y", "T z", "z = x + y", "attrs",
                      ElementwiseKernelOptions{.no_return = true});
  EXPECT_EQ(k.name(), "attrs");
  EXPECT_FALSE(k.uses_index());
  EXPECT_EQ(k.returns(), ElementwiseKernel::Returns::Nothing);
  EXPECT_TRUE(ElementwiseKernel("T x", "T y", "y = x + i", "k").uses_index());
  EXPECT_TRUE(ElementwiseKernel("T x", "T y", "y = x", "k",
                                ElementwiseKernelOptions{.loop_prep = "int n = _ind.size()"})
                  .uses_index());
  EXPECT_EQ(ElementwiseKernel("T x", "T y, T z", "y = x; z = x", "k").returns(),
            ElementwiseKernel::Returns::Tuple);
}

TEST(ElementwiseKernel, ArgumentChecksBeforeAnyDeviceWork) {
  ElementwiseKernel k("T x, T y", "T z", "z = x + y", "add_k");
  EXPECT_EQ(error_of<TypeError>([&] { k.check_arg_count(1); }),
            "Wrong number of arguments for 'add_k'. It must be either 2 or 3 (with outputs), "
            "but given 1.");
  k.check_arg_count(3);
  ElementwiseKernel typed("float32 x, float32 y", "float32 z", "z = x + y", "k");
  KernelArg two[2] = {scalar_arg(python_int(1)), scalar_arg(python_int(2))};
  EXPECT_EQ(error_of<ValueError>([&] { typed(ArgList<KernelArg>(two, 2)); }),
            "Loop size is undecided.");
  ElementwiseKernel raw("raw T x", "raw T y", "y[i] = x[i]", "k");
  EXPECT_EQ(error_of<TypeError>([&] { raw({}); }),
            "Wrong number of arguments for 'k'. It must be either 1 or 2 (with outputs), but "
            "given 0.");
}

TEST(ElementwiseKernel, SourcesHaveTypedefsNamesAndScalars) {
  ElementwiseKernel k(
      "T x, U y, raw T t", "T z", "z = x + (T)y + t[i]", "k_src",
      ElementwiseKernelOptions{.preamble = "__device__ T twice(T v) { return v + v; }"});
  std::string src = k.source({DType::Float32, DType::Int16, DType::Float32});
  EXPECT_TRUE(contains(src, "typedef float T;"));
  EXPECT_TRUE(contains(src, "typedef short U;"));
  EXPECT_LT(src.find("typedef float T;"), src.find("__device__ T twice"));
  EXPECT_TRUE(contains(src, "const float x ="));
  EXPECT_TRUE(contains(src, "raw_array<const float, 1, true>"));
  EXPECT_TRUE(contains(src, "cunp_k_src"));
  ElementwiseKernel k2("T x, T y", "T z", "z = x + y", "k_src2");
  src = k2.source({DType::Float64, std::nullopt});  // y: a scalar
  EXPECT_TRUE(contains(src, "const double y ="));
  EXPECT_TRUE(contains(src, "const double x ="));
  EXPECT_THROW(k2.source({std::nullopt, std::nullopt}), TypeError);
  // Given outputs decide a placeholder first.
  EXPECT_THROW(k2.source({DType::Float64, DType::Float64, DType::Int16}), TypeError);
}

TEST(ElementwiseKernel, EveryDtypeAndLayoutCompiles) {
  try {
    nvrtc_version();
  } catch (const CudaError&) {
    GTEST_SKIP() << "NVRTC is not available";
  }
  ElementwiseKernel add("T x, T y", "T z", "z = x + y", "add_generic");
  ElementwiseKernel either("T x, T y", "T z", "z = x || y", "or_generic");
  for (int t = 0; t < kNumDTypes; ++t) {
    DType d = static_cast<DType>(t);
    ElementwiseKernel& k = d == DType::Bool ? either : add;
    for (int nd : {0, 2}) {
      SCOPED_TRACE(std::string(name(d)) + " strided " + std::to_string(nd));
      EXPECT_NO_THROW(k.compile({d, d}, nd, 90));
      EXPECT_NO_THROW(k.compile({d, std::nullopt}, nd, 90));
    }
  }
  ElementwiseKernel prep(
      "raw T x, int32 n", "T y", "acc += 1; y = x[_ind.size() - 1 - i] * (T)n + (T)x.size()", "rev",
      ElementwiseKernelOptions{.loop_prep = "int acc = 0", .after_loop = "(void)acc"});
  EXPECT_NO_THROW(prep.compile({DType::Float64, std::nullopt, DType::Float64}, 3, 90));
  ElementwiseKernel broken("T x", "T y", "y = x + undefined_thing", "broken_kernel");
  EXPECT_THROW(broken.compile({DType::Float32}, 0, 90), CompileError);
}

// Parameters typed by a C struct name take a structured value's bytes (issue 32).
TEST(KernelParams, StructTypedInputs) {
  const std::string preamble = "struct Vec3 { double x, y, z; };";
  KernelParams p("float64 x, double3 v, Vec3 w, geo::Vec3 q", "float64 y", &preamble);
  EXPECT_FALSE(p.in[0].is_struct);
  for (int k : {1, 2, 3}) {
    EXPECT_TRUE(p.in[k].is_struct) << k;
    EXPECT_FALSE(p.in[k].dtype) << k;
    EXPECT_EQ(p.in[k].placeholder, -1) << k;
  }
  EXPECT_EQ(p.in[1].ctype, "double3");
  EXPECT_EQ(p.in[3].ctype, "geo::Vec3");
  EXPECT_TRUE(p.placeholders.empty());
  // Without a scope, or where nothing names the type, it is a dtype name that does not exist.
  EXPECT_THROW(KernelParams("double3 v", ""), TypeError);
  EXPECT_THROW(KernelParams("Vec4 v", "", &preamble), TypeError);
  EXPECT_THROW(KernelParams("raw double3 v", "", &preamble), TypeError);
  EXPECT_THROW(KernelParams("", "double3 v", &preamble), TypeError);
  EXPECT_TRUE(is_cuda_vector_type("ulonglong2"));
  EXPECT_TRUE(is_cuda_vector_type("float4"));
  EXPECT_FALSE(is_cuda_vector_type("float5"));
  EXPECT_FALSE(is_cuda_vector_type("half2"));
}

TEST(ElementwiseKernel, StructArgumentsAndSources) {
  ElementwiseKernel k("float64 x, Mat m, float64 s", "float64 y", "y = x * m.a[8] + s", "mat_cpp",
                      ElementwiseKernelOptions{.preamble = "struct Mat { double a[9]; };"});
  const StructLayout mat{72, 8};
  std::string src = k.source({DType::Float64, std::nullopt, std::nullopt}, 0, 1,
                             {StructLayout{}, mat, StructLayout{}});
  EXPECT_TRUE(contains(src, "const Mat m = *reinterpret_cast<const Mat*>(_p.scalars[0]);"));
  EXPECT_TRUE(contains(src, "const double s = *reinterpret_cast<const double*>(_p.scalars[5]);"));
  EXPECT_TRUE(contains(src, "static_assert(sizeof(Mat) == 72"));
  // A plain scalar or an array where the struct goes, a struct where a dtype goes.
  EXPECT_TRUE(contains(error_of<TypeError>([&] {
                         k.source({DType::Float64, std::nullopt, std::nullopt});
                       }),
                       "not a plain scalar"));
  EXPECT_TRUE(contains(error_of<TypeError>([&] {
                         k.source({DType::Float64, DType::Float64, std::nullopt});
                       }),
                       "not an array"));
  EXPECT_TRUE(contains(
      error_of<TypeError>([&] {
        k.source({std::nullopt, std::nullopt, std::nullopt}, 0, 1, {mat, mat, StructLayout{}});
      }),
      "parameter 'x'"));
  // A call's checks come before any device work.
  double bytes[9] = {};
  KernelArg args[3];
  args[0].scalar.value = Scalar::from_double(1, DType::Float64);
  args[1].scalar.struct_bytes = bytes;
  args[1].scalar.struct_layout = StructLayout{72, 32};
  args[2].scalar.value = Scalar::from_double(1, DType::Float64);
  EXPECT_TRUE(
      contains(error_of<ValueError>([&] { k(ArgList<KernelArg>(args, 3)); }), "alignment of 32"));
}

TEST(ElementwiseKernel, StructLayoutMismatchIsAValueError) {
  try {
    nvrtc_version();
  } catch (const CudaError&) {
    GTEST_SKIP() << "NVRTC is not available";
  }
  ElementwiseKernel k("float64 x, double3 v", "float64 y", "y = x + v.z", "double3_cpp");
  EXPECT_NO_THROW(k.compile({DType::Float64, std::nullopt}, 0, 90, {StructLayout{}, {24, 8}}));
  EXPECT_TRUE(
      contains(error_of<ValueError>([&] {
                 k.compile({DType::Float64, std::nullopt}, 0, 90, {StructLayout{}, {16, 8}});
               }),
               "is not 16 bytes"));
}

// ---------------------------------------------------------------------------------------------
// Calls on a GPU

namespace {

std::vector<double> values(const NDArray& a) {
  NDArray d = a.dtype() == DType::Float64 ? a : astype(a, DType::Float64);
  std::vector<double> v(d.size());
  to_host(d, v.data(), Order::C);
  return v;
}

NDArray doubles(const std::vector<double>& v, const Dims& shape) {
  return from_host(v.data(), DType::Float64, shape, Order::C);
}

}  // namespace

TEST(ElementwiseKernelGpu, BroadcastsScalarsAndAllocates) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  ElementwiseKernel k("T x, T y, T s", "T z", "z = x * 10 + y + s", "bcast_cpp");
  NDArray x = doubles({0, 1, 2}, Dims{3, 1});
  NDArray y = doubles({0, 1, 2, 3}, Dims{4});
  KernelArg args[3] = {KernelArg{&x}, KernelArg{&y}, scalar_arg(python_float(0.5))};
  std::vector<NDArray> out = k(ArgList<KernelArg>(args, 3));
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].shape(), (Dims{3, 4}));
  EXPECT_EQ(out[0].dtype(), DType::Float64);
  std::vector<double> got = values(out[0]);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(got[r * 4 + c], r * 10 + c + 0.5);
  // A given output is written in place and keeps what the code leaves unassigned.
  ElementwiseKernel masked("T x", "T y", "if (x > 1) y = x", "masked_cpp");
  NDArray v = doubles({0, 1, 2, 3}, Dims{4});
  NDArray o = doubles({-1, -1, -1, -1}, Dims{4});
  KernelArg in[1] = {KernelArg{&v}};
  masked(ArgList<KernelArg>(in, 1), {o});
  EXPECT_EQ(values(o), (std::vector<double>{-1, -1, 2, 3}));
  EXPECT_THROW(masked(ArgList<KernelArg>(in, 1), {doubles({0, 0}, Dims{2})}), ValueError);
}

TEST(ElementwiseKernelGpu, RawSizeIndexAndScalarRules) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  ElementwiseKernel squares("", "int32 y", "y = i * i", "squares_cpp");
  std::vector<NDArray> out = squares({}, {}, 5);
  EXPECT_EQ(values(out[0]), (std::vector<double>{0, 1, 4, 9, 16}));
  ElementwiseKernel raw_out("T x", "raw T y", "y[i] = x", "raw_out_cpp");
  NDArray x = doubles({1, 2}, Dims{2});
  KernelArg in[1] = {KernelArg{&x}};
  EXPECT_EQ(error_of<ValueError>([&] { raw_out(ArgList<KernelArg>(in, 1)); }),
            "Output array size is Undecided");
  ElementwiseKernel plain("T x", "T y", "y = x", "plain_cpp");
  EXPECT_THROW(plain(ArgList<KernelArg>(in, 1), {}, 3), ValueError);
  ElementwiseKernel add_scalar("T x, T s", "T y", "y = x + s", "add_scalar_cpp");
  NDArray b = zeros(Dims{3}, DType::Int8);
  KernelArg over[2] = {KernelArg{&b}, scalar_arg(python_int(300))};
  EXPECT_THROW(add_scalar(ArgList<KernelArg>(over, 2)), OverflowError);
  // Empty loops allocate and launch nothing.
  NDArray empty = zeros(Dims{0, 3}, DType::Float32);
  KernelArg e[1] = {KernelArg{&empty}};
  EXPECT_EQ(plain(ArgList<KernelArg>(e, 1))[0].shape(), (Dims{0, 3}));
}

TEST(ElementwiseKernelGpu, StructByValue) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  ElementwiseKernel k("float64 x, double3 v", "float64 y", "y = x * v.x + v.y - v.z",
                      "double3_gpu_cpp");
  const double v[3] = {2.0, 1.0, 0.5};
  NDArray x = doubles({0, 1, 2, 3}, Dims{4});
  KernelArg args[2] = {KernelArg{&x}, KernelArg{}};
  args[1].scalar.struct_bytes = v;
  args[1].scalar.struct_layout = StructLayout{24, 8};
  EXPECT_EQ(values(k(ArgList<KernelArg>(args, 2))[0]), (std::vector<double>{0.5, 2.5, 4.5, 6.5}));
}
