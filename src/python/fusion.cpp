// src/python/fusion.cpp -- the binding half of cunp.fuse: Python operands of a traced ufunc call
// for the core's fusion_step (cunp/ops/fusion.hpp), and the per-function cache keyed on Python
// arguments, whose hits launch the cached kernel (run_fused); a miss is returned to the Python
// caller (_FusionMiss), which traces the function and stores the trace.
#include <algorithm>
#include <memory>
#include <string>
#include <unordered_map>

#include "common.hpp"
#include "cunp/ops/kernels/fusion.hpp"
#include "kernel_args.hpp"
#include "ufunc_args.hpp"

namespace cunp::py {
namespace {

// One ufunc step (cunp/ops/fusion.hpp): `operands` holds (True, dtype) for array values and
// (False, value) for scalars; `names` are their C++ expressions, `outs` the variables to declare
// for the results. Returns the output dtypes and the code; with loop_inputs also the loop's input
// dtypes and, per input, the integer type a weak Python int is checked against (or None).
// TypeError / OverflowError as the ufunc call would raise them (the caller then runs the
// function unfused, which raises them for real).
nb::tuple step(const std::string& ufunc_name, nb::list operands, std::vector<std::string> names,
               std::vector<std::string> outs, bool loop_inputs) {
  const Ufunc* u = find_ufunc(ufunc_name);
  if (!u) throw ValueError("no ufunc named " + ufunc_name);
  if (nb::len(operands) != names.size())
    throw ValueError("fusion step: wrong operand count for " + u->name);
  std::vector<FusionOperand> ops(names.size());
  NDArray storage;
  for (std::size_t k = 0; k < ops.size(); ++k) {
    nb::tuple op = nb::cast<nb::tuple>(operands[k]);
    ops[k].name = std::move(names[k]);
    if (nb::cast<bool>(op[0])) {
      ops[k].dtype = to_dtype(op[1]);
    } else {
      ops[k].is_scalar = true;
      if (!to_ufunc_arg(op[1], ops[k].scalar, storage) || ops[k].scalar.array)
        unsupported_operand(op[1]);
    }
  }
  FusionStep s = fusion_step(*u, ops, outs);
  auto names_of = [](const std::vector<DType>& types) {
    nb::list l;
    for (DType t : types) l.append(nb::str(name(t)));
    return l;
  };
  if (!loop_inputs) return nb::make_tuple(names_of(s.out_types), s.code);
  nb::list checks;
  for (const std::optional<DType>& t : s.int_checks)
    checks.append(t ? nb::object(nb::str(name(*t))) : nb::none());
  return nb::make_tuple(names_of(s.out_types), s.code, names_of(s.in_types), checks);
}

// ---------------------------------------------------------------------------------------------
// The call cache

constexpr int kMaxArgs = 64;
constexpr std::size_t kMaxKeys = 1024;  // distinct argument kinds per function before a reset

template <class T> void put(std::string& key, const T& v) {
  key.append(reinterpret_cast<const char*>(&v), sizeof v);
}

// A traced function for one combination of argument kinds.
struct Entry {
  bool unfusable = false;  // the call runs the function as written
  FusedKernel kernel;
  std::vector<int> inputs;  // argument positions of in0, in1, ...
  // Per scalar s0, s1, ...: the argument position, or -1 for a constant (`constants`).
  std::vector<int> scalar_args;
  std::vector<Scalar> constants;
  bool single = true;  // one result, not a tuple
  // A trailing reduction of the single result: the array method's name and keywords.
  nb::object reduce_method, reduce_kwargs;
};

// All traces for one key of argument kinds. A trace that read an array's shape or steered
// Python code by a scalar argument's value is valid only for those shapes / values: they form a
// second key (empty when the trace observed nothing). Shared so that a call keeps its level
// alive while Python code runs.
struct Level {
  std::vector<int> shape_args, value_args;  // sorted
  std::unordered_map<std::string, std::shared_ptr<const Entry>> entries;
};

// A Python int: 'i' fits int64, 'u' fits uint64 only, 'I' beyond.
char int_kind(PyObject* o) {
  int overflow = 0;
  PyLong_AsLongLongAndOverflow(o, &overflow);
  if (!overflow) return 'i';
  if (overflow > 0) {
    PyLong_AsUnsignedLongLong(o);
    if (!PyErr_Occurred()) return 'u';
    PyErr_Clear();
  }
  return 'I';
}

// An argument's kind; false for kinds the cache does not handle (the call runs unfused).
bool put_kind(std::string& key, nb::handle h) {
  PyObject* o = h.ptr();
  if (is_array(h)) {
    const NDArray& a = unwrap(h).a;
    key += 'a';
    key += static_cast<char>(a.dtype());
    key += static_cast<char>(a.ndim());
  } else if (PyBool_Check(o)) {
    key += 'b';
  } else if (PyLong_CheckExact(o)) {
    key += int_kind(o);
  } else if (PyFloat_CheckExact(o)) {
    key += 'f';
  } else if (PyComplex_CheckExact(o)) {
    key += 'c';
  } else if (o == Py_None) {
    key += 'N';
  } else if (PyUnicode_CheckExact(o)) {  // passed as itself: a trace may branch on it
    key += 'S';
    key += nb::cast<std::string>(h);
    key += '\0';
  } else if (is_numpy_scalar(h)) {
    DType t;
    try {
      t = to_dtype(h.attr("dtype"));
    } catch (...) {
      return false;  // datetime, str, ... scalars
    }
    key += 'n';
    key += static_cast<char>(t);
  } else {
    return false;
  }
  return true;
}

// A free variable's value as far as a trace may have baked it in: scalars by value, anything
// else by identity.
void put_free(std::string& key, PyObject* o) {
  if (!o) {
    key += 'x';
  } else if (PyBool_Check(o)) {
    key += o == Py_True ? 'T' : 'F';
  } else if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) {
      key += 'I';
      key += nb::cast<std::string>(nb::repr(nb::handle(o)));
      key += '\0';
    } else {
      key += 'i';
      put(key, v);
    }
  } else if (PyFloat_CheckExact(o)) {
    key += 'f';
    put(key, PyFloat_AS_DOUBLE(o));
  } else if (PyComplex_CheckExact(o)) {
    key += 'c';
    put(key, PyComplex_RealAsDouble(o));
    put(key, PyComplex_ImagAsDouble(o));
  } else {
    key += 'o';
    put(key, reinterpret_cast<uintptr_t>(o));
  }
}

