"""UnivariateSpline, InterpolatedUnivariateSpline and LSQUnivariateSpline. The fits run on the
host (len(x) is small): the smoothing spline follows Dierckx's method ("Curve and Surface
Fitting with Splines", 1993, ch. 5, as in FITPACK's curfit): least-squares splines on a growing
set of knots, each new knot at a data point inside the interval with the largest residual sum,
until the residual sum drops below s; then the smoothing parameter p of
||W (A c - y)||^2 + p^-2 ||B c||^2 (B: jumps of the k-th derivative at the interior knots) is
found by rational interpolation so that the residual sum is s to 0.1%. Evaluation,
derivatives and integrals run on the device as a BSpline."""
import warnings

import numpy

import cunp as cp
from cunp.scipy.interpolate._bspline import BSpline, _default_knots, _host_design

_EXT = {"extrapolate": 0, "zeros": 1, "raise": 2, "const": 3}
_TOL, _MAXIT = 0.001, 20


def _host(a, dtype=numpy.float64):
    return numpy.asarray(cp.asnumpy(cp.asarray(a)), dtype=dtype)


def _lsq(t, k, x, y, w):
    """Weighted least-squares spline on knots t: coefficients, residual sum, per-point
    weighted squared residuals and the absolute diagonal of R (A = QR)."""
    a = _host_design(t, x, k) * w[:, None]
    c = numpy.linalg.lstsq(a, y * w, rcond=None)[0]
    res = (a @ c - y * w) ** 2
    diag = numpy.abs(numpy.diag(numpy.linalg.qr(a, mode="r")))
    return c, float(res.sum()), res, diag


def _interval_sums(t, k, x, res):
    """Residual sum of each knot interval; a point on an interior knot counts half to each
    side."""
    n = t.shape[0]
    inner = t[k + 1:n - k - 1]
    sums = numpy.zeros(inner.shape[0] + 1)
    j = 0
    for xi, r in zip(x, res):
        if j < inner.shape[0] and xi >= inner[j]:
            sums[j] += r / 2
            j += 1
            sums[j] += r / 2
        else:
            sums[j] += r
    return sums


def _add_knot(t, k, x, sums, counts):
    """Dierckx's knot insertion: in the interval with the largest residual sum that still
    holds data points strictly inside, a knot at its middle data point; the interval's sum
    and count are split in proportion."""
    best, start, first = -1, 0, 0
    fpmax = 0.0
    for j in range(counts.shape[0]):
        if counts[j] and sums[j] > fpmax:
            fpmax, best, first = sums[j], j, start
        start += counts[j] + 1
    total = counts[best]
    half = total // 2 + 1
    new = x[first + half]
    left, right = half - 1, total - half
    sums = numpy.r_[sums[:best], fpmax * left / total, fpmax * right / total, sums[best + 1:]]
    counts = numpy.r_[counts[:best], left, right, counts[best + 1:]]
    t = numpy.r_[t[:k + 1 + best], new, t[k + 1 + best:]]
    return t, sums, counts


def _jumps(t, k):
    """(interior knots, len(t) - k - 1): the jump of each B-spline's k-th derivative at each
    interior knot, scaled as FITPACK scales it (the scale enters the path of p)."""
    n = t.shape[0]
    nk1 = n - k - 1
    fac = (nk1 - k) / (t[nk1] - t[k])
    b = numpy.zeros((nk1 - k - 1, nk1))
    for row, l in enumerate(range(k + 1, nk1)):
        for p in range(l - k - 1, l + 1):
            others = [t[l] - t[i] for i in range(p, p + k + 2) if i != l]
            prod = others[0]
            for h in others[1:]:
                prod *= h * fac
            b[row, p] = (t[p + k + 1] - t[p]) / prod
    return b


def _rational(p1, f1, p2, f2, p3, f3):
    """The zero of the rational function through (p1, f1), (p2, f2), (p3, f3) (p3 < 0 stands
    for infinity), and the bracket updated so that f1 > 0 > f3."""
    if p3 > 0:
        h1, h2, h3 = f1 * (f2 - f3), f2 * (f3 - f1), f3 * (f1 - f2)
        p = -(p1 * p2 * h3 + p2 * p3 * h1 + p3 * p1 * h2) / (p1 * h1 + p2 * h2 + p3 * h3)
    else:
        p = (p1 * (f1 - f3) * f2 - p2 * (f2 - f3) * f1) / ((f1 - f2) * f3)
    if f2 < 0:
        p3, f3 = p2, f2
    else:
        p1, f1 = p2, f2
    return p, p1, f1, p3, f3


