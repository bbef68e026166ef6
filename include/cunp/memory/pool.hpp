// cunp/memory/pool.hpp -- the caching, stream-aware device memory pool (one per device).
// Blocks are cut from large segments and, once freed, reused by later allocations on the same
// stream without a driver call or a synchronization: that keeps allocation under a microsecond.
#pragma once
#include <cstddef>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "cunp/memory/memory.hpp"

namespace cunp {

class DevicePool {
 public:
  explicit DevicePool(int device);
  ~DevicePool();
  DevicePool(const DevicePool&) = delete;
  DevicePool& operator=(const DevicePool&) = delete;

  // Throws OutOfMemoryError when neither the cache nor the driver can supply `bytes`.
  MemoryPtr allocate(std::size_t bytes, StreamHandle stream);

  void free_all_blocks();  // returns every wholly unused segment to the driver
  std::size_t used_bytes() const;
  std::size_t total_bytes() const;
  std::size_t free_bytes() const { return total_bytes() - used_bytes(); }
  std::size_t n_free_blocks() const;
  void set_limit(std::size_t bytes);  // 0: no limit
  std::size_t limit() const;
  int device() const { return device_; }

  // Stream capture (cunp/runtime/graph.hpp calls these). While `stream` captures, blocks freed
  // on it stay reserved for the graph (its kernels use them at every replay), and the pool
  // neither synchronizes nor frees segments (OutOfMemoryError instead); it grows with cuMemAlloc
  // only when every open capture is relaxed (`relaxed`), the one mode that allows it.
  void begin_capture(StreamHandle stream, bool relaxed);
  // Closes the capture of `stream`; the blocks it held come back to the pool when the result is
  // destroyed (with the graph).
  std::shared_ptr<void> end_capture(StreamHandle stream);

  struct Block;

 private:
  friend class PoolMemory;
  void release(Block* b);
  void release_locked(Block* b);
  void return_held(std::vector<Block*>& blocks);
  Block* take_free(std::size_t size, StreamHandle stream);
  Block* new_segment(std::size_t size, StreamHandle stream, std::size_t requested);
  void release_cached_locked();
  void split(Block* b, std::size_t size);

  struct Less {
    bool operator()(const Block* a, const Block* b) const;
  };
  int device_;
  mutable std::mutex mutex_;
  std::set<Block*, Less> small_free_, large_free_;
  std::size_t used_ = 0, total_ = 0, limit_ = 0;
  struct Capture {
    StreamHandle stream;
    bool relaxed;
    std::vector<Block*> held;
  };
  std::vector<Capture> captures_;  // open captures on this device's streams
};

// Whether any stream of the process is capturing through begin_capture (one relaxed load).
bool capture_in_progress();

// The process-wide pool of `device` (created on first use; honours CUNP_GPU_MEMORY_LIMIT).
DevicePool& default_pool(int device);

}  // namespace cunp
