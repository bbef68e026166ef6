"""Functional programming helpers: vectorize, apply_along_axis, apply_over_axes, piecewise.

NumPy's vectorize calls the Python function once per element. cunp's compiles it instead: the
function is traced once per kind of arguments by cunp.fuse into one elementwise kernel, so it
must be made of what fuse records (arithmetic and comparison operators, ufuncs, and Python
control flow on scalar arguments only). A function that needs per-element Python (branches on
element values, math.* functions, indexing, methods) raises NotImplementedError naming the
line that stopped the trace. apply_along_axis, apply_over_axes and piecewise call their
functions on device arrays, as NumPy does on host arrays.
"""
import ast
import os
import re
import traceback

__all__ = ["vectorize", "apply_along_axis", "apply_over_axes", "piecewise"]


def _cp():
    import cunp

    return cunp


# --- vectorize ---

# A gufunc signature: "(m,n),(n)->(m)". Whitespace is ignored, as NumPy does.
_DIMS = r"(?:\w+(?:,\w+)*)?"
_ARGS = r"\(%s\)(?:,\(%s\))*" % (_DIMS, _DIMS)
_SIGNATURE = re.compile(r"^%s->%s$" % (_ARGS, _ARGS))


def _parse_signature(signature):
    """(input core dims, output core dims): lists of tuples of dimension names."""
    signature = re.sub(r"\s+", "", signature)
    if not _SIGNATURE.match(signature):
        raise ValueError("not a valid gufunc signature: {}".format(signature))
    ins, outs = signature.split("->")
    parse = lambda side: [tuple(d for d in a.split(",") if d)  # noqa: E731
                          for a in re.findall(r"\(([^)]*)\)", side)]
    return parse(ins), parse(outs)


def _otypes(otypes):
    import numpy

    if otypes is None:
        return None
    if isinstance(otypes, str):
        for char in otypes:
            if char not in numpy.typecodes["All"]:
                raise ValueError("Invalid otype specified: %s" % (char,))
        return [numpy.dtype(c) for c in otypes]
    try:
        return [numpy.dtype(t) for t in otypes]
    except TypeError:
        raise ValueError("Invalid otype specification") from None


_NO_FUNCTION = object()


