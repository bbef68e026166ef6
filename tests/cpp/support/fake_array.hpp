// tests/cpp/support/fake_array.hpp -- what several C++ tests share: arrays over fake memory (for
// checks that never touch the data, so they run without a GPU) and the message of a thrown error.
#pragma once
#include <string>

#include "cunp/cunp.hpp"

namespace cunp::test_support {

// A contiguous array of `shape` over a fake address: views, shapes, dtypes and argument errors
// can be checked on it; reading or writing its elements cannot.
inline NDArray fake_array(const Dims& shape, DType dt, Order order = Order::C) {
  int64_t n = shape.product() * itemsize(dt);
  auto mem = wrap_memory(0x10000, static_cast<std::size_t>(n), 0, nullptr);
  return NDArray(mem, mem->ptr, dt, shape, contiguous_strides(shape, itemsize(dt), order));
}

// The message of the `E` that `f` throws (empty when it throws none).
template <class E, class F> std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "";
}

}  // namespace cunp::test_support
