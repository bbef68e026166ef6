// src/ops/indexing/slot.cpp -- the indexing kernels' host-mapped slot and flag.
#include "slot.hpp"

#include "runtime/driver.hpp"
#include "cunp/memory/memory.hpp"
#include "cunp/ops/indexing/indexing.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/sync_check.hpp"

namespace cunp::detail {

HostSlot* host_slot(int device) {
  // Deliberately never freed: a thread's slot may be read until the thread ends, and freeing
  // pinned memory at process exit races the driver's own teardown.
  thread_local HostSlot* slot = nullptr;
  if (!slot) {
    activate(device);
    void* p = nullptr;
    // With unified addressing every pinned allocation is device-accessible at its host address
    // (no DEVICEMAP flag, which a context without CU_CTX_MAP_HOST would refuse).
    CUNP_DRV(cuMemHostAlloc, &p, sizeof(HostSlot), CU_MEMHOSTALLOC_PORTABLE);
    slot = static_cast<HostSlot*>(p);
    slot->flag = 0;
    slot->pad = 0;
    slot->total = 0;
  }
  return slot;
}

void wait_stream(int device) {
  declare_synchronize();  // a size read back: allow_synchronize(False) forbids the wait
  CUNP_DRV(cuStreamSynchronize, current_stream_handle(device));
}

}  // namespace cunp::detail

namespace cunp {

NDArray index_flag(int device) {
  detail::HostSlot* slot = detail::host_slot(device);
  const auto p = reinterpret_cast<uintptr_t>(&slot->flag);
  return NDArray(wrap_memory(p, sizeof(int), device, [] {}), p, DType::Int32, Dims{1},
                 Dims{static_cast<int64_t>(sizeof(int))});
}

bool index_flag_seen(int device) {
  detail::HostSlot* slot = detail::host_slot(device);
  detail::wait_stream(device);
  const bool seen = slot->flag != 0;
  slot->flag = 0;
  return seen;
}

}  // namespace cunp
