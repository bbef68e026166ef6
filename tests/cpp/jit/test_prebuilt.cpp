// tests/cpp/jit/test_prebuilt.cpp -- the embedded fatbin holds the promised images, the fill
// parameters cover every byte for any alignment, and (on a GPU) the prebuilt fill is exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "cunp/cunp.hpp"
#include "kernels/fill.hpp"
#include "kernels/prebuilt.hpp"
#include "runtime/driver.hpp"

using namespace cunp;

namespace {

// The fatbin container: a 16-byte header (magic, version, header size, size of what follows),
// then entries, each a header (kind, version, header size, payload size, ..., SM number at 28,
// flags at 40) followed by its payload.
constexpr uint32_t kFatbinMagic = 0xBA55ED50u;
constexpr uint16_t kKindPtx = 1, kKindElf = 2;
constexpr uint16_t kEmCuda = 190;  // ELF e_machine of NVIDIA GPU code

struct Entry {
  uint16_t kind;
  uint32_t arch;
  std::string payload;
};

template <class T> T read_at(std::span<const unsigned char> bytes, std::size_t at) {
  T v;
  EXPECT_LE(at + sizeof(T), bytes.size()) << "read past the end of the fatbin";
  if (at + sizeof(T) > bytes.size()) return T{};
  std::memcpy(&v, bytes.data() + at, sizeof(T));
  return v;
}

std::vector<Entry> parse_fatbin(std::span<const unsigned char> fb) {
  std::vector<Entry> entries;
  EXPECT_GE(fb.size(), 16u);
  if (fb.size() < 16) return entries;
  EXPECT_EQ(read_at<uint32_t>(fb, 0), kFatbinMagic);
  EXPECT_EQ(read_at<uint16_t>(fb, 4), 1) << "fatbin version";
  std::size_t header = read_at<uint16_t>(fb, 6);
  std::size_t end = header + read_at<uint64_t>(fb, 8);
  EXPECT_EQ(end, fb.size()) << "the header's size disagrees with the embedded byte count";
  end = std::min(end, fb.size());
  for (std::size_t at = header; at < end;) {
    Entry e;
    e.kind = read_at<uint16_t>(fb, at);
    uint32_t entry_header = read_at<uint32_t>(fb, at + 4);
    uint64_t size = read_at<uint64_t>(fb, at + 8);
    e.arch = read_at<uint32_t>(fb, at + 28);
    if (entry_header < 48 || at + entry_header + size > end) {
      ADD_FAILURE() << "malformed fatbin entry at byte " << at;
      break;
    }
    const char* payload = reinterpret_cast<const char*>(fb.data() + at + entry_header);
    e.payload.assign(payload, size);
    entries.push_back(std::move(e));
    at += entry_header + size;
  }
  return entries;
}

const Entry* find(const std::vector<Entry>& entries, uint16_t kind, uint32_t arch) {
  for (const Entry& e : entries)
    if (e.kind == kind && e.arch == arch) return &e;
  return nullptr;
}

}  // namespace

TEST(Prebuilt, FatbinIsAlignedForTheDriver) {
  std::span<const unsigned char> fb = prebuilt_fatbin();
  ASSERT_FALSE(fb.empty());
  EXPECT_EQ(reinterpret_cast<uintptr_t>(fb.data()) % 8, 0u);
}

TEST(Prebuilt, FatbinHoldsSm80AndSm90CubinsAndPtx) {
  std::vector<Entry> entries = parse_fatbin(prebuilt_fatbin());
  std::set<std::pair<int, int>> found;
  for (const Entry& e : entries) found.insert({e.kind, static_cast<int>(e.arch)});
  std::set<std::pair<int, int>> expected = {{kKindElf, 80}, {kKindElf, 90}, {kKindPtx, 90}};
  EXPECT_EQ(found, expected);
  EXPECT_EQ(entries.size(), 3u);
}

TEST(Prebuilt, CubinsAreCudaElfWithTheKernels) {
  std::vector<Entry> entries = parse_fatbin(prebuilt_fatbin());
  for (uint32_t arch : {80u, 90u}) {
    const Entry* e = find(entries, kKindElf, arch);
    ASSERT_NE(e, nullptr) << "no sm_" << arch << " cubin";
    const std::string& elf = e->payload;
    ASSERT_GE(elf.size(), 64u);
    EXPECT_EQ(elf.substr(0, 4), "\x7f"
                                "ELF")
        << "sm_" << arch << " (compressed?)";
    EXPECT_EQ(elf[4], 2) << "64-bit ELF";
    uint16_t machine;
    std::memcpy(&machine, elf.data() + 18, 2);
    EXPECT_EQ(machine, kEmCuda);
    EXPECT_NE(elf.find("cunp_fill_pattern"), std::string::npos) << "sm_" << arch;
  }
}

TEST(Prebuilt, PtxTargetsSm90WithTheKernels) {
  std::vector<Entry> entries = parse_fatbin(prebuilt_fatbin());
  const Entry* e = find(entries, kKindPtx, 90);
  ASSERT_NE(e, nullptr) << "no compute_90 PTX";
  EXPECT_NE(e->payload.find(".target sm_90"), std::string::npos) << "(compressed?)";
  EXPECT_NE(e->payload.find(".entry cunp_fill_pattern"), std::string::npos);
}

