"""Power series (coefficients lowest power first): polyval, polyfit, polyvander, polyadd,
polysub, polymul, polyder, polyint, polyroots and the Polynomial class, as in
numpy.polynomial.polynomial.

Coefficients are cunp arrays; a Polynomial's domain and window are two host numbers each (as
NumPy arrays), so mapping between them costs no transfer. Trimming trailing zero
coefficients reads one bool per coefficient on the host, once per result.
"""
import operator
import warnings

from cunp._core import ndarray
from cunp._creation._basic import arange, asarray
from cunp._math._polynomial import _check_fit_data
from cunp.polynomial.polyutils import as_series, trimseq

__all__ = [
    "polyval", "polyfit", "polyvander", "polyadd", "polysub", "polymul", "polyder", "polyint",
    "polyroots", "polycompanion", "polydiv", "polypow", "polyline", "polyfromroots",
    "Polynomial",
]

_INT_CHARS = "?bBhHiIlLqQpP"


def _np():
    import numpy

    return numpy


def _host(a):
    return a.get()


def _as_int(x, desc):
    try:
        return operator.index(x)
    except TypeError as e:
        raise TypeError(f"{desc} must be an integer, received {x}") from e


# One owner for trimming and the common type: polyutils, as in numpy.polynomial.
_trimseq = trimseq
_as_series = as_series


def polyadd(c1, c2):
    """Sum of two power series."""
    return _add(c1, c2, False)


def polysub(c1, c2):
    """Difference c1 - c2 of two power series."""
    return _add(c1, c2, True)


def _add(c1, c2, subtract):
    from cunp import concatenate, zeros

    c1, c2 = _as_series([c1, c2])
    d = c1.shape[0] - c2.shape[0]
    if d > 0:
        c2 = concatenate([c2, zeros((d,), c2.dtype)])
    elif d < 0:
        c1 = concatenate([c1, zeros((-d,), c1.dtype)])
    return _trimseq(c1 - c2 if subtract else c1 + c2)


def polymul(c1, c2):
    """Product of two power series (a convolution of the coefficients)."""
    from cunp import convolve

    c1, c2 = _as_series([c1, c2])
    return _trimseq(convolve(c1, c2))


def polydiv(c1, c2):
    """Quotient and remainder of the division of c1 by c2 (ZeroDivisionError when c2's last
    coefficient is zero)."""
    [c1, c2] = _as_series([c1, c2])
    if bool(c2[-1] == 0):
        raise ZeroDivisionError
    lc1, lc2 = c1.shape[0], c2.shape[0]
    if lc1 < lc2:
        return c1[:1] * 0, c1
    if lc2 == 1:
        return c1 / c2[-1], c1[:1] * 0
    scl = c2[-1]
    c2 = c2[:-1] / scl
    i, j = lc1 - lc2, lc1 - 1
    while i >= 0:
        c1[i:j] -= c2 * c1[j]
        i -= 1
        j -= 1
    return c1[j + 1:] / scl, _trimseq(c1[:j + 1])


def polyline(off, scl):
    """The series off + scl*x."""
    return asarray([off, scl]) if scl != 0 else asarray([off])


def polyfromroots(roots):
    """The monic series with the given roots (sorted on the host first, as NumPy sorts them,
    then multiplied pairwise)."""
    from cunp import ones

    if len(roots) == 0:
        return ones(1)
    [roots] = _as_series([roots], trim=False)
    host = _host(roots)
    host.sort()
    p = [polyline(-r, 1) for r in host]
    n = len(p)
    while n > 1:
        m, r = divmod(n, 2)
        tmp = [polymul(p[i], p[i + m]) for i in range(m)]
        if r:
            tmp[0] = polymul(tmp[0], p[-1])
        p = tmp
        n = m
    return p[0]


def polypow(c, pow, maxpower=None):  # noqa: A002 - NumPy's parameter name
    """c raised to a non-negative integer power."""
    [c] = _as_series([c])
    power = int(pow)
    if power != pow or power < 0:
        raise ValueError("Power must be a non-negative integer.")
    if maxpower is not None and power > maxpower:
        raise ValueError("Power is too large")
    if power == 0:
        from cunp import ones

        return ones((1,), c.dtype)
    prd = c
    for _ in range(2, power + 1):
        prd = polymul(prd, c)
    return prd


