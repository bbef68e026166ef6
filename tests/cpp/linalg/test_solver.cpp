// tests/cpp/linalg/test_solver.cpp -- the solver without a GPU: the cuSOLVER table and cuBLAS's batched
// LU entries resolve where the libraries are installed, every solver kernel compiles with NVRTC,
// and bad input is refused before any device work.
#include <gtest/gtest.h>

#include <string>

#include "cunp/cunp.hpp"
#include "cunp/linalg/solver.hpp"
#include "linalg/cublas.hpp"
#include "linalg/cublas_batched.hpp"
#include "linalg/cusolver.hpp"
#include "linalg/solver_common.hpp"

using namespace cunp;
using namespace cunp::linalg;

TEST(Solver, CusolverTableResolves) {
  if (!cusolver_available()) GTEST_SKIP() << "libcusolver is not installed here";
  const DType types[] = {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};
  for (int r = 0; r < static_cast<int>(Dn::Count); ++r) {
    Dn routine = static_cast<Dn>(r);
    if (routine == Dn::Xgeev || routine == Dn::XgeevBufferSize) continue;  // CUDA 12.6+ only
    for (DType t : types) EXPECT_NE(dn_symbol_or_null(routine, t), nullptr) << dn_name(routine, t);
  }
}

TEST(Solver, CusolverNamesFollowTheTypes) {
  EXPECT_STREQ(dn_name(Dn::Getrf, DType::Float32), "cusolverDnSgetrf");
  EXPECT_STREQ(dn_name(Dn::Getrf, DType::Complex128), "cusolverDnZgetrf");
  EXPECT_STREQ(dn_name(Dn::Syevd, DType::Complex64), "cusolverDnCheevd");
  EXPECT_STREQ(dn_name(Dn::Orgqr, DType::Complex128), "cusolverDnZungqr");
  EXPECT_STREQ(dn_name(Dn::GesvdjBatched, DType::Float64), "cusolverDnDgesvdjBatched");
  EXPECT_STREQ(dn_name(Dn::Xgeev), "cusolverDnXgeev");
  EXPECT_EQ(dn_symbol_or_null(Dn::Getrf, DType::Int32), nullptr);
}

TEST(Solver, CublasBatchedLuResolves) {
  // The batched LU entries live in the shared cuBLAS table: available() means all resolved.
  if (!blas::available()) GTEST_SKIP() << blas::unavailable_reason();
  const blas::Api& api = blas::api();
  EXPECT_NE(api.cublasSgetrfBatched, nullptr);
  EXPECT_NE(api.cublasZgetrfBatched, nullptr);
  EXPECT_NE(api.cublasCgetrsBatched, nullptr);
  EXPECT_NE(api.cublasDgetriBatched, nullptr);
}

TEST(Solver, CublasBatchedRefusesOtherDtypesFirst) {
  // The dtype is checked before the library or a device is touched.
  EXPECT_THROW(getrf_batched(DType::Int32, 0, 2, nullptr, 2, nullptr, nullptr, 1), TypeError);
  EXPECT_THROW(getri_batched(DType::Float16, 0, 2, nullptr, 2, nullptr, nullptr, 2, nullptr, 1),
               TypeError);
}

TEST(Solver, EveryKernelCompiles) {
  for (const std::string& src : solver_kernel_sources()) {
    try {
      compile(src, "linalg", 90);
    } catch (const CompileError& e) {
      ADD_FAILURE() << e.what() << "\n" << e.log.substr(0, 4000);
    }
  }
}

TEST(Solver, TypeSlotRefusesOtherDtypes) {
  EXPECT_EQ(solver_type_slot(DType::Complex64), 2);
  try {
    solver_type_slot(DType::Float16);
    FAIL();
  } catch (const TypeError& e) {
    EXPECT_STREQ(e.what(), "array type float16 is unsupported in linalg");
  }
}

TEST(Solver, SvdDriverSetting) {
  std::string before = svd_driver();
  EXPECT_EQ(before, "gesvdj");  // the default; no environment variable changes it
  set_svd_driver("gesvd");
  EXPECT_EQ(svd_driver(), "gesvd");
  set_svd_driver("gesvdj");
  EXPECT_EQ(svd_driver(), "gesvdj");
  try {
    set_svd_driver("qr");
    ADD_FAILURE() << "an unknown driver was accepted";
  } catch (const ValueError& e) {
    EXPECT_STREQ(e.what(), "svd driver must be 'gesvdj' or 'gesvd', not 'qr'");
  }
  EXPECT_EQ(svd_driver(), "gesvdj");
  set_svd_driver(before);
}
