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
        self.extrapolate = "periodic" if extrapolate == "periodic" else bool(extrapolate)
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
        if extrapolate == "periodic":
            # One period is [t[k], t[n]]: map every point into it.
            xf = t[k] + cp.remainder(xf - t[k], t[n] - t[k])
            extrapolate = True
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
        t, c, k = _derivative_tck(cp, self.t, self.c, self.k, nu)
        return BSpline.construct_fast(t, c, k, self.extrapolate, self.axis)

    def antiderivative(self, nu=1):
        """The BSpline of the nu-th antiderivative (degree k + nu), zero at t[k]."""
        t, c, k = _antiderivative_tck(cp, self.t, self.c, self.k, nu)
        extrapolate = self.extrapolate
        if extrapolate == "periodic":
            extrapolate = False
        return BSpline.construct_fast(t, c, k, extrapolate, self.axis)

    def integrate(self, a, b, extrapolate=None):
        """The integral from a to b: over [a, b] clipped to the base interval [t[k], t[n]]
        when not extrapolating, whole periods plus the remainder when periodic."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        t, k = self.t, self.k
        n = t.shape[0] - k - 1
        lo, hi = float(t[k]), float(t[n])
        sign = 1.0
        if b < a:
            a, b, sign = b, a, -1.0
        anti = BSpline.construct_fast(*_antiderivative_tck(cp, t, self.c, k, 1), True, 0)
        if extrapolate == "periodic":
            period = hi - lo
            whole, rest = divmod(b - a, period)
            a = lo + (a - lo) % period
            pts = [lo, hi, a, min(a + rest, hi), lo, lo + max(a + rest - hi, 0.0)]
            v = anti(cp.asarray(pts, dtype=numpy.float64))
            res = whole * (v[1] - v[0]) + (v[3] - v[2]) + (v[5] - v[4])
        else:
            if not extrapolate:
                a, b = min(max(a, lo), hi), min(max(b, lo), hi)
            v = anti(cp.asarray([a, b], dtype=numpy.float64))
            res = v[1] - v[0]
        return res * sign


def _derivative_tck(xp, t, c, k, nu):
    """Knots, coefficients and degree of the nu-th derivative: differences of neighbouring
    coefficients scaled by k / (t[j + k + 1] - t[j + 1]), one knot fewer at each end."""
    n = t.shape[0] - k - 1
    c = c[:n]
    for _ in range(nu):
        if k == 0:
            c = xp.zeros_like(c[:max(c.shape[0] - 1, 1)])
            t = t[1:-1] if t.shape[0] > 2 else t
            break
        span = (t[k + 1:k + c.shape[0]] - t[1:c.shape[0]])
        span = span.reshape((-1,) + (1,) * (c.ndim - 1))
        c = k * (c[1:] - c[:-1]) / xp.where(span == 0, 1.0, span)
        t = t[1:-1]
        k -= 1
    return t, c, k


def _antiderivative_tck(xp, t, c, k, nu):
    """The inverse of _derivative_tck: running sums of c[j] (t[j + k + 1] - t[j]) / (k + 1),
    starting from 0, with the end knots repeated once more. Padded like FITPACK (the last
    coefficient repeated up to len(t))."""
    n = t.shape[0] - k - 1
    c = c[:n]
    for _ in range(nu):
        n = t.shape[0] - k - 1
        span = (t[k + 1:k + 1 + n] - t[:n]).reshape((-1,) + (1,) * (c.ndim - 1))
        run = xp.cumsum(c[:n] * span, axis=0) / (k + 1)
        zero = xp.zeros((1,) + c.shape[1:], dtype=run.dtype)
        c = xp.concatenate([zero, run])
        t = xp.concatenate([t[:1], t, t[-1:]])
        k += 1
    pad = t.shape[0] - c.shape[0]
    if pad > 0:
        c = xp.concatenate([c, xp.broadcast_to(c[-1:], (pad,) + c.shape[1:])])
    return t, c, k


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


def _bc_side(bc, k):
    """One end's boundary conditions as a list of (derivative order, value) pairs."""
    if bc is None or bc == "not-a-knot":
        return None
    if isinstance(bc, str):
        if bc == "clamped":
            return [(1, 0.0)]
        if bc == "natural":
            return [(2, 0.0)]
        raise ValueError("Unknown boundary condition: %s" % bc)
    return [(operator.index(o), v) for o, v in bc]


def _split_bc(bc_type, k):
    if isinstance(bc_type, str) or bc_type is None:
        return _bc_side(bc_type, k), _bc_side(bc_type, k)
    try:
        left, right = bc_type
    except (TypeError, ValueError) as e:
        raise ValueError("Unknown boundary condition: %s" % (bc_type,)) from e
    return _bc_side(left, k), _bc_side(right, k)


