// tests/cpp/special/test_special_ufuncs.cpp -- the scipy.special ufunc table without a GPU: every
// loop of every special ufunc compiles with NVRTC together with its device parts, rows are
// well-formed, and SciPy's (NumPy's legacy) type resolution picks the loops SciPy picks.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

// All loops of one ufunc in one translation unit, each kernel in a namespace of its own; the
// ufunc's device parts (namespace cunp::special) go once before those namespaces.
std::string special_source(const Ufunc& u) {
  std::string parts;
  for (const std::string& p : u.device_parts) parts += device_part(p);
  std::string all;
  for (std::size_t i = 0; i < u.loops.size(); ++i) {
    std::string src = ufunc_loop_source(u, static_cast<int>(i));
    std::size_t at = src.find(parts);
    EXPECT_NE(at, std::string::npos) << u.name << ": the kernel lacks its device parts";
    if (at != std::string::npos) src.erase(at, parts.size());
    std::size_t body = src.find("using namespace cunp;");
    if (all.empty()) all = src.substr(0, body) + parts;
    all += "namespace loop" + std::to_string(i) + " {\n" + src.substr(body) + "}\n";
  }
  return all;
}

UfuncArg strong(DType t) {
  UfuncArg a;
  a.scalar = Scalar::from_int(0, t);
  return a;
}
UfuncArg weak_float() {
  UfuncArg a;
  a.scalar = Scalar::from_double(1.5, DType::Float64);
  a.weak = true;
  return a;
}
UfuncArg weak_int() {
  UfuncArg a;
  a.scalar = Scalar::from_int(2, DType::Int64);
  a.weak = true;
  return a;
}

std::string loop_of(const char* name, std::vector<UfuncArg> args) {
  const Ufunc& u = *find_special_ufunc(name);
  UfuncPlan p = resolve_ufunc(u, args, {}, {});
  return u.type_string(*p.loop);
}

}  // namespace

// Every loop of every special ufunc, one test per ufunc so that ctest spreads them over the
// cores: NVRTC takes from a fraction of a second to ten seconds per ufunc (the inverse
// incomplete gamma and beta functions are the slowest), well over a hundred CPU seconds for the
// whole table, more than one test may take.
class EverySpecialUfunc : public ::testing::TestWithParam<std::string> {};

TEST_P(EverySpecialUfunc, LoopsCompile) {
  const Ufunc& u = *find_special_ufunc(GetParam());
  try {
    compile(special_source(u), u.name, 90);
  } catch (const CompileError& e) {
    ADD_FAILURE() << u.name << ": " << e.what() << "\n" << e.log.substr(0, 4000);
  }
}

std::vector<std::string> special_names() {
  std::vector<std::string> v;
  for (const Ufunc& u : special_ufunc_table()) v.push_back(u.name);
  return v;
}

