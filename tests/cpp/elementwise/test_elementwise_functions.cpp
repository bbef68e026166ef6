// tests/cpp/elementwise/test_elementwise_functions.cpp -- every kernel of clip, where, nan_to_num, around,
// angle, isclose/allclose and array_equal compiles with NVRTC, for every dtype (no GPU needed).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <thread>

#include "cunp/cunp.hpp"
#include "cunp/ops/elementwise/functions.hpp"

using namespace cunp;

TEST(ElementwiseFunctions, KernelsCompileForEveryDtype) {
  struct Job {
    DType t;
    std::string source;
  };
  std::vector<Job> jobs;
  for (int i = 0; i < kNumDTypes; ++i) {
    DType t = static_cast<DType>(i);
    std::vector<std::string> sources = elementwise_function_sources(t);
    EXPECT_GE(sources.size(), 8u) << name(t);
    for (std::string& s : sources) jobs.push_back({t, std::move(s)});
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::string> failures(jobs.size());
  auto work = [&] {
    for (std::size_t i; (i = next++) < jobs.size();) {
      try {
        if (compile(jobs[i].source, "elementwise_function", 90).image.empty())
          failures[i] = std::string(name(jobs[i].t)) + ": empty image";
      } catch (const CompileError& e) {
        failures[i] = std::string(name(jobs[i].t)) + ": " + e.what() + "\n" + e.log + "\n" +
                      numbered_source(jobs[i].source);
      }
    }
  };
  std::vector<std::thread> threads;
  unsigned n = std::max(2u, std::thread::hardware_concurrency());
  for (unsigned k = 0; k < n; ++k) threads.emplace_back(work);
  for (auto& th : threads) th.join();
  for (const auto& f : failures) EXPECT_TRUE(f.empty()) << f.substr(0, 6000);
}

TEST(ElementwiseFunctions, SourcesAreStable) {
  // The same request builds the same source (ops are cached, not rebuilt under new names).
  EXPECT_EQ(elementwise_function_sources(DType::Float16),
            elementwise_function_sources(DType::Float16));
}