class vectorize:  # noqa: N801 - NumPy's name
    """Compiles pyfunc, written for scalars, into one elementwise kernel over its broadcast
    array arguments (NumPy calls it per element; the results agree where the function is made
    of operators and ufuncs).

    Arguments are converted with cunp.asarray (Python scalars become 0-d arrays, as NumPy's
    vectorize makes them). `otypes` casts the results; without it they have the dtypes NumPy's
    promotion gives the traced operations. `excluded` names positional indices or keywords
    passed to pyfunc unchanged. `signature` may only have empty core dimensions
    ("(),()->()"); others raise NotImplementedError. `cache` is accepted and has no effect
    (the trace runs once per kind of arguments anyway). Functions that cannot be traced
    (branches on element values, math.* functions, indexing, methods, a reduction at the end)
    raise NotImplementedError. `not x` and chained comparisons (`a < x < b`) on elements, which
    ask an array for one truth value, are traced as logical_not and logical_and (the function is
    recompiled from its source for that; closures are not). Excluded arguments other than numbers and strings are bound by
    identity: mutating one in place, or rebinding a global pyfunc reads, is not seen by a
    kernel already compiled for them (as with cunp.fuse).
    """

    def __init__(self, pyfunc=_NO_FUNCTION, otypes=None, doc=None, excluded=None, cache=False,
                 signature=None):
        self.otypes = _otypes(otypes)
        self.excluded = set() if excluded is None else set(excluded)
        self.cache = cache
        self.signature = signature
        self._core_dims = None
        if signature is not None:
            ins, outs = _parse_signature(signature)
            if any(ins) or any(outs):
                raise NotImplementedError(
                    "vectorize: signature %r has core dimensions; cunp compiles pyfunc into "
                    "an elementwise kernel, so only signatures like '(),()->()' are supported"
                    % (signature,))
            self._core_dims = (len(ins), len(outs))
        self._doc = doc
        self._kernels = {}
        self.pyfunc = pyfunc
        if pyfunc is not _NO_FUNCTION:
            self._set_function(pyfunc)

    def _set_function(self, pyfunc):
        self.pyfunc = pyfunc
        # Traced when pyfunc itself does not trace: its rewrite without truth tests on elements.
        self._rewritten = _without_truth_tests(pyfunc)
        self.__doc__ = pyfunc.__doc__ if self._doc is None else self._doc
        self.__name__ = getattr(pyfunc, "__name__", "vectorized")

    def __call__(self, *args, **kwargs):
        if self.pyfunc is _NO_FUNCTION:  # @vectorize(otypes=...) used as a decorator
            self._set_function(*args, **kwargs)
            return self
        return self._call(args, kwargs)

    def _call(self, args, kwargs):
        cp = _cp()
        varying = [k for k in range(len(args)) if k not in self.excluded]
        names = [n for n in kwargs if n not in self.excluded]
        if self._core_dims is not None and len(varying) + len(names) != self._core_dims[0]:
            raise TypeError("wrong number of positional arguments: expected %r, got %r"
                            % (self._core_dims[0], len(varying) + len(names)))
        if not varying and not names:
            return self.pyfunc(*args, **kwargs)
        arrays = [cp.asarray(args[k]) for k in varying]
        kw_arrays = {n: cp.asarray(kwargs[n]) for n in names}
        if self.otypes is None and any(a.size == 0 for a in arrays + list(kw_arrays.values())):
            raise ValueError("cannot call `vectorize` on size 0 inputs unless `otypes` is set")
        fixed = {k: args[k] for k in range(len(args)) if k in self.excluded}
        fixed_kw = {n: v for n, v in kwargs.items() if n in self.excluded}
        # Numbers and strings excluded by position go to the kernel as arguments (scalars
        # keyed by value); other objects are bound into a closure.
        bind = not all(_passes_through(v) for v in fixed.values())
        kernel = self._kernel(fixed if bind else {}, fixed_kw, len(args))
        if not bind:
            arrays = [args[k] if k in self.excluded else arrays[varying.index(k)]
                      for k in range(len(args))]
        out = kernel(*arrays, **kw_arrays)
        return self._typed(out)

    def _kernel(self, bind_pos, bind_kw, nargs):
        """The fused function for these bound values: pyfunc itself when there are none, else
        a closure that binds them (cached by value or identity)."""
        key = (tuple((k, _binding_key(v)) for k, v in sorted(bind_pos.items())),
               tuple((n, _binding_key(v)) for n, v in sorted(bind_kw.items())), nargs)
        kernel = self._kernels.get(key)
        if kernel is None:
            func, alt = self.pyfunc, self._rewritten
            if bind_pos or bind_kw:
                func = _bound(self.pyfunc, bind_pos, bind_kw, nargs)
                alt = alt and _bound(alt, bind_pos, bind_kw, nargs)
            if len(self._kernels) >= 32:
                self._kernels.clear()
            kernel = self._kernels[key] = _traced_kernel(func, self.pyfunc, alt)
        return kernel

    def _typed(self, out):
        results = out if isinstance(out, tuple) else (out,)
        nout = len(results)
        if self._core_dims is not None and nout != self._core_dims[1]:
            raise ValueError("wrong number of outputs from pyfunc: expected %d, got %d"
                             % (self._core_dims[1], nout))
        if self.otypes is not None:
            if len(self.otypes) != nout:
                raise ValueError("vectorize: pyfunc returned %d output(s) but otypes lists %d"
                                 % (nout, len(self.otypes)))
            results = tuple(r.astype(t, copy=False) for r, t in zip(results, self.otypes))
        return results if isinstance(out, tuple) else results[0]


