// src/python/runtime.cpp -- cunp.cuda: Device, Stream, Event and the runtime queries.
#include <cstdio>
#include <vector>

#include "common.hpp"

namespace cunp::py {
namespace {

// `with Device(i):` and `with stream:` nest, per thread.
thread_local std::vector<int> t_device_stack;
thread_local std::vector<Stream> t_stream_stack;

nb::dict properties_dict(int device) {
  const DeviceProperties& p = device_properties(device);
  nb::dict d;
  d["name"] = nb::bytes(p.name.data(), p.name.size());  // bytes, as CuPy returns it
  d["totalGlobalMem"] = p.total_memory;
  d["major"] = p.major;
  d["minor"] = p.minor;
  d["multiProcessorCount"] = p.multiprocessor_count;
  d["maxThreadsPerBlock"] = p.max_threads_per_block;
  d["maxThreadsPerMultiProcessor"] = p.max_threads_per_multiprocessor;
  d["maxThreadsDim"] = nb::make_tuple(p.max_block_dim[0], p.max_block_dim[1], p.max_block_dim[2]);
  d["maxGridSize"] = nb::make_tuple(p.max_grid_dim[0], p.max_grid_dim[1], p.max_grid_dim[2]);
  d["sharedMemPerBlock"] = p.max_shared_memory_per_block;
  d["sharedMemPerBlockOptin"] = p.max_shared_memory_per_block_optin;
  d["warpSize"] = p.warp_size;
  d["l2CacheSize"] = p.l2_cache_size;
  d["memoryClockRate"] = p.memory_clock_rate;
  d["memoryBusWidth"] = p.memory_bus_width;
  d["clockRate"] = p.clock_rate;
  d["pciBusID"] = p.pci_bus_id;
  d["pciDeviceID"] = p.pci_device_id;
  d["pciDomainID"] = p.pci_domain_id;
  d["integrated"] = p.integrated;
  d["concurrentKernels"] = p.concurrent_kernels;
  d["ECCEnabled"] = p.ecc_enabled;
  d["unifiedAddressing"] = p.unified_addressing;
  return d;
}

std::string stream_repr(const Stream& s) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "<Stream 0x%llx (device %d)>",
                static_cast<unsigned long long>(s.ptr()), s.device());
  return buf;
}

}  // namespace

