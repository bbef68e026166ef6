// src/jit/kernel.cpp -- the one kernel cache (engine keys -> loaded functions) and the one
// launch function.
#include "kernel.hpp"

#include <mutex>
#include <string>
#include <unordered_map>

#include "../runtime/driver.hpp"
#include "../runtime/launch_record.hpp"
#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::detail {
namespace {

struct KeyHash {
  std::size_t operator()(const KernelKey& k) const {
    const uint64_t seed = k.op ^ (uint64_t{static_cast<uint8_t>(k.engine)} << 56) ^
                          (static_cast<uint64_t>(k.device) << 48);
    return hash_bytes(k.bytes, k.len, seed);
  }
};

struct Cache {
  std::mutex mutex;
  std::unordered_map<KernelKey, FunctionHandle, KeyHash> functions;
};

Cache& cache() {
  static auto* c = new Cache;  // never destroyed: kernels outlive interpreter teardown
  return *c;
}

}  // namespace

void KernelKey::overflow(int v) const {
  if (len == kCapacity)
    throw RuntimeError("kernel key: more than " + std::to_string(kCapacity) + " facts");
  throw RuntimeError("kernel key: fact " + std::to_string(v) + " does not fit in a byte");
}

FunctionHandle find_kernel(const KernelKey& key) {
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  auto it = c.functions.find(key);
  return it == c.functions.end() ? nullptr : it->second;
}

FunctionHandle add_kernel(const KernelKey& key, const KernelSpec& spec) {
  FunctionHandle fn =
      load_module(spec.source, spec.entry, key.device, spec.options).function(spec.entry);
  Cache& c = cache();
  std::lock_guard<std::mutex> lock(c.mutex);
  return c.functions.emplace(key, fn).first->second;  // a racing thread's entry wins: the same
}

void launch(FunctionHandle fn, int device, Dim3 grid, Dim3 block, void* params,
            unsigned shared_bytes) {
  void* args[] = {params};
  launch_on(fn, device, current_stream_handle(device), grid, block, args, shared_bytes);
}

void launch_on(FunctionHandle fn, int device, StreamHandle stream, Dim3 grid, Dim3 block,
               void** args, unsigned shared_bytes, bool cooperative) {
  activate(device);
  submit(fn, stream, grid, block, args, shared_bytes, cooperative);
}

void submit(FunctionHandle fn, StreamHandle stream, Dim3 grid, Dim3 block, void** args,
            unsigned shared_bytes, bool cooperative) {
  drv::note_launch(fn);
  if (cooperative)
    CUNP_DRV(cuLaunchCooperativeKernel, fn, grid.x, grid.y, grid.z, block.x, block.y, block.z,
             shared_bytes, stream, args);
  else
    CUNP_DRV(cuLaunchKernel, fn, grid.x, grid.y, grid.z, block.x, block.y, block.z, shared_bytes,
             stream, args, nullptr);
}

}  // namespace cunp::detail
