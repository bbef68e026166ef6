"""Cubic interpolators as PPoly: CubicHermiteSpline from values and slopes; PchipInterpolator
and Akima1DInterpolator whose slopes are local formulas (cunp compositions on the device);
CubicSpline whose slopes solve a tridiagonal system (on the host, a Thomas sweep over the
points, as the system is small and sequential)."""
import numpy

import cunp as cp
from cunp.scipy.interpolate._ppoly import PPoly, _float_dtype


def prepare_input(x, y, axis, dydx=None):
    """(x, dx, y moved to axis 0, axis): SciPy's checks for 1-D interpolators."""
    x = cp.asarray(x)
    y = cp.asarray(y)
    if x.dtype.kind == "c":
        raise ValueError("`x` must contain real values.")
    x = x.astype(numpy.float64, copy=False)
    dt = _float_dtype(y.dtype)
    y = y.astype(dt, copy=False)
    if y.ndim == 0:
        raise ValueError("`y` must have at least 1 dimension")
    axis = axis % y.ndim
    if x.ndim != 1:
        raise ValueError("`x` must be 1-dimensional.")
    if x.shape[0] < 2:
        raise ValueError("`x` must contain at least 2 elements.")
    if x.shape[0] != y.shape[axis]:
        raise ValueError("The length of `y` along `axis`={0} doesn't match the length of `x`"
                         .format(axis))
    if not bool(cp.isfinite(x).all()):
        raise ValueError("`x` must contain only finite values.")
    if not bool(cp.isfinite(y).all()):
        raise ValueError("`y` must contain only finite values.")
    dx = cp.diff(x)
    if bool((dx <= 0).any()):
        raise ValueError("`x` must be strictly increasing sequence.")
    y = cp.moveaxis(y, axis, 0)
    if dydx is not None:
        dydx = cp.asarray(dydx)
        if dydx.shape != cp.moveaxis(y, 0, axis).shape:
            raise ValueError("The shapes of `y` and `dydx` must be identical.")
        if dydx.dtype.kind == "c":
            dt = numpy.dtype(numpy.complex128)
        dydx = cp.moveaxis(dydx.astype(dt, copy=False), axis, 0)
        y = y.astype(dt, copy=False)
    return x, dx, y, axis, dydx


def _expand(v, ndim):
    return v.reshape(v.shape + (1,) * (ndim - 1))


def _hermite_coefficients(x, dx, y, dydx):
    """The (4, n - 1, ...) power-basis coefficients of the cubic Hermite interpolant."""
    h = _expand(dx, y.ndim)
    slope = cp.diff(y, axis=0) / h
    t = (dydx[:-1] + dydx[1:] - 2 * slope) / h
    return cp.stack([t / h, (slope - dydx[:-1]) / h - t, dydx[:-1], y[:-1]])


class CubicHermiteSpline(PPoly):
    """The piecewise cubic with values y and first derivatives dydx at x."""

    def __init__(self, x, y, dydx, axis=0, extrapolate=None):
        if extrapolate is None:
            extrapolate = True
        x, dx, y, axis, dydx = prepare_input(x, y, axis, dydx)
        c = _hermite_coefficients(x, dx, y, dydx)
        super().__init__(c, x, extrapolate=extrapolate)
        self.axis = axis


def _pchip_slopes(x, dx, y):
    h = _expand(dx, y.ndim)
    m = cp.diff(y, axis=0) / h
    if y.shape[0] == 2:
        return cp.concatenate([m, m])
    hk = h
    smk = cp.sign(m)
    # Interior: 0 where the secants change sign or one is flat, else the weighted harmonic
    # mean of the two secants (Fritsch and Butland).
    w1 = 2 * hk[1:] + hk[:-1]
    w2 = hk[1:] + 2 * hk[:-1]
    flat = (smk[1:] != smk[:-1]) | (m[1:] == 0) | (m[:-1] == 0)
    safe_prev = cp.where(flat, 1.0, m[:-1])
    safe_next = cp.where(flat, 1.0, m[1:])
    whmean = (w1 / safe_prev + w2 / safe_next) / (w1 + w2)
    inner = cp.where(flat, 0.0, 1.0 / whmean)
    first = _pchip_end(hk[0], hk[1], m[0], m[1])
    last = _pchip_end(hk[-1], hk[-2], m[-1], m[-2])
    return cp.concatenate([first[None], inner, last[None]])


def _pchip_end(h0, h1, m0, m1):
    """The one-sided three-point slope at an end, kept shape-preserving."""
    d = ((2 * h0 + h1) * m0 - h0 * m1) / (h0 + h1)
    d = cp.where(cp.sign(d) != cp.sign(m0), 0.0, d)
    clip = (cp.sign(m0) != cp.sign(m1)) & (cp.abs(d) > cp.abs(3 * m0))
    return cp.where(clip, 3.0 * m0, d)


