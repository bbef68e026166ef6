// cunp/runtime/device.hpp -- devices and the current device of each thread.
// Every operation runs on the calling thread's current device, as in CuPy.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

namespace cunp {

constexpr int kMaxDevices = 64;

int device_count();     // throws CudaError when no driver is usable
bool cuda_available();  // never throws

int current_device();                 // this thread's current device (0 until changed)
void set_current_device(int device);  // CudaError (invalid device) when out of range

// Makes device's primary context current on this thread (cheap when it already is).
// Every entry point that touches the GPU calls this first.
void activate(int device);

// RAII: make `device` current for a scope, restoring the previous one on exit.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_;
};

// Makes `device`'s context the thread's current one for a scope, then restores the context the
// thread had, whichever library set it: for calls into another library that reads the runtime's
// current device (PyTorch exports a tensor through DLPack only while its device is current).
// Where that context is current already, it costs one query and restores nothing.
class ContextScope {
 public:
  explicit ContextScope(int device);
  ~ContextScope();
  ContextScope(const ContextScope&) = delete;
  ContextScope& operator=(const ContextScope&) = delete;

 private:
  void* previous_ = nullptr;
  bool switched_ = false;
};

struct DeviceProperties {
  std::string name;
  std::size_t total_memory = 0;
  int major = 0, minor = 0;
  int multiprocessor_count = 0;
  int max_threads_per_block = 0;
  int max_threads_per_multiprocessor = 0;
  int max_block_dim[3] = {0, 0, 0};
  int max_grid_dim[3] = {0, 0, 0};
  int max_shared_memory_per_block = 0;
  int max_shared_memory_per_block_optin = 0;
  int warp_size = 0;
  int l2_cache_size = 0;
  int memory_clock_rate = 0;
  int memory_bus_width = 0;
  int clock_rate = 0;
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
  int integrated = 0;
  int concurrent_kernels = 0;
  int ecc_enabled = 0;
  int unified_addressing = 0;
};

// Read once per device and cached: the elementwise launcher consults it on every call.
const DeviceProperties& device_properties(int device);
int compute_capability(int device);  // 90 for sm_90

void synchronize_device(int device);

// How many kernels this process has launched through cunp (generated, prebuilt and RawKernel;
// not those a CUDA library launches itself).
std::uint64_t kernel_launch_count();
void mem_info(int device, std::size_t* free, std::size_t* total);

// Whether `device` can read memory that lives on `peer`; enables the access when it can.
bool enable_peer_access(int device, int peer);

// The device whose memory `ptr` points into (memory of another library: a foreign array).
// ValueError when it is not CUDA device memory.
int pointer_device(uintptr_t ptr);

// Starts and stops the profiler's collection (cuProfilerStart / cuProfilerStop).
void profiler_start();
void profiler_stop();

}  // namespace cunp
