"""cunp.scipy.interpolate.RBFInterpolator: radial basis function interpolation in N dimensions.

The kernel matrix, the polynomial block and the evaluation matrices are built on the device
(distances by the pairwise kernel of cunp.scipy.spatial.distance, which subtracts coordinates
directly, so a data point's distance to itself is exactly 0); the saddle-point system
[[K + diag(smoothing), P], [P^T, 0]] is solved by cunp.linalg.solve (cuSOLVER). With
`neighbors=k` every evaluation point solves its own k-point system, found through cunp's
KDTree, as one batched solve."""
import itertools
import warnings

import numpy

import cunp as cp
from cunp.scipy.spatial import distance as _distance
from cunp.scipy.spatial._kdtree import KDTree


def _linear(r):
    return -r


def _thin_plate_spline(r):
    safe = cp.where(r == 0, 1.0, r)
    return cp.where(r == 0, 0.0, r * r * cp.log(safe))


def _cubic(r):
    return r ** 3


def _quintic(r):
    return -(r ** 5)


def _multiquadric(r):
    return -cp.sqrt(r * r + 1)


def _inverse_multiquadric(r):
    return 1 / cp.sqrt(r * r + 1)


def _inverse_quadratic(r):
    return 1 / (r * r + 1)


def _gaussian(r):
    return cp.exp(-r * r)


# name: (function of the scaled distance, the smallest polynomial degree that makes the
# interpolant well posed (-1: none), scale invariant (epsilon defaults to 1)).
_KERNELS = {
    "linear": (_linear, 0, True),
    "thin_plate_spline": (_thin_plate_spline, 1, True),
    "cubic": (_cubic, 1, True),
    "quintic": (_quintic, 2, True),
    "multiquadric": (_multiquadric, 0, False),
    "inverse_multiquadric": (_inverse_multiquadric, -1, False),
    "inverse_quadratic": (_inverse_quadratic, -1, False),
    "gaussian": (_gaussian, -1, False),
}
_SCALE_INVARIANT = {name for name, (_, _, inv) in _KERNELS.items() if inv}

# Floats an evaluation chunk may hold, at least (SciPy's budget rule: also at least the inputs'
# own size).
_MEMORY_BUDGET = 1 << 24


def monomial_powers(ndim, degree):
    """The exponents (nmonos, ndim) of every monomial of total degree <= degree, by degree."""
    rows = []
    for deg in range(degree + 1):
        for combo in itertools.combinations_with_replacement(range(ndim), deg):
            row = [0] * ndim
            for var in combo:
                row[var] += 1
            rows.append(row)
    return numpy.array(rows, dtype=numpy.int64).reshape(-1, ndim)


def _distances(x, y):
    """Euclidean distances (..., m, n) between the rows of x (..., m, d) and y (..., n, d)."""
    if x.ndim == 2:
        return _distance._pairwise("minkowski", cp.ascontiguousarray(x),
                                   cp.ascontiguousarray(y), 2.0)
    diff = x[..., :, None, :] - y[..., None, :, :]
    return cp.sqrt((diff * diff).sum(axis=-1))


def _polynomial(xhat, powers):
    """The monomials at the (shifted, scaled) points: (..., m, nmonos)."""
    if powers.shape[0] == 0:
        return cp.zeros(xhat.shape[:-1] + (0,), dtype=cp.float64)
    return (xhat[..., :, None, :] ** cp.asarray(powers, dtype=cp.float64)).prod(axis=-1)


def _shift_scale(y):
    """The polynomial's domain: centre and half-width per axis (a zero width counts as 1)."""
    lo, hi = y.min(axis=-2), y.max(axis=-2)
    scale = (hi - lo) / 2
    return (hi + lo) / 2, cp.where(scale == 0, 1.0, scale)


def _solve(y, d, smoothing, kernel, epsilon, powers):
    """Coefficients (..., p + r, s) of the system over data y (..., p, n) and values
    d (..., p, s); also the polynomial's shift and scale."""
    func = _KERNELS[kernel][0]
    p, r = y.shape[-2], powers.shape[0]
    shift, scale = _shift_scale(y)
    kmat = func(epsilon * _distances(y, y))
    kmat = kmat + smoothing[..., :, None] * cp.eye(p)
    pmat = _polynomial((y - shift[..., None, :]) / scale[..., None, :], powers)
    lead = y.shape[:-2]
    top = cp.concatenate([kmat, pmat], axis=-1)
    bottom = cp.concatenate([cp.swapaxes(pmat, -1, -2), cp.zeros(lead + (r, r))], axis=-1)
    lhs = cp.concatenate([top, bottom], axis=-2)
    rhs = cp.concatenate([d, cp.zeros(lead + (r, d.shape[-1]))], axis=-2)
    try:
        coeffs = cp.linalg.solve(lhs, rhs)
    except numpy.linalg.LinAlgError:
        msg = "Singular matrix."
        if r > 0 and y.ndim == 2:
            host = cp.asnumpy(pmat)
            rank = numpy.linalg.matrix_rank(host)
            if rank < r:
                msg = ("Singular matrix. The matrix of monomials evaluated at the data point "
                       f"coordinates does not have full column rank ({rank}/{r}).")
        raise numpy.linalg.LinAlgError(msg) from None
    return shift, scale, coeffs


