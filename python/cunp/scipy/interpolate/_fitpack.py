"""splder and splantider: derivatives and antiderivatives of splines given as BSpline objects
or as FITPACK (t, c, k) tuples, whose coefficient arrays are padded to len(t)."""
import numpy

import cunp as cp
from cunp.scipy.interpolate import _bspline


def _tck(tck):
    t, c, k = tck
    return cp.asarray(t, dtype=numpy.float64), cp.asarray(c), int(k)


def splder(tck, n=1):
    """The spline of the n-th derivative (n <= k): a BSpline for a BSpline, else a tuple."""
    if isinstance(tck, _bspline.BSpline):
        return tck.derivative(n)
    if n < 0:
        return splantider(tck, -n)
    t, c, k = _tck(tck)
    if n > k:
        raise ValueError("Order of derivative (n = %r) must be <= order of spline (k = %r)"
                         % (n, k))
    t2, c2, k2 = _bspline._derivative_tck(cp, t, c, k, n)
    # FITPACK's convention: coefficients padded with zeros to the length of the knots.
    pad = t2.shape[0] - c2.shape[0]
    if pad > 0:
        c2 = cp.concatenate([c2, cp.zeros((pad,) + c2.shape[1:], dtype=c2.dtype)])
    return t2, c2, k2


def splantider(tck, n=1):
    """The spline of the n-th antiderivative, zero at t[k]: a BSpline for a BSpline, else a
    tuple."""
    if isinstance(tck, _bspline.BSpline):
        return tck.antiderivative(n)
    if n < 0:
        return splder(tck, -n)
    t, c, k = _tck(tck)
    return _bspline._antiderivative_tck(cp, t, c, k, n)
