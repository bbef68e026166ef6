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


def _as_array(x):
    from cunp._creation._basic import asarray
    return asarray(x)


def _array_type():
    from cunp._core import ndarray
    return ndarray


class ufunc:
    """A product with a gufunc core signature; see the module docstring."""
    nin, nout, nargs = 2, 1, 3
    identity = None

    def __init__(self, name, signature, impl, doc=None):
        self.__name__ = self.__qualname__ = name
        self.signature = signature
        self._impl = impl
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
    """matmul: calls go straight to the core's function (no Python frame), which handles
    axes=/axis= itself."""
    pass


def fast_ufunc(name, signature, core_fn, doc=None):
    """A gufunc object whose calls are `core_fn` itself (its own class, so that __call__ is the
    builtin with no wrapper in between)."""
    cls = type(name + "_ufunc", (_FastUfunc,), {"__call__": staticmethod(core_fn)})
    cls.__name__ = "ufunc"
    cls.__qualname__ = "ufunc"
    return cls(name, signature, core_fn, doc)


def _call_on_axes(uf, x1, x2, out, casting, dtype, axes, axis):
    """NumPy's axes=/axis=: the named axes of each operand (and of out) serve as its core
    dimensions; the call runs with them moved last and the result's moved back. The rules and
    their errors are the core's (src/python/gufunc_axes.cpp), which gives the permutations."""
    name, sig = uf.__name__, uf.signature
    axes = _core.kernels.gufunc_axes_list(name, sig, axes, axis)
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    xs = [_as_array(x1), _as_array(x2)]
    perms, out_item, out_count = _core.kernels.gufunc_core_axes(name, sig, axes,
                                                                 [x.ndim for x in xs])
    moved = [x if p is None else x.transpose(p) for x, p in zip(xs, perms)]
    if out is not None:
        if not isinstance(out, _array_type()):
            raise TypeError("return arrays must be of ArrayType")
        p = _core.kernels.gufunc_out_axes(name, sig, out_item, out_count, out.ndim,
                                            inverse=False)
        uf._impl(moved[0], moved[1], out if p is None else out.transpose(p), casting=casting,
                 dtype=dtype)
        return out
    r = uf._impl(moved[0], moved[1], None, casting=casting, dtype=dtype)
    p = _core.kernels.gufunc_out_axes(name, sig, out_item, out_count, r.ndim, inverse=True)
    return r if p is None else r.transpose(p)
