// tests/cpp/device/test_math_header.cpp -- the ufunc math header (device_math_header()) compiles for every
// function and compute type the ufunc table calls, and stays cheap to parse. Needs no GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

// The compute types, by NumPy's type character ('e' only where the function steps in half).
const std::map<char, std::string> kType = {
    {'?', "bool"},
    {'b', "signed char"},
    {'h', "short"},
    {'i', "int"},
    {'q', "long long"},
    {'B', "unsigned char"},
    {'H', "unsigned short"},
    {'I', "unsigned int"},
    {'Q', "unsigned long long"},
    {'e', "cunp::float16"},
    {'f', "float"},
    {'d', "double"},
    {'F', "cunp::complex<float>"},
    {'D', "cunp::complex<double>"},
};

const std::string kB = "?", kI = "bhiqBHIQ", kF = "fd", kC = "FD";

// np_<name>(x) and np_<name>(x, y) (both arguments of one type), grouped by their type lists.
struct Group {
  int nin;
  std::string types;
  std::vector<const char*> names;
};
const std::string kAll = kB + kI + kF + kC;
const std::vector<Group> kGroups = {
    {1, kI + kF + kC, {"negative", "positive", "sign", "conjugate", "reciprocal", "square"}},
    {1, kAll, {"absolute", "logical_not", "isfinite", "isinf", "isnan"}},
    {1, kF + kC, {"rint",   "sqrt",  "exp",  "exp2", "expm1",   "log",     "log2",
                  "log10",  "log1p", "sin",  "cos",  "tan",     "arcsin",  "arccos",
                  "arctan", "sinh",  "cosh", "tanh", "arcsinh", "arccosh", "arctanh"}},
    {1, kF, {"fabs", "cbrt", "deg2rad", "rad2deg", "signbit"}},
    {1, kF + "e", {"spacing"}},
    {1, kB + kI + kF, {"floor", "ceil", "trunc"}},
    {1, kB + kI, {"invert"}},
    {1, kI, {"bitwise_count"}},
    {2,
     kAll,
     {"add", "multiply", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
      "logical_and", "logical_or", "logical_xor", "maximum", "minimum", "fmax", "fmin"}},
    {2, kI + kF + kC, {"subtract", "power", "power_scalar"}},
    {2, kF + kC, {"true_divide"}},
    {2, kI + kF, {"floor_divide", "remainder", "fmod"}},
    {2, "dD", {"float_power"}},
    {2, kF, {"heaviside", "logaddexp", "logaddexp2", "arctan2", "hypot", "copysign"}},
    {2, kF + "e", {"nextafter"}},
    {2, kI, {"gcd", "lcm", "left_shift", "right_shift"}},
    {2, kB + kI, {"bitwise_and", "bitwise_or", "bitwise_xor"}},
};

std::string arg(char c) { return "cunp_load<" + kType.at(c) + ">(in)"; }

// One statement per call: the result is stored, so each call is instantiated and type-checked.
std::vector<std::string> calls() {
  std::vector<std::string> v;
  for (const Group& g : kGroups)
    for (const char* name : g.names)
      for (char c : g.types)
        v.push_back("cunp_store(out, np_" + std::string(name) + "(" + arg(c) +
                    (g.nin == 2 ? ", " + arg(c) : "") + "));");
  // The functions with outputs by reference, and the mixed-type ones.
  for (char c : kI + kF)
    v.push_back("{ " + kType.at(c) + " q, r; np_divmod(" + arg(c) + ", " + arg(c) +
                ", q, r); cunp_store(out, q); cunp_store(out, r); }");
  for (char c : kF) {
    std::string t = kType.at(c);
    v.push_back("{ " + t + " f, i; np_modf(" + arg(c) + ", f, i); cunp_store(out, f + i); }");
    v.push_back("{ " + t + " m; int e; np_frexp(" + arg(c) + ", m, e); cunp_store(out, m + e); }");
    v.push_back("cunp_store(out, np_ldexp(" + arg(c) + ", " + arg('i') + "));");
    v.push_back("cunp_store(out, np_ldexp(" + arg(c) + ", " + arg('q') + "));");
  }
  for (const char* cmp : {"greater", "greater_equal", "less", "less_equal", "equal", "not_equal"}) {
    v.push_back("cunp_store(out, np_" + std::string(cmp) + "(" + arg('q') + ", " + arg('Q') +
                "));");
    v.push_back("cunp_store(out, np_" + std::string(cmp) + "(" + arg('Q') + ", " + arg('q') +
                "));");
  }
  return v;
}

