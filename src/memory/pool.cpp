// src/memory/pool.cpp -- the device pool: segments split into blocks, best-fit reuse per stream,
// neighbours merged on release, and a release-and-retry before reporting out of memory.
#include "cunp/memory/pool.hpp"

#include <array>
#include <atomic>
#include <string>

#include "../runtime/driver.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr std::size_t kAlign = 512;             // every block starts 512-byte aligned
constexpr std::size_t kSmallRequest = 1 << 20;  // <= 1 MiB: served from small segments
constexpr std::size_t kSmallSegment = 2 << 20;  // segments for small requests
constexpr std::size_t kLargeGranule = 2 << 20;  // large segments are a multiple of this

std::size_t round_up(std::size_t n, std::size_t m) { return (n + m - 1) / m * m; }

// Open captures in the process, and how many of them forbid cuMemAlloc (global and
// thread-local modes; counted for every thread, which is stricter than CUDA for thread-local).
// The hot paths read the first with one relaxed load: zero means no capture anywhere.
std::atomic<int> g_open_captures{0};
std::atomic<int> g_strict_captures{0};

}  // namespace

bool capture_in_progress() { return g_open_captures.load(std::memory_order_relaxed) != 0; }

struct DevicePool::Block {
  uintptr_t ptr;
  std::size_t size;
  StreamHandle stream;
  bool small;
  bool allocated = false;
  Block* prev = nullptr;  // neighbours in the same segment, for merging
  Block* next = nullptr;
};

bool DevicePool::Less::operator()(const Block* a, const Block* b) const {
  if (a->stream != b->stream) return a->stream < b->stream;
  if (a->size != b->size) return a->size < b->size;
  return a->ptr < b->ptr;
}

class PoolMemory final : public Memory {
 public:
  PoolMemory(DevicePool* pool, DevicePool::Block* b, std::size_t size)
      : Memory(b->ptr, size, pool->device()), pool_(pool), block_(b) {}
  ~PoolMemory() override { pool_->release(block_); }

 private:
  DevicePool* pool_;
  DevicePool::Block* block_;
};

DevicePool::DevicePool(int device) : device_(device) {}

DevicePool::~DevicePool() = default;  // pools live for the process; see default_pool

MemoryPtr DevicePool::allocate(std::size_t bytes, StreamHandle stream) {
  std::size_t size = round_up(bytes ? bytes : 1, kAlign);
  std::lock_guard<std::mutex> lock(mutex_);
  Block* b = take_free(size, stream);
  if (!b) b = new_segment(size, stream, bytes);
  split(b, size);
  b->allocated = true;
  used_ += b->size;
  return std::make_shared<PoolMemory>(this, b, bytes);
}

DevicePool::Block* DevicePool::take_free(std::size_t size, StreamHandle stream) {
  auto& set = size <= kSmallRequest ? small_free_ : large_free_;
  Block key{0, size, stream, false};
  auto it = set.lower_bound(&key);
  if (it == set.end() || (*it)->stream != stream) return nullptr;
  Block* b = *it;
  set.erase(it);
  return b;
}

DevicePool::Block* DevicePool::new_segment(std::size_t size, StreamHandle stream,
                                           std::size_t requested) {
  bool small = size <= kSmallRequest;
  std::size_t seg = small ? kSmallSegment : round_up(size, kLargeGranule);
  auto over_limit = [&] { return limit_ && total_ + seg > limit_; };
  activate(device_);
  CUdeviceptr ptr = 0;
  CUresult r = CUDA_ERROR_OUT_OF_MEMORY;
  if (g_open_captures.load(std::memory_order_relaxed) != 0) {
    // A capture is open: cuMemAlloc only where its mode allows it, and no release-and-retry
    // (cuCtxSynchronize and cuMemFree would invalidate the capture).
    bool strict = g_strict_captures.load(std::memory_order_relaxed) != 0;
    if (!strict && !over_limit()) r = drv::api().cuMemAlloc(&ptr, seg);
    if (r == CUDA_SUCCESS) {
      total_ += seg;
      return new Block{static_cast<uintptr_t>(ptr), seg, stream, small};
    }
    if (r != CUDA_ERROR_OUT_OF_MEMORY) drv::check(r, "cuMemAlloc");
    throw OutOfMemoryError(
        requested, used_, total_, limit_, device_,
        strict ? "the pool cannot grow during a stream capture in global or thread-local mode "
                 "(capture in relaxed mode, or allocate before the capture)"
        : over_limit() ? "the pool's limit would be exceeded"
                       : "cached blocks cannot be freed during a stream capture");
  }
  if (!over_limit()) r = drv::api().cuMemAlloc(&ptr, seg);
  if (r == CUDA_ERROR_OUT_OF_MEMORY) {  // give back what we cache, then try once more
    release_cached_locked();
    if (!over_limit()) r = drv::api().cuMemAlloc(&ptr, seg);
  }
  if (r != CUDA_SUCCESS) {
    if (r != CUDA_ERROR_OUT_OF_MEMORY) drv::check(r, "cuMemAlloc");
    throw OutOfMemoryError(requested, used_, total_, limit_, device_,
                           over_limit() ? "the pool's limit would be exceeded" : "");
  }
  total_ += seg;
  return new Block{static_cast<uintptr_t>(ptr), seg, stream, small};
}

