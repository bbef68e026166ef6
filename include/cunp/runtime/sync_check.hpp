// cunp/runtime/sync_check.hpp -- CuPy's allow_synchronize: a per-thread switch under which every
// wait of the host for the device that the library does on its own raises DeviceSynchronized.
#pragma once
#include <stdexcept>

namespace cunp {

struct DeviceSynchronized : std::runtime_error {
  DeviceSynchronized()
      : std::runtime_error("Device synchronization was detected while disallowed.") {}
};

// Allows (the default) or forbids implicit synchronization in the calling thread.
void set_synchronize_allowed(bool allowed);
bool synchronize_allowed();

// Called where the library is about to wait for the device to hand data to the host (copies to
// the host: get, item, scalar conversions, printing, tolist, sizes read back); throws
// DeviceSynchronized where the calling thread forbids it.
void declare_synchronize();

}  // namespace cunp
