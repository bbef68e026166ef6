"""1-D convolution and the legacy polynomial API (coefficients highest power first): convolve,
correlate, poly1d, poly, polyadd, polysub, polymul, polydiv, polyder, polyint, polyfit, polyval,
roots.

convolve and correlate compute only the outputs their mode keeps, by one of two methods:

- by FFT (`_fft_convolve`) for float32/float64/complex inputs whose shorter one has at least
  _FFT_MIN_TAPS points: three transforms of about len(a) + len(v) points, O((n + m) log(n + m)).
  The direct method's cost grows with the shorter length m (m multiply-adds and m gathered
  elements per output) while the FFT's per output is a few passes over memory and ~log2(n + m)
  flops, fixed launches aside: they meet at a few tens of points (and for short inputs both
  are bound by launches). CuPy takes its FFT path for every floating-point input.
- directly otherwise: a gather of the zero-padded longer input by index arithmetic into a
  (rows, len(shorter)) matrix, then its product with the reversed shorter input (matmul for
  float32/float64/complex; products and a sum reduction for integers, bool and float16), in row
  blocks of at most 2**24 gathered elements. Integers and bool always take it: their sums are
  exact and wrap around on overflow as NumPy's do, which a rounded floating-point FFT result
  guarantees only below 2**53 (and float16 accumulates in float32 as NumPy's does).
  Inputs holding inf or NaN take it too, with the padding's products left out rather than
  added as zeros: NumPy sums only the overlapping terms, so 0 * inf never makes a NaN there
  (and an FFT would spread one NaN over every output).

Polynomials are short, so the loops over coefficients below (a few launches per coefficient)
are fine; where NumPy decides something from values (trimming leading zeros, conjugate root
pairs) the small coefficient array is read on the host once.
"""
import warnings

from cunp._core import ndarray
from cunp._creation._basic import arange, asarray

__all__ = [
    "convolve", "correlate", "poly1d", "poly", "polyadd", "polysub", "polymul", "polydiv",
    "polyder", "polyint", "polyfit", "polyval", "roots",
]

_MODES = {"valid": 0, "same": 1, "full": 2}
# Elements of the gathered (rows, len(v)) matrix per block.
_BLOCK = 1 << 24
# The shortest input length from which floating-point convolutions go through FFTs.
_FFT_MIN_TAPS = 32


def _np():
    import numpy

    return numpy


def _mode(mode):
    if isinstance(mode, str):
        if mode not in _MODES:
            raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
        return _MODES[mode]
    if mode not in (0, 1, 2):
        raise ValueError("integer convolve/correlate mode must be 0, 1, or 2")
    return mode


def _uses_fft(a, k):
    return (a.dtype.kind in "fc" and a.dtype.itemsize > 2
            and min(a.shape[0], k.shape[0]) >= _FFT_MIN_TAPS)


