// src/runtime/config.cpp -- reading the environment into one Config, once, and resolving the
// CUDA toolkit's locations from it (the only place that knows where a toolkit is installed).
#include "cunp/runtime/config.hpp"

#include <dirent.h>
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "cunp/runtime/error.hpp"

namespace cunp {
namespace {

// Every variable the config reads, for Config::environment.
constexpr const char* kVariables[] = {"CUNP_CACHE_DIR",
                                      "CUNP_GPU_MEMORY_LIMIT",
                                      "CUNP_CUDA_LIBRARY_DIRS",
                                      "CUNP_NVRTC_PATH",
                                      "CUNP_CUBLAS_PATH",
                                      "CUNP_CUSOLVER_PATH",
                                      "CUNP_CURAND_PATH",
                                      "CUNP_CUFFT_PATH",
                                      "CUNP_NCCL_PATH",
                                      "CUNP_ALLOW_TF32",
                                      "CUNP_CUDA_ARRAY_INTERFACE_SYNC",
                                      "CUNP_DISABLE_PREBUILT"};

constexpr const char* kMemoryLimitError =
    "CUNP_GPU_MEMORY_LIMIT must be a byte count or a percentage: ";

std::string value_of(const EnvLookup& getenv, const char* name) {
  const char* v = getenv(name);
  return v ? std::string(v) : std::string();
}

// A ':'-separated list without its empty entries.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream list(text);
  for (std::string d; std::getline(list, d, ':');)
    if (!d.empty()) out.push_back(d);
  return out;
}

// package_roots as given to set_package_roots, until config() takes them.
struct PendingRoots {
  std::mutex mutex;
  std::vector<std::string> roots;
  bool taken = false;  // config() has read them: later calls change nothing
};

PendingRoots& pending_roots() {
  static PendingRoots r;
  return r;
}

}  // namespace

std::size_t MemoryLimit::resolve(std::size_t device_memory) const {
  if (!is_share) return bytes;
  return static_cast<std::size_t>(static_cast<double>(device_memory) * percent / 100.0);
}

MemoryLimit parse_memory_limit(const std::string& text) {
  MemoryLimit limit;
  if (text.empty()) return limit;
  if (text.back() == '%') {
    std::string number = text.substr(0, text.size() - 1);
    char* end = nullptr;
    double pct = number.empty() ? -1 : std::strtod(number.c_str(), &end);
    if (number.empty() || *end || !std::isfinite(pct) || pct < 0)
      throw ValueError(kMemoryLimitError + text);
    limit.is_share = true;
    limit.percent = pct;
    return limit;
  }
  // Digits only: strtoull alone would take "-1" as 2^64 - 1.
  if (text.find_first_not_of("0123456789") != std::string::npos)
    throw ValueError(kMemoryLimitError + text);
  errno = 0;
  unsigned long long n = std::strtoull(text.c_str(), nullptr, 10);
  if (errno == ERANGE) throw ValueError(kMemoryLimitError + text);
  limit.bytes = static_cast<std::size_t>(n);
  return limit;
}

const std::string& Config::library_path(const std::string& variable) const {
  if (variable == "CUNP_NVRTC_PATH") return nvrtc_path;
  if (variable == "CUNP_CUBLAS_PATH") return cublas_path;
  if (variable == "CUNP_CUSOLVER_PATH") return cusolver_path;
  if (variable == "CUNP_CURAND_PATH") return curand_path;
  if (variable == "CUNP_CUFFT_PATH") return cufft_path;
  if (variable == "CUNP_NCCL_PATH") return nccl_path;
  throw ValueError("'" + variable + "' is not one of cunp's library path settings");
}

Config read_config(const EnvLookup& getenv) {
  Config c;
  for (const char* name : kVariables)
    if (std::string v = value_of(getenv, name); !v.empty()) c.environment.emplace_back(name, v);

  if (std::string d = value_of(getenv, "CUNP_CACHE_DIR"); !d.empty()) c.cache_dir = d;
  else if (std::string x = value_of(getenv, "XDG_CACHE_HOME"); !x.empty())
    c.cache_dir = x + "/cunp";
  else if (std::string h = value_of(getenv, "HOME"); !h.empty()) c.cache_dir = h + "/.cache/cunp";
  else c.cache_dir = "/tmp/.cache/cunp";

  c.gpu_memory_limit = value_of(getenv, "CUNP_GPU_MEMORY_LIMIT");
  c.cuda_library_dirs = split_list(value_of(getenv, "CUNP_CUDA_LIBRARY_DIRS"));
  for (const char* toolkit : {"CUDA_PATH", "CUDA_HOME"})
    if (std::string d = value_of(getenv, toolkit); !d.empty()) c.cuda_toolkit_dirs.push_back(d);
  c.executable_dirs = split_list(value_of(getenv, "PATH"));
  c.temp_dir = value_of(getenv, "TMPDIR");
  if (c.temp_dir.empty()) c.temp_dir = "/tmp";
  c.nvrtc_path = value_of(getenv, "CUNP_NVRTC_PATH");
  c.cublas_path = value_of(getenv, "CUNP_CUBLAS_PATH");
  c.cusolver_path = value_of(getenv, "CUNP_CUSOLVER_PATH");
  c.curand_path = value_of(getenv, "CUNP_CURAND_PATH");
  c.cufft_path = value_of(getenv, "CUNP_CUFFT_PATH");
  c.nccl_path = value_of(getenv, "CUNP_NCCL_PATH");

  std::string tf32 = value_of(getenv, "CUNP_ALLOW_TF32");
  c.allow_tf32 = tf32 == "1" || tf32 == "true" || tf32 == "True" || tf32 == "TRUE" || tf32 == "yes";
  c.cuda_array_interface_sync = value_of(getenv, "CUNP_CUDA_ARRAY_INTERFACE_SYNC") != "0";
  std::string prebuilt = value_of(getenv, "CUNP_DISABLE_PREBUILT");
  c.disable_prebuilt = !prebuilt.empty() && prebuilt != "0";
  return c;
}

