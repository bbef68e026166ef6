"""cunp.scipy.spatial.distance: pairwise distances (cdist, pdist), squareform,
distance_matrix, and CuPy's functions of two vectors (euclidean(u, v), ..., returning 0-d
arrays).

euclidean, sqeuclidean, cosine and correlation go through one matrix product (|x|^2 + |y|^2 -
2 x.y, clamped at 0): the GPU's fastest path, accurate to rounding relative to the vectors'
norms. The other metrics run one kernel (src/device/spatial/pairwise.cuh): a thread per
output element looping over the features. Inputs are computed in float64 (float32 inputs stay
float32, as CuPy); boolean metrics (russellrao) read the inputs as booleans, as SciPy does.
hellinger and kl_divergence are CuPy's metrics (SciPy has none of that name)."""
import math

import numpy

import cunp as cp

def _work_dtype(*arrays):
    if all(a.dtype == numpy.float32 for a in arrays):
        return numpy.dtype(numpy.float32)
    return numpy.dtype(numpy.float64)


def _sq_norms(x):
    return (x * x).sum(axis=1)


def _sqeuclidean(x, y):
    d = _sq_norms(x)[:, None] + _sq_norms(y)[None, :] - 2.0 * (x @ y.T)
    return cp.maximum(d, 0)


def _cosine(x, y):
    nx = cp.sqrt(_sq_norms(x))
    ny = cp.sqrt(_sq_norms(y))
    sim = (x @ y.T) / nx[:, None] / ny[None, :]
    return cp.clip(1.0 - sim, 0.0, 2.0)


def _pairwise(name, x, y, p=2.0):
    """The metric's kernel (_core.spatial.pairwise): one thread per output element, a loop over
    the features."""
    from cunp import _core
    return _core.spatial.pairwise(name, x, y, float(p))


def _minkowski_p(p):
    def f(x, y):
        if p == 1:
            return _pairwise("cityblock", x, y)
        if math.isinf(p):
            return _pairwise("chebyshev", x, y)
        return _pairwise("minkowski", x, y, p)
    return f


def _canberra(x, y):
    return _pairwise("canberra", x, y)


def _hamming(x, y):
    return _pairwise("hamming", x, y)


def _russellrao(x, y):
    n = x.shape[1]
    xb = (x != 0).astype(numpy.float64)
    yb = (y != 0).astype(numpy.float64)
    return (n - xb @ yb.T) / n


def _jensenshannon(x, y):
    return _pairwise("jensenshannon", x / x.sum(axis=1, keepdims=True),
                     y / y.sum(axis=1, keepdims=True))


def _hellinger(x, y):
    # CuPy's definition: sqrt(1 - sum(sqrt(u * v))) for probability vectors u, v.
    s = cp.sqrt(x) @ cp.sqrt(y).T
    return cp.sqrt(cp.maximum(1.0 - s, 0))


def _kl_divergence(x, y):
    # CuPy's definition: sum(u * log(u / v)) over the features where u > 0.
    return _pairwise("kl_divergence", x, y)


def _correlation(x, y):
    return _cosine(x - x.mean(axis=1, keepdims=True), y - y.mean(axis=1, keepdims=True))


def _metric(metric, kwargs):
    """The function (x, y) -> distances for a metric name and its keyword arguments."""
    if callable(metric):
        raise NotImplementedError("cdist/pdist: a callable metric is not supported on the GPU")
    if not isinstance(metric, str):
        raise TypeError("2nd argument metric must be a string identifier or a function.")
    name = metric.lower()
    extra = dict(kwargs)
    p = extra.pop("p", 2.0)
    if extra:
        raise TypeError("Got unexpected kwarg %s" % next(iter(extra)))
    table = {
        "euclidean": lambda x, y: cp.sqrt(_sqeuclidean(x, y)),
        "sqeuclidean": _sqeuclidean,
        "cityblock": _minkowski_p(1),
        "chebyshev": _minkowski_p(math.inf),
        "minkowski": None,
        "cosine": _cosine,
        "correlation": _correlation,
        "canberra": _canberra,
        "hamming": _hamming,
        "jensenshannon": _jensenshannon,
        "russellrao": _russellrao,
        "hellinger": _hellinger,
        "kl_divergence": _kl_divergence,
    }
    aliases = {"euclid": "euclidean", "eu": "euclidean", "e": "euclidean", "sqe": "sqeuclidean",
               "cblock": "cityblock", "cb": "cityblock", "c": "cityblock",
               "manhattan": "cityblock", "cheby": "chebyshev", "chebychev": "chebyshev",
               "cheb": "chebyshev", "ch": "chebyshev", "minkowski": "minkowski", "mi": "minkowski",
               "m": "minkowski", "pnorm": "minkowski", "cos": "cosine", "co": "correlation",
               "corr": "correlation", "matching": "hamming", "hamm": "hamming", "ha": "hamming",
               "h": "hamming", "js": "jensenshannon", "canb": "canberra", "can": "canberra",
               "ca": "canberra"}
    name = aliases.get(name, name)
    if name not in table:
        raise ValueError("Unknown Distance Metric: %s" % metric)
    if name == "minkowski":
        if p <= 0:
            raise ValueError("p must be greater than 0")
        return _minkowski_p(p), name
    return table[name], name


