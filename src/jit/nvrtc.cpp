// src/jit/nvrtc.cpp -- finding and loading libnvrtc.
#include "nvrtc.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <string>
#include <vector>

#include "../runtime/library.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/error.hpp"

namespace cunp::nvrtc {
namespace {

const std::vector<std::string>& candidates() {
  static const std::vector<std::string> c = library_candidates(nvrtc_sonames(), "CUNP_NVRTC_PATH");
  return c;
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
#define CUNP_RESOLVE(name)                                                    \
  out.api.name = reinterpret_cast<decltype(out.api.name)>(dlsym(lib, #name)); \
  if (!out.api.name) out.error = "NVRTC lacks " #name;
  CUNP_NVRTC_FUNCTIONS(CUNP_RESOLVE)
#undef CUNP_RESOLVE
  return out;
}

}  // namespace

const std::string& library_identity() {
  static const std::string id = [] {
    const std::string& file = toolkit().nvrtc();  // "": found by soname only
    struct stat st {};
    if (file.empty() || ::stat(file.c_str(), &st) != 0) return std::string();
    return file + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtime);
  }();
  return id;
}

const Api& api() {
  static const Loaded l = load();
  if (!l.error.empty()) throw CudaError(0, l.error);
  return l.api;
}

}  // namespace cunp::nvrtc
