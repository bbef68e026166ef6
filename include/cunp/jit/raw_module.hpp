// cunp/jit/raw_module.hpp -- user CUDA code: modules compiled from source (through the JIT's
// NVRTC memory and disk cache, or nvcc) or loaded from cubin/PTX/fatbin files, their kernels and
// globals, and the steps of their build (each in its own src/jit file, named below).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/device.hpp"
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
  // Looked up once, so a launch touches no device table: the limits check_launch_config uses,
  // and the device's primary context (a launch only compares it with the thread's current one).
  const DeviceProperties* properties = nullptr;
  void* context = nullptr;
  KernelAttributes attributes() const;
  void set_max_dynamic_shared_size_bytes(int bytes) const;
};

// How user source is turned into an image: the compiler (NVRTC in-process, or the toolkit's nvcc
// executable) and CuPy's preprocessing switches.
struct RawBuildOptions {
  enum class Backend { Nvrtc, Nvcc };
  Backend backend = Backend::Nvrtc;
  bool translate_cucomplex = false;  // cuComplex.h names map onto cunp's complex<T>
  bool jitify = false;               // standard C++ headers resolve to libcu++ (NVRTC)
};

// User code, compiled lazily per device. Either `source` (a compiler) or `path` (a ready image).
class RawModule {
 public:
  static std::shared_ptr<RawModule> from_source(std::string source,
                                                std::vector<std::string> options,
                                                std::vector<std::string> name_expressions,
                                                RawBuildOptions build = {});
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
  const RawBuildOptions& build() const { return build_; }

  // Compiles for sm_<arch> without loading (works with no GPU): the source as the compiler sees
  // it (after translate_cucomplex) with the options of the backend.
  CompileResult compile_for(int arch) const;

 private:
  std::string source_, path_;
  RawBuildOptions build_;
  std::vector<std::string> options_, name_expressions_;
  struct PerDevice {
    ModuleHandle module = nullptr;
    std::vector<std::string> lowered;
  };
  std::array<PerDevice, 64> loaded_{};
};

// The NVRTC options a user module compiles with: the user's own, then -I for the CUDA toolkit's
// headers (cuda_fp16.h, cooperative_groups.h, ...; NVRTC has no search path of its own) when they
// can be found (toolkit().include_dirs(), cunp/runtime/config.hpp).
std::vector<std::string> user_compile_options(const std::vector<std::string>& options);

// CuPy's translate_cucomplex (src/jit/cucomplex_translation.cpp): each `#include <cuComplex.h>`
// line (or the top of the source when it has none) becomes definitions of cuComplex.h's types and
// functions on cunp::complex<T>, with #line directives so compiler messages keep the user's line
// numbers.
std::string translate_cucomplex(const std::string& source);

// jitify=True (src/jit/jitify_shims.cpp): a directory of standard-header shims (<cstdint>,
// <type_traits>, <cmath>, ...) that forward to libcu++ and make its names visible in std::,
// written once under the cache directory. Empty when it cannot be written.
const std::string& jitify_include_dir();

// backend='nvcc' (src/jit/nvcc_backend.cpp): compiles with the toolkit's nvcc (toolkit().nvcc(),
// cunp/runtime/config.hpp) to a cubin for sm_<arch> (CompileError with nvcc's output on failure;
// CudaError CUDA_ERROR_NOT_FOUND when nvcc cannot be found). No GPU needed.
CompileResult compile_with_nvcc(const std::string& source, int arch,
                                const std::vector<std::string>& options);

// The names of the kernels a source declares `extern "C" __global__` (for error hints), and
// whether `name` is declared __global__ without extern "C" (its symbol is then mangled); a light
// scan of the source (src/jit/kernel_scan.cpp).
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
void check_launch_config(const LaunchConfig& c, const DeviceProperties& p);

// Launches `f` on `stream` with kernel parameters `params` (one pointer per parameter), making
// f's device current first when it is not.
void launch_raw(const RawFunction& f, const LaunchConfig& c, StreamHandle stream, void** params);

}  // namespace cunp
