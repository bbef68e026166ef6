// cunp/runtime/stream.hpp -- streams and events, and the current stream of each thread.
// Work is enqueued on the current stream of the current device and never synchronizes the
// host unless it has to hand data back.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>

struct CUstream_st;
struct CUevent_st;

namespace cunp {

using StreamHandle = CUstream_st*;
using EventHandle = CUevent_st*;

// The legacy default stream and the per-thread default stream, as the driver spells them.
inline StreamHandle legacy_stream() { return nullptr; }
inline StreamHandle per_thread_stream() { return reinterpret_cast<StreamHandle>(uintptr_t{2}); }

enum class StreamKind { Null, PerThread, Blocking, NonBlocking, External };

class Stream {
 public:
  Stream() = default;  // the null (legacy default) stream of the current device
  static Stream null(int device);
  static Stream per_thread(int device);
  static Stream create(int device, bool non_blocking, int priority = 0);
  // Wraps a handle created elsewhere (another library); the caller keeps it alive.
  static Stream external(StreamHandle h, int device);

  StreamHandle handle() const { return state_ ? state_->handle : legacy_stream(); }
  // The handle as CUDA APIs outside cunp expect it: 0 for the legacy stream.
  uintptr_t ptr() const;
  int device() const;
  StreamKind kind() const { return state_ ? state_->kind : StreamKind::Null; }

  void synchronize() const;
  bool done() const;  // true when all enqueued work has finished
  void wait_event(EventHandle e) const;

  friend bool operator==(const Stream& a, const Stream& b) {
    return a.handle() == b.handle() && a.device() == b.device();
  }

 private:
  // Owns the handle: constructed in place (never copied), destroyed with the last Stream.
  struct State {
    State(StreamHandle h, int d, StreamKind k) : handle(h), device(d), kind(k) {}
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State();
    StreamHandle handle;
    int device;
    StreamKind kind;
  };
  std::shared_ptr<State> state_;
};

// This thread's current stream on `device` (the null stream until changed).
const Stream& current_stream(int device);
inline StreamHandle current_stream_handle(int device) { return current_stream(device).handle(); }
void set_current_stream(const Stream& s);

// Makes `s` this thread's current stream on its device for a scope (null: changes nothing),
// then restores the stream that was current.
class StreamScope {
 public:
  explicit StreamScope(const Stream* s) {
    if (!s) return;
    previous_ = current_stream(s->device());
    set_current_stream(*s);
  }
  ~StreamScope() {
    if (previous_) set_current_stream(*previous_);
  }
  StreamScope(const StreamScope&) = delete;
  StreamScope& operator=(const StreamScope&) = delete;

 private:
  std::optional<Stream> previous_;
};

class Event {
 public:
  Event() = default;
  // On `device` (default: the current one).
  static Event create(bool blocking = false, bool disable_timing = false, bool interprocess = false,
                      int device = -1);

  EventHandle handle() const { return state_ ? state_->handle : nullptr; }
  bool valid() const { return state_ != nullptr; }
  int device() const { return state_ ? state_->device : -1; }
  void record(const Stream& s) const;
  void synchronize() const;
  bool done() const;

  // Milliseconds between two recorded events, as cudaEventElapsedTime.
  static float elapsed_ms(const Event& start, const Event& end);

 private:
  struct State {  // owns the handle, like Stream::State
    State(EventHandle h, int d) : handle(h), device(d) {}
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State();
    EventHandle handle;
    int device;
  };
  std::shared_ptr<State> state_;
};

// The stream a CUDA library's handle (a cuBLAS/cuSOLVER/cuSPARSE handle, a cuFFT plan) is bound
// to, so that it is bound again only when the current stream changes. The null stream is a
// valid binding, so "never bound" is a flag of its own.
class StreamBinding {
 public:
  // Calls bind(s) where the handle is not bound to `s` yet; records `s` once bind returns.
  template <class Bind> void ensure(StreamHandle s, Bind&& bind) {
    if (valid_ && bound_ == s) return;
    bind(s);
    bound_ = s;
    valid_ = true;
  }

 private:
  StreamHandle bound_ = nullptr;
  bool valid_ = false;
};

}  // namespace cunp