void bind_runtime(nb::module_& m) {
  nb::module_ sub = m.def_submodule("runtime",
                                    "devices and launches: device= checked, the launch counter");
  m.def("is_available", &cuda_available);
  m.def("getDeviceCount", &device_count);
  m.def("getDevice", &current_device);
  m.def("setDevice", &set_current_device);
  m.def("deviceSynchronize", [] {
    nb::gil_scoped_release unlocked;
    synchronize_device(current_device());
  });
  sub.def("kernel_launch_count", &kernel_launch_count);
  m.def("getDeviceProperties", &properties_dict);
  m.def("memGetInfo", [] {
    std::size_t free = 0, total = 0;
    mem_info(current_device(), &free, &total);
    return nb::make_tuple(free, total);
  });

  nb::class_<PyDevice>(m, "Device")
      .def(
          "__init__",
          [](PyDevice* self, nb::handle device) {
            int id = device.is_none() ? current_device() : nb::cast<int>(device);
            if (id < 0)
              throw ValueError("device ID must be non-negative, got " + std::to_string(id));
            new (self) PyDevice{id};
          },
          nb::arg("device").none() = nb::none())
      .def_prop_ro("id", [](const PyDevice& d) { return d.id; })
      .def("use", [](const PyDevice& d) { set_current_device(d.id); })
      .def("__enter__",
           [](nb::handle self) {
             const PyDevice& d = nb::cast<const PyDevice&>(self);
             t_device_stack.push_back(current_device());
             try {
               set_current_device(d.id);
             } catch (...) {
               t_device_stack.pop_back();
               throw;
             }
             return nb::borrow(self);
           })
      .def("__exit__",
           [](const PyDevice&, nb::args) {
             if (t_device_stack.empty()) return;
             int prev = t_device_stack.back();
             t_device_stack.pop_back();
             set_current_device(prev);
           })
      .def("synchronize",
           [](const PyDevice& d) {
             nb::gil_scoped_release unlocked;
             synchronize_device(d.id);
           })
      .def_prop_ro("compute_capability",
                   [](const PyDevice& d) {
                     const DeviceProperties& p = device_properties(d.id);
                     return std::to_string(p.major) + std::to_string(p.minor);
                   })
      .def_prop_ro("mem_info",
                   [](const PyDevice& d) {
                     std::size_t free = 0, total = 0;
                     mem_info(d.id, &free, &total);
                     return nb::make_tuple(free, total);
                   })
      .def_prop_ro("attributes", [](const PyDevice& d) { return properties_dict(d.id); })
      .def_prop_ro("pci_bus_id",
                   [](const PyDevice& d) {
                     const DeviceProperties& p = device_properties(d.id);
                     char buf[32];
                     std::snprintf(buf, sizeof buf, "%04x:%02x:%02x.0", p.pci_domain_id,
                                   p.pci_bus_id, p.pci_device_id);
                     return std::string(buf);
                   })
      .def("__int__", [](const PyDevice& d) { return d.id; })
      .def("__index__", [](const PyDevice& d) { return d.id; })
      .def(
          "__eq__",
          [](const PyDevice& a, nb::handle b) {
            return nb::isinstance<PyDevice>(b) && nb::cast<const PyDevice&>(b).id == a.id;
          },
          nb::arg("other").none())
      .def("__hash__", [](const PyDevice& d) { return d.id; })
      .def("__repr__",
           [](const PyDevice& d) { return "<CUDA Device " + std::to_string(d.id) + ">"; });
  // A device= argument checked (ValueError for a device that does not exist): the Device, or
  // None for None.
  sub.def(
      "device",
      [](nb::handle device) -> nb::object {
        int id = to_device_id(device);
        return id < 0 ? nb::none() : nb::cast(PyDevice{id});
      },
      nb::arg("device").none());

  nb::class_<Event>(m, "Event")
      .def(
          "__init__",
          [](Event* self, bool block, bool disable_timing, bool interprocess) {
            // The driver refuses timing on interprocess events; say so rather than drop it.
            if (interprocess && !disable_timing)
              throw ValueError("Timing must be disabled for interprocess events");
            new (self) Event(Event::create(block, disable_timing, interprocess));
          },
          nb::arg("block").none() = false, nb::arg("disable_timing").none() = false,
          nb::arg("interprocess").none() = false)
      .def(
          "record",
          [](const Event& e, nb::handle stream) {
            e.record(stream.is_none() ? current_stream(e.device())
                                      : nb::cast<const Stream&>(stream));
          },
          nb::arg("stream").none() = nb::none())
      .def("synchronize",
           [](const Event& e) {
             nb::gil_scoped_release unlocked;
             e.synchronize();
           })
      .def_prop_ro("done", &Event::done)
      .def_prop_ro("ptr", [](const Event& e) { return reinterpret_cast<uintptr_t>(e.handle()); })
      .def_prop_ro("device_id", &Event::device);
  m.def("get_elapsed_time", &Event::elapsed_ms, nb::arg("start_event"), nb::arg("end_event"));

  nb::class_<Stream>(m, "Stream")
      .def(
          "__init__",
          [](Stream* self, bool null, bool non_blocking, bool ptds, int priority) {
            if (null) new (self) Stream(Stream::null(-1));
            else if (ptds) new (self) Stream(Stream::per_thread(-1));
            else new (self) Stream(Stream::create(current_device(), non_blocking, priority));
          },
          nb::arg("null").none() = false, nb::arg("non_blocking").none() = false,
          nb::arg("ptds").none() = false, nb::arg("priority").none() = 0)
      .def_static(
          "from_external",
          [](uintptr_t ptr, int device_id) {
            return Stream::external(reinterpret_cast<StreamHandle>(ptr), device_id);
          },
          nb::arg("ptr"), nb::arg("device_id").none() = -1)
      .def_prop_ro("ptr", &Stream::ptr)
      .def_prop_ro("device_id", &Stream::device)
      .def_prop_ro("done", &Stream::done)
      .def("synchronize",
           [](const Stream& s) {
             nb::gil_scoped_release unlocked;
             s.synchronize();
           })
      .def(
          "record",
          [](const Stream& s, nb::handle event) -> nb::object {
            if (!event.is_none()) {  // record into the caller's event and hand it back
              nb::cast<const Event&>(event).record(s);
              return nb::borrow(event);
            }
            Event e = Event::create(false, false, false, s.device());
            e.record(s);
            return nb::cast(std::move(e));
          },
          nb::arg("event").none() = nb::none())
      .def("wait_event", [](const Stream& s, const Event& e) { s.wait_event(e.handle()); })
      .def("use",
           [](nb::handle self) {
             set_current_stream(nb::cast<const Stream&>(self));
             return nb::borrow(self);
           })
      .def("__enter__",
           [](nb::handle self) {
             const Stream& s = nb::cast<const Stream&>(self);
             t_stream_stack.push_back(current_stream(s.device()));
             set_current_stream(s);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](const Stream&, nb::args) {
             if (t_stream_stack.empty()) return;
             set_current_stream(t_stream_stack.back());
             t_stream_stack.pop_back();
           })
      .def(
          "__eq__",
          [](const Stream& a, nb::handle b) {
            return nb::isinstance<Stream>(b) && nb::cast<const Stream&>(b) == a;
          },
          nb::arg("other").none())
      .def("__hash__", [](const Stream& s) { return static_cast<Py_hash_t>(s.ptr()); })
      .def("__repr__", &stream_repr);
  m.def(
      "get_current_stream",
      [](nb::handle device) {
        int d = device.is_none() ? current_device() : nb::cast<int>(device);
        const Stream& s = current_stream(d);
        return s.kind() == StreamKind::Null ? Stream::null(-1) : s;
      },
      nb::arg("device").none() = nb::none());
}

}  // namespace cunp::py
