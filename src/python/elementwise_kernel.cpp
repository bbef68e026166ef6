// src/python/elementwise_kernel.cpp -- the C++ half of cunp.ElementwiseKernel: CuPy's argument
// checks, type resolution, broadcasting and output allocation, then the elementwise engine.
// python/cunp/_elementwise_kernel.py parses the parameter strings once and subclasses this type,
// so a call runs no Python code.
#include <algorithm>
#include <memory>
#include <optional>

#include "common.hpp"

namespace cunp::py {
namespace {

constexpr int kMaxParams = 128;

struct Param {
  std::string name;
  int dtype = -1;        // a fixed DType, or -1 for a type placeholder
  int placeholder = -1;  // generic params: index into KernelCore::placeholders
  std::string ctype;     // the placeholder's spelling ('T')
  bool raw = false;
  bool writable = false;  // CuPy's _non_const (raw params only)
};

// What a call knows about an input before the types are decided.
struct InArg {
  bool scalar = false;
  DType dtype = DType::Float64;  // arrays (and dtype specs, for _source)
};

bool is_numpy_scalar(nb::handle h) {
  // A NumPy scalar carries a dtype; NumPy is surely imported when one exists.
  if (!nb::hasattr(h, "dtype")) return false;
  static nb::object generic = numpy().attr("generic");
  return PyObject_IsInstance(h.ptr(), generic.ptr()) == 1;
}

bool is_kernel_scalar(nb::handle h) { return is_python_scalar(h) || is_numpy_scalar(h); }

std::string type_repr(nb::handle h) { return nb::cast<std::string>(nb::repr(h.type())); }

class KernelCore {
 public:
  KernelCore(nb::list in_params, nb::list out_params, std::string operation, std::string name,
             std::string preamble, std::string loop_prep, std::string after_loop,
             std::vector<std::string> options, bool no_return, bool return_tuple, bool uses_index)
      : operation_(std::move(operation)), name_(std::move(name)), preamble_(std::move(preamble)),
        loop_prep_(std::move(loop_prep)), after_loop_(std::move(after_loop)),
        options_(std::move(options)), no_return_(no_return), return_tuple_(return_tuple),
        uses_index_(uses_index) {
    for (nb::handle p : in_params) in_.push_back(to_param(p));
    for (nb::handle p : out_params) out_.push_back(to_param(p));
    if (in_.size() + out_.size() > static_cast<std::size_t>(kMaxParams))
      throw ValueError("ElementwiseKernel: at most " + std::to_string(kMaxParams) + " parameters");
  }

  KernelCore(const KernelCore&) = delete;
  KernelCore& operator=(const KernelCore&) = delete;

  nb::object call(nb::args args, nb::kwargs kwargs) {
    int64_t size = -1;
    nb::handle stream;
    if (kwargs.size()) size = take_kwargs(kwargs, stream);
    const std::size_t nin = in_.size(), nout = out_.size(), nargs = args.size();
    if (nargs != nin && nargs != nin + nout)
      throw TypeError("Wrong number of arguments for '" + name_ + "'. It must be either " +
                      std::to_string(nin) + " or " + std::to_string(nin + nout) +
                      " (with outputs), but given " + std::to_string(nargs) + ".");
    const bool outs_given = nargs > nin;

    InArg in[kMaxParams];
    for (std::size_t k = 0; k < nin; ++k) {
      nb::handle h = args[k];
      if (is_array(h)) in[k].dtype = unwrap(h).a.dtype();
      else if (is_kernel_scalar(h)) in[k].scalar = true;
      else throw TypeError("Unsupported type " + type_repr(h));
    }
    DType out_given[kMaxParams];
    if (outs_given)
      for (std::size_t j = 0; j < nout; ++j) {
        nb::handle h = args[nin + j];
        if (!is_array(h)) throw TypeError("Output arguments type must be cunp.ndarray");
        out_given[j] = unwrap(h).a.dtype();
      }
    // The loop shape (the broadcast of the non-raw arrays, or size= when every array is raw),
    // then the types: CuPy's order, so its errors come first.
    Dims shape = loop_shape(args, outs_given, size);
    DType in_types[kMaxParams], out_types[kMaxParams];
    resolve(in, outs_given ? out_given : nullptr, in_types, out_types);
    std::optional<StreamSwap> swap;
    if (stream.is_valid() && !stream.is_none()) swap.emplace(nb::cast<const Stream&>(stream));

    nb::object outs[kMaxParams];
    std::vector<NDArray> out_arrays;
    out_arrays.reserve(nout);
    for (std::size_t j = 0; j < nout; ++j) {
      if (outs_given) {
        outs[j] = nb::borrow(args[nin + j]);
        const NDArray& a = unwrap(outs[j]).a;
        if (!out_[j].raw && a.shape() != shape) throw ValueError("Out shape is mismatched");
        out_arrays.push_back(a);
      } else {
        if (out_[j].raw && size < 0) throw ValueError("Output array size is Undecided");
        out_arrays.push_back(NDArray::empty(shape, out_types[j]));
        outs[j] = wrap(out_arrays.back());
      }
    }
    nb::object ret;
    if (no_return_) {
      ret = nb::none();
    } else if (nout == 1 && !return_tuple_) {
      ret = outs[0];
    } else {
      ret = nb::steal(PyTuple_New(static_cast<Py_ssize_t>(nout)));
      for (std::size_t j = 0; j < nout; ++j)
        PyTuple_SET_ITEM(ret.ptr(), static_cast<Py_ssize_t>(j), outs[j].inc_ref().ptr());
    }
    if (shape.product() == 0) return ret;

    std::vector<NDArray> in_arrays;
    in_arrays.reserve(nin);
    Scalar scalars[kMaxParams];
    int ns = 0;
    for (std::size_t k = 0; k < nin; ++k) {
      if (in[k].scalar) {
        scalars[ns++] = to_scalar(args[k], in_types[k]);
      } else {
        in_arrays.push_back(unwrap(args[k]).a);
      }
    }
    const ElementwiseOp& op = op_for(in, in_types, out_types);
    elementwise(op, in_arrays, out_arrays, ArgList<Scalar>(scalars, ns), shape);
    return ret;
  }

