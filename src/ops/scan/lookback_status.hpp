// src/ops/scan/lookback_status.hpp -- the host's side of the decoupled look-back's tile status
// (src/device/primitives/cunp_lookback.cuh): the packing a kernel instantiates for its value
// size, and the memory the status takes.
#pragma once
#include <cstdint>

namespace cunp::detail {

// PACK of lookback_status for values of `value_bytes`: 1 and 2 keep a tile's flag and value in
// one 8- or 16-byte word, 0 (wider values) keeps flags and values apart.
constexpr int lookback_packing(int value_bytes) {
  return value_bytes <= 4 ? 1 : value_bytes <= 8 ? 2 : 0;
}

// The status of `tiles` tiles in 8-byte words: `words` in all, of which the first `clear_words`
// (the flags) must be zero before the launch.
struct LookbackWords {
  int64_t words = 0, clear_words = 0;
};
constexpr LookbackWords lookback_words(int value_bytes, int64_t tiles) {
  switch (lookback_packing(value_bytes)) {
    case 1: return {tiles, tiles};
    case 2: return {2 * tiles, 2 * tiles};
    default: {
      const int64_t flags = (tiles + 1) / 2, value_words = (value_bytes + 7) / 8;
      return {flags + 2 * tiles * value_words, flags};
    }
  }
}

}  // namespace cunp::detail
