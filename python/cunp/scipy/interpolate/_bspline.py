"""BSpline and make_interp_spline. Evaluation finds each point's knot interval (searchsorted)
and sums the k + 1 non-zero basis functions there, computed by the Cox-de Boor recurrence as
array operations (the same code runs on cunp arrays for evaluation and on NumPy arrays for the
collocation matrix, whose small banded system make_interp_spline solves on the host)."""
import operator

import numpy

import cunp as cp
from cunp.scipy.interpolate._ppoly import _float_dtype


def _interval(xp, t, x, k, n, extrapolate):
    """The knot interval l (t[l] <= x < t[l + 1], k <= l <= n - 1) of each x."""
    left = xp.searchsorted(t, x, side="right") - 1
    return xp.clip(left, k, n - 1)


def _basis(xp, t, x, left, k):
    """(k + 1, len(x)): the basis functions B_{left-k}..B_{left} at x (the Cox-de Boor
    recurrence in the triangular form of Piegl and Tiller's algorithm A2.2)."""
    values = [xp.ones_like(x)]
    for j in range(1, k + 1):
        saved = xp.zeros_like(x)
        nxt = []
        for r in range(j):
            right = t[left + r + 1] - x
            leftd = x - t[left + 1 - j + r]
            denom = right + leftd
            temp = values[r] / xp.where(denom == 0, 1.0, denom)
            nxt.append(saved + right * temp)
            saved = leftd * temp
        nxt.append(saved)
        values = nxt
    return values


