"""BPoly: a piecewise polynomial in the Bernstein basis, c[a, i] the coefficient of
C(k, a) s^a (1 - s)^(k - a), s = (x - x[i]) / (x[i + 1] - x[i]), on [x[i], x[i + 1]].
Evaluation gathers each point's coefficients and runs de Casteljau's algorithm as cunp
operations; derivatives, antiderivatives and the conversions transform the coefficients.
from_derivatives solves its small triangular systems on the host."""
import math

import numpy

import cunp as cp
from cunp.scipy.interpolate._ppoly import PPoly


class BPoly(PPoly):
    """Piecewise polynomial in the Bernstein basis from coefficients c (k + 1, m, ...) and
    breakpoints x (m + 1,). extrapolate: True (default), False (NaN outside) or 'periodic'."""

    @staticmethod
    def _pieces(c, x, i, xnew):
        tail = (1,) * (c.ndim - 2)
        h = (x[i + 1] - x[i]).reshape((-1,) + tail)
        s = (xnew - x[i]).reshape((-1,) + tail) / h
        # de Casteljau: repeated convex combinations, stable for s in [0, 1].
        b = [c[a][i] for a in range(c.shape[0])]
        for r in range(1, len(b)):
            b = [b[a] * (1 - s) + b[a + 1] * s for a in range(len(b) - 1)]
        return b[0] * cp.ones_like(s)

    def _steps(self):
        return cp.diff(self.x).reshape((-1,) + (1,) * (self.c.ndim - 2))

    def derivative(self, nu=1):
        """The BPoly of the nu-th derivative: k (c[a + 1] - c[a]) / h per step."""
        if nu < 0:
            return self.antiderivative(-nu)
        c = self.c
        for _ in range(nu):
            k = c.shape[0] - 1
            if k == 0:
                c = cp.zeros_like(c[:1])
                break
            c = k * (c[1:] - c[:-1]) / self._steps()
        return type(self).construct_fast(c, self.x, self.extrapolate, self.axis)

    def antiderivative(self, nu=1):
        """The BPoly of the nu-th antiderivative, zero at x[0] and continuous: running sums of
        the coefficients times h / (k + 1), each piece raised by the integral over the ones
        before it."""
        if nu <= 0:
            return self.derivative(-nu)
        c = self.c
        for _ in range(nu):
            k = c.shape[0] - 1
            h = self._steps()
            zero = cp.zeros((1,) + c.shape[1:], dtype=c.dtype)
            c2 = cp.concatenate([zero, cp.cumsum(c, axis=0) * h / (k + 1)])
            total = c2[-1]
            c2 = c2 + (cp.cumsum(total, axis=0) - total)
            c = c2
        extrapolate = self.extrapolate
        if extrapolate == "periodic":
            extrapolate = False
        return type(self).construct_fast(c, self.x, extrapolate, self.axis)

    @classmethod
    def from_power_basis(cls, pp, extrapolate=None):
        """The BPoly equal to the PPoly pp: with p_j the coefficient of (x - x[i])^j,
        c[a] = sum_{j <= a} C(a, j) / C(k, j) h^j p_j."""
        if not isinstance(pp, PPoly):
            raise TypeError(".from_power_basis only accepts PPoly instances. Got %s instead."
                            % type(pp))
        k = pp.c.shape[0] - 1
        h = cp.diff(pp.x).reshape((-1,) + (1,) * (pp.c.ndim - 2))
        terms = [pp.c[k - j] * h ** j for j in range(k + 1)]
        rows = []
        for a in range(k + 1):
            acc = cp.zeros_like(pp.c[0])
            for j in range(a + 1):
                acc = acc + terms[j] * (math.comb(a, j) / math.comb(k, j))
            rows.append(acc)
        c = cp.stack(rows)
        if extrapolate is None:
            extrapolate = pp.extrapolate
        return cls.construct_fast(c, pp.x, extrapolate, pp.axis)

    @classmethod
    def from_derivatives(cls, xi, yi, orders=None, extrapolate=None):
        """The piecewise polynomial through the derivatives yi[j] = [f(xi[j]), f'(xi[j]), ...]:
        on each interval, the lowest-degree polynomial matching the given derivatives at both
        ends (or of degree orders[i], taking derivatives alternately from both ends), raised
        to a common degree."""
        hx = numpy.asarray(cp.asnumpy(cp.asarray(xi)), dtype=numpy.float64)
        if len(hx) != len(yi):
            raise ValueError("xi and yi need to have the same length")
        if numpy.any(hx[1:] - hx[:-1] <= 0):
            raise ValueError("`x` must be strictly increasing or decreasing.")
        ys = [numpy.asarray(cp.asnumpy(cp.asarray(v))) if not isinstance(v, (list, tuple))
              else numpy.asarray([numpy.asarray(cp.asnumpy(cp.asarray(e))) for e in v])
              for v in yi]
        ys = [v.reshape((1,) + v.shape) if v.ndim == 0 else v for v in ys]
        m = len(hx) - 1
        try:
            k = max(len(ys[i]) + len(ys[i + 1]) for i in range(m))
        except TypeError as e:
            raise ValueError("Using a 1-D array for y? Please .reshape(-1, 1).") from e
        if orders is None:
            orders = [None] * m
        else:
            if isinstance(orders, (int, numpy.integer)):
                orders = [orders] * m
            # As SciPy: the common coefficient count grows to the largest order (not order
            # + 1), and a piece that would need more fails.
            k = max(k, max(orders))
            if any(o <= 0 for o in orders):
                raise ValueError("Orders must be positive.")
        dt = numpy.result_type(*[v.dtype for v in ys], numpy.float64)
        c = numpy.zeros((k, m) + ys[0].shape[1:], dtype=dt)
        for i in range(m):
            left, right = ys[i], ys[i + 1]
            if orders[i] is None:
                n1, n2 = len(left), len(right)
            else:
                n = orders[i] + 1
                n1 = min(n // 2, len(left))
                n2 = min(n - n1, len(right))
                # SciPy bounds the left count by the right point's derivatives here.
                n1 = min(n - n2, len(right))
                if n1 + n2 != n:
                    raise ValueError("Point %g has %d derivatives, point %g has %d derivatives,"
                                     " but order %d requested" % (hx[i], len(left), hx[i + 1],
                                                                   len(right), orders[i]))
                if not (n1 <= len(left) and n2 <= len(right)):
                    raise ValueError("`order` input incompatible with length y1 or y2.")
            b = _two_point(hx[i + 1] - hx[i], left[:n1], right[:n2])
            c[:, i] = _elevate(b, k - b.shape[0])
        if extrapolate is None:
            extrapolate = True
        return cls.construct_fast(cp.asarray(c), cp.asarray(hx), extrapolate, 0)


def _two_point(h, ya, yb):
    """Bernstein coefficients (on an interval of length h) of the degree na + nb - 1
    polynomial with derivatives ya at the left end and yb at the right end. The q-th
    derivative at s = 0 is k!/(k-q)! / h^q times the q-th forward difference of c[0..q], at
    s = 1 the q-th forward difference of c[k-q..k]: each new condition fixes one more
    coefficient."""
    na, nb = len(ya), len(yb)
    k = na + nb - 1
    if k < 0:
        raise ValueError("no derivatives given for an interval")
    c = numpy.zeros((k + 1,) + ya.shape[1:] if na else (k + 1,) + yb.shape[1:],
                    dtype=numpy.result_type(ya.dtype, yb.dtype, numpy.float64))
    for q in range(na):
        scale = h ** q * math.factorial(k - q) / math.factorial(k)
        acc = ya[q] * scale
        for j in range(q):
            acc = acc - (-1) ** (q - j) * math.comb(q, j) * c[j]
        c[q] = acc
    for q in range(nb):
        scale = h ** q * math.factorial(k - q) / math.factorial(k)
        acc = yb[q] * scale
        for j in range(1, q + 1):
            acc = acc - (-1) ** (q - j) * math.comb(q, j) * c[k - q + j]
        c[k - q] = acc * (-1) ** q
    return c


def _elevate(c, times):
    """The same polynomial with its degree raised `times` times: with degree k,
    c'[a] = a / (k + 1) c[a - 1] + (1 - a / (k + 1)) c[a]."""
    for _ in range(times):
        k = c.shape[0] - 1
        a = numpy.arange(k + 2, dtype=numpy.float64).reshape((-1,) + (1,) * (c.ndim - 1))
        lower = numpy.concatenate([numpy.zeros_like(c[:1]), c])
        upper = numpy.concatenate([c, numpy.zeros_like(c[:1])])
        c = a / (k + 1) * lower + (1 - a / (k + 1)) * upper
    return c
