// src/kernels/fill.hpp -- contiguous fills with the prebuilt pattern kernel (src/kernels/fill.cu),
// for values whose bytes do not repeat every 1, 2 or 4 bytes (the driver's memset covers those).
#pragma once
#include <cstddef>
#include <cstdint>

#include "../device/creation/fill_params.hpp"

namespace cunp {

// The kernel parameters that write `nbytes` bytes from `dst` with the `period`-byte value
// repeated (period divides 16; ValueError otherwise).
FillParams fill_params(uintptr_t dst, std::size_t nbytes, const unsigned char* value, int period);

// Enqueues the fill on the current stream of `device`. Returns false, having enqueued nothing,
// when the prebuilt kernels cannot run on that device.
bool fill_pattern(uintptr_t dst, std::size_t nbytes, const unsigned char* value, int period,
                  int device);

}  // namespace cunp