def _host_design(t, x, k, nu=0):
    """The (len(x), len(t) - k - 1) matrix of the nu-th derivatives of the basis functions at
    x, on the host."""
    n = t.shape[0] - k - 1
    if nu:
        # Derivatives of all basis functions at once: differentiate the identity coefficients.
        tt, cc, kk = _derivative_tck(numpy, t, numpy.eye(n), k, nu)
        return _host_design(tt, x, kk) @ cc if kk >= 0 else numpy.zeros((x.shape[0], n))
    left = _interval(numpy, t, x, k, n, True)
    basis = _basis(numpy, t, x, left, k)
    a = numpy.zeros((x.shape[0], n))
    rows = numpy.arange(x.shape[0])
    for r in range(k + 1):
        a[rows, left - k + r] += basis[r]
    return a


def _host_xy(x, y, axis, check_finite):
    y = cp.asarray(y)
    axis = axis % y.ndim if y.ndim else 0
    hx = numpy.asarray(cp.asnumpy(cp.asarray(x)), dtype=numpy.float64)
    hy = numpy.moveaxis(cp.asnumpy(y), axis, 0)
    if hx.shape[0] != hy.shape[0]:
        raise ValueError("Shapes of x {} and y {} are incompatible"
                         .format(hx.shape, hy.shape))
    if check_finite and not (numpy.isfinite(hx).all() and numpy.isfinite(hy).all()):
        raise ValueError("array must not contain infs or NaNs")
    return hx, hy, axis


def make_interp_spline(x, y, k=3, t=None, bc_type=None, axis=0, check_finite=True):
    """The degree-k BSpline through (x, y) (x strictly increasing). bc_type: None or
    'not-a-knot' (not-a-knot knots), 'clamped', 'natural', or a pair (left, right) of those or
    of lists of (derivative order, value); then the knots are the data points with the ends
    repeated k + 1 times, and the k - 1 conditions close the system. 'periodic': y[0] == y[-1]
    and the spline and its first k - 1 derivatives are periodic."""
    k = operator.index(k)
    hx, hy, axis = _host_xy(x, y, axis, check_finite)
    if hx.ndim != 1 or (hx.shape[0] > 1 and numpy.any(numpy.diff(hx) < 0)):
        raise ValueError("Expect x to be a 1D strictly increasing sequence.")
    if numpy.any(numpy.diff(hx) == 0):
        raise ValueError("Expect x to not have duplicates")
    if k < 0:
        raise ValueError("Expect non-negative k.")
    if isinstance(bc_type, str) and bc_type == "periodic":
        if not numpy.allclose(hy[0], hy[-1], atol=1e-15):
            raise ValueError("First and last points does not match while periodic case "
                             "expected")
    if isinstance(bc_type, str) and bc_type == "periodic" and k < 2:
        # As SciPy: below degree 2 there is nothing to make periodic; the usual spline.
        bc_type = None
    if isinstance(bc_type, str) and bc_type == "periodic":
        if t is not None:
            raise NotImplementedError("make_interp_spline: periodic with given knots")
        return _periodic_spline(hx, hy, k, axis)
    deriv_l, deriv_r = _split_bc(bc_type, k)
    if k == 0:
        if t is not None or deriv_l is not None or deriv_r is not None:
            raise NotImplementedError("make_interp_spline: k=0 with given knots or bc_type")
        tt = numpy.r_[hx, hx[-1]]
        return BSpline(tt, cp.asarray(hy), 0, axis=0)._with_axis(axis)
    n = hx.shape[0]
    nleft = len(deriv_l) if deriv_l is not None else 0
    nright = len(deriv_r) if deriv_r is not None else 0
    if t is None:
        if deriv_l is None and deriv_r is None:
            tt = _default_knots(hx, k)
        else:
            tt = numpy.r_[(hx[0],) * k, hx, (hx[-1],) * k]
    else:
        tt = numpy.asarray(cp.asnumpy(cp.asarray(t)), dtype=numpy.float64)
    nt = tt.shape[0] - k - 1
    if nt - n != nleft + nright:
        raise ValueError("The number of derivatives at boundaries does not match: expected %s,"
                         " got %s+%s" % (nt - n, nleft, nright))
    if hx[0] < tt[k] or hx[-1] > tt[nt]:
        raise ValueError("Out of bounds w/ x = %s." % hx)
    flat = hy.reshape(n, -1)
    dt = numpy.complex128 if flat.dtype.kind == "c" else numpy.float64
    rows, rhs = [], []
    for side, at in ((deriv_l, hx[:1]), (None, None), (deriv_r, hx[-1:])):
        if at is None:
            rows.append(_host_design(tt, hx, k))
            rhs.append(flat.astype(dt))
            continue
        for order, value in side or ():
            rows.append(_host_design(tt, at, k, order))
            value = numpy.asarray(cp.asnumpy(cp.asarray(value)))
            rhs.append(numpy.broadcast_to(value.reshape(1, -1), (1, flat.shape[1])).astype(dt))
    a, b = numpy.concatenate(rows), numpy.concatenate(rhs)
    if a.shape[0] != a.shape[1]:
        raise ValueError("The number of derivatives at boundaries does not match.")
    try:
        coef = numpy.linalg.solve(a, b)
    except numpy.linalg.LinAlgError as e:
        raise numpy.linalg.LinAlgError("Collocation matrix is singular.") from e
    coef = coef.reshape((nt,) + hy.shape[1:])
    return BSpline(tt, cp.asarray(coef), k, axis=0)._with_axis(axis)


