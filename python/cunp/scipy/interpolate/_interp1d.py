"""interp1d: 1-D interpolation of y along axis. 'linear', 'nearest', 'nearest-up',
'previous' and 'next' are an interval search plus a gather (and a blend); the spline kinds
'zero'/'slinear' (orders 0 and 1) are the same piecewise forms, 'cubic' (order 3) is the
not-a-knot CubicSpline (which the order-3 interpolating B-spline equals). 'quadratic' and
higher orders are not supported yet."""
import numpy

import cunp as cp
from cunp.scipy.interpolate._bspline import make_interp_spline
from cunp.scipy.interpolate._cubic import CubicSpline

_KINDS = {"linear": "linear", "nearest": "nearest", "nearest-up": "nearest-up",
          "previous": "previous", "next": "next", "zero": "zero", "slinear": "linear",
          "quadratic": 2, "cubic": "cubic", 0: "zero", 1: "linear", 2: 2, 3: "cubic"}


class interp1d:
    """y = f(x) interpolated along y's axis; calling the instance evaluates it at new points.
    bounds_error (default: True unless fill_value='extrapolate') raises ValueError for points
    outside [x[0], x[-1]]; else they get fill_value (a value, or a (below, above) pair), or
    are extrapolated."""

    def __init__(self, x, y, kind="linear", axis=-1, copy=True, bounds_error=None,
                 fill_value=numpy.nan, assume_sorted=False):
        if isinstance(kind, str) or isinstance(kind, (int, numpy.integer)):
            if kind not in _KINDS and not isinstance(kind, (int, numpy.integer)):
                raise NotImplementedError("%s is unsupported: Use fitpack routines for other "
                                          "types." % kind)
        else:
            raise NotImplementedError("%s is unsupported" % (kind,))
        self.kind = kind
        mode = _KINDS.get(kind, kind)
        x = cp.asarray(x)
        y = cp.asarray(y)
        if x.ndim != 1:
            raise ValueError("the x array must have exactly one dimension.")
        if y.ndim == 0:
            raise ValueError("the y array must have at least one dimension.")
        self.axis = axis % y.ndim
        if x.shape[0] != y.shape[self.axis]:
            raise ValueError("x and y arrays must be equal in length along interpolation "
                             "axis.")
        if not assume_sorted:
            order = cp.argsort(x, kind="stable")
            x = x[order]
            y = cp.take(y, order, axis=self.axis)
        # The fewest points each kind interpolates (k + 1 for a spline of order k).
        minimum = {"nearest": 1, "nearest-up": 1, "previous": 1, "next": 1, "zero": 1,
                   "linear": 2, "cubic": 4}.get(mode, mode + 1 if isinstance(mode, int) else 1)
        if x.shape[0] < minimum:
            raise ValueError("x and y arrays must have at least %d entries" % minimum)
        self.x = x.astype(numpy.float64, copy=False)
        ydt = y.dtype if y.dtype.kind in "fc" else numpy.dtype(numpy.float64)
        self.y = cp.moveaxis(y.astype(ydt, copy=bool(copy)), self.axis, 0)
        self._mode = mode
        self._extrapolate = isinstance(fill_value, str) and fill_value == "extrapolate"
        if isinstance(fill_value, str) and not self._extrapolate:
            raise ValueError("fill_value must be a value, a (below, above) pair or "
                             "'extrapolate'")
        if bounds_error is None:
            bounds_error = not self._extrapolate
        if bounds_error and self._extrapolate:
            raise ValueError("Cannot extrapolate and raise at the same time.")
        self.bounds_error = bool(bounds_error)
        self.fill_value = fill_value
        if not self._extrapolate:
            fv = fill_value if isinstance(fill_value, tuple) and len(fill_value) == 2 else (
                fill_value, fill_value)
            self._below, self._above = fv
        self.copy = copy
        self.assume_sorted = assume_sorted
        self._spline = None
        if mode == "cubic":
            self._spline = CubicSpline(self.x, self.y, axis=0)
        elif isinstance(mode, int):
            self._spline = make_interp_spline(self.x, self.y, k=mode, axis=0)

    def __call__(self, x_new):
        x_new = cp.asarray(x_new)
        shape = x_new.shape
        xn = x_new.reshape(-1).astype(numpy.float64, copy=False)
        lo, hi = self.x[0], self.x[-1]
        below = xn < lo
        above = xn > hi
        if self.bounds_error:
            if bool(below.any()):
                v = float(xn[int(cp.argmax(below))])
                raise ValueError("A value (%s) in x_new is below the interpolation range's "
                                 "minimum value (%s)." % (v, float(lo)))
            if bool(above.any()):
                v = float(xn[int(cp.argmax(above))])
                raise ValueError("A value (%s) in x_new is above the interpolation range's "
                                 "maximum value (%s)." % (v, float(hi)))
        y = self._evaluate(xn)
        if self._mode not in ("nearest", "nearest-up", "previous", "next"):
            # The computed kinds come out in double precision (float32 data included), as
            # SciPy's; the gathering kinds keep y's dtype.
            y = y.astype(numpy.result_type(y.dtype, numpy.float64), copy=False)
        if not self._extrapolate:
            ex = (1,) * (y.ndim - 1)
            y = cp.where(below.reshape((-1,) + ex), self._below, y)
            y = cp.where(above.reshape((-1,) + ex), self._above, y)
        y = y.reshape(shape + self.y.shape[1:])
        # The new points' axes go where the interpolation axis was.
        nd = len(shape)
        order = (list(range(nd, nd + self.axis)) + list(range(nd))
                 + list(range(nd + self.axis, y.ndim)))
        return y.transpose(order)

    def _evaluate(self, xn):
        x, y, n = self.x, self.y, self.x.shape[0]
        ex = (1,) * (y.ndim - 1)
        mode = self._mode
        if self._spline is not None:
            return self._spline(xn)
        if mode == "linear":
            i = cp.clip(cp.searchsorted(x, xn, side="left"), 1, n - 1)
            x0, x1 = x[i - 1], x[i]
            y0, y1 = y[i - 1], y[i]
            slope = (y1 - y0) / (x1 - x0).reshape((-1,) + ex)
            return slope * (xn - x0).reshape((-1,) + ex) + y0
        if mode in ("nearest", "nearest-up"):
            mid = (x[1:] + x[:-1]) / 2.0
            side = "left" if mode == "nearest" else "right"
            i = cp.clip(cp.searchsorted(mid, xn, side=side), 0, n - 1)
            return y[i]
        if mode == "previous":
            # No previous point below the range: NaN there, even when extrapolating.
            i = cp.searchsorted(x, xn, side="right") - 1
            out = y[cp.clip(i, 0, n - 1)]
            return cp.where((i < 0).reshape((-1,) + ex), cp.nan, out)
        if mode == "next":
            i = cp.searchsorted(x, xn, side="left")
            out = y[cp.clip(i, 0, n - 1)]
            return cp.where((i >= n).reshape((-1,) + ex), cp.nan, out)
        # 'zero': the order-0 spline, y[i] on [x[i], x[i + 1]), held past both ends.
        i = cp.clip(cp.searchsorted(x, xn, side="right") - 1, 0, n - 1)
        return y[i]
