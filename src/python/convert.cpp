// src/python/convert.cpp -- Python objects to core types and back.
#include <cmath>
#include <unordered_map>

#include "common.hpp"
#include "indexing.hpp"

namespace cunp::py {

nb::module_& numpy() {
  static nb::module_* np = new nb::module_(nb::module_::import_("numpy"));
  return *np;
}

nb::object numpy_dtype(DType t) {
  static nb::object* cache[kNumDTypes] = {};
  nb::object*& slot = cache[static_cast<int>(t)];
  if (!slot) slot = new nb::object(numpy().attr("dtype")(std::string(1, info(t).code)));
  return *slot;
}

namespace {

// Objects whose dtype meaning never changes (types, dtype instances) map by identity, so the
// common dtype=cp.float32 costs one hash lookup after the first call.
std::unordered_map<PyObject*, DType>& dtype_cache() {
  static auto* m = new std::unordered_map<PyObject*, DType>;
  return *m;
}

DType dtype_via_numpy(nb::handle h) {
  nb::object d;
  try {
    d = numpy().attr("dtype")(h);
  } catch (nb::python_error& e) {
    throw TypeError("data type " + std::string(nb::str(nb::repr(h)).c_str()) + " not understood");
  }
  std::string ch = nb::cast<std::string>(d.attr("char"));
  std::string bo = nb::cast<std::string>(d.attr("byteorder"));
  if (bo == ">")
    throw TypeError("cunp supports native byte order only, not " + std::string(nb::str(d).c_str()));
  try {
    return dtype_from_char(ch[0]);
  } catch (const TypeError&) {
    throw TypeError("cunp does not support dtype '" + std::string(nb::str(d).c_str()) + "'");
  }
}

}  // namespace

DType to_dtype(nb::handle h) {
  auto& cache = dtype_cache();
  auto it = cache.find(h.ptr());
  if (it != cache.end()) return it->second;
  if (nb::isinstance<nb::str>(h)) {
    std::string s = nb::cast<std::string>(h);
    try {
      return dtype_from_string(s);
    } catch (const TypeError&) {
      return dtype_via_numpy(h);  // NumPy knows more spellings ('float_', 'Float32'...)
    }
  }
  DType t;
  if (h.is_none()) return DType::Float64;  // numpy.dtype(None), as astype(None) means it
  if (h.ptr() == (PyObject*)&PyBool_Type) t = DType::Bool;
  else if (h.ptr() == (PyObject*)&PyLong_Type) t = DType::Int64;
  else if (h.ptr() == (PyObject*)&PyFloat_Type) t = DType::Float64;
  else if (h.ptr() == (PyObject*)&PyComplex_Type) t = DType::Complex128;
  else t = dtype_via_numpy(h);
  // Types and numpy.dtype instances are long-lived; anything else might be freed and its
  // address reused, so only those are cached (and kept alive so the address stays theirs).
  bool stable = PyType_Check(h.ptr()) ||
                std::string(nb::type_name(h.type()).c_str()).rfind("numpy.dtypes.", 0) == 0;
  if (stable) {
    h.inc_ref();
    cache.emplace(h.ptr(), t);
  }
  return t;
}

DType to_dtype_or(nb::handle h, DType fallback) { return h.is_none() ? fallback : to_dtype(h); }

int64_t to_int(nb::handle h) {
  PyObject* idx = PyNumber_Index(h.ptr());
  if (!idx) {
    PyErr_Clear();
    throw TypeError("'" + std::string(nb::type_name(h.type()).c_str()) +
                    "' object cannot be interpreted as an integer");
  }
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(idx, &overflow);
  Py_DECREF(idx);
  if (overflow) throw ValueError("Maximum allowed dimension exceeded");
  return v;
}

Dims to_shape(nb::handle h) {
  Dims d;
  if (PyIndex_Check(h.ptr()) && !PyBool_Check(h.ptr())) {  // an int, NumPy int or 0-d int array
    PyObject* idx = PyNumber_Index(h.ptr());
    if (idx) {
      Py_DECREF(idx);
      d.push_back(to_int(h));
      return d;
    }
    PyErr_Clear();
  }
  if (!PySequence_Check(h.ptr())) {
    d.push_back(to_int(h));
    return d;
  }
  nb::sequence seq = nb::borrow<nb::sequence>(h);
  for (nb::handle e : seq) d.push_back(to_int(e));
  return d;
}

std::vector<int64_t> to_axes(nb::handle h) {
  Dims d = to_shape(h);
  return d.to_vector();
}

Order to_order(nb::handle h) {
  if (h.is_none()) return Order::C;
  std::string s = nb::cast<std::string>(h);
  if (s == "C" || s == "c") return Order::C;
  if (s == "F" || s == "f") return Order::F;
  throw ValueError("order must be one of 'C' or 'F'");
}

int64_t axis_number(nb::handle h) {
  PyObject* i = PyNumber_Index(h.ptr());
  if (!i) throw nb::python_error();
  nb::object owned = nb::steal(i);
  long long v = PyLong_AsLongLong(i);
  if (v == -1 && PyErr_Occurred()) throw nb::python_error();
  return v;
}

std::optional<std::vector<int64_t>> optional_axes(nb::handle h) {
  if (h.is_none()) return std::nullopt;
  std::vector<int64_t> axes;
  if (PyTuple_Check(h.ptr()) || PyList_Check(h.ptr())) {
    for (nb::handle x : nb::iter(h)) axes.push_back(axis_number(x));
  } else {
    axes.push_back(axis_number(h));
  }
  return axes;
}

int to_device_id(nb::handle h) {
  if (h.is_none()) return -1;
  int id;
  if (nb::isinstance<PyDevice>(h)) {
    id = nb::cast<const PyDevice&>(h).id;
  } else if (PyLong_Check(h.ptr()) && !PyBool_Check(h.ptr())) {
    id = nb::cast<int>(h);
  } else if (PyUnicode_Check(h.ptr())) {
    throw ValueError("cunp arrays live on CUDA devices; device='" + nb::cast<std::string>(h) +
                     "' is not one (pass a cunp.cuda.Device or a device id)");
  } else {
    throw TypeError("device must be None, a cunp.cuda.Device or a device id, not " +
                    std::string(Py_TYPE(h.ptr())->tp_name));
  }
  int count = device_count();
  if (id < 0 || id >= count)
    throw ValueError("device " + std::to_string(id) + " does not exist (this machine has " +
                     std::to_string(count) + " CUDA device" + (count == 1 ? "" : "s") + ")");
  return id;
}

OrderSpec to_order_spec(nb::handle h, char fallback) {
  if (h.is_none()) return order_from_char(fallback);
  std::string s = nb::cast<std::string>(h);
  if (s.size() != 1)
    throw ValueError("order must be one of 'C', 'F', 'A', or 'K' (got '" + s + "')");
  return order_from_char(s[0]);
}

bool is_python_scalar(nb::handle h) {
  PyObject* o = h.ptr();
  return PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o);
}