INSTANTIATE_TEST_SUITE_P(SpecialUfunc, EverySpecialUfunc, ::testing::ValuesIn(special_names()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

TEST(SpecialUfunc, TableIsConsistent) {
  std::set<int> indices;
  for (const Ufunc& u : ufunc_table()) indices.insert(u.index);
  for (const Ufunc& u : special_ufunc_table()) {
    EXPECT_EQ(find_special_ufunc(u.name), &u);
    EXPECT_NE(find_ufunc(u.name), &u) << u.name << " must be a ufunc of its own";
    EXPECT_FALSE(u.loops.empty()) << u.name;
    EXPECT_FALSE(u.device_parts.empty()) << u.name;
    EXPECT_TRUE(indices.insert(u.index).second) << u.name << ": index shared";
    // float32 computes in double, except where the device part has float overloads of its own.
    EXPECT_EQ(u.compute_type(DType::Float32), u.float_in_double ? "double" : "float") << u.name;
    if (!u.float_in_double) EXPECT_TRUE(u.name == "gammaln" || u.name == "i0e") << u.name;
    for (const std::string& part : u.device_parts) EXPECT_NO_THROW(device_part(part)) << part;
  }
}

TEST(SpecialUfunc, LegacyResolutionFollowsSciPy) {
  // An exact loop wins even when an earlier loop would take the inputs safely.
  EXPECT_EQ(loop_of("erf", {strong(DType::Float32)}), "f->f");
  EXPECT_EQ(loop_of("erf", {strong(DType::Float64)}), "d->d");
  // Otherwise the first loop in SciPy's order: float16 and small ints go where it says.
  EXPECT_EQ(loop_of("erf", {strong(DType::Float16)}), "f->f");
  EXPECT_EQ(loop_of("logit", {strong(DType::Float16)}), "d->d");
  EXPECT_EQ(loop_of("log_ndtr", {strong(DType::Float16)}), "f->f");
  EXPECT_EQ(loop_of("xlogy", {strong(DType::Bool), strong(DType::Bool)}), "ff->f");
  EXPECT_EQ(loop_of("xlogy", {strong(DType::UInt16), strong(DType::UInt16)}), "ff->f");
  EXPECT_EQ(loop_of("xlogy", {strong(DType::Int32), strong(DType::Int32)}), "dd->d");
  EXPECT_EQ(loop_of("erfinv", {strong(DType::Float16)}), "f->f");
  EXPECT_EQ(loop_of("erfinv", {strong(DType::Int8)}), "f->f");
  EXPECT_EQ(loop_of("erfinv", {strong(DType::Int32)}), "d->d");
  EXPECT_EQ(loop_of("erf", {strong(DType::Bool)}), "f->f");
  // A Python scalar of the arrays' kind takes their result type (an exact loop of it wins);
  // beside an array of a higher kind it fits the first loop; otherwise it counts as float64 /
  // int64.
  EXPECT_EQ(loop_of("xlogy", {strong(DType::Float32), weak_float()}), "ff->f");
  EXPECT_EQ(loop_of("xlogy", {strong(DType::Float32), weak_int()}), "ff->f");
  EXPECT_EQ(loop_of("xlogy", {strong(DType::Float16), weak_float()}), "ff->f");
  EXPECT_EQ(loop_of("logit", {weak_float()}), "d->d");
  EXPECT_EQ(loop_of("rel_entr", {strong(DType::Float32), weak_float()}), "ff->f");
  EXPECT_EQ(loop_of("rel_entr", {strong(DType::Float16), weak_float()}), "ff->f");
  EXPECT_EQ(loop_of("rel_entr", {strong(DType::Int8), weak_float()}), "dd->d");
  EXPECT_EQ(loop_of("rel_entr", {weak_float(), weak_float()}), "dd->d");
  EXPECT_EQ(loop_of("erfinv", {weak_float()}), "d->d");
  EXPECT_EQ(loop_of("yn", {weak_int(), strong(DType::Float32)}), "ld->d");
  EXPECT_EQ(loop_of("yn", {strong(DType::Int32), strong(DType::Float32)}), "ld->d");
  EXPECT_EQ(loop_of("yn", {strong(DType::Float32), strong(DType::Float32)}), "ff->f");
  EXPECT_EQ(loop_of("poch", {strong(DType::Float32), strong(DType::Float64)}), "dd->d");
  EXPECT_THROW(loop_of("erfinv", {strong(DType::Complex128)}), TypeError);  // no complex loop
  EXPECT_EQ(loop_of("erf", {strong(DType::Complex64)}), "F->F");
  EXPECT_EQ(loop_of("erf", {strong(DType::Complex128)}), "D->D");
}

TEST(SpecialUfunc, SeveralOutputsAndComplexRows) {
  // ellipj has four outputs, sici and shichi two: the count comes from the loops.
  EXPECT_EQ(find_special_ufunc("ellipj")->nout, 4);
  EXPECT_EQ(find_special_ufunc("ellipj")->nargs(), 6);
  EXPECT_EQ(find_special_ufunc("sici")->nout, 2);
  EXPECT_EQ(find_special_ufunc("shichi")->nout, 2);
  EXPECT_EQ(loop_of("ellipj", {strong(DType::Float32), strong(DType::Float32)}), "ff->ffff");
  EXPECT_EQ(loop_of("sici", {strong(DType::Int64)}), "d->dd");
  // The complex rows: complex64 computes in complex128, as float32 does in double.
  const Ufunc& w = *find_special_ufunc("_lambertw");
  EXPECT_EQ(w.compute_type(DType::Complex64), w.compute_type(DType::Complex128));
  EXPECT_EQ(loop_of("_lambertw",
                    {strong(DType::Complex64), strong(DType::Int64), strong(DType::Float32)}),
            "Flf->F");
  EXPECT_EQ(loop_of("_lambertw",
                    {strong(DType::Complex64), strong(DType::Int64), strong(DType::Float64)}),
            "Dld->D");
  // Four inputs (sph_harm_y): the loop cache keys them without colliding with the ufunc index.
  EXPECT_EQ(loop_of("_sph_harm_y", {weak_int(), weak_int(), weak_float(), weak_float()}),
            "lldd->D");
  EXPECT_EQ(loop_of("_sph_harm_y", {strong(DType::Int64), strong(DType::Int64),
                                    strong(DType::Float32), strong(DType::Float32)}),
            "llff->F");
  std::string src = ufunc_loop_source(*find_special_ufunc("ellipj"), 0);
  EXPECT_NE(src.find("sp_ellipj(a0, a1, r0, r1, r2, r3)"), std::string::npos) << src;
}
