"""NdPPoly: a piecewise tensor-product polynomial in the power basis. c has shape
(k_1, ..., k_d, m_1, ..., m_d, ...): c[a_1, ..., a_d, i_1, ..., i_d] multiplies
prod_j (x_j - x_j[i_j])^(k_j - 1 - a_j) on the box of cell (i_1, ..., i_d). Evaluation is a
per-axis interval search, one gather of each point's k_1 * ... * k_d coefficients and Horner's
rule axis by axis, all cunp operations on the device; derivatives, antiderivatives and
integrals along one axis reuse PPoly's coefficient transforms on that axis."""
import numpy

import cunp as cp
from cunp.scipy.interpolate._ppoly import PPoly, _float_dtype


class NdPPoly:
    """Piecewise tensor-product polynomial from coefficients c and breakpoints x (a tuple of d
    ascending arrays); extrapolate: True (default) or False (NaN outside)."""

    def __init__(self, c, x, extrapolate=None):
        self.x = tuple(cp.ascontiguousarray(cp.asarray(v, dtype=numpy.float64)) for v in x)
        c = cp.asarray(c)
        self.c = c.astype(_float_dtype(c.dtype), copy=False)
        self.extrapolate = True if extrapolate is None else bool(extrapolate)
        nd = len(self.x)
        if any(v.ndim != 1 for v in self.x):
            raise ValueError("x arrays must all be 1-dimensional")
        if any(v.shape[0] < 2 for v in self.x):
            raise ValueError("x arrays must all contain at least 2 points")
        if self.c.ndim < 2 * nd:
            raise ValueError("c must have at least 2*len(x) dimensions")
        if any(bool((cp.diff(v) < 0).any()) for v in self.x):
            raise ValueError("x-coordinates are not in increasing order")
        if any(a != b.shape[0] - 1 for a, b in zip(self.c.shape[nd:2 * nd], self.x)):
            raise ValueError("x and c do not agree on the number of intervals")

    @classmethod
    def construct_fast(cls, c, x, extrapolate=None):
        self = object.__new__(cls)
        self.c, self.x = c, tuple(x)
        self.extrapolate = True if extrapolate is None else extrapolate
        return self

    def __call__(self, x, nu=None, extrapolate=None):
        """Values (or the nu[j]-th partial derivatives) at x (..., d)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        nd = len(self.x)
        if nu is None:
            nu = (0,) * nd
        nu = tuple(int(n) for n in nu)
        if len(nu) != nd:
            raise ValueError("invalid number of derivative orders nu")
        if any(n < 0 for n in nu):
            raise ValueError("derivatives must be positive")
        poly = self.derivative(nu) if any(nu) else self
        x = cp.asarray(x, dtype=numpy.float64)
        shape = x.shape[:-1]
        pts = x.reshape(-1, nd)
        c = poly.c
        idx, offs = [], []
        outside = cp.zeros(pts.shape[0], dtype=bool)
        for j, b in enumerate(poly.x):
            m = b.shape[0] - 1
            xj = pts[:, j]
            i = cp.clip(cp.searchsorted(b, xj, side="right") - 1, 0, m - 1)
            idx.append(i)
            offs.append(xj - b[i])
            outside = outside | (xj < b[0]) | (xj > b[-1])
        # (npts, k_1, ..., k_d, trailing...): every point's coefficient block, gathered with
        # the interval axes in front (plain leading integer-array indexing).
        front = c
        for j in range(nd):
            front = cp.moveaxis(front, nd + j, j)
        block = front[tuple(idx)]
        extra = c.ndim - 2 * nd
        for j in range(nd - 1, -1, -1):
            # Horner over the last remaining coefficient axis (j + 1), s_j per point.
            s = offs[j].reshape((-1,) + (1,) * (j + extra))
            val = block[(slice(None),) * (j + 1) + (0,)]
            for a in range(1, block.shape[j + 1]):
                val = val * s + block[(slice(None),) * (j + 1) + (a,)]
            block = val
        out = block
        if not extrapolate:
            out = cp.where(outside.reshape((-1,) + (1,) * extra), cp.nan, out)
        return out.reshape(shape + c.shape[2 * nd:])

    def _on_axis(self, axis, fn):
        """Apply fn to a PPoly over `axis` (its coefficient and interval axes moved to the
        front) and move the result's axes back."""
        nd = len(self.x)
        c = cp.moveaxis(self.c, nd + axis, 0)
        c = cp.moveaxis(c, axis + 1, 0)
        out = fn(PPoly.construct_fast(c, self.x[axis], self.extrapolate))
        c2 = cp.moveaxis(out.c, 0, axis + 1)
        return cp.moveaxis(c2, 0, nd + axis)

    def derivative(self, nu):
        """The NdPPoly of the partial derivatives of orders nu (one per axis)."""
        c = self
        for axis, n in enumerate(nu):
            if n:
                c = NdPPoly.construct_fast(
                    c._on_axis(axis, lambda p, n=n: p.derivative(n)), self.x, self.extrapolate)
        return c if c is not self else NdPPoly.construct_fast(self.c.copy(), self.x,
                                                              self.extrapolate)

    def antiderivative(self, nu):
        """The NdPPoly of the antiderivatives of orders nu, each zero at its axis' first
        breakpoint."""
        c = self
        for axis, n in enumerate(nu):
            if n:
                c = NdPPoly.construct_fast(
                    c._on_axis(axis, lambda p, n=n: p.antiderivative(n)), self.x,
                    self.extrapolate)
        return c if c is not self else NdPPoly.construct_fast(self.c.copy(), self.x,
                                                              self.extrapolate)

    def integrate_1d(self, a, b, axis, extrapolate=None):
        """The integral over x[axis] from a to b: an NdPPoly in the other axes (an array for a
        one-axis polynomial)."""
        if extrapolate is None:
            extrapolate = self.extrapolate
        nd = len(self.x)
        axis = int(axis) % nd
        c = cp.moveaxis(self.c, nd + axis, 0)
        c = cp.moveaxis(c, axis + 1, 0)
        res = PPoly.construct_fast(c, self.x[axis], extrapolate).integrate(a, b,
                                                                         extrapolate=extrapolate)
        if nd == 1:
            return res
        rest = self.x[:axis] + self.x[axis + 1:]
        return NdPPoly.construct_fast(res, rest, self.extrapolate)

    def integrate(self, ranges, extrapolate=None):
        """The integral over the box given by ranges[j] = (a_j, b_j)."""
        nd = len(self.x)
        if len(ranges) != nd:
            raise ValueError("Range not a sequence of correct length")
        poly = self
        for axis in range(nd - 1, -1, -1):
            a, b = ranges[axis]
            poly = poly.integrate_1d(a, b, axis, extrapolate)
        return poly
