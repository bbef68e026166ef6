// src/python/memory_objects.cpp -- the submodule _core.memory: what cunp.cuda.memory and
// cunp.cuda.pinned_memory build CuPy's memory objects from (allocations outside the pool, byte
// copies and fills, pinned host allocations with the buffer protocol).
#include "common.hpp"
#include "cunp/memory/raw_memory.hpp"

namespace cunp::py {
namespace {

// An address inside a buffer of the pinned pool, and the bytes from there to the buffer's end
// (CuPy's PinnedMemoryPointer). NumPy wraps it through the buffer protocol.
struct PyPinnedSpan {
  std::shared_ptr<PinnedBuffer> buffer;  // the pool's buffer, back to the pool when the last
                                         // span over it goes
  uintptr_t ptr = 0;
  std::size_t size = 0;
  nb::object mem;  // what CuPy calls the pointer's `mem`: the PinnedMemory it points into
};

int pinned_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  PyPinnedSpan* s = nb::inst_ptr<PyPinnedSpan>(self);
  // The view holds a reference to `self`, so the memory outlives every NumPy array over it.
  return PyBuffer_FillInfo(view, self, reinterpret_cast<void*>(s->ptr),
                           static_cast<Py_ssize_t>(s->size), 0, flags);
}

PyType_Slot pinned_slots[] = {
    {Py_bf_getbuffer, reinterpret_cast<void*>(pinned_getbuffer)},
    {0, nullptr},
};

StreamHandle to_handle(uintptr_t stream) { return reinterpret_cast<StreamHandle>(stream); }

}  // namespace

void bind_memory_objects(nb::module_& root) {
  nb::module_ m = root.def_submodule("memory", "memory objects of cunp.cuda.memory");

  m.def(
      "malloc",
      [](std::size_t size) {
        int d = current_device();
        MemoryPtr mem = raw_allocate(size, d, current_stream_handle(d));
        uintptr_t p = mem->ptr;
        return PyMemoryPointer{std::move(mem), p};
      },
      nb::arg("size"), "size bytes straight from the driver (cuMemAlloc), no pool.");
  m.def(
      "malloc_managed",
      [](std::size_t size) {
        MemoryPtr mem = allocate_managed(size, current_device());
        uintptr_t p = mem->ptr;
        return PyMemoryPointer{std::move(mem), p};
      },
      nb::arg("size"), "size bytes of managed memory (cuMemAllocManaged).");
  m.def(
      "wrap",
      [](nb::handle owner, uintptr_t ptr, std::size_t size, int device) {
        // The owner (a Python memory object) lives as long as any array or pointer over it.
        auto* keep = new nb::object(nb::borrow(owner));
        MemoryPtr mem = wrap_memory(ptr, size, device, [keep] {
          nb::gil_scoped_acquire gil;
          delete keep;
        });
        return PyMemoryPointer{std::move(mem), ptr};
      },
      nb::arg("owner"), nb::arg("ptr"), nb::arg("size"), nb::arg("device"),
      "A MemoryPointer at ptr that keeps `owner` alive.");
  m.def(
      "copy",
      [](uintptr_t dst, uintptr_t src, std::size_t n, int device, uintptr_t stream, bool sync) {
        nb::gil_scoped_release unlocked;
        copy_bytes(dst, src, n, device, to_handle(stream), sync);
      },
      nb::arg("dst"), nb::arg("src"), nb::arg("n"), nb::arg("device"), nb::arg("stream"),
      nb::arg("synchronize"));
  m.def(
      "memset",
      [](uintptr_t dst, int value, std::size_t n, int device, uintptr_t stream, bool sync) {
        nb::gil_scoped_release unlocked;
        set_bytes(dst, static_cast<unsigned char>(value & 0xff), n, device, to_handle(stream),
                  sync);
      },
      nb::arg("dst"), nb::arg("value"), nb::arg("n"), nb::arg("device"), nb::arg("stream"),
      nb::arg("synchronize"));
  m.def(
      "is_host_pinned", [](uintptr_t p) { return is_host_pinned(reinterpret_cast<void*>(p)); },
      nb::arg("ptr"));

  // CuPy's PinnedMemoryPointer: a host address inside a PinnedMemory, with the buffer protocol.
  nb::class_<PyPinnedSpan>(m, "PinnedMemoryPointer", nb::type_slots(pinned_slots),
                           "An address in page-locked host memory (buffer protocol).")
      .def(
          "__init__",
          [](PyPinnedSpan* self, nb::handle mem, int64_t offset) {
            // mem: a PinnedMemory (its allocation is in `_span`) or another pointer.
            nb::object base_obj = nb::isinstance<PyPinnedSpan>(mem) ? nb::borrow(mem)
                                                                    : mem.attr("_span");
            const auto& base = nb::cast<const PyPinnedSpan&>(base_obj);
            if (offset < 0 || static_cast<std::size_t>(offset) > base.size)
              throw ValueError("offset " + std::to_string(offset) + " is outside the " +
                               std::to_string(base.size) + " bytes of the pinned memory");
            new (self) PyPinnedSpan{base.buffer, base.ptr + offset, base.size - offset,
                                    nb::isinstance<PyPinnedSpan>(mem) ? base.mem : nb::borrow(mem)};
          },
          nb::arg("mem"), nb::arg("offset") = 0)
      .def_prop_ro("ptr", [](const PyPinnedSpan& s) { return s.ptr; })
      .def_prop_ro("size", [](const PyPinnedSpan& s) { return s.size; })
      .def_prop_ro("mem", [](const PyPinnedSpan& s) { return s.mem; })
      .def("__len__", [](const PyPinnedSpan& s) { return s.size; })
      .def("__int__", [](const PyPinnedSpan& s) { return s.ptr; })
      .def("__add__", [](const PyPinnedSpan& s, int64_t off) {
        if (off < 0 || static_cast<std::size_t>(off) > s.size)
          throw ValueError("offset " + std::to_string(off) + " is outside the " +
                           std::to_string(s.size) + " bytes of the pinned memory");
        return PyPinnedSpan{s.buffer, s.ptr + off, s.size - off, s.mem};
      });
  m.def(
      "pinned_alloc",
      [](std::size_t size) {
        PyPinnedSpan s;
        if (size) {
          s.buffer = default_pinned_pool().allocate(size);
          s.ptr = reinterpret_cast<uintptr_t>(s.buffer->data());
        }
        s.size = size;
        return s;
      },
      nb::arg("size"),
      "A pointer to `size` bytes of page-locked host memory from the pinned pool (mem: None).");
}

}  // namespace cunp::py