class _TruthTests(ast.NodeTransformer):
    """Rewrites `not x` as logical_not(x) and a chained comparison `a < b < c` as
    logical_and(a < b, b < c): per element the values are Python's (NumPy's vectorize calls
    the function per element), and neither asks an array for one truth value."""

    changed = False

    def _cunp(self, name, args):
        # __import__ is a builtin, so the rewritten function needs nothing in its globals.
        mod = ast.Call(ast.Name("__import__", ast.Load()), [ast.Constant("cunp")], [])
        return ast.Call(ast.Attribute(mod, name, ast.Load()), args, [])

    def visit_UnaryOp(self, node):
        self.generic_visit(node)
        if not isinstance(node.op, ast.Not):
            return node
        self.changed = True
        return self._cunp("logical_not", [node.operand])

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) < 2:
            return node
        self.changed = True
        left, out = node.left, None
        for op, right in zip(node.ops, node.comparators):
            part = ast.Compare(left, [op], [right])
            out = part if out is None else self._cunp("logical_and", [out, part])
            left = right
        return out


def _without_truth_tests(pyfunc):
    """pyfunc rewritten by _TruthTests, or None: nothing to rewrite, or no source to rewrite
    from (builtins, ufuncs, closures, a lambda that shares its line with another)."""
    import inspect
    import textwrap
    import types

    code = getattr(pyfunc, "__code__", None)
    if code is None or code.co_freevars or not isinstance(pyfunc, types.FunctionType):
        return None
    try:
        lines, first = inspect.getsourcelines(pyfunc)
    except (OSError, TypeError):
        return None
    if code.co_name == "<lambda>":
        node = _lambda_node("".join(lines), code)
    else:
        try:
            tree = ast.parse(textwrap.dedent("".join(lines)))
        except SyntaxError:
            return None
        nodes = [n for n in ast.walk(tree)
                 if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == code.co_name]
        node = nodes[0] if len(nodes) == 1 else None
    if node is None:
        return None
    rewrite = _TruthTests()
    node = rewrite.visit(node)
    if not rewrite.changed:
        return None
    if isinstance(node, ast.Lambda):
        body = [ast.Expr(node)]
    else:
        node.decorator_list = []
        body = [node]
    module = ast.fix_missing_locations(ast.Module(body, []))
    ast.increment_lineno(module, first - 1)  # errors name the lines of the user's file
    try:
        compiled = compile(module, code.co_filename, "exec")
    except SyntaxError:
        return None
    new = next((c for c in compiled.co_consts
                if isinstance(c, types.CodeType) and c.co_name == code.co_name), None)
    if new is None:
        return None
    func = types.FunctionType(new, pyfunc.__globals__, pyfunc.__name__, pyfunc.__defaults__)
    func.__kwdefaults__ = pyfunc.__kwdefaults__
    func.__qualname__ = pyfunc.__qualname__
    return func


def _lambda_node(text, code):
    """The lambda of `code` within its source lines (which may hold other code around it, or
    other lambdas): the longest text from a `lambda` keyword that parses as one lambda and
    compiles to the same bytecode."""
    for start in (m.start() for m in re.finditer(r"\blambda\b", text)):
        for end in range(len(text), start, -1):
            try:
                expr = ast.parse(text[start:end].strip(), mode="eval").body
            except SyntaxError:
                continue
            if not isinstance(expr, ast.Lambda):
                continue
            compiled = compile(ast.Expression(expr), code.co_filename, "eval")
            candidate = next((c for c in compiled.co_consts if hasattr(c, "co_code")), None)
            if candidate is not None and candidate.co_code == code.co_code:
                # Lines as in the file: the parse started at this lambda's own line.
                ast.increment_lineno(expr, text.count("\n", 0, start))
                return expr
            break  # the longest lambda from here is not this one
    return None


def _passes_through(value):
    """Whether an excluded value can be a fused call's argument as it is (a scalar stand-in,
    or part of the kernel's key)."""
    return value is None or type(value) in (bool, int, float, complex, str)


def _binding_key(value):
    return (type(value), value) if _passes_through(value) else ("id", id(value))


def _bound(pyfunc, fixed, fixed_kw, nargs):
    """pyfunc with its excluded positional and keyword arguments bound: it takes the varying
    positional arguments in order, and the varying keywords."""
    def bound(*varying, **kw):
        it = iter(varying)
        full = [fixed[k] if k in fixed else next(it) for k in range(nargs)]
        return pyfunc(*full, **kw, **fixed_kw)
    return bound


