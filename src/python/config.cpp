// src/python/config.cpp -- _core.config_info(): the settings in force, the CUDA driver, toolkit
// and library versions, and the devices, for cunp.show_config(). Never raises: whatever cannot
// be loaded is reported with the reason.
#include <dlfcn.h>
#include <library_types.h>

#include <string>
#include <utility>

#include "../jit/nvrtc.hpp"
#include "../linalg/cublas.hpp"
#include "../linalg/cusolver.hpp"
#include "../runtime/driver.hpp"
#include "../runtime/library.hpp"
#include "common.hpp"
#include "cunp/runtime/config.hpp"

namespace cunp::py {
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

// One row of the versions table: `probe` returns {version, library file} or throws the reason.
template <class Probe> nb::dict version_row(const char* name, Probe probe) {
  nb::dict row;
  row["name"] = name;
  try {
    auto [version, file] = probe();
    row["version"] = version;
    row["detail"] = file;
  } catch (const std::exception& e) {
    row["version"] = nb::none();
    row["detail"] = e.what();
  }
  return row;
}

using Found = std::pair<std::string, std::string>;

nb::dict config_info() {
  nb::dict info;
  nb::list settings;
  for (const ConfigSetting& s : config_settings(config())) {
    nb::dict row;
    row["variable"] = s.variable;
    row["value"] = s.value;
    row["default"] = s.is_default;
    settings.append(row);
  }
  info["settings"] = settings;

  nb::list versions;
  versions.append(version_row("CUDA driver", [] {
    return Found{cuda_version_text(drv::driver_version()), ""};
  }));
  // cunp links no CUDA runtime: the toolkit whose headers it was built with is what applies.
  versions.append(version_row("CUDA toolkit (built with)", [] {
    return Found{cuda_version_text(CUDA_VERSION), ""};
  }));
  versions.append(version_row("NVRTC", [] {
    int v = nvrtc_version();
    return Found{cuda_version_text(v), file_of(reinterpret_cast<void*>(nvrtc::api().nvrtcVersion))};
  }));
  versions.append(version_row("cuBLAS", [] {
    void* fn = reinterpret_cast<void*>(blas::api().cublasGetProperty);
    return Found{property_version(fn, "cublasGetProperty"), file_of(fn)};
  }));
  versions.append(version_row("cuSOLVER", [] {
    void* fn = linalg::dn_symbol(linalg::Dn::GetProperty);
    return Found{property_version(fn, "cusolverGetProperty"), file_of(fn)};
  }));
  versions.append(version_row("cuRAND", [] {
    // The sonames and setting that cuRAND's key source (src/random/curand_keys.cpp) loads with;
    // dlopen returns the same library to both.
    void* lib = open_library({"libcurand.so.10", "libcurand.so"}, "CUNP_CURAND_PATH");
    if (!lib) throw CudaError(0, "cuRAND (libcurand.so.10) could not be loaded");
    void* fn = library_symbol(lib, "curandGetProperty");
    if (!fn) throw CudaError(0, "cuRAND lacks curandGetProperty");
    return Found{property_version(fn, "curandGetProperty"), file_of(fn)};
  }));
  info["versions"] = versions;

  nb::list devices;
  std::string devices_error;
  try {
    for (int d = 0, n = device_count(); d < n; ++d) {
      const DeviceProperties& p = device_properties(d);
      nb::dict row;
      row["id"] = d;
      row["name"] = p.name;
      row["compute_capability"] = std::to_string(p.major) + "." + std::to_string(p.minor);
      row["total_memory"] = p.total_memory;
      devices.append(row);
    }
  } catch (const std::exception& e) {
    devices_error = e.what();
  }
  info["devices"] = devices;
  info["devices_error"] = devices_error;
  return info;
}

}  // namespace

void bind_config(nb::module_& m) {
  m.def("config_info", &config_info,
        "The settings in force, the CUDA driver, toolkit and library versions, and the devices, "
        "as cunp.show_config() prints them.");
}

}  // namespace cunp::py
