"""cunp.fuse: a chain of elementwise operations compiled into one kernel.

    @cunp.fuse()
    def f(x, y):
        return cunp.sqrt(x * x + y * y) * 2

Each call runs the Python function once on stand-ins for its cunp array arguments: their
operators and cunp ufunc calls are recorded (with the dtypes NumPy's rules give, resolved by the
core's ufunc table) into the body of one elementwise kernel, compiled once per distinct body and
operand dtypes. Other arguments (Python and NumPy scalars) take part as values. Anything the
stand-ins cannot record (indexing, methods, reductions, control flow on array values, in-place
operators, functions other than ufuncs) makes the call run unfused instead, with the same result;
argument types that failed once run unfused straight away after that. Lambdas and closures work.
"""
import threading

from cunp import _core

__all__ = ["fuse"]

_lock = threading.RLock()


class _Unfusable(Exception):
    """Raised while tracing when the function does something a fused kernel cannot."""


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


class _Trace:
    """The kernel body being built: inputs in0.., scalars s0.., values v0.."""

    def __init__(self):
        self.lines = []
        self.n_values = 0
        self.scalars = []        # values, in s0.. order
        self.scalar_dtypes = []

    def scalar(self, value):
        """A Python or NumPy scalar operand: its C++ name and the spec for type resolution."""
        if isinstance(value, bool):
            dt = 'bool'
        elif isinstance(value, int) and type(value) is int:
            if -(1 << 63) <= value < (1 << 63):
                dt = 'int64'
            elif 0 <= value < (1 << 64):
                dt = 'uint64'
            else:
                raise _Unfusable()
        elif type(value) is float:
            dt = 'float64'
        elif type(value) is complex:
            dt = 'complex128'
        else:
            import numpy
            if not isinstance(value, numpy.generic) or value.dtype.kind not in 'biufc':
                raise _Unfusable()
            dt = value.dtype.name
        name = 's%d' % len(self.scalars)
        self.scalars.append(value)
        self.scalar_dtypes.append(dt)
        return name


_step_cache = {}


def _step(ufunc_name, operands, names, outs):
    # Resolution depends on the operand dtypes and (for weak ints) values only: memoized.
    key = (ufunc_name, tuple((a, d if a else (type(d), d)) for a, d in operands))
    hit = _step_cache.get(key)
    if hit is None:
        if len(_step_cache) > 4096:
            _step_cache.clear()
        # Generic names; renamed below so the memoized code fits any call site.
        gen_names = ['@in%d@' % k for k in range(len(names))]
        gen_outs = ['@out%d@' % k for k in range(len(outs))]
        hit = _core._fusion_step(ufunc_name, [(a, d) for a, d in operands], gen_names, gen_outs)
        _step_cache[key] = hit
    out_dtypes, code = hit
    for k, n in enumerate(names):
        code = code.replace('@in%d@' % k, n)
    for k, n in enumerate(outs):
        code = code.replace('@out%d@' % k, n)
    return out_dtypes, code


class _Value:
    """Stands for an array while the function is traced."""

    __slots__ = ('_trace', '_name', 'dtype', 'shape')
    __array_ufunc__ = None  # NumPy scalars' operators defer to ours

    def __init__(self, trace, name, dtype, shape):
        self._trace = trace
        self._name = name
        self.dtype = dtype
        self.shape = shape

    @property
    def ndim(self):
        return len(self.shape)

    def __getattr__(self, name):
        raise _Unfusable()

    def __bool__(self):
        raise _Unfusable()

    def __len__(self):
        raise _Unfusable()

    def __iter__(self):
        raise _Unfusable()

    def __getitem__(self, key):
        raise _Unfusable()

    def __setitem__(self, key, value):
        raise _Unfusable()

    def __array__(self, *args, **kwargs):
        raise _Unfusable()

    def __index__(self):
        raise _Unfusable()

    def __float__(self):
        raise _Unfusable()

    def __int__(self):
        raise _Unfusable()

    def __complex__(self):
        raise _Unfusable()


def _apply(ufunc_name, nout, args):
    """Records one ufunc call on traced values and scalars."""
    trace = None
    for a in args:
        if isinstance(a, _Value):
            trace = a._trace
            break
    operands, names, shape = [], [], ()
    for a in args:
        if isinstance(a, _Value):
            if a._trace is not trace:
                raise _Unfusable()
            operands.append((True, a.dtype))
            names.append(a._name)
            shape = _broadcast(shape, a.shape)
        else:
            names.append(trace.scalar(a))  # raises _Unfusable for other types
            operands.append((False, a))
    outs = []
    for _ in range(nout):
        outs.append('v%d' % trace.n_values)
        trace.n_values += 1
    out_dtypes, code = _step(ufunc_name, operands, names, outs)
    trace.lines.append(code)
    results = tuple(_Value(trace, n, d, shape) for n, d in zip(outs, out_dtypes))
    return results[0] if nout == 1 else results


def _binary(name):
    def op(self, other):
        return _apply(name, 1, (self, other))

    def rop(self, other):
        return _apply(name, 1, (other, self))
    return op, rop


def _refuse(self, *args):
    raise _Unfusable()  # in-place operators would write to the caller's arrays


_BINARY = {
    'add': 'add', 'sub': 'subtract', 'mul': 'multiply', 'truediv': 'divide',
    'floordiv': 'floor_divide', 'mod': 'remainder', 'pow': 'power', 'and': 'bitwise_and',
    'or': 'bitwise_or', 'xor': 'bitwise_xor', 'lshift': 'left_shift', 'rshift': 'right_shift',
}
for _op, _uf in _BINARY.items():
    _f, _r = _binary(_uf)
    setattr(_Value, '__%s__' % _op, _f)
    setattr(_Value, '__r%s__' % _op, _r)
    setattr(_Value, '__i%s__' % _op, _refuse)