// The kernel's contract (fill_params.hpp), run on the host: head bytes from `pattern`, aligned
// 16-byte vectors and the tail from `body`.
void emulate_fill(const FillParams& p) {
  auto* dst = reinterpret_cast<unsigned char*>(p.dst);
  unsigned char pattern[16], body[16];
  std::memcpy(pattern, p.pattern, 16);
  std::memcpy(body, p.body, 16);
  for (unsigned k = 0; k < p.head; ++k) dst[k] = pattern[k];
  unsigned char* vectors = dst + p.head;
  if (p.vectors) ASSERT_EQ(reinterpret_cast<uintptr_t>(vectors) % 16, 0u) << "misaligned vectors";
  for (unsigned long long v = 0; v < p.vectors; ++v) std::memcpy(vectors + 16 * v, body, 16);
  for (unsigned k = 0; k < p.tail; ++k) vectors[16 * p.vectors + k] = body[k];
}

TEST(Prebuilt, FillParamsCoverEveryByteAtAnyAlignment) {
  const unsigned char value[16] = {0x01, 0x12, 0x23, 0x34, 0x45, 0x56, 0x67, 0x78,
                                   0x89, 0x9a, 0xab, 0xbc, 0xcd, 0xde, 0xef, 0xf0};
  alignas(16) unsigned char buffer[16 + 512 + 16];
  for (int period : {8, 16})
    for (int offset = 0; offset < 16; ++offset)
      for (int elements : {0, 1, 2, 3, 4, 5, 7, 16, 17, 31}) {
        std::size_t nbytes = static_cast<std::size_t>(elements) * period;
        std::memset(buffer, 0xEE, sizeof buffer);
        unsigned char* dst = buffer + 16 + offset;
        FillParams p = fill_params(reinterpret_cast<uintptr_t>(dst), nbytes, value, period);
        EXPECT_LT(p.head, 16u);
        EXPECT_LT(p.tail, 16u);
        EXPECT_EQ(p.head + 16 * p.vectors + p.tail, nbytes);
        emulate_fill(p);
        for (std::size_t k = 0; k < nbytes; ++k)
          ASSERT_EQ(dst[k], value[k % period])
              << "period " << period << " offset " << offset << " n " << nbytes << " byte " << k;
        for (unsigned char* q = buffer; q < dst; ++q) ASSERT_EQ(*q, 0xEE) << "wrote before";
        for (unsigned char* q = dst + nbytes; q < buffer + sizeof buffer; ++q)
          ASSERT_EQ(*q, 0xEE) << "wrote after";
      }
}

TEST(Prebuilt, FillParamsRejectPeriodsThatDoNotDivide16) {
  const unsigned char value[16] = {};
  EXPECT_THROW(fill_params(0, 24, value, 3), ValueError);
  EXPECT_THROW(fill_params(0, 24, value, 0), ValueError);
  EXPECT_THROW(fill_params(0, 24, value, 32), ValueError);
}

// --- on a GPU ---

TEST(PrebuiltGpu, LoadsOnThisDevice) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  if (compute_capability(0) < 80) GTEST_SKIP() << "the fatbin starts at sm_80";
  activate(0);
  CUmodule m = nullptr;
  CUresult r = drv::api().cuModuleLoadData(&m, prebuilt_fatbin().data());
  ASSERT_EQ(r, CUDA_SUCCESS) << drv::describe(r);
  drv::api().cuModuleUnload(m);
  EXPECT_NE(prebuilt_function("cunp_fill_pattern", 0), nullptr);
  EXPECT_THROW(prebuilt_function("no_such_kernel", 0), ValueError);
}

TEST(PrebuiltGpu, FillMatchesTheHostAtEveryOffset) {
  if (!cuda_available()) GTEST_SKIP() << "no GPU";
  struct Case {
    DType dtype;
    Scalar value;
  };
  const Case cases[] = {
      {DType::Float64, Scalar::from_double(1.0, DType::Float64)},
      {DType::Int64, Scalar::from_int(0x0102030405060708, DType::Int64)},
      {DType::Complex64, Scalar::from_complex({1.0, -2.5}, DType::Complex64)},
      {DType::Complex128, Scalar::from_complex({1.0, 0.0}, DType::Complex128)},
      {DType::Complex128, Scalar::from_complex({3.0, -7.0}, DType::Complex128)},
  };
  // Views at byte offsets the allocator never gives, so every head/tail split is exercised.
  for (const Case& c : cases)
    for (int64_t n : {1, 2, 3, 15, 16, 17, 1000, (1 << 20) + 3})
      for (int64_t offset : {0, 4, 8, 16, 24}) {
        int64_t isz = itemsize(c.dtype);
        int64_t total = offset + n * isz + 16;
        NDArray bytes = NDArray::empty(Dims{total}, DType::UInt8);
        fill(bytes, Scalar::from_int(0, DType::UInt8));
        NDArray view = bytes.view(c.dtype, Dims{n}, Dims{isz}, bytes.data() + offset);
        ASSERT_TRUE(view.c_contiguous());
        fill(view, c.value);
        std::vector<unsigned char> host(static_cast<std::size_t>(total));
        to_host(bytes, host.data(), Order::C);
        for (int64_t k = 0; k < total; ++k) {
          bool inside = k >= offset && k < offset + n * isz;
          unsigned char expect = inside ? c.value.bytes[(k - offset) % isz] : 0;
          ASSERT_EQ(host[k], expect)
              << name(c.dtype) << " n " << n << " offset " << offset << " byte " << k;
        }
      }
}
