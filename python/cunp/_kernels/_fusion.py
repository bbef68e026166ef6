"""cunp.fuse: a chain of elementwise operations compiled into one kernel.

    @cunp.fuse()
    def f(x, y):
        return cunp.sqrt(x * x + y * y) * 2

The first call with a given kind of arguments (each cunp array's dtype and rank, each scalar's
type, the keyword names) runs the Python function once on stand-ins: their operators and the
ufunc calls they reach (through ``__array_ufunc__``) are recorded, with the dtypes NumPy's rules
give, into the body of one elementwise kernel. Later calls with the same kinds go straight to a
C++ launch of that kernel: broadcasting, output allocation and the launch, no Python per op.

Scalar arguments stand in too, so a new value reuses the kernel; a trace that reads a scalar's
value (``if s > 0``, ``range(n)``, ``s * 2`` in Python) or an array's shape is kept for those
values or shapes only. Closure variables and the globals the function's own code names are part
of the key (scalars by value, other objects by identity): rebinding one retraces, mutating an
object in place is not seen. A trailing sum/prod/max/min/any/all (axis=, keepdims=) of the
single result runs on the kernel's output (a second kernel: the map is fused, the reduction is
not fused into it). Anything the stand-ins cannot record (indexing, other methods, control flow
on array values, in-place operators, non-ufunc functions) makes the function run unfused for
that kind of arguments, with the same results and errors; the arguments are never written while
tracing (the stand-ins refuse in-place updates before anything runs), so that call starts from
them untouched and runs the function once. Code that does not go through the arguments (printing,
appending to a list, updating a global array) runs for real while tracing: once more per new
kind of arguments, as with any tracing fuse.
"""
from cunp import _core

__all__ = ["fuse"]

_stats = {"traces": 0}  # traced calls, for tests of the cache


class _Unfusable(Exception):
    """Raised while tracing when the function does something a fused kernel cannot."""


def _scalar_dtype(value):
    """The dtype a scalar operand's slot has: NumPy's for a lone Python or NumPy scalar."""
    t = type(value)
    if t is bool:
        return "bool"
    if t is int:
        if -(1 << 63) <= value < (1 << 63):
            return "int64"
        if 0 <= value < (1 << 64):
            return "uint64"
        raise _Unfusable()
    if t is float:
        return "float64"
    if t is complex:
        return "complex128"
    import numpy
    if isinstance(value, numpy.generic) and value.dtype.kind in "biufc":
        return value.dtype.name
    raise _Unfusable()


