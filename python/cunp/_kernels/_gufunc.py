# python/cunp/_kernels/_gufunc.py -- generalized-ufunc objects for the products NumPy defines as gufuncs
# (matmul, vecdot, matvec, vecmat): NumPy's attributes, axes=/axis=, and the refused methods.
"""NumPy's matmul, vecdot, matvec and vecmat are ufuncs with a core signature. cunp's are objects
of the same shape: name, signature, nin/nout/nargs, types, identity None; calls take out=,
dtype=, casting= and NumPy's axes= (and axis= where one core dimension is shared); reduce,
accumulate, reduceat, outer and at raise as NumPy's do for a gufunc."""
from cunp import _core

__all__ = []

# The loops cunp has (NumPy's list without long double and object).
_TYPES = ['??->?', 'bb->b', 'BB->B', 'hh->h', 'HH->H', 'ii->i', 'II->I', 'll->l', 'LL->L',
          'qq->q', 'QQ->Q', 'ee->e', 'ff->f', 'dd->d', 'FF->F', 'DD->D']


def _parse_signature(sig):
    """'(n?,k),(k,m?)->(n?,m?)' -> ([['n?', 'k'], ['k', 'm?']], [['n?', 'm?']])."""
    lhs, rhs = sig.split("->")

    def groups(text):
        out = []
        for part in text.split("),"):
            part = part.strip("()")
            out.append([d for d in part.split(",") if d])
        return out
    return groups(lhs), groups(rhs)


def _as_array(x):
    from cunp._creation._basic import asarray
    return asarray(x)


def _array_type():
    from cunp._core import ndarray
    return ndarray


def _axis_error(message):
    import numpy
    return numpy.exceptions.AxisError(message)


class ufunc:
    """A product with a gufunc core signature; see the module docstring."""
    nin, nout, nargs = 2, 1, 3
    identity = None

    def __init__(self, name, signature, impl, doc=None):
        self.__name__ = self.__qualname__ = name
        self.signature = signature
        self._impl = impl
        self._core_in, self._core_out = _parse_signature(signature)
        self.__doc__ = doc or impl.__doc__

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    @property
    def types(self):
        return list(_TYPES)

    @property
    def ntypes(self):
        return len(_TYPES)

    def __call__(self, x1, x2, /, out=None, *, casting='same_kind', order='K', dtype=None,
                 subok=True, axes=None, axis=None):
        if axes is not None or axis is not None:
            return _call_on_axes(self, x1, x2, out, casting, dtype, axes, axis)
        if isinstance(out, tuple):  # NumPy's dispatch hands `out` over as a tuple
            if len(out) != 1:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            out = out[0]
        return self._impl(x1, x2, out, casting=casting, dtype=dtype)

    # A gufunc has none of the elementwise methods.
    def reduce(self, *args, **kwargs):
        raise RuntimeError("Reduction not defined on ufunc with signature")

    accumulate = reduceat = reduce

    def outer(self, *args, **kwargs):
        raise TypeError("method outer is not allowed in ufunc with non-trivial signature")

    def at(self, *args, **kwargs):
        raise TypeError(f"{self.__name__}.at does not support ufunc with non-trivial signature: "
                        f"{self.__name__} has signature {self.signature}.")


class _FastUfunc(ufunc):
    """matmul: calls go straight to the core's function (no Python frame); the core hands
    axes=/axis= calls back to _call_on_axes."""
    pass


def fast_ufunc(name, signature, core_fn, doc=None):
    """A gufunc object whose calls are `core_fn` itself (its own class, so that __call__ is the
    builtin with no wrapper in between)."""
    cls = type(name + "_ufunc", (_FastUfunc,), {"__call__": staticmethod(core_fn)})
    cls.__name__ = "ufunc"
    cls.__qualname__ = "ufunc"
    return cls(name, signature, core_fn, doc)


