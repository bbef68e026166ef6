// tests/cpp/jit/test_kernel_key.cpp -- KernelKey (src/jit/kernel.hpp), the fixed-size key of the
// kernel cache: a fact out of a byte's range or one past its capacity throws (overflow()) rather
// than being truncated into another kernel's key, and keys compare by every field. Needs no GPU.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cunp/runtime/error.hpp"
#include "jit/kernel.hpp"

using cunp::RuntimeError;
using cunp::detail::Engine;
using cunp::detail::KernelKey;

namespace {

// The message of what `f` throws as RuntimeError ("" if it throws nothing).
template <class F> std::string runtime_error_of(F&& f) {
  try {
    f();
  } catch (const RuntimeError& e) {
    return e.what();
  }
  return "";
}

TEST(KernelKey, HoldsEveryByteValue) {
  KernelKey k(Engine::Elementwise, 0, 42);
  for (int v = 0; v <= 255; ++v) k.add(v);
  ASSERT_EQ(k.len, 256u);
  for (int v = 0; v <= 255; ++v) EXPECT_EQ(k.bytes[v], v);
}

TEST(KernelKey, AFactOutsideAByteThrows) {
  KernelKey k(Engine::Reduction, 0, 7);
  k.add(3);
  for (int v : {-1, 256, -1000, 1 << 20}) {
    const std::string what = runtime_error_of([&] { k.add(v); });
    EXPECT_NE(what.find("fact " + std::to_string(v) + " does not fit in a byte"), std::string::npos)
        << v << ": " << what;
  }
  // Nothing was written by the facts that threw.
  EXPECT_EQ(k.len, 1u);
  EXPECT_EQ(k.bytes[0], 3);
  // A list's entries are checked as facts too, and so is its length.
  EXPECT_THROW(k.add_list(std::vector<int>{1, 300}), RuntimeError);
  EXPECT_THROW(k.add_list(std::vector<int>(256, 0)), RuntimeError);
}

TEST(KernelKey, AFactPastTheCapacityThrows) {
  KernelKey k(Engine::Scan, 1, 9);
  for (int i = 0; i < KernelKey::kCapacity; ++i) k.add(i % 256);
  ASSERT_EQ(k.len, static_cast<uint32_t>(KernelKey::kCapacity));
  const std::string what = runtime_error_of([&] { k.add(0); });
  EXPECT_NE(what.find("more than " + std::to_string(KernelKey::kCapacity) + " facts"),
            std::string::npos)
      << what;
  EXPECT_EQ(k.len, static_cast<uint32_t>(KernelKey::kCapacity));
  // A full key reports its capacity whatever the fact, in range or not.
  EXPECT_NE(runtime_error_of([&] { k.add(256); }).find("more than"), std::string::npos);

  // Lists fill a key as single facts do: two lists of 255 entries (and their lengths) fill it.
  KernelKey l(Engine::Scan, 1, 9);
  l.add_list(std::vector<int>(255, 1));
  l.add_list(std::vector<int>(255, 2));
  ASSERT_EQ(l.len, static_cast<uint32_t>(KernelKey::kCapacity));
  EXPECT_THROW(l.add_list(std::vector<int>{}), RuntimeError);
}

TEST(KernelKey, KeysCompareByEveryField) {
  auto make = [](Engine e, int device, uint64_t op, std::vector<int> facts) {
    KernelKey k(e, device, op);
    for (int v : facts) k.add(v);
    return k;
  };
  const KernelKey a = make(Engine::Elementwise, 0, 5, {1, 2, 3});
  EXPECT_TRUE(a == make(Engine::Elementwise, 0, 5, {1, 2, 3}));
  EXPECT_FALSE(a == make(Engine::Reduction, 0, 5, {1, 2, 3}));
  EXPECT_FALSE(a == make(Engine::Elementwise, 1, 5, {1, 2, 3}));
  EXPECT_FALSE(a == make(Engine::Elementwise, 0, 6, {1, 2, 3}));
  EXPECT_FALSE(a == make(Engine::Elementwise, 0, 5, {1, 2, 4}));
  EXPECT_FALSE(a == make(Engine::Elementwise, 0, 5, {1, 2}));
  EXPECT_FALSE(a == make(Engine::Elementwise, 0, 5, {1, 2, 3, 0}));
}

}  // namespace