def _broadcast(a, b):
    n = max(len(a), len(b))
    a = (1,) * (n - len(a)) + tuple(a)
    b = (1,) * (n - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            raise _Unfusable()  # the unfused call raises NumPy's error
    return tuple(out)


_step_cache = {}


def _step(ufunc_name, operands, names, outs):
    # Resolution depends on the operand dtypes and (for weak ints) values only: memoized.
    key = (ufunc_name, tuple((a, d if a else (type(d), d)) for a, d in operands))
    hit = _step_cache.get(key)
    if hit is None:
        if len(_step_cache) > 4096:
            _step_cache.clear()
        # Generic names; renamed below so the memoized code fits any call site.
        gen_names = ["@in%d@" % k for k in range(len(names))]
        gen_outs = ["@out%d@" % k for k in range(len(outs))]
        hit = _core.kernels.fusion_step(ufunc_name, list(operands), gen_names, gen_outs, True)
        _step_cache[key] = hit
    out_dtypes, code, _, int_checks = hit
    for k, n in enumerate(names):
        code = code.replace("@in%d@" % k, n)
    for k, n in enumerate(outs):
        code = code.replace("@out%d@" % k, n)
    return out_dtypes, code, int_checks


class _Trace:
    """The kernel body being built: inputs in0.. (array arguments, in order of first use),
    scalars s0.. (scalar arguments and constants), values v0..; and what the trace observed."""

    def __init__(self):
        self.steps = []
        self.n_values = 0
        self.inputs = []       # argument positions of in0, in1, ...
        self.used_mask = 0     # arguments the steps read
        self.slots = []        # [arg position or -1, dtype, value, set of checked loop types]
        self.slot_of = {}
        self.shape_args = set()
        self.value_args = set()
        self.failure = None    # the exception that stopped the trace
        # vectorize's functions are written for Python scalars, where complex numbers have no
        # order: its traces refuse <, <=, >, >= on complex operands as Python does.
        self.python_scalars = False

    def input_name(self, proxy):
        if proxy._name is None:
            proxy._name = "in%d" % len(self.inputs)
            self.inputs.append(proxy._pos)
        return proxy._name

    def scalar(self, value):
        """A scalar operand's slot: its C++ name, slot index and the value to resolve with."""
        if type(value) is _Scalar:
            if value._trace is not self:
                raise _Unfusable()
            key = value._pos
            pos, v = value._pos, value._value
        else:
            _scalar_dtype(value)  # _Unfusable for arrays and other objects
            key = ("c", type(value), repr(value))
            pos, v = -1, value
        k = self.slot_of.get(key)
        if k is None:
            k = len(self.slots)
            self.slots.append([pos, _scalar_dtype(v), v, set()])
            self.slot_of[key] = k
        return "s%d" % k, k, v

    def observe_shape(self, mask):
        p = 0
        while mask:
            if mask & 1:
                self.shape_args.add(p)
            mask >>= 1
            p += 1

    def finish(self, result):
        """The spec of the kernel for cunp._core._FusionCore._store."""
        reduction = None
        if type(result) is _Reduced:
            reduction = (result._method, result._kwargs)
            result = result._array
        single = type(result) is _Array
        results = (result,) if single else result
        if reduction is not None and not single:
            raise _Unfusable()
        if type(results) is not tuple or not results:
            raise _Unfusable()
        seen = set()
        for r in results:
            # A returned argument would be a copy instead of the object itself; a result that
            # does not depend on every array the kernel reads would get a bigger shape.
            if type(r) is not _Array or r._trace is not self or r._is_arg or id(r) in seen \
                    or r._mask != self.used_mask:
                raise _Unfusable()
            seen.add(id(r))
        body = "".join(self.steps) + "".join(
            "out%d = %s;\n" % (k, r._name) for k, r in enumerate(results))
        slots = [(pos, dt, v if pos < 0 else None, sorted(checks))
                 for pos, dt, v, checks in self.slots]
        return (body, [r._dtype_name for r in results], list(self.inputs), slots, single,
                reduction)


def _is_dunder(name):
    return name.startswith("__") and name.endswith("__")


_ndarray_names = None


def _array_attribute(name):
    """Whether a cunp array has the attribute (then a stand-in cannot fake it)."""
    global _ndarray_names
    if _ndarray_names is None:
        _ndarray_names = frozenset(dir(_core.ndarray))
    return name in _ndarray_names


class _Array:
    """Stands for an array (an argument or an intermediate value) while a function is traced."""

    __slots__ = ("_trace", "_name", "_pos", "_dtype_name", "_ndim", "_shape", "_mask", "_is_arg",
                 "_dtype")
    __hash__ = None

    def __init__(self, trace, dtype_name, ndim, shape, mask, name=None, pos=-1, dtype=None):
        self._trace = trace
        self._name = name
        self._pos = pos
        self._dtype_name = dtype_name
        self._ndim = ndim
        self._shape = shape
        self._mask = mask
        self._is_arg = pos >= 0
        self._dtype = dtype

    @property
    def __class__(self):  # isinstance(x, cunp.ndarray) holds, as for the real argument
        return _core.ndarray

    @property
    def dtype(self):
        if self._dtype is None:
            import numpy
            self._dtype = numpy.dtype(self._dtype_name)
        return self._dtype

    @property
    def ndim(self):
        return self._ndim

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def shape(self):
        self._trace.observe_shape(self._mask)
        return self._shape

    @property
    def size(self):
        n = 1
        for e in self.shape:
            n *= e
        return n

    @property
    def nbytes(self):
        return self.size * self.itemsize

    def __len__(self):
        s = self.shape
        if not s:
            raise TypeError("len() of unsized object")
        return s[0]

    def __getattr__(self, name):
        if not _is_dunder(name) and _array_attribute(name):
            raise _Unfusable()  # methods and views: the function runs unfused
        raise AttributeError("'%s' object has no attribute '%s'" % (_core.ndarray.__name__, name))

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if method != "__call__" or kwargs or len(inputs) != ufunc.nin:
            raise _Unfusable()  # out=, dtype=, where=, reduce, ...: run unfused
        return _apply(ufunc.__name__, ufunc.nout, inputs)

    def _refuse(self, *args):
        raise _Unfusable()

    # Truth values, conversions, iteration, indexing and in-place updates need array data or
    # would write the caller's arrays.
    __bool__ = __index__ = __int__ = __float__ = __complex__ = __iter__ = _refuse
    __getitem__ = __setitem__ = __array__ = __contains__ = _refuse


class _Reduced:
    """A traced array reduced by sum/prod/max/min/any/all: only returnable. The kernel computes
    the array; the call then reduces it with the array method (one kernel plus the reduction,
    not a single pass)."""

    __slots__ = ("_array", "_method", "_kwargs")
    __hash__ = None

    def __init__(self, array, method, kwargs):
        self._array = array
        self._method = method
        self._kwargs = kwargs

    def _refuse(self, *args, **kwargs):
        raise _Unfusable()

    __bool__ = __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = __index__ = _refuse
    __int__ = __float__ = __complex__ = __iter__ = __len__ = __getitem__ = __array__ = _refuse

    def __getattr__(self, name):
        if _is_dunder(name):
            raise AttributeError(name)
        raise _Unfusable()


def _reduction(method):
    def reduce(self, axis=None, *, keepdims=False):
        axis = _value(axis)
        if isinstance(axis, list):
            raise _Unfusable()
        return _Reduced(self, method, {"axis": axis, "keepdims": bool(_value(keepdims))})
    reduce.__name__ = method
    return reduce


for _m in ("sum", "prod", "max", "min", "any", "all"):
    setattr(_Array, _m, _reduction(_m))


def _apply(ufunc_name, nout, args):
    """Records one ufunc call with at least one traced array among its operands."""
    trace = None
    for a in args:
        if type(a) is _Array:
            trace = a._trace
            break
    operands, names, shape, ndim, mask, scalar_slots = [], [], (), 0, 0, []
    for k, a in enumerate(args):
        if type(a) is _Array:
            if a._trace is not trace:
                raise _Unfusable()
            operands.append((True, a._dtype_name))
            names.append(trace.input_name(a) if a._is_arg else a._name)
            shape = _broadcast(shape, a._shape)
            ndim = max(ndim, a._ndim)
            mask |= a._mask
        else:
            name, slot, value = trace.scalar(a)  # _Unfusable for other operand types
            operands.append((False, value))
            names.append(name)
            scalar_slots.append((k, slot))
    outs = []
    for _ in range(nout):
        outs.append("v%d" % trace.n_values)
        trace.n_values += 1
    # The core refuses a Python int its integer loop type cannot hold (NumPy raises, or compares
    # exactly: the unfused call does); one that fits is checked again on each call.
    out_dtypes, code, int_checks = _step(ufunc_name, operands, names, outs)
    for k, slot in scalar_slots:
        if int_checks[k] is not None:
            trace.slots[slot][3].add(int_checks[k])
    trace.steps.append(code)
    trace.used_mask |= mask
    results = tuple(_Array(trace, d, ndim, shape, mask, name=n) for n, d in zip(outs, out_dtypes))
    return results[0] if nout == 1 else results


def _binary(name):
    def op(self, other):
        return _apply(name, 1, (self, other))

    def rop(self, other):
        return _apply(name, 1, (other, self))
    return op, rop


_BINARY = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "and": "bitwise_and",
    "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift", "rshift": "right_shift",
}
_COMPARE = {"lt": "less", "le": "less_equal", "gt": "greater", "ge": "greater_equal",
            "eq": "equal", "ne": "not_equal"}
