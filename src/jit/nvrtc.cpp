// src/jit/nvrtc.cpp -- finding and loading libnvrtc.
#include "nvrtc.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cunp/runtime/error.hpp"

namespace cunp::nvrtc {
namespace {

// Sonames first (ldconfig, LD_LIBRARY_PATH), then the usual toolkit locations.
std::vector<std::string> candidates() {
  std::vector<std::string> names = {"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"};
  std::vector<std::string> out = names;
  std::vector<std::string> dirs;
  if (const char* p = std::getenv("CUNP_NVRTC_PATH")) out.insert(out.begin(), p);
  for (const char* env : {"CUDA_PATH", "CUDA_HOME"})
    if (const char* p = std::getenv(env)) dirs.push_back(std::string(p) + "/lib64");
  dirs.push_back("/usr/local/cuda/lib64");
  dirs.push_back("/usr/local/cuda/targets/x86_64-linux/lib");
  for (const auto& d : dirs)
    for (const auto& n : names) out.push_back(d + "/" + n);
  return out;
}

struct Loaded {
  Api api;
  std::string error;
};

Loaded load() {
  Loaded out;
  void* lib = nullptr;
  for (const auto& c : candidates())
    if ((lib = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL))) break;
  if (!lib) {
    out.error = "NVRTC (libnvrtc.so) could not be found; install the CUDA toolkit or the "
                "nvidia-cuda-nvrtc package, or set CUNP_NVRTC_PATH";
    return out;
  }
#define CUNP_RESOLVE(name)                                                       \
  out.api.name = reinterpret_cast<decltype(out.api.name)>(dlsym(lib, #name)); \
  if (!out.api.name) out.error = "NVRTC lacks " #name;
  CUNP_NVRTC_FUNCTIONS(CUNP_RESOLVE)
#undef CUNP_RESOLVE
  return out;
}

}  // namespace

const Api& api() {
  static const Loaded l = load();
  if (!l.error.empty()) throw CudaError(0, l.error);
  return l.api;
}

}  // namespace cunp::nvrtc
