# python/cunp/_kernels/_generalized_ufunc.py -- cupyx.GeneralizedUFunc: a Python function made a
# generalized ufunc (core signature, loop dimensions broadcast, axes=/axis=/keepdims=, out=).
"""GeneralizedUFunc(func, '(i,j),(j)->(i)') calls `func` on the core dimensions of its inputs
(the last ones, or those axes=/axis= name) and loops over the other (loop) dimensions, which
broadcast against each other as a ufunc's do. `func` is called once on the whole arrays when it
says it handles the loop dimensions itself (supports_batched=True), else once per loop index.
Results are written into the outputs (new arrays, or `out=`), whose dtype comes from the
registered `signatures` (NumPy's 'ff->f' strings) or else from the inputs' promoted type.

Signatures are NumPy's: names (letters, digits, underscores) per core dimension, an integer for
a fixed size, a trailing '?' for a dimension an input may lack (the output then lacks it too,
as in matmul's '(n?,k),(k,m?)->(n?,m?)')."""
import re

from cunp import _core

__all__ = ["GeneralizedUFunc"]


def _entry(uf, index, item, count, ndim):
    """One axes= item as a tuple of `count` normalized axes of an operand of `ndim` dims."""
    sequence = isinstance(item, (tuple, list))
    item = tuple(item) if sequence else (item,)
    if len(item) != count:
        import numpy

        what = f"{len(item)} dimensions are specified by axes tuple" if sequence else \
            "the axes item is a single integer"
        raise numpy.exceptions.AxisError(
            f"{uf.__name__}: operand {index} has {count} core dimensions, but {what}.")
    out = []
    for a in item:
        a = _core.axes.normalize_axis(a, ndim)
        if a in out:
            raise ValueError(f"axes item {index} has value {a} repeated")
        out.append(a)
    return tuple(out)


def _to_end(x, axes):
    """x with `axes` moved last, in order."""
    rest = [k for k in range(x.ndim) if k not in axes]
    perm = rest + list(axes)
    return x if perm == list(range(x.ndim)) else x.transpose(perm)


def _from_end(x, axes):
    """The inverse of _to_end: x's last len(axes) dims go to positions `axes`."""
    rest = [k for k in range(x.ndim) if k not in axes]
    perm = [0] * x.ndim
    for src, dst in enumerate(rest + list(axes)):
        perm[dst] = src
    return x if perm == list(range(x.ndim)) else x.transpose(perm)


# The array operations the gufunc machinery uses, in one place (a CPU test runs the machinery
# with NumPy's in their stead).
def _asarray(a):
    from cunp._creation._basic import asarray

    return asarray(a)


def _is_array(a):
    from cunp._core import ndarray

    return isinstance(a, ndarray)


def _empty(shape, dtype, order):
    from cunp._core import empty

    return empty(shape, dtype, order)


def _result_type(*arrays):
    from cunp._core import result_type

    return result_type(*arrays)


def _broadcast_shapes(*shapes):
    from cunp._manipulation._shapes import broadcast_shapes

    return tuple(broadcast_shapes(*shapes))


def _broadcast_to(a, shape):
    from cunp._manipulation._shapes import broadcast_to

    return broadcast_to(a, shape)

_OPERAND = re.compile(r"\(([^()]*)\)")
_OPERANDS = re.compile(r"(\([^()]*\)(,\([^()]*\))*)?")
_DIM = re.compile(r"(\w+)(\?)?")


def _parse_operands(text, side, signature):
    if not _OPERANDS.fullmatch(text) or (side == "output" and not text):
        raise ValueError("not a valid gufunc signature: %r" % signature)
    operands = []
    for inner in _OPERAND.findall(text):
        dims = []
        for d in (inner.split(",") if inner else []):
            m = _DIM.fullmatch(d)
            if m is None:
                raise ValueError("not a valid gufunc signature: %r" % signature)
            dims.append((m.group(1), bool(m.group(2))))
        operands.append(tuple(dims))
    return operands


def _seen_names(operands):
    return {n for op in operands for n, _ in op}


def _parse_signature(signature):
    """'(i,j),(j)->(i)' -> ([(('i', False), ('j', False)), (('j', False),)], [(('i', False),)])."""
    if not isinstance(signature, str):
        raise TypeError("signature must be a str, not %s" % type(signature).__name__)
    text = re.sub(r"\s*(->|[(),?])\s*", r"\1", signature).strip()
    if not text:
        raise ValueError("signature cannot be empty")
    if text.count("->") != 1:
        raise ValueError("not a valid gufunc signature: %r" % signature)
    lhs, rhs = text.split("->")
    ins = _parse_operands(lhs, "input", signature)
    outs = _parse_operands(rhs, "output", signature)
    in_names = _seen_names(ins)
    for op in outs:
        for name, optional in op:
            if optional and name not in in_names:
                raise ValueError("optional output dimension %r is not an input's" % name)
    return ins, outs


