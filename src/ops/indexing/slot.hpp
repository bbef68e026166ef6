// src/ops/indexing/slot.hpp -- what the indexing kernels share on the host: the per-thread
// host-mapped slot their bounds flag and result counts land in.
#pragma once
#include <cstdint>

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp::detail {

// Pinned, device-mapped host memory written by kernels and read by the host after a stream
// synchronization: no device->host copy. One per host thread (calls on a thread are ordered and
// each waits for its own kernels before reading); allocated once, outside the memory pool.
struct HostSlot {
  volatile int flag;  // set by a kernel that saw an index out of bounds
  int pad;
  volatile long long total;  // the number of true elements a compaction found
};
HostSlot* host_slot(int device);

// Waits for the current stream of `device` (the kernels just launched on it).
void wait_stream(int device);

}  // namespace cunp::detail
