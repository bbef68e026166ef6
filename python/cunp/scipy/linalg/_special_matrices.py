"""scipy.linalg's special matrices as cunp index arithmetic: each entry is one gather from the
defining vector(s), batched over leading axes where SciPy 1.18 is (toeplitz, circulant,
leslie, companion, fiedler, fiedler_companion, convolution_matrix, khatri_rao)."""
import math

import numpy

import cunp as cp


def _vec(x, name):
    x = cp.asarray(x)
    return x.reshape(1) if x.ndim == 0 else x


def toeplitz(c, r=None):
    """T[..., i, j] == c[..., i - j] for i >= j, r[..., j - i] above (r[0] ignored); r
    defaults to conj(c)."""
    c = _vec(c, "c")
    r = c.conj() if r is None else _vec(r, "r")
    batch = numpy.broadcast_shapes(c.shape[:-1], r.shape[:-1])
    m, n = c.shape[-1], r.shape[-1]
    dt = cp.result_type(c, r)
    c = cp.broadcast_to(c, batch + (m,)).astype(dt, copy=False)
    r = cp.broadcast_to(r, batch + (n,)).astype(dt, copy=False)
    vals = cp.concatenate([c[..., ::-1], r[..., 1:]], axis=-1)
    idx = (m - 1) - cp.arange(m)[:, None] + cp.arange(n)[None, :]
    return vals[..., idx]


def circulant(c):
    """C[..., i, j] == c[..., (i - j) % n]."""
    c = _vec(c, "c")
    n = c.shape[-1]
    idx = (cp.arange(n)[:, None] - cp.arange(n)[None, :]) % max(n, 1)
    return c[..., idx]


def hankel(c, r=None):
    """H[i, j] == c[i + j] while i + j < len(c), else r[i + j - len(c) + 1]; r defaults to
    zeros. N-D inputs are raveled (SciPy 1.18; batches come in 1.19)."""
    c = cp.ravel(cp.asarray(c))
    r = cp.zeros_like(c) if r is None else cp.ravel(cp.asarray(r))
    batch = numpy.broadcast_shapes(c.shape[:-1], r.shape[:-1])
    m, n = c.shape[-1], r.shape[-1]
    dt = cp.result_type(c, r)
    c = cp.broadcast_to(c, batch + (m,)).astype(dt, copy=False)
    r = cp.broadcast_to(r, batch + (n,)).astype(dt, copy=False)
    vals = cp.concatenate([c, r[..., 1:]], axis=-1)
    idx = cp.arange(m)[:, None] + cp.arange(n)[None, :]
    return vals[..., idx]


def hadamard(n, dtype=int):
    """The n x n Hadamard matrix of Sylvester's construction (n a power of 2)."""
    if n < 1:
        lg2 = 0
    else:
        lg2 = int(math.log(n, 2))
    if 2 ** lg2 != n:
        raise ValueError("n must be an positive integer, and n must be a power of 2")
    h = cp.ones((1, 1), dtype=dtype)
    for _ in range(lg2):
        h = cp.concatenate([cp.concatenate([h, h], axis=1), cp.concatenate([h, -h], axis=1)])
    return h


def helmert(n, full=False):
    """The Helmert matrix of order n ((n - 1) x n without the first row unless full)."""
    i = cp.arange(n)
    h = cp.tril(cp.ones((n, n)), -1) - cp.diag(i.astype(cp.float64))
    d = i * cp.arange(1, n + 1)
    h[0] = 1
    d[0] = n
    full_h = h / cp.sqrt(d.astype(cp.float64))[:, None]
    return full_h if full else full_h[1:]


def hilbert(n):
    """H[i, j] == 1 / (i + j + 1)."""
    i = cp.arange(n, dtype=cp.float64)
    return 1.0 / (i[:, None] + i[None, :] + 1.0)