def _prepare(x, dt, name):
    if name == "russellrao":
        return x
    return x.astype(dt, copy=False)


def cdist(XA, XB, metric="euclidean", *, out=None, **kwargs):
    """The (mA, mB) distances between the rows of XA (mA, n) and XB (mB, n)."""
    xa = cp.asarray(XA)
    xb = cp.asarray(XB)
    if xa.ndim != 2:
        raise ValueError("XA must be a 2-dimensional array.")
    if xb.ndim != 2:
        raise ValueError("XB must be a 2-dimensional array.")
    if xa.shape[1] != xb.shape[1]:
        raise ValueError("XA and XB must have the same number of columns (i.e. feature "
                         "dimension.)")
    f, name = _metric(metric, kwargs)
    dt = _work_dtype(xa, xb)
    if xa.shape[0] == 0 or xb.shape[0] == 0 or xa.shape[1] == 0:
        d = cp.zeros((xa.shape[0], xb.shape[0]), dtype=dt)
    else:
        d = f(_prepare(xa, dt, name), _prepare(xb, dt, name)).astype(dt, copy=False)
    if out is not None:
        if out.shape != d.shape:
            raise ValueError("Output array has incorrect shape.")
        if out.dtype != d.dtype:
            raise ValueError("Output array must be %s." % d.dtype)
        out[...] = d
        return out
    return d


# The kernel metrics (the name _pairwise gets), which pdist computes pair by pair.
_KERNEL_METRICS = ("cityblock", "chebyshev", "minkowski", "canberra", "hamming",
                   "jensenshannon", "kl_divergence")
# Elements of one block of a Gram-metric pdist (rows x the columns right of the block's first).
_PDIST_BLOCK = 1 << 24


def _pdist_kernel(name, x, p=2.0):
    """The condensed distances of a kernel metric (_core.spatial.pdist): one thread per pair
    r < c, which it finds from its condensed position; only those pairs are computed."""
    from cunp import _core
    return _core.spatial.pdist(name, x, float(p))


def _kernel_name(name, kwargs):
    """The kernel's metric name and p for a metric that one kernel computes, else None."""
    p = float(kwargs.get("p", 2.0))
    if name == "minkowski":
        if p == 1:
            return "cityblock", p
        if math.isinf(p):
            return "chebyshev", p
    return (name, p) if name in _KERNEL_METRICS else None


