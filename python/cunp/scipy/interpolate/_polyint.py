"""Interpolating polynomials through all the points: BarycentricInterpolator (the second,
"true" barycentric formula of Berrut and Trefethen) and KroghInterpolator (Newton's form with
repeated nodes for derivatives, i.e. Hermite interpolation), their function forms and
approximate_taylor_polynomial. The weights and divided differences (n small) are computed on
the host; evaluation at many points is cunp operations on the device."""
import math

import numpy

import cunp as cp


class _Interpolator1D:
    """Shared handling of y's interpolation axis: values are stored with it first, and results
    put the new points' axes where it was."""

    def _set_y(self, yi, axis, n):
        y = cp.asarray(yi)
        if y.ndim == 0:
            raise ValueError("y must be at least 1-dimensional")
        self._axis = axis % y.ndim
        y = cp.moveaxis(y, self._axis, 0)
        if y.shape[0] != n:
            raise ValueError("x and y arrays must be equal in length along interpolation axis.")
        self._y_extra = y.shape[1:]
        kind = numpy.dtype(y.dtype).kind
        self.dtype = numpy.dtype(numpy.complex128 if kind == "c" else numpy.float64)
        return y.reshape(n, -1).astype(self.dtype)

    def _finish(self, out, xshape):
        """out (len(x), prod(extra)) -> x.shape placed at the interpolation axis."""
        out = out.reshape(tuple(xshape) + self._y_extra)
        if self._axis:
            nd = len(xshape)
            order = (list(range(nd, nd + self._axis)) + list(range(nd))
                     + list(range(nd + self._axis, out.ndim)))
            out = out.transpose(order)
        return out


class BarycentricInterpolator(_Interpolator1D):
    """The polynomial through (xi, yi) (distinct xi), p(x) = sum w_j y_j / (x - x_j) /
    sum w_j / (x - x_j) with w_j = 1 / prod_{k != j} (x_j - x_k); exact y_j at the nodes."""

    def __init__(self, xi, yi=None, axis=0, *, wi=None, rng=None):
        self.xi = cp.asarray(xi, dtype=numpy.float64).reshape(-1)
        self.n = self.xi.shape[0]
        self._yaxis = axis
        self.yi = None
        if yi is not None:
            self.set_yi(yi, axis)
        self._user_wi = wi is not None
        if wi is not None:
            self.wi = cp.asarray(wi, dtype=numpy.float64)
        else:
            self.wi = cp.asarray(_weights(numpy.asarray(cp.asnumpy(self.xi))))

    def set_yi(self, yi, axis=None):
        if yi is None:
            self.yi = None
            return
        self.yi = self._set_y(yi, self._yaxis if axis is None else axis, self.n)

    def add_xi(self, xi, yi=None):
        """Add nodes (and their values); the weights are recomputed on the host."""
        if yi is not None:
            if self.yi is None:
                raise ValueError("No previous yi value to update!")
            y = cp.moveaxis(cp.asarray(yi), self._axis, 0).reshape(-1, self.yi.shape[1])
            self.yi = cp.concatenate([self.yi, y.astype(self.dtype)])
        elif self.yi is not None:
            raise ValueError("No update to yi provided!")
        self.xi = cp.concatenate([self.xi, cp.asarray(xi, dtype=numpy.float64).reshape(-1)])
        self.n = self.xi.shape[0]
        self.wi = cp.asarray(_weights(numpy.asarray(cp.asnumpy(self.xi))))

    def __call__(self, x):
        x = cp.asarray(x)
        shape = x.shape
        xf = x.reshape(-1).astype(numpy.float64)
        if self.yi is None:
            raise ValueError("No yi values set")
        if xf.shape[0] == 0:
            return self._finish(cp.zeros((0, self.yi.shape[1]), dtype=self.dtype), shape)
        d = xf[:, None] - self.xi[None, :]
        exact = d == 0
        t = self.wi[None, :] / cp.where(exact, 1.0, d)
        num = t.astype(self.dtype) @ self.yi
        den = t.sum(axis=1)[:, None]
        out = num / den
        # At a node the formula is 0/0-like: take the node's value.
        hit = exact.any(axis=1)
        node = cp.argmax(exact, axis=1)
        out = cp.where(hit[:, None], self.yi[node], out)
        return self._finish(out, shape)

    def _newton_form(self):
        if self.yi is None:
            raise ValueError("No yi values set")
        return KroghInterpolator(self.xi, self.yi, axis=0)

    def derivative(self, x, der=1):
        """The der-th derivative, through the equivalent Newton form."""
        x = cp.asarray(x)
        out = self._newton_form().derivative(x.reshape(-1), der)
        return self._finish(out, x.shape)

    def derivatives(self, x, der=None):
        """The value and derivatives up to order der - 1, stacked first."""
        x = cp.asarray(x)
        out = self._newton_form().derivatives(x.reshape(-1), der)
        return cp.stack([self._finish(v, x.shape) for v in out]) if out.shape[0] else out


def _weights(x):
    """Barycentric weights, rescaled by (4 / (max - min))^(n - 1)-like factors per product term
    so that they neither overflow nor underflow for many nodes (any common factor cancels)."""
    n = x.shape[0]
    span = (x.max() - x.min()) if n > 1 else 1.0
    scale = 4.0 / span if span else 1.0
    w = numpy.ones(n)
    for j in range(n):
        diff = (x[j] - numpy.delete(x, j)) * scale
        w[j] = 1.0 / numpy.prod(diff)
    return w


