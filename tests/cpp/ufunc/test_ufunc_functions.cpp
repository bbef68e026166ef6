// tests/cpp/ufunc/test_ufunc_functions.cpp -- the NumPy-named ufunc functions: the lists they are
// generated from match the ufunc table, and each function reaches its own row (no GPU needed:
// a signature no loop has makes every call fail in type resolution, naming the ufunc). With a
// GPU, values NumPy gives, and the ufunc objects' methods.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "cunp/cunp.hpp"
#include "support/fake_array.hpp"

using namespace cunp;

namespace {

NDArray fake(Dims shape, DType dt = DType::Float64) { return test_support::fake_array(shape, dt); }

struct Arity {
  int nin, nout;
  bool operator==(const Arity&) const = default;
};

// Every C++ function name the lists generate, with its row's name and its arity.
std::map<std::string, std::pair<std::string, Arity>> generated() {
  std::map<std::string, std::pair<std::string, Arity>> m;
#define NAME_1_1(fn) m[#fn] = {#fn, {1, 1}};
#define NAME_2_1(fn) m[#fn] = {#fn, {2, 1}};
#define NAME_1_2(fn) m[#fn] = {#fn, {1, 2}};
#define NAME_2_2(fn) m[#fn] = {#fn, {2, 2}};
#define ALIAS_1_1(fn, row) m[#fn] = {#row, {1, 1}};
#define ALIAS_2_1(fn, row) m[#fn] = {#row, {2, 1}};
  CUNP_UFUNCS_1_1(NAME_1_1)
  CUNP_UFUNCS_2_1(NAME_2_1)
  CUNP_UFUNCS_1_2(NAME_1_2)
  CUNP_UFUNCS_2_2(NAME_2_2)
  CUNP_UFUNC_ALIASES_1_1(ALIAS_1_1)
  CUNP_UFUNC_ALIASES_2_1(ALIAS_2_1)
#undef NAME_1_1
#undef NAME_2_1
#undef NAME_1_2
#undef NAME_2_2
#undef ALIAS_1_1
#undef ALIAS_2_1
  return m;
}

// A signature no loop of any ufunc has (bool in, complex128 next): resolution fails before
// anything is allocated, with a message naming the ufunc.
UfuncOptions impossible(int nargs) {
  UfuncOptions opt;
  opt.signature.assign(nargs, std::nullopt);
  opt.signature[0] = DType::Bool;
  opt.signature[1] = DType::Complex128;
  return opt;
}

}  // namespace

TEST(UfuncFunctions, EveryUfuncOfTheTableHasItsFunction) {
  auto names = generated();
  std::set<std::string> rows;
  for (const Ufunc& u : ufunc_table()) {
    rows.insert(u.name);
    auto it = names.find(u.name);
    ASSERT_NE(it, names.end()) << "no cunp::" << u.name << ": add it to CUNP_UFUNCS_" << u.nin
                               << "_" << u.nout;
    EXPECT_EQ(it->second.first, u.name);
    EXPECT_EQ(it->second.second, (Arity{u.nin, u.nout})) << u.name;
  }
  // The table's own aliases are among the functions, and every function names a row.
  for (const auto& [alias, row] : ufunc_aliases()) {
    ASSERT_TRUE(names.count(alias)) << "no cunp::" << alias;
    EXPECT_EQ(names[alias].first, row);
  }
  for (const auto& [fn, target] : names) {
    const Ufunc* u = find_ufunc(target.first);
    ASSERT_NE(u, nullptr) << fn << " names " << target.first << ", which the table lacks";
    EXPECT_EQ(target.second, (Arity{u->nin, u->nout})) << fn;
    EXPECT_EQ(&ufunc(fn).definition(), u) << fn;  // the lookup knows every alias too
  }
  EXPECT_EQ(names.size(), ufunc_table().size() + 16);  // 5 NumPy aliases, 11 array API names
}