def pdist(X, metric="euclidean", *, out=None, **kwargs):
    """The condensed distances between the rows of X (m, n): the m (m - 1) / 2 pairs i < j,
    row by row. The kernel metrics compute just those pairs; the matrix-product metrics take
    blocks of rows against the rows after each block's first, so the temporary stays near
    _PDIST_BLOCK elements whatever m."""
    x = cp.asarray(X)
    if x.ndim != 2:
        raise ValueError("A 2-dimensional array must be passed.")
    f, name = _metric(metric, kwargs)
    dt = _work_dtype(x)
    m = x.shape[0]
    size = m * (m - 1) // 2
    kernel = _kernel_name(name, kwargs)
    if size == 0 or x.shape[1] == 0:
        d = cp.zeros(size, dtype=dt)
    elif kernel is not None:
        xk = x.astype(dt, copy=False)
        if kernel[0] == "jensenshannon":
            xk = xk / xk.sum(axis=1, keepdims=True)
        d = _pdist_kernel(kernel[0], xk, kernel[1]).astype(dt, copy=False)
    else:
        xw = _prepare(x, dt, name)
        d = cp.empty(size, dtype=dt)
        rows = max(1, _PDIST_BLOCK // m)
        at = 0
        for r0 in range(0, m - 1, rows):
            r1 = min(r0 + rows, m - 1)
            # Rows r0..r1-1 against rows r0..m-1: the pairs of row r are its columns after
            # r - r0, so the block's strict upper triangle read row by row is their run of d.
            block = f(xw[r0:r1], xw[r0:]).astype(dt, copy=False)
            upper = cp.arange(m - r0)[None, :] > cp.arange(r1 - r0)[:, None]
            n = (r1 - r0) * (m - r0) - (r1 - r0) * (r1 - r0 + 1) // 2
            d[at:at + n] = block[upper]
            at += n
    if out is not None:
        if out.shape != d.shape:
            raise ValueError("output array has incorrect shape.")
        out[...] = d
        return out
    return d


def squareform(X, force="no", checks=True):
    """A condensed distance vector as the square matrix, or a square distance matrix as the
    condensed vector."""
    x = cp.asarray(X)
    if force.lower() == "tomatrix" and x.ndim != 1:
        raise ValueError("Forcing 'tomatrix' but input X is not a distance vector.")
    if force.lower() == "tovector" and x.ndim != 2:
        raise ValueError("Forcing 'tovector' but input X is not a distance matrix.")
    if x.ndim == 1:
        k = x.shape[0]
        if k == 0:
            return cp.zeros((1, 1), dtype=x.dtype)
        d = int(math.ceil(math.sqrt(k * 2)))
        if d * (d - 1) != k * 2:
            raise ValueError("Incompatible vector size. It must be a binomial coefficient n "
                             "choose 2 for some integer n >= 2.")
        m = cp.zeros((d, d), dtype=x.dtype)
        i, j = cp.triu_indices(d, 1)
        m[i, j] = x
        m[j, i] = x
        return m
    if x.ndim == 2:
        if x.shape[0] != x.shape[1]:
            raise ValueError("The matrix argument must be square.")
        if checks:
            if bool((cp.diagonal(x) != 0).any()):
                raise ValueError("Distance matrix 'X' diagonal must be zero.")
            if not bool((x == x.T).all()):
                raise ValueError("Distance matrix 'X' must be symmetric.")
        d = x.shape[0]
        if d <= 1:
            return cp.zeros((0,), dtype=x.dtype)
        i, j = cp.triu_indices(d, 1)
        return x[i, j]
    raise ValueError("The first argument must be one or two dimensional array. A "
                     "%d-dimensional array is not permitted" % x.ndim)


def minkowski_distance(x, y, p=2):
    """The p-norm distance between x and y (broadcast), along their last axis."""
    x = cp.asarray(x)
    y = cp.asarray(y)
    diff = cp.abs(x - y).astype(_work_dtype(x, y) if x.dtype.kind == "f" else numpy.float64)
    if math.isinf(p):
        return diff.max(axis=-1)
    if p == 1:
        return diff.sum(axis=-1)
    return (diff ** p).sum(axis=-1) ** (1.0 / p)


def distance_matrix(x, y, p=2, threshold=1000000):
    """The (m, n) p-norm distances between the rows of x (m, k) and y (n, k)."""
    x = cp.asarray(x)
    y = cp.asarray(y)
    if x.ndim != 2 or y.ndim != 2:
        raise ValueError("x and y must be 2-dimensional")
    if x.shape[1] != y.shape[1]:
        raise ValueError("x contains %d-dimensional vectors but y contains %d-dimensional "
                         "vectors" % (x.shape[1], y.shape[1]))
    x = x.astype(numpy.float64)
    y = y.astype(numpy.float64)
    # Direct differences (the kernel, not the matrix product): SciPy's minkowski values.
    return _minkowski_p(p)(x, y)



def _rows(u, v):
    """1-D vectors u and v as one-row matrices."""
    u, v = cp.asarray(u), cp.asarray(v)
    if u.ndim != 1 or v.ndim != 1:
        raise ValueError("Input vector should be 1-D.")
    return u[None, :], v[None, :]


def _between(metric):
    """CuPy's function of `metric` between two 1-D vectors: a 0-d cunp array (SciPy returns a
    Python float, which would wait for the device)."""
    def distance(u, v):
        return cdist(*_rows(u, v), metric)[0, 0]
    distance.__name__ = distance.__qualname__ = metric
    distance.__doc__ = f"The {metric} distance between the 1-D arrays u and v (a 0-d array)."
    return distance


canberra = _between("canberra")
chebyshev = _between("chebyshev")
cityblock = _between("cityblock")
correlation = _between("correlation")
cosine = _between("cosine")
euclidean = _between("euclidean")
hamming = _between("hamming")
hellinger = _between("hellinger")
jensenshannon = _between("jensenshannon")
kl_divergence = _between("kl_divergence")
russellrao = _between("russellrao")
sqeuclidean = _between("sqeuclidean")


def minkowski(u, v, p):
    """The Minkowski p-norm distance between the 1-D arrays u and v (a 0-d array)."""
    return cdist(*_rows(u, v), "minkowski", p=p)[0, 0]
