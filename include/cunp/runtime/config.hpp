// cunp/runtime/config.hpp -- cunp's settings and the CUDA toolkit's locations: the environment,
// read once on first use into one Config, and the Toolkit paths resolved from it, which the core
// consults instead of the environment or paths of its own.
#pragma once
#include <cstddef>
#include <functional>
#include <mutex>
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
  // toolkit.
  std::vector<std::string> cuda_library_dirs;
  // CUDA_PATH then CUDA_HOME, where set: the toolkits searched first for libraries (lib64),
  // headers (include) and nvcc (bin).
  std::vector<std::string> cuda_toolkit_dirs;
  // PATH split at ':': searched for nvcc after the toolkits.
  std::vector<std::string> executable_dirs;
  // TMPDIR; unset or empty: /tmp. Where nvcc's scratch files go.
  std::string temp_dir;
  // Where Python packages are installed (not an environment variable: set_package_roots). Each
  // <root>/nvidia/<package>/lib, pip's CUDA wheels, is searched after CUNP_CUDA_LIBRARY_DIRS.
  std::vector<std::string> package_roots;
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

// The directories config() takes as its package_roots (the Python package passes sys.path when
// it loads the core, so pip's CUDA wheels are found without environment variables). Only a call
// before config() is first read has an effect; false when it came too late.
bool set_package_roots(std::vector<std::string> roots);

// One row of show_config: every setting's variable and the value in force; `is_default` when
// the variable is unset and the value is the default.
struct ConfigSetting {
  std::string variable;
  std::string value;
  bool is_default;
};
std::vector<ConfigSetting> config_settings(const Config& c);

// The sonames NVRTC is loaded by, newest first.
const std::vector<std::string>& nvrtc_sonames();

// Where the CUDA toolkit's parts are, resolved from a Config in this order: the CUNP_* settings
// and the toolkits of CUDA_PATH / CUDA_HOME, then where the dynamic loader found NVRTC, then the
// usual install location (/usr/local/cuda), then CUNP_CUDA_LIBRARY_DIRS and pip's wheels. The
// directories and files are resolved on construction; the headers and nvcc on first use, since
// finding the headers may need NVRTC loaded to learn where it is.
class Toolkit {
 public:
  // `loaded_nvrtc` names the libnvrtc file the dynamic loader picks; it is asked only when no
  // candidate path exists (NVRTC found by soname), and may load NVRTC to answer.
  Toolkit(Config c, std::function<std::string()> loaded_nvrtc);
  Toolkit(const Toolkit&) = delete;
  Toolkit& operator=(const Toolkit&) = delete;

  // Where CUDA libraries are searched, in order: <toolkit>/lib64 for CUDA_PATH and CUDA_HOME,
  // the usual toolkit's library directories, CUNP_CUDA_LIBRARY_DIRS, then the existing
  // <root>/nvidia/<package>/lib of the package roots (packages in name order); each once.
  const std::vector<std::string>& library_dirs() const { return library_dirs_; }

  // The files to dlopen for a library, in order: the file of `path_setting` (one of Config's
  // CUNP_<LIB>_PATH; nullptr for none), each library directory with each soname, then the bare
  // sonames (ldconfig, LD_LIBRARY_PATH). Paths come first so a caller can name the file without
  // dlopen.
  std::vector<std::string> library_candidates(const std::vector<std::string>& sonames,
                                              const char* path_setting) const;

  // The first of NVRTC's candidate paths that exists; "" when only its sonames are left (then
  // only the dynamic loader knows which file it is).
  const std::string& nvrtc() const { return nvrtc_; }

  // -I directories for user code (NVRTC has no search path of its own): the first of the
  // toolkits' include directories, the one beside NVRTC (a toolkit's lib64/../include; a pip
  // wheel's lib/../include, or cuda_runtime/include beside cuda_nvrtc for CUDA 12's per-library
  // wheels), the usual toolkit's, and those beside the other library directories, that holds
  // cuda_fp16.h; then libcu++'s cccl directory where the headers keep it apart (CUDA 13).
  // Empty when no headers are found.
  const std::vector<std::string>& include_dirs() const;

  // The nvcc executable: <toolkit>/bin for CUDA_PATH and CUDA_HOME, the bin directory beside
  // the headers user code compiles with, the usual toolkit's, then PATH. "" when none is found.
  const std::string& nvcc() const;

  // Where scratch files go (TMPDIR, else /tmp).
  const std::string& temp_dir() const { return config_.temp_dir; }

 private:
  Config config_;
  std::function<std::string()> loaded_nvrtc_;
  std::vector<std::string> library_dirs_;
  std::vector<std::string> extra_library_dirs_;  // CUNP_CUDA_LIBRARY_DIRS, then the wheels'
  std::string nvrtc_;
  mutable std::once_flag include_once_, nvcc_once_;
  mutable std::vector<std::string> include_dirs_;
  mutable std::string nvcc_;
};

// The process's toolkit, resolved from config() on the first call (thread-safe).
const Toolkit& toolkit();

// One row of show_config's toolkit section: a part of the toolkit and where it was found (lists
// joined with ':'; "not found" for none).
struct ToolkitPath {
  std::string name;
  std::string value;
};
std::vector<ToolkitPath> toolkit_paths(const Toolkit& t);

}  // namespace cunp
