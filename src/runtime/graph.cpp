// src/runtime/graph.cpp -- stream capture into CUDA graphs, instantiation and replay.
#include "cunp/runtime/graph.hpp"

#include "cunp/memory/pool.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "driver.hpp"

namespace cunp {

void begin_capture(const Stream& s, CaptureMode mode) {
  if (s.kind() == StreamKind::Null)
    throw ValueError("the null stream cannot be captured; capture on a stream made with "
                     "cunp.cuda.Stream() (non_blocking=True is best)");
  activate(s.device());
  CUNP_DRV(cuStreamBeginCapture, s.handle(), static_cast<CUstreamCaptureMode>(mode));
  default_pool(s.device()).begin_capture(s.handle(), mode == CaptureMode::Relaxed);
}

bool is_capturing(const Stream& s) {
  activate(s.device());
  CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
  CUresult r = drv::api().cuStreamIsCapturing(s.handle(), &status);
  // Asking the legacy stream while another stream captures is itself an illegal call.
  if (r == CUDA_ERROR_STREAM_CAPTURE_IMPLICIT) return false;
  drv::check(r, "cuStreamIsCapturing");
  return status != CU_STREAM_CAPTURE_STATUS_NONE;
}

Graph Graph::end_capture(const Stream& s) {
  activate(s.device());
  CUgraph g = nullptr;
  CUresult r = drv::api().cuStreamEndCapture(s.handle(), &g);
  // The pool's side of the capture ends whatever the driver says; if no graph comes of it,
  // the blocks it held are free again at once.
  std::shared_ptr<void> hold = default_pool(s.device()).end_capture(s.handle());
  if (r == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
    throw CudaError(r, "cuStreamEndCapture failed: " + drv::describe(r) +
                           " (an operation during the capture was not capturable, such as a "
                           "synchronization or a copy to host memory)");
  if (r == CUDA_ERROR_ILLEGAL_STATE)
    throw CudaError(r, "cuStreamEndCapture failed: " + drv::describe(r) +
                           " (the stream is not capturing; call begin_capture() first)");
  drv::check(r, "cuStreamEndCapture");
  Graph out;
  out.state_ = std::make_shared<State>();
  out.state_->graph = g;
  out.state_->device = s.device();
  out.state_->capture_stream = s.handle();
  CUgraphExec exec = nullptr;
  CUNP_DRV(cuGraphInstantiateWithFlags, &exec, g, 0);
  out.state_->exec = exec;
  out.state_->pool_hold = std::move(hold);
  return out;
}

void Graph::launch(const Stream& s) const {
  if (!state_) throw ValueError("the graph is empty");
  activate(state_->device);
  CUNP_DRV(cuGraphLaunch, state_->exec, s.handle());
  if (!state_->pool_hold || s.handle() == state_->capture_stream) return;
  CUevent ev = nullptr;
  for (auto& f : state_->foreign)
    if (f.first == s.handle()) ev = f.second;
  if (!ev) {
    CUNP_DRV(cuEventCreate, &ev, CU_EVENT_DISABLE_TIMING);
    state_->foreign.emplace_back(s.handle(), ev);
  }
  CUNP_DRV(cuEventRecord, ev, s.handle());
}

void Graph::upload(const Stream& s) const {
  if (!state_) throw ValueError("the graph is empty");
  activate(state_->device);
  CUNP_DRV(cuGraphUpload, state_->exec, s.handle());
}

std::size_t Graph::num_nodes() const {
  if (!state_) return 0;
  std::size_t n = 0;
  CUNP_DRV(cuGraphGetNodes, state_->graph, nullptr, &n);
  return n;
}

Graph::State::~State() {
  if (!drv::available()) return;
  // Replays on other streams may still run: wait for them before pool_hold (destroyed after
  // this body) gives their blocks back. An event wait is legal during another capture.
  for (auto& f : foreign) {
    drv::api().cuEventSynchronize(f.second);
    drv::api().cuEventDestroy(f.second);
  }
  if (exec) drv::api().cuGraphExecDestroy(exec);
  if (graph) drv::api().cuGraphDestroy(graph);
}

}  // namespace cunp