TEST(UfuncFunctions, EachFunctionReachesItsRow) {
  NDArray x = fake({3}, DType::Bool), y = fake({3}, DType::Complex128);
#define CHECK(fn, row, call)                                                  \
  {                                                                           \
    std::string m = test_support::message_of<TypeError>([&] { (void)call; }); \
    EXPECT_TRUE(m.ends_with("for ufunc " #row)) << "cunp::" #fn ": " << m;    \
  }
#define CHECK_1_1(fn, row) CHECK(fn, row, cunp::fn(x, {}, impossible(2)))
#define CHECK_2_1(fn, row) CHECK(fn, row, cunp::fn(x, y, {}, impossible(3)))
#define CHECK_1_2(fn, row) CHECK(fn, row, cunp::fn(x, {}, {}, impossible(3)))
#define CHECK_2_2(fn, row) CHECK(fn, row, cunp::fn(x, y, {}, {}, impossible(4)))
#define SELF_1_1(fn) CHECK_1_1(fn, fn)
#define SELF_2_1(fn) CHECK_2_1(fn, fn)
#define SELF_1_2(fn) CHECK_1_2(fn, fn)
#define SELF_2_2(fn) CHECK_2_2(fn, fn)
  CUNP_UFUNCS_1_1(SELF_1_1)
  CUNP_UFUNCS_2_1(SELF_2_1)
  CUNP_UFUNCS_1_2(SELF_1_2)
  CUNP_UFUNCS_2_2(SELF_2_2)
  CUNP_UFUNC_ALIASES_1_1(CHECK_1_1)
  CUNP_UFUNC_ALIASES_2_1(CHECK_2_1)
#undef CHECK
#undef CHECK_1_1
#undef CHECK_2_1
#undef CHECK_1_2
#undef CHECK_2_2
#undef SELF_1_1
#undef SELF_2_1
#undef SELF_1_2
#undef SELF_2_2
}

TEST(UfuncFunctions, UfuncObjects) {
  EXPECT_EQ(ufunc("acos").name(), "arccos");
  EXPECT_EQ(ufunc("abs").name(), "absolute");
  EXPECT_EQ(ufunc("divmod").nout(), 2);
  EXPECT_THROW(ufunc("no_such_ufunc"), ValueError);
  NDArray x = fake({3});
  EXPECT_THROW(ufunc("divmod")(x, 2), ValueError);  // two outputs: call() or cunp::divmod
  EXPECT_THROW(ufunc("sin")(x, x), TypeError);      // sin takes one input
  EXPECT_THROW(ufunc("sin").outer(x, x), ValueError);
  EXPECT_THROW(ufunc("add").call({x, 1}, {NDArray(), NDArray()}), ValueError);  // 2 outs for 1
  // Numbers on either side of a binary function, as for the operators.
  EXPECT_THROW(cunp::add(fake({2}, DType::UInt8), 300), OverflowError);
  EXPECT_THROW(cunp::subtract(-1, fake({2}, DType::UInt8)), OverflowError);
}

// -- with a GPU: values NumPy gives -----------------------------------------------------------

TEST(UfuncFunctionsGpu, ValuesMatchNumPy) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray x = asarray({0.0, 1.0, -1.0});
  EXPECT_TRUE(allclose(cunp::sin(x), asarray({0.0, 0.8414709848078965, -0.8414709848078965})));
  EXPECT_TRUE(allclose(arctan2(x, -1.0),
                       asarray({3.141592653589793, 2.356194490192345, -2.356194490192345})));
  EXPECT_EQ(to_vector<double>(cunp::abs(x)), (std::vector<double>{0, 1, 1}));
  EXPECT_EQ(to_vector<double>(maximum(x, 0.5)), (std::vector<double>{0.5, 1, 0.5}));
  EXPECT_EQ(to_vector<bool>(logical_and(x, true)), (std::vector<bool>{false, true, true}));
  EXPECT_EQ(to_vector<double>(subtract(1, x)), (std::vector<double>{1, 0, 2}));
  NDArray s = cunp::sqrt(asarray({4, 9}));  // int32 in, float64 out
  EXPECT_EQ(s.dtype(), DType::Float64);
  EXPECT_EQ(to_vector<double>(s), (std::vector<double>{2, 3}));

  NDArray n = asarray(std::vector<int64_t>{-7, 7});
  auto [q, r] = divmod(n, 3);
  EXPECT_EQ(to_vector<int64_t>(q), (std::vector<int64_t>{-3, 2}));
  EXPECT_EQ(to_vector<int64_t>(r), (std::vector<int64_t>{2, 1}));
  auto [frac, whole] = modf(asarray({2.5, -1.25}));
  EXPECT_EQ(to_vector<double>(frac), (std::vector<double>{0.5, -0.25}));
  EXPECT_EQ(to_vector<double>(whole), (std::vector<double>{2, -1}));
  auto [mantissa, exponent] = frexp(asarray({8.0}));
  EXPECT_EQ(exponent.dtype(), DType::Int32);
  EXPECT_EQ(to_vector<double>(mantissa), (std::vector<double>{0.5}));
  EXPECT_EQ(to_vector<int>(exponent), (std::vector<int>{4}));

  // out= receives the result under same_kind casting.
  NDArray out = zeros({3});
  NDArray back = add(x, 1, out);
  EXPECT_EQ(back.data(), out.data());
  EXPECT_EQ(to_vector<double>(out), (std::vector<double>{1, 2, 0}));
}

TEST(UfuncFunctionsGpu, UfuncMethods) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  NDArray a = asarray(std::vector<int64_t>{1, 2, 3, 4});
  EXPECT_EQ(to_vector<int64_t>(ufunc("add").reduce(a)), (std::vector<int64_t>{10}));
  EXPECT_EQ(to_vector<int64_t>(ufunc("add").accumulate(a)), (std::vector<int64_t>{1, 3, 6, 10}));
  EXPECT_EQ(to_vector<int64_t>(ufunc("multiply").reduceat(a, {0, 2})),
            (std::vector<int64_t>{2, 12}));
  NDArray o = ufunc("add").outer(asarray(std::vector<int64_t>{1, 2}),
                                 asarray(std::vector<int64_t>{10, 20, 30}));
  EXPECT_EQ(o.shape(), (Dims{2, 3}));
  EXPECT_EQ(to_vector<int64_t>(o), (std::vector<int64_t>{11, 21, 31, 12, 22, 32}));
  NDArray acc = zeros({3}, DType::Int64);
  ufunc("add").at(acc, {asarray(std::vector<int64_t>{0, 0, 2})}, 1);  // repeats accumulate
  EXPECT_EQ(to_vector<int64_t>(acc), (std::vector<int64_t>{2, 0, 1}));
  EXPECT_EQ(to_vector<double>(ufunc("sin")(zeros({2}))), (std::vector<double>{0, 0}));
}