void DevicePool::split(Block* b, std::size_t size) {
  std::size_t rest = b->size - size;
  // Small blocks split down to the alignment; large ones only when the rest is itself large,
  // so big segments are not shredded into pieces no large request fits.
  if (b->small ? rest < kAlign : rest <= kSmallRequest) return;
  Block* r = new Block{b->ptr + size, rest, b->stream, b->small};
  r->prev = b;
  r->next = b->next;
  if (b->next) b->next->prev = r;
  b->next = r;
  b->size = size;
  (r->small ? small_free_ : large_free_).insert(r);
}

void DevicePool::release(Block* b) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (g_open_captures.load(std::memory_order_relaxed) != 0) {
    // Freed on a capturing stream: the graph's kernels use it at every replay, so it stays
    // allocated (and counted as used) until the graph is destroyed.
    for (auto& c : captures_)
      if (c.stream == b->stream) {
        c.held.push_back(b);
        return;
      }
  }
  release_locked(b);
}

void DevicePool::release_locked(Block* b) {
  auto& set = b->small ? small_free_ : large_free_;
  used_ -= b->size;
  b->allocated = false;
  for (Block* n : {b->prev, b->next}) {
    if (!n || n->allocated) continue;
    set.erase(n);
    if (n == b->prev) {
      n->size += b->size;
      n->next = b->next;
      if (b->next) b->next->prev = n;
      delete b;
      b = n;
    } else {
      b->size += n->size;
      b->next = n->next;
      if (n->next) n->next->prev = b;
      delete n;
    }
  }
  set.insert(b);
}

void DevicePool::release_cached_locked() {
  bool synced = false;
  for (auto* set : {&small_free_, &large_free_}) {
    for (auto it = set->begin(); it != set->end();) {
      Block* b = *it;
      if (b->prev || b->next) {  // part of a segment still in use
        ++it;
        continue;
      }
      if (!synced) {  // blocks may still be read by queued kernels on their streams
        activate(device_);
        drv::api().cuCtxSynchronize();
        synced = true;
      }
      drv::api().cuMemFree(static_cast<CUdeviceptr>(b->ptr));
      total_ -= b->size;
      it = set->erase(it);
      delete b;
    }
  }
}

void DevicePool::free_all_blocks() {
  std::lock_guard<std::mutex> lock(mutex_);
  // During a capture the synchronization and cuMemFree would invalidate it: keep the cache.
  if (g_open_captures.load(std::memory_order_relaxed) != 0) return;
  release_cached_locked();
}

void DevicePool::begin_capture(StreamHandle stream, bool relaxed) {
  std::lock_guard<std::mutex> lock(mutex_);
  captures_.push_back({stream, relaxed, {}});
  g_open_captures.fetch_add(1);
  if (!relaxed) g_strict_captures.fetch_add(1);
}

std::shared_ptr<void> DevicePool::end_capture(StreamHandle stream) {
  std::vector<Block*> held;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (auto it = captures_.begin(); it != captures_.end(); ++it) {
      if (it->stream != stream) continue;
      held = std::move(it->held);
      if (!it->relaxed) g_strict_captures.fetch_sub(1);
      g_open_captures.fetch_sub(1);
      captures_.erase(it);
      break;
    }
  }
  if (held.empty()) return nullptr;
  auto* blocks = new std::vector<Block*>(std::move(held));
  return std::shared_ptr<void>(blocks, [this](void* p) {
    auto* v = static_cast<std::vector<Block*>*>(p);
    return_held(*v);
    delete v;
  });
}

void DevicePool::return_held(std::vector<Block*>& blocks) {
  std::lock_guard<std::mutex> lock(mutex_);
  for (Block* b : blocks) release_locked(b);
}

std::size_t DevicePool::used_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return used_;
}
std::size_t DevicePool::total_bytes() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return total_;
}
std::size_t DevicePool::n_free_blocks() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return small_free_.size() + large_free_.size();
}
void DevicePool::set_limit(std::size_t bytes) {
  std::lock_guard<std::mutex> lock(mutex_);
  limit_ = bytes;
}
std::size_t DevicePool::limit() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return limit_;
}

namespace {

// CUNP_GPU_MEMORY_LIMIT: parsed here rather than when the config is read, since a share of the
// device needs the device's memory.
std::size_t configured_limit(int device) {
  return parse_memory_limit(config().gpu_memory_limit)
      .resolve(device_properties(device).total_memory);
}

}  // namespace

DevicePool& default_pool(int device) {
  // Never destroyed: arrays may be freed during interpreter teardown, after static destructors.
  static std::array<std::atomic<DevicePool*>, kMaxDevices> pools{};
  static std::mutex m;
  if (DevicePool* p = pools[device].load(std::memory_order_acquire)) return *p;
  std::lock_guard<std::mutex> lock(m);
  if (!pools[device].load()) {
    auto* pool = new DevicePool(device);
    pool->set_limit(configured_limit(device));
    pools[device].store(pool, std::memory_order_release);
  }
  return *pools[device].load();
}

}  // namespace cunp
