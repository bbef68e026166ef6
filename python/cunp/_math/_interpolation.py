"""numpy.interp on the GPU: one elementwise kernel that finds each x's interval in xp by binary
search and applies NumPy's formula and edge cases.

The search runs inside the kernel rather than as a separate searchsorted: that would write an
index per point and read it back (and searchsorted first re-encodes the points as sort keys),
about three times the memory traffic of reading x and writing the result, while the table's
upper levels stay in cache for the in-kernel search."""
__all__ = ["interp"]

# NumPy's arithmetic, operation for operation: the products and sums are rounded one at a time
# (no fused multiply-add), so results match NumPy's bit for bit. A NaN from one end of the
# interval (inf in fp) is retried from the other end; a flat infinite interval gives its value.
_PREAMBLE = r"""
__device__ double cunp_interp_lerp(double x, double x0, double x1, double y0, double y1,
                                   double slope) {
  double r = __dadd_rn(__dmul_rn(slope, x - x0), y0);
  if (isnan(r)) {
    r = __dadd_rn(__dmul_rn(slope, x - x1), y1);
    if (isnan(r) && y0 == y1) r = y0;
  }
  return r;
}
__device__ double cunp_interp_at(double x, double x0, double x1, double y0, double y1) {
  return cunp_interp_lerp(x, x0, x1, y0, y1, (y1 - y0) / (x1 - x0));
}
__device__ complex<double> cunp_interp_at(double x, double x0, double x1, complex<double> y0,
                                          complex<double> y1) {
  const double inv_dx = 1.0 / (x1 - x0);
  return complex<double>(
      cunp_interp_lerp(x, x0, x1, y0.re, y1.re, __dmul_rn(y1.re - y0.re, inv_dx)),
      cunp_interp_lerp(x, x0, x1, y0.im, y1.im, __dmul_rn(y1.im - y0.im, inv_dx)));
}
"""

# The search finds k with xp[k] <= x < xp[k + 1] (the last k with xp[k] <= x, as NumPy's binary
# search, side='right' of searchsorted, minus one), after the checks outside xp.
_OPERATION = r"""
const long long m = n;
const Y lval = has_left ? left : fp[0];
const Y rval = has_right ? right : fp[m - 1];
if (m == 1) {
  y = x < xp[0] ? lval : (x > xp[0] ? rval : fp[0]);
} else if (isnan(x)) {
  y = Y(x);
} else if (x < xp[0]) {
  y = lval;
} else if (x > xp[m - 1]) {
  y = rval;
} else {
  long long lo = 0, hi = m;
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (x < xp[mid]) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  const long long k = lo - 1;
  y = (k == m - 1 || xp[k] == x) ? fp[k] : cunp_interp_at(x, xp[k], xp[k + 1], fp[k], fp[k + 1]);
}
"""

_kernel = None


def _interp_kernel():
    global _kernel
    if _kernel is None:
        from cunp._kernels._elementwise_kernel import ElementwiseKernel

        _kernel = ElementwiseKernel(
            "float64 x, raw float64 xp, raw Y fp, int64 n, Y left, Y right, "
            "bool has_left, bool has_right", "Y y", _OPERATION, "cunp_interp",
            preamble=_PREAMBLE)
    return _kernel


def _host_view(a):
    """a itself when it is a cunp array, else as NumPy reads it: shapes and dtypes to check
    before any device work."""
    from cunp._core import ndarray

    if isinstance(a, ndarray):
        return a
    import numpy

    return numpy.asarray(a)


def _check_points(a):
    """NumPy's errors for xp or fp of a rank other than 1."""
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")


def interp(x, xp, fp, left=None, right=None, period=None):
    """One-dimensional piecewise linear interpolation of (xp, fp) at x, xp increasing (not
    checked, as NumPy). float64 results, complex128 for complex fp; left and right (fp[0] and
    fp[-1] by default) outside xp; with period, x and xp are taken modulo period and xp is
    sorted (left and right are then ignored). A 0-d array for a scalar x."""
    from cunp._creation._basic import asarray

    x, xp, fp = _host_view(x), _host_view(xp), _host_view(fp)
    dtype = "complex128" if fp.dtype.kind == "c" else "float64"
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        if xp.ndim != 1 or fp.ndim != 1:
            raise ValueError("Data points must be 1-D sequences")
        left = right = None
    _check_points(xp)
    _check_points(fp)
    if x.dtype.kind == "c" or xp.dtype.kind == "c":
        raise TypeError("interp: x and xp must be real, not complex")
    if xp.shape[0] == 0:
        raise ValueError("array of sample points is empty")
    if fp.shape[0] != xp.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    x = asarray(x).astype("float64", copy=False)
    xp = asarray(xp).astype("float64", copy=False)
    fp = asarray(fp).astype(dtype, copy=False)
    if period is not None:
        xp, fp, x = _periodic(xp, fp, x, abs(period))
    return _interpolate(x, xp, fp, left, right, dtype)


def _periodic(xp, fp, x, period):
    """x and xp modulo period, xp sorted, and one point wrapped around at each end."""
    from cunp._manipulation._joining import concatenate
    from cunp._sorting._sort import argsort

    x = x % period
    xp = xp % period
    order = argsort(xp)
    xp, fp = xp[order], fp[order]
    xp = concatenate((xp[-1:] - period, xp, xp[0:1] + period))
    fp = concatenate((fp[-1:], fp, fp[0:1]))
    return xp, fp, x


def _interpolate(x, xp, fp, left, right, dtype):
    import numpy

    scalar = numpy.dtype(dtype).type
    return _interp_kernel()(x, xp, fp, xp.shape[0], scalar(0 if left is None else left),
                            scalar(0 if right is None else right), left is not None,
                            right is not None)
