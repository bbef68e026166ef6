// tests/cpp/test_op_cache.cpp -- OpCache (src/ops/op_cache.hpp), the ops an area builds on first
// use: each key's op is built once and the same object is returned for it ever after, from any
// thread; a build that throws caches nothing. Beside test_numpy_names.cpp, as op_cache.hpp is
// beside numpy_names.cpp at the top of src/ops. Needs no GPU.
#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ops/op_cache.hpp"

using cunp::OpCache;

namespace {

struct Op {
  std::string name;
  int serial;
};

TEST(OpCache, BuildsEachOpOncePerKey) {
  auto& cache = OpCache<std::string, Op>::create();
  int builds = 0;
  auto make = [&](const std::string& name) {
    return [&builds, name] { return Op{name, ++builds}; };
  };
  const Op& a = cache.get("a", make("a"));
  const Op& b = cache.get("b", make("b"));
  EXPECT_EQ(builds, 2);
  EXPECT_EQ(a.name, "a");
  EXPECT_EQ(b.name, "b");
  EXPECT_NE(&a, &b);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(&cache.get("a", make("a")), &a);
    EXPECT_EQ(&cache.get("b", make("b")), &b);
  }
  EXPECT_EQ(builds, 2);  // later calls found the ops and did not build
  EXPECT_EQ(a.serial, 1);
  EXPECT_EQ(b.serial, 2);
}

TEST(OpCache, AThrowingBuildCachesNothing) {
  auto& cache = OpCache<int, Op>::create();
  EXPECT_THROW(cache.get(1, []() -> Op { throw std::runtime_error("bad op"); }),
               std::runtime_error);
  int builds = 0;
  const Op& op = cache.get(1, [&] { return Op{"one", ++builds}; });
  EXPECT_EQ(builds, 1);
  EXPECT_EQ(op.name, "one");
  EXPECT_EQ(&cache.get(1, [&] { return Op{"again", ++builds}; }), &op);
  EXPECT_EQ(builds, 1);
}

TEST(OpCache, ThreadsShareOneOpPerKey) {
  auto& cache = OpCache<int, Op>::create();
  std::atomic<int> builds{0};
  constexpr int kThreads = 8, kKeys = 4;
  std::vector<const Op*> seen(kThreads * kKeys);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < kKeys; ++k)
        seen[t * kKeys + k] = &cache.get(k, [&] { return Op{std::to_string(k), ++builds}; });
    });
  for (auto& th : threads) th.join();
  EXPECT_EQ(builds.load(), kKeys);
  for (int t = 0; t < kThreads; ++t)
    for (int k = 0; k < kKeys; ++k) {
      EXPECT_EQ(seen[t * kKeys + k], seen[k]) << "thread " << t << ", key " << k;
      EXPECT_EQ(seen[k]->name, std::to_string(k));
    }
}

}  // namespace
