// src/python/fft.cpp -- bindings of cunp.fft: one call per transform (_core.fft.fft for the
// 1-D ones, fftn for the n-D ones, after cunp.fft settled s and axes), the plan cache's controls
// and get_fft_plan's plan object.
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include "common.hpp"

namespace cunp::py {
namespace {

using fft::Kind;
using fft::Norm;

NDArray input(nb::handle a) { return is_array(a) ? unwrap(a).a : to_device_array(a, nb::none()); }

NDArray output(nb::handle out) {
  if (out.is_none()) return {};
  if (!is_array(out)) throw TypeError("out must be a cunp.ndarray");
  return unwrap(out).a;
}

// The result as Python sees it: `out` itself when given (NumPy returns the same object).
nb::object result(const NDArray& r, nb::handle out) {
  return out.is_none() ? wrap(r) : nb::borrow<nb::object>(out);
}

Kind to_kind(int k) {
  if (k < 0 || k > 2) throw ValueError("invalid transform kind");
  return static_cast<Kind>(k);
}

// NumPy's norm check: forward transforms word it without the space that inverse ones (which
// swap the direction first) have.
Norm to_norm(nb::handle h, bool forward) {
  if (h.is_none()) return Norm::Backward;
  if (nb::isinstance<nb::str>(h)) {
    std::string s = nb::cast<std::string>(h);
    if (s == "backward") return Norm::Backward;
    if (s == "ortho") return Norm::Ortho;
    if (s == "forward") return Norm::Forward;
  }
  std::string shown = nb::cast<std::string>(nb::str(h));
  throw ValueError("Invalid norm value " + shown +
                   (forward ? "; should be \"backward\"," : "; should be \"backward\", ") +
                   "\"ortho\" or \"forward\".");
}

bool is_forward(Kind k, bool forward) { return k == Kind::C2C ? forward : k == Kind::R2C; }

fft::Request to_request(nb::handle s, nb::handle axes, int kind, bool forward) {
  fft::Request r;
  r.kind = to_kind(kind);
  r.forward = forward;
  r.lengths = to_axes(s);
  r.axes = to_axes(axes);
  return r;
}

// get_fft_plan's result: `with plan:` makes the transforms inside run this plan.
struct PyFftPlan {
  fft::PlanPtr plan;
};

nb::dict cache_info(int device) {
  fft::PlanCacheInfo i = fft::plan_cache(device).info();
  nb::dict d;
  d["device"] = i.device;
  d["size"] = i.size;
  d["max_size"] = i.max_size;
  d["memsize"] = i.memsize;
  d["max_memsize"] = i.max_memsize;
  d["hits"] = i.hits;
  d["misses"] = i.misses;
  nb::list plans;
  for (const auto& [key, bytes] : i.plans) plans.append(nb::make_tuple(key, bytes));
  d["plans"] = plans;
  return d;
}

// -1: the current device.
int cache_device(int device) { return device >= 0 ? device : current_device(); }

}  // namespace

void bind_fft(nb::module_& m) {
  nb::module_ sub = m.def_submodule("fft",
                                    "cuFFT transforms, plans and the plan cache behind cunp.fft");
  sub.def(
      "fft",
      [](nb::handle a, nb::handle n, nb::handle axis, nb::handle norm, nb::handle out, int kind,
         bool forward) {
        Kind k = to_kind(kind);
        const int64_t nd = is_array(a) ? unwrap(a).a.ndim()
                                       : nb::cast<int64_t>(numpy().attr("ndim")(a));
        // NumPy's order, nothing moved to the device yet: n < 1 (any real n); without n, its
        // default a.shape[axis] (IndexError past the axes, TypeError for a non-integer axis);
        // the norm; the axis (AxisError, TypeError for None); only then does a non-integer n
        // fail, where the result is allocated.
        std::optional<int64_t> length;
        bool non_integer = false;
        if (!n.is_none()) {
          if (PyIndex_Check(n.ptr())) {
            length = to_int(n);
          } else {
            int below = PyObject_RichCompareBool(n.ptr(), nb::int_(1).ptr(), Py_LT);
            if (below < 0) throw nb::python_error();
            non_integer = true;
            if (below)
              throw ValueError("Invalid number of FFT data points (" +
                               nb::cast<std::string>(nb::str(n)) + ") specified.");
          }
          if (length && *length < 1)
            throw ValueError("Invalid number of FFT data points (" + std::to_string(*length) +
                             ") specified.");
        } else {
          const int64_t ax = axis_number(axis);
          if (ax < -nd || ax >= nd) throw IndexError("tuple index out of range");
        }
        Norm nm = to_norm(norm, is_forward(k, forward));
        const int64_t ax = axis_number(axis);
        if (!n.is_none()) normalize_axis(ax, static_cast<int>(nd));
        if (non_integer)
          throw TypeError("'" + std::string(nb::type_name(n.type()).c_str()) +
                          "' object cannot be interpreted as an integer");
        NDArray x = input(a);
        return result(fft::transform_1d(x, length, ax, k, forward, nm, output(out)), out);
      },
      nb::arg("a"), nb::arg("n").none(), nb::arg("axis").none(), nb::arg("norm").none(),
      nb::arg("out").none(), nb::arg("kind"), nb::arg("forward"));
  sub.def(
      "fftn",
      [](nb::handle a, nb::handle s, nb::handle axes, nb::handle norm, nb::handle out, int kind,
         bool forward) {
        fft::Request r = to_request(s, axes, kind, forward);
        // NumPy's first 1-D step reads a default length from a.shape[axis] (IndexError past the
        // axes) before it checks the norm. Its first step: the last axis, C2R's the first.
        if (!r.axes.empty() && r.axes.size() == r.lengths.size()) {
          const size_t first = r.kind == Kind::C2R ? 0 : r.axes.size() - 1;
          const int64_t nd = is_array(a) ? unwrap(a).a.ndim()
                                         : nb::cast<int64_t>(numpy().attr("ndim")(a));
          if (r.lengths[first] == -1 && (r.axes[first] < -nd || r.axes[first] >= nd))
            throw IndexError("tuple index out of range");
        }
        r.norm = to_norm(norm, is_forward(r.kind, forward));
        return result(fft::transform(input(a), r, output(out)), out);
      },
      nb::arg("a"), nb::arg("s"), nb::arg("axes"), nb::arg("norm").none(), nb::arg("out").none(),
      nb::arg("kind"), nb::arg("forward"));

  nb::class_<PyFftPlan>(m, "_FftPlan")
      .def(
          "__enter__",
          [](PyFftPlan& p) {
            fft::push_active_plan(p.plan);
            return &p;
          },
          nb::rv_policy::reference)
      .def("__exit__", [](PyFftPlan&, nb::args) { fft::pop_active_plan(); })
      .def_prop_ro("key", [](const PyFftPlan& p) { return p.plan->key().str(); })
      .def_prop_ro("work_area_size", [](const PyFftPlan& p) { return p.plan->work_bytes(); })
      .def_prop_ro("device", [](const PyFftPlan& p) { return p.plan->key().device; })
      // The work area the plan holds (a MemoryPointer), None when it needs none.
      .def_prop_ro("work_area",
                   [](const PyFftPlan& p) -> nb::object {
                     if (!p.plan->work_area()) return nb::none();
                     return nb::cast(PyMemoryPointer{p.plan->work_area(), p.plan->work_area_ptr()});
                   })
      .def(
          "set_work_area",
          [](PyFftPlan& p, nb::handle area) {
            if (area.is_none()) return p.plan->set_work_area(nullptr, 0);
            if (!nb::isinstance<PyMemoryPointer>(area))
              throw TypeError("the work area must be a MemoryPointer or None");
            const auto& m = nb::cast<const PyMemoryPointer&>(area);
            if (!m.mem) throw ValueError("the work area is a null MemoryPointer");
            p.plan->set_work_area(m.mem, m.ptr);
          },
          nb::arg("work_area").none())
      // One execution from device address `in` to `out` on the current stream, unscaled.
      .def(
          "execute",
          [](PyFftPlan& p, uintptr_t in, uintptr_t out, bool forward) {
            p.plan->execute(in, out, forward);
          },
          nb::arg("in_ptr"), nb::arg("out_ptr"), nb::arg("forward"))
      .def("__repr__",
           [](const PyFftPlan& p) { return "<cuFFT plan " + p.plan->key().str() + ">"; });
  sub.def("plan", [](nb::handle a, nb::handle s, nb::handle axes, int kind) {
    fft::Request r = to_request(s, axes, kind, true);
    return PyFftPlan{fft::plan_for(input(a), r)};
  });

  // A plan of an explicit cufftMakePlanMany64 layout (cunp.cuda.cufft's PlanNd with strides,
  // embeds and distances of its own) on the current device; embeds of 0 are cuFFT's NULL.
  sub.def(
      "make_plan",
      [](int type, std::vector<int64_t> n, std::vector<int64_t> inembed, int64_t istride,
         int64_t idist, std::vector<int64_t> onembed, int64_t ostride, int64_t odist,
         int64_t batch) {
        fft::PlanKey k;
        k.device = current_device();
        k.type = static_cast<fft::PlanType>(type);
        if (n.empty() || n.size() > 3 || inembed.size() != n.size() || onembed.size() != n.size())
          throw ValueError("a plan transforms 1 to 3 axes, with one embed per axis");
        k.rank = static_cast<int32_t>(n.size());
        for (size_t i = 0; i < n.size(); ++i) {
          k.n[i] = n[i];
          k.inembed[i] = inembed[i];
          k.onembed[i] = onembed[i];
        }
        k.istride = istride;
        k.idist = idist;
        k.ostride = ostride;
        k.odist = odist;
        k.batch = batch;
        if (const fft::CallbacksPtr& c = fft::active_callbacks()) k.callbacks = c->id;
        return PyFftPlan{std::make_shared<fft::Plan>(k)};
      },
      nb::arg("type"), nb::arg("n"), nb::arg("inembed"), nb::arg("istride"), nb::arg("idist"),
      nb::arg("onembed"), nb::arg("ostride"), nb::arg("odist"), nb::arg("batch"));

  sub.def("cache_info", [](int device) { return cache_info(cache_device(device)); });
  sub.def(
      "cache_set_size",
      [](int device, int64_t n) { fft::plan_cache(cache_device(device)).set_max_size(n); },
      nb::arg("device"), nb::arg("size"));
  sub.def(
      "cache_set_memsize",
      [](int device, int64_t n) { fft::plan_cache(cache_device(device)).set_max_memsize(n); },
      nb::arg("device"), nb::arg("size"));
  sub.def("cache_clear", [](int device) { fft::plan_cache(cache_device(device)).clear(); });
  sub.def("set_nd_planning", [](bool on) { fft::set_nd_planning(on); });
  // set_cufft_callbacks' block: LTO-IR and symbol names of a load and a store callback (empty
  // bytes: none), the device pointers they get as callerInfo and their element types.
  sub.def(
      "push_callbacks",
      [](nb::bytes load_ir, std::string load_name, uintptr_t load_info, nb::bytes store_ir,
         std::string store_name, uintptr_t store_info, std::string load_type,
         std::string store_type) {
        fft::Callbacks c;
        c.load_type = std::move(load_type);
        c.store_type = std::move(store_type);
        c.load_ir.assign(load_ir.c_str(), load_ir.size());
        c.store_ir.assign(store_ir.c_str(), store_ir.size());
        c.load_name = std::move(load_name);
        c.store_name = std::move(store_name);
        c.load_info = load_info;
        c.store_info = store_info;
        return fft::push_callbacks(std::move(c));
      },
      nb::arg("load_ir"), nb::arg("load_name"), nb::arg("load_info"), nb::arg("store_ir"),
      nb::arg("store_name"), nb::arg("store_info"), nb::arg("load_type") = "",
      nb::arg("store_type") = "");
  sub.def("pop_callbacks", [] { fft::pop_callbacks(); });
  sub.def("jit_callbacks_supported", [] {
    std::string why;
    bool ok = fft::jit_callbacks_supported(&why);
    return nb::make_tuple(ok, why);
  });
  sub.def("nd_planning", [] { return fft::nd_planning(); });
  // The layout rule of the results (host arithmetic): element strides after the 1-D steps
  // (axes[i], lengths[i]: output length) from an input's shape and byte strides.
  sub.def(
      "result_strides",
      [](nb::handle shape, nb::handle strides, int itemsize, std::vector<int> axes,
         std::vector<int64_t> lengths) {
        if (axes.size() != lengths.size()) throw ValueError("axes and lengths differ in length");
        std::vector<std::pair<int, int64_t>> steps;
        for (size_t i = 0; i < axes.size(); ++i) steps.emplace_back(axes[i], lengths[i]);
        Dims s = to_shape(shape), st = to_shape(strides);
        if (s.size() != st.size()) throw ValueError("shape and strides differ in length");
        for (const auto& [axis, n] : steps)
          if (axis < 0 || axis >= s.size()) throw ValueError("axis out of range");
        Dims r = fft::numpy_result_strides(s, st, itemsize, steps);
        nb::list out;
        for (int i = 0; i < r.size(); ++i) out.append(r[i]);
        return nb::tuple(out);
      },
      nb::arg("shape"), nb::arg("strides"), nb::arg("itemsize"), nb::arg("axes"),
      nb::arg("lengths"));
}

}  // namespace cunp::py
