// cunp/runtime/versions.hpp -- the versions of the CUDA components cunp uses (driver, toolkit,
// NVRTC, cuBLAS, cuSOLVER, cuRAND) and the library files they were loaded from, for
// cunp.show_config().
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace cunp {

struct ComponentVersion {
  std::string name;                    // "CUDA driver", "NVRTC", ...
  std::optional<std::string> version;  // "12.4", "12.4.5.8"; none when it cannot be loaded
  std::string detail;                  // the library file (may be empty), or why it failed
};

// One row per component, in show_config's order. Never throws: a component that cannot be
// loaded is reported with the reason.
std::vector<ComponentVersion> component_versions();

}  // namespace cunp
