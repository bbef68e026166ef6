// tests/cpp/runtime/test_nccl.cpp -- cunp::nccl without a GPU: the dtype mapping, the library's version
// and ids, and argument checks that come before any device work.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"

using namespace cunp;

TEST(Nccl, DataTypes) {
  EXPECT_EQ(nccl::data_type(DType::Float32), nccl::DataType::Float32);
  EXPECT_EQ(nccl::data_type(DType::UInt64), nccl::DataType::Uint64);
  EXPECT_EQ(nccl::data_type(DType::Complex128), nccl::DataType::Float64);
  EXPECT_EQ(nccl::elements(DType::Complex64, 5), 10u);
  EXPECT_EQ(nccl::elements(DType::Int8, 5), 5u);
  for (DType t : {DType::Bool, DType::Int16, DType::UInt16})
    EXPECT_THROW(nccl::data_type(t), TypeError);
}

TEST(Nccl, VersionAndUniqueIds) {
  if (!nccl::available()) GTEST_SKIP() << nccl::unavailable_reason();
  EXPECT_GE(nccl::version(), 20000);
  EXPECT_NE(nccl::unique_id(), nccl::unique_id());
}

TEST(Nccl, RanksAreCheckedFirst) {
  const nccl::UniqueId id{};
  EXPECT_THROW(nccl::Communicator(0, id, 0), ValueError);
  EXPECT_THROW(nccl::Communicator(2, id, 2), ValueError);
  EXPECT_THROW(nccl::Communicator(2, id, -1), ValueError);
  EXPECT_THROW(nccl::Communicator::init_all({}), ValueError);
  nccl::Communicator none;
  EXPECT_FALSE(none.valid());
  EXPECT_THROW(none.size(), ValueError);
  EXPECT_NO_THROW(none.destroy());
}