def _conv(a, k, start, length):
    """out[t] = sum_j a[t - j] * k[j] over the valid j, for start <= t < start + length (a the
    longer input)."""
    from cunp import concatenate, empty, float32, isfinite, matmul, take, where, zeros

    kind = a.dtype.kind
    # NumPy sums only the overlapping terms: an inf or NaN must not meet the zero padding (0 *
    # inf is NaN) nor spread through an FFT. One bool read back decides.
    finite = kind not in "fc" or bool(isfinite(a).all() & isfinite(k).all())
    if finite and _uses_fft(a, k):
        import cunp
        from cunp._math._fft_convolve import fft_convolve

        return fft_convolve(cunp, a, k, start, length)
    m, n = k.shape[0], a.shape[0]
    pad = zeros((m - 1,), a.dtype)
    ap = concatenate([pad, a, pad]) if m > 1 else a
    cols = (m - 1) - arange(m)
    out = empty((length,), a.dtype)
    step = max(1, _BLOCK // m)
    for r0 in range(0, length, step):
        r1 = min(length, r0 + step)
        at = arange(start + r0, start + r1).reshape(-1, 1) + cols
        block = take(ap, at)
        if not finite:
            # the products of padding are left out, not added as zeros (float16 in float32)
            wide = float32 if a.dtype.itemsize == 2 else a.dtype
            inside = (at >= m - 1) & (at < m - 1 + n)
            out[r0:r1] = where(inside, block.astype(wide) * k.astype(wide), 0).sum(axis=1)
        elif kind == "b":
            out[r0:r1] = (block & k).any(axis=1)
        elif kind in "fc" and a.dtype.itemsize > 2:
            out[r0:r1] = matmul(block, k)
        elif kind == "f":  # float16 accumulates in float32, as NumPy's half dot
            out[r0:r1] = (block.astype(float32) * k.astype(float32)).sum(axis=1)
        else:  # integers: products and sums wrap around as NumPy's do
            out[r0:r1] = (block * k).sum(axis=1, dtype=a.dtype)
    return out


_TOO_DEEP = {
    "convolve": "object too deep for desired array",
    "correlate": "setting an array element with a sequence. The requested array would exceed "
                 "the maximum number of dimension of 1.",
}


def _pair(a, v, name):
    """a and v, 1-D, in their common dtype (NumPy's errors for other ranks)."""
    from cunp import result_type

    if a.ndim != 1 or v.ndim != 1:
        raise ValueError(_TOO_DEEP[name] if max(a.ndim, v.ndim) > 1
                         else "object of too small depth for desired array")
    dt = result_type(a, v)
    return a.astype(dt, copy=False), v.astype(dt, copy=False)


def _span(n, m, mode, offset_same):
    """(start, length) of the mode's outputs within the full convolution (n + m - 1 terms)."""
    if mode == 2:
        return 0, n + m - 1
    short = min(n, m)
    if mode == 0:
        return short - 1, abs(n - m) + 1
    return offset_same(short), max(n, m)


def convolve(a, v, mode="full"):
    """Discrete linear convolution of two 1-D sequences: full (len(a) + len(v) - 1 values),
    same (max(len(a), len(v))) or valid (where they overlap completely)."""
    a, v = _atleast_1d(a), _atleast_1d(v)
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    mode = _mode(mode)
    a, v = _pair(a, v, "convolve")
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    n, m = a.shape[0], v.shape[0]
    return _conv(a, v, *_span(n, m, mode, lambda s: (s - 1) // 2))


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-D sequences: c[k] = sum_n a[n + k] * conj(v[n])."""
    mode = _mode(mode)  # NumPy's order of checks: here the mode first
    a, v = _pair(asarray(a), asarray(v), "correlate")
    if a.shape[0] == 0:
        raise ValueError("first array argument cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("second array argument cannot be empty")
    n, m = a.shape[0], v.shape[0]
    k = v[::-1].conj() if v.dtype.kind == "c" else v[::-1]
    span = _span(n, m, mode, (lambda s: (s - 1) // 2) if n >= m else (lambda s: s // 2))
    return _conv(a, k, *span) if n >= m else _conv(k, a, *span)


# --- the legacy polynomial functions ---

def _atleast_1d(p):
    p = asarray(p)
    return p.reshape(1) if p.ndim == 0 else p


def _host(a):
    """A small device array's values on the host (coefficients, roots)."""
    return a.get()


def _first_nonzero(p):
    """Index of the first nonzero value of 1-D p (len(p) when none): one small transfer."""
    nz = _host(p != 0).nonzero()[0]
    return int(nz[0]) if nz.size else p.shape[0]


def poly(seq_of_zeros):
    """Coefficients of the monic polynomial with the given roots (or with the eigenvalues of a
    square matrix as roots). Real when complex roots come in conjugate pairs."""
    from cunp import linalg, ones, stack

    if getattr(seq_of_zeros, "ndim", 1 if hasattr(seq_of_zeros, "__len__") else 0) == 0:
        # NumPy's poly iterates its argument before anything else: a scalar is refused.
        raise TypeError("poly: seq_of_zeros must be a sequence of roots or a square matrix")
    z = _atleast_1d(seq_of_zeros)
    if z.ndim == 2 and z.shape[0] == z.shape[1] and z.shape[0] != 0:
        z = linalg.eigvals(z)
    elif z.ndim == 1:
        z = z.astype(_np().mintypecode(z.dtype.char))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if z.shape[0] == 0:
        return 1.0
    dt = z.dtype
    a = ones((1,), dt)
    one = ones((), dt)
    for k in range(z.shape[0]):
        a = convolve(a, stack([one, -z[k]]), mode="full")
    if dt.kind == "c":
        np = _np()
        host = _host(z).astype(complex)
        if np.all(np.sort(host) == np.sort(host.conjugate())):
            a = a.real.copy()
    return a


def _coeffs(p):
    return p.coeffs if isinstance(p, poly1d) else p


def polyadd(a1, a2):
    """Sum of two polynomials (coefficient arrays or poly1d)."""
    return _add_sub(a1, a2, False)


def polysub(a1, a2):
    """Difference a1 - a2 of two polynomials."""
    return _add_sub(a1, a2, True)


def _add_sub(a1, a2, subtract):
    from cunp import concatenate, zeros

    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    a1, a2 = _atleast_1d(_coeffs(a1)), _atleast_1d(_coeffs(a2))
    diff = a2.shape[0] - a1.shape[0]
    if diff > 0:
        a1 = concatenate([zeros((diff,), a1.dtype), a1])
    elif diff < 0:
        a2 = concatenate([zeros((-diff,), a2.dtype), a2])
    val = a1 - a2 if subtract else a1 + a2
    return poly1d(val) if truepoly else val


def polymul(a1, a2):
    """Product of two polynomials (a convolution of their coefficients)."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    a1, a2 = poly1d(a1), poly1d(a2)
    val = convolve(a1.coeffs, a2.coeffs)
    return poly1d(val) if truepoly else val


def polydiv(u, v):
    """Quotient and remainder of the division u / v (both as float or complex arrays)."""
    from cunp import isclose, zeros

    truepoly = isinstance(u, poly1d) or isinstance(v, poly1d)
    u = _atleast_1d(_coeffs(u)) + 0.0
    v = _atleast_1d(_coeffs(v)) + 0.0
    w = u[0] + v[0]
    m, n = u.shape[0] - 1, v.shape[0] - 1
    scale = 1.0 / v[0]
    q = zeros((max(m - n + 1, 1),), w.dtype)
    r = u.astype(w.dtype)
    for k in range(m - n + 1):
        d = scale * r[k]
        if d.ndim:  # 2-D coefficients: NumPy cannot store a row of quotients in one element
            raise ValueError("setting an array element with a sequence.")
        q[k] = d
        r[k:k + n + 1] -= d * v
    if r.ndim == 1:
        # Leading remainder terms that are zero to rounding go (one transfer of a bool per term).
        keep = _host(~isclose(r, 0, rtol=1e-14))
        first = int(keep.argmax()) if keep.any() else r.shape[0] - 1
        r = r[min(first, r.shape[0] - 1):]
    else:
        # NumPy's own loop: a leading row goes while it is all close to zero and the LAST axis
        # is longer than 1 (so an empty or one-column remainder keeps its rows; rows that run
        # out make r[0] fail with IndexError, as in NumPy).
        from cunp import allclose

        while bool(allclose(r[0], 0, rtol=1e-14)) and r.shape[-1] > 1:
            r = r[1:]
    if truepoly:
        return poly1d(q), poly1d(r)
    return q, r


def polyder(p, m=1):
    """The m-th derivative of a polynomial."""
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    truepoly = isinstance(p, poly1d)
    p = asarray(_coeffs(p))
    if p.ndim == 0:  # NumPy forms a first derivative even for m = 0: len() fails first
        raise TypeError("len() of unsized object")
    for _ in range(m):
        p = _derive(p)
    if p.ndim > 1:
        # NumPy's recursion forms one derivative more than it returns; for a 2-D p that
        # product can fail to broadcast, and NumPy's error then shows for every m.
        _derive(p)
    return poly1d(p) if truepoly else p


def _derive(p):
    # len() raises NumPy's TypeError for a 0-d p.
    n = len(p) - 1
    return p[:-1] * arange(n, 0, -1)


def polyint(p, m=1, k=None):
    """The m-th antiderivative of a polynomial; k gives the m integration constants (a scalar
    when they are all equal), highest order first."""
    from cunp import concatenate

    np = _np()
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is None:
        k = np.zeros(m, float)
    k = np.atleast_1d(_host(k) if isinstance(k, ndarray) else k)
    if len(k) == 1 and m > 1:
        k = k[0] * np.ones(m, float)
    if len(k) < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    truepoly = isinstance(p, poly1d)
    p = asarray(_coeffs(p))
    for i in range(m):
        y = p / arange(len(p), 0, -1)  # len(): NumPy's TypeError for a 0-d p
        p = concatenate([y, asarray(k[i:i + 1])])
    return poly1d(p) if truepoly else p


def polyval(p, x):
    """The polynomial p evaluated at x by Horner's scheme (one multiply-add per coefficient).
    x may also be a poly1d (the composition p(x))."""
    from cunp import zeros_like

    p = asarray(_coeffs(p))
    if p.ndim == 0:
        raise TypeError("iteration over a 0-d array")  # NumPy iterates the coefficients
    if isinstance(x, poly1d):
        y = 0
    else:
        x = asarray(x)
        y = zeros_like(x)
    for i in range(p.shape[0]):
        y = y * x + p[i]
    return y


def _check_fit_data(x, y):
    """NumPy's errors for the sample points and values of a least-squares fit."""
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")


def _vander(x, order):
    """Columns x**(order-1), ..., x, 1 by repeated multiplication, as numpy.vander (whose
    dtype is x's promoted with int64: float32 becomes float64)."""
    from cunp import broadcast_to, concatenate, cumprod, ones, promote_types

    x = x.astype(promote_types(x.dtype, "int64"), copy=False)
    n = x.shape[0]
    if order == 0:
        return ones((n, 0), x.dtype)
    cols = concatenate([ones((n, 1), x.dtype),
                        broadcast_to(x.reshape(n, 1), (n, order - 1))], axis=1)
    return cumprod(cols, axis=1)[:, ::-1]


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """Least-squares fit of a polynomial of degree `deg` to the points (x, y); y may hold
    several data sets as columns. Options and results as numpy.polyfit."""
    from cunp import linalg, newaxis, outer, sqrt

    np = _np()
    order = int(deg) + 1
    x = asarray(x) + 0.0
    y = asarray(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    _check_fit_data(x, y)
    if rcond is None:
        rcond = x.shape[0] * np.finfo(x.dtype).eps
    lhs = _vander(x, order)
    rhs = y
    if w is not None:
        w = asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        # In place in NumPy: the products keep lhs's and rhs's dtypes.
        lhs = (lhs * w[:, newaxis]).astype(lhs.dtype, copy=False)
        rhs = (rhs * (w[:, newaxis] if rhs.ndim == 2 else w)).astype(rhs.dtype, copy=False)
    scale = sqrt((lhs * lhs).sum(axis=0))
    lhs = lhs / scale
    c, resids, rank, s = linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if rank != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", np.exceptions.RankWarning,
                      stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        vbase = linalg.inv(lhs.T @ lhs) / outer(scale, scale)
        if cov == "unscaled":
            fac = 1
        else:
            if x.shape[0] <= order:
                raise ValueError("the number of data points must exceed order to scale the "
                                 "covariance matrix")
            fac = resids / (x.shape[0] - order)
        if y.ndim == 1:
            return c, vbase * fac
        return c, vbase[:, :, newaxis] * fac
    return c


def roots(p):
    """The roots of a polynomial: the eigenvalues of its companion matrix (leading zeros
    dropped, trailing ones give zero roots)."""
    from cunp import concatenate, linalg, zeros

    if not isinstance(p, poly1d) and getattr(p, "ndim", 1 if hasattr(p, "__len__") else 0) == 0:
        # NumPy's roots iterates p before anything else: a scalar is refused.
        raise TypeError("roots: p must be a sequence of coefficients, not a scalar")
    p = _atleast_1d(_coeffs(p))
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    nz = _host(p != 0).nonzero()[0]
    if nz.size == 0:
        return zeros((0,))
    trailing = p.shape[0] - int(nz[-1]) - 1
    p = p[int(nz[0]):int(nz[-1]) + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(float)
    n = p.shape[0]
    if n > 1:
        a = zeros((n - 1, n - 1), p.dtype)
        if n > 2:
            a[arange(1, n - 1), arange(n - 2)] = 1
        a[0, :] = -p[1:] / p[0]
        r = linalg.eigvals(a)
        if a.dtype.kind != "c" and not bool((r.imag != 0).any()):
            r = r.real  # eigvals is complex since NumPy 2.5; NumPy's roots keeps real roots real
    else:
        r = zeros((0,))
    return concatenate([r, zeros((trailing,), r.dtype)]) if trailing else r


class poly1d:  # noqa: N801 - NumPy's name
    """A 1-D polynomial holding its coefficients (highest power first) in a cunp array:
    p(x) evaluates it, +, -, *, ** and / combine polynomials and scalars, and coeffs, order,
    roots, deriv and integ as in numpy.poly1d."""

    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if variable is not None:
                self._variable = variable
            return
        np = _np()
        if isinstance(c_or_r, np.poly1d):
            # A NumPy poly1d keeps its variable, as poly1d(poly1d) does; its coefficients are
            # copied to the device.
            if variable is None:
                variable = c_or_r.variable
            c_or_r = c_or_r.coeffs
        if r:
            c_or_r = poly(c_or_r)
        c = _atleast_1d(c_or_r)
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        c = c[_first_nonzero(c):]
        if c.shape[0] == 0:
            from cunp import zeros

            c = zeros((1,), c.dtype)
        self._coeffs = c
        self._variable = "x" if variable is None else variable

    @property
    def coeffs(self):
        """The coefficients, highest power first."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    @property
    def __cuda_array_interface__(self):
        # NumPy's poly1d is an array of its coefficients to other arrays (numpy.asarray(p),
        # array + p): cunp's is the same to cunp arrays and other device libraries.
        return self._coeffs.__cuda_array_interface__

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return self._coeffs.shape[0] - 1

    @property
    def roots(self):
        return roots(self._coeffs)

    c = coef = coefficients = coeffs
    r = roots
    o = order

    def __call__(self, val):
        if isinstance(val, poly1d):
            return poly1d(polyval(self._coeffs, val))
        return polyval(self._coeffs, val)

    def __len__(self):
        return self.order

    def __repr__(self):
        return "poly1d(%s)" % repr(self._coeffs)[6:-1]

    def __str__(self):
        return str(_np().poly1d(_host(self._coeffs), variable=self._variable))

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs * other)
        return polymul(self, poly1d(other))

    def __rmul__(self, other):
        if _is_scalar(other):
            return poly1d(other * self._coeffs)
        return polymul(poly1d(other), self)

    def __add__(self, other):
        return polyadd(self, poly1d(other))

    def __radd__(self, other):
        return polyadd(poly1d(other), self)

    def __sub__(self, other):
        return polysub(self, poly1d(other))

    def __rsub__(self, other):
        return polysub(poly1d(other), self)

    def __pow__(self, val):
        # NumPy's rules: a 0-d array is no scalar here (ValueError), and an integral float
        # passes the check but not range() (TypeError).
        if not _np().isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        steps = range(val)
        res = poly1d([1])
        for _ in steps:
            res = polymul(self, res)
        return res

    def __truediv__(self, other):
        if _is_scalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        if _is_scalar(other):
            return poly1d(other / self._coeffs)
        return polydiv(poly1d(other), self)

    __div__ = __truediv__
    __rdiv__ = __rtruediv__

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool((self._coeffs == other._coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        ind = self.order - val
        if val > self.order:
            return self._coeffs.dtype.type(0)
        if val < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[ind]

    def __setitem__(self, key, val):
        from cunp import concatenate, zeros

        ind = self.order - key
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            zr = zeros((key - self.order,), self._coeffs.dtype)
            self._coeffs = concatenate([zr, self._coeffs])
            ind = 0
        self._coeffs[ind] = val

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        """The m-th antiderivative (see polyint)."""
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        """The m-th derivative (see polyder)."""
        return poly1d(polyder(self._coeffs, m=m))


def _is_scalar(x):
    # NumPy's poly1d tests np.isscalar: a 0-d array is no scalar, so p / array(2) is polydiv's
    # (quotient, remainder) and p * array(2) a polymul, as in NumPy.
    from cunp._array._types import isscalar

    return isscalar(x)