// What a call the cache cannot run returns to its Python caller, which then does the Python
// part itself (the core never calls back into Python): `key` is the call's kind key when no
// trace is stored for it yet (the caller traces and stores under it), None when the function is
// to run as written.
struct FusionMiss {
  nb::object key;
};

class FusionCore {
 public:
  FusionCore(nb::object func, std::string kernel_name)
      : func_(std::move(func)), kernel_name_(std::move(kernel_name)) {
    // Closure cells and the globals the code names: values a trace bakes in as constants.
    if (nb::hasattr(func_, "__code__") && nb::hasattr(func_, "__globals__")) {
      nb::object closure = func_.attr("__closure__");
      if (!closure.is_none())
        for (nb::handle c : closure) cells_.push_back(nb::borrow(c));
      globals_ = func_.attr("__globals__");
      for (nb::handle n : func_.attr("__code__").attr("co_names")) names_.push_back(nb::borrow(n));
    }
  }

  // One call: a cached trace's kernel on these arguments, else a FusionMiss (no trace yet, or
  // the function runs as written: nothing a kernel could run over was passed, the kinds are not
  // cacheable, the trace was unfusable, or its kernel cannot reproduce this call).
  nb::object call(nb::tuple args, nb::dict kwargs) {
    PyObject* all[kMaxArgs];
    std::string key;
    bool arrays = false;
    if (!gather(args, kwargs, all) || !base_key(args, kwargs, all, key, &arrays) || !arrays)
      return unfused();  // nothing a kernel could run over, or kinds not cached
    auto it = levels_.find(key);
    if (it == levels_.end()) return miss(key);
    std::shared_ptr<Level> level = it->second;
    std::string extra = extra_key(*level, all);
    auto e = level->entries.find(extra);
    if (e == level->entries.end()) return miss(key);
    std::shared_ptr<const Entry> entry = e->second;
    return run(*entry, all);
  }

