"""SciPy's axis/nan_policy/keepdims handling for cunp.scipy.stats: the statistic is computed
over the last axis of a working view, with NaNs masked out under nan_policy='omit'."""
import numpy

import cunp as cp

_POLICIES = ("propagate", "omit", "raise")


def float_dtype(dt):
    """The dtype moments are computed in: floating and complex inputs keep theirs (float16
    goes up to float32 as SciPy's), everything else is float64."""
    dt = numpy.dtype(dt)
    if dt.kind in "fc":
        return numpy.promote_types(dt, numpy.float32) if dt.itemsize < 4 else dt
    return numpy.dtype(numpy.float64)


class Sample:
    """a as (..., n) with the reduced axis last; mask is None or where values are kept."""

    def __init__(self, a, axis, nan_policy="propagate", cast=True):
        if nan_policy not in _POLICIES:
            raise ValueError("nan_policy must be one of {%s}"
                             % ", ".join("'%s'" % p for p in _POLICIES))
        a = cp.asarray(a)
        # axis=None reduces every axis: keepdims then gives the input's ndim of 1s, as SciPy.
        self.kept_ndim = a.ndim if axis is None else None
        if axis is None:
            a = a.reshape(-1)
            axis = 0
        if a.ndim == 0:
            a = a.reshape(1)
        self.ndim = a.ndim
        if not -a.ndim <= axis < a.ndim:
            raise numpy.exceptions.AxisError(axis, a.ndim)
        self.axis = axis % a.ndim
        self.a = cp.moveaxis(a, self.axis, -1)
        if cast:
            self.a = self.a.astype(float_dtype(a.dtype), copy=False)
        self.mask = None
        if nan_policy != "propagate" and self.a.dtype.kind in "fc":
            nan = cp.isnan(self.a)
            if bool(nan.any()):
                if nan_policy == "raise":
                    raise ValueError("The input contains nan values")
                self.mask = ~nan
        self.n_total = self.a.shape[-1]

    def count(self):
        if self.mask is None:
            return self.n_total
        return self.mask.sum(axis=-1)

    def filled(self, value=0):
        return self.a if self.mask is None else cp.where(self.mask, self.a, value)

    def sum(self, x=None):
        x = self.a if x is None else x
        return (x if self.mask is None else cp.where(self.mask, x, 0)).sum(axis=-1)

    def mean(self):
        return self.sum() / self.count()

    def central(self, order, center=None):
        """The order-th central moment (about center, or the mean)."""
        c = self.mean() if center is None else center
        d = self.a - (c[..., None] if getattr(c, "ndim", 0) else c)
        return self.sum(d ** order) / self.count()

    def out(self, r, keepdims=False):
        """r (the batch shape) with the reduced axis restored when keepdims."""
        if keepdims and self.kept_ndim is not None:
            r = cp.asarray(r).reshape((1,) * max(self.kept_ndim, 1))
        elif keepdims:
            r = cp.expand_dims(cp.asarray(r), self.axis)
        return r


def scalar_or_array(r):
    """0-d results as NumPy scalars would be; cunp keeps them as 0-d arrays (SciPy returns
    NumPy scalars, which cunp cannot produce without a host copy)."""
    return r
