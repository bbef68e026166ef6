// src/runtime/stream.cpp -- streams, events and the per-thread current stream.
#include "cunp/runtime/stream.hpp"

#include <array>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "driver.hpp"

namespace cunp {
namespace {
thread_local std::array<Stream, kMaxDevices> t_streams;
}

Stream::State::~State() {
  if (kind == StreamKind::Blocking || kind == StreamKind::NonBlocking) {
    // Destroying a stream with queued work is legal: the driver finishes it first.
    if (drv::available()) drv::api().cuStreamDestroy(handle);
  }
}

Stream Stream::null(int device) {
  Stream s;
  s.state_ = std::make_shared<State>(legacy_stream(), device, StreamKind::Null);
  return s;
}

Stream Stream::per_thread(int device) {
  Stream s;
  s.state_ = std::make_shared<State>(per_thread_stream(), device, StreamKind::PerThread);
  return s;
}

Stream Stream::create(int device, bool non_blocking, int priority) {
  (void)priority;
  activate(device);
  CUstream h = nullptr;
  CUNP_DRV(cuStreamCreate, &h, non_blocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT);
  Stream s;
  s.state_ = std::make_shared<State>(h, device,
                                     non_blocking ? StreamKind::NonBlocking : StreamKind::Blocking);
  return s;
}

Stream Stream::external(StreamHandle h, int device) {
  Stream s;
  s.state_ = std::make_shared<State>(h, device, StreamKind::External);
  return s;
}

uintptr_t Stream::ptr() const { return reinterpret_cast<uintptr_t>(handle()); }

// The null and per-thread streams made with device -1 belong to whichever device is current.
int Stream::device() const {
  return state_ && state_->device >= 0 ? state_->device : current_device();
}

void Stream::synchronize() const {
  activate(device());
  CUNP_DRV(cuStreamSynchronize, handle());
}

bool Stream::done() const {
  activate(device());
  CUresult r = drv::api().cuStreamQuery(handle());
  if (r == CUDA_ERROR_NOT_READY) return false;
  drv::check(r, "cuStreamQuery");
  return true;
}

void Stream::wait_event(EventHandle e) const {
  activate(device());
  CUNP_DRV(cuStreamWaitEvent, handle(), e, 0);
}

const Stream& current_stream(int device) { return t_streams[device]; }

void set_current_stream(const Stream& s) {
  int d = s.device();
  if (d < 0 || d >= kMaxDevices) throw ValueError("stream has an invalid device");
  t_streams[d] = s;
}

Event::State::~State() {
  if (drv::available()) drv::api().cuEventDestroy(handle);
}

Event Event::create(bool blocking, bool disable_timing, bool interprocess, int device) {
  if (device < 0) device = current_device();
  activate(device);
  unsigned flags = CU_EVENT_DEFAULT;
  if (blocking) flags |= CU_EVENT_BLOCKING_SYNC;
  if (disable_timing || interprocess) flags |= CU_EVENT_DISABLE_TIMING;
  if (interprocess) flags |= CU_EVENT_INTERPROCESS;
  CUevent h = nullptr;
  CUNP_DRV(cuEventCreate, &h, flags);
  Event e;
  e.state_ = std::make_shared<State>(h, device);
  return e;
}

void Event::record(const Stream& s) const {
  activate(s.device());
  CUNP_DRV(cuEventRecord, handle(), s.handle());
}

void Event::synchronize() const { CUNP_DRV(cuEventSynchronize, handle()); }

bool Event::done() const {
  CUresult r = drv::api().cuEventQuery(handle());
  if (r == CUDA_ERROR_NOT_READY) return false;
  drv::check(r, "cuEventQuery");
  return true;
}

float Event::elapsed_ms(const Event& start, const Event& end) {
  float ms = 0;
  CUNP_DRV(cuEventElapsedTime, &ms, start.handle(), end.handle());
  return ms;
}

}  // namespace cunp
