// src/python/creation.cpp -- array creation and host transfers. The hot ones (empty, zeros,
// ones, asarray of a cunp array) are here in C++; argument juggling for the rest lives in
// python/cunp/_creation/_basic.py.
#include <cmath>
#include <complex>

#include "common.hpp"
#include "interop.hpp"

namespace cunp::py {
namespace {

nb::handle float_type() { return nb::handle(reinterpret_cast<PyObject*>(&PyFloat_Type)); }

std::complex<double> to_complex(nb::handle h) {
  Py_complex c = PyComplex_AsCComplex(h.ptr());
  if (PyErr_Occurred()) throw nb::python_error();
  return {c.real, c.imag};
}

}  // namespace

void bind_creation(nb::module_& m) {
  nb::module_ sub = m.def_submodule("creation", "array creation: ranges, fills and triangles");
  m.def(
      "empty",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        DeviceScope on(device);
        return wrap(
            NDArray::empty(to_shape(shape), to_dtype_or(dtype, DType::Float64), to_order(order)));
      },
      nb::arg("shape"), nb::arg("dtype").none() = float_type(), nb::arg("order").none() = "C",
      nb::kw_only(), nb::arg("device").none() = nb::none());
  m.def(
      "zeros",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        DeviceScope on(device);
        return wrap(zeros(to_shape(shape), to_dtype_or(dtype, DType::Float64), to_order(order)));
      },
      nb::arg("shape"), nb::arg("dtype").none() = float_type(), nb::arg("order").none() = "C",
      nb::kw_only(), nb::arg("device").none() = nb::none());
  m.def(
      "ones",
      [](nb::handle shape, nb::handle dtype, nb::handle order, nb::handle device) {
        DeviceScope on(device);
        return wrap(ones(to_shape(shape), to_dtype_or(dtype, DType::Float64), to_order(order)));
      },
      nb::arg("shape"), nb::arg("dtype").none() = float_type(), nb::arg("order").none() = "C",
      nb::kw_only(), nb::arg("device").none() = nb::none());
  sub.def(
      "full",
      [](nb::handle shape, nb::handle value, nb::handle dtype, nb::handle order,
         nb::handle device) {
        DeviceScope on(device);
        Dims sh = to_shape(shape);
        Order ord = to_order(order);
        // Scalars fill (a string is parsed as the dtype asked for); anything else becomes an
        // array that NumPy's full broadcasts into the result.
        bool text = PyUnicode_Check(value.ptr());
        bool scalar = is_python_scalar(value) ||
                      (text ? !dtype.is_none()
                            : !is_array(value) && nb::isinstance(value, numpy().attr("generic")));
        if (scalar) {
          DType dt = dtype.is_none() ? scalar_dtype(value) : to_dtype(dtype);
          // NumPy makes the empty array before it copies the value in: a negative or too
          // large shape is its ValueError even where the value does not fit the dtype.
          checked_size(sh, itemsize(dt));
          return wrap(full(sh, to_scalar(value, dt), dt, ord));
        }
        NDArray v = is_array(value)             ? unwrap(value).a
                    : holds_device_array(value) ? gather_nested(value, nb::none())
                                                : to_device_array(value, nb::none());
        NDArray out = NDArray::empty(sh, to_dtype_or(dtype, v.dtype()), ord);
        copy_to(out, v);
        return wrap(out);
      },
      nb::arg("shape"), nb::arg("fill_value"), nb::arg("dtype").none(), nb::arg("order").none(),
      nb::arg("device").none());
  sub.def(
      "empty_like",
      [](nb::handle like, nb::handle dtype, nb::handle order, nb::handle shape, nb::handle device) {
        const NDArray& a = unwrap(like).a;
        DType dt = to_dtype_or(dtype, a.dtype());
        OrderSpec o = to_order_spec(order, 'K');
        int named = to_device_id(device);
        int dev = named >= 0 ? named : a.device();
        if (shape.is_none()) return wrap(empty_like(a, dt, o, dev));
        // A new shape keeps the prototype's layout as NumPy does: 'A' and 'K' follow an
        // F-contiguous prototype, and 'K' keeps the axis order of any other one of the same rank.
        Dims sh = to_shape(shape);
        bool f_proto = a.f_contiguous() && !a.c_contiguous();
        if (o == OrderSpec::K && (a.c_contiguous() || sh.size() != a.ndim())) o = OrderSpec::C;
        if (o == OrderSpec::A || o == OrderSpec::K) {
          if (f_proto) o = OrderSpec::F;
          else if (o == OrderSpec::A) o = OrderSpec::C;
        }
        if (o != OrderSpec::K)
          return wrap(NDArray::empty(sh, dt, o == OrderSpec::F ? Order::F : Order::C, dev));
        std::vector<int64_t> perm = memory_order(a.strides());
        Dims permuted(a.ndim());
        std::vector<int64_t> inverse(a.ndim());
        for (int i = 0; i < a.ndim(); ++i) {
          permuted[i] = sh[perm[i]];
          inverse[perm[i]] = i;
        }
        return wrap(NDArray::empty(permuted, dt, Order::C, dev).transpose(inverse));
      },
      nb::arg("a"), nb::arg("dtype").none(), nb::arg("order").none(), nb::arg("shape").none(),
      nb::arg("device").none());
  sub.def("arange", [](int64_t n, nb::handle start, nb::handle step, nb::handle dtype) {
    return wrap(arange_n(n, to_complex(start), to_complex(step), to_dtype(dtype)));
  });
  sub.def("linspace", [](nb::handle start, nb::handle stop, int64_t num, bool endpoint,
                         nb::handle dtype) {
    return wrap(linspace(to_complex(start), to_complex(stop), num, endpoint, to_dtype(dtype)));
  });
  sub.def("logspace",
          [](double start, double stop, int64_t num, bool endpoint, double base, nb::handle dtype) {
            return wrap(logspace(start, stop, num, endpoint, base, to_dtype(dtype)));
          });
  sub.def("geomspace", [](double start, double stop, int64_t num, bool endpoint, nb::handle dtype) {
    return wrap(geomspace(start, stop, num, endpoint, to_dtype(dtype)));
  });
  // Array endpoints (cunp arrays already in the working dtype): kind 0 linspace, 1 logspace,
  // 2 geomspace; the result has the samples along axis 0.
  sub.def("spaced",
          [](int kind, nb::handle start, nb::handle stop, int64_t num, bool endpoint, double base,
             nb::handle dtype, bool retstep) -> nb::object {
            NDArray a = to_device_array(start, nb::none()), b = to_device_array(stop, nb::none());
            DType dt = to_dtype(dtype);
            if (kind == 1) return wrap(logspace(a, b, num, endpoint, base, dt));
            if (kind == 2) return wrap(geomspace(a, b, num, endpoint, dt));
            NDArray step;
            NDArray out = linspace(a, b, num, endpoint, dt, retstep ? &step : nullptr);
            if (!retstep) return wrap(out);
            return nb::make_tuple(wrap(out), step.defined() ? wrap(step) : nb::float_(NAN));
          });
  m.def(
      "eye",
      [](int64_t n, nb::handle m_, nb::handle k_arg, nb::handle dtype, nb::handle order,
         nb::handle device) {
        if (n < 0) throw ValueError("negative dimensions are not allowed");
        DeviceScope on(device);
        int64_t cols = m_.is_none() ? n : nb::cast<int64_t>(m_);
        // Any Python int is a diagonal; one past every row or column leaves only zeros.
        int overflow = 0;
        long long k = PyLong_AsLongLongAndOverflow(k_arg.ptr(), &overflow);
        if (k == -1 && PyErr_Occurred()) throw nb::python_error();
        if (overflow || k > cols || k < -n) k = overflow < 0 || k < 0 ? -n : cols;
        return wrap(eye(n, cols, k, to_dtype_or(dtype, DType::Float64), to_order(order)));
      },
      nb::arg("N"), nb::arg("M").none() = nb::none(), nb::arg("k") = 0,
      nb::arg("dtype").none() = float_type(), nb::arg("order").none() = "C", nb::kw_only(),
      nb::arg("device").none() = nb::none());

  // array(obj, dtype, copy, order, ndmin): NumPy 2's copy semantics (True: always, None: when
  // needed, False: never, ValueError if one is needed).
  m.def(
      "array",
      [](nb::handle obj, nb::handle dtype, nb::handle copy_arg, nb::handle order, int ndmin,
         nb::handle device) {
        DeviceScope on(device);
        bool always = !copy_arg.is_none() && nb::cast<bool>(copy_arg);
        bool never = !copy_arg.is_none() && !nb::cast<bool>(copy_arg);
        // A foreign device array is viewed in place, then handled as a cunp array; read-only
        // input is copied, since cunp arrays are always writable.
        bool readonly = false;
        nb::object foreign = is_array(obj) ? nb::object() : import_device_object(obj, &readonly);
        if (foreign.is_valid()) {
          if (readonly && never)
            throw ValueError("Unable to avoid copy while creating an array as requested: the input "
                             "is read-only and cunp arrays are always writable.");
          always = always || readonly;
          obj = foreign;
        }
        OrderSpec o = to_order_spec(order, 'K');
        NDArray a;
        nb::handle source;
        if (is_array(obj)) {
          const NDArray& src = unwrap(obj).a;
          DType dt = to_dtype_or(dtype, src.dtype());
          bool fits = dt == src.dtype() && src.device() == current_device() &&
                      (o == OrderSpec::K || o == OrderSpec::A ||
                       (o == OrderSpec::C ? src.c_contiguous() : src.f_contiguous()));
          if (fits && !always) {
            a = src;
            source = obj;
          } else {
            if (never)
              throw ValueError("Unable to avoid copy while creating an array as requested.");
            a = src.device() == current_device() ? astype(src, dt, o) : to_device_array(obj, dtype);
          }
        } else {
          if (never) throw ValueError("Unable to avoid copy while creating an array as requested.");
          a = holds_device_array(obj) ? gather_nested(obj, dtype) : to_device_array(obj, dtype);
          if (o == OrderSpec::C || o == OrderSpec::F)
            a = contiguous(a, o == OrderSpec::C ? Order::C : Order::F);
        }
        if (a.ndim() < ndmin) {
          std::vector<int64_t> leading(ndmin - a.ndim());
          for (std::size_t i = 0; i < leading.size(); ++i) leading[i] = static_cast<int64_t>(i);
          a = a.expand_dims(leading);
        }
        if (source.is_valid() && a.data() == unwrap(source).a.data() &&
            a.shape() == unwrap(source).a.shape())
          return nb::borrow(source);
        return source.is_valid() ? wrap(a, source) : wrap(a);
      },
      nb::arg("obj"), nb::arg("dtype").none() = nb::none(), nb::arg("copy").none() = true,
      nb::arg("order").none() = "K", nb::arg("ndmin").none() = 0, nb::kw_only(),
      nb::arg("device").none() = nb::none());
  // For Python compositions whose NumPy counterpart returns a K-order copy of its input.
  sub.def(
      "in_keep_layout",
      [](nb::handle r, nb::handle like) -> nb::object {
        NDArray out = in_keep_layout(unwrap(r).a, unwrap(like).a);
        return out.data() == unwrap(r).a.data() ? nb::borrow(r) : wrap(std::move(out));
      },
      nb::arg("r"), nb::arg("like"),
      "r (like's shape) in the layout like.copy(order='K') has: r itself, or one copy.");
}

}  // namespace cunp::py
