// cunp/runtime/graph.hpp -- CUDA graphs from stream capture: record the work enqueued on a
// stream once, then replay it with one launch.
#pragma once
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "cunp/runtime/stream.hpp"

struct CUgraph_st;
struct CUgraphExec_st;
struct CUevent_st;

namespace cunp {

// CUDA's capture modes (the values of cudaStreamCaptureMode). Relaxed is the default: the pool
// may call cuMemAlloc while a capture is open, which the stricter modes forbid.
enum class CaptureMode : int { Global = 0, ThreadLocal = 1, Relaxed = 2 };

// Starts capturing the work enqueued on `s` (not the legacy null stream: ValueError).
void begin_capture(const Stream& s, CaptureMode mode = CaptureMode::Relaxed);
bool is_capturing(const Stream& s);

// An instantiated graph; the captured work can be replayed any number of times.
class Graph {
 public:
  // Ends the capture opened on `s` and instantiates what it recorded. A capture that the
  // driver invalidated (a synchronizing call on the stream, ...) raises CudaError naming why.
  static Graph end_capture(const Stream& s);

  void launch(const Stream& s) const;
  void upload(const Stream& s) const;
  std::size_t num_nodes() const;
  int device() const { return state_ ? state_->device : -1; }

 private:
  struct State {
    CUgraph_st* graph = nullptr;
    CUgraphExec_st* exec = nullptr;
    int device = 0;
    // Pool blocks freed during the capture: the graph's kernels use them, so they return to
    // the pool (on the capture stream's free list) only when the graph is destroyed.
    std::shared_ptr<void> pool_hold;
    StreamHandle capture_stream = nullptr;
    // Launches on other streams than the capture stream are not ordered before later work on
    // it: an event per such stream, synchronized before the held blocks go back.
    std::vector<std::pair<StreamHandle, CUevent_st*>> foreign;
    State() = default;
    State(const State&) = delete;
    State& operator=(const State&) = delete;
    ~State();
  };
  std::shared_ptr<State> state_;
};

}  // namespace cunp