DType scalar_dtype(nb::handle h) {
  PyObject* o = h.ptr();
  if (PyBool_Check(o)) return DType::Bool;
  if (PyLong_Check(o)) {
    // NumPy gives ints from 2**63 up to 2**64 - 1 the uint64 dtype (larger ones overflow later).
    int overflow = 0;
    PyLong_AsLongLongAndOverflow(o, &overflow);
    return overflow > 0 ? DType::UInt64 : DType::Int64;
  }
  if (PyFloat_Check(o)) return DType::Float64;
  if (PyComplex_Check(o)) return DType::Complex128;
  return to_dtype(h.attr("dtype"));  // NumPy scalar
}

Scalar to_scalar(nb::handle h, DType dtype) {
  PyObject* o = h.ptr();
  if (PyBool_Check(o)) return Scalar::from_bool(o == Py_True, dtype);
  if (PyLong_Check(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    bool fits = !overflow;
    uint64_t u = 0;
    if (overflow > 0) {
      u = PyLong_AsUnsignedLongLong(o);
      if (PyErr_Occurred()) PyErr_Clear();
      else fits = true;
    }
    if (is_integer(dtype)) {
      // NEP 50: a Python int must fit the integer dtype it is stored into.
      int bits = itemsize(dtype) * 8;
      bool ok;
      if (!fits) ok = false;
      else if (overflow > 0) ok = dtype == DType::UInt64;
      else if (kind(dtype) == 'u') ok = v >= 0 && (bits == 64 || v < (1ll << bits));
      else ok = bits == 64 || (v >= -(1ll << (bits - 1)) && v < (1ll << (bits - 1)));
      if (!ok) {
        PyErr_Format(PyExc_OverflowError, "Python integer %S out of bounds for %s", o, name(dtype));
        throw nb::python_error();
      }
    }
    if (!fits) return Scalar::from_double(PyLong_AsDouble(o), dtype);
    return overflow > 0 ? Scalar::from_uint(u, dtype) : Scalar::from_int(v, dtype);
  }
  if (PyFloat_Check(o)) {
    double v = PyFloat_AS_DOUBLE(o);
    if (is_integer(dtype) && !std::isfinite(v)) {
      if (std::isnan(v)) throw ValueError("cannot convert float NaN to integer");
      PyErr_SetString(PyExc_OverflowError, "cannot convert float infinity to integer");
      throw nb::python_error();
    }
    // NumPy stores a Python float into an integer type as int(v), range-checked as a Python
    // int is (a[...] = -1.0 into uint8 is an OverflowError); a NumPy float64, a float
    // subclass, is cast instead.
    if (is_integer(dtype) && PyFloat_CheckExact(o)) {
      nb::object truncated = nb::steal(PyLong_FromDouble(v));
      if (!truncated.is_valid()) throw nb::python_error();
      return to_scalar(truncated, dtype);
    }
    return Scalar::from_double(v, dtype);
  }
  if (PyComplex_Check(o)) {
    const std::complex<double> z{PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o)};
    // As NumPy stores a Python complex: bool(z) into bool, int(z) or float(z) (both refuse
    // it) into the real types.
    if (dtype == DType::Bool) return Scalar::from_bool(z != 0.0, dtype);
    if (is_integer(dtype))
      throw TypeError(
          "int() argument must be a string, a bytes-like object or a real number, not 'complex'");
    if (!is_complex(dtype))
      throw TypeError("float() argument must be a string or a real number, not 'complex'");
    return Scalar::from_complex(z, dtype);
  }
  if (PyUnicode_Check(o)) {
    // NumPy converts a string as the target type's Python constructor would: int('12'),
    // float('1.5'), complex('1+2j') (ValueError for anything else), and bool by truth value.
    if (dtype == DType::Bool) {
      int truth = PyObject_IsTrue(o);
      if (truth < 0) throw nb::python_error();
      return Scalar::from_bool(truth != 0, dtype);
    }
    PyObject* v = is_integer(dtype)   ? PyLong_FromUnicodeObject(o, 10)
                  : is_complex(dtype) ? PyObject_CallOneArg((PyObject*)&PyComplex_Type, o)
                                      : PyFloat_FromString(o);
    if (!v) throw nb::python_error();
    return to_scalar(nb::steal(v), dtype);
  }
  if (nb::hasattr(h, "dtype") && nb::hasattr(h, "item")) {  // NumPy scalar or 0-d array
    nb::object item = h.attr("item")();
    if (is_python_scalar(item)) {
      // A NumPy scalar converts like an array would (no NEP 50 range check): cast its value.
      DType src = to_dtype(h.attr("dtype"));
      return to_scalar(item, src).cast(dtype);
    }
  }
  throw TypeError("cannot convert object of type '" + std::string(nb::type_name(h.type()).c_str()) +
                  "' to a " + name(dtype) + " value");
}

