// cunp/jit/raw_module.hpp -- user CUDA code: modules compiled from source (through the JIT's
// NVRTC memory and disk cache) or loaded from cubin/PTX/fatbin files, their kernels and globals.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {

// The kernel attributes CuPy's RawKernel exposes, read with cuFuncGetAttribute.
struct KernelAttributes {
  int max_threads_per_block = 0;
  int shared_size_bytes = 0;
  int const_size_bytes = 0;
  int local_size_bytes = 0;
  int num_regs = 0;
  int ptx_version = 0;
  int binary_version = 0;
  int cache_mode_ca = 0;
  int max_dynamic_shared_size_bytes = 0;
  int preferred_shared_memory_carveout = 0;
};

// A kernel of a loaded module on one device.
struct RawFunction {
  FunctionHandle handle = nullptr;
  int device = 0;
  // Number of parameters and their sizes in bytes; -1 / empty when the driver cannot tell
  // (before CUDA 12.4).
  int num_params = -1;
  std::vector<uint16_t> param_sizes;
  KernelAttributes attributes() const;
  void set_max_dynamic_shared_size_bytes(int bytes) const;
};

// User code, compiled lazily per device. Either `source` (NVRTC) or `path` (a ready image).
class RawModule {
 public:
  static std::shared_ptr<RawModule> from_source(std::string source, std::vector<std::string> options,
                                                std::vector<std::string> name_expressions);
  static std::shared_ptr<RawModule> from_file(std::string path);

  // Compiles (or loads) for `device` if not done yet.
  void ensure_loaded(int device);
  // The kernel `name` (a name expression is looked up by its lowered name). Throws CudaError
  // CUDA_ERROR_NOT_FOUND with a hint listing the extern "C" kernels of the source.
  RawFunction function(const std::string& name, int device);
  // A __device__ / __constant__ variable: its address and size on `device`.
  std::pair<uintptr_t, std::size_t> global(const std::string& name, int device);
  // The mangled name NVRTC gave a name expression, or "" if it is not one.
  std::string lowered_name(const std::string& expression, int device);

  const std::string& source() const { return source_; }
  const std::vector<std::string>& options() const { return options_; }
  const std::vector<std::string>& name_expressions() const { return name_expressions_; }

 private:
  std::string source_, path_;
  std::vector<std::string> options_, name_expressions_;
  struct PerDevice {
    ModuleHandle module = nullptr;
    std::vector<std::string> lowered;
  };
  std::array<PerDevice, 64> loaded_{};
};

// The NVRTC options a user module compiles with: the user's own, then -I for the CUDA toolkit's
// headers (cuda_fp16.h, cooperative_groups.h, ...; NVRTC has no search path of its own) when they
// can be found.
std::vector<std::string> user_compile_options(const std::vector<std::string>& options);

// The names of the kernels a source declares `extern "C" __global__` (for error hints), and
// whether `name` is declared __global__ without extern "C" (its symbol is then mangled).
std::vector<std::string> extern_c_kernels(const std::string& source);
bool declared_without_extern_c(const std::string& source, const std::string& name);

struct LaunchConfig {
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned shared_mem = 0;
  bool cooperative = false;
};

// Checks grid/block against the device's limits (ValueError, before anything is launched).
void check_launch_config(const LaunchConfig& c, int device);

// Launches `f` on `stream` with kernel parameters `params` (one pointer per parameter).
void launch_raw(const RawFunction& f, const LaunchConfig& c, StreamHandle stream, void** params);

}  // namespace cunp