def _core_count(core, x_ndim, optional):
    """Core dimensions of an operand: the signature's, less the optional ones it lacks."""
    if optional and x_ndim < len(core):
        return len([d for d in core if not d.endswith("?")])
    return len(core)


def _entry(uf, index, item, count, ndim):
    """One axes item as a tuple of `count` normalized axes of an operand of `ndim` dims."""
    if isinstance(item, (tuple, list)):
        item = tuple(item)
        if len(item) != count:
            raise _axis_error(f"{uf.__name__}: operand {index} has {count} core dimensions, but "
                              f"{len(item)} dimensions are specified by axes tuple.")
    else:
        if count != 1:
            raise _axis_error(f"{uf.__name__}: operand {index} has {count} core dimensions, "
                              "but the axes item is a single integer.")
        item = (item,)
    out = []
    for a in item:
        a = _core._normalize_axis(a, ndim)
        if a in out:
            raise ValueError(f"axes item {index} has value {a} repeated")
        out.append(a)
    return tuple(out)


def _to_end(x, axes):
    """x with `axes` moved last, in order."""
    if not axes:
        return x
    rest = [k for k in range(x.ndim) if k not in axes]
    perm = rest + list(axes)
    return x if perm == list(range(x.ndim)) else x.transpose(perm)


def _from_end(x, axes):
    """The inverse of _to_end: x's last len(axes) dims go to positions `axes`."""
    if not axes:
        return x
    nd = x.ndim
    rest = [k for k in range(nd) if k not in axes]
    perm = [0] * nd
    for src, dst in enumerate(rest + list(axes)):
        perm[dst] = src
    return x if perm == list(range(nd)) else x.transpose(perm)


def _call_on_axes(uf, x1, x2, out, casting, dtype, axes, axis):
    """NumPy's axes=/axis=: the named axes of each operand (and of out) serve as its core
    dimensions; the call runs with them moved last and the result's moved back."""
    name, sig = uf.__name__, uf.signature
    if axes is not None and axis is not None:
        raise TypeError("cannot specify both 'axis' and 'axes'")
    core_in, core_out = uf._core_in, uf._core_out[0]
    if axis is not None:
        names = {d.rstrip("?") for c in core_in + [core_out] for d in c}
        if len(names) != 1:
            raise TypeError(f"{name}: axis can only be used with a single shared core dimension, "
                            f"not with the {len(names)} distinct ones implied by signature "
                            f"{sig}.")
        axes = [(axis,) if c else () for c in core_in + [core_out]]
    if not isinstance(axes, list):
        raise TypeError("axes should be a list.")
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    xs = [_as_array(x1), _as_array(x2)]
    nargs = len(core_in) + 1
    if len(axes) == nargs - 1 and not core_out:
        axes = axes + [()]
    if len(axes) != nargs:
        raise ValueError(f"axes should be a list with an entry for all {nargs} inputs and "
                         "outputs; entries for outputs can only be omitted if none of them has "
                         "core axes.")
    optional = any(d.endswith("?") for c in core_in for d in c)
    dropped = set()
    moved = []
    for i, (x, core) in enumerate(zip(xs, core_in)):
        count = _core_count(core, x.ndim, optional)
        if count < len(core):
            dropped.update(d for d in core if d.endswith("?"))
        ent = _entry(uf, i, axes[i], count, x.ndim) if x.ndim >= count else None
        moved.append(_to_end(x, ent) if ent is not None else x)
    out_count = len([d for d in core_out if d not in dropped])
    if out is not None:
        if not isinstance(out, _array_type()):
            raise TypeError("return arrays must be of ArrayType")
        ent = _entry(uf, nargs - 1, axes[-1], out_count, out.ndim)
        uf._impl(moved[0], moved[1], _to_end(out, ent), casting=casting, dtype=dtype)
        return out
    r = uf._impl(moved[0], moved[1], None, casting=casting, dtype=dtype)
    ent = _entry(uf, nargs - 1, axes[-1], out_count, r.ndim)
    return _from_end(r, ent)