def polyval(x, c, tensor=True):
    """The series c evaluated at x by Horner's scheme. With tensor=True (the default) each
    column c[:, j, ...] is evaluated at every x: the result's shape is c.shape[1:] + x.shape."""
    np = _np()
    c = asarray(c)
    if c.ndim == 0:
        c = c.reshape(1)
    if c.dtype.char in _INT_CHARS:
        c = c + 0.0
    if isinstance(x, (tuple, list, np.ndarray)):
        x = asarray(x)
    if isinstance(x, ndarray) and tensor:
        c = c.reshape(c.shape + (1,) * x.ndim)
    c0 = c[-1] + x * 0
    for i in range(2, c.shape[0] + 1):
        c0 = c[-i] + c0 * x
    return c0


def polyvander(x, deg):
    """The Vandermonde matrix of x: v[..., i] = x**i for i = 0 .. deg."""
    from cunp import empty, moveaxis

    ideg = _as_int(deg, "deg")
    if ideg < 0:
        raise ValueError("deg must be non-negative")
    x = asarray(x)
    if x.ndim == 0:
        x = x.reshape(1)
    x = x + 0.0
    # NumPy's layout: a view of a C-ordered (deg + 1, ...) array, whatever x's layout.
    v = empty((ideg + 1,) + x.shape, dtype=x.dtype)
    v[0] = x * 0 + 1
    if ideg > 0:
        v[1] = x
    for i in range(2, ideg + 1):
        v[i] = v[i - 1] * x
    return moveaxis(v, 0, -1)


def _prepare(c):
    c = asarray(c)
    c = (c.reshape(1) if c.ndim == 0 else c).copy()
    if c.dtype.char in _INT_CHARS:
        c = c + 0.0
    return c


def _column(values, c):
    """values (one per index of axis 0) shaped to broadcast against c."""
    return values.reshape((-1,) + (1,) * (c.ndim - 1))


def polyder(c, m=1, scl=1, axis=0):
    """The m-th derivative along `axis`, each differentiation multiplied by scl."""
    from cunp import _core, moveaxis

    c = _prepare(c)
    cdt = c.dtype
    cnt = _as_int(m, "the order of derivation")
    iaxis = _as_int(axis, "the axis")
    if cnt < 0:
        raise ValueError("The order of derivation must be non-negative")
    iaxis = _core.axes.normalize_axis(iaxis, c.ndim)
    if cnt == 0:
        return c
    c = moveaxis(c, iaxis, 0)
    n = c.shape[0]
    if cnt >= n:
        c = c[:1] * 0
    else:
        for _ in range(cnt):
            n -= 1
            c = (c * scl).astype(cdt, copy=False)
            c = (c[1:] * _column(arange(1, n + 1), c)).astype(cdt, copy=False)
    return moveaxis(c, 0, iaxis)


def polyint(c, m=1, k=[], lbnd=0, scl=1, axis=0):  # noqa: B006 - NumPy's default
    """The m-th integral along `axis`: k the integration constants (the value at lbnd of
    each integral, lowest order first), each integration multiplied by scl."""
    from cunp import _core, concatenate, moveaxis

    np = _np()
    c = _prepare(c)
    cdt = c.dtype
    if not np.iterable(k):
        k = [k]
    cnt = _as_int(m, "the order of integration")
    iaxis = _as_int(axis, "the axis")
    if cnt < 0:
        raise ValueError("The order of integration must be non-negative")
    if len(k) > cnt:
        raise ValueError("Too many integration constants")
    if np.ndim(lbnd) != 0:
        raise ValueError("lbnd must be a scalar.")
    if np.ndim(scl) != 0:
        raise ValueError("scl must be a scalar.")
    iaxis = _core.axes.normalize_axis(iaxis, c.ndim)
    if cnt == 0:
        return c
    k = list(k) + [0] * (cnt - len(k))
    c = moveaxis(c, iaxis, 0)
    for i in range(cnt):
        n = c.shape[0]
        c = (c * scl).astype(cdt, copy=False)
        if n == 1 and not bool((c[0] != 0).any()):
            c = c.copy()
            c[0] += k[i]
            continue
        tmp = concatenate([c[:1] * 0, c / _column(arange(1, n + 1), c)]).astype(cdt, copy=False)
        tmp[0] += k[i] - polyval(lbnd, tmp)
        c = tmp
    return moveaxis(c, 0, iaxis)