def _smooth_fit(x, y, w, xb, xe, k, s, state=None):
    """Knots, coefficients, residual sum and the state to resume from (knots, per-interval
    data counts, fp0, fpold, nplus, the status flag and the knot room) of the smoothing
    spline with residual sum <= s. With a state, the search goes on from its knots when the
    polynomial fit is still too rough for s (as FITPACK's curfit with iopt=1)."""
    m = x.shape[0]
    nmin, nmax = 2 * k + 2, m + k + 1
    # Interpolation: not-a-knot interior knots, the ends at the bounding box.
    inner = _default_knots(x, k)[k + 1:-k - 1]
    interp_knots = numpy.r_[(xb,) * (k + 1), inner, (xe,) * (k + 1)]
    if s == 0:
        return interp_knots, _lsq(interp_knots, k, x, y, w)[0], 0.0, None
    acc = _TOL * s
    if state is not None and state["t"].shape[0] != nmin and state["fp0"] > s:
        t, counts, fp0 = state["t"], state["counts"], state["fp0"]
        fpold, nplus, ier, nest = state["fpold"], state["nplus"], state["ier"], state["nest"]
    else:
        t = numpy.r_[(xb,) * (k + 1), (xe,) * (k + 1)]
        counts, fp0, fpold, nplus = numpy.array([m - 2]), None, 0.0, 0
        ier = 0 if state is None else state["ier"]
        # SciPy first fits with room for max(m // 2, nmin) knots and, if that is reached,
        # goes on from those knots with room for nmax (the status flag then makes it add one
        # knot first): where that pause happens changes which knots are added.
        nest = max(m // 2, nmin) if state is None else state["nest"]

    def done(c, fp, status):
        return t, c, fp, dict(t=t, counts=counts, fp0=fp0, fpold=fpold, nplus=nplus,
                              ier=status, nest=nest)

    while True:
        if t.shape[0] == nmin:
            ier = -2
        c, fp, res, diag = _lsq(t, k, x, y, w)
        if t.shape[0] == nmin:
            fp0 = fp
            if fp0 <= s:
                return done(c, fp, -2)
        fpms = fp - s
        if abs(fpms) < acc:
            return done(c, fp, ier)
        if fpms < 0:
            break
        if t.shape[0] == nmax:
            return done(c, fp, -1)
        if t.shape[0] >= nest:
            nest, ier = nmax, 1
        if ier == 0:
            npl1 = nplus * 2
            if fpold - fp > acc:
                npl1 = int(nplus * fpms / (fpold - fp))
            nplus = min(nplus * 2, max(npl1, nplus // 2, 1))
        else:
            nplus, ier = 1, 0
        fpold = fp
        sums = _interval_sums(t, k, x, res)
        for _ in range(nplus):
            t, sums, counts = _add_knot(t, k, x, sums, counts)
            if t.shape[0] == nmax:
                t = interp_knots
                break
            if t.shape[0] == nest:
                break
    # The smoothing part: fp(p) = s by rational interpolation, from p = nk1 / trace(R).
    nk1 = t.shape[0] - k - 1
    b = _jumps(t, k)
    a = _host_design(t, x, k) * w[:, None]
    rhs = numpy.r_[y * w, numpy.zeros(b.shape[0])]
    p1, f1, p3, f3 = 0.0, fp0 - s, -1.0, fpms
    p = nk1 / diag.sum()
    ich1 = ich3 = 0
    status = 0
    for it in range(1, _MAXIT + 1):
        c = numpy.linalg.lstsq(numpy.r_[a, b / p], rhs, rcond=None)[0]
        fp = float(((a @ c - y * w) ** 2).sum())
        fpms = fp - s
        if abs(fpms) < acc:
            break
        if it == _MAXIT:
            status = 3
            warnings.warn("The maximal number of iterations (20) allowed for finding the "
                          "smoothing spline with fp=s has been reached: s too small.",
                          RuntimeWarning, stacklevel=3)
            break
        p2, f2 = p, fpms
        if not ich3:
            if f2 - f3 <= acc:
                # p too large: go down.
                p3, f3 = p2, f2
                p = p * 0.04
                if p <= p1:
                    p = p1 * 0.9 + p2 * 0.1
                continue
            if f2 < 0:
                ich3 = 1
        if not ich1:
            if f1 - f2 <= acc:
                # p too small: go up.
                p1, f1 = p2, f2
                p = p / 0.04
                if p3 >= 0 and p >= p3:
                    p = p2 * 0.1 + p3 * 0.9
                continue
            if f2 > 0:
                ich1 = 1
        if f2 >= f1 or f2 <= f3:
            status = 2
            warnings.warn("A theoretically impossible result was found during the iteration "
                          "process for finding a smoothing spline with fp = s: s too small.",
                          RuntimeWarning, stacklevel=3)
            break
        p, p1, f1, p3, f3 = _rational(p1, f1, p2, f2, p3, f3)
    return done(c, fp, status)


class UnivariateSpline:
    """A smoothing spline of degree k (1 <= k <= 5) with sum (w (y - spl(x)))^2 <= s
    (s = len(x) by default); ext: 0/'extrapolate', 1/'zeros', 2/'raise', 3/'const'."""

    def __init__(self, x, y, w=None, bbox=[None] * 2, k=3, s=None, ext=0,  # noqa: B006
                 check_finite=False):
        hx, hy = _host(x), _host(y)
        hw = numpy.ones_like(hx) if w is None else _host(w)
        if s is None:
            s = float(hw.shape[0])
        self._check(hx, hy, hw, k, s, check_finite)
        xb = hx[0] if bbox[0] is None else float(bbox[0])
        xe = hx[-1] if bbox[1] is None else float(bbox[1])
        t, c, fp, self._state = _smooth_fit(hx, hy, hw, xb, xe, k, s)
        self._fit = (hx, hy, hw, xb, xe)
        self._set(t, c, k, fp, ext)

    @staticmethod
    def _check(x, y, w, k, s, check_finite):
        if x.ndim != 1 or y.ndim != 1 or w.ndim != 1:
            raise ValueError("x, y, and w should be 1-D arrays")
        if x.shape != y.shape:
            raise ValueError("x and y should have a same length")
        if x.shape != w.shape:
            raise ValueError("x, y, and w should have a same length")
        if not 1 <= k <= 5:
            raise ValueError("k should be 1 <= k <= 5")
        if x.shape[0] <= k:
            raise ValueError("x should have at least k+1 points")
        if s < 0:
            raise ValueError("s should be s >= 0.0")
        if check_finite and not (numpy.isfinite(x).all() and numpy.isfinite(y).all()
                                 and numpy.isfinite(w).all()):
            raise ValueError("x and y array must not contain NaNs or infs.")
        if s == 0 and numpy.any(numpy.diff(x) <= 0):
            raise ValueError("x must be strictly increasing if s = 0")
        if s > 0 and numpy.any(numpy.diff(x) < 0):
            raise ValueError("x must be increasing if s > 0")

    def _set(self, t, c, k, fp, ext):
        if ext in _EXT:
            ext = _EXT[ext]
        if ext not in (0, 1, 2, 3):
            raise ValueError("Unknown extrapolation mode %s." % ext)
        self.ext = ext
        n = t.shape[0] - k - 1
        self._t, self._k, self._fp = t, k, fp
        self._c = numpy.asarray(c)[:n]
        self._spl = BSpline(cp.asarray(t), cp.asarray(self._c), k)

    @classmethod
    def _from_tck(cls, t, c, k, ext=0, fp=None):
        self = object.__new__(cls)
        self._set(numpy.asarray(t), c, k, fp, ext)
        return self

    def __call__(self, x, nu=0, ext=None):
        ext = self.ext if ext is None else _EXT.get(ext, ext)
        x = cp.asarray(x, dtype=numpy.float64)
        lo, hi = self._t[self._k], self._t[-self._k - 1]
        if ext == 2 and bool(((x < lo) | (x > hi)).any()):
            raise ValueError("Found x value not in the domain")
        xs = cp.clip(x, lo, hi) if ext == 3 else x
        out = self._spl(xs, nu)
        if ext == 1:
            out = cp.where((x < lo) | (x > hi), 0.0, out)
        return out

    def get_knots(self):
        return cp.asarray(self._t[self._k:self._t.shape[0] - self._k])

    def get_coeffs(self):
        return cp.asarray(self._c)

    def get_residual(self):
        return self._fp

    def integral(self, a, b):
        """The integral over [a, b] ∩ [t[k], t[n]] (zero outside, as FITPACK's splint)."""
        lo, hi = self._t[self._k], self._t[-self._k - 1]
        sign = 1.0
        if b < a:
            a, b, sign = b, a, -1.0
        a, b = min(max(a, lo), hi), min(max(b, lo), hi)
        anti = self._spl.antiderivative()
        v = anti(cp.asarray([a, b], dtype=numpy.float64))
        return float(v[1] - v[0]) * sign

    def derivatives(self, x):
        """The value and all k derivatives at the point x."""
        return cp.stack([cp.asarray(self._spl(cp.asarray(float(x)), nu))
                         for nu in range(self._k + 1)])

    def roots(self):
        """The zeros of a cubic spline within its domain, as sproot finds them: per knot
        interval, the real roots of the cubic piece (on the host)."""
        if self._k != 3:
            raise NotImplementedError("finding roots unsupported for non-cubic splines")
        t, c = self._t, self._c
        found = []
        for j in range(3, t.shape[0] - 4):
            lo, hi = t[j], t[j + 1]
            if hi <= lo:
                continue
            xs = numpy.linspace(lo, hi, 4)
            vals = _host_design(t, xs, 3) @ c
            poly = numpy.polyfit(xs - lo, vals, 3)
            for r in numpy.roots(poly):
                if abs(r.imag) <= 1e-12 * max(1.0, hi - lo):
                    r = r.real + lo
                    if lo <= r <= hi and (not found or r - found[-1] > 1e-12 * (hi - lo)):
                        found.append(r)
        return cp.asarray(numpy.array(found, dtype=numpy.float64))

    def derivative(self, n=1):
        spl = self._spl.derivative(n)
        return UnivariateSpline._from_tck(_host(spl.t), _host(spl.c), spl.k, self.ext)

    def antiderivative(self, n=1):
        spl = self._spl.antiderivative(n)
        return UnivariateSpline._from_tck(_host(spl.t), _host(spl.c), spl.k, self.ext)

    def set_smoothing_factor(self, s):
        """Refit with smoothing factor s, going on from the knots found so far."""
        fit = getattr(self, "_fit", None)
        if fit is None:
            warnings.warn("smoothing factor unchanged for LSQ spline with fixed knots",
                          stacklevel=2)
            return
        t, c, fp, self._state = _smooth_fit(*fit, self._k, s, self._state)
        self._set(t, c, self._k, fp, self.ext)


class InterpolatedUnivariateSpline(UnivariateSpline):
    """The interpolating spline (s = 0) through (x, y)."""

    def __init__(self, x, y, w=None, bbox=[None] * 2, k=3, ext=0,  # noqa: B006
                 check_finite=False):
        hx, hy = _host(x), _host(y)
        hw = numpy.ones_like(hx) if w is None else _host(w)
        if numpy.any(numpy.diff(hx) <= 0):
            raise ValueError("x must be strictly increasing")
        self._check(hx, hy, hw, k, 0.0, check_finite)
        t, c, fp, self._state = _smooth_fit(hx, hy, hw, hx[0], hx[-1], k, 0)
        self._fit = (hx, hy, hw, hx[0], hx[-1])
        self._set(t, c, k, fp, ext)


class LSQUnivariateSpline(UnivariateSpline):
    """The weighted least-squares spline with the given interior knots t."""

    def __init__(self, x, y, t, w=None, bbox=[None] * 2, k=3, ext=0,  # noqa: B006
                 check_finite=False):
        hx, hy, ht = _host(x), _host(y), _host(t)
        hw = numpy.ones_like(hx) if w is None else _host(w)
        self._check(hx, hy, hw, k, 1.0, check_finite)
        xb = hx[0] if bbox[0] is None else float(bbox[0])
        xe = hx[-1] if bbox[1] is None else float(bbox[1])
        if not (xb < ht[0] if ht.size else True) or (ht.size and not ht[-1] < xe) or numpy.any(
                numpy.diff(ht) < 0):
            raise ValueError("Interior knots t must satisfy Schoenberg-Whitney conditions")
        tt = numpy.r_[(xb,) * (k + 1), ht, (xe,) * (k + 1)]
        c, fp, _, _ = _lsq(tt, k, hx, hy, hw)
        self._set(tt, c, k, fp, ext)