def invhilbert(n, exact=False):
    """The inverse of hilbert(n), from its closed form in binomials (computed exactly in
    Python integers on the host, as SciPy does: n is small, the entries grow as 16^n).
    exact: int64 entries, or Python ints in an object array past int64's range (n >= 14);
    object arrays stay NumPy arrays (cunp has no object dtype)."""
    from math import comb
    rows = []
    for i in range(n):
        row = []
        for j in range(n):
            s = i + j
            v = ((-1) ** s * (s + 1) * comb(n + i, n - j - 1) * comb(n + j, n - i - 1)
                 * comb(s, i) ** 2)
            row.append(v)
        rows.append(row)
    if exact:
        if n > 13:
            out = numpy.empty((n, n), dtype=object)
            for i in range(n):
                for j in range(n):
                    out[i, j] = rows[i][j]
            return out
        return cp.asarray(numpy.array(rows, dtype=numpy.int64).reshape(n, n))
    return cp.asarray(numpy.array(rows, dtype=numpy.float64).reshape(n, n))


def leslie(f, s):
    """The Leslie matrix: fecundities f (..., N) on the first row, survival rates s
    (..., N - 1) on the subdiagonal."""
    f = cp.atleast_1d(cp.asarray(f))
    s = cp.atleast_1d(cp.asarray(s))
    if f.shape[-1] != s.shape[-1] + 1:
        raise ValueError("Incorrect lengths for f and s.  The length of s must be one less "
                         "than the length of f.")
    n = f.shape[-1]
    if n == 0:
        raise ValueError("The length of f must be at least 1.")
    batch = numpy.broadcast_shapes(f.shape[:-1], s.shape[:-1])
    dt = cp.result_type(f, s)
    out = cp.zeros(batch + (n, n), dtype=dt)
    out[..., 0, :] = f
    k = cp.arange(n - 1)
    out[..., k + 1, k] = s
    return out


def companion(a):
    """The companion matrix of the polynomial a (..., N) (a[..., 0] != 0): first row
    -a[1:] / a[0], ones on the subdiagonal."""
    a = cp.asarray(a)
    if a.ndim == 0 or a.shape[-1] < 2:
        raise ValueError("The length of `a` must be at least 2.")
    if bool((a[..., 0] == 0).any()):
        raise ValueError("The first coefficient in `a` must not be zero.")
    n = a.shape[-1]
    first = -a[..., 1:] / (1.0 * a[..., 0:1])
    out = cp.zeros(a.shape[:-1] + (n - 1, n - 1), dtype=first.dtype)
    out[..., 0, :] = first
    k = cp.arange(n - 2)
    out[..., k + 1, k] = 1
    return out


def fiedler(a):
    """F[..., i, j] == |a[..., i] - a[..., j]|."""
    a = cp.atleast_1d(cp.asarray(a))
    if a.size == 0 and a.ndim == 1:
        return cp.zeros((0,), dtype=float)  # SciPy returns an empty 1-D array here
    return cp.abs(a[..., :, None] - a[..., None, :])


def fiedler_companion(a):
    """The Fiedler companion matrix of the polynomial a (..., N), a[..., 0] != 0: a
    pentadiagonal matrix with a's companion matrix's eigenvalues."""
    a = cp.atleast_1d(cp.asarray(a))
    if a.size == 0 and a.ndim == 1:
        return cp.zeros((0, 0), dtype=a.dtype)
    if bool((a[..., 0] == 0).any()):
        raise ValueError("Leading coefficient is zero.")
    a = a / a[..., 0:1]
    n = a.shape[-1] - 1
    batch = a.shape[:-1]
    if n < 1:
        return cp.zeros(batch + (0,), dtype=a.dtype)
    c = cp.zeros(batch + (n, n), dtype=a.dtype)
    # Fiedler's pentadiagonal form: on each even row r, -a[r + 1] left of the diagonal (the
    # first row has it on the diagonal), -a[r + 2] right of it and a 1 two to the right; on
    # each odd row r a 1 in column r - 2 (column 0 on row 1).
    c[..., 0, 0] = -a[..., 1]
    for r in range(0, n, 2):
        if r:
            c[..., r, r - 1] = -a[..., r + 1]
        if r + 1 < n:
            c[..., r, r + 1] = -a[..., r + 2]
        if r + 2 < n:
            c[..., r, r + 2] = 1
    for r in range(1, n, 2):
        c[..., r, max(r - 2, 0)] = 1
    return c


