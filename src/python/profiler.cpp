// src/python/profiler.cpp -- profiler hooks: cuProfilerStart/Stop and NVTX ranges and marks.
// NVTX is the header-only nvtx3: a no-op unless a profiler (Nsight Systems) injects itself.
#include <nvtx3/nvToolsExt.h>

#include "common.hpp"

namespace cunp::py {
namespace {

// CuPy's color table for color_id (ARGB), indexed modulo its length.
constexpr uint32_t kColors[] = {0xff00ff00, 0xff0000ff, 0xffffff00, 0xffff00ff,
                                0xff00ffff, 0xffff0000, 0xffffffff};

nvtxEventAttributes_t attributes(const std::string& message, int64_t color_id, int64_t argb) {
  nvtxEventAttributes_t a{};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message.c_str();
  if (argb >= 0 || color_id >= 0) {
    a.colorType = NVTX_COLOR_ARGB;
    a.color = argb >= 0 ? static_cast<uint32_t>(argb)
                        : kColors[color_id % (sizeof kColors / sizeof kColors[0])];
  }
  return a;
}

}  // namespace

void bind_profiler(nb::module_& m) {
  nb::module_ sub = m.def_submodule(
      "profiler", "the CUDA profiler and NVTX behind cunp.cuda.profiler and cunp.cuda.nvtx");
  sub.def("start", [] { profiler_start(); });
  sub.def("stop", [] { profiler_stop(); });
  sub.def(
      "nvtx_range_push",
      [](const std::string& msg, int64_t color_id, int64_t argb) {
        nvtxEventAttributes_t a = attributes(msg, color_id, argb);
        return nvtxRangePushEx(&a);
      },
      nb::arg("message"), nb::arg("color_id") = -1, nb::arg("argb") = -1);
  sub.def("nvtx_range_pop", [] { return nvtxRangePop(); });
  sub.def(
      "nvtx_mark",
      [](const std::string& msg, int64_t color_id, int64_t argb) {
        nvtxEventAttributes_t a = attributes(msg, color_id, argb);
        nvtxMarkEx(&a);
      },
      nb::arg("message"), nb::arg("color_id") = -1, nb::arg("argb") = -1);

  // Start/end ranges (CuPy's RangeStart/RangeEnd): unlike push/pop they may overlap and end on
  // another thread, so each is named by the id that starting it returned.
  nb::module_ nvtx = m.def_submodule("nvtx", "NVTX start/end ranges");
  nvtx.def(
      "range_start",
      [](const std::string& msg, int64_t color_id, int64_t argb) {
        nvtxEventAttributes_t a = attributes(msg, color_id, argb);
        return static_cast<uint64_t>(nvtxRangeStartEx(&a));
      },
      nb::arg("message"), nb::arg("color_id") = -1, nb::arg("argb") = -1);
  nvtx.def(
      "range_end", [](uint64_t id) { nvtxRangeEnd(static_cast<nvtxRangeId_t>(id)); },
      nb::arg("range_id"));
}

}  // namespace cunp::py
