// cunp/jit/compiler.hpp -- CUDA C++ source to a loaded kernel: NVRTC compile to cubin for the
// device's architecture, cached in memory and on disk ($CUNP_CACHE_DIR, default ~/.cache/cunp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct CUfunc_st;
struct CUmod_st;

namespace cunp {

using FunctionHandle = CUfunc_st*;
using ModuleHandle = CUmod_st*;

// The device-side header every generated kernel starts with (float16, complex, cast rules).
const std::string& device_header();

// The ufunc math library (NumPy's semantics per dtype, complex functions), included after
// device_header() by kernels that call it.
const std::string& device_math_header();

// A part of the device library: one header under src/device/<area>/ (not math/), named by its file
// name without the extension: an engine's loop skeletons (engines/reduction.cuh is "reduction"),
// a block-wide primitive, or an area's device code (statistics/welford.cuh is "welford"). Added
// after device_header() by the kernels that use it, after the parts it includes. Throws
// ValueError for an unknown name.
const std::string& device_part(std::string_view name);

// NVRTC's version as major*1000 + minor*10 (12080 for 12.8); throws CudaError when NVRTC
// cannot be loaded.
int nvrtc_version();

// Compiles `source` to a cubin for sm_<arch> (or PTX for the newest architecture NVRTC knows
// when arch is newer than that). Throws CompileError with the log on failure. Works with no
// GPU present. `name_expressions` are registered so their lowered names can be looked up.
// Tried first with NVRTC's -minimal (no CUDA runtime declarations; a faster compile), then,
// if that fails, without it.
struct CompileResult {
  std::vector<char> image;  // cubin or PTX (NUL-terminated)
  bool is_ptx = false;
  bool minimal = false;                    // compiled with -minimal
  std::vector<std::string> lowered_names;  // one per name expression
};
CompileResult compile(const std::string& source, const std::string& name, int arch,
                      const std::vector<std::string>& options = {},
                      const std::vector<std::string>& name_expressions = {});

// A compiled module loaded on one device, shared by everyone who asks for the same source and
// options. Lives for the process.
struct LoadedModule {
  ModuleHandle module = nullptr;
  std::vector<std::string> lowered_names;
  FunctionHandle function(const std::string& name) const;
};

// Memory cache -> disk cache -> NVRTC. `name` only labels errors and logs.
const LoadedModule& load_module(const std::string& source, const std::string& name, int device,
                                const std::vector<std::string>& options = {},
                                const std::vector<std::string>& name_expressions = {});

// The disk cache directory in use (created on first write).
std::string cache_dir();

// 64-bit FNV-1a, used for cache keys.
uint64_t hash_bytes(const void* data, std::size_t n, uint64_t seed = 1469598103934665603ull);

}  // namespace cunp
