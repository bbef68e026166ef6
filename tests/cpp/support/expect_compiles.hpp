// tests/cpp/support/expect_compiles.hpp -- what the kernel-generation tests share: an engine op's
// source for one signature compiles with NVRTC (no GPU needed), else a failure that shows the
// error and the end of the source.
#pragma once
#include <gtest/gtest.h>

#include <exception>
#include <string>

#include "cunp/jit/compiler.hpp"
#include "cunp/ops/elementwise/elementwise.hpp"

namespace cunp::test_support {

inline void expect_compiles(const ElementwiseOp& op, const KernelSignature& sig,
                            const std::string& what) {
  const std::string src = elementwise_source(op, sig);
  try {
    EXPECT_FALSE(compile(src, op.name, 90, op.options).image.empty()) << what;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": " << e.what() << "\n"
                  << src.substr(src.size() > 3000 ? src.size() - 3000 : 0);
  }
}

}  // namespace cunp::test_support