_UNARY = {"neg": "negative", "pos": "positive", "invert": "invert", "abs": "absolute"}

for _op, _uf in _BINARY.items():
    _f, _r = _binary(_uf)
    setattr(_Array, "__%s__" % _op, _f)
    setattr(_Array, "__r%s__" % _op, _r)
    setattr(_Array, "__i%s__" % _op, _Array._refuse)
_ORDERING = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _is_complex(operand):
    if type(operand) is _Array:
        return operand.dtype.kind == "c"
    import numpy
    value = operand._value if type(operand) is _Scalar else operand
    return isinstance(value, (complex, numpy.complexfloating))


def _comparison(name, symbol):
    def op(self, other):
        if symbol and self._trace.python_scalars and (_is_complex(self) or _is_complex(other)):
            raise TypeError("'%s' not supported for complex values: a vectorized function "
                            "compares Python scalars, and complex numbers have no order"
                            % symbol)
        return _apply(name, 1, (self, other))
    return op


for _op, _uf in _COMPARE.items():
    setattr(_Array, "__%s__" % _op, _comparison(_uf, _ORDERING.get(_op)))
for _op, _uf in _UNARY.items():
    setattr(_Array, "__%s__" % _op, (lambda uf: lambda self: _apply(uf, 1, (self,)))(_uf))
