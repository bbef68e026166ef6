# python/cunp/_indexing/_index_tricks.py -- index arrays for other calls: indices, ix_, ravel_multi_index,
# unravel_index, the diagonal, triangle and mask indices; the index-expression helpers (r_, c_,
# s_, index_exp) and the index iterators (ndindex, ndenumerate).
"""Index construction with NumPy 2's semantics."""
import itertools
import math
import operator

from cunp._indexing._routines import _any, _apply_mode, _arange, _asarray, _empty, _int_indices, \
    _is_device_array, _unravel, flatnonzero

__all__ = [
    "diag_indices", "diag_indices_from", "tril_indices", "tril_indices_from", "triu_indices",
    "triu_indices_from", "indices", "ix_", "ravel_multi_index", "unravel_index", "mask_indices",
    "r_", "c_", "s_", "index_exp", "ndindex", "ndenumerate",
]


def diag_indices(n, ndim=2):
    idx = _arange(n)
    return (idx,) * ndim


def diag_indices_from(arr):
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if any(s != arr.shape[0] for s in arr.shape):
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def _host_indices(pair):
    return tuple(_asarray(p.astype("int64")) for p in pair)


def tril_indices(n, k=0, m=None):
    import numpy

    return _host_indices(numpy.tril_indices(n, k, m))


def triu_indices(n, k=0, m=None):
    import numpy

    return _host_indices(numpy.triu_indices(n, k, m))


def tril_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def triu_indices_from(arr, k=0):
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[-2], k=k, m=arr.shape[-1])


def indices(dimensions, dtype=int, sparse=False):
    dimensions = tuple(operator.index(n) for n in dimensions)  # a shape, as NumPy reads it
    if dtype is None and not sparse:
        dtype = "float64"  # NumPy fills empty(..., dtype=None), a float64 array
    nd = len(dimensions)
    parts = []
    for d, n in enumerate(dimensions):
        shape = [1] * nd
        shape[d] = n
        parts.append(_arange(n, dtype=dtype).reshape(tuple(shape)))
    if sparse:
        return tuple(parts)
    from cunp._manipulation._joining import stack
    from cunp._manipulation._shapes import broadcast_to

    if nd == 0:
        return _empty((0,), dtype)
    return stack([broadcast_to(p, dimensions) for p in parts])


