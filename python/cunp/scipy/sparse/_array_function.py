"""NumPy's function protocol for the sparse classes. SciPy's sparse matrices do not take part
in it: NumPy wraps them in 0-d object arrays, so numpy.dot(A, x) gives an object array of
sparse matrices and most functions fail on the 0-d wrapper, while the reductions and a few
others reach the matrix's own methods. Here the functions that reach a method in SciPy call
the same method, numpy.dot computes the product (what A.dot does), and every other NumPy
function raises a TypeError that names the way out instead of building object arrays."""

from ._sputils import isscalarlike


def _issparse(x):
    from ._base import issparse

    return issparse(x)


def _dot(a, b, out=None):
    if out is not None:
        raise TypeError("numpy.dot(out=) is not supported for sparse operands")
    if _issparse(a):
        return a.dot(b)
    if isscalarlike(a):
        return b._mul_scalar(a)
    return a @ b


def _method(name, *, argnames=()):
    """A NumPy function that forwards to the sparse method `name`, its positional arguments
    after the first named as in NumPy's signature."""

    def call(a, *args, **kwargs):
        kwargs.update(zip(argnames, args))
        return getattr(a, name)(**kwargs)

    return call


def _size(a):
    return a.size  # the number of stored entries, as numpy.size gives for SciPy's


_HANDLERS = {
    "dot": _dot,
    "sum": _method("sum", argnames=("axis", "dtype", "out")),
    "mean": _method("mean", argnames=("axis", "dtype", "out")),
    "max": _method("max", argnames=("axis", "out")),
    "amax": _method("max", argnames=("axis", "out")),
    "min": _method("min", argnames=("axis", "out")),
    "amin": _method("min", argnames=("axis", "out")),
    "argmax": _method("argmax", argnames=("axis", "out")),
    "argmin": _method("argmin", argnames=("axis", "out")),
    "transpose": _method("transpose", argnames=("axes",)),
    "shape": lambda a: a.shape,
    "ndim": lambda a: a.ndim,
    "size": _size,
    "round": lambda a, decimals=0: a.__round__(decimals),
    "around": lambda a, decimals=0: a.__round__(decimals),
    "real": lambda a: a.real,
    "imag": lambda a: a.imag,
}


def array_function(self, func, types, args, kwargs):
    name = getattr(func, "__name__", "")
    handler = _HANDLERS.get(name)
    if handler is None or not (getattr(func, "__module__", "") or "").startswith(
            ("numpy", "cunp")):
        module = (getattr(func, "__module__", "") or "numpy").split(".")[0]
        raise TypeError(
            f"{module}.{name} does not take cunp sparse matrices or arrays (SciPy's sparse "
            "types do not support it either). Convert with .toarray() for a dense result, or "
            "use the sparse method or cunp.scipy.sparse function of the same purpose.")
    if name != "dot" and not _issparse(args[0] if args else kwargs.get("a")):
        raise TypeError(f"numpy.{name}: only the first argument may be sparse")
    return handler(*args, **kwargs)
