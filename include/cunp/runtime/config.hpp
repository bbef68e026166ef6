// cunp/runtime/config.hpp -- cunp's settings: the CUNP_* environment variables, read once on
// first use into one Config that the core consults instead of the environment.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace cunp {

// CUNP_GPU_MEMORY_LIMIT, parsed: a byte count ("1073741824") or a share of the device ("50%").
// A share needs the device's memory, so it is resolved when that device's pool is created.
struct MemoryLimit {
  std::size_t bytes = 0;  // the limit when !is_share; 0 means no limit
  double percent = 0;     // the limit when is_share, in percent of the device's memory
  bool is_share = false;

  // The limit in bytes for a device with this much memory.
  std::size_t resolve(std::size_t device_memory) const;
};

// "" gives no limit. ValueError "CUNP_GPU_MEMORY_LIMIT must be a byte count or a percentage:
// <text>" for anything else that is not digits, or a non-negative number followed by '%'.
MemoryLimit parse_memory_limit(const std::string& text);

struct Config {
  // CUNP_CACHE_DIR; unset or empty: $XDG_CACHE_HOME/cunp, else $HOME/.cache/cunp, else
  // /tmp/.cache/cunp.
  std::string cache_dir;
  // CUNP_GPU_MEMORY_LIMIT as written ("" for no limit). Parsed by the pool when it is created,
  // so a bad value fails the first allocation rather than every use of the config.
  std::string gpu_memory_limit;
  // CUNP_CUDA_LIBRARY_DIRS split at ':': where CUDA libraries and headers are searched after the
  // toolkit (the Python package points it at pip's nvidia wheels before the core loads).
  std::vector<std::string> cuda_library_dirs;
  // CUDA_PATH then CUDA_HOME, where set: the toolkits searched first for libraries (lib64),
  // headers (include) and nvcc (bin).
  std::vector<std::string> cuda_toolkit_dirs;
  // CUNP_NVRTC_PATH, CUNP_CUBLAS_PATH, CUNP_CUSOLVER_PATH, CUNP_CURAND_PATH, CUNP_CUFFT_PATH,
  // CUNP_NCCL_PATH: a library file to try before the search path ("" when unset).
  std::string nvrtc_path, cublas_path, cusolver_path, curand_path, cufft_path, nccl_path;
  // CUNP_ALLOW_TF32 = 1, true, True, TRUE or yes: the initial value of set_allow_tf32.
  bool allow_tf32 = false;
  // CUNP_CUDA_ARRAY_INTERFACE_SYNC=0: an imported foreign array's stream is not waited on.
  bool cuda_array_interface_sync = true;
  // CUNP_DISABLE_PREBUILT set to anything but "" or "0": NVRTC kernels replace the fatbin's.
  bool disable_prebuilt = false;
  // The CUNP_* variables that were set, as (name, value), for show_config.
  std::vector<std::pair<std::string, std::string>> environment;

  // The file named by one of the CUNP_<LIB>_PATH variables above (library_candidates' env_var);
  // ValueError for any other name, so a new library cannot add an unread variable.
  const std::string& library_path(const std::string& variable) const;
};

// A Config built from an environment lookup (nullptr for an unset variable), so that tests can
// try environments without changing the process's.
using EnvLookup = std::function<const char*(const char*)>;
Config read_config(const EnvLookup& getenv);

// The process's settings: read from the environment on the first call (thread-safe), then fixed
// for the life of the process. Settings that change at run time have their own setters
// (set_allow_tf32, set_svd_driver, DevicePool::set_limit).
const Config& config();

// One row of show_config: every setting's variable and the value in force; `is_default` when
// the variable is unset and the value is the default.
struct ConfigSetting {
  std::string variable;
  std::string value;
  bool is_default;
};
std::vector<ConfigSetting> config_settings(const Config& c);

}  // namespace cunp