def convolution_matrix(a, n, mode="full"):
    """The matrix A with A @ v == numpy.convolve(a, v, mode) for v of length n."""
    a = cp.asarray(a)
    if n <= 0:
        raise ValueError("n must be a positive integer.")
    if a.ndim == 0:
        raise ValueError("convolution_matrix expects a one-dimensional array as input")
    m = a.shape[-1]
    if m == 0:
        raise ValueError("len(a) must be at least 1.")
    if mode not in ("full", "valid", "same"):
        raise ValueError("'mode' argument must be one of ('full', 'valid', 'same')")
    # Full: (m + n - 1) x n Toeplitz with first column a padded with zeros.
    col = cp.concatenate([a, cp.zeros(a.shape[:-1] + (n - 1,), dtype=a.dtype)], axis=-1)
    row = cp.zeros(a.shape[:-1] + (n,), dtype=a.dtype)
    row[..., 0] = a[..., 0]
    full = toeplitz(col, row)
    if mode == "full":
        return full
    if mode == "valid":
        lo = min(m, n) - 1
        length = max(m, n) - min(m, n) + 1
    else:
        lo = (min(m, n) - 1) // 2
        length = max(m, n)
    return full[..., lo:lo + length, :]


def dft(n, scale=None):
    """The n-point DFT matrix exp(-2 pi i j k / n), scaled by 1/sqrt(n) ('sqrtn') or 1/n
    ('n')."""
    if scale not in (None, "sqrtn", "n"):
        raise ValueError("scale must be None, 'sqrtn', or 'n'; %r is not valid." % (scale,))
    jk = (cp.arange(n)[:, None] * cp.arange(n)[None, :]) % max(n, 1)
    m = cp.exp(jk.astype(cp.float64) * (-2j * math.pi / n)) if n else cp.zeros(
        (0, 0), dtype=cp.complex128)
    if scale == "sqrtn":
        m = m / math.sqrt(n)
    elif scale == "n":
        m = m / n
    return m


def khatri_rao(a, b):
    """The column-wise Kronecker product of a (..., I, K) and b (..., J, K): (..., I*J, K)."""
    a = cp.asarray(a)
    b = cp.asarray(b)
    if a.ndim < 2 or b.ndim < 2:
        raise ValueError("The both arrays should be 2-dimensional.")
    if a.shape[-1] != b.shape[-1]:
        raise ValueError("The number of columns for both arrays should be equal.")
    c = a[..., :, None, :] * b[..., None, :, :]
    return c.reshape(c.shape[:-3] + (-1, c.shape[-1]))


def bandwidth(a):
    """(lower, upper): the number of nonzero subdiagonals and superdiagonals of a 2-D a (for a
    stack, the largest over it)."""
    a = cp.asarray(a)
    if a.ndim < 2:
        raise ValueError("Input array must be at least two-dimensional.")
    if a.dtype.kind not in "biufc":
        raise TypeError(f"Input array must be numeric, not {a.dtype}")
    m, n = a.shape[-2:]
    if a.size == 0:
        return 0, 0
    nz = (a != 0).reshape((-1, m, n)).any(axis=0)
    diff = cp.arange(m)[:, None] - cp.arange(n)[None, :]
    lower = int(cp.where(nz, diff, 0).max())
    upper = int(cp.where(nz, -diff, 0).max())
    return lower, upper


def block_diag(*arrs):
    """The block-diagonal matrix of arrs (0-d and 1-D ones taken as a 1 x N row)."""
    if arrs == ():
        arrs = ([],)
    arrs = [cp.atleast_2d(cp.asarray(a)) for a in arrs]
    bad = [k for k in range(len(arrs)) if arrs[k].ndim > 2]
    if bad:
        raise ValueError("arguments in the following positions have dimension greater than "
                         "2: %s" % bad)
    rows = sum(a.shape[0] for a in arrs)
    cols = sum(a.shape[1] for a in arrs)
    out = cp.zeros((rows, cols), dtype=cp.result_type(*arrs))
    r = c = 0
    for a in arrs:
        out[r:r + a.shape[0], c:c + a.shape[1]] = a
        r += a.shape[0]
        c += a.shape[1]
    return out


def kron(a, b):
    """The Kronecker product (cupyx.scipy.linalg.kron, deprecated in CuPy 14, removed from
    SciPy in 1.17): cunp.kron, with CuPy's DeprecationWarning."""
    import warnings

    warnings.warn("cunp.scipy.linalg.kron is deprecated (as in CuPy 14 and SciPy); use "
                  "cunp.kron instead", DeprecationWarning, stacklevel=2)
    return cp.kron(a, b)
