// src/ops/sorting/select_params.hpp -- the parameter block of the selection kernels, laid out as
// SelectParams in src/device/engines/select.cuh, and the engine's limits.
#pragma once
#include <cstdint>

namespace cunp::detail {

constexpr int kSelectMaxSlots = 32;  // ranks per selection (select::kMaxSlots)
constexpr int kSelectThreads = 256;  // threads per block of every selection kernel

struct SelectParams {
  uint64_t data, state, hist, out;
  int64_t n;
  int64_t ks[kSelectMaxSlots];
  int32_t slots, codec, hi_shift, shift, digit_bits, first, last, aligned;
};
static_assert(sizeof(SelectParams) == 328);

}  // namespace cunp::detail