def ix_(*args):
    out = []
    nd = len(args)
    for k, a in enumerate(args):
        j = _asarray(a)
        if j.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if j.size == 0 and j.dtype.kind == "f" and not _is_device_array(a):
            j = j.astype("int64")
        if j.dtype.kind == "b":
            j = flatnonzero(j)
        out.append(j.reshape((1,) * k + (j.size,) + (1,) * (nd - k - 1)))
    return tuple(out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    # NumPy's order of checks: multi_index must be iterable (its __array_function__ dispatch
    # iterates it: a 0-d array or a scalar is a TypeError), then dims, order, the clip modes,
    # multi_index's length and its dtypes.
    try:
        iter(multi_index)
    except TypeError:
        raise TypeError("ravel_multi_index: multi_index must be a sequence of index arrays, "
                        "not %s" % type(multi_index).__name__) from None
    dims = tuple(operator.index(d) for d in dims)
    if order not in ("C", "F"):
        if order in ("A", "K"):
            raise ValueError("only 'C' or 'F' order is permitted")
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    if len(modes) != len(dims):
        raise ValueError("list of clipmodes has wrong length (%d instead of %d)"
                         % (len(modes), len(dims)))
    bad = [md for md in modes if md not in ("raise", "wrap", "clip")]
    if bad:
        raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap' (got %r)" % (bad[0],))
    try:
        count = len(multi_index)
    except TypeError:
        count = -1
    if count != len(dims):
        raise ValueError("parameter multi_index must be a sequence of length %d" % len(dims))
    coords = [_int_indices(c, "only int indices permitted") for c in multi_index]
    strides, s = [0] * len(dims), 1
    for d in (reversed(range(len(dims))) if order == "C" else range(len(dims))):
        strides[d] = s
        s *= dims[d]
    total = None
    for c, n, md, st in zip(coords, dims, modes, strides):
        if md == "raise":
            if c.size and _any((c < 0) | (c >= n)):
                raise ValueError("invalid entry in coordinates array")
        else:
            c = _apply_mode(c, n, md)
        term = c.astype("int64") * st
        total = term if total is None else total + term
    if total is None:  # no dimensions: the one element of a 0-d array
        from cunp._creation._basic import asarray

        return asarray(0, dtype="int64")
    return total


def _order_letter(order):
    """NumPy's order converter: None means 'C'; a string (or bytes) names one of C, F, A, K
    in either case (ValueError otherwise); anything else is a TypeError."""
    if order is None:
        return "C"
    if isinstance(order, bytes):
        order = order.decode("latin-1")
    if not isinstance(order, str):
        raise TypeError("order must be str, not %s" % type(order).__name__)
    letter = order.upper()
    if letter not in ("C", "F", "A", "K"):
        raise ValueError("order must be one of 'C', 'F', 'A', or 'K' (got %r)" % (order,))
    return letter


def unravel_index(indices, shape, order="C"):
    # NumPy's order of checks: the shape and order arguments are converted first, then the
    # indices are cast, and only then are 'A' and 'K' refused.
    if hasattr(shape, "__index__") and not isinstance(shape, bool):
        shape = (operator.index(shape),)  # one integer (a NumPy one too) is a 1-d shape
    elif not hasattr(shape, "__iter__"):
        raise TypeError("expected a sequence of integers or a single integer, got %r"
                        % (shape,))
    shape = tuple(operator.index(n) for n in shape)
    order = _order_letter(order)
    j = _int_indices(indices, "only int indices permitted")
    size = math.prod(shape)
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    if not shape and j.ndim:
        raise ValueError("multiple indices are not supported for 0d arrays")
    if j.size and _any((j < 0) | (j >= size)):
        h = j.get().ravel()
        bad = h[(h < 0) | (h >= size)][0]
        raise ValueError("index %d is out of bounds for array with size %d" % (bad, size))
    j = j.astype("int64")
    if size == 0:  # no index is in bounds, so j is empty: one empty coordinate array per axis
        return tuple(j.copy() for _ in shape)
    if order == "C":
        return _unravel(j, shape)
    return tuple(reversed(_unravel(j, tuple(reversed(shape)))))


def mask_indices(n, mask_func, k=0):
    """Indices of the nonzero entries of mask_func(ones((n, n), int), k): with cunp.triu or
    cunp.tril (NumPy's functions dispatch to them too), the triangle's indices."""
    from cunp._core import ones

    return (mask_func(ones((n, n), "int64"), k) != 0).nonzero()


# --- index expressions: r_, c_, s_, index_exp ---

class _AxisConcatenator:
    """r_ and c_: `x[...]` concatenates its items along an axis after NumPy's rules. Slices
    become arange (a real step) or linspace (a complex step's magnitude is the count); a first
    string item sets the axis ('1'), or the axis, the minimum rank and where 1-d items go
    ('0,2,1'); NumPy's matrix directives 'r' and 'c' raise NotImplementedError (no matrix
    class in cunp)."""

    def __init__(self, axis=0, ndmin=1, trans1d=-1):
        self.axis = axis
        self.matrix = False
        self.ndmin = ndmin
        self.trans1d = trans1d

    def __len__(self):
        return 0

    def __getitem__(self, key):
        from cunp._core import array
        from cunp._array._dtypes import result_type
        from cunp._manipulation._joining import concatenate

        key = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        objs, kinds = [], []
        for k, item in enumerate(key):
            if isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                axis, ndmin, trans1d = _directive(item, axis, ndmin, trans1d)
                continue
            if isinstance(item, slice):
                obj = _ranged(_slice_range(item), ndmin, trans1d)
                kinds.append(obj.dtype)
            elif _is_python_or_numpy_scalar(item):
                obj = item
                kinds.append(item)  # weak for Python scalars (NEP 50), as NumPy
            else:
                obj = _with_min_rank(item, ndmin, trans1d)
                kinds.append(obj.dtype)
            objs.append(obj)
        if kinds:
            dt = result_type(*kinds)
            objs = [array(o, dtype=dt, copy=None, ndmin=ndmin) for o in objs]
        return concatenate(tuple(objs), axis=axis)


def _directive(item, axis, ndmin, trans1d):
    if item in ("r", "c"):
        raise NotImplementedError(
            "the matrix directives 'r' and 'c' build numpy.matrix objects, which cunp does not "
            "have")
    try:
        if "," in item:
            parts = item.split(",")
            axis, ndmin = int(parts[0]), int(parts[1])
            return axis, ndmin, int(parts[2]) if len(parts) == 3 else trans1d
        return int(item), ndmin, trans1d
    except ValueError:
        raise ValueError("unknown special directive %r" % (item,)) from None


def _slice_range(item):
    from cunp._creation._basic import arange, linspace

    start = 0 if item.start is None else item.start
    step = 1 if item.step is None else item.step
    if isinstance(step, complex) or _is_complex_scalar(step):
        return linspace(start, item.stop, num=int(abs(step)))
    return arange(start, item.stop, step)


def _is_complex_scalar(x):
    kind = getattr(getattr(x, "dtype", None), "kind", None)
    return kind == "c" and getattr(x, "ndim", 1) == 0


def _is_python_or_numpy_scalar(x):
    if type(x) in (int, float, complex, bool):
        return True
    import sys

    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(x, numpy.generic)


def _ranged(obj, ndmin, trans1d):
    """A slice's range with at least ndmin dimensions, its axis moved to trans1d."""
    if ndmin > 1:
        from cunp._core import array

        obj = array(obj, copy=None, ndmin=ndmin)
        if trans1d != -1:
            obj = obj.swapaxes(-1, trans1d)
    return obj


def _with_min_rank(item, ndmin, trans1d):
    """An item as an array of at least ndmin dimensions; with trans1d, the item's own axes
    start at position trans1d among the new ones (NumPy's rule for c_ and '0,2,1')."""
    from cunp._core import array

    rank = array(item, copy=None).ndim
    obj = array(item, copy=None, ndmin=ndmin)
    if trans1d != -1 and rank < ndmin:
        k2 = ndmin - rank
        k1 = trans1d + k2 + 1 if trans1d < 0 else trans1d
        axes = list(range(ndmin))
        obj = obj.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
    return obj


class _RClass(_AxisConcatenator):
    """Concatenation along the first axis: cunp.r_[1:4, 0, cunp.ones(2)]."""

    def __init__(self):
        super().__init__(0)


class _CClass(_AxisConcatenator):
    """Concatenation along the last axis, 1-d items as columns: cunp.c_[a, b]."""

    def __init__(self):
        super().__init__(-1, ndmin=2, trans1d=0)


r_ = _RClass()
c_ = _CClass()


class _IndexExpression:
    """s_[...] returns the index expression itself; index_exp[...] always a tuple."""

    def __init__(self, maketuple):
        self.maketuple = maketuple

    def __getitem__(self, item):
        if self.maketuple and not isinstance(item, tuple):
            return (item,)
        return item


index_exp = _IndexExpression(maketuple=True)
s_ = _IndexExpression(maketuple=False)


# --- index iterators ---

class ndindex:  # noqa: N801 - NumPy's name
    """Iterates over the index tuples of an array of the given shape, in C order (on the
    host: no device work)."""

    def __init__(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], tuple):
            shape = shape[0]
        shape = tuple(operator.index(n) for n in shape)
        if any(n < 0 for n in shape):
            raise ValueError("negative dimensions are not allowed")
        self._it = itertools.product(*(range(n) for n in shape))

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)


class ndenumerate:  # noqa: N801 - NumPy's name
    """Iterates over (index tuple, value) pairs of an array in C order. A cunp array is copied
    to the host once, when the iterator is made (one transfer, not one device read per
    element): values are NumPy scalars of that snapshot, and later writes to the array are not
    seen."""

    def __init__(self, arr):
        import numpy

        from cunp._core import ndarray

        host = arr.get() if isinstance(arr, ndarray) else numpy.asarray(arr)
        self._it = numpy.ndenumerate(host)

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._it)
