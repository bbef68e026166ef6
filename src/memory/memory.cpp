// src/memory/memory.cpp -- the allocator switch (pool, raw driver, or user callback).
#include "cunp/memory/memory.hpp"

#include <atomic>
#include <mutex>

#include "../runtime/driver.hpp"
#include "cunp/memory/pool.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

class ForeignMemory final : public Memory {
 public:
  ForeignMemory(uintptr_t p, std::size_t n, int d, std::function<void()> release)
      : Memory(p, n, d), release_(std::move(release)) {}
  ~ForeignMemory() override {
    if (release_) release_();
  }

 private:
  std::function<void()> release_;
};

class RawMemory final : public Memory {
 public:
  using Memory::Memory;
  ~RawMemory() override {
    if (ptr && drv::available()) drv::api().cuMemFree(static_cast<CUdeviceptr>(ptr));
  }
};

std::atomic<bool> g_custom{false};  // read on every allocation; the function only when set
std::mutex g_mutex;
std::shared_ptr<AllocatorFn> g_allocator;

}  // namespace

MemoryPtr wrap_memory(uintptr_t ptr, std::size_t size, int device, std::function<void()> release) {
  return std::make_shared<ForeignMemory>(ptr, size, device, std::move(release));
}

MemoryPtr allocate(std::size_t bytes, int device, StreamHandle stream) {
  if (bytes == 0) return std::make_shared<RawMemory>(0, 0, device);
  if (!g_custom.load(std::memory_order_relaxed))
    return default_pool(device).allocate(bytes, stream);
  std::shared_ptr<AllocatorFn> fn;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    fn = g_allocator;
  }
  if (!fn) return default_pool(device).allocate(bytes, stream);
  return (*fn)(bytes, device, stream);
}

void set_allocator(AllocatorFn fn) {
  std::lock_guard<std::mutex> lock(g_mutex);
  g_allocator = fn ? std::make_shared<AllocatorFn>(std::move(fn)) : nullptr;
  g_custom.store(g_allocator != nullptr);
}

bool using_default_allocator() { return !g_custom.load(); }

MemoryPtr raw_allocate(std::size_t bytes, int device, StreamHandle) {
  if (bytes == 0) return std::make_shared<RawMemory>(0, 0, device);
  activate(device);
  CUdeviceptr p = 0;
  CUresult r = drv::api().cuMemAlloc(&p, bytes);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) throw OutOfMemoryError(bytes, 0, 0, 0, device, "cuMemAlloc");
  drv::check(r, "cuMemAlloc");
  return std::make_shared<RawMemory>(static_cast<uintptr_t>(p), bytes, device);
}

}  // namespace cunp