class RBFInterpolator:
    """Radial basis function interpolator in N dimensions (scipy.interpolate.RBFInterpolator).

    y (P, N) data coordinates, d (P, ...) values (real or complex); the kernels, epsilon,
    smoothing, degree and neighbors are SciPy's."""

    def __init__(self, y, d, neighbors=None, smoothing=0.0, kernel="thin_plate_spline",
                 epsilon=None, degree=None):
        y = cp.asarray(y)
        if y.dtype.kind == "c":
            raise TypeError("`y` must be real")
        y = cp.ascontiguousarray(y.astype(cp.float64))
        if y.ndim != 2:
            raise ValueError("`y` must be a 2-dimensional array.")
        ny, ndim = y.shape
        d = cp.asarray(d)
        self._complex = d.dtype.kind == "c"
        d = d.astype(cp.complex128 if self._complex else cp.float64)
        if d.ndim == 0 or d.shape[0] != ny:
            raise ValueError(f"Expected the first axis of `d` to have length {ny}.")
        self.d_shape = d.shape[1:]
        self.d_dtype = d.dtype
        d = d.reshape(ny, -1)
        if self._complex:
            d = cp.stack([d.real, d.imag], axis=-1).reshape(ny, -1)
        smoothing = cp.asarray(smoothing, dtype=cp.float64)
        if smoothing.ndim == 0:
            smoothing = cp.full(ny, float(smoothing))
        elif smoothing.shape != (ny,):
            raise ValueError(f"Expected `smoothing` to be a scalar or have shape ({ny},).")
        kernel = kernel.lower()
        if kernel not in _KERNELS:
            raise ValueError(f"`kernel` must be one of {set(_KERNELS)}.")
        if epsilon is None:
            if kernel not in _SCALE_INVARIANT:
                raise ValueError("`epsilon` must be specified if `kernel` is not one of "
                                 f"{_SCALE_INVARIANT}.")
            epsilon = 1.0
        else:
            epsilon = float(epsilon)
        min_degree = _KERNELS[kernel][1]
        if degree is None:
            degree = max(min_degree, 0)
        else:
            degree = int(degree)
            if degree < -1:
                raise ValueError("`degree` must be at least -1.")
            if -1 < degree < min_degree:
                warnings.warn(f"`degree` should not be below {min_degree} except -1 when "
                              f"`kernel` is '{kernel}'.The interpolant may not be uniquely "
                              "solvable, and the smoothing parameter may have an unintuitive "
                              "effect.", UserWarning, stacklevel=2)
        if neighbors is None:
            nobs = ny
        else:
            neighbors = int(min(neighbors, ny))
            nobs = neighbors
        powers = monomial_powers(ndim, degree)
        if powers.shape[0] > nobs:
            raise ValueError(f"At least {powers.shape[0]} data points are required when "
                             f"`degree` is {degree} and the number of dimensions is {ndim}.")
        self.y, self.d, self.smoothing = y, d, smoothing
        self.kernel, self.epsilon, self.powers = kernel, epsilon, powers
        self.neighbors = neighbors
        if neighbors is None:
            self._shift, self._scale, self._coeffs = _solve(y, d, smoothing, kernel, epsilon,
                                                            powers)
        else:
            self._tree = KDTree(y)

    def _evaluate(self, x, y, shift, scale, coeffs):
        """Values at x (..., q, n) of the interpolant over y (..., p, n)."""
        func = _KERNELS[self.kernel][0]
        kvec = func(self.epsilon * _distances(x, y))
        pvec = _polynomial((x - shift[..., None, :]) / scale[..., None, :], self.powers)
        return cp.concatenate([kvec, pvec], axis=-1) @ coeffs

    def __call__(self, x):
        """The interpolant at x (Q, N): shape (Q, ...) of d's trailing shape and dtype."""
        x = cp.asarray(x)
        if x.ndim != 2:
            raise ValueError("`x` must be a 2-dimensional array.")
        nx, ndim = x.shape
        if ndim != self.y.shape[1]:
            raise ValueError(f"Expected the second axis of `x` to have length "
                             f"{self.y.shape[1]}.")
        x = cp.ascontiguousarray(x.astype(cp.float64))
        budget = max(x.size + self.y.size + self.d.size, _MEMORY_BUDGET)
        nr = self.powers.shape[0]
        if self.neighbors is None:
            width = self.y.shape[0] + nr
            step = max(1, budget // max(width, 1))
            pieces = [self._evaluate(x[i:i + step], self.y, self._shift, self._scale,
                                     self._coeffs) for i in range(0, nx, step)]
        else:
            k = self.neighbors
            width = (k + nr) * (k + nr + 1)
            step = max(1, budget // width)
            pieces = [self._local(x[i:i + step]) for i in range(0, nx, step)]
        out = cp.concatenate(pieces, axis=0) if pieces else \
            cp.zeros((0, self.d.shape[1]), dtype=cp.float64)
        if self._complex:
            out = out.reshape(nx, -1, 2)
            out = out[..., 0] + 1j * out[..., 1]
        return out.reshape((nx,) + self.d_shape).astype(self.d_dtype, copy=False)

    def _local(self, x):
        """Each point of x through the system of its k nearest data points (one batched
        solve)."""
        k = self.neighbors
        _, idx = self._tree.query(x, k=k)
        idx = idx.reshape(x.shape[0], k)
        idx = cp.sort(idx, axis=1)
        y = self.y[idx]                    # (q, k, n)
        d = self.d[idx]                    # (q, k, s)
        smoothing = self.smoothing[idx]    # (q, k)
        shift, scale, coeffs = _solve(y, d, smoothing, self.kernel, self.epsilon, self.powers)
        return self._evaluate(x[:, None, :], y, shift, scale, coeffs)[:, 0, :]