class PchipInterpolator(CubicHermiteSpline):
    """The shape-preserving (monotone where the data are) piecewise cubic Hermite interpolant."""

    def __init__(self, x, y, axis=0, extrapolate=None):
        x, dx, y, axis, _ = prepare_input(x, y, axis)
        if y.dtype.kind == "c":
            raise ValueError("`y` must be real-valued for PchipInterpolator")
        dydx = _pchip_slopes(x, dx, y)
        PPoly.__init__(self, _hermite_coefficients(x, dx, y, dydx), x,
                       extrapolate=True if extrapolate is None else extrapolate)
        self.axis = axis


def pchip_interpolate(xi, yi, x, der=0, axis=0):
    """PchipInterpolator(xi, yi, axis)(x), or its der-th derivative(s) (der a list: a list)."""
    p = PchipInterpolator(xi, yi, axis=axis)
    if numpy.ndim(der) == 0:
        return p(x, der)
    return [p(x, d) for d in der]


class Akima1DInterpolator(CubicHermiteSpline):
    """Akima's (method='akima') or the modified Akima ('makima') piecewise cubic; no
    extrapolation unless asked for."""

    def __init__(self, x, y, axis=0, *, method="akima", extrapolate=None):
        if method not in ("akima", "makima"):
            raise NotImplementedError("`method`={} is unsupported.".format(method))
        x, dx, y, axis, _ = prepare_input(x, y, axis)
        if y.dtype.kind == "c":
            raise ValueError("`y` must be real-valued for Akima1DInterpolator")
        h = _expand(dx, y.ndim)
        m = cp.diff(y, axis=0) / h
        # Two extra secants at each end, extended linearly.
        mm = 2 * m[0] - m[1]
        mmm = 2 * mm - m[0]
        mp = 2 * m[-1] - m[-2]
        mpp = 2 * mp - m[-1]
        m4 = cp.concatenate([mmm[None], mm[None], m, mp[None], mpp[None]])
        dm = cp.abs(cp.diff(m4, axis=0))
        if method == "makima":
            pm = cp.abs(m4[1:] + m4[:-1])
            f1 = dm[2:] + 0.5 * pm[2:]
            f2 = dm[:-2] + 0.5 * pm[:-2]
        else:
            f1 = dm[2:]
            f2 = dm[:-2]
        f12 = f1 + f2
        # Where both weights vanish (f12 tiny beside the data's scale) take the plain average.
        big = f12 > 1e-9 * cp.max(f12) if f12.size else f12
        t = cp.where(big, (f1 * m4[1:-2] + f2 * m4[2:-1]) / cp.where(big, f12, 1.0),
                     0.5 * (m4[3:] + m4[:-3]))
        PPoly.__init__(self, _hermite_coefficients(x, dx, y, t), x,
                       extrapolate=False if extrapolate is None else extrapolate)
        self.axis = axis


class CubicSpline(CubicHermiteSpline):
    """The C2 cubic spline through (x, y) with bc_type 'not-a-knot' (default), 'natural',
    'clamped', 'periodic' or ((order, value), (order, value)) pairs at the ends."""

    def __init__(self, x, y, axis=0, bc_type="not-a-knot", extrapolate=None):
        x, dx, y, axis, _ = prepare_input(x, y, axis)
        n = x.shape[0]
        hx = cp.asnumpy(dx)
        hy = cp.asnumpy(y).reshape(n, -1)
        if isinstance(bc_type, str) and bc_type == "periodic":
            if not numpy.allclose(hy[0], hy[-1], rtol=1e-15, atol=1e-15):
                raise ValueError("The first and last `y` point along axis 0 must be identical "
                                 "(within machine precision) when bc_type='periodic'.")
            slopes = _periodic_slopes(hx, hy)
            if extrapolate is None:
                extrapolate = "periodic"
        else:
            slopes = _spline_slopes(hx, hy, _bc(bc_type, y.shape[1:]))
        slopes = slopes.reshape((n,) + y.shape[1:])
        dydx = cp.asarray(slopes).astype(y.dtype, copy=False)
        PPoly.__init__(self, _hermite_coefficients(x, dx, y, dydx), x,
                       extrapolate=True if extrapolate is None else extrapolate)
        self.axis = axis


