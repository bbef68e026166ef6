// cunp/memory/pinned_pool.hpp -- page-locked host buffers, cached for reuse. Transfers stage
// through them; a buffer handed back with an event is reused only once that event completes.
#pragma once
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <vector>

#include "cunp/runtime/stream.hpp"

namespace cunp {

class PinnedBuffer;

class PinnedPool {
 public:
  // A pinned buffer of at least `bytes`; throws OutOfMemoryError when the host refuses.
  std::shared_ptr<PinnedBuffer> allocate(std::size_t bytes);
  std::size_t n_free_blocks() const;
  void free_all_blocks();  // frees cached buffers whose last use has completed
  std::size_t used_bytes() const;
  std::size_t total_bytes() const;

 private:
  friend class PinnedBuffer;
  void release(void* p, std::size_t size, Event pending);
  struct Cached {
    void* ptr;
    std::size_t size;
    Event pending;  // last transfer that used it; empty when none
  };
  mutable std::mutex mutex_;
  std::multimap<std::size_t, Cached> free_;
  std::size_t used_ = 0, total_ = 0;
};

class PinnedBuffer {
 public:
  PinnedBuffer(PinnedPool* pool, void* p, std::size_t size) : pool_(pool), ptr_(p), size_(size) {}
  ~PinnedBuffer() { pool_->release(ptr_, size_, std::move(pending_)); }
  void* data() const { return ptr_; }
  std::size_t size() const { return size_; }
  // The buffer stays out of reuse until `e` completes (a copy still reading or writing it).
  void set_pending(Event e) { pending_ = std::move(e); }

 private:
  PinnedPool* pool_;
  void* ptr_;
  std::size_t size_;
  Event pending_;
};

PinnedPool& default_pinned_pool();

}  // namespace cunp
