// src/runtime/config.cpp -- reading the CUNP_* environment variables into one Config, once.
#include "cunp/runtime/config.hpp"

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
  std::stringstream dirs(value_of(getenv, "CUNP_CUDA_LIBRARY_DIRS"));
  for (std::string d; std::getline(dirs, d, ':');)
    if (!d.empty()) c.cuda_library_dirs.push_back(d);
  for (const char* toolkit : {"CUDA_PATH", "CUDA_HOME"})
    if (std::string d = value_of(getenv, toolkit); !d.empty()) c.cuda_toolkit_dirs.push_back(d);
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
  static const Config c = read_config([](const char* name) { return std::getenv(name); });
  return c;
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

}  // namespace cunp
