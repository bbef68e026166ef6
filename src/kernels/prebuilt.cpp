// src/kernels/prebuilt.cpp -- loading the embedded fatbin once per device and caching its
// functions.
#include "prebuilt.hpp"

#include <array>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "../runtime/driver.hpp"
#include "../runtime/launch_record.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {

// Generated from the nvcc output at build time (cmake/embed_binary.cmake).
extern const unsigned char kPrebuiltFatbin[];
extern const std::size_t kPrebuiltFatbinSize;

namespace {

struct DeviceKernels {
  std::mutex mutex;
  bool tried = false;
  CUmodule module = nullptr;  // stays null when the fatbin cannot run on the device
  std::map<std::string, FunctionHandle, std::less<>> functions;
};

std::array<DeviceKernels, kMaxDevices>& device_kernels() {
  static auto* slots = new std::array<DeviceKernels, kMaxDevices>;  // modules live for the process
  return *slots;
}

bool disabled() { return config().disable_prebuilt; }

// Load results that say "these images do not fit this GPU or driver", as opposed to the device
// failing: the caller falls back to NVRTC, which compiles for whatever is there.
bool image_unusable(CUresult r) {
  switch (r) {
    case CUDA_ERROR_INVALID_IMAGE:
    case CUDA_ERROR_NO_BINARY_FOR_GPU:
    case CUDA_ERROR_INVALID_PTX:
    case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    case CUDA_ERROR_JIT_COMPILER_NOT_FOUND:
    case CUDA_ERROR_JIT_COMPILATION_DISABLED:
    case CUDA_ERROR_NOT_SUPPORTED: return true;
    default: return false;
  }
}

}  // namespace

std::span<const unsigned char> prebuilt_fatbin() { return {kPrebuiltFatbin, kPrebuiltFatbinSize}; }

FunctionHandle prebuilt_function(const char* name, int device) {
  if (disabled()) return nullptr;
  activate(device);  // validates the ordinal; loading needs the device's context current
  if (device >= kMaxDevices)
    throw CudaError(CUDA_ERROR_INVALID_DEVICE, "device " + std::to_string(device) +
                                                   " is beyond "
                                                   "the " +
                                                   std::to_string(kMaxDevices) +
                                                   " devices cunp supports");
  DeviceKernels& k = device_kernels()[device];
  std::lock_guard<std::mutex> lock(k.mutex);
  if (!k.tried) {
    CUresult r = drv::api().cuModuleLoadData(&k.module, kPrebuiltFatbin);
    if (r != CUDA_SUCCESS) {
      k.module = nullptr;
      if (!image_unusable(r))
        drv::check(r, "cuModuleLoadData (prebuilt kernels)");  // retried later
    }
    k.tried = true;
  }
  if (!k.module) return nullptr;
  if (auto it = k.functions.find(std::string_view(name)); it != k.functions.end())
    return it->second;
  CUfunction f = nullptr;
  CUresult r = drv::api().cuModuleGetFunction(&f, k.module, name);
  if (r == CUDA_ERROR_NOT_FOUND)
    throw ValueError(std::string("no prebuilt kernel named '") + name + "'");
  drv::check(r, "cuModuleGetFunction");
  drv::name_function(f, name);
  k.functions.emplace(name, f);
  return f;
}

}  // namespace cunp