def _bc(bc_type, trailing):
    if isinstance(bc_type, str):
        if bc_type == "periodic":
            raise ValueError("'periodic' must be given for both ends")
        pairs = {"not-a-knot": "not-a-knot", "natural": (2, 0.0), "clamped": (1, 0.0)}
        if bc_type not in pairs:
            raise ValueError("bc_type={} is not allowed.".format(bc_type))
        return pairs[bc_type], pairs[bc_type]
    if len(bc_type) != 2:
        raise ValueError("`bc_type` must contain 2 elements to specify start and end "
                         "conditions.")
    out = []
    for b in bc_type:
        if isinstance(b, str):
            out.append(_bc(b, trailing)[0])
            continue
        order, value = b
        if order not in (1, 2):
            raise ValueError("The specified derivative order must be 1 or 2.")
        value = numpy.asarray(cp.asnumpy(value) if isinstance(value, cp.ndarray) else value)
        if value.shape != tuple(trailing):
            raise ValueError("`deriv_value` shape {} is not the expected one {}."
                             .format(value.shape, tuple(trailing)))
        out.append((order, value))
    return tuple(out)


def _spline_slopes(h, y, bc):
    """First derivatives of the cubic spline at the points (host NumPy; y (n, r))."""
    n = y.shape[0]
    r = y.shape[1]
    slope = numpy.diff(y, axis=0) / h[:, None]
    if n == 2 and bc == ("not-a-knot", "not-a-knot"):
        return numpy.vstack([slope, slope])
    if n == 3 and bc == ("not-a-knot", "not-a-knot"):
        # The parabola through three points.
        a = (slope[1] - slope[0]) / (h[0] + h[1])
        return numpy.vstack([slope[0] - a * h[0], slope[0] + a * h[0], slope[1] + a * h[1]])
    lower = numpy.zeros(n, dtype=numpy.float64)
    diag = numpy.zeros(n, dtype=numpy.float64)
    upper = numpy.zeros(n, dtype=numpy.float64)
    rhs = numpy.zeros((n, r), dtype=y.dtype)
    lower[1:-1] = h[1:]
    diag[1:-1] = 2 * (h[:-1] + h[1:])
    upper[1:-1] = h[:-1]
    rhs[1:-1] = 3 * (h[1:, None] * slope[:-1] + h[:-1, None] * slope[1:])
    start, end = bc
    if start == "not-a-knot":
        d = h[0] + h[1]
        diag[0], upper[0] = h[1], d
        rhs[0] = ((h[0] + 2 * d) * h[1] * slope[0] + h[0] ** 2 * slope[1]) / d
    elif start[0] == 1:
        diag[0], upper[0] = 1, 0
        rhs[0] = start[1]
    else:
        diag[0], upper[0] = 2, 1
        rhs[0] = 3 * slope[0] - 0.5 * start[1] * h[0]
    if end == "not-a-knot":
        d = h[-1] + h[-2]
        lower[-1], diag[-1] = d, h[-2]
        rhs[-1] = (h[-1] ** 2 * slope[-2] + (2 * d + h[-1]) * h[-2] * slope[-1]) / d
    elif end[0] == 1:
        lower[-1], diag[-1] = 0, 1
        rhs[-1] = end[1]
    else:
        lower[-1], diag[-1] = 1, 2
        rhs[-1] = 3 * slope[-1] + 0.5 * end[1] * h[-1]
    return _thomas(lower, diag, upper, rhs)


def _periodic_slopes(h, y):
    """Slopes of the periodic spline: the n - 1 distinct points' continuity equations wrap
    around, a cyclic system solved densely on the host (small)."""
    n = y.shape[0]
    slope = numpy.diff(y, axis=0) / h[:, None]
    if n == 2:
        return numpy.zeros_like(y)  # y[0] == y[1]: the constant
    m = n - 1
    a = numpy.zeros((m, m))
    rhs = numpy.zeros((m, y.shape[1]), dtype=y.dtype)
    for i in range(m):
        hl, hr = h[i - 1], h[i]         # the intervals left and right of point i (cyclic)
        a[i, (i - 1) % m] += hr
        a[i, i] += 2 * (hl + hr)
        a[i, (i + 1) % m] += hl
        rhs[i] = 3 * (hr * slope[i - 1] + hl * slope[i])
    s = numpy.linalg.solve(a, rhs)
    return numpy.vstack([s, s[:1]])


def _thomas(lower, diag, upper, rhs):
    """Solves the tridiagonal system (lower[i] x[i-1] + diag[i] x[i] + upper[i] x[i+1] ==
    rhs[i]) by elimination without pivoting (the spline systems are diagonally dominant, or
    nearly so at not-a-knot ends)."""
    n = diag.shape[0]
    c = numpy.zeros(n)
    d = numpy.zeros_like(rhs)
    c[0] = upper[0] / diag[0]
    d[0] = rhs[0] / diag[0]
    for i in range(1, n):
        denom = diag[i] - lower[i] * c[i - 1]
        c[i] = upper[i] / denom if i < n - 1 else 0.0
        d[i] = (rhs[i] - lower[i] * d[i - 1]) / denom
    x = numpy.empty_like(d)
    x[-1] = d[-1]
    for i in range(n - 2, -1, -1):
        x[i] = d[i] - c[i] * x[i + 1]
    return x
