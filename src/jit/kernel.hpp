// src/jit/kernel.hpp -- the one host path of every generated kernel: a kernel spec (source,
// entry, options) behind a fixed-size key, one cache of loaded functions, one launch function.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp::detail {

// What the JIT compiles for one key: CUDA C++ source, the kernel's entry name, NVRTC options.
struct KernelSpec {
  std::string source;
  std::string entry;
  std::vector<std::string> options;
};

// The engines whose kernels share the cache; the tag keeps their keys apart.
enum class Engine : uint8_t {
  Elementwise,
  Reduction,
  Scan,
  Indexing,
  UfuncAt,
  IntegerMatmul,
  Select,
  Histogram,
  NdimageTile
};

// An engine's key for one kernel: a 64-bit hash of what shapes the source (the op's code) plus
// one byte per dtype and layout fact. Fixed size, so a cache hit builds no string and
// allocates nothing.
// The device is part of the key: a module is loaded per device.
struct KernelKey {
  static constexpr int kCapacity = 512;
  Engine engine;
  int device;
  uint64_t op;
  uint32_t len = 0;
  uint8_t bytes[kCapacity];

  KernelKey(Engine e, int dev, uint64_t op_hash) : engine(e), device(dev), op(op_hash) {}
  // One fact as one byte (0..255); a value out of that range or a full key is a bug in the
  // engine that wrote it, reported rather than truncated into another kernel's key.
  void add(int v) {
    if (v < 0 || v > 255 || len == kCapacity) overflow(v);
    bytes[len++] = static_cast<uint8_t>(v);
  }
  // A list of facts: its length, then its entries.
  template <class List> void add_list(const List& list) {
    add(static_cast<int>(list.size()));
    for (const auto& v : list) add(static_cast<int>(v));
  }
  [[noreturn]] void overflow(int v) const;
  friend bool operator==(const KernelKey& a, const KernelKey& b) {
    return a.engine == b.engine && a.device == b.device && a.op == b.op && a.len == b.len &&
           std::memcmp(a.bytes, b.bytes, a.len) == 0;
  }
};

// The loaded function for `key`, or null when it has not been compiled for it yet.
FunctionHandle find_kernel(const KernelKey& key);
// Compiles (memory cache -> disk cache -> NVRTC) and loads `spec` on the key's device, and
// remembers the function under `key`.
FunctionHandle add_kernel(const KernelKey& key, const KernelSpec& spec);

// The function for `key`; `make()` returns the KernelSpec and runs only on a miss.
template <class Make> FunctionHandle kernel(const KernelKey& key, Make&& make) {
  if (FunctionHandle fn = find_kernel(key)) return fn;
  return add_kernel(key, make());
}

struct Dim3 {
  unsigned x = 1, y = 1, z = 1;
};

// Launches `fn` on `device`'s current stream with a single by-value parameter block: every
// generated kernel takes one Params struct.
void launch(FunctionHandle fn, int device, Dim3 grid, Dim3 block, void* params,
            unsigned shared_bytes = 0);
// The same on `stream` with the driver's argument array.
void launch_on(FunctionHandle fn, int device, StreamHandle stream, Dim3 grid, Dim3 block,
               void** args, unsigned shared_bytes = 0, bool cooperative = false);
// The driver call itself, for a caller that has made the function's context current (the
// RawKernel call path checks it more cheaply than activate()).
void submit(FunctionHandle fn, StreamHandle stream, Dim3 grid, Dim3 block, void** args,
            unsigned shared_bytes, bool cooperative);

}  // namespace cunp::detail
