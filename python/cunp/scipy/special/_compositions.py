"""scipy.special's functions that are not ufuncs in SciPy either: compositions of the special
ufuncs and cunp's reductions, with SciPy's signatures and errors."""
import math
import numbers

import cunp
from cunp import _core


def zeta(x, q=None, out=None):
    """The Riemann zeta function of x, or with q the Hurwitz zeta function zeta(x, q)."""
    if q is None:
        return _core.special._riemann_zeta(x, out=out)
    return _core.special._zeta(x, q, out=out)


def polygamma(n, x):
    """The n-th derivative of the digamma function at x:
    (-1)^(n+1) n! zeta(n+1, x), and psi(x) where n is 0."""
    n = cunp.asarray(n)
    x = cunp.asarray(x)
    sp = _core.special
    fac2 = (-1.0) ** (n + 1) * sp.gamma(n + 1.0) * sp._zeta(n + 1, x)
    return cunp.where(n == 0, sp.psi(x), fac2)


def multigammaln(a, d):
    """The log of the multivariate gamma function of dimension d at a: with SciPy's
    ValueError for a non-integer d and for a <= (d - 1)/2 anywhere."""
    if not isinstance(d, numbers.Real) or math.floor(d) != d:
        raise ValueError("d should be a positive integer (dimension)")
    a = cunp.asarray(a)
    if bool(cunp.any(a <= 0.5 * (d - 1))):
        raise ValueError(f"condition a ({a}) > 0.5 * (d-1) ({0.5 * (d - 1)}) not met")
    res = (d * (d - 1) * 0.25) * math.log(math.pi)
    j = cunp.arange(d, dtype=float)
    return res + cunp.sum(_core.special.gammaln(a[..., None] - 0.5 * j), axis=-1)


def _max_for_shift(a, axis):
    """The maximum along axis (kept), with non-finite maxima replaced by 0 so that the
    shifted exponentials stay finite or propagate inf/NaN as SciPy's do."""
    if a.size == 0:
        shape = list(a.shape)
        for ax in (range(a.ndim) if axis is None else
                   (axis if isinstance(axis, tuple) else (axis,))):
            shape[ax] = 1
        return cunp.zeros(shape, dtype=a.dtype)
    m = cunp.max(a, axis=axis, keepdims=True)
    return cunp.where(cunp.isfinite(m), m, 0)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False):
    """log(sum(b * exp(a))) along axis, without overflow (shifted by the maximum). With
    return_sign, (log|s|, sign(s)) for a signed sum s (b may be negative)."""
    a = cunp.asarray(a)
    if a.dtype.kind not in "fc":
        a = a.astype(cunp.float64)  # integers and bools sum in float64, as in SciPy
    if b is not None:
        b = cunp.asarray(b)
        a, b = cunp.broadcast_arrays(a, b)
        # Terms with b == 0 do not take part (SciPy masks them out before the maximum).
        a = cunp.where(b != 0, a, -cunp.inf)
    if isinstance(axis, list):
        axis = tuple(axis)
    m = _max_for_shift(a, axis)
    e = cunp.exp(a - m)
    if b is not None:
        e = e * b
    s = cunp.sum(e, axis=axis, keepdims=True)
    sgn = None
    if return_sign:
        sgn = cunp.sign(s)
        s = cunp.abs(s)
    out = cunp.log(s) + m
    if not keepdims:
        out = cunp.squeeze(out, axis=axis if axis is not None else None)
        if sgn is not None:
            sgn = cunp.squeeze(sgn, axis=axis if axis is not None else None)
    if return_sign:
        return out, sgn
    return out


def softmax(x, axis=None):
    """exp(x) / sum(exp(x)) along axis, shifted by the maximum."""
    x = cunp.asarray(x)
    m = _max_for_shift(x, axis)
    e = cunp.exp(x - m)
    return e / cunp.sum(e, axis=axis, keepdims=True)


def log_softmax(x, axis=None):
    """log(softmax(x)) without the loss of the small terms: x - max - log(sum(exp(x - max)))."""
    x = cunp.asarray(x)
    m = _max_for_shift(x, axis)
    shifted = x - m
    return shifted - cunp.log(cunp.sum(cunp.exp(shifted), axis=axis, keepdims=True))