// As the ufunc kernels see it: both headers, then `using namespace cunp`.
std::string with_headers(const std::string& body) {
  return device_header() + device_math_header() + "\nusing namespace cunp;\n" +
         "template <class T> __device__ T cunp_load(const char* p) {\n"
         "  return *reinterpret_cast<const T*>(p);\n}\n"
         "template <class T> __device__ void cunp_store(char* p, T v) {\n"
         "  *reinterpret_cast<T*>(p) = v;\n}\n" +
         body;
}

void expect_compiles(const std::string& src, const std::string& name) {
  try {
    CompileResult r = compile(src, name, 90);
    EXPECT_FALSE(r.image.empty());
    EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.log;
  }
}

double compile_ms(const std::string& src) {
  auto t0 = std::chrono::steady_clock::now();
  compile(src, "timing", 90);
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

// Every (function, type) instantiated in one device function: the front end checks them all,
// and as no kernel calls it, no code is generated, so the test stays quick.
TEST(MathHeader, EveryFunctionAndTypeInstantiates) {
  std::string body = "__device__ void cunp_math_all(const char* in, char* out) {\n";
  std::vector<std::string> v = calls();
  for (const std::string& c : v) body += "  " + c + "\n";
  body += "}\n";
  EXPECT_GT(v.size(), 600u);
  expect_compiles(with_headers(body), "math_all");
}

// Code generation for a few representative calls, to cubin.
TEST(MathHeader, RepresentativeKernelsCompile) {
  std::string body = R"(extern "C" __global__ void k(const char* in, char* out) {
  cunp_store(out, np_arccos(cunp_load<complex<double>>(in)));
  cunp_store(out, np_power(cunp_load<complex<float>>(in), cunp_load<complex<float>>(in)));
  cunp_store(out, np_power(cunp_load<long long>(in), cunp_load<long long>(in)));
  cunp_store(out, np_floor_divide(cunp_load<double>(in), cunp_load<double>(in)));
  cunp_store(out, np_remainder(cunp_load<int>(in), cunp_load<int>(in)));
  cunp_store(out, np_nextafter(cunp_load<float16>(in), cunp_load<float16>(in)));
  cunp_store(out, np_spacing(cunp_load<float16>(in)));
  cunp_store(out, np_ldexp(cunp_load<float>(in), cunp_load<long long>(in)));
  cunp_store(out, np_bitwise_count(cunp_load<long long>(in)));
  cunp_store(out, np_less(cunp_load<long long>(in), cunp_load<unsigned long long>(in)));
}
)";
  expect_compiles(with_headers(body), "math_representative");
}

// What the math header adds to a typical one-function ufunc kernel (printed; the machine's load
// decides the absolute numbers, so only a generous bound is checked).
TEST(MathHeader, CompileTimeOfOneFunctionKernel) {
  const std::string kernel = R"(
extern "C" __global__ void k(const float* a, const float* b, float* o, long long n) {
  long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x;
  if (i < n) o[i] = OP;
}
)";
  auto source = [&](bool math, const char* op) {
    std::string k = kernel;
    k.replace(k.find("OP"), 2, op);
    return device_header() + (math ? device_math_header() : std::string()) +
           "\nusing namespace cunp;\n" + k;
  };
  compile(source(false, "a[i] + b[i]"), "warmup", 90);
  double plain = 1e9, math = 1e9;
  for (int r = 0; r < 5; ++r) {
    plain = std::min(plain, compile_ms(source(false, "a[i] + b[i]")));
    math = std::min(math, compile_ms(source(true, "np_add(a[i], b[i])")));
  }
  std::printf("[ timing   ] kernel without the math header %.1f ms, with it %.1f ms (+%.1f ms)\n",
              plain, math, math - plain);
  RecordProperty("compile_ms_plain", static_cast<int>(plain));
  RecordProperty("compile_ms_math", static_cast<int>(math));
  EXPECT_LT(math - plain, 1000.0);
}