_kernel_class = None


def _traced_kernel(func, pyfunc, alt=None):
    """A fused kernel of func (pyfunc or a closure over it) that refuses what does not trace;
    `alt`, pyfunc's rewrite without truth tests (or None), is traced where func is not."""
    global _kernel_class
    if _kernel_class is None:
        from cunp._kernels import _fusion

        class VectorizedKernel(_fusion.Fusion):
            """A Fusion that raises instead of running an untraceable function unfused
            (vectorize's function is written for scalars: run on whole arrays it would be wrong
            or fail)."""

            def __init__(self, func, pyfunc, alt):
                super().__init__(func, getattr(pyfunc, "__name__", None))
                self.pyfunc = pyfunc
                self.alt = alt

            def _miss(self, args, kwargs, key):
                func = self.func
                trace, spec = _fusion._trace(func, args, kwargs, python_scalars=True)
                if spec is None and self.alt is not None and \
                        type(trace.failure) is _fusion._Unfusable:
                    # `not x` or `a < x < b` on elements: the rewrite says logical_not/and. Only
                    # then, so that `not flag` on a scalar argument stays Python control flow.
                    alt_trace, alt_spec = _fusion._trace(self.alt, args, kwargs,
                                                          python_scalars=True)
                    if alt_spec is not None:
                        func, trace, spec = self.alt, alt_trace, alt_spec
                if spec is None:
                    _raise_untraceable(self.pyfunc, trace.failure)
                if spec[5] is not None:
                    raise NotImplementedError(
                        "vectorize: %s ends in a reduction (%s), which a per-element function "
                        "cannot do" % (_describe(self.pyfunc), spec[5][0]))
                out = self._store(key, args, kwargs, sorted(trace.shape_args),
                                  sorted(trace.value_args), spec)
                # NotImplemented: stored, but these values need the function run on whole
                # arrays, which gives the per-element results for a function that traces.
                return func(*args, **kwargs) if out is NotImplemented else out

        _kernel_class = VectorizedKernel
    return _kernel_class(func, pyfunc, alt)


def _describe(pyfunc):
    return "pyfunc %s" % (getattr(pyfunc, "__qualname__", None) or repr(pyfunc))


_INTERNAL_FILES = {os.path.abspath(__file__)}


def _raise_untraceable(pyfunc, failure):
    """The function's own error (a ufunc without a loop for these dtypes, a NameError, ...) as
    it is; NotImplementedError naming the line for what fuse cannot record."""
    from cunp._kernels import _fusion

    if failure is not None and type(failure) is not _fusion._Unfusable:
        failure.add_note("(raised while cunp.vectorize traced %s with array stand-ins)"
                         % _describe(pyfunc))
        raise failure
    internal = _INTERNAL_FILES | {os.path.abspath(_fusion.__file__)}
    where = None
    if failure is not None:
        for frame in traceback.extract_tb(failure.__traceback__):
            if os.path.abspath(frame.filename) not in internal:
                where = frame
    if where is None:
        what = ("its result is not an array computed from every array argument (a constant, "
                "an argument returned unchanged, or outputs that depend on different arguments)")
    else:
        line = (where.line or "").strip()
        what = "line %d of %s%s needs per-element Python" % (
            where.lineno, os.path.basename(where.filename), " (%s)" % line if line else "")
    raise NotImplementedError(
        "vectorize: %s cannot be compiled into an elementwise kernel: %s. cunp.vectorize "
        "traces the function once with cunp.fuse; it may use operators, ufuncs and Python "
        "control flow on non-array arguments, but not branches on element values, math.* "
        "functions, indexing or array methods" % (_describe(pyfunc), what)) from None


# --- apply_along_axis, apply_over_axes ---