const Config& config() {
  static const Config c = [] {
    Config c = read_config([](const char* name) { return std::getenv(name); });
    PendingRoots& r = pending_roots();
    std::lock_guard<std::mutex> lock(r.mutex);
    r.taken = true;
    c.package_roots = r.roots;
    return c;
  }();
  return c;
}

bool set_package_roots(std::vector<std::string> roots) {
  PendingRoots& r = pending_roots();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (r.taken) return false;
  r.roots = std::move(roots);
  return true;
}

std::vector<ConfigSetting> config_settings(const Config& c) {
  auto set_value = [&](const char* variable) -> const std::string* {
    for (const auto& [name, value] : c.environment)
      if (name == variable) return &value;
    return nullptr;
  };
  std::vector<ConfigSetting> rows;
  auto row = [&](const char* variable, const std::string& fallback) {
    const std::string* v = set_value(variable);
    rows.push_back({variable, v ? *v : fallback, v == nullptr});
  };
  row("CUNP_CACHE_DIR", c.cache_dir);
  row("CUNP_GPU_MEMORY_LIMIT", "none");
  row("CUNP_CUDA_LIBRARY_DIRS", "none");
  row("CUNP_NVRTC_PATH", "none");
  row("CUNP_CUBLAS_PATH", "none");
  row("CUNP_CUSOLVER_PATH", "none");
  row("CUNP_CURAND_PATH", "none");
  row("CUNP_CUFFT_PATH", "none");
  row("CUNP_NCCL_PATH", "none");
  row("CUNP_ALLOW_TF32", "0");
  row("CUNP_CUDA_ARRAY_INTERFACE_SYNC", "1");
  row("CUNP_DISABLE_PREBUILT", "0");
  return rows;
}

// ---------------------------------------------------------------------------------------------
// The toolkit

namespace {

// Where the CUDA toolkit is usually installed; searched after CUDA_PATH and CUDA_HOME.
constexpr const char* kUsualToolkit = "/usr/local/cuda";

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

bool is_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool is_dir(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_executable(const std::string& path) {
  return is_file(path) && ::access(path.c_str(), X_OK) == 0;
}

std::string parent_dir(const std::string& path) {
  std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? std::string(".") : path.substr(0, slash);
}

// The entries of a directory (without . and ..), sorted; empty when it cannot be read.
std::vector<std::string> sorted_entries(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = ::opendir(dir.c_str())) {
    while (const dirent* e = ::readdir(d))
      if (std::string n = e->d_name; n != "." && n != "..") names.push_back(std::move(n));
    ::closedir(d);
  }
  std::sort(names.begin(), names.end());
  return names;
}

// pip's CUDA wheels under the package roots: each existing <root>/nvidia/<package>/lib.
std::vector<std::string> wheel_library_dirs(const std::vector<std::string>& roots) {
  std::vector<std::string> out;
  for (const std::string& root : roots) {
    const std::string base = (root.empty() ? std::string(".") : root) + "/nvidia";
    for (const std::string& package : sorted_entries(base))
      if (std::string lib = base + "/" + package + "/lib"; is_dir(lib)) out.push_back(lib);
  }
  return out;
}

// The libnvrtc file the dynamic loader picks for NVRTC's sonames (loading it, as compiling
// would), or "" when none loads.
std::string loader_nvrtc() {
  for (const std::string& soname : nvrtc_sonames())
    if (void* lib = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL)) {
      Dl_info info{};
      void* fn = dlsym(lib, "nvrtcVersion");
      if (fn && dladdr(fn, &info) && info.dli_fname) return info.dli_fname;
    }
  return "";
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : ":") + x;
  return s;
}

}  // namespace

const std::vector<std::string>& nvrtc_sonames() {
  static const std::vector<std::string> names = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
  return names;
}