nb::object from_scalar(const Scalar& s) {
  switch (kind(s.dtype)) {
    case 'b': return nb::bool_(s.as_bool());
    case 'i': return nb::int_(s.as_int());
    case 'u': return nb::steal(PyLong_FromUnsignedLongLong(s.as_uint()));
    case 'f': return nb::float_(s.as_double());
    default: {
      auto c = s.as_complex();
      return nb::steal(PyComplex_FromDoubles(c.real(), c.imag()));
    }
  }
}

// --- nested sequences of device arrays -------------------------------------------------------

namespace {

constexpr int kMaxNesting = 64;  // NumPy's limit on dimensions

bool is_list_or_tuple(nb::handle h) { return PyList_Check(h.ptr()) || PyTuple_Check(h.ptr()); }

nb::handle child(nb::handle seq, Py_ssize_t i) {
  return PyList_Check(seq.ptr()) ? PyList_GET_ITEM(seq.ptr(), i) : PyTuple_GET_ITEM(seq.ptr(), i);
}

struct Leaf {
  std::vector<IndexItem> at;  // where the leaf goes in the result
  nb::handle obj;
  NDArray host;  // a non-cunp, non-scalar leaf, already uploaded
};

struct Gathered {
  std::vector<Leaf> leaves;
  std::vector<IndexItem> at;
  Dims outer;  // lengths of the sequences enclosing the current one (for NumPy's message)
};

[[noreturn]] void inhomogeneous(const Dims& detected) {
  throw ValueError("setting an array element with a sequence. The requested array has an "
                   "inhomogeneous shape after " +
                   std::to_string(detected.size()) + " dimensions. The detected shape was " +
                   shape_str(detected) + " + inhomogeneous part.");
}

// The shape of `h` (sequences' lengths, then the leaves' shape), recording every leaf.
Dims discover(nb::handle h, Gathered& g) {
  if (is_array(h)) {
    g.leaves.push_back({g.at, h, {}});
    return unwrap(h).a.shape();
  }
  if (!is_list_or_tuple(h)) {
    Leaf leaf{g.at, h, {}};
    if (!is_python_scalar(h)) leaf.host = to_device_array(h, nb::none());
    Dims shape = leaf.host.defined() ? leaf.host.shape() : Dims{};
    g.leaves.push_back(std::move(leaf));
    return shape;
  }
  if (static_cast<int>(g.outer.size()) >= kMaxNesting)
    throw ValueError("setting an array element with a sequence: nested too deeply");
  Py_ssize_t n = Py_SIZE(h.ptr());
  g.outer.push_back(n);
  Dims common;
  for (Py_ssize_t i = 0; i < n; ++i) {
    g.at.push_back(IndexItem::integer(i));
    Dims s = discover(child(h, i), g);
    g.at.pop_back();
    if (i == 0) {
      common = s;
    } else if (s != common) {
      Dims detected = g.outer;
      for (int k = 0; k < std::min(s.size(), common.size()) && s[k] == common[k]; ++k)
        detected.push_back(s[k]);
      inhomogeneous(detected);
    }
  }
  g.outer.erase(g.outer.size() - 1);
  Dims shape{n};
  for (int64_t e : common) shape.push_back(e);
  return shape;
}

DType leaf_dtype(const Leaf& leaf) {
  if (is_array(leaf.obj)) return unwrap(leaf.obj).a.dtype();
  if (leaf.host.defined()) return leaf.host.dtype();
  return scalar_dtype(leaf.obj);
}

}  // namespace

