// src/python/nccl.cpp -- the core of cunp.cuda.nccl: CuPy's NcclCommunicator over
// cunp::nccl::Communicator, buffers and streams given as device addresses and handles (the
// Python module turns arrays and Stream objects into those).
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "common.hpp"

namespace cunp::py {
namespace {

using nccl::Communicator;
using nccl::DataType;
using nccl::ReduceOp;

nccl::UniqueId unique_id_from(nb::handle h) {
  std::vector<int> bytes = nb::cast<std::vector<int>>(h);
  if (bytes.size() != 128)
    throw ValueError("an NCCL unique id is 128 bytes (got " + std::to_string(bytes.size()) + ")");
  nccl::UniqueId id;
  for (std::size_t i = 0; i < 128; ++i) id[i] = static_cast<char>(bytes[i]);
  return id;
}

StreamHandle stream_of(uintptr_t handle) { return reinterpret_cast<StreamHandle>(handle); }
DataType type_of(int t) { return static_cast<DataType>(t); }
ReduceOp op_of(int op) { return static_cast<ReduceOp>(op); }

}  // namespace

void bind_nccl(nb::module_& m) {
  nb::module_ sub = m.def_submodule("nccl", "NCCL behind cunp.cuda.nccl");
  sub.def("add_library_candidates", &nccl::add_library_candidates);
  sub.def("available", &nccl::available);
  sub.def("unavailable_reason", &nccl::unavailable_reason);
  sub.def("version", &nccl::version);
  sub.def("unique_id", [] {
    const nccl::UniqueId id = nccl::unique_id();
    nb::list out;
    for (char c : id) out.append(static_cast<int>(static_cast<signed char>(c)));
    return nb::tuple(out);
  });
  sub.def("group_start", &nccl::group_start);
  sub.def("group_end", &nccl::group_end, nb::call_guard<nb::gil_scoped_release>());
  sub.def("data_type", [](nb::handle dtype, int64_t count) {
    const DType t = to_dtype(dtype);
    return nb::make_tuple(static_cast<int>(nccl::data_type(t)),
                          nccl::elements(t, static_cast<std::size_t>(count)));
  });

  nb::class_<Communicator>(m, "_NcclCommunicator")
      .def("__init__",
           [](Communicator* self, int ranks, nb::handle id, int rank) {
             const nccl::UniqueId uid = unique_id_from(id);
             // Every rank blocks here until all have joined: other threads must run meanwhile.
             nb::gil_scoped_release unlocked;
             new (self) Communicator(ranks, uid, rank);
           })
      .def_static("init_all",
                  [](const std::vector<int>& devices) {
                    nb::list out;
                    for (Communicator& c : Communicator::init_all(devices))
                      out.append(nb::cast(std::move(c), nb::rv_policy::move));
                    return out;
                  })
      .def_prop_ro("valid", &Communicator::valid)
      .def("device_id", &Communicator::device)
      .def("rank_id", &Communicator::rank)
      .def("size", &Communicator::size)
      .def("destroy", &Communicator::destroy)
      .def("abort", &Communicator::abort)
      .def("check_async_error", &Communicator::check_async_error)
      .def("all_reduce",
           [](const Communicator& c, uintptr_t send, uintptr_t recv, std::size_t count, int type,
              int op, uintptr_t stream) {
             c.all_reduce(send, recv, count, type_of(type), op_of(op), stream_of(stream));
           })
      .def("reduce",
           [](const Communicator& c, uintptr_t send, uintptr_t recv, std::size_t count, int type,
              int op, int root, uintptr_t stream) {
             c.reduce(send, recv, count, type_of(type), op_of(op), root, stream_of(stream));
           })
      .def("broadcast",
           [](const Communicator& c, uintptr_t send, uintptr_t recv, std::size_t count, int type,
              int root, uintptr_t stream) {
             c.broadcast(send, recv, count, type_of(type), root, stream_of(stream));
           })
      .def("all_gather",
           [](const Communicator& c, uintptr_t send, uintptr_t recv, std::size_t count, int type,
              uintptr_t stream) {
             c.all_gather(send, recv, count, type_of(type), stream_of(stream));
           })
      .def("reduce_scatter",
           [](const Communicator& c, uintptr_t send, uintptr_t recv, std::size_t count, int type,
              int op, uintptr_t stream) {
             c.reduce_scatter(send, recv, count, type_of(type), op_of(op), stream_of(stream));
           })
      .def("send",
           [](const Communicator& c, uintptr_t buffer, std::size_t count, int type, int peer,
              uintptr_t stream) { c.send(buffer, count, type_of(type), peer, stream_of(stream)); })
      .def("recv",
           [](const Communicator& c, uintptr_t buffer, std::size_t count, int type, int peer,
              uintptr_t stream) { c.recv(buffer, count, type_of(type), peer, stream_of(stream)); });
}

}  // namespace cunp::py
