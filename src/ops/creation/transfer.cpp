// src/ops/creation/transfer.cpp -- staged, overlapped host <-> device copies.
#include "cunp/ops/creation/transfer.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/driver.hpp"
#include "cunp/memory/pinned_pool.hpp"
#include "cunp/runtime/sync_check.hpp"
#include "cunp/ops/creation/copy.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

constexpr std::size_t kDirect = 4 << 20;  // below this the driver's own path is as fast
constexpr std::size_t kChunk = 16 << 20;  // staging buffer size
constexpr int kBuffers = 3;               // in flight: one filling, one copying, one spare
constexpr std::size_t kPerThread = 2 << 20;

// A few persistent workers for host copies; a call splits its range among them and itself.
class HostWorkers {
 public:
  HostWorkers() {
    unsigned hw = std::thread::hardware_concurrency();
    int n = static_cast<int>(std::clamp(hw / 2, 1u, 8u)) - 1;
    for (int i = 0; i < n; ++i) threads_.emplace_back([this] { run(); });
  }
  int size() const { return static_cast<int>(threads_.size()) + 1; }

  // Runs task(0..n-1), the caller taking part; returns when all are done.
  void parallel(int n, const std::function<void(int)>& task) {
    std::unique_lock<std::mutex> call(call_mutex_);  // one parallel region at a time
    {
      std::lock_guard<std::mutex> lock(m_);
      task_ = &task;
      next_ = 0;
      total_ = n;
      pending_ = n;
      ++generation_;
    }
    cv_.notify_all();
    work();
    std::unique_lock<std::mutex> lock(m_);
    done_.wait(lock, [&] { return pending_ == 0; });
    task_ = nullptr;
  }

 private:
  void work() {
    for (;;) {
      int i;
      const std::function<void(int)>* t;
      {
        std::lock_guard<std::mutex> lock(m_);
        if (!task_ || next_ >= total_) return;
        i = next_++;
        t = task_;
      }
      (*t)(i);
      std::lock_guard<std::mutex> lock(m_);
      if (--pending_ == 0) done_.notify_all();
    }
  }
  void run() {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(m_);
        cv_.wait(lock, [&] { return generation_ != seen; });
        seen = generation_;
      }
      work();
    }
  }

  std::vector<std::thread> threads_;
  std::mutex call_mutex_, m_;
  std::condition_variable cv_, done_;
  const std::function<void(int)>* task_ = nullptr;
  int next_ = 0, total_ = 0, pending_ = 0;
  uint64_t generation_ = 0;
};

HostWorkers& workers() {
  // Never destroyed: detached workers must not outlive their pool at exit.
  static auto* w = [] {
    auto* p = new HostWorkers;
    return p;
  }();
  return *w;
}

}  // namespace

void parallel_memcpy(void* dst, const void* src, std::size_t n) {
  int parts = static_cast<int>(std::min<std::size_t>(workers().size(), n / kPerThread));
  if (parts <= 1) {
    std::memcpy(dst, src, n);
    return;
  }
  std::size_t per = (n + parts - 1) / parts;
  workers().parallel(parts, [&](int i) {
    std::size_t off = per * i;
    if (off < n)
      std::memcpy(static_cast<char*>(dst) + off, static_cast<const char*>(src) + off,
                  std::min(per, n - off));
  });
}

void copy_host_to_device(uintptr_t dst, const void* src, std::size_t n, int device,
                         StreamHandle stream) {
  activate(device);
  if (n <= kDirect) {
    CUNP_DRV(cuMemcpyHtoDAsync, dst, src, n, stream);
    return;
  }
  Stream s = Stream::external(stream, device);
  std::vector<std::shared_ptr<PinnedBuffer>> bufs;
  std::vector<Event> done;
  for (int i = 0; i < kBuffers; ++i) {
    bufs.push_back(default_pinned_pool().allocate(kChunk));
    done.push_back(Event::create(false, true, false, device));
  }
  std::vector<bool> used(kBuffers, false);
  for (std::size_t off = 0, i = 0; off < n; off += kChunk, ++i) {
    int b = static_cast<int>(i % kBuffers);
    std::size_t len = std::min(kChunk, n - off);
    if (used[b]) done[b].synchronize();  // the copy that last read this buffer has finished
    parallel_memcpy(bufs[b]->data(), static_cast<const char*>(src) + off, len);
    CUNP_DRV(cuMemcpyHtoDAsync, dst + off, bufs[b]->data(), len, stream);
    done[b].record(s);
    used[b] = true;
  }
  // Buffers return to the pool with their last copy still in flight; the pool waits for it.
  for (int b = 0; b < kBuffers; ++b)
    if (used[b]) bufs[b]->set_pending(done[b]);
}

void copy_device_to_host(void* dst, uintptr_t src, std::size_t n, int device, StreamHandle stream) {
  declare_synchronize();  // allow_synchronize(False) forbids the wait below
  activate(device);
  if (n <= kDirect) {
    CUNP_DRV(cuMemcpyDtoHAsync, dst, src, n, stream);
    CUNP_DRV(cuStreamSynchronize, stream);
    return;
  }
  Stream s = Stream::external(stream, device);
  std::size_t chunks = (n + kChunk - 1) / kChunk;
  std::vector<std::shared_ptr<PinnedBuffer>> bufs;
  std::vector<Event> done;
  for (int i = 0; i < kBuffers; ++i) {
    bufs.push_back(default_pinned_pool().allocate(kChunk));
    done.push_back(Event::create(false, true, false, device));
  }
  auto issue = [&](std::size_t c) {
    int b = static_cast<int>(c % kBuffers);
    std::size_t off = c * kChunk, len = std::min(kChunk, n - off);
    CUNP_DRV(cuMemcpyDtoHAsync, bufs[b]->data(), src + off, len, stream);
    done[b].record(s);
  };
  // Keep the copy engine kBuffers chunks ahead of the host threads draining the buffers.
  for (std::size_t c = 0; c < std::min<std::size_t>(kBuffers, chunks); ++c) issue(c);
  for (std::size_t c = 0; c < chunks; ++c) {
    int b = static_cast<int>(c % kBuffers);
    std::size_t off = c * kChunk, len = std::min(kChunk, n - off);
    done[b].synchronize();
    parallel_memcpy(static_cast<char*>(dst) + off, bufs[b]->data(), len);
    if (c + kBuffers < chunks) issue(c + kBuffers);
  }
}

NDArray from_host(const void* src, DType dtype, const Dims& shape, Order order, int device) {
  if (device < 0) device = current_device();
  NDArray out = NDArray::empty(shape, dtype, order, device);
  if (out.nbytes())
    copy_host_to_device(out.data(), src, static_cast<std::size_t>(out.nbytes()), device,
                        current_stream_handle(device));
  return out;
}

void to_host(const NDArray& a, void* dst, Order order) {
  if (a.nbytes() == 0) return;
  DeviceGuard g(a.device());
  NDArray c = contiguous(a, order);
  copy_device_to_host(dst, c.data(), static_cast<std::size_t>(c.nbytes()), a.device(),
                      current_stream_handle(a.device()));
}

}  // namespace cunp