  // The source a call with these arguments would compile (contiguous layout unless
  // strided_ndim), with dtype specs standing for arrays; for tests and inspection.
  std::string source(nb::list args, int strided_ndim, int vec) {
    KernelSignature sig = signature(args);
    sig.strided_ndim = strided_ndim;
    sig.vec = vec;
    return elementwise_source(op_for_signature(args), sig);
  }

  // NVRTC-compiles that source for sm_<arch> (no GPU needed); CompileException on failure.
  void compile_for(nb::list args, int strided_ndim, int arch) {
    KernelSignature sig = signature(args);
    sig.strided_ndim = strided_ndim;
    const ElementwiseOp& op = op_for_signature(args);
    std::string src = elementwise_source(op, sig);
    nb::gil_scoped_release unlocked;
    compile(src, op.name, arch, op.options);
  }

  const std::string& name() const { return name_; }

 private:
  // Swaps this thread's current stream for the call's `stream=`, restoring it afterwards.
  struct StreamSwap {
    explicit StreamSwap(const Stream& s) : previous(current_stream(s.device())) {
      set_current_stream(s);
    }
    ~StreamSwap() { set_current_stream(previous); }
    Stream previous;
  };

  Param to_param(nb::handle h) {
    nb::tuple t = nb::cast<nb::tuple>(h);
    Param p;
    p.name = nb::cast<std::string>(t[0]);
    if (!t[1].is_none()) {
      p.dtype = static_cast<int>(to_dtype(t[1]));
    } else {
      p.ctype = nb::cast<std::string>(t[2]);
      auto it = std::find(placeholders_.begin(), placeholders_.end(), p.ctype);
      p.placeholder = static_cast<int>(it - placeholders_.begin());
      if (it == placeholders_.end()) placeholders_.push_back(p.ctype);
    }
    p.raw = nb::cast<bool>(t[3]);
    p.writable = nb::cast<bool>(t[4]);
    return p;
  }

  static int64_t integer(nb::handle h, const char* what) {
    PyObject* i = PyNumber_Index(h.ptr());
    if (!i) {
      PyErr_Clear();
      throw TypeError(std::string(what) + " must be an integer, not " + type_repr(h));
    }
    nb::object owned = nb::steal(i);
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(i, &overflow);
    if (overflow) throw ValueError(std::string(what) + " is out of range");
    return v;
  }

  // size=, stream= and block_size= as CuPy takes them; anything else is a TypeError.
  int64_t take_kwargs(nb::kwargs kwargs, nb::handle& stream) {
    int64_t size = -1;
    nb::dict rest;
    for (auto [key, value] : kwargs) {
      std::string k = nb::cast<std::string>(key);
      if (k == "size") {  // -1 (CuPy's default) or None: decided by broadcasting
        if (!value.is_none()) size = integer(value, "size");
        if (size < -1) throw ValueError("size must be non-negative");
      } else if (k == "stream") {
        stream = value;
      } else if (k == "block_size") {  // accepted; the engine picks its own block size
        if (integer(value, "block_size") <= 0)
          throw ValueError("block_size must be greater than zero");
      } else {
        rest[key] = value;
      }
    }
    if (rest.size()) throw TypeError("Wrong arguments " + nb::cast<std::string>(nb::repr(rest)));
    return size;
  }