_Array.__divmod__ = lambda self, other: _apply("divmod", 2, (self, other))
_Array.__rdivmod__ = lambda self, other: _apply("divmod", 2, (other, self))


class _Scalar:
    """Stands for a scalar argument. As an operand of a traced array operation it becomes a
    kernel parameter, so later calls with other values reuse the kernel; any other use reads its
    value, which then keys the trace."""

    __slots__ = ("_trace", "_pos", "_value")

    def __init__(self, trace, pos, value):
        self._trace = trace
        self._pos = pos
        self._value = value

    def _read(self):
        self._trace.value_args.add(self._pos)
        return self._value

    @property
    def __class__(self):
        return type(self._value)

    def __getattr__(self, name):
        if _is_dunder(name):  # protocol probes (__array_interface__, ...) are no value reads
            raise AttributeError(name)
        return getattr(self._read(), name)

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        if any(type(a) is _Array for a in inputs):
            if method != "__call__" or kwargs or len(inputs) != ufunc.nin:
                raise _Unfusable()
            return _apply(ufunc.__name__, ufunc.nout, inputs)
        if method == "at" or "out" in kwargs:
            # It would write a real array during the trace, and again when the function then
            # runs (unfused) or never again (fused): the function runs unfused only.
            raise _Unfusable()
        values = [a._read() if type(a) is _Scalar else a for a in inputs]
        return getattr(ufunc, method)(*values, **kwargs)


def _value(x):
    return x._read() if type(x) is _Scalar else x


def _scalar_binary(fn):
    def op(self, other):
        if type(other) is _Array:
            return NotImplemented  # the array's reflected operator records it
        return fn(self._read(), _value(other))

    def rop(self, other):
        if type(other) is _Array:
            return NotImplemented
        return fn(_value(other), self._read())
    return op, rop


def _scalar_methods():
    import operator
    for name in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "and", "or", "xor",
                 "lshift", "rshift"):
        fn = getattr(operator, name + "_" if name in ("and", "or") else name)
        op, rop = _scalar_binary(fn)
        setattr(_Scalar, "__%s__" % name, op)
        setattr(_Scalar, "__r%s__" % name, rop)
    for name in ("lt", "le", "gt", "ge", "eq", "ne"):
        setattr(_Scalar, "__%s__" % name, _scalar_binary(getattr(operator, name))[0])
    _Scalar.__divmod__, _Scalar.__rdivmod__ = _scalar_binary(divmod)
    for name in ("neg", "pos", "abs", "invert", "bool", "int", "float", "complex", "index",
                 "hash", "repr", "str", "trunc", "floor", "ceil"):
        dunder = "__%s__" % name
        setattr(_Scalar, dunder, (lambda d: lambda self: getattr(self._read(), d)())(dunder))
    _Scalar.__round__ = lambda self, *nd: round(self._read(), *nd)
    _Scalar.__format__ = lambda self, spec: format(self._read(), spec)


_scalar_methods()


class _ArraySpec:
    """An array argument by dtype and shape only: traces without a device (tests, source())."""

    def __init__(self, dtype, shape):
        self.dtype = dtype
        self.shape = tuple(shape)