class KroghInterpolator(_Interpolator1D):
    """The polynomial through (xi, yi); a node repeated r times takes, at its later copies,
    the first r - 1 derivatives from the matching yi entries (Hermite interpolation)."""

    def __init__(self, xi, yi, axis=0):
        hx = numpy.asarray(cp.asnumpy(cp.asarray(xi)), dtype=numpy.float64).reshape(-1)
        self.xi = cp.asarray(hx)
        self.n = hx.shape[0]
        y = self._set_y(yi, axis, self.n)
        hy = numpy.asarray(cp.asnumpy(y))
        self.c = cp.asarray(_newton(hx, hy))

    def _horner(self, xf, der):
        """Values of p and its first `der` derivatives at xf: Horner's rule for the Newton
        form, carrying derivatives (P_j^(r) = (x - x_j) P_{j+1}^(r) + r P_{j+1}^(r-1))."""
        m = xf.shape[0]
        p = [cp.zeros((m, self.c.shape[1]), dtype=self.dtype) for _ in range(der + 1)]
        p[0] = p[0] + self.c[self.n - 1][None, :]
        for j in range(self.n - 2, -1, -1):
            w = (xf - self.xi[j])[:, None]
            for r in range(der, 0, -1):
                p[r] = w * p[r] + r * p[r - 1]
            p[0] = w * p[0] + self.c[j][None, :]
        return p

    def __call__(self, x):
        x = cp.asarray(x)
        xf = x.reshape(-1).astype(numpy.float64)
        return self._finish(self._horner(xf, 0)[0], x.shape)

    def derivatives(self, x, der=None):
        """p and its derivatives up to order der - 1 (all n if der is None), stacked first."""
        if der is None:
            der = self.n
        x = cp.asarray(x)
        xf = x.reshape(-1).astype(numpy.float64)
        p = self._horner(xf, max(der - 1, 0))[:der]
        return cp.stack([self._finish(v, x.shape) for v in p]) if p else cp.zeros(
            (0,) + self._finish(cp.zeros((xf.shape[0], self.c.shape[1])), x.shape).shape)

    def derivative(self, x, der=1):
        x = cp.asarray(x)
        xf = x.reshape(-1).astype(numpy.float64)
        return self._finish(self._horner(xf, der)[der], x.shape)


def _newton(x, y):
    """Newton coefficients (divided differences f[x_0..x_j]) with repeated nodes: where all of
    x_i..x_{i+r} coincide, f[...] = f^(r)(x_i) / r!, the r-th derivative read from the y entry
    r places after the group's first."""
    n = x.shape[0]
    start = numpy.zeros(n, dtype=int)
    for i in range(1, n):
        start[i] = start[i - 1] if x[i] == x[i - 1] else i
    col = y[start].copy()
    coef = [col[0].copy()]
    for r in range(1, n):
        nxt = numpy.empty_like(col[:-1])
        for i in range(n - r):
            if x[i + r] == x[i]:
                nxt[i] = y[start[i] + r] / math.factorial(r)
            else:
                nxt[i] = (col[i + 1] - col[i]) / (x[i + r] - x[i])
        col = nxt
        coef.append(col[0].copy())
    return numpy.stack(coef)


def krogh_interpolate(xi, yi, x, der=0, axis=0):
    """KroghInterpolator(xi, yi, axis) at x: values (der=0), one derivative (an int) or a
    stack of the derivatives listed in der."""
    P = KroghInterpolator(xi, yi, axis=axis)
    if der == 0:
        return P(x)
    if numpy.isscalar(der):
        return P.derivative(x, der=der)
    return P.derivatives(x, der=int(numpy.amax(der)) + 1)[numpy.asarray(der)]


def barycentric_interpolate(xi, yi, x, axis=0, *, der=0, rng=None):
    """BarycentricInterpolator(xi, yi, axis) at x (der=0), or its derivatives."""
    P = BarycentricInterpolator(xi, yi, axis=axis)
    if der == 0:
        return P(x)
    K = KroghInterpolator(xi, yi, axis=axis)
    if numpy.isscalar(der):
        return K.derivative(x, der=der)
    return K.derivatives(x, der=int(numpy.amax(der)) + 1)[numpy.asarray(der)]


def approximate_taylor_polynomial(f, x, degree, scale, order=None):
    """The Taylor polynomial of f at x of the given degree, from the interpolating polynomial
    through order + 1 points x + scale cos(pi j / (order + 1)), j = 0..order; a numpy.poly1d
    (highest power first) as SciPy returns."""
    if order is None:
        order = degree
    n = order + 1
    xs = scale * numpy.cos(numpy.linspace(0, numpy.pi, n, endpoint=False)) + x
    ys = f(cp.asarray(xs))
    P = KroghInterpolator(xs, ys)
    d = numpy.asarray(cp.asnumpy(P.derivatives(x, der=degree + 1)))
    fact = numpy.array([math.factorial(i) for i in range(degree + 1)], dtype=numpy.float64)
    return numpy.poly1d((d / fact)[::-1])