def polycompanion(c):
    """The companion matrix of c (its eigenvalues are the roots)."""
    from cunp import stack, zeros

    [c] = _as_series([c])
    n = c.shape[0] - 1
    if n < 1:
        raise ValueError("Series must have maximum degree of at least 1.")
    if n == 1:
        return stack([-c[:1] / c[1]])
    mat = zeros((n, n), c.dtype)
    mat[arange(1, n), arange(n - 1)] = 1
    mat[:, -1] -= c[:-1] / c[-1]
    return mat


def polyroots(c):
    """The roots of the series, sorted (real when they all are). The sort runs on the host:
    there are degree-many roots."""
    from cunp import stack

    np = _np()
    [c] = _as_series([c])
    if c.shape[0] < 2:
        return asarray(np.array([], dtype=c.dtype))
    if c.shape[0] == 2:
        return stack([-c[0] / c[1]])
    from cunp import linalg

    r = _host(linalg.eigvals(polycompanion(c)))
    if c.dtype.kind != "c" and not r.imag.any():
        r = r.real  # eigvals is complex since NumPy 2.5; real roots stay real, as in NumPy 2.4
    r.sort()
    return asarray(r)


def polyfit(x, y, deg, rcond=None, full=False, w=None):
    """Least-squares fit of a power series to the points (x, y). deg is the degree, or a list
    of the degrees to fit (the other coefficients are zero). full=True also returns
    [residuals, rank, singular values, rcond]."""
    from cunp import linalg, sqrt, zeros

    np = _np()
    x = asarray(x) + 0.0
    y = asarray(y) + 0.0
    deg = np.asarray(deg)
    if deg.ndim > 1 or deg.dtype.kind not in "iu" or deg.size == 0:
        raise TypeError("deg must be an int or non-empty 1-D array of int")
    if deg.min() < 0:
        raise ValueError("expected deg >= 0")
    _check_fit_data(x, y)
    if deg.ndim == 0:
        lmax = int(deg)
        order = lmax + 1
        van = polyvander(x, lmax)
    else:
        deg = np.sort(deg)
        lmax = int(deg[-1])
        order = len(deg)
        van = polyvander(x, lmax)[:, asarray(deg)]
    lhs = van.T
    rhs = y.T
    if w is not None:
        w = asarray(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected 1D vector for w")
        if x.shape[0] != w.shape[0]:
            raise TypeError("expected x and w to have same length")
        lhs = lhs * w
        rhs = rhs * w
    if rcond is None:
        rcond = x.shape[0] * np.finfo(x.dtype).eps
    if lhs.dtype.kind == "c":
        scl = sqrt((lhs.real * lhs.real + lhs.imag * lhs.imag).sum(1))
    else:
        scl = sqrt((lhs * lhs).sum(1))
    scl[scl == 0] = 1
    c, resids, rank, s = linalg.lstsq(lhs.T / scl, rhs.T, rcond)
    c = (c.T / scl).T
    if deg.ndim > 0:
        cc = zeros((lmax + 1,) + c.shape[1:], c.dtype)
        cc[asarray(deg)] = c
        c = cc
    if rank != order and not full:
        warnings.warn("The fit may be poorly conditioned", np.exceptions.RankWarning,
                      stacklevel=2)
    if full:
        return c, [resids, rank, s, rcond]
    return c


# --- the Polynomial class ---

def _host_series(values, what):
    np = _np()
    v = np.asarray(_host(values) if isinstance(values, ndarray) else values)
    v = v.reshape(1) if v.ndim == 0 else v
    if v.size == 0:
        raise ValueError("Coefficient array is empty")
    v = v.astype(np.common_type(v))
    if len(v) != 2:
        raise ValueError(f"{what} has wrong number of elements.")
    return v


def _mapparms(old, new):
    oldlen = old[1] - old[0]
    newlen = new[1] - new[0]
    return (old[1] * new[0] - old[0] * new[1]) / oldlen, newlen / oldlen


def _mapdomain(x, old, new):
    if not isinstance(x, (int, float, complex)) and not isinstance(x, ndarray):
        np = _np()
        if not isinstance(x, np.generic):
            x = asarray(x)
    off, scl = _mapparms(old, new)
    return off + scl * x


def _default_interval():
    return _np().array([-1.0, 1.0])


class Polynomial:
    """A power series p(x) = c[0] + c[1]*x + ... on a cunp coefficient array, with NumPy's
    domain/window mapping: p(x) evaluates the series at off + scl*x, where (off, scl) maps
    the domain onto the window. Arithmetic with scalars, sequences and Polynomials of the
    same domain, window and symbol; fit, deriv, integ, roots as numpy's Polynomial."""

    __hash__ = None
    maxpower = 100

    def __init__(self, coef, domain=None, window=None, symbol="x"):
        [self.coef] = _as_series([coef], trim=False)
        self.domain = _default_interval() if domain is None else _host_series(domain, "Domain")
        self.window = _default_interval() if window is None else _host_series(window, "Window")
        try:
            if not symbol.isidentifier():
                raise ValueError("Symbol string must be a valid Python identifier")
        except AttributeError:
            raise TypeError("Symbol must be a non-empty string") from None
        self._symbol = symbol

    @property
    def symbol(self):
        return self._symbol

    def mapparms(self):
        """(off, scl): the map off + scl*x from the domain to the window."""
        return _mapparms(self.domain, self.window)

    def _new(self, coef):
        return self.__class__(coef, self.domain, self.window, self.symbol)

    def _other(self, other):
        np = _np()
        if isinstance(other, Polynomial):
            if not isinstance(other, self.__class__):
                raise TypeError("Polynomial types differ")
            if not np.all(self.domain == other.domain):
                raise TypeError("Domains differ")
            if not np.all(self.window == other.window):
                raise TypeError("Windows differ")
            if self.symbol != other.symbol:
                raise ValueError("Polynomial symbols differ")
            return other.coef
        return other

    def __call__(self, arg):
        return polyval(_mapdomain(arg, self.domain, self.window), self.coef)

    def __len__(self):
        return self.coef.shape[0]

    def degree(self):
        return self.coef.shape[0] - 1

    def copy(self):
        return self._new(self.coef.copy())

    def __neg__(self):
        return self._new(-self.coef)

    def __pos__(self):
        return self

    def __add__(self, other):
        return self._new(polyadd(self.coef, self._other(other)))

    def __radd__(self, other):
        return self._new(polyadd(other, self.coef))

    def __sub__(self, other):
        return self._new(polysub(self.coef, self._other(other)))

    def __rsub__(self, other):
        return self._new(polysub(other, self.coef))

    def __mul__(self, other):
        return self._new(polymul(self.coef, self._other(other)))

    def __rmul__(self, other):
        return self._new(polymul(other, self.coef))

    def __truediv__(self, other):
        import numbers

        if not isinstance(other, numbers.Number) or isinstance(other, bool):
            raise TypeError(f"unsupported types for true division: '{type(self)}', "
                            f"'{type(other)}'")
        return self._new(self.coef / other)

    def __divmod__(self, other):
        quo, rem = polydiv(self.coef, self._other(other))
        return self._new(quo), self._new(rem)

    def __floordiv__(self, other):
        return self.__divmod__(other)[0]

    def __mod__(self, other):
        return self.__divmod__(other)[1]

    def __rdivmod__(self, other):
        quo, rem = polydiv(other, self.coef)
        return self._new(quo), self._new(rem)

    def truncate(self, size):
        """The series cut to its first `size` coefficients."""
        isize = int(size)
        if isize != size or isize < 1:
            raise ValueError("size must be a positive integer")
        return self._new(self.coef if isize >= len(self.coef) else self.coef[:isize])

    def cutdeg(self, deg):
        """The series cut to degree `deg`."""
        return self.truncate(deg + 1)

    def trim(self, tol=0):
        """The series without its trailing coefficients of magnitude <= tol."""
        if tol < 0:
            raise ValueError("tol must be non-negative")
        ind = _host(abs(self.coef) > tol).nonzero()[0]
        coef = self.coef[:1] * 0 if len(ind) == 0 else self.coef[:int(ind[-1]) + 1].copy()
        return self._new(coef)

    @classmethod
    def fromroots(cls, roots, domain=[], window=None, symbol="x"):  # noqa: B006
        """The monic polynomial with the given roots (in the domain)."""
        [roots] = _as_series([roots], trim=False)
        if domain is None:
            domain = cls._domain_of(roots)
        elif isinstance(domain, list) and len(domain) == 0:
            domain = _default_interval()
        window = _default_interval() if window is None else window
        off, scl = _mapparms(domain, window)
        coef = polyfromroots(off + scl * roots) / scl ** len(roots)
        return cls(coef, domain=domain, window=window, symbol=symbol)

    @classmethod
    def identity(cls, domain=None, window=None, symbol="x"):
        """The polynomial x (in the domain)."""
        domain = _default_interval() if domain is None else domain
        window = _default_interval() if window is None else window
        off, scl = _mapparms(window, domain)
        return cls(polyline(off, scl), domain, window, symbol)

    @classmethod
    def basis(cls, deg, domain=None, window=None, symbol="x"):
        """The polynomial x**deg."""
        ideg = int(deg)
        if ideg != deg or ideg < 0:
            raise ValueError("deg must be non-negative integer")
        return cls([0] * ideg + [1], domain, window, symbol)

    @staticmethod
    def _domain_of(x):
        """The smallest interval (a rectangle's corners for complex x) holding x."""
        np = _np()
        x = asarray(x)
        if x.dtype.kind == "c":
            return np.array([complex(float(x.real.min()), float(x.imag.min())),
                             complex(float(x.real.max()), float(x.imag.max()))])
        return np.array([x.min().item(), x.max().item()],
                        dtype=np.common_type(np.empty(0, x.dtype)))

    def __pow__(self, other):
        return self._new(polypow(self.coef, other, maxpower=self.maxpower))

    def __eq__(self, other):
        np = _np()
        return (isinstance(other, self.__class__) and bool(np.all(self.domain == other.domain))
                and bool(np.all(self.window == other.window))
                and self.coef.shape == other.coef.shape
                and bool((self.coef == other.coef).all()) and self.symbol == other.symbol)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        coef = repr(self.coef)[6:-1]
        domain = repr(self.domain)[6:-1]
        window = repr(self.window)[6:-1]
        return (f"{self.__class__.__name__}({coef}, domain={domain}, window={window}, "
                f"symbol='{self.symbol}')")

    def __str__(self):
        np = _np()
        return str(np.polynomial.Polynomial(_host(self.coef), self.domain, self.window,
                                             self.symbol))

    def deriv(self, m=1):
        """The m-th derivative (in the same domain and window)."""
        off, scl = self.mapparms()
        return self._new(polyder(self.coef, m, scl))

    def integ(self, m=1, k=[], lbnd=None):  # noqa: B006 - NumPy's default
        """The m-th integral; k the integration constants, lbnd the lower bound (in the
        domain)."""
        off, scl = self.mapparms()
        lbnd = 0 if lbnd is None else off + scl * lbnd
        return self._new(polyint(self.coef, m, k, lbnd, 1.0 / scl))

    def roots(self):
        """The roots, sorted, in the domain."""
        return _mapdomain(polyroots(self.coef), self.window, self.domain)

    def linspace(self, n=100, domain=None):
        """(x, self(x)) at n points spaced evenly over the domain (or `domain`)."""
        from cunp import linspace

        domain = self.domain if domain is None else domain
        x = linspace(float(domain[0]), float(domain[1]), n)
        return x, self(x)

    @classmethod
    def fit(cls, x, y, deg, domain=None, rcond=None, full=False, w=None, window=None,
            symbol="x"):
        """The least-squares fit of degree `deg` to (x, y), its domain (by default) the
        interval of x, mapped to the window for the fit."""
        if domain is None:
            x = asarray(x)
            domain = cls._domain_of(x)
            if domain[0] == domain[1]:
                domain[0] -= 1
                domain[1] += 1
        elif isinstance(domain, list) and len(domain) == 0:
            domain = _default_interval()
        if window is None:
            window = _default_interval()
        xnew = _mapdomain(x, domain, window)
        res = polyfit(xnew, y, deg, w=w, rcond=rcond, full=full)
        if full:
            coef, status = res
            return cls(coef, domain=domain, window=window, symbol=symbol), status
        return cls(res, domain=domain, window=window, symbol=symbol)
