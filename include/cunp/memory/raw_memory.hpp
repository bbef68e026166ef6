// cunp/memory/raw_memory.hpp -- memory outside the pools and byte-level operations on it: what
// CuPy's Memory, ManagedMemory and MemoryPointer (copies, memset) expose to users.
#pragma once
#include <cstddef>
#include <cstdint>

#include "cunp/memory/memory.hpp"

namespace cunp {

// Managed (unified) memory on `device`, attached globally; freed when the last owner drops it.
MemoryPtr allocate_managed(std::size_t bytes, int device);

// `n` bytes from `src` to `dst`, either on the host or a device (unified addressing tells which),
// enqueued on `stream` of `device`; with `synchronize`, returns once the copy is done.
void copy_bytes(uintptr_t dst, uintptr_t src, std::size_t n, int device, StreamHandle stream,
                bool synchronize);

// `n` bytes at the device address `dst` set to `value`, enqueued on `stream`.
void set_bytes(uintptr_t dst, unsigned char value, std::size_t n, int device, StreamHandle stream,
               bool synchronize);

// Whether the host address `p` lies in page-locked memory the driver knows (cuMemHostAlloc or
// cuMemHostRegister); false for pageable memory and where no driver is present.
bool is_host_pinned(const void* p);

}  // namespace cunp
