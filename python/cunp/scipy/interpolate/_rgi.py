"""RegularGridInterpolator and interpn. 'linear' and 'nearest': per dimension an interval
search (searchsorted) and a weight, then the 2^d corners of each point's cell gathered and
blended (linear) or the nearest grid point gathered. 'cubic' and 'quintic': the tensor-product
interpolating B-spline of degree 3 or 5 with not-a-knot knots (as SciPy's): its coefficients
come from one collocation solve per axis (cuSOLVER, all grid lines at once), and each point sums
(k + 1)^d coefficients weighted by products of its per-axis basis values. 'pchip': 1-D PCHIP
folded axis by axis from the last, for all points at once. Derivatives (nu=) exist for the
spline methods only, as in SciPy: 'slinear' is then the degree-1 spline (its values equal
'linear''s, so only a derivative call builds it), and an NdBSpline on the same knots and
coefficients differentiates."""
import itertools

import numpy

import cunp as cp
from cunp.scipy.interpolate._bspline import _basis, _default_knots, _interval
from cunp.scipy.interpolate._cubic import _pchip_slopes
from cunp.scipy.interpolate._ndbspline import NdBSpline

_METHODS = ("linear", "nearest", "slinear", "cubic", "quintic", "pchip")
_SPLINE_DEGREE = {"slinear": 1, "cubic": 3, "quintic": 5}
# The methods SciPy evaluates through NdBSpline, the only ones that take nu=.
_DERIVATIVE_METHODS = ("slinear", "cubic", "quintic")


