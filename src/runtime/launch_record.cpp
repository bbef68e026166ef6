// src/runtime/launch_record.cpp -- names of loaded functions and the last launch, for fault
// messages.
#include "launch_record.hpp"

#include <mutex>
#include <unordered_map>

#include "cunp/runtime/device.hpp"

namespace cunp::drv {
namespace {

struct Names {
  std::mutex mutex;
  std::unordered_map<CUfunction, std::string> by_function;
};
Names& names() {
  static auto* n = new Names;  // never destroyed: a fault may be reported during teardown
  return *n;
}

// The results after which the driver refuses every further call in the context ("sticky"
// errors): the kernel that faulted cannot be retried and the process must restart.
bool context_lost(CUresult r) {
  switch (r) {
    case CUDA_ERROR_ILLEGAL_ADDRESS:
    case CUDA_ERROR_LAUNCH_TIMEOUT:
    case CUDA_ERROR_ASSERT:
    case CUDA_ERROR_HARDWARE_STACK_ERROR:
    case CUDA_ERROR_ILLEGAL_INSTRUCTION:
    case CUDA_ERROR_MISALIGNED_ADDRESS:
    case CUDA_ERROR_INVALID_ADDRESS_SPACE:
    case CUDA_ERROR_INVALID_PC:
    case CUDA_ERROR_LAUNCH_FAILED: return true;
    default: return false;
  }
}

}  // namespace

void name_function(CUfunction f, const std::string& name) {
  Names& n = names();
  std::lock_guard<std::mutex> lock(n.mutex);
  n.by_function.try_emplace(f, name);
}

LaunchRecord& launch_record() {
  static LaunchRecord r;
  return r;
}

std::string fault_context(CUresult r) {
  if (!context_lost(r)) return "";
  CUfunction last = launch_record().last.load(std::memory_order_relaxed);
  std::string name;
  if (last) {
    Names& n = names();
    std::lock_guard<std::mutex> lock(n.mutex);
    auto it = n.by_function.find(last);
    if (it != n.by_function.end()) name = it->second;
  }
  // Launches are asynchronous, so the fault is reported by a later call; the last kernel
  // launched is the one that faulted unless more were queued after it.
  std::string m = " (a kernel faulted";
  if (!name.empty()) m += "; the last kernel launched was '" + name + "'";
  return m + "). The CUDA context is lost: every further GPU call in this process fails; "
             "restart the process to use the GPU again";
}

}  // namespace cunp::drv

namespace cunp {

std::uint64_t kernel_launch_count() {
  return drv::launch_record().count.load(std::memory_order_relaxed);
}

}  // namespace cunp
