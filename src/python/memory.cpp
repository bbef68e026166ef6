// src/python/memory.cpp -- the memory pools, MemoryPointer and set_allocator.
#include "common.hpp"

namespace cunp::py {
namespace {

struct PyMemoryPool {};  // CuPy's MemoryPool: acts on the current device's pool
struct PyPinnedMemoryPool {};

DevicePool& pool() { return default_pool(current_device()); }

PyMemoryPointer malloc_from_pool(std::size_t size) {
  int d = current_device();
  MemoryPtr m = default_pool(d).allocate(size, current_stream_handle(d));
  uintptr_t p = m->ptr;
  return PyMemoryPointer{std::move(m), p};
}

}  // namespace

void bind_memory(nb::module_& m) {
  nb::module_ sub = m.def_submodule("memory", "the allocator behind cunp.cuda.memory");
  nb::class_<PyMemoryPointer>(m, "MemoryPointer")
      .def(
          "__init__",
          [](PyMemoryPointer* self, nb::handle mem, int64_t offset) {
            if (nb::isinstance<PyMemoryPointer>(mem)) {
              const auto& base = nb::cast<const PyMemoryPointer&>(mem);
              new (self) PyMemoryPointer{base.mem, base.ptr + offset};
              return;
            }
            // CuPy's memory objects (Memory, UnownedMemory, a user's BaseMemory): anything
            // with ptr, size and device_id, kept alive while the pointer is.
            if (!nb::hasattr(mem, "ptr"))
              throw TypeError("mem must be a memory object with a ptr attribute, not " +
                              nb::cast<std::string>(nb::str(mem.type().attr("__name__"))));
            uintptr_t ptr = nb::cast<uintptr_t>(mem.attr("ptr"));
            std::size_t size = nb::hasattr(mem, "size") ? nb::cast<std::size_t>(mem.attr("size"))
                                                        : 0;
            int device = nb::hasattr(mem, "device_id") ? nb::cast<int>(mem.attr("device_id"))
                                                       : current_device();
            auto* keep = new nb::object(nb::borrow(mem));
            MemoryPtr owned = wrap_memory(ptr, size, device, [keep] {
              nb::gil_scoped_acquire gil;
              delete keep;
            });
            new (self) PyMemoryPointer{std::move(owned), ptr + offset};
          },
          nb::arg("mem"), nb::arg("offset") = 0)
      .def("__radd__",
           [](const PyMemoryPointer& p, int64_t off) {
             return PyMemoryPointer{p.mem, p.ptr + off};
           })
      .def("__sub__",
           [](const PyMemoryPointer& p, int64_t off) {
             return PyMemoryPointer{p.mem, p.ptr - off};
           })
      .def_prop_ro("ptr", [](const PyMemoryPointer& p) { return p.ptr; })
      .def_prop_ro("size", [](const PyMemoryPointer& p) { return p.mem ? p.mem->size : 0; })
      .def_prop_ro("device_id", [](const PyMemoryPointer& p) { return p.mem ? p.mem->device : 0; })
      .def_prop_ro("device",
                   [](const PyMemoryPointer& p) { return PyDevice{p.mem ? p.mem->device : 0}; })
      .def_prop_ro("mem", [](const PyMemoryPointer& p) { return p; })
      .def("__int__", [](const PyMemoryPointer& p) { return p.ptr; })
      .def("__add__", [](const PyMemoryPointer& p, int64_t off) {
        return PyMemoryPointer{p.mem, p.ptr + off};
      });

  nb::class_<PyMemoryPool>(m, "MemoryPool")
      .def(nb::init<>())
      .def("malloc", [](const PyMemoryPool&, std::size_t size) { return malloc_from_pool(size); })
      .def("used_bytes", [](const PyMemoryPool&) { return pool().used_bytes(); })
      .def("total_bytes", [](const PyMemoryPool&) { return pool().total_bytes(); })
      .def("free_bytes", [](const PyMemoryPool&) { return pool().free_bytes(); })
      .def("n_free_blocks", [](const PyMemoryPool&) { return pool().n_free_blocks(); })
      .def(
          "free_all_blocks",
          [](const PyMemoryPool&, nb::handle) {
            nb::gil_scoped_release unlocked;
            pool().free_all_blocks();
          },
          nb::arg("stream").none() = nb::none())
      .def(
          "set_limit",
          [](const PyMemoryPool&, nb::handle size, nb::handle fraction) {
            if (!size.is_none() && !fraction.is_none())
              throw ValueError("size and fraction cannot be specified at one time");
            std::size_t limit = 0;
            if (!size.is_none()) {
              PyObject* index = PyNumber_Index(size.ptr());  // TypeError for non-integers
              if (!index) throw nb::python_error();
              int overflow = 0;
              long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
              Py_DECREF(index);
              if (overflow < 0 || v < 0)
                throw ValueError("memory limit size out of range: " +
                                 std::string(nb::str(size).c_str()));
              limit = overflow > 0 ? SIZE_MAX : static_cast<std::size_t>(v);
            }
            if (!fraction.is_none()) {
              double f = nb::cast<double>(fraction);
              if (f < 0 || f > 1)
                throw ValueError("memory limit fraction out of range: " + std::to_string(f));
              limit = static_cast<std::size_t>(device_properties(current_device()).total_memory *
                                               f);
            }
            pool().set_limit(limit);
          },
          nb::arg("size").none() = nb::none(), nb::arg("fraction").none() = nb::none())
      .def("get_limit", [](const PyMemoryPool&) { return pool().limit(); });

  nb::class_<PyPinnedMemoryPool>(m, "PinnedMemoryPool")
      .def(nb::init<>())
      .def("n_free_blocks",
           [](const PyPinnedMemoryPool&) { return default_pinned_pool().n_free_blocks(); })
      .def("free_all_blocks",
           [](const PyPinnedMemoryPool&) { default_pinned_pool().free_all_blocks(); })
      .def("used_bytes",
           [](const PyPinnedMemoryPool&) { return default_pinned_pool().used_bytes(); })
      .def("total_bytes",
           [](const PyPinnedMemoryPool&) { return default_pinned_pool().total_bytes(); });

  // set_allocator(None): plain driver allocations; set_allocator(pool.malloc): the pool;
  // any other callable(size) -> object with .ptr: called for every allocation.
  sub.def(
      "set_allocator",
      [](nb::handle fn, bool is_default_pool) {
        if (fn.is_none()) return set_allocator(&raw_allocate);
        if (is_default_pool) return set_allocator(nullptr);
        // A strong reference that is never dropped: the allocator may outlive the interpreter.
        PyObject* callable = fn.ptr();
        Py_INCREF(callable);
        set_allocator([callable](std::size_t bytes, int device, StreamHandle) -> MemoryPtr {
          nb::gil_scoped_acquire gil;
          DeviceGuard g(device);
          nb::object mp = nb::handle(callable)(bytes);
          uintptr_t ptr = nb::cast<uintptr_t>(mp.attr("ptr"));
          auto* keep = new nb::object(std::move(mp));
          return wrap_memory(ptr, bytes, device, [keep] {
            nb::gil_scoped_acquire gil;
            delete keep;
          });
        });
      },
      nb::arg("allocator").none(), nb::arg("is_default_pool"));
}

}  // namespace cunp::py
