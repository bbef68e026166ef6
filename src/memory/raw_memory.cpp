// src/memory/raw_memory.cpp -- managed allocations, and copies and fills of raw bytes.
#include "cunp/memory/raw_memory.hpp"

#include "../runtime/driver.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

class ManagedMemory final : public Memory {
 public:
  using Memory::Memory;
  ~ManagedMemory() override {
    if (ptr && drv::available()) drv::api().cuMemFree(static_cast<CUdeviceptr>(ptr));
  }
};

}  // namespace

MemoryPtr allocate_managed(std::size_t bytes, int device) {
  if (bytes == 0) return std::make_shared<ManagedMemory>(0, 0, device);
  activate(device);
  CUdeviceptr p = 0;
  CUresult r = drv::api().cuMemAllocManaged(&p, bytes, CU_MEM_ATTACH_GLOBAL);
  if (r == CUDA_ERROR_OUT_OF_MEMORY)
    throw OutOfMemoryError(bytes, 0, 0, 0, device, "cuMemAllocManaged");
  drv::check(r, "cuMemAllocManaged");
  return std::make_shared<ManagedMemory>(static_cast<uintptr_t>(p), bytes, device);
}

void copy_bytes(uintptr_t dst, uintptr_t src, std::size_t n, int device, StreamHandle stream,
                bool synchronize) {
  if (n == 0) return;
  activate(device);
  CUNP_DRV(cuMemcpyAsync, static_cast<CUdeviceptr>(dst), static_cast<CUdeviceptr>(src), n, stream);
  if (synchronize) CUNP_DRV(cuStreamSynchronize, stream);
}

void set_bytes(uintptr_t dst, unsigned char value, std::size_t n, int device, StreamHandle stream,
               bool synchronize) {
  if (n == 0) return;
  activate(device);
  CUNP_DRV(cuMemsetD8Async, static_cast<CUdeviceptr>(dst), value, n, stream);
  if (synchronize) CUNP_DRV(cuStreamSynchronize, stream);
}

bool is_host_pinned(const void* p) {
  if (!p || !drv::available()) return false;
  try {
    activate(current_device());  // the query needs a context
  } catch (const CudaError&) {
    return false;
  }
  unsigned int type = 0;
  // Pageable memory is unknown to the driver: the query fails, which here means "not pinned".
  CUresult r = drv::api().cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                                reinterpret_cast<CUdeviceptr>(p));
  return r == CUDA_SUCCESS && type == CU_MEMORYTYPE_HOST;
}

}  // namespace cunp
