// src/runtime/thread_handle.hpp -- the per-thread, per-device handle of a CUDA library (cuBLAS,
// cuSOLVER, cuSPARSE): created on first use, bound again only when the stream changes
// (StreamBinding, cunp/runtime/stream.hpp, which cuFFT's plans use too).
#pragma once
#include <array>
#include <string>

#include "cunp/runtime/device.hpp"
#include "cunp/runtime/error.hpp"
#include "cunp/runtime/stream.hpp"

namespace cunp {

// A library's handle in one thread for one device, with the library's own per-handle state
// (cuBLAS: its math mode and per-stream workspaces).
template <class Library> struct LibraryHandle {
  typename Library::Handle handle{};
  typename Library::State state{};
};

// CudaError for a device number out of range.
template <class Library> void check_handle_device(int device) {
  if (device < 0 || device >= kMaxDevices)
    throw CudaError(0, std::string(Library::name) + ": invalid device");
}

// The calling thread's handle of `Library` on `device`, bound to `stream`. Library supplies:
//   using Handle; struct State;                   the handle type and per-handle state
//   static constexpr const char* name;            for the error of a bad device
//   static constexpr bool destroy_at_exit;        false where the library may be unloaded
//                                                 before thread-local destructors run
//   static void create(Handle&);                  throws the library's error on failure
//   static void destroy(Handle);                  (called only when destroy_at_exit)
//   static void bind(LibraryHandle<Library>&, StreamHandle, int device);
// The device is made current first (the library creates and runs on the current context). A
// handle is one per thread because the libraries' handles are not safe to share across threads
// that bind different streams; one per device because a handle belongs to the context it was
// created in. The cost of a call with the stream unchanged: one context check and one compare.
template <class Library> LibraryHandle<Library>& thread_handle(int device, StreamHandle stream) {
  struct Slot : LibraryHandle<Library> {
    StreamBinding stream;
  };
  struct Slots {
    std::array<Slot, kMaxDevices> slot;
    ~Slots() {
      if constexpr (Library::destroy_at_exit)
        for (Slot& s : slot)
          if (s.handle) Library::destroy(s.handle);
    }
  };
  check_handle_device<Library>(device);
  thread_local Slots slots;
  Slot& t = slots.slot[device];
  activate(device);
  if (!t.handle) Library::create(t.handle);
  t.stream.ensure(stream, [&](StreamHandle s) { Library::bind(t, s, device); });
  return t;
}

// The same, bound to the device's current stream (cunp/runtime/stream.hpp).
template <class Library> LibraryHandle<Library>& thread_handle(int device) {
  check_handle_device<Library>(device);
  return thread_handle<Library>(device, current_stream_handle(device));
}

}  // namespace cunp