  // Stores a trace under the argument kinds `key` and what the trace observed. With a spec it
  // first launches the new kernel on this call and stores the entry only if that did not raise
  // (a body that fails to compile is not remembered). Spec None marks these kinds unfusable and
  // runs nothing: the caller has run the function as written already, and running it twice
  // would apply its side effects (an in-place update) twice.
  nb::object store(nb::bytes key_bytes, nb::tuple args, nb::dict kwargs,
                   std::vector<int> shape_args, std::vector<int> value_args, nb::object spec) {
    PyObject* all[kMaxArgs];
    if (!gather(args, kwargs, all)) throw ValueError("fuse: too many arguments");
    const int n = static_cast<int>(args.size() + kwargs.size());
    for (int p : shape_args)
      if (p < 0 || p >= n || !is_array(all[p])) throw ValueError("fuse: bad shape argument");
    for (int p : value_args)
      if (p < 0 || p >= n) throw ValueError("fuse: bad value argument");
    auto entry = std::make_shared<Entry>();
    if (spec.is_none()) {
      entry->unfusable = true;
    } else {
      // (body, out dtypes, input positions, slots [(arg, dtype, value, checks)], single,
      //  reduction (method, keywords) or None)
      nb::tuple t = nb::cast<nb::tuple>(spec);
      FusedKernel& k = entry->kernel;
      k.op = fused_op(kernel_name_, nb::cast<std::string>(t[0]));
      for (nb::handle d : t[1]) k.outputs.push_back(to_dtype(d));
      for (nb::handle p : t[2]) {
        int pos = nb::cast<int>(p);
        if (pos < 0 || pos >= n || !is_array(all[pos]))
          throw ValueError("fuse: bad input position");
        entry->inputs.push_back(pos);
      }
      for (nb::handle sh : t[3]) {
        nb::tuple st = nb::cast<nb::tuple>(sh);
        const int arg = nb::cast<int>(st[0]);
        if (arg >= n) throw ValueError("fuse: bad scalar position");
        const DType dtype = to_dtype(st[1]);
        entry->scalar_args.push_back(arg);
        entry->constants.push_back(arg < 0 ? to_scalar(st[2], dtype) : Scalar{});
        k.scalar_types.push_back(dtype);
        k.scalar_checks.emplace_back();
        for (nb::handle c : st[3]) k.scalar_checks.back().push_back(to_dtype(c));
      }
      entry->single = nb::cast<bool>(t[4]);
      if (t.size() > 5 && !t[5].is_none()) {
        nb::tuple r = nb::cast<nb::tuple>(t[5]);
        entry->reduce_method = nb::borrow(r[0]);
        entry->reduce_kwargs = nb::cast<nb::dict>(r[1]);
      }
    }
    // Kernel errors (compile, launch, the reduction) propagate before anything is stored.
    nb::object out;
    const bool fused = !entry->unfusable && launch(*entry, all, out);
    std::string key(key_bytes.c_str(), key_bytes.size());
    if (levels_.size() >= kMaxKeys) levels_.clear();
    std::shared_ptr<Level>& slot = levels_[key];
    if (!slot) slot = std::make_shared<Level>();
    std::shared_ptr<Level> level = slot;
    std::sort(shape_args.begin(), shape_args.end());
    std::sort(value_args.begin(), value_args.end());
    auto subset = [](const std::vector<int>& a, const std::vector<int>& b) {
      return std::includes(b.begin(), b.end(), a.begin(), a.end());
    };
    if (!subset(shape_args, level->shape_args) || !subset(value_args, level->value_args)) {
      // Keyed on more than before: the older traces are keyed too coarsely to find again.
      auto merge = [](std::vector<int>& into, const std::vector<int>& more) {
        std::vector<int> u;
        std::set_union(into.begin(), into.end(), more.begin(), more.end(), std::back_inserter(u));
        into = std::move(u);
      };
      merge(level->shape_args, shape_args);
      merge(level->value_args, value_args);
      level->entries.clear();
    }
    std::string extra = extra_key(*level, all);
    if (level->entries.size() >= kMaxKeys) level->entries.clear();
    level->entries[extra] = entry;
    if (entry->unfusable) return nb::none();
    // NotImplemented: stored, but these arguments need the unfused call, which the caller makes
    // outside its guard for kernel errors (so that the function's own errors run it only once).
    return fused ? out : nb::borrow(Py_NotImplemented);
  }

