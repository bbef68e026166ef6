// src/kernels/fill.cpp -- parameters and launch of the prebuilt fill kernel.
#include "fill.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "../jit/kernel.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"
#include "prebuilt.hpp"

namespace cunp {
namespace {

constexpr int kBlock = 256;  // the kernel's __launch_bounds__
constexpr char kKernel[] = "cunp_fill_pattern";

}  // namespace

FillParams fill_params(uintptr_t dst, std::size_t nbytes, const unsigned char* value, int period) {
  if (period <= 0 || 16 % period != 0)
    throw ValueError("fill: a pattern of " + std::to_string(period) + " bytes does not divide 16");
  unsigned char pattern[16], body[16];
  for (int k = 0; k < 16; ++k) pattern[k] = value[k % period];
  std::size_t head = std::min<std::size_t>((16 - dst % 16) % 16, nbytes);
  for (std::size_t k = 0; k < 16; ++k) body[k] = pattern[(head + k) % 16];
  FillParams p{};
  p.dst = dst;
  p.head = static_cast<unsigned>(head);
  p.vectors = (nbytes - head) / 16;
  p.tail = static_cast<unsigned>((nbytes - head) % 16);
  std::memcpy(p.pattern, pattern, 16);
  std::memcpy(p.body, body, 16);
  return p;
}

bool fill_pattern(uintptr_t dst, std::size_t nbytes, const unsigned char* value, int period,
                  int device) {
  FillParams p = fill_params(dst, nbytes, value, period);
  FunctionHandle fn = prebuilt_function(kKernel, device);
  if (!fn) return false;
  if (nbytes == 0) return true;
  // As the elementwise launcher: one vector per thread up to a few waves of resident blocks,
  // the grid-stride loop covers the rest.
  const DeviceProperties& props = device_properties(device);
  int64_t blocks = (static_cast<int64_t>(p.vectors) + kBlock - 1) / kBlock;
  int64_t cap = int64_t{props.multiprocessor_count} *
                (props.max_threads_per_multiprocessor / kBlock) * 4;
  unsigned grid = static_cast<unsigned>(std::max<int64_t>(1, std::min(blocks, cap)));
  detail::launch(fn, device, {grid}, {kBlock}, &p);
  return true;
}

}  // namespace cunp
