// src/runtime/versions.cpp -- the CUDA components' versions and library files for show_config:
// each probed on its own, so one that cannot be loaded reports the reason and the others still
// answer.
#include "cunp/runtime/versions.hpp"

#include <cuda.h>
#include <dlfcn.h>
#include <library_types.h>

#include <utility>

#include "../jit/nvrtc.hpp"
#include "../linalg/cublas.hpp"
#include "../fft/cufft.hpp"
#include "../linalg/cusolver.hpp"
#include "cunp/jit/compiler.hpp"
#include "cunp/runtime/nccl.hpp"
#include "cunp/runtime/error.hpp"
#include "driver.hpp"
#include "library.hpp"

namespace cunp {
namespace {

// 12040 -> "12.4": the encoding of CUDA_VERSION, cuDriverGetVersion and nvrtc_version().
std::string cuda_version_text(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

// The file a loaded function came from, so the report shows which copy of a library is used.
std::string file_of(const void* fn) {
  Dl_info info{};
  return fn && dladdr(fn, &info) && info.dli_fname ? info.dli_fname : "";
}

// "major.minor.patch" from a <library>GetProperty(libraryPropertyType, int*) (cuBLAS, cuSOLVER
// and cuRAND share that form; each returns its own status enum, 0 for success).
std::string property_version(void* get_property, const char* symbol) {
  auto get = reinterpret_cast<int (*)(libraryPropertyType, int*)>(get_property);
  int part[3] = {};
  const libraryPropertyType kinds[3] = {MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL};
  for (int i = 0; i < 3; ++i)
    if (int s = get(kinds[i], &part[i]); s != 0)
      throw CudaError(s, std::string(symbol) + " failed with status " + std::to_string(s));
  return std::to_string(part[0]) + "." + std::to_string(part[1]) + "." + std::to_string(part[2]);
}

using Found = std::pair<std::string, std::string>;  // version, library file

// One row: `probe` returns {version, library file} or throws the reason.
template <class Probe> ComponentVersion probe_row(const char* name, Probe probe) {
  ComponentVersion row;
  row.name = name;
  try {
    auto [version, file] = probe();
    row.version = std::move(version);
    row.detail = std::move(file);
  } catch (const std::exception& e) {
    row.detail = e.what();
  }
  return row;
}

}  // namespace

std::vector<ComponentVersion> component_versions() {
  std::vector<ComponentVersion> rows;
  rows.push_back(probe_row("CUDA driver", [] {
    return Found{cuda_version_text(drv::driver_version()), ""};
  }));
  // cunp links no CUDA runtime: the toolkit whose headers it was built with is what applies.
  rows.push_back(probe_row("CUDA toolkit (built with)", [] {
    return Found{cuda_version_text(CUDA_VERSION), ""};
  }));
  rows.push_back(probe_row("NVRTC", [] {
    int v = nvrtc_version();
    return Found{cuda_version_text(v), file_of(reinterpret_cast<void*>(nvrtc::api().nvrtcVersion))};
  }));
  rows.push_back(probe_row("cuBLAS", [] {
    void* fn = reinterpret_cast<void*>(blas::api().cublasGetProperty);
    return Found{property_version(fn, "cublasGetProperty"), file_of(fn)};
  }));
  rows.push_back(probe_row("cuSOLVER", [] {
    void* fn = linalg::dn_symbol(linalg::Dn::GetProperty);
    return Found{property_version(fn, "cusolverGetProperty"), file_of(fn)};
  }));
  rows.push_back(probe_row("cuRAND", [] {
    // The sonames and setting that cuRAND's key source (src/random/curand_keys.cpp) loads with;
    // dlopen returns the same library to both.
    void* lib = open_library({"libcurand.so.10", "libcurand.so"}, "CUNP_CURAND_PATH");
    if (!lib) throw CudaError(0, "cuRAND (libcurand.so.10) could not be loaded");
    void* fn = library_symbol(lib, "curandGetProperty");
    if (!fn) throw CudaError(0, "cuRAND lacks curandGetProperty");
    return Found{property_version(fn, "curandGetProperty"), file_of(fn)};
  }));
  rows.push_back(probe_row("cuFFT", [] {
    void* fn = reinterpret_cast<void*>(fft::api().cufftGetProperty);
    return Found{property_version(fn, "cufftGetProperty"), file_of(fn)};
  }));
  rows.push_back(probe_row("NCCL", [] {
    const int v = nccl::version();  // major * 10000 + minor * 100 + patch (NCCL 2.9 on)
    return Found{std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
                     std::to_string(v % 100),
                 ""};
  }));
  return rows;
}

}  // namespace cunp
