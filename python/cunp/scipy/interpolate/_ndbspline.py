"""NdBSpline: the tensor-product spline sum c[j_1, ..., j_d] prod_i B_{j_i, k_i; t_i}(x_i).
Each point's knot interval per axis comes from a search, its k_i + 1 non-zero basis values
from the Cox-de Boor recurrence, and the value sums the (k_1 + 1) ... (k_d + 1) coefficients
of its cell weighted by products of those values, all cunp operations on the device. Partial
derivatives differentiate the coefficients along their axis first."""
import itertools
import operator

import numpy

import cunp as cp
from cunp.scipy.interpolate._bspline import _basis, _derivative_tck, _interval
from cunp.scipy.interpolate._ppoly import _float_dtype


class NdBSpline:
    """Tensor-product spline on knots t (a tuple of d 1-D arrays), coefficients c
    (n_1, ..., n_d, trailing...) and degrees k (one int for all axes, or one per axis)."""

    def __init__(self, t, c, k, *, extrapolate=None):
        self.t = tuple(cp.ascontiguousarray(cp.asarray(v, dtype=numpy.float64)) for v in t)
        nd = len(self.t)
        try:
            len(k)
        except TypeError:
            k = (k,) * nd
        self.k = tuple(operator.index(v) for v in k)
        if len(self.k) != nd:
            raise ValueError("len(t) = %d != len(k) = %d." % (nd, len(self.k)))
        c = cp.asarray(c)
        self.c = c.astype(_float_dtype(c.dtype), copy=False)
        self.extrapolate = True if extrapolate is None else bool(extrapolate)
        if self.c.ndim < nd:
            raise ValueError("Coefficients must be at least %d-dimensional." % nd)
        for d, (td, kd) in enumerate(zip(self.t, self.k)):
            if kd < 0:
                raise ValueError("Spline degree in dimension %d cannot be negative." % d)
            if td.ndim != 1:
                raise ValueError("Knot vector in dimension %d must be one-dimensional." % d)
            n = td.shape[0] - kd - 1
            if n < kd + 1:
                raise ValueError("Need at least %d knots for degree %d in dimension %d."
                                 % (2 * kd + 2, kd, d))
            if bool((cp.diff(td) < 0).any()):
                raise ValueError("Knots in dimension %d must be in a non-decreasing order." % d)
            if self.c.shape[d] != n:
                raise ValueError("Knots, coefficients and degree in dimension %d are "
                                 "inconsistent: got %d coefficients for %d knots, need at "
                                 "least %d." % (d, self.c.shape[d], td.shape[0], n))

    def __call__(self, xi, *, nu=None, extrapolate=None):
        """Values (or the nu[i]-th partial derivatives) at xi (..., d)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        nd = len(self.t)
        # As SciPy: any sequence that casts to int64 (floats truncate), one order per axis.
        nu = numpy.zeros(nd, numpy.int64) if nu is None else numpy.asarray(nu, numpy.int64)
        if nu.ndim != 1 or nu.shape[0] != nd:
            raise ValueError("invalid number of derivative orders nu = %s for ndim = %d."
                             % (nu, nd))
        nu = tuple(int(n) for n in nu)
        if any(n < 0 for n in nu):
            raise ValueError("derivatives must be positive, got nu = %s" % (nu,))
        xi = cp.asarray(xi, dtype=numpy.float64)
        if xi.shape[-1] != nd:
            raise ValueError("Expected the last dimension of xi to be %d, got %d."
                             % (nd, xi.shape[-1]))
        shape = xi.shape[:-1]
        pts = xi.reshape(-1, nd)
        c, knots, degrees = self.c, list(self.t), list(self.k)
        for d, n in enumerate(nu):
            if n:
                moved = cp.moveaxis(c, d, 0)
                knots[d], moved, degrees[d] = _derivative_tck(cp, knots[d], moved, degrees[d],
                                                              n)
                c = cp.moveaxis(moved, 0, d)
        extra = c.ndim - nd
        lefts, bases = [], []
        outside = cp.zeros(pts.shape[0], dtype=bool)
        for d, (t, k) in enumerate(zip(knots, degrees)):
            n = t.shape[0] - k - 1
            x = pts[:, d]
            left = _interval(cp, t, x, k, n, True)
            lefts.append(left)
            bases.append(_basis(cp, t, x, left, k))
            outside = outside | (x < t[k]) | (x > t[n])
        out = 0
        for combo in itertools.product(*(range(k + 1) for k in degrees)):
            w = 1.0
            where = []
            for d, r in enumerate(combo):
                w = w * bases[d][r]
                where.append(lefts[d] - degrees[d] + r)
            out = out + w.reshape((-1,) + (1,) * extra) * c[tuple(where)]
        if not extrapolate:
            out = cp.where(outside.reshape((-1,) + (1,) * extra), cp.nan, out)
        return out.reshape(shape + c.shape[nd:])
