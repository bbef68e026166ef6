"""NumPy 2's type promotion and casting queries. NumPy answers them (so every pair and every
weak Python scalar behaves exactly as there); cunp arrays stand in by their dtype."""
from cunp._core import ndarray


def _np():
    import numpy

    return numpy


def _unwrap(x):
    return x.dtype if isinstance(x, ndarray) else x


def result_type(*arrays_and_dtypes):
    return _np().result_type(*(_unwrap(x) for x in arrays_and_dtypes))


def promote_types(type1, type2):
    return _np().promote_types(type1, type2)


def can_cast(from_, to, casting="safe"):
    return _np().can_cast(_unwrap(from_), to, casting)


def min_scalar_type(a):
    if isinstance(a, ndarray):
        return a.dtype if a.ndim else _np().min_scalar_type(a.item())
    return _np().min_scalar_type(a)


def common_type(*arrays):
    np = _np()
    return np.common_type(*(np.empty(0, a.dtype) if isinstance(a, ndarray) else a for a in arrays))