  // CuPy's rules: every array bound to a fixed-type param has exactly that dtype; the arrays
  // sharing a placeholder agree (outputs decide first); scalars take their param's type.
  void resolve(const InArg* in, const DType* out_given, DType* in_types, DType* out_types) const {
    DType ptype[kMaxParams];
    bool known[kMaxParams] = {};
    auto bind = [&](const Param& p, DType a) {
      if (p.dtype >= 0) {
        if (a != static_cast<DType>(p.dtype))
          throw TypeError("Type is mismatched. " + p.name + " " + cunp::name(a) + " " +
                          cunp::name(static_cast<DType>(p.dtype)));
      } else if (known[p.placeholder]) {
        if (a != ptype[p.placeholder])
          throw TypeError("Type is mismatched. " + p.name + " " + cunp::name(a) + " " +
                          cunp::name(ptype[p.placeholder]) + " " + p.ctype);
      } else {
        ptype[p.placeholder] = a;
        known[p.placeholder] = true;
      }
    };
    if (out_given)
      for (std::size_t j = 0; j < out_.size(); ++j) bind(out_[j], out_given[j]);
    for (std::size_t k = 0; k < in_.size(); ++k)
      if (!in[k].scalar) bind(in_[k], in[k].dtype);
    auto type_of = [&](const Param& p) {
      if (p.dtype >= 0) return static_cast<DType>(p.dtype);
      if (!known[p.placeholder])
        throw TypeError("Cannot determine the type of '" + p.ctype + "' for parameter '" + p.name +
                        "' of kernel '" + name_ + "': no array argument has that type");
      return ptype[p.placeholder];
    };
    for (std::size_t k = 0; k < in_.size(); ++k) in_types[k] = type_of(in_[k]);
    for (std::size_t j = 0; j < out_.size(); ++j) out_types[j] = type_of(out_[j]);
  }

  Dims loop_shape(nb::args args, bool outs_given, int64_t size) const {
    const std::size_t nin = in_.size();
    const std::size_t n = outs_given ? nin + out_.size() : nin;
    const Dims* first = nullptr;
    bool same = true;
    for (std::size_t k = 0; k < n; ++k) {
      const Param& p = k < nin ? in_[k] : out_[k - nin];
      if (p.raw || !is_array(args[k])) continue;
      const Dims& s = unwrap(args[k]).a.shape();
      if (!first) first = &s;
      else same = same && s == *first;
    }
    if (size >= 0) {
      if (first)
        throw ValueError("Specified 'size' can be used only if all of the ndarray are 'raw'.");
      return Dims{size};
    }
    if (!first) throw ValueError("Loop size is undecided.");
    if (same) return *first;
    std::vector<Dims> shapes;
    for (std::size_t k = 0; k < n; ++k) {
      const Param& p = k < nin ? in_[k] : out_[k - nin];
      if (!p.raw && is_array(args[k])) shapes.push_back(unwrap(args[k]).a.shape());
    }
    return broadcast_shapes(shapes);
  }

  // One engine op per pattern of scalar inputs: the operand lists, names and typedef sources
  // differ with it. The dtypes decide whether the ufunc math library (complex and float16
  // functions) is included, so plain real kernels stay cheap to compile. A kernel meets one or
  // two patterns in practice: a linear search is the fastest lookup.
  const ElementwiseOp& op_for(const InArg* in, const DType* in_types, const DType* out_types) {
    bool math = false;
    for (std::size_t k = 0; k < in_.size(); ++k) math = math || needs_math(in_types[k]);
    for (std::size_t j = 0; j < out_.size(); ++j) math = math || needs_math(out_types[j]);
    for (const auto& m : ops_)
      if (m->op.math == math && same_pattern(*m, in)) return m->op;
    ops_.push_back(std::make_unique<MadeOp>(make_op(in, math)));
    return ops_.back()->op;
  }

  static bool needs_math(DType t) { return is_complex(t) || t == DType::Float16; }

  struct MadeOp {
    ElementwiseOp op;
    std::vector<bool> scalar;  // per input
  };
  bool same_pattern(const MadeOp& m, const InArg* in) const {
    for (std::size_t k = 0; k < in_.size(); ++k)
      if (m.scalar[k] != in[k].scalar) return false;
    return true;
  }