Toolkit::Toolkit(Config c, std::function<std::string()> loaded_nvrtc)
    : config_(std::move(c)), loaded_nvrtc_(std::move(loaded_nvrtc)) {
  for (const std::string& t : config_.cuda_toolkit_dirs) library_dirs_.push_back(t + "/lib64");
  library_dirs_.push_back(std::string(kUsualToolkit) + "/lib64");
  library_dirs_.push_back(std::string(kUsualToolkit) + "/targets/x86_64-linux/lib");
  extra_library_dirs_ = config_.cuda_library_dirs;
  for (std::string& d : wheel_library_dirs(config_.package_roots))
    extra_library_dirs_.push_back(std::move(d));
  library_dirs_.insert(library_dirs_.end(), extra_library_dirs_.begin(), extra_library_dirs_.end());
  // CUDA_PATH is often the usual toolkit itself: each directory is searched once, where it
  // first appears.
  std::vector<std::string> seen;
  for (std::string& d : library_dirs_)
    if (std::find(seen.begin(), seen.end(), d) == seen.end()) seen.push_back(std::move(d));
  library_dirs_ = std::move(seen);
  for (const std::string& c : library_candidates(nvrtc_sonames(), "CUNP_NVRTC_PATH")) {
    if (c.find('/') == std::string::npos) break;  // sonames: only dlopen knows which file
    if (exists(c)) {
      nvrtc_ = c;
      break;
    }
  }
}

std::vector<std::string> Toolkit::library_candidates(const std::vector<std::string>& sonames,
                                                     const char* path_setting) const {
  std::vector<std::string> out;
  if (path_setting)
    if (const std::string& p = config_.library_path(path_setting); !p.empty()) out.push_back(p);
  for (const auto& d : library_dirs_)
    for (const auto& n : sonames) out.push_back(d + "/" + n);
  out.insert(out.end(), sonames.begin(), sonames.end());
  return out;
}

const std::vector<std::string>& Toolkit::include_dirs() const {
  std::call_once(include_once_, [this] {
    std::vector<std::string> dirs;
    for (const std::string& t : config_.cuda_toolkit_dirs) dirs.push_back(t + "/include");
    // Where libnvrtc lives: from the path it is found by (no need to load it, so a warm disk
    // cache still skips NVRTC), else from where the loader found it.
    std::string nvrtc_file = nvrtc_;
    if (nvrtc_file.empty() && loaded_nvrtc_) nvrtc_file = loaded_nvrtc_();
    if (nvrtc_file.find('/') != std::string::npos) {
      std::string lib = parent_dir(nvrtc_file);
      dirs.push_back(lib + "/../include");
      dirs.push_back(lib + "/../../cuda_runtime/include");
    }
    dirs.push_back(std::string(kUsualToolkit) + "/include");
    // The library directories after the usual toolkit's: CUNP_CUDA_LIBRARY_DIRS, the wheels.
    for (const std::string& d : extra_library_dirs_) dirs.push_back(d + "/../include");
    std::string found;
    for (const auto& d : dirs)
      if (is_file(d + "/cuda_fp16.h")) {
        found = d;
        break;
      }
    if (found.empty()) return;
    include_dirs_.push_back(found);
    // libcu++: in the include directory itself up to CUDA 12, under cccl/ from 13 (pip ships
    // it in its own wheel, so the other candidates are looked at too).
    if (is_file(found + "/cuda/std/type_traits")) return;
    dirs.insert(dirs.begin(), found);
    for (const auto& d : dirs)
      if (is_file(d + "/cccl/cuda/std/type_traits")) {
        include_dirs_.push_back(d + "/cccl");
        break;
      }
  });
  return include_dirs_;
}

const std::string& Toolkit::nvcc() const {
  std::call_once(nvcc_once_, [this] {
    std::vector<std::string> dirs;
    for (const std::string& t : config_.cuda_toolkit_dirs) dirs.push_back(t + "/bin");
    // The toolkit whose headers user modules compile against: <toolkit>/include -> <toolkit>/bin.
    if (const auto& inc = include_dirs(); !inc.empty()) dirs.push_back(inc.front() + "/../bin");
    dirs.push_back(std::string(kUsualToolkit) + "/bin");
    dirs.insert(dirs.end(), config_.executable_dirs.begin(), config_.executable_dirs.end());
    for (const auto& d : dirs)
      if (is_executable(d + "/nvcc")) {
        nvcc_ = d + "/nvcc";
        return;
      }
  });
  return nvcc_;
}

const Toolkit& toolkit() {
  static const Toolkit t(config(), loader_nvrtc);
  return t;
}

std::vector<ToolkitPath> toolkit_paths(const Toolkit& t) {
  auto or_none = [](const std::string& v) { return v.empty() ? std::string("not found") : v; };
  return {{"library directories", or_none(joined(t.library_dirs()))},
          {"NVRTC", t.nvrtc().empty() ? "by soname (" + joined(nvrtc_sonames()) + ")" : t.nvrtc()},
          {"headers", or_none(joined(t.include_dirs()))},
          {"nvcc", or_none(t.nvcc())},
          {"temporary directory", t.temp_dir()}};
}

}  // namespace cunp
