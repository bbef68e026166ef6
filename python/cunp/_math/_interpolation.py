"""numpy.interp on the GPU: NumPy's argument conversions and checks, and period=, here; the
kernel, which finds each x's interval in xp by binary search and applies NumPy's formula and edge
cases, is the core's (cunp/ops/math/interpolation.hpp, src/device/interpolation/interp.cuh)."""
from cunp import _core

__all__ = ["interp"]

def _host_view(a):
    """a itself when it is a cunp array, else as NumPy reads it: shapes and dtypes to check
    before any device work."""
    from cunp._core import ndarray

    if isinstance(a, ndarray):
        return a
    import numpy

    return numpy.asarray(a)


def _check_points(a):
    """NumPy's errors for xp or fp of a rank other than 1."""
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise linear interpolation of (xp, fp) at x, xp increasing (not
    checked, as NumPy). float64 results, complex128 for complex fp; left and right (fp[0] and
    fp[-1] by default) outside xp; with period, x and xp are taken modulo period and xp is
    sorted (left and right are then ignored). A 0-d array for a scalar x."""
    from cunp._creation._basic import asarray

    x, xp, fp = _host_view(x), _host_view(xp), _host_view(fp)
    dtype = "complex128" if fp.dtype.kind == "c" else "float64"
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        if xp.ndim != 1 or fp.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        left = right = None
    _check_points(xp)
    _check_points(fp)
    if x.dtype.kind == "c" or xp.dtype.kind == "c":
        raise TypeError("interp: x and xp must be real, not complex")
    if xp.shape[0] == 0:
        if x.size == 0:  # NumPy 2.5: nothing to interpolate, nothing to complain about
            from cunp import empty

            return empty(x.shape, dtype=dtype)
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != xp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    x = asarray(x).astype("float64", copy=False)
    xp = asarray(xp).astype("float64", copy=False)
    fp = asarray(fp).astype(dtype, copy=False)
    if period is not None:
        xp, fp, x = _periodic(xp, fp, x, abs(period))
    return _interpolate(x, xp, fp, left, right, dtype)


def _periodic(xp, fp, x, period):
    """x and xp modulo period, xp sorted, and one point wrapped around at each end."""
    from cunp._manipulation._joining import concatenate
    from cunp._sorting._sort import argsort

    x = x % period
    xp = xp % period
    order = argsort(xp)
    xp, fp = xp[order], fp[order]
    xp = concatenate((xp[-1:] - period, xp, xp[0:1] + period))
    fp = concatenate((fp[-1:], fp, fp[0:1]))
    return xp, fp, x


def _interpolate(x, xp, fp, left, right, dtype):
    import numpy

    scalar = numpy.dtype(dtype).type
    return _core.math.interp(x, xp, fp, None if left is None else scalar(left),
                         None if right is None else scalar(right))
