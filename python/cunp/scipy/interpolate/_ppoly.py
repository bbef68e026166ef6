"""PPoly: a piecewise polynomial in the power basis, c[m, i] the coefficient of
(x - x[i])^(k - 1 - m) on [x[i], x[i + 1]]. Evaluation is a search for the interval
(searchsorted) and Horner's rule over the k coefficients, all cunp array operations on the
device; derivatives and antiderivatives transform the coefficients."""
import math

import numpy

import cunp as cp


def _float_dtype(*dtypes):
    dt = numpy.result_type(*dtypes)
    if dt.kind == "c":
        return numpy.dtype(numpy.complex128)
    return numpy.dtype(numpy.float64)


class PPoly:
    """Piecewise polynomial from coefficients c (k, m, ...) and breakpoints x (m + 1,),
    ascending. extrapolate: True (default), False (NaN outside) or 'periodic'; axis: where
    the interpolation axis goes in the output."""

    def __init__(self, c, x, extrapolate=None, axis=0):
        c = cp.asarray(c)
        x = cp.ascontiguousarray(cp.asarray(x, dtype=numpy.float64))
        if extrapolate is None:
            extrapolate = True
        elif extrapolate != "periodic":
            extrapolate = bool(extrapolate)
        if c.ndim < 2:
            raise ValueError("Coefficients array must be at least 2-dimensional.")
        if not 0 <= axis < c.ndim - 1:
            raise ValueError("axis=%s must be between 0 and %s" % (axis, c.ndim - 1))
        if axis != 0:
            # c's k and m axes sit at axis and axis + 1: bring them to the front.
            c = cp.moveaxis(c, axis + 1, 0)
            c = cp.moveaxis(c, axis + 1, 0)
        if x.ndim != 1:
            raise ValueError("x must be 1-dimensional")
        if x.size < 2:
            raise ValueError("at least 2 breakpoints are needed")
        if c.ndim < 2:
            raise ValueError("c must have at least 2 dimensions")
        if c.shape[0] == 0:
            raise ValueError("polynomial must be at least of order 0")
        if c.shape[1] != x.size - 1:
            raise ValueError("number of coefficients != len(x)-1")
        dx = cp.diff(x)
        if not (bool((dx >= 0).all()) or bool((dx <= 0).all())):
            raise ValueError("`x` must be strictly increasing or decreasing.")
        self.c = c.astype(_float_dtype(c.dtype), copy=False)
        self.x = x
        self.extrapolate = extrapolate
        self.axis = axis

    @classmethod
    def construct_fast(cls, c, x, extrapolate=None, axis=0):
        self = object.__new__(cls)
        self.c = c
        self.x = x
        self.extrapolate = True if extrapolate is None else extrapolate
        self.axis = axis
        return self

    @classmethod
    def from_spline(cls, tck, extrapolate=None):
        """The PPoly equal to a BSpline (or a (t, c, k) tuple): breakpoints at every knot,
        c[m, i] the (k - m)-th derivative at t[i] over (k - m)!."""
        from cunp.scipy.interpolate._bspline import BSpline
        if isinstance(tck, BSpline):
            spl = BSpline.construct_fast(tck.t, tck.c, tck.k, True, 0)
            if extrapolate is None:
                extrapolate = tck.extrapolate
        else:
            t, c, k = tck
            t = cp.asarray(t, dtype=numpy.float64)
            n = t.shape[0] - int(k) - 1
            spl = BSpline.construct_fast(t, cp.asarray(c)[:n], int(k), True, 0)
        k = spl.k
        at = spl.t[:-1]
        rows = [spl(at, k - m) / math.factorial(k - m) for m in range(k + 1)]
        return cls.construct_fast(cp.stack(rows), spl.t, extrapolate, 0)

    @classmethod
    def from_bernstein_basis(cls, bp, extrapolate=None):
        """The PPoly equal to a BPoly: the coefficient of s^j is
        sum_{a <= j} c[a] C(k, a) C(k - a, j - a) (-1)^(j - a) / h^j."""
        c = bp.c
        k = c.shape[0] - 1
        h = cp.diff(bp.x).reshape((-1,) + (1,) * (c.ndim - 2))
        rows = []
        for j in range(k, -1, -1):
            acc = cp.zeros_like(c[0])
            for a in range(j + 1):
                acc = acc + c[a] * (math.comb(k, a) * math.comb(k - a, j - a) * (-1) ** (j - a))
            rows.append(acc / h ** j)
        if extrapolate is None:
            extrapolate = bp.extrapolate
        return cls.construct_fast(cp.stack(rows), bp.x, extrapolate, bp.axis)

    def __call__(self, x, nu=0, extrapolate=None):
        """The nu-th derivative at x (any shape); the result has shape
        trailing[:axis] + x.shape + trailing[axis:] of the coefficients' trailing axes."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        if nu < 0:
            raise ValueError("Order of derivative cannot be negative")
        x = cp.asarray(x)
        shape = x.shape
        xf = x.reshape(-1).astype(numpy.float64, copy=False)
        c = self.c if nu == 0 else self.derivative(nu).c
        out = _evaluate(c, self.x, xf, extrapolate, type(self)._pieces)
        out = out.reshape(shape + c.shape[2:])
        if self.axis != 0:
            ndim = len(shape)
            order = list(range(ndim, ndim + self.axis)) + list(range(ndim)) + list(
                range(ndim + self.axis, out.ndim))
            out = out.transpose(order)
        return out

    @staticmethod
    def _pieces(c, x, i, xnew):
        """Each point's polynomial (coefficients c[:, i]) at xnew: Horner's rule in x - x[i]."""
        s = (xnew - x[i]).reshape((-1,) + (1,) * (c.ndim - 2))
        return _horner(c[:, i], s)

    def derivative(self, nu=1):
        """The PPoly of the nu-th derivative."""
        if nu < 0:
            return self.antiderivative(-nu)
        k = self.c.shape[0]
        if nu == 0:
            c2 = self.c.copy()
        elif nu >= k:
            c2 = cp.zeros((1,) + self.c.shape[1:], dtype=self.c.dtype)
        else:
            powers = numpy.arange(k - 1, nu - 1, -1)
            factor = numpy.array([math.perm(int(p), nu) for p in powers], dtype=numpy.float64)
            factor = cp.asarray(factor).reshape((-1,) + (1,) * (self.c.ndim - 1))
            c2 = self.c[:k - nu] * factor
        return type(self).construct_fast(c2, self.x, self.extrapolate, self.axis)

    def antiderivative(self, nu=1):
        """The PPoly of the nu-th antiderivative, zero at x[0] and continuous."""
        if nu <= 0:
            return self.derivative(-nu)
        c = self.c
        for _ in range(nu):
            k = c.shape[0]
            div = cp.asarray(numpy.arange(k, 0, -1, dtype=numpy.float64)).reshape(
                (-1,) + (1,) * (c.ndim - 1))
            c2 = cp.concatenate([c / div, cp.zeros((1,) + c.shape[1:], dtype=c.dtype)])
            # Continuity: each piece starts where the previous one ended.
            h = cp.diff(self.x).reshape((-1,) + (1,) * (c.ndim - 2))
            ends = _horner(c2, h.astype(c.dtype) if c.dtype.kind == "c" else h)
            start = cp.cumsum(ends, axis=0) - ends
            c2[-1] = start
            c = c2
        extrapolate = self.extrapolate
        if extrapolate == "periodic":
            extrapolate = False
        return type(self).construct_fast(c, self.x, extrapolate, self.axis)

    def integrate(self, a, b, extrapolate=None):
        """The definite integral from a to b; with periodic extrapolation, whole periods
        count the integral over [x[0], x[-1]] each."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        anti = self.antiderivative()
        if extrapolate != "periodic":
            vals = anti(cp.asarray([a, b], dtype=numpy.float64), extrapolate=extrapolate)
            vals = cp.moveaxis(vals, self.axis, 0)
            return vals[1] - vals[0]
        sign = 1
        if b < a:
            a, b, sign = b, a, -1
        xs, xe = float(self.x[0]), float(self.x[-1])
        if xe < xs:
            xs, xe = xe, xs
        period = xe - xs
        whole, rest = divmod(b - a, period)
        a = xs + (a - xs) % period
        pts = [xs, xe, a, min(a + rest, xe), xs, xs + max(a + rest - xe, 0.0)]
        vals = cp.moveaxis(anti(cp.asarray(pts, dtype=numpy.float64), extrapolate=False),
                           self.axis, 0)
        res = whole * (vals[1] - vals[0]) + (vals[3] - vals[2]) + (vals[5] - vals[4])
        return sign * res


def _horner(c, s):
    """sum_m c[m] * s^(k-1-m), s broadcast against c[0]."""
    val = c[0] * cp.ones_like(s)
    for m in range(1, c.shape[0]):
        val = val * s + c[m]
    return val


def _evaluate(c, x, xnew, extrapolate, pieces=None):
    """c (k, m, ...) at the flat points xnew: (len(xnew), ...)."""
    m = c.shape[1]
    lo, hi = x[0], x[-1]
    descending = m > 0 and bool(x[-1] < x[0])
    if extrapolate == "periodic":
        xnew = x[0] + cp.remainder(xnew - x[0], x[-1] - x[0])
    if descending:
        i = (x.size - 1) - cp.searchsorted(x[::-1], xnew, side="left")
    else:
        i = cp.searchsorted(x, xnew, side="right") - 1
    i = cp.clip(i, 0, m - 1)
    out = (pieces or PPoly._pieces)(c, x, i, xnew)
    if extrapolate is False:
        outside = (xnew < cp.minimum(lo, hi)) | (xnew > cp.maximum(lo, hi))
        out = cp.where(outside.reshape((-1,) + (1,) * (c.ndim - 2)), cp.nan, out)
    return out