def _periodic_knots(x, k):
    """The data points (for even k, points moved half a step left, so knots sit between data
    points) extended k knots past each end by the steps from the other end."""
    xc = x.copy()
    if k % 2 == 0:
        d = numpy.diff(xc)
        xc[1:-1] -= d[:-1] / 2
    d = numpy.diff(xc)
    t = numpy.zeros(xc.shape[0] + 2 * k)
    t[k:t.shape[0] - k] = xc
    for i in range(k):
        t[k - i - 1] = t[k - i] - d[-(i + 1)]
        t[t.shape[0] - k + i] = t[t.shape[0] - k + i - 1] + d[i]
    return t


def _periodic_spline(x, y, k, axis):
    """Periodic interpolation: the n + k - 1 coefficients repeat (c[j + n - 1] = c[j]), so the
    n - 1 free ones come from interpolating at x[:-1] with the wrapped columns folded back."""
    n = x.shape[0]
    if n <= k:
        raise ValueError("Expect at least %d points for periodic interpolation with k=%d"
                         % (k + 1, k))
    t = _periodic_knots(x, k)
    a = _host_design(t, x[:-1], k)
    folded = a[:, :n - 1].copy()
    folded[:, :a.shape[1] - (n - 1)] += a[:, n - 1:]
    flat = y[:-1].reshape(n - 1, -1)
    dt = numpy.complex128 if flat.dtype.kind == "c" else numpy.float64
    try:
        free = numpy.linalg.solve(folded, flat.astype(dt))
    except numpy.linalg.LinAlgError as e:
        raise numpy.linalg.LinAlgError("Collocation matrix is singular.") from e
    coef = numpy.concatenate([free, free[:a.shape[1] - (n - 1)]])
    coef = coef.reshape((coef.shape[0],) + y.shape[1:])
    return BSpline(t, cp.asarray(coef), k, extrapolate="periodic", axis=0)._with_axis(axis)


def make_lsq_spline(x, y, t, k=3, w=None, axis=0, check_finite=True, *, method="qr"):
    """The degree-k BSpline on knots t minimising sum (w_j (spl(x_j) - y_j))^2, solved on the
    host by least squares (the design matrix has len(x) rows and len(t) - k - 1 columns)."""
    k = operator.index(k)
    if method not in ("qr", "norm-eq"):
        raise ValueError("Unknown method = %s." % method)
    hx, hy, axis = _host_xy(x, y, axis, check_finite)
    tt = numpy.asarray(cp.asnumpy(cp.asarray(t)), dtype=numpy.float64)
    m = hx.shape[0]
    if w is None:
        hw = numpy.ones(m)
    else:
        hw = numpy.asarray(cp.asnumpy(cp.asarray(w)), dtype=numpy.float64)
    if hx.ndim != 1 or numpy.any(hx[1:] < hx[:-1]):
        raise ValueError("Expect x to be a 1D non-decreasing sequence.")
    if tt.ndim != 1 or numpy.any(tt[1:] < tt[:-1]):
        raise ValueError("Expect t to be a 1-D sorted array_like.")
    if k < 0:
        raise ValueError("Expect non-negative k.")
    if hw.ndim != 1 or hw.shape[0] != m:
        raise ValueError("Shape of w %s is incompatible with x." % (hw.shape,))
    n = tt.shape[0] - k - 1
    if m < k + 1:
        raise ValueError("Need more x points.")
    if hx[0] < tt[k] or hx[-1] > tt[n]:
        raise ValueError("Out of bounds w/ x = %s." % hx)
    a = _host_design(tt, hx, k) * hw[:, None]
    flat = hy.reshape(m, -1)
    dt = numpy.complex128 if flat.dtype.kind == "c" else numpy.float64
    b = flat.astype(dt) * hw[:, None]
    coef, _, rank, _ = numpy.linalg.lstsq(a, b, rcond=None)
    if rank < n:
        raise numpy.linalg.LinAlgError("Matrix is singular: the Schoenberg-Whitney "
                                       "conditions fail for these knots and points.")
    coef = coef.reshape((n,) + hy.shape[1:])
    return BSpline(tt, cp.asarray(coef), k, axis=0)._with_axis(axis)


def _with_axis(self, axis):
    # The coefficients are stored with the interpolation axis first; results put the new
    # points' axes where `axis` was in y.
    self.axis = axis
    return self


BSpline._with_axis = _with_axis
