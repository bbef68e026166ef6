// src/python/config.cpp -- _core.config_info(): the settings in force, where the CUDA toolkit was
// found, the CUDA driver, toolkit and library versions (cunp/runtime/versions.hpp), and the
// devices, for cunp.show_config(). Never raises: whatever cannot be loaded is reported with the
// reason. Also _core.config.set_package_roots, which the package calls once as it loads the core.
#include "common.hpp"
#include "cunp/runtime/config.hpp"
#include "cunp/runtime/versions.hpp"

namespace cunp::py {
namespace {

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

  nb::list paths;
  for (const ToolkitPath& p : toolkit_paths(toolkit())) {
    nb::dict row;
    row["name"] = p.name;
    row["value"] = p.value;
    paths.append(row);
  }
  info["toolkit"] = paths;

  nb::list versions;
  for (const ComponentVersion& c : component_versions()) {
    nb::dict row;
    row["name"] = c.name;
    row["version"] = c.version ? nb::object(nb::str(c.version->c_str())) : nb::none();
    row["detail"] = c.detail;
    versions.append(row);
  }
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
  nb::module_ sub = m.def_submodule("config", "settings the package gives the core at import");
  m.def("config_info", &config_info,
        "The settings in force, the CUDA driver, toolkit and library versions, and the devices, "
        "as cunp.show_config() prints them.");
  sub.def("set_package_roots", &set_package_roots, nb::arg("roots"),
          "The directories under which pip's CUDA wheels (nvidia/*/lib) are looked for (sys.path); "
          "False when the settings were read already and the call changed nothing.");
}

}  // namespace cunp::py
