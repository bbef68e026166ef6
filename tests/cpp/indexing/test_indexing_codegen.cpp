// tests/cpp/indexing/test_indexing_codegen.cpp -- every variant of the indexing kernels (gather/scatter
// along an axis, the compaction steps) compiles with NVRTC; no GPU needed.
#include <gtest/gtest.h>

#include "cunp/cunp.hpp"

using namespace cunp;

namespace {

bool compiles(const std::string& src, const char* name) {
  try {
    CompileResult r = compile(src, name, 90);
    EXPECT_FALSE(r.image.empty());
    EXPECT_EQ(r.minimal, nvrtc_version() >= 12040);
    return true;
  } catch (const CompileError& e) {
    ADD_FAILURE() << e.what() << "\n" << src;
    return false;
  }
}

}  // namespace

TEST(IndexingCodegen, EveryGatherVariantCompiles) {
  const DType index_types[] = {DType::Int8,  DType::Int16,  DType::Int32,  DType::Int64,
                               DType::UInt8, DType::UInt16, DType::UInt32, DType::UInt64};
  for (DType it : index_types)
    for (int unit : {1, 2, 4, 8, 16})
      for (int flags = 0; flags < 128; ++flags) {
        GatherSignature s;
        s.index = it;
        s.unit = unit;
        s.outer1 = flags & 1;
        s.unit1 = flags & 2;
        s.strided = flags & 4;
        s.wide = flags & 8;
        s.scatter = flags & 16;
        s.scalar_value = flags & 32;
        s.value_param = flags & 64;
        if (s.scalar_value && !s.scatter) continue;
        if (s.value_param && !s.scalar_value) continue;
        // The full cross product is slow to compile; every flag is covered with Int64 and
        // 4-byte units, every index type and unit with the plain gather.
        const bool core = it == DType::Int64 && unit == 4;
        const bool value_units = it == DType::Int32 && flags == (16 | 32 | 64);  // every W
        if (!core && flags != 0 && !value_units) continue;
        if (!compiles(gather_source(s), "cunp_gather")) return;
      }
}

TEST(IndexingCodegen, EveryCheckVariantCompiles) {
  for (DType it : {DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8,
                   DType::UInt16, DType::UInt32, DType::UInt64})
    if (!compiles(check_source(it), "cunp_check")) return;
  EXPECT_THROW(check_source(DType::Float64), IndexError);
}

TEST(IndexingCodegen, ScatterDoesNotCheckGatherDoes) {
  // A scatter runs after the check pass (nothing written when an index is bad); a gather
  // checks as it reads. The skeleton takes the direction and the value's source as flags.
  auto flags = [](const GatherSignature& s) {
    const std::string src = gather_source(s);
    const std::size_t at = src.find("cunp::indexing::gather<");
    return at == std::string::npos ? std::string() : src.substr(at, src.find('(', at) - at);
  };
  GatherSignature s;
  EXPECT_EQ(flags(s).find("kScatter"), std::string::npos);
  s.scatter = true;
  EXPECT_NE(flags(s).find("kScatter"), std::string::npos);
  EXPECT_EQ(flags(s).find("kScalarValue"), std::string::npos);
  s.scalar_value = true;
  EXPECT_NE(flags(s).find("kScalarValue"), std::string::npos);
  EXPECT_EQ(flags(s).find("kValueParam"), std::string::npos);
  s.value_param = true;
  EXPECT_NE(flags(s).find("kValueParam"), std::string::npos);
}

TEST(IndexingCodegen, GatherSourceReflectsSignature) {
  GatherSignature s;
  s.unit = 16;
  s.index = DType::UInt32;
  std::string src = gather_source(s);
  EXPECT_NE(src.find("typedef uint4 W;"), std::string::npos);
  EXPECT_NE(src.find("typedef unsigned int I;"), std::string::npos);
  EXPECT_NE(src.find("typedef unsigned int P;"), std::string::npos);
  EXPECT_NE(src.find("gather<W, I, P, 4, 0>(p)"), std::string::npos);
  s.unit1 = true;
  s.outer1 = true;
  s.wide = true;
  src = gather_source(s);
  EXPECT_NE(src.find("typedef unsigned long long P;"), std::string::npos);
  EXPECT_NE(src.find("gather<W, I, P, 4, cunp::indexing::kOuter1 | cunp::indexing::kUnit1>(p)"),
            std::string::npos);
  // The host's parameter block is checked against the device's.
  EXPECT_NE(src.find("static_assert(sizeof(cunp::indexing::GatherParams) == 360"),
            std::string::npos);
  s.index = DType::Float32;
  EXPECT_THROW(gather_source(s), IndexError);
}

TEST(IndexingCodegen, EverySelectVariantCompiles) {
  SelectSignature s;
  for (SelectKind k : {SelectKind::Count, SelectKind::ScanTiles, SelectKind::Coords}) {
    s.kind = k;
    if (!compiles(select_source(s), "cunp_select")) return;
  }
  s.kind = SelectKind::Values;
  for (int isz : {1, 2, 4, 8, 16})
    for (bool strided : {false, true}) {
      s.itemsize = isz;
      s.strided = strided;
      if (!compiles(select_source(s), "cunp_select")) return;
    }
}
