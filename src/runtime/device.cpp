// src/runtime/device.cpp -- device enumeration, properties, and per-thread current device.
#include "cunp/runtime/device.hpp"

#include <array>
#include <cstdio>
#include <memory>
#include <mutex>

#include "cunp/runtime/error.hpp"
#include "driver.hpp"

namespace cunp {
namespace {

thread_local int t_device = 0;

struct DeviceSlot {
  std::once_flag once;
  CUcontext ctx = nullptr;
  std::unique_ptr<DeviceProperties> props;
};
std::array<DeviceSlot, kMaxDevices> g_slots;

int attribute(CUdevice dev, CUdevice_attribute a) {
  int v = 0;
  CUNP_DRV(cuDeviceGetAttribute, &v, a, dev);
  return v;
}

DeviceSlot& slot(int device) {
  if (device < 0 || device >= device_count())
    throw CudaError(CUDA_ERROR_INVALID_DEVICE,
                    "CUDA_ERROR_INVALID_DEVICE: invalid device ordinal " + std::to_string(device) +
                        " (" + std::to_string(device_count()) + " device(s) present)");
  DeviceSlot& s = g_slots[device];
  std::call_once(s.once, [&] {
    CUdevice dev;
    CUNP_DRV(cuDeviceGet, &dev, device);
    CUNP_DRV(cuDevicePrimaryCtxRetain, &s.ctx, dev);
    auto p = std::make_unique<DeviceProperties>();
    char name[256] = {};
    CUNP_DRV(cuDeviceGetName, name, sizeof name, dev);
    p->name = name;
    CUNP_DRV(cuDeviceTotalMem, &p->total_memory, dev);
    p->major = attribute(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    p->minor = attribute(dev, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    p->multiprocessor_count = attribute(dev, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    p->max_threads_per_block = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    p->max_threads_per_multiprocessor = attribute(
        dev, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR);
    p->max_block_dim[0] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X);
    p->max_block_dim[1] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y);
    p->max_block_dim[2] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z);
    p->max_grid_dim[0] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X);
    p->max_grid_dim[1] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y);
    p->max_grid_dim[2] = attribute(dev, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z);
    p->max_shared_memory_per_block = attribute(dev,
                                               CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    p->max_shared_memory_per_block_optin = attribute(
        dev, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    p->warp_size = attribute(dev, CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    p->l2_cache_size = attribute(dev, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
    p->memory_clock_rate = attribute(dev, CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
    p->memory_bus_width = attribute(dev, CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
    p->clock_rate = attribute(dev, CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
    p->pci_bus_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_BUS_ID);
    p->pci_device_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID);
    p->pci_domain_id = attribute(dev, CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID);
    p->integrated = attribute(dev, CU_DEVICE_ATTRIBUTE_INTEGRATED);
    p->concurrent_kernels = attribute(dev, CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS);
    p->ecc_enabled = attribute(dev, CU_DEVICE_ATTRIBUTE_ECC_ENABLED);
    p->unified_addressing = attribute(dev, CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING);
    s.props = std::move(p);
  });
  if (!s.props) throw CudaError(0, "device " + std::to_string(device) + " failed to initialize");
  return s;
}

}  // namespace

int device_count() {
  static const int n = [] {
    int c = 0;
    CUNP_DRV(cuDeviceGetCount, &c);
    return c;
  }();
  return n;
}

bool cuda_available() { return drv::available(); }

int current_device() { return t_device; }

void set_current_device(int device) {
  slot(device);  // validates
  t_device = device;
}

void activate(int device) {
  CUcontext want = slot(device).ctx;
  CUcontext have = nullptr;
  // Other libraries (PyTorch, CuPy) may switch this thread's context, so ask the driver.
  CUNP_DRV(cuCtxGetCurrent, &have);
  if (have != want) CUNP_DRV(cuCtxSetCurrent, want);
}

DeviceGuard::DeviceGuard(int device) : previous_(t_device) {
  if (device != previous_) set_current_device(device);
}
DeviceGuard::~DeviceGuard() { t_device = previous_; }

ContextScope::ContextScope(int device) {
  CUcontext want = slot(device).ctx;
  CUcontext have = nullptr;
  CUNP_DRV(cuCtxGetCurrent, &have);
  if (have == want) return;
  CUNP_DRV(cuCtxSetCurrent, want);
  previous_ = have;
  switched_ = true;
}
ContextScope::~ContextScope() {
  // Restoring never throws: a failure here leaves cunp's own calls correct, since each one
  // activates its device's context itself.
  if (switched_ && drv::available()) drv::api().cuCtxSetCurrent(static_cast<CUcontext>(previous_));
}

const DeviceProperties& device_properties(int device) { return *slot(device).props; }

int compute_capability(int device) {
  const DeviceProperties& p = device_properties(device);
  return p.major * 10 + p.minor;
}

void synchronize_device(int device) {
  activate(device);
  CUNP_DRV(cuCtxSynchronize);
}

void mem_info(int device, std::size_t* free, std::size_t* total) {
  activate(device);
  CUNP_DRV(cuMemGetInfo, free, total);
}

bool enable_peer_access(int device, int peer) {
  if (device == peer) return true;
  static std::mutex m;
  static bool enabled[kMaxDevices][kMaxDevices] = {};
  std::lock_guard<std::mutex> lock(m);
  if (enabled[device][peer]) return true;
  CUdevice a, b;
  CUNP_DRV(cuDeviceGet, &a, device);
  CUNP_DRV(cuDeviceGet, &b, peer);
  int can = 0;
  CUNP_DRV(cuDeviceCanAccessPeer, &can, a, b);
  if (!can) return false;
  activate(device);
  CUresult r = drv::api().cuCtxEnablePeerAccess(slot(peer).ctx, 0);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED)
    drv::check(r, "cuCtxEnablePeerAccess");
  enabled[device][peer] = true;
  return true;
}

int pointer_device(uintptr_t ptr) {
  activate(current_device());
  int ordinal = -1;
  CUresult r = drv::api().cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                                static_cast<CUdeviceptr>(ptr));
  if (r != CUDA_SUCCESS) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(ptr));
    throw ValueError(std::string("the pointer ") + buf + " is not CUDA device memory (" +
                     drv::describe(r) + ")");
  }
  return ordinal;
}

void profiler_start() { CUNP_DRV(cuProfilerStart); }
void profiler_stop() { CUNP_DRV(cuProfilerStop); }

}  // namespace cunp