bool holds_device_array(nb::handle obj, int depth) {
  PyObject* o = obj.ptr();
  if (PyFloat_CheckExact(o) || PyLong_CheckExact(o)) return false;  // the usual leaves, cheaply
  if (!is_list_or_tuple(obj)) return is_array(obj);
  if (depth > kMaxNesting) return false;
  for (Py_ssize_t i = 0, n = Py_SIZE(o); i < n; ++i)
    if (holds_device_array(child(obj, i), depth + 1)) return true;
  return false;
}

NDArray gather_nested(nb::handle obj, nb::handle dtype) {
  Gathered g;
  Dims shape = discover(obj, g);
  DType dt = DType::Float64;  // NumPy's type for an empty list
  if (!dtype.is_none()) {
    dt = to_dtype(dtype);
  } else if (!g.leaves.empty()) {
    dt = leaf_dtype(g.leaves[0]);
    for (const Leaf& leaf : g.leaves) dt = promote_types(dt, leaf_dtype(leaf));
  }
  NDArray out = NDArray::empty(shape, dt);
  // One device copy per leaf: device arrays never pass through the host.
  for (const Leaf& leaf : g.leaves) {
    NDArray target = out.index(leaf.at);
    if (is_array(leaf.obj)) copy_to(target, unwrap(leaf.obj).a);
    else if (leaf.host.defined()) copy_to(target, leaf.host);
    else fill(target, to_scalar(leaf.obj, dt));
  }
  return out;
}

