// tests/cpp/linalg/test_linalg_cusolver_names.cpp -- the cusolverDn symbol names that the one routine
// table spells out: per-type letters, the complex "he"/"un" stems, untyped names unchanged.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "linalg/cusolver.hpp"

using cunp::DType;
using cunp::linalg::Dn;
using cunp::linalg::dn_name;

TEST(LinalgCusolverNames, TypedRoutinesCarryTheirLetter) {
  EXPECT_STREQ(dn_name(Dn::GetrfBufferSize, DType::Float64), "cusolverDnDgetrf_bufferSize");
  EXPECT_STREQ(dn_name(Dn::Potrf, DType::Complex64), "cusolverDnCpotrf");
  EXPECT_STREQ(dn_name(Dn::PotrfBatched, DType::Float32), "cusolverDnSpotrfBatched");
  EXPECT_STREQ(dn_name(Dn::OrgqrBufferSize, DType::Float32), "cusolverDnSorgqr_bufferSize");
  EXPECT_STREQ(dn_name(Dn::OrgqrBufferSize, DType::Complex64), "cusolverDnCungqr_bufferSize");
  EXPECT_STREQ(dn_name(Dn::Syevd, DType::Float64), "cusolverDnDsyevd");
  EXPECT_STREQ(dn_name(Dn::SyevjBatched, DType::Complex128), "cusolverDnZheevjBatched");
  EXPECT_STREQ(dn_name(Dn::SyevjBatchedBufferSize, DType::Float32),
               "cusolverDnSsyevjBatched_bufferSize");
  EXPECT_STREQ(dn_name(Dn::Gesvdj, DType::Complex64), "cusolverDnCgesvdj");
}

TEST(LinalgCusolverNames, UntypedRoutinesKeepOneName) {
  EXPECT_STREQ(dn_name(Dn::Create, DType::Complex128), "cusolverDnCreate");
  EXPECT_STREQ(dn_name(Dn::GesvdjSetTolerance, DType::Float32), "cusolverDnXgesvdjSetTolerance");
  EXPECT_STREQ(dn_name(Dn::XgeevBufferSize, DType::Complex64), "cusolverDnXgeev_bufferSize");
}

TEST(LinalgCusolverNames, EveryNameIsDistinct) {
  std::set<std::string> seen;
  const DType types[] = {DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};
  for (int r = 0; r < static_cast<int>(Dn::Count); ++r) {
    std::set<std::string> mine;
    for (DType t : types) mine.insert(dn_name(static_cast<Dn>(r), t));
    // Typed routines have four spellings, untyped ones one; no two routines share a name.
    EXPECT_TRUE(mine.size() == 1 || mine.size() == 4) << dn_name(static_cast<Dn>(r));
    for (const std::string& n : mine) {
      EXPECT_EQ(n.rfind(r == static_cast<int>(Dn::GetProperty) ? "cusolver" : "cusolverDn", 0), 0u)
          << n;
      EXPECT_TRUE(seen.insert(n).second) << n;
    }
  }
}
