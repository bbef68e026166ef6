"""Helpers of the polynomial series, as numpy.polynomial.polyutils: as_series, trimseq,
trimcoef, getdomain, mapparms and mapdomain, on cunp arrays.

Trimming reads one bool per coefficient on the host (where the last nonzero one is), as the
series functions of cunp.polynomial.polynomial do.
"""
import numpy

from cunp._core import ndarray
from cunp._creation._basic import asarray

__all__ = ["as_series", "trimseq", "trimcoef", "getdomain", "mapdomain", "mapparms"]


def trimseq(seq):
    """`seq` without its trailing zeros, one item kept at least (an empty `seq` as it is). A
    cunp array gives a view of it; any other sequence is sliced as NumPy's trimseq does."""
    if len(seq) == 0:
        return seq
    if isinstance(seq, ndarray) and seq.ndim == 1:
        nz = (seq != 0).get().nonzero()[0]
        return seq[:int(nz[-1]) + 1] if nz.size else seq[:1]
    if seq[-1] != 0:
        return seq
    for i in range(len(seq) - 1, -1, -1):
        if seq[i] != 0:
            break
    return seq[:i + 1]


def as_series(alist, trim=True):
    """Each item of `alist` as a 1-D cunp array (a scalar as one coefficient), trailing zeros
    trimmed when `trim`, all copied to their common inexact type (numpy.common_type)."""
    arrays = []
    for a in alist:
        a = asarray(a)
        arrays.append(a.reshape(1) if a.ndim == 0 else a)
    # NumPy checks every size before any rank.
    for a in arrays:
        if a.size == 0:
            raise ValueError("Coefficient array is empty")
    if any(a.ndim != 1 for a in arrays):
        raise ValueError("Coefficient array is not 1-d")
    if trim:
        arrays = [trimseq(a) for a in arrays]
    try:
        dtype = numpy.common_type(*[numpy.empty(0, a.dtype) for a in arrays])
    except Exception as e:  # bool: numpy.common_type has no type for it
        raise ValueError("Coefficient arrays have no common type") from e
    return [a.astype(dtype, copy=True) for a in arrays]


def trimcoef(c, tol=0):
    """`c` (a 1-D series) without the trailing coefficients of magnitude <= tol; a single zero
    of c's type when all are."""
    if tol < 0:
        raise ValueError("tol must be non-negative")
    [c] = as_series([c])
    nz = (abs(c) > tol).get().nonzero()[0]
    if nz.size == 0:
        return c[:1] * 0
    return c[:int(nz[-1]) + 1].copy()


def getdomain(x):
    """The smallest interval holding the points `x`: (min, max), of the real and imaginary parts
    apart for complex points, as a NumPy array of two (a domain is host data in cunp)."""
    [x] = as_series([x], trim=False)
    if x.dtype.kind == "c":
        r, i = x.real, x.imag
        lo = complex(float(r.min()), float(i.min()))
        hi = complex(float(r.max()), float(i.max()))
        return numpy.array((lo, hi))
    return numpy.array((x.min().get(), x.max().get()))


def mapparms(old, new):
    """(off, scl) of the linear map off + scl*x taking the interval `old` onto `new`."""
    oldlen = old[1] - old[0]
    newlen = new[1] - new[0]
    off = (old[1] * new[0] - old[0] * new[1]) / oldlen
    scl = newlen / oldlen
    return off, scl


def mapdomain(x, old, new):
    """`x` mapped linearly from the interval `old` onto `new` (Python and NumPy scalars stay
    scalars; anything else becomes a cunp array)."""
    if type(x) not in (int, float, complex) and not isinstance(x, numpy.generic):
        x = asarray(x)
    off, scl = mapparms(old, new)
    return off + scl * x