  // The kind key of a call, or None when the call is not cacheable (for tests).
  nb::object key_of(nb::args args, nb::kwargs kwargs) {
    PyObject* all[kMaxArgs];
    std::string key;
    if (!gather(args, kwargs, all) || !base_key(args, kwargs, all, key)) return nb::none();
    return nb::bytes(key.data(), key.size());
  }

  std::size_t entry_count() const {
    std::size_t n = 0;
    for (const auto& [k, l] : levels_) n += l->entries.size();
    return n;
  }
  void clear() { levels_.clear(); }
  const nb::object& func() const { return func_; }

 private:
  // Positional arguments, then keyword values in call order.
  static bool gather(nb::tuple args, nb::dict kwargs, PyObject** all) {
    const std::size_t n = args.size() + kwargs.size();
    if (n > static_cast<std::size_t>(kMaxArgs)) return false;
    std::size_t k = 0;
    for (nb::handle a : args) all[k++] = a.ptr();
    for (auto [name, value] : kwargs) all[k++] = value.ptr();
    return true;
  }

  bool base_key(nb::tuple args, nb::dict kwargs, PyObject** all, std::string& key,
                bool* arrays = nullptr) const {
    key.reserve(64);
    const std::size_t n = args.size() + kwargs.size();
    if (arrays)
      for (std::size_t k = 0; k < n && !*arrays; ++k) *arrays = is_array(all[k]);
    key += static_cast<char>(args.size());
    for (std::size_t k = 0; k < args.size(); ++k)
      if (!put_kind(key, all[k])) return false;
    std::size_t k = args.size();
    for (auto [name, value] : kwargs) {
      key += 'k';
      key += nb::cast<std::string>(name);
      key += '\0';
      if (!put_kind(key, all[k++])) return false;
    }
    for (const nb::object& c : cells_) put_free(key, PyCell_GET(c.ptr()));
    if (globals_.is_valid()) {
      for (const nb::object& n : names_) {
        PyObject* v = PyDict_GetItemWithError(globals_.ptr(), n.ptr());
        if (!v && PyErr_Occurred()) PyErr_Clear();
        put_free(key, v);
      }
    }
    return true;
  }

  static std::string extra_key(const Level& level, PyObject** all) {
    std::string extra;
    for (int p : level.shape_args) {
      const NDArray& a = unwrap(all[p]).a;
      for (int d = 0; d < a.ndim(); ++d) put(extra, a.shape()[d]);
      extra += ';';
    }
    for (int p : level.value_args) {
      extra += nb::cast<std::string>(nb::repr(nb::handle(all[p])));
      extra += '\0';
    }
    return extra;
  }

  static nb::object unfused() { return nb::cast(FusionMiss{nb::none()}); }

  static nb::object miss(const std::string& key) {
    return nb::cast(FusionMiss{nb::bytes(key.data(), key.size())});
  }

  // A cached trace on this call's arguments: the entry's kernel, else a FusionMiss to run the
  // function as written.
  nb::object run(const Entry& e, PyObject** all) {
    nb::object result;
    if (e.unfusable || !launch(e, all, result)) return unfused();
    return result;
  }