class RegularGridInterpolator:
    """Interpolation on a rectilinear grid (points: d strictly ascending or descending 1-D
    arrays; values: shape (len(p) for p in points) + trailing). bounds_error raises ValueError
    for points outside the grid, else they get fill_value (None: extrapolate)."""

    def __init__(self, points, values, method="linear", bounds_error=True,
                 fill_value=numpy.nan, *, solver=None, solver_args=None):
        if method not in _METHODS:
            raise ValueError("Method '%s' is not defined" % method)
        self.method = method
        self.bounds_error = bounds_error
        values = cp.asarray(values)
        if len(points) > values.ndim:
            raise ValueError("There are %d point arrays, but values has %d dimensions"
                             % (len(points), values.ndim))
        grid = []
        self._descending = []
        for i, p in enumerate(points):
            p = cp.asarray(p, dtype=numpy.float64)
            if p.ndim != 1:
                raise ValueError("The points in dimension %d must be 1-dimensional" % i)
            if p.shape[0] != values.shape[i]:
                raise ValueError("There are %d points and %d values in dimension %d"
                                 % (p.shape[0], values.shape[i], i))
            d = cp.diff(p)
            if bool((d > 0).all()):
                self._descending.append(False)
            elif bool((d < 0).all()):
                self._descending.append(True)
            else:
                raise ValueError("The points in dimension %d must be strictly ascending or "
                                 "descending" % i)
            grid.append(p)
        if values.dtype.kind not in "fc":
            values = values.astype(numpy.float64)
        if fill_value is not None:
            fdt = numpy.asarray(fill_value).dtype
            if values.dtype.kind != "c" and fdt.kind == "c":
                raise ValueError("fill_value must be either 'None' or of a type compatible "
                                 "with values")
        self.grid = tuple(grid)
        self.values = values
        if method == "pchip":
            self._check_pchip()
        self.fill_value = fill_value
        self._splines = {}
        if method in ("cubic", "quintic"):
            self._spline(method)

    def _spline(self, method):
        """(knots per axis, coefficients) of the degree-k tensor-product spline, cached."""
        if method in self._splines:
            return self._splines[method]
        k = _SPLINE_DEGREE[method]
        coef = self.values
        knots = []
        for d, g in enumerate(self.grid):
            n = g.shape[0]
            if n < k + 1:
                raise ValueError("There are %d points in dimension %d, but method %s requires "
                                 "at least %d points per dimension." % (n, d, method, k + 1))
            hg = cp.asnumpy(g)
            if self._descending[d]:
                hg = hg[::-1].copy()
                coef = cp.flip(coef, axis=d)
            t = _default_knots(hg, k)
            left = _interval(numpy, t, hg, k, n, True)
            basis = _basis(numpy, t, hg, left, k)
            a = numpy.zeros((n, n))
            for r in range(k + 1):
                a[numpy.arange(n), left - k + r] = basis[r]
            moved = cp.moveaxis(coef, d, 0)
            rhs = moved.reshape(n, -1)
            if k > 1:  # degree 1 collocates at the knots themselves: the matrix is I
                a_dev = cp.asarray(a).astype(rhs.dtype, copy=False)
                solved = cp.linalg.solve(a_dev, rhs).reshape(moved.shape)
                coef = cp.moveaxis(solved, 0, d)
            knots.append(cp.asarray(t))
        self._splines[method] = (knots, coef, k)
        return self._splines[method]

    def _ndbspline(self, method):
        """The spline of method as an NdBSpline (for derivatives), built once: its checks read
        the knots back from the device."""
        key = ("ndbspline", method)
        if key not in self._splines:
            knots, coef, k = self._spline(method)
            self._splines[key] = NdBSpline(knots, coef, k)
        return self._splines[key]

    def __call__(self, xi, method=None, *, nu=None):
        method = self.method if method is None else method
        if method not in _METHODS:
            raise ValueError("Method '%s' is not defined" % method)
        if nu is not None and method not in _DERIVATIVE_METHODS:
            raise ValueError("Can only compute derivatives for methods %s, got method = %r."
                             % (set(_DERIVATIVE_METHODS), method))
        if method == "slinear" and nu is None:
            method = "linear"  # the same values, without building the degree-1 spline
        d = len(self.grid)
        xi = cp.asarray(xi, dtype=numpy.float64)
        if xi.ndim == 1 and d > 1 and xi.shape[0] == d:
            xi = xi.reshape(1, d)
        if xi.shape[-1] != d:
            raise ValueError("The requested sample points xi have dimension %d but this "
                             "RegularGridInterpolator has dimension %d" % (xi.shape[-1], d))
        shape = xi.shape[:-1]
        pts = xi.reshape(-1, d)
        outside = cp.zeros(pts.shape[0], dtype=bool)
        for k, g in enumerate(self.grid):
            lo, hi = (g[-1], g[0]) if self._descending[k] else (g[0], g[-1])
            outside = outside | (pts[:, k] < lo) | (pts[:, k] > hi)
        if self.bounds_error and bool(outside.any()):
            k = 0
            raise ValueError("One of the requested xi is out of bounds in dimension %d" % k)
        idx, frac = [], []
        for k, g in enumerate(self.grid):
            i, t = _locate(g, pts[:, k], self._descending[k])
            idx.append(i)
            frac.append(t)
        trailing = self.values.shape[d:]
        ex = (1,) * len(trailing)
        if nu is not None:
            out = self._ndbspline(method)(pts, nu=nu)
        elif method in _SPLINE_DEGREE:
            out = self._evaluate_spline(method, pts, ex)
        elif method == "pchip":
            self._check_pchip()
            out = self._evaluate_pchip(pts)
        elif method == "nearest":
            near = tuple(cp.where(t <= 0.5, i, i + 1) for i, t in zip(idx, frac))
            out = self.values[near]
        else:
            out = 0
            for corner in itertools.product((0, 1), repeat=d):
                w = 1.0
                where = []
                for k, c in enumerate(corner):
                    w = w * (frac[k] if c else 1.0 - frac[k])
                    where.append(idx[k] + c)
                out = out + w.reshape((-1,) + ex) * self.values[tuple(where)]
        if self.fill_value is not None:
            out = cp.where(outside.reshape((-1,) + ex), self.fill_value, out)
        dt = self.values.dtype if self.values.dtype.kind == "c" else numpy.result_type(
            self.values.dtype, numpy.float64)
        return out.astype(dt, copy=False).reshape(shape + trailing)