def _type_chars(text, count, what, signature):
    import numpy

    chars = [numpy.dtype(c) for c in text]
    if len(chars) != count:
        raise ValueError("type signature %r has %d %ss, the gufunc %d" % (
            signature, len(chars), what, count))
    return tuple(chars)


class _Loop:
    """One registered type loop: input and output dtypes, and the function to call."""

    def __init__(self, text, func, nin, nout):
        text = text.replace(" ", "")
        if text.count("->") != 1:
            raise ValueError("type signature %r is not of the form 'ii->i'" % text)
        lhs, rhs = text.split("->")
        self.inputs = _type_chars(lhs, nin, "input", text)
        self.outputs = _type_chars(rhs, nout, "output", text)
        self.func = func
        self.text = "".join(t.char for t in self.inputs) + "->" + \
            "".join(t.char for t in self.outputs)


class GeneralizedUFunc:
    """A generalized ufunc made of a Python function, as cupyx.GeneralizedUFunc.

    Args:
        func: called as ``func(*inputs)`` with arrays whose last dimensions are the core
            dimensions of the signature; returns an array, or a tuple of arrays for several
            outputs.
        signature: NumPy's gufunc signature, e.g. ``'(m,n),(n,p)->(m,p)'``.
        name, doc: the object's ``__name__`` and ``__doc__`` (default: func's).
        supports_batched: func handles loop dimensions itself (it is called once, on the whole
            arrays); otherwise it is called once per loop index.
        supports_out: func takes ``out=`` (the output arrays, core dimensions last).
        signatures: type loops, each ``'ff->f'`` or ``('ff->f', other_func)``; the first whose
            input types the inputs cast to safely is used (inputs are cast to it).
        try_fastcall_func: called first with the gufunc's own arguments (the keywords all
            given); its result is the gufunc's unless it returns NotImplemented.
    """

    def __init__(self, func, signature, *, name=None, doc=None, supports_batched=False,
                 supports_out=False, signatures=None, try_fastcall_func=None):
        if not callable(func):
            raise TypeError("func must be callable")
        self._func = func
        self.signature = signature
        self._ins, self._outs = _parse_signature(signature)
        self.nin, self.nout = len(self._ins), len(self._outs)
        self.nargs = self.nin + self.nout
        self.__name__ = name if name is not None else getattr(func, "__name__", "gufunc")
        self.__doc__ = doc if doc is not None else func.__doc__
        self._supports_batched = bool(supports_batched)
        self._supports_out = bool(supports_out)
        self._loops = []
        for entry in signatures or ():
            text, loop_func = entry if isinstance(entry, tuple) else (entry, func)
            self._loops.append(_Loop(text, loop_func, self.nin, self.nout))
        self._names = _seen_names(self._ins + self._outs)
        self._try_fastcall_func = try_fastcall_func

    def __repr__(self):
        return "<GeneralizedUFunc %r %s>" % (self.__name__, self.signature)

    @property
    def types(self):
        return [loop.text for loop in self._loops]

    # --- dtypes ---------------------------------------------------------------------------
    def _resolve(self, arrays, dtype, casting, signature):
        """(arrays cast to the loop's input types, output dtypes, function)."""
        import numpy

        loop = None
        if signature is not None:
            loop = self._loop_for_signature(signature)
        elif dtype is not None:
            dtype = numpy.dtype(dtype)
            loop = next((lp for lp in self._loops if all(t == dtype for t in lp.outputs)), None)
        else:
            loop = next((lp for lp in self._loops if all(
                numpy.can_cast(a.dtype, t, "safe") for a, t in zip(arrays, lp.inputs))), None)
        if loop is None:
            if dtype is not None:
                return arrays, (dtype,) * self.nout, self._func
            common = _result_type(*arrays) if arrays else numpy.dtype(float)
            return arrays, (numpy.dtype(common),) * self.nout, self._func
        cast = []
        for i, (a, t) in enumerate(zip(arrays, loop.inputs)):
            if not numpy.can_cast(a.dtype, t, casting):
                raise TypeError("Cannot cast %s input %d from %s to %s with casting rule %r"
                                % (self.__name__, i, a.dtype, t, casting))
            cast.append(a if a.dtype == t else a.astype(t))
        return cast, loop.outputs, loop.func

    def _loop_for_signature(self, signature):
        import numpy

        if isinstance(signature, tuple):
            if len(signature) != self.nargs:
                raise TypeError("a type tuple for %s must have %d entries" % (
                    self.__name__, self.nargs))
            text = "".join(numpy.dtype(t).char for t in signature[:self.nin]) + "->" + \
                "".join(numpy.dtype(t).char for t in signature[self.nin:])
        elif isinstance(signature, str):
            text = signature.replace(" ", "")
        else:
            text = numpy.dtype(signature).char
        for lp in self._loops:
            if lp.text == text or (len(text) == 1 and all(t.char == text for t in lp.outputs)):
                return lp
        raise TypeError("No loop matching the specified signature and casting was found for "
                        "ufunc %s" % self.__name__)

    # --- axes -----------------------------------------------------------------------------
    def _axes_entries(self, axes, axis, keepdims):
        """One axes entry (None: the last dimensions) per operand, inputs then outputs."""
        if axes is not None and axis is not None:
            raise TypeError("cannot specify both 'axis' and 'axes'")
        cores = self._ins + self._outs
        if axis is not None:
            if len({n for c in cores for n, _ in c}) != 1:
                raise TypeError("%s: axis can only be used with a single shared core dimension, "
                                "not with the signature %s" % (self.__name__, self.signature))
            entries = [(axis,) if c else () for c in self._ins]
            entries += [(axis,) if (c or keepdims) else () for c in self._outs]
            return entries
        if axes is None:
            return [None] * self.nargs
        if not isinstance(axes, list):
            raise TypeError("axes should be a list.")
        entries = list(axes)
        if len(entries) == self.nin:
            if any(self._outs):
                raise ValueError("axes entries for outputs can only be omitted if none of them "
                                 "has core axes.")
            entries += [entries[0] if keepdims else ()] * self.nout
        if len(entries) != self.nargs:
            raise ValueError("axes should be a list with an entry for all %d inputs and outputs"
                             % self.nargs)
        return entries

    # --- the call -------------------------------------------------------------------------
    def __call__(self, *args, axes=None, axis=None, keepdims=False, casting="same_kind",
                 dtype=None, signature=None, order="K", out=None):
        """Applies the gufunc: see the class docstring. Outputs may be given as `out`
        (an array, or a tuple with one per output) or as extra positional arguments."""
        if self._try_fastcall_func is not None:
            result = self._try_fastcall_func(
                *args, out=out, axes=axes, axis=axis, keepdims=keepdims, casting=casting,
                dtype=dtype, signature=signature, order=order)
            if result is not NotImplemented:
                return result
        if len(args) == self.nargs and out is None:
            args, out = args[:self.nin], tuple(args[self.nin:])
        if len(args) != self.nin:
            raise ValueError("%s takes %d input arguments, %d given" % (
                self.__name__, self.nin, len(args)))
        outs = self._check_out(out)
        if keepdims:
            if len({len(c) for c in self._ins}) > 1:
                raise ValueError("keepdims requires all inputs to have the same number of core "
                                 "dimensions")
            if any(self._outs):
                raise ValueError("keepdims can only be used for scalar outputs")
        if not isinstance(order, str) or order.upper() not in "CFAK" or len(order) != 1:
            raise ValueError("order must be one of 'C', 'F', 'A' or 'K', not %r" % (order,))
        entries = self._axes_entries(axes, axis, keepdims)
        arrays = [_asarray(a) for a in args]
        arrays, out_dtypes, func = self._resolve(arrays, dtype, casting, signature)

        # Core dimensions last, their sizes checked against each other.
        sizes, missing, present, loop_shapes, moved = {}, set(), set(), [], []
        for i, (a, core) in enumerate(zip(arrays, self._ins)):
            count = len(core)
            if a.ndim < count:
                lack = count - a.ndim
                optional = [k for k, (_, opt) in enumerate(core) if opt]
                if lack > len(optional):
                    raise ValueError("%s: input operand %d has %d dimensions, the signature %s "
                                     "needs %d" % (self.__name__, i, a.ndim, self.signature,
                                                   count - len(optional)))
                dropped = optional[:lack]
                missing.update(core[k][0] for k in dropped)
                core = tuple(d for k, d in enumerate(core) if k not in dropped)
                count = len(core)
            present.update(name for name, _ in core)
            entry = entries[i]
            ent = _entry(self, i, entry, count, a.ndim) if entry is not None else None
            a = _to_end(a, ent) if ent is not None else a
            core_shape = a.shape[a.ndim - count:]
            for (name, _), n in zip(core, core_shape):
                self._size(sizes, name, n, i)
            loop_shapes.append(a.shape[:a.ndim - count])
            moved.append((a, count))
        if missing & present:
            raise ValueError("%s: an optional core dimension must be missing in all inputs or "
                             "in none" % self.__name__)
        loop_shape = _broadcast_shapes(*loop_shapes) if loop_shapes else ()
        inputs = [a if a.shape[:a.ndim - c] == loop_shape else
                  _broadcast_to(a, loop_shape + a.shape[a.ndim - c:]) for a, c in moved]

        results, views = self._outputs(outs, entries, loop_shape, sizes, missing, keepdims,
                                       out_dtypes, casting, order, inputs)
        self._apply(func, inputs, views, loop_shape)
        if out is not None:
            return out
        return results[0] if self.nout == 1 else tuple(results)

    def _size(self, sizes, name, n, operand):
        if name.isdigit() and int(name) != n:
            raise ValueError("%s: input operand %d has a mismatch in its core dimension %s, "
                             "with gufunc signature %s (size %d is different from %s)"
                             % (self.__name__, operand, name, self.signature, n, name))
        known = sizes.setdefault(name, n)
        if known != n:
            raise ValueError("%s: input operand %d has a mismatch in its core dimension %s, "
                             "with gufunc signature %s (size %d is different from %d)"
                             % (self.__name__, operand, name, self.signature, n, known))

    def _check_out(self, out):
        if out is None:
            return [None] * self.nout
        outs = list(out) if isinstance(out, tuple) else [out]
        if len(outs) != self.nout:
            raise ValueError("The 'out' tuple must have exactly one entry per output (%d)"
                             % self.nout)
        for o in outs:
            if o is not None and not _is_array(o):
                raise TypeError("return arrays must be cunp arrays, not %s" % type(o).__name__)
        return outs

    def _outputs(self, outs, entries, loop_shape, sizes, missing, keepdims, dtypes, casting,
                 order, inputs):
        """The arrays returned (user layout) and their views with core dimensions last."""
        import numpy

        order = order.upper()
        if order == "A":
            order = "F" if inputs and all(a.flags.f_contiguous and not a.flags.c_contiguous
                                          for a in inputs) else "C"
        elif order == "K":
            order = "C"
        results, views = [], []
        for j, core in enumerate(self._outs):
            core = tuple(d for d in core if d[0] not in missing)
            given = outs[j]
            core_shape = []
            for name, _ in core:
                if name.isdigit():
                    core_shape.append(int(name))
                elif name in sizes:
                    core_shape.append(sizes[name])
                elif given is not None and given.ndim >= len(core):
                    pos = len(core_shape) - len(core)
                    core_shape.append(given.shape[pos])
                    sizes[name] = given.shape[pos]
                else:
                    raise ValueError("%s: the size of output core dimension %r is not known "
                                     "from the inputs" % (self.__name__, name))
            count = len(core_shape) if not keepdims else len(self._ins[0])
            if keepdims:
                core_shape = [1] * count
            shape = loop_shape + tuple(core_shape)
            entry = entries[self.nin + j]
            if given is not None:
                ent = _entry(self, self.nin + j, entry, count, given.ndim) \
                    if entry is not None else None
                view = _to_end(given, ent) if ent is not None else given
                if view.shape != shape:
                    raise ValueError("%s: output operand %d has shape %s, expected %s" % (
                        self.__name__, j, given.shape, _from_end_shape(shape, ent)))
                if not numpy.can_cast(dtypes[j], given.dtype, casting):
                    raise TypeError("Cannot cast %s output %d from %s to %s with casting rule "
                                    "%r" % (self.__name__, j, dtypes[j], given.dtype, casting))
                result = given
            else:
                view = _empty(shape, dtypes[j], order)
                ent = _entry(self, self.nin + j, entry, count, len(shape)) \
                    if entry is not None else None
                result = _from_end(view, ent) if ent is not None else view
            if keepdims:
                view = view[(Ellipsis,) + (0,) * count]
            results.append(result)
            views.append(view)
        return results, views

    def _apply(self, func, inputs, views, loop_shape):
        if self._supports_batched or not loop_shape:
            self._call(func, inputs, views)
            return
        import itertools

        for index in itertools.product(*(range(n) for n in loop_shape)):
            index += (Ellipsis,)  # a view even where no core dimension is left (0-d)
            self._call(func, [a[index] for a in inputs], [v[index] for v in views])

    def _call(self, func, inputs, views):
        if self._supports_out:
            func(*inputs, out=views[0] if self.nout == 1 else tuple(views))
            return
        got = func(*inputs)
        got = got if isinstance(got, tuple) else (got,)
        if len(got) != self.nout:
            raise ValueError("%s: func returned %d outputs, the signature has %d" % (
                self.__name__, len(got), self.nout))
        for view, value in zip(views, got):
            view[...] = value


def _from_end_shape(shape, ent):
    if ent is None:
        return tuple(shape)
    nd = len(shape)
    rest = [k for k in range(nd) if k not in ent]
    out = [0] * nd
    for src, dst in enumerate(rest + list(ent)):
        out[dst] = shape[src]
    return tuple(out)
