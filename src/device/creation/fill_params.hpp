// src/device/creation/fill_params.hpp -- the parameter block of the prebuilt fill kernel, shared
// by its device code (fill_pattern.cuh, compiled by nvcc through src/kernels/fill.cu) and its
// launcher (src/kernels/fill.cpp) so both agree on the layout.
#pragma once

namespace cunp {

// Fills `head + 16 * vectors + tail` bytes from `dst` with a 16-byte pattern (an 8-byte value
// repeated twice). Byte k of the array is pattern byte k % 16; the 16-byte aligned middle is
// written with whole-vector stores of `body`, the pattern rotated to start at dst + head.
// The words hold the pattern's bytes in memory order (little-endian on host and device).
struct FillParams {
  unsigned long long dst;      // address of the first byte
  unsigned long long vectors;  // aligned 16-byte stores after the head
  unsigned int head;           // bytes before the first 16-byte boundary (< 16)
  unsigned int tail;           // bytes after the last whole vector (< 16)
  unsigned int pattern[4];     // the pattern as seen from dst: head bytes come from here
  unsigned int body[4];        // the pattern as seen from dst + head: vectors and tail
};

}  // namespace cunp
