# python/cunp/linalg/_products.py -- numpy.linalg's product functions (multi_dot, ...) and
# the TF32 switch for float32 products on cuBLAS.
"""numpy.linalg's products on cuBLAS: matmul, multi_dot, tensordot, vecdot, outer, cross, ..."""
import operator

from cunp._linalg import _products as _p
from cunp._creation._basic import asarray

__all__ = ["matmul", "multi_dot", "tensordot", "vecdot", "outer", "cross", "matrix_transpose",
           "diagonal", "trace", "set_tf32", "get_tf32"]


def set_tf32(allow):
    """Lets float32 and complex64 matmul use TF32 tensor cores (faster, ~10-bit mantissa
    products). Off by default, so results match NumPy's float32 accuracy; the environment
    variable CUNP_ALLOW_TF32=1 turns it on at startup."""
    from cunp import _core
    _core.linalg.set_allow_tf32(bool(allow))


def get_tf32():
    """Whether float32 matmul may use TF32 (see set_tf32)."""
    from cunp import _core
    return _core.linalg.allow_tf32()


def _linalg_error(msg):
    import numpy  # cunp.linalg.LinAlgError is NumPy's
    return numpy.linalg.LinAlgError(msg)


def matmul(x1, x2, /):
    """numpy.linalg.matmul: matmul without out= or dtype=."""
    return _p.matmul(x1, x2)


def tensordot(x1, x2, /, *, axes=2):
    return _p.tensordot(x1, x2, axes=axes)


def _ndim_of_host_value(x):
    import numpy  # cunp.linalg imports without NumPy

    return numpy.ndim(x)


def vecdot(x1, x2, /, *, axis=-1):
    # NumPy's gufunc checks the operands' core dimension before it reads axis (an int, never
    # None).
    for i, x in enumerate((x1, x2)):
        if (x.ndim if hasattr(x, "ndim") else _ndim_of_host_value(x)) == 0:
            raise ValueError(f"vecdot: Input operand {i} does not have enough dimensions (has 0, "
                             "gufunc core with signature (n),(n)->() requires 1)")
    axis = operator.index(axis)
    if axis == -1:
        return _p._vecdot(x1, x2)
    return _p.vecdot(x1, x2, axis=axis)


def outer(x1, x2, /):
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise ValueError("Input arrays must be one-dimensional, but they are "
                         f"x1.ndim={x1.ndim} and x2.ndim={x2.ndim}.")
    return _p.outer(x1, x2)


def cross(x1, x2, /, *, axis=-1):
    # NumPy 2.5's linalg.cross is numpy.cross on one axis (its 3-vector, 0-d and axis checks).
    return _p.cross(asarray(x1), asarray(x2), axis=axis)


def matrix_transpose(x, /):
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return x.swapaxes(-1, -2)


def diagonal(x, /, *, offset=0):
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    return x.diagonal(offset, -2, -1)


def trace(x, /, *, offset=0, dtype=None):
    return _p.trace(x, offset=offset, axis1=-2, axis2=-1, dtype=dtype)


def multi_dot(arrays, *, out=None):
    """Product of a chain of matrices in the cheapest order (the classic dynamic program over
    the chain's dimensions). The first array may be 1-D (a row vector) and the last 1-D (a
    column vector); the others must be 2-D."""
    arrays = [asarray(a) for a in arrays]
    n = len(arrays)
    if n < 2:
        raise ValueError("Expecting at least two arrays.")
    if n == 2:
        return _p.dot(arrays[0], arrays[1], out=out)
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0].reshape(1, -1)
    if last_1d:
        arrays[-1] = arrays[-1].reshape(-1, 1)
    for a in arrays:
        if a.ndim != 2:
            raise _linalg_error(f"{a.ndim}-dimensional array given. Array must be "
                                "two-dimensional")
    dims = [arrays[0].shape[0]] + [a.shape[1] for a in arrays]
    for i in range(n - 1):
        if arrays[i].shape[1] != arrays[i + 1].shape[0]:
            a, b = arrays[i], arrays[i + 1]
            raise ValueError(f"shapes {_p._shape(a.shape)} and {_p._shape(b.shape)} not "
                             f"aligned: {a.shape[1]} (dim 1) != {b.shape[0]} (dim 0)")
    split = _chain_order(dims)
    r = _chain_product(arrays, split, 0, n - 1)
    if first_1d and last_1d:
        r = r.reshape(())
    elif first_1d:
        r = r.reshape(-1)
    elif last_1d:
        r = r.reshape(-1)
    if out is not None:
        _p._check_dot_out(out, r)  # NumPy's last step is dot(..., out=out), with its rules
    return _p._to_out(out, r)


def _chain_order(d):
    """split[i][j]: where the cheapest product of matrices i..j splits (d: the n+1 dims)."""
    n = len(d) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            best = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + d[i] * d[k + 1] * d[j + 1]
                if best is None or c < best:
                    best, split[i][j] = c, k
            cost[i][j] = best
    return split


def _chain_product(arrays, split, i, j):
    if i == j:
        return arrays[i]
    k = split[i][j]
    return _p.matmul(_chain_product(arrays, split, i, k), _chain_product(arrays, split, k + 1, j))