def _stand_in(trace, pos, a):
    if type(a) is _ArraySpec or isinstance(a, _core.ndarray):
        shape = tuple(a.shape)
        dtype = a.dtype if type(a) is not _ArraySpec else None
        name = str(a.dtype) if dtype is not None else a.dtype
        return _Array(trace, name, len(shape), shape, 1 << pos, pos=pos, dtype=dtype)
    if a is None or type(a) is str:  # part of the call's key as they are
        return a
    return _Scalar(trace, pos, a)


def _trace(func, args, kwargs=None, python_scalars=False):
    """Traces `func` on these arguments (cunp arrays or _ArraySpec, scalars): the trace and the
    kernel spec (body, out dtypes, input positions, scalar slots, single), or None.
    python_scalars: func is written for Python scalars (vectorize), see _Trace."""
    kwargs = kwargs or {}
    trace = _Trace()
    trace.python_scalars = python_scalars
    _stats["traces"] += 1
    proxies = [_stand_in(trace, p, a) for p, a in enumerate(args)]
    n = len(args)
    kw = {k: _stand_in(trace, n + j, v) for j, (k, v) in enumerate(kwargs.items())}
    try:
        spec = trace.finish(func(*proxies, **kw))
    except Exception as e:
        spec = None
        trace.failure = e  # why, for callers that report it (vectorize)
    return trace, spec


_Miss = _core._FusionMiss


class Fusion(_core._FusionCore):
    """A function whose elementwise body runs as one kernel (see cunp.fuse). Calling it runs
    the C++ cache (_FusionCore._run), which launches a stored trace's kernel; otherwise it says
    whether to trace (_miss, under the key it returns) or to run the function as written."""

    def __init__(self, func, name=None):
        name = name or getattr(func, "__name__", "fused")
        super().__init__(func, _kernel_name(name))
        self.name = name
        self.func = func
        self.__name__ = self.name
        self.__doc__ = getattr(func, "__doc__", None)

    def __repr__(self):
        return "<Fusion name=%s>" % self.name

    def __call__(self, *args, **kwargs):
        out = self._run(args, kwargs)
        if type(out) is _Miss:
            if out.key is None:
                return self.func(*args, **kwargs)
            return self._miss(args, kwargs, out.key)
        return out

    def _miss(self, args, kwargs, key):
        # The function runs as written at most once per call: the trace works on stand-ins, so
        # the arguments are untouched when it gives up (an in-place update is refused before
        # it runs).
        trace, spec = _trace(self.func, args, kwargs)
        shape_args, value_args = sorted(trace.shape_args), sorted(trace.value_args)
        if spec is not None:
            try:
                out = self._store(key, args, kwargs, shape_args, value_args, spec)
            except Exception:
                pass  # e.g. a body the compiler rejects: not stored, the function runs as written
            else:
                if out is NotImplemented:  # stored; these arguments need the unfused call
                    return self.func(*args, **kwargs)
                return out
        # Real errors surface from the unfused call and are not remembered. Storing "unfusable"
        # runs nothing (the call above has run the function).
        out = self.func(*args, **kwargs)
        self._store(key, args, kwargs, shape_args, value_args, None)
        return out

    def source(self, *args, **kwargs):
        """The fused body a call with these arguments compiles (None: runs unfused)."""
        spec = _trace(self.func, args, kwargs)[1]
        return None if spec is None else spec[0]


def _make(func, name=None):
    return Fusion(func, name)


def _kernel_name(name):
    # A C identifier whatever the function is called ("<lambda>", non-ASCII names).
    s = "".join(c if (c.isascii() and c.isalnum()) or c == "_" else "_" for c in name).strip("_")
    return "fused_" + (s or "lambda")


def fuse(*args, **kwargs):
    """Decorator that fuses a function's elementwise operations into one kernel.

    ``@cunp.fuse``, ``@cunp.fuse()`` and ``@cunp.fuse(kernel_name='k')`` all work, as does
    ``cunp.fuse(lambda x, y: x * y + 1)``.
    """
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return _make(args[0])
    if args:
        raise TypeError("fuse() takes a function, or keyword arguments only")
    name = kwargs.pop("kernel_name", None)
    if kwargs:
        raise TypeError("fuse() got unexpected keyword arguments %s" % sorted(kwargs))
    return lambda f: _make(f, name)