for _op, _uf in {'lt': 'less', 'le': 'less_equal', 'gt': 'greater', 'ge': 'greater_equal',
                 'eq': 'equal', 'ne': 'not_equal'}.items():
    setattr(_Value, '__%s__' % _op, _binary(_uf)[0])
for _op, _uf in {'neg': 'negative', 'pos': 'positive', 'invert': 'invert',
                 'abs': 'absolute'}.items():
    setattr(_Value, '__%s__' % _op, (lambda uf: lambda self: _apply(uf, 1, (self,)))(_uf))
_Value.__divmod__ = lambda self, other: _apply('divmod', 2, (self, other))
_Value.__rdivmod__ = lambda self, other: _apply('divmod', 2, (other, self))
_Value.__hash__ = None


class _TracedUfunc:
    """Stands in for a cunp ufunc in the cunp module while a function is traced: records calls
    on traced values, runs the real ufunc otherwise (calls from other threads)."""

    def __init__(self, ufunc):
        self._ufunc = ufunc
        self.__name__ = ufunc.__name__

    def __call__(self, *args, **kwargs):
        if any(isinstance(a, _Value) for a in args):
            if kwargs or len(args) != self._ufunc.nin:
                raise _Unfusable()  # out=, dtype=, where=, ...: run unfused
            return _apply(self._ufunc.__name__, self._ufunc.nout, args)
        return self._ufunc(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._ufunc, name)


_module_ufuncs = None


def _ufunc_attributes():
    global _module_ufuncs
    if _module_ufuncs is None:
        import cunp
        _module_ufuncs = {k: v for k, v in vars(cunp).items() if isinstance(v, _core.ufunc)}
    return _module_ufuncs


def _arg_key(a):
    if isinstance(a, _core.ndarray):
        return ('a', str(a.dtype), a.ndim)
    return ('s', type(a))


class Fusion:
    """A function whose elementwise body runs as one kernel (see cunp.fuse)."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name or getattr(func, '__name__', 'fused')
        self.__name__ = self.name
        self.__doc__ = getattr(func, '__doc__', None)
        self._kernels = {}
        self._unfusable = set()

    def __repr__(self):
        return '<Fusion name=%s>' % self.name

    def _trace(self, args):
        trace = _Trace()
        inputs, proxies = [], []
        for a in args:
            if isinstance(a, _core.ndarray):
                v = _Value(trace, 'in%d' % len(inputs), str(a.dtype), tuple(a.shape))
                inputs.append(a)
                proxies.append(v)
            else:
                proxies.append(a)
        import cunp
        with _lock:
            ufuncs = _ufunc_attributes()
            for k, u in ufuncs.items():
                setattr(cunp, k, _TracedUfunc(u))
            try:
                result = self.func(*proxies)
            finally:
                for k, u in ufuncs.items():
                    setattr(cunp, k, u)
        single = isinstance(result, _Value)
        results = (result,) if single else result
        if not isinstance(results, tuple) or not results:
            raise _Unfusable()
        shape = ()
        for a in inputs:
            shape = _broadcast(shape, tuple(a.shape))
        for r in results:
            # A returned input would be a copy instead of the object itself; other shapes would
            # need their own loop.
            if not isinstance(r, _Value) or r._trace is not trace or r._name.startswith('in') \
                    or r.shape != shape:
                raise _Unfusable()
        lines = trace.lines + ['out%d = %s;\n' % (k, r._name) for k, r in enumerate(results)]
        return (''.join(lines), inputs, trace, [r.dtype for r in results], single)

    def __call__(self, *args, **kwargs):
        if kwargs or not any(isinstance(a, _core.ndarray) for a in args):
            return self.func(*args, **kwargs)
        key = tuple(_arg_key(a) for a in args)
        if key in self._unfusable:
            return self.func(*args)
        try:
            body, inputs, trace, out_dtypes, single = self._trace(args)
        except Exception:
            # Whatever the trace could not record runs unfused; real errors surface there.
            self._unfusable.add(key)
            return self.func(*args)
        kkey = (body, tuple(str(a.dtype) for a in inputs), tuple(trace.scalar_dtypes),
                tuple(out_dtypes))
        kernel = self._kernels.get(kkey)
        if kernel is None:
            kernel = _core._FusedKernel(_kernel_name(self.name), body, out_dtypes,
                                        trace.scalar_dtypes)
            self._kernels[kkey] = kernel
        out = kernel(inputs, trace.scalars)
        return out if single else (out if isinstance(out, tuple) else (out,))

    def source(self, *args):
        """The fused body a call with these arguments would compile (for inspection)."""
        return self._trace(args)[0]


def _kernel_name(name):
    s = ''.join(c if c.isalnum() or c == '_' else '_' for c in name).strip('_')
    return 'fused_' + (s or 'lambda')


def fuse(*args, **kwargs):
    """Decorator that fuses a function's elementwise operations into one kernel.

    ``@cunp.fuse``, ``@cunp.fuse()`` and ``@cunp.fuse(kernel_name='k')`` all work, as does
    ``cunp.fuse(lambda x, y: x * y + 1)``.
    """
    if len(args) == 1 and callable(args[0]) and not kwargs:
        return Fusion(args[0])
    if args:
        raise TypeError('fuse() takes a function, or keyword arguments only')
    name = kwargs.pop('kernel_name', None)
    if kwargs:
        raise TypeError('fuse() got unexpected keyword arguments %s' % sorted(kwargs))
    return lambda f: Fusion(f, name)
