// cunp/memory/memory.hpp -- Memory: a span of device memory shared by the arrays that view it,
// handed back to where it came from (pool, driver, foreign owner) when the last one drops it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "cunp/runtime/stream.hpp"

namespace cunp {

class Memory {
 public:
  Memory(uintptr_t ptr, std::size_t size, int device) : ptr(ptr), size(size), device(device) {}
  virtual ~Memory() = default;
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;

  const uintptr_t ptr;
  const std::size_t size;
  const int device;
};
using MemoryPtr = std::shared_ptr<Memory>;

// Memory owned by someone else (DLPack producer, user allocator): `release` runs on drop.
MemoryPtr wrap_memory(uintptr_t ptr, std::size_t size, int device, std::function<void()> release);

// The allocator every array uses: the current device's pool unless set_allocator changed it.
// Allocates on `device` for use on `stream`.
MemoryPtr allocate(std::size_t bytes, int device, StreamHandle stream);
inline MemoryPtr allocate(std::size_t bytes, int device) {
  return allocate(bytes, device, current_stream_handle(device));
}

using AllocatorFn = std::function<MemoryPtr(std::size_t bytes, int device, StreamHandle stream)>;
// nullptr restores the default pool. See raw_allocate for the "no pool" allocator.
void set_allocator(AllocatorFn fn);
bool using_default_allocator();

// Straight from the driver, no caching: CuPy's set_allocator(None).
MemoryPtr raw_allocate(std::size_t bytes, int device, StreamHandle stream);

}  // namespace cunp