class BSpline:
    """The spline sum_j c[j] B_{j,k;t}(x) of degree k on knots t (n + k + 1,), coefficients
    c (n, ...) along axis."""

    def __init__(self, t, c, k, extrapolate=True, axis=0):
        self.k = operator.index(k)
        self.c = cp.asarray(c)
        self.c = self.c.astype(_float_dtype(self.c.dtype), copy=False)
        self.t = cp.ascontiguousarray(cp.asarray(t, dtype=numpy.float64))
        if extrapolate == "periodic":
            raise NotImplementedError("BSpline: periodic extrapolation is not supported yet")
        self.extrapolate = bool(extrapolate)
        n = self.t.shape[0] - self.k - 1
        if self.k < 0:
            raise ValueError("Spline order cannot be negative.")
        if self.t.ndim != 1:
            raise ValueError("Knot vector must be one-dimensional.")
        if n < self.k + 1:
            raise ValueError("Need at least %d knots for degree %d" % (2 * self.k + 2, self.k))
        if bool((cp.diff(self.t) < 0).any()):
            raise ValueError("Knots must be in a non-decreasing order.")
        if self.c.ndim < 1:
            raise ValueError("Coefficients must be at least 1-dimensional.")
        axis = axis % self.c.ndim
        self.axis = axis
        self.c = cp.moveaxis(self.c, axis, 0)
        if self.c.shape[0] < n:
            raise ValueError("Knots, coefficients and degree are inconsistent.")

    @classmethod
    def construct_fast(cls, t, c, k, extrapolate=True, axis=0):
        self = object.__new__(cls)
        self.t, self.c, self.k, self.extrapolate, self.axis = t, c, k, extrapolate, axis
        return self

    @property
    def tck(self):
        return self.t, cp.moveaxis(self.c, 0, self.axis), self.k

    def __call__(self, x, nu=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = self.extrapolate
        if nu < 0:
            raise ValueError("Order of derivative cannot be negative")
        spl = self if nu == 0 else self.derivative(nu)
        x = cp.asarray(x)
        shape = x.shape
        xf = x.reshape(-1).astype(numpy.float64, copy=False)
        t, c, k = spl.t, spl.c, spl.k
        n = t.shape[0] - k - 1
        left = _interval(cp, t, xf, k, n, extrapolate)
        basis = _basis(cp, t, xf, left, k)
        ex = (1,) * (c.ndim - 1)
        out = 0
        for r in range(k + 1):
            out = out + basis[r].reshape((-1,) + ex) * c[left - k + r]
        if not extrapolate:
            outside = (xf < t[k]) | (xf > t[n])
            out = cp.where(outside.reshape((-1,) + ex), cp.nan, out)
        out = out.reshape(shape + c.shape[1:])
        if self.axis != 0:
            nd = len(shape)
            order = (list(range(nd, nd + self.axis)) + list(range(nd))
                     + list(range(nd + self.axis, out.ndim)))
            out = out.transpose(order)
        return out

    def derivative(self, nu=1):
        """The BSpline of the nu-th derivative (degree k - nu)."""
        t, c, k = self.t, self.c, self.k
        n = t.shape[0] - k - 1
        c = c[:n]
        for _ in range(nu):
            if k == 0:
                c = cp.zeros_like(c[:max(c.shape[0] - 1, 1)])
                t = t[1:-1] if t.shape[0] > 2 else t
                break
            span = (t[k + 1:k + c.shape[0]] - t[1:c.shape[0]])
            span = span.reshape((-1,) + (1,) * (c.ndim - 1))
            dc = k * (c[1:] - c[:-1]) / cp.where(span == 0, 1.0, span)
            c = dc
            t = t[1:-1]
            k -= 1
        return BSpline.construct_fast(t, c, k, self.extrapolate, self.axis)


def _default_knots(x, k):
    """Not-a-knot knots: k + 1 copies of each end, and interior knots at data points (odd k)
    or at midpoints between them (even k)."""
    if k % 2:
        m = (k - 1) // 2
        inner = x[m + 1:x.shape[0] - m - 1]
    else:
        m = k // 2
        mid = (x[1:] + x[:-1]) / 2
        inner = mid[m:mid.shape[0] - m]
    return numpy.concatenate([numpy.full(k + 1, x[0]), inner, numpy.full(k + 1, x[-1])])


def make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    """The degree-k BSpline through (x, y) (x strictly increasing), with not-a-knot knots
    unless t is given. bc_type other than None / 'not-a-knot' is not supported yet."""
    k = operator.index(k)
    if bc_type not in (None, "not-a-knot", (None, None)):
        raise NotImplementedError("make_interp_spline: bc_type=%r is not supported yet"
                                  % (bc_type,))
    y = cp.asarray(y)
    axis = axis % y.ndim if y.ndim else 0
    hx = numpy.asarray(cp.asnumpy(cp.asarray(x)), dtype=numpy.float64)
    hy = numpy.moveaxis(cp.asnumpy(y), axis, 0)
    if hx.ndim != 1 or (hx.shape[0] > 1 and numpy.any(numpy.diff(hx) <= 0)):
        raise ValueError("Expect x to be a 1D strictly increasing sequence.")
    if hx.shape[0] != hy.shape[0]:
        raise ValueError("Shapes of x {} and y {} are incompatible"
                         .format(hx.shape, hy.shape))
    if check_finite and not (numpy.isfinite(hx).all() and numpy.isfinite(hy).all()):
        raise ValueError("array must not contain infs or NaNs")
    if k < 0:
        raise ValueError("Expect non-negative k.")
    if k == 0:
        if t is not None:
            raise NotImplementedError("make_interp_spline: k=0 with given knots")
        tt = numpy.r_[hx, hx[-1]]
        return BSpline(tt, cp.asarray(hy), 0, axis=0)._with_axis(axis)
    if t is None:
        tt = _default_knots(hx, k)
    else:
        tt = numpy.asarray(cp.asnumpy(cp.asarray(t)), dtype=numpy.float64)
    n = hx.shape[0]
    if tt.shape[0] != n + k + 1:
        raise ValueError("Got %d knots, need %d." % (tt.shape[0], n + k + 1))
    if hx[0] < tt[k] or hx[-1] > tt[n]:
        raise ValueError("Out of bounds w/ x = %s." % hx)
    left = _interval(numpy, tt, hx, k, n, True)
    basis = _basis(numpy, tt, hx, left, k)
    a = numpy.zeros((n, n))
    rows = numpy.arange(n)
    for r in range(k + 1):
        a[rows, left - k + r] = basis[r]
    flat = hy.reshape(n, -1)
    dt = numpy.complex128 if flat.dtype.kind == "c" else numpy.float64
    try:
        coef = numpy.linalg.solve(a, flat.astype(dt))
    except numpy.linalg.LinAlgError as e:
        raise numpy.linalg.LinAlgError("Collocation matrix is singular.") from e
    coef = coef.reshape(hy.shape)
    return BSpline(tt, cp.asarray(coef), k, axis=0)._with_axis(axis)


def _with_axis(self, axis):
    # The coefficients are stored with the interpolation axis first; results put the new
    # points' axes where `axis` was in y.
    self.axis = axis
    return self


BSpline._with_axis = _with_axis