  // The entry's kernel on these arguments (run_fused), its result in `result`. False, before
  // anything ran, for what the kernel cannot reproduce: the function then runs unfused.
  bool launch(const Entry& e, PyObject** all, nb::object& result) {
    std::vector<NDArray> ins;
    ins.reserve(e.inputs.size());
    for (int p : e.inputs) ins.push_back(unwrap(all[p]).a);
    std::vector<UfuncArg> scalars(e.scalar_args.size());
    NDArray storage;
    for (std::size_t j = 0; j < scalars.size(); ++j) {
      const int p = e.scalar_args[j];
      if (p < 0) scalars[j].scalar = e.constants[j];
      else if (!to_ufunc_arg(all[p], scalars[j], storage) || scalars[j].array) return false;
    }
    std::optional<std::vector<NDArray>> outs = run_fused(e.kernel, ins, scalars);
    if (!outs) return false;
    if (e.single) {
      result = wrap(std::move((*outs)[0]));
      if (e.reduce_method.is_valid()) result = result.attr(e.reduce_method)(**e.reduce_kwargs);
      return true;
    }
    nb::object ret = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(outs->size())));
    for (std::size_t j = 0; j < outs->size(); ++j)
      PyTuple_SET_ITEM(ret.ptr(), static_cast<Py_ssize_t>(j),
                       wrap(std::move((*outs)[j])).release().ptr());
    result = std::move(ret);
    return true;
  }

  nb::object func_;
  std::string kernel_name_;
  std::vector<nb::object> cells_, names_;
  nb::object globals_;
  std::unordered_map<std::string, std::shared_ptr<Level>> levels_;
};

}  // namespace

void bind_fusion(nb::module_& m) {
  // The area's one-line doc is given in raw_kernel.cpp.
  nb::module_ sub = m.def_submodule("kernels");
  sub.def("fusion_step", &step, nb::arg("ufunc"), nb::arg("operands"), nb::arg("names"),
          nb::arg("outs"), nb::arg("loop_inputs") = false);
  nb::class_<FusionMiss>(m, "_FusionMiss")
      .def_prop_ro(
          "key", [](const FusionMiss& f) { return f.key; },
          "The call's kind key (bytes) to trace under, or None: run as written.");
  nb::class_<FusionCore>(m, "_FusionCore")
      .def(nb::init<nb::object, std::string>(), nb::arg("func"), nb::arg("kernel_name"))
      .def("_run", &FusionCore::call, nb::arg("args"), nb::arg("kwargs"))
      .def("_store", &FusionCore::store, nb::arg("key"), nb::arg("args"), nb::arg("kwargs"),
           nb::arg("shape_args"), nb::arg("value_args"), nb::arg("spec").none())
      .def("_key", &FusionCore::key_of)
      .def_prop_ro("_entry_count", &FusionCore::entry_count)
      .def("_clear", &FusionCore::clear);
  // The kernel source a fused body compiles to for these dtypes (contiguous layout), so tests
  // can NVRTC-compile it without a GPU.
  sub.def(
      "fused_source",
      [](const std::string& name, const std::string& body, std::vector<std::string> in_dtypes,
         std::vector<std::string> out_dtypes, std::vector<std::string> scalar_dtypes,
         int strided_ndim, int vec) {
        auto conv = [](const std::vector<std::string>& v) {
          std::vector<DType> r;
          for (const auto& t : v) r.push_back(to_dtype(nb::str(t.c_str())));
          return r;
        };
        return elementwise_source(fused_op(name, body), conv(in_dtypes), conv(out_dtypes),
                                  conv(scalar_dtypes), strided_ndim, vec);
      },
      nb::arg("name"), nb::arg("body"), nb::arg("in_dtypes"), nb::arg("out_dtypes"),
      nb::arg("scalar_dtypes"), nb::arg("strided_ndim") = 0, nb::arg("vec") = 1);
}

}  // namespace cunp::py