def _evaluate_spline(self, method, pts, ex):
    knots, coef, k = self._spline(method)
    lefts, bases = [], []
    for d, t in enumerate(knots):
        n = t.shape[0] - k - 1
        x = pts[:, d]
        left = _interval(cp, t, x, k, n, True)
        lefts.append(left)
        bases.append(_basis(cp, t, x, left, k))
    out = 0
    for combo in itertools.product(range(k + 1), repeat=len(knots)):
        w = 1.0
        where = []
        for d, r in enumerate(combo):
            w = w * bases[d][r]
            where.append(lefts[d] - k + r)
        out = out + w.reshape((-1,) + ex) * coef[tuple(where)]
    return out


RegularGridInterpolator._evaluate_spline = _evaluate_spline


def _check_pchip(self):
    if self.values.dtype.kind == "c":
        raise ValueError("`PchipInterpolator` only works with real values. If you are trying "
                         "to use the real components of the passed array, use `np.real` on "
                         "the array before passing to `RegularGridInterpolator`.")
    for d, g in enumerate(self.grid):
        if g.shape[0] < 4:
            raise ValueError("There are %d points in dimension %d, but method pchip requires "
                             "at least 4 points per dimension." % (g.shape[0], d))


def _evaluate_pchip(self, pts):
    """1-D PCHIP along the last grid axis, then along each earlier axis of what is left,
    for all points at once (as SciPy folds the axes, last first: PCHIP is not linear, so the
    order matters). The data carry a leading point axis after the first fold."""
    values = self.values
    grids = []
    for d, g in enumerate(self.grid):
        if self._descending[d]:
            values = cp.flip(values, axis=d)
            g = g[::-1]
        grids.append(cp.ascontiguousarray(g))
    m = pts.shape[0]
    rows = cp.arange(m)
    data = values
    for i in range(len(grids) - 1, -1, -1):
        g = grids[i]
        first = data is values
        # The interpolation axis first: (n_i, [m,] n_0..n_{i-1}, trailing).
        y = cp.moveaxis(data, i if first else i + 1, 0)
        slopes = _pchip_slopes(g, cp.diff(g), y)
        idx, t = _locate(g, pts[:, i], False)
        pick = (idx,) if first else (idx, rows)
        nxt = (idx + 1,) if first else (idx + 1, rows)
        y0, y1, d0, d1 = y[pick], y[nxt], slopes[pick], slopes[nxt]
        shape = (-1,) + (1,) * (y0.ndim - 1)
        t = t.reshape(shape)
        h = (g[idx + 1] - g[idx]).reshape(shape)
        t2, t3 = t * t, t * t * t
        data = (y0 * (2 * t3 - 3 * t2 + 1) + h * d0 * (t3 - 2 * t2 + t)
                + y1 * (3 * t2 - 2 * t3) + h * d1 * (t3 - t2))
    return data


RegularGridInterpolator._check_pchip = _check_pchip
RegularGridInterpolator._evaluate_pchip = _evaluate_pchip


def _locate(g, x, descending):
    """(i, t): the cell [g[i], g[i + 1]] of each x (the end cells for points outside) and its
    fraction t along the cell (outside [0, 1] when extrapolating)."""
    n = g.shape[0]
    if n == 1:
        return cp.zeros(x.shape, dtype=cp.int64), cp.zeros(x.shape, dtype=numpy.float64)
    if descending:
        j = (n - 1) - cp.searchsorted(g[::-1], x, side="left")
        i = cp.clip(j, 0, n - 2)
    else:
        i = cp.clip(cp.searchsorted(g, x, side="right") - 1, 0, n - 2)
    g0, g1 = g[i], g[i + 1]
    return i, (x - g0) / (g1 - g0)


def interpn(points, values, xi, method="linear", bounds_error=True, fill_value=numpy.nan):
    """RegularGridInterpolator(points, values, method, bounds_error, fill_value)(xi)."""
    if method in ("splinef2d",):
        raise NotImplementedError("interpn: method 'splinef2d' is not supported")
    rgi = RegularGridInterpolator(points, values, method=method, bounds_error=bounds_error,
                                  fill_value=fill_value)
    return rgi(xi)
