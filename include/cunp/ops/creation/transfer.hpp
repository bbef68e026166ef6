// cunp/ops/creation/transfer.hpp -- host <-> device copies. Large pageable copies are staged through
// pinned buffers, with several host threads filling or draining one buffer while the copy
// engine moves the previous one.
#pragma once
#include <cstddef>

#include "cunp/array/ndarray.hpp"

namespace cunp {

// Raw bytes. The host side may be pageable or pinned. Host-to-device returns once `src` may be
// reused (the device side completes in stream order); device-to-host returns with `dst` filled.
void copy_host_to_device(uintptr_t dst, const void* src, std::size_t n, int device,
                         StreamHandle stream);
void copy_device_to_host(void* dst, uintptr_t src, std::size_t n, int device, StreamHandle stream);

// A new device array holding the host data `src`, which is contiguous in `order`.
NDArray from_host(const void* src, DType dtype, const Dims& shape, Order order, int device = -1);

// a's values written to the host buffer `dst`, contiguous in `order`, on a's device.
void to_host(const NDArray& a, void* dst, Order order);

// Host memcpy split across worker threads (page faults and copies proceed in parallel).
void parallel_memcpy(void* dst, const void* src, std::size_t n);

}  // namespace cunp
