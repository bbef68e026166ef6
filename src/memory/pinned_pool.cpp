// src/memory/pinned_pool.cpp -- the pinned host pool.
#include "cunp/memory/pinned_pool.hpp"

#include "../runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

std::shared_ptr<PinnedBuffer> PinnedPool::allocate(std::size_t bytes) {
  std::size_t size = (bytes + 4095) / 4096 * 4096;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    // Reuse a cached buffer up to twice the size whose last transfer has finished.
    for (auto it = free_.lower_bound(size); it != free_.end() && it->first <= 2 * size; ++it) {
      if (it->second.pending.valid() && !it->second.pending.done()) continue;
      Cached c = it->second;
      free_.erase(it);
      used_ += c.size;
      return std::make_shared<PinnedBuffer>(this, c.ptr, c.size);
    }
  }
  activate(current_device());
  void* p = nullptr;
  CUresult r = drv::api().cuMemHostAlloc(&p, size, CU_MEMHOSTALLOC_PORTABLE);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) {
    free_all_blocks();
    r = drv::api().cuMemHostAlloc(&p, size, CU_MEMHOSTALLOC_PORTABLE);
  }
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    throw OutOfMemoryError(bytes, used_bytes(), total_bytes(), 0, -1, "pinned host memory");
  drv::check(r, "cuMemHostAlloc");
  std::lock_guard<std::mutex> lock(mutex_);
  used_ += size;
  total_ += size;
  return std::make_shared<PinnedBuffer>(this, p, size);
}

void PinnedPool::release(void* p, std::size_t size, Event pending) {
  std::lock_guard<std::mutex> lock(mutex_);
  used_ -= size;
  free_.emplace(size, Cached{p, size, std::move(pending)});
}

std::size_t PinnedPool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return free_.size();
}

void PinnedPool::free_all_blocks() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = free_.begin(); it != free_.end();) {
    if (it->second.pending.valid() && !it->second.pending.done()) {
      ++it;
      continue;
    }
    drv::api().cuMemFreeHost(it->second.ptr);
    total_ -= it->second.size;
    it = free_.erase(it);
  }
}

std::size_t PinnedPool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return used_;
}
std::size_t PinnedPool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_;
}

PinnedPool& default_pinned_pool() {
  static auto* pool = new PinnedPool;  // never destroyed: buffers may outlive static teardown
  return *pool;
}

}  // namespace cunp