def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """func1d(1-d slice along axis, *args, **kwargs) for every other index, stacked: the
    result's axis is replaced by the dimensions of func1d's results (NumPy's shape rule).
    func1d gets device views; its results (cunp arrays or host scalars) are cast to the first
    result's dtype and gathered into one array."""
    cp = _cp()
    arr = cp.asarray(arr)
    nd = arr.ndim
    axis = cp._core.axes.normalize_axis(axis, nd)
    dims = list(range(nd))
    view = arr.transpose(dims[:axis] + dims[axis + 1:] + [axis])
    outer = view.shape[:-1]
    if any(n == 0 for n in outer):
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    results = [func1d(view[ind], *args, **kwargs) for ind in cp.ndindex(outer)]
    first = cp.asarray(results[0])
    stacked = _stack_like(results, first)
    out = stacked.reshape(outer + first.shape)
    k = first.ndim
    order = list(range(out.ndim))
    return out.transpose(order[:axis] + order[out.ndim - k:] + order[axis:out.ndim - k])


def _stack_like(results, first):
    """The results as one array (n, *first.shape) of first's dtype: host values in one
    transfer, device arrays in one concatenation."""
    cp = _cp()
    if not any(isinstance(r, cp.ndarray) for r in results):
        import numpy

        host = [numpy.broadcast_to(numpy.asarray(r), first.shape) for r in results]
        return cp.asarray(numpy.stack(host).astype(first.dtype, copy=False))
    parts = [cp.broadcast_to(cp.asarray(r).astype(first.dtype, copy=False), first.shape)
             for r in results]
    return cp.stack(parts)


def apply_over_axes(func, a, axes):
    """func(a, axis) repeatedly over the axes; results that lose the axis get it back as
    length 1 (the rank must stay a's)."""
    cp = _cp()
    val = cp.asarray(a)
    n = val.ndim
    if not isinstance(axes, (tuple, list)) and getattr(axes, "ndim", 0) == 0:
        axes = (axes,)
    for axis in axes:
        axis = int(axis)
        if axis < 0:
            axis += n
        res = func(val, axis)
        if res.ndim != val.ndim:
            res = cp.expand_dims(res, axis)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        val = res
    return val


# --- piecewise ---

def piecewise(x, condlist, funclist, *args, **kw):
    """y with y[cond_k] = funclist[k] (a value, or a function of x[cond_k]); with one more
    function than conditions, the last applies where no condition holds. Later conditions win
    where several hold. Each function gets the selected elements as a 1-d device array (the
    selection counts them: one device-to-host sync per function)."""
    import numpy

    cp = _cp()
    ndim = x.ndim if isinstance(x, cp.ndarray) else numpy.ndim(x)
    n_funcs = len(funclist)
    if isinstance(condlist, cp.ndarray):  # its items are arrays from 2-d on, as NumPy's
        items_are_arrays = condlist.ndim >= 2
    else:
        items_are_arrays = not numpy.isscalar(condlist) and \
            isinstance(condlist[0], (list, numpy.ndarray, cp.ndarray))
    if numpy.isscalar(condlist) or (not items_are_arrays and ndim != 0):
        condlist = [condlist]
    n = len(condlist)
    if n not in (n_funcs, n_funcs - 1):
        raise ValueError("with {} condition(s), either {} or {} functions are expected"
                         .format(n, n, n + 1))
    x = cp.asarray(x)
    conds = _condition_stack(condlist)
    if n == n_funcs - 1:
        otherwise = ~conds.any(axis=0, keepdims=True)
        conds = cp.concatenate([conds, otherwise], axis=0)
    y = cp.zeros_like(x)
    for cond, func in zip(conds, funclist):
        if not callable(func):
            y[cond] = func
        else:
            vals = x[cond]
            if vals.size > 0:
                y[cond] = func(vals, *args, **kw)
    return y


def _condition_stack(condlist):
    """The conditions as one bool array (n, *shape) on the device."""
    cp = _cp()
    if isinstance(condlist, cp.ndarray):
        return condlist.astype(bool, copy=False)
    if any(isinstance(c, cp.ndarray) for c in condlist):
        return cp.stack([cp.asarray(c).astype(bool, copy=False) for c in condlist])
    import numpy

    return cp.asarray(numpy.asarray(condlist, dtype=bool))