IndexItem slice_item(PyObject* o) {
  Py_ssize_t start, stop, step;
  PySliceObject* s = reinterpret_cast<PySliceObject*>(o);
  if (PySlice_Unpack(o, &start, &stop, &step) < 0) {
    // A zero step: NumPy counts the key's indices first (IndexError), then refuses the step
    // (ValueError), so the view made from the key raises it. The pending error is taken
    // before the step is read again.
    nb::python_error refused;
    const bool zero = s->step != Py_None && PyIndex_Check(s->step) &&
                      PyNumber_AsSsize_t(s->step, nullptr) == 0 && !PyErr_Occurred();
    PyErr_Clear();
    if (!zero) throw refused;
    return IndexItem::slice(IndexItem::kNone, IndexItem::kNone, 0);
  }
  // PySlice_Unpack fills defaults with extremes; keep "omitted" distinct for clarity.
  return IndexItem::slice(s->start == Py_None ? IndexItem::kNone : start,
                          s->stop == Py_None ? IndexItem::kNone : stop,
                          s->step == Py_None ? IndexItem::kNone : step);
}

std::vector<IndexItem> to_index(nb::handle key) {
  std::vector<IndexItem> items;
  auto one = [&](nb::handle k) {
    PyObject* o = k.ptr();
    if (o == Py_None) {
      items.push_back(IndexItem::new_axis());
    } else if (o == Py_Ellipsis) {
      items.push_back(IndexItem::ellipsis());
    } else if (PySlice_Check(o)) {
      items.push_back(slice_item(o));
    } else if (PyLong_CheckExact(o)) {
      items.push_back(IndexItem::integer(to_int(k)));
    } else if (!PyBool_Check(o) && !is_array(k) && PyIndex_Check(o) &&
               !(nb::hasattr(k, "ndim") && nb::cast<int>(k.attr("ndim")) > 0)) {
      // NumPy integers (NumPy arrays: below). NumPy's bools refuse __index__: a boolean key.
      PyObject* idx = PyNumber_Index(o);
      if (!idx) {
        PyErr_Clear();
        throw AdvancedKey{};
      }
      nb::object index = nb::steal(idx);
      items.push_back(IndexItem::integer(to_int(index)));  // one __index__ call
    } else if (is_array(k) && unwrap(k).a.ndim() == 0 && is_integer(unwrap(k).a.dtype())) {
      items.push_back(IndexItem::integer(to_int(k)));  // a 0-d integer array indexes like an int
    } else if (PyBool_Check(o) || is_array(k) || PyList_Check(o) || nb::hasattr(k, "__array__") ||
               nb::hasattr(k, "__array_interface__")) {
      throw AdvancedKey{};  // the caller hands the whole key to the advanced path
    } else {
      throw IndexError("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) "
                       "and integer or boolean arrays are valid indices");
    }
  };
  if (PyTuple_Check(key.ptr())) {
    for (nb::handle k : nb::borrow<nb::tuple>(key)) one(k);
  } else {
    one(key);
  }
  return items;
}

}  // namespace cunp::py
