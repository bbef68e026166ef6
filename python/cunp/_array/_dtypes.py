"""NumPy 2's type promotion and casting queries. result_type, promote_types and can_cast are the
core's (the rules its ufuncs follow); min_scalar_type and common_type, which depend on values
or on NumPy's scalar hierarchy, are asked of NumPy with cunp arrays standing in by their dtype."""
from cunp._core import can_cast, ndarray, promote_types, result_type

__all__ = ["result_type", "promote_types", "can_cast", "min_scalar_type", "common_type"]


def _np():
    import numpy

    return numpy


def min_scalar_type(a):
    if isinstance(a, ndarray):
        return a.dtype if a.ndim else _np().min_scalar_type(a.item())
    return _np().min_scalar_type(a)


def common_type(*arrays):
    np = _np()
    return np.common_type(*(np.empty(0, a.dtype) if isinstance(a, ndarray) else a for a in arrays))
