// src/runtime/driver.hpp -- the CUDA driver API, resolved with dlopen + cuGetProcAddress on
// first use. Nothing links libcuda, so `import cunp` works on machines with no driver, and the
// first call that needs one raises CudaError with the reason.
#pragma once
#include <cuda.h>
#include <cudaProfiler.h>

#include <string>

namespace cunp::drv {

// clang-format off
#define CUNP_DRIVER_FUNCTIONS(X)                                                   \
  X(cuInit) X(cuDriverGetVersion) X(cuGetErrorName) X(cuGetErrorString)             \
  X(cuDeviceGetCount) X(cuDeviceGet) X(cuDeviceGetName) X(cuDeviceGetAttribute)     \
  X(cuDeviceTotalMem) X(cuDeviceCanAccessPeer) X(cuDevicePrimaryCtxRetain)           \
  X(cuCtxGetCurrent) X(cuCtxSetCurrent) X(cuCtxSynchronize) X(cuCtxEnablePeerAccess) \
  X(cuMemAlloc) X(cuMemFree) X(cuMemGetInfo) X(cuMemHostAlloc) X(cuMemFreeHost)     \
  X(cuMemHostRegister) X(cuMemHostUnregister) X(cuMemcpyAsync) X(cuMemcpyHtoDAsync) \
  X(cuMemcpyDtoHAsync) X(cuMemcpyDtoDAsync) X(cuMemcpyPeerAsync) X(cuMemsetD8Async) \
  X(cuMemsetD16Async) X(cuMemsetD32Async) X(cuPointerGetAttribute)                  \
  X(cuStreamCreate) X(cuStreamDestroy) X(cuStreamSynchronize) X(cuStreamQuery)      \
  X(cuStreamWaitEvent) X(cuEventCreate) X(cuEventDestroy) X(cuEventRecord)          \
  X(cuEventSynchronize) X(cuEventQuery) X(cuEventElapsedTime) X(cuModuleLoadData)   \
  X(cuModuleUnload) X(cuModuleGetFunction) X(cuModuleGetGlobal) X(cuLaunchKernel)   \
  X(cuFuncGetAttribute) X(cuFuncSetAttribute) X(cuOccupancyMaxActiveBlocksPerMultiprocessor) \
  X(cuLaunchCooperativeKernel) X(cuStreamBeginCapture) X(cuStreamEndCapture) X(cuStreamIsCapturing) \
  X(cuGraphInstantiateWithFlags) X(cuGraphLaunch) X(cuGraphUpload) X(cuGraphExecDestroy) \
  X(cuGraphDestroy) X(cuGraphGetNodes) X(cuProfilerStart) X(cuProfilerStop)               \
  X(cuMemAllocManaged)
// clang-format on

struct Api {
#define CUNP_DECLARE(name) decltype(&::name) name = nullptr;
  CUNP_DRIVER_FUNCTIONS(CUNP_DECLARE)
#undef CUNP_DECLARE
};

// The loaded API; throws CudaError (once per call, with the same reason) when no driver or no
// device is usable, or in the child of a fork taken after CUDA was initialized (the message
// names the 'spawn' start method).
const Api& api();

// True when a driver is present and at least one device is visible (false in such a forked
// child: destructors skip their driver calls there); never throws.
bool available();

// The CUDA version the driver supports (12040 for 12.4). Also answers when cuInit failed (no
// visible device), for show_config; CudaError when no usable driver library was loaded.
int driver_version();

// "CUDA_ERROR_OUT_OF_MEMORY: out of memory" for a result code.
std::string describe(CUresult r);

// Throws CudaError naming the call when r is not CUDA_SUCCESS.
void check(CUresult r, const char* what);

}  // namespace cunp::drv

// Calls a driver function through the loaded table and checks the result:
//   CUNP_DRV(cuMemAlloc, &ptr, size);
#define CUNP_DRV(fn, ...) ::cunp::drv::check(::cunp::drv::api().fn(__VA_ARGS__), #fn)