  MadeOp make_op(const InArg* in, bool math) const {
    MadeOp m;
    ElementwiseOp& op = m.op;
    op.name = name_;
    op.body = operation_;
    op.uses_index = uses_index_;
    op.preamble = preamble_;
    op.math = math;
    op.load_outputs = true;  // CuPy's outputs are references to the elements
    op.loop_prep = loop_prep_;
    op.after_loop = after_loop_;
    op.options = options_;
    // Operand and scalar positions of each param.
    std::vector<int> operand(in_.size() + out_.size(), -1), scalar(in_.size(), -1);
    int nops = 0, ns = 0;
    for (std::size_t k = 0; k < in_.size(); ++k) {
      m.scalar.push_back(in[k].scalar);
      if (in[k].scalar) {
        scalar[k] = ns++;
        op.scalar_names.push_back(in_[k].name);
      } else {
        operand[k] = nops++;
        op.names.push_back(in_[k].name);
        op.raw.push_back(in_[k].raw);
        op.writable.push_back(in_[k].writable);
      }
    }
    for (std::size_t j = 0; j < out_.size(); ++j) {
      operand[in_.size() + j] = nops++;
      op.names.push_back(out_[j].name);
      op.raw.push_back(out_[j].raw);
      op.writable.push_back(true);
    }
    // typedef for each placeholder, from the first param that has it (outputs are always
    // operands; an input may be a scalar, converted to the placeholder's type).
    for (std::size_t t = 0; t < placeholders_.size(); ++t) {
      TypeAlias a{placeholders_[t]};
      bool found = false;
      for (std::size_t k = 0; k < in_.size() + out_.size() && !found; ++k) {
        const Param& p = k < in_.size() ? in_[k] : out_[k - in_.size()];
        if (p.placeholder != static_cast<int>(t)) continue;
        found = true;
        a.scalar = k < in_.size() && in[k].scalar;
        a.index = a.scalar ? scalar[k] : operand[k];
      }
      op.type_aliases.push_back(a);
    }
    return m;
  }

  // _source/_compile: arguments are dtype specs (arrays) or scalar values.
  KernelSignature signature(nb::list args) {
    const std::size_t nin = in_.size(), nout = out_.size(), n = args.size();
    if (n != nin && n != nin + nout)
      throw TypeError("Wrong number of arguments for '" + name_ + "'. It must be either " +
                      std::to_string(nin) + " or " + std::to_string(nin + nout) +
                      " (with outputs), but given " + std::to_string(n) + ".");
    InArg in[kMaxParams];
    for (std::size_t k = 0; k < nin; ++k) {
      in[k].scalar = is_kernel_scalar(args[k]);
      if (!in[k].scalar) in[k].dtype = to_dtype(args[k]);
    }
    DType out_given[kMaxParams];
    for (std::size_t j = 0; j < nout && n > nin; ++j) out_given[j] = to_dtype(args[nin + j]);
    DType in_types[kMaxParams], out_types[kMaxParams];
    resolve(in, n > nin ? out_given : nullptr, in_types, out_types);
    KernelSignature sig;
    for (std::size_t k = 0; k < nin; ++k)
      (in[k].scalar ? sig.scalars : sig.inputs).push_back(in_types[k]);
    sig.outputs.assign(out_types, out_types + nout);
    return sig;
  }
  const ElementwiseOp& op_for_signature(nb::list args) {
    KernelSignature sig = signature(args);
    InArg in[kMaxParams];
    DType in_types[kMaxParams];
    for (std::size_t k = 0, a = 0, s = 0; k < in_.size(); ++k) {
      in[k].scalar = is_kernel_scalar(args[k]);
      in_types[k] = in[k].scalar ? sig.scalars[s++] : sig.inputs[a++];
    }
    return op_for(in, in_types, sig.outputs.data());
  }

  std::vector<Param> in_, out_;
  std::vector<std::string> placeholders_;
  std::string operation_, name_, preamble_, loop_prep_, after_loop_;
  std::vector<std::string> options_;
  bool no_return_, return_tuple_, uses_index_;
  std::vector<std::unique_ptr<MadeOp>> ops_;  // stable addresses: ops are handed out by reference
};

}  // namespace

void bind_elementwise_kernel(nb::module_& m) {
  nb::class_<KernelCore>(m, "_ElementwiseKernelCore")
      .def(nb::init<nb::list, nb::list, std::string, std::string, std::string, std::string,
                    std::string, std::vector<std::string>, bool, bool, bool>(),
           nb::arg("in_params"), nb::arg("out_params"), nb::arg("operation"), nb::arg("name"),
           nb::arg("preamble"), nb::arg("loop_prep"), nb::arg("after_loop"), nb::arg("options"),
           nb::arg("no_return"), nb::arg("return_tuple"), nb::arg("uses_index"))
      .def("__call__", &KernelCore::call)
      .def("_source", &KernelCore::source, nb::arg("args"), nb::arg("strided_ndim") = 0,
           nb::arg("vec") = 1)
      .def("_compile", &KernelCore::compile_for, nb::arg("args"), nb::arg("strided_ndim") = 0,
           nb::arg("arch") = 90);
}

}  // namespace cunp::py
