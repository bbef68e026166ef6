"""Paired (elementwise) indexing of CSR and CSC against SciPy: A[rows, cols] with two index
arrays picks the elements pairwise after broadcasting (a 1-D result dense, a 2-D one sparse),
A[mask] reads a boolean mask's elements, and the errors are SciPy's.

Each test runs on NumPy (CPU: the same binary search composed from NumPy) and on cunp (gpu
marker), see conftest.py."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

DTYPES = [numpy.float64, numpy.float32, numpy.complex128, numpy.int32, numpy.int8,
          numpy.uint16, numpy.bool_]


def host(x):
    if cs.issparse(x):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def matrices(fmt, kind, shape, dtype, seed=0, dups=True):
    """(cunp, SciPy) matrices with random entries, three positions stored twice and rows with
    unsorted indices (the search then works on a canonical copy)."""
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(round(0.4 * m * n))
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    if dups and k:
        row, col = numpy.concatenate([row, row[:3]]), numpy.concatenate([col, col[:3]])
    vals = rng.random(row.size) * 4 - 1
    if numpy.dtype(dtype).kind == "c":
        vals = vals + 1j * rng.random(row.size)
    data = (vals > 0.3) if dtype == numpy.bool_ else (
        (numpy.abs(vals) * 3).astype(dtype) if numpy.dtype(dtype).kind in "iu" else
        vals.astype(dtype))
    coo = sps.coo_matrix((data, (row, col)), shape=shape)
    s = getattr(sps, f"{fmt}_{kind}")(coo)
    # Scramble each line's storage order (SciPy's conversion sorted it).
    s.has_sorted_indices = True
    perm = numpy.arange(s.nnz)[::-1].copy()
    for i in range(s.indptr.size - 1):
        lo, hi = s.indptr[i], s.indptr[i + 1]
        perm[lo:hi] = numpy.arange(lo, hi)[::-1]
    s = getattr(sps, f"{fmt}_{kind}")((s.data[perm], s.indices[perm], s.indptr.copy()),
                                      shape=shape)
    xp = _backend.xp
    c = getattr(cs, f"{fmt}_{kind}")((xp.asarray(s.data), xp.asarray(s.indices),
                                      xp.asarray(s.indptr)), shape=shape)
    return c, s


def same(c, s):
    """Same kind of result (dense or sparse, format), shape, values and stored count."""
    assert cs.issparse(c) == sps.issparse(s), (type(c), type(s))
    if sps.issparse(s):
        assert c.format == s.format and c.nnz == s.nnz
    numpy.testing.assert_array_equal(host(c), s.toarray() if sps.issparse(s) else
                                     numpy.asarray(s))


KEYS = [
    ([1, 2], [3, 4]),
    (numpy.array([-1, -4, 0]), numpy.array([-1, 0, 2])),
    ([0, 0, 3, 3], [4, 4, 1, 1]),  # repeats
    ([2], [0, 1, 2, 3]),  # broadcasting a length-1 array
    (numpy.array([[1], [2]]), [3, 4]),  # 2-D: sparse
    (numpy.array([1, 3]), numpy.array([[0], [4]])),
    (numpy.array([[1, 2], [3, 0]]), numpy.array([[1, 2], [3, 0]])),
    (numpy.array([[1], [2]]), 3),
    (2, numpy.array([[1], [2]])),  # SciPy: COO through its column path
    ([True, False, True, False], [1, 2]),
    (numpy.array([[1], [2]]), numpy.array([], dtype=numpy.int64)),
    (numpy.array([1, 2], dtype=numpy.uint8), numpy.array([0, 4], dtype=numpy.int16)),
]


def key_id(k):
    return repr(k).replace("\n", "").replace(" ", "")[:40]


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("key", KEYS, ids=key_id)
def test_paired_keys(backend, fmt, kind, key):
    c, s = matrices(fmt, kind, (4, 5), numpy.float64)
    same(c[key], s[key])


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_paired_random(backend, fmt, kind, dtype):
    rng = numpy.random.default_rng(3)
    c, s = matrices(fmt, kind, (30, 17), dtype, seed=1)
    rows, cols = rng.integers(-30, 30, 200), rng.integers(-17, 17, 200)
    same(c[rows, cols], s[rows, cols])
    # Device (or NumPy-backend) index arrays, non-contiguous and reversed.
    xp = _backend.xp
    r2, c2 = xp.asarray(rows)[::-2], xp.asarray(cols)[::-2]
    same(c[r2, c2], s[rows[::-2], cols[::-2]])
    grid = (rows[:12].reshape(3, 4), cols[:4])
    same(c[grid], s[grid])
    mask = rng.random((30, 17)) > 0.6
    same(c[mask], s[mask])


@pytest.mark.parametrize("shape", [(1, 1), (1, 6), (6, 1), (5, 5)])
def test_paired_small_and_empty_rows(backend, shape):
    c, s = matrices("csr", "array", shape, numpy.float64, dups=False)
    m, n = shape
    rows, cols = numpy.arange(m).repeat(n), numpy.tile(numpy.arange(n), m)
    same(c[rows, cols], s[rows, cols])
    empty = cs.csr_array(shape)
    numpy.testing.assert_array_equal(host(empty[rows, cols]), numpy.zeros(m * n))


@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_paired_empty_key(backend, kind):
    c, s = matrices("csr", kind, (4, 5), numpy.float64)
    r = c[[], []]
    if kind == "matrix":
        same(r, s[[], []])  # an empty 1 x 0 sparse matrix, as SciPy
    else:
        # SciPy 1.15+: an empty 1-D coo_array (a non-empty pairing is a dense ndarray).
        e = s[[], []]
        assert isinstance(r, cs.coo_array) and r.shape == e.shape == (0,) and r.nnz == 0


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("key", [([1, 4], [0, 0]), ([0, 1], [0, -6]), ([1, 2], [3, 4, 0]),
                                 (numpy.array([[1, 2]]), slice(None)),
                                 ([True, False, True, False], [True, False, True, False, True]),
                                 (numpy.zeros((3, 5), dtype=bool),)], ids=key_id)
def test_paired_errors(backend, fmt, key):
    c, s = matrices(fmt, "matrix", (4, 5), numpy.float64)
    with pytest.raises(IndexError):
        s[key]
    with pytest.raises(IndexError):
        c[key]


INT_KEYS = [1, (1,), (-1, slice(None)), (slice(None), 2), (-1, slice(1, 4)), (1, [0, 2]),
            ([0, 1], 2), ([True, False, True, False], -2), (slice(None, None, -1), 0),
            (numpy.int64(2), slice(None, None, 2)), (0, [])]


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("key", INT_KEYS, ids=key_id)
def test_integer_key_drops_an_axis(backend, fmt, key):
    """An integer on one axis of a *_array drops it: a 1-D coo_array, as SciPy 1.15+.
    *_matrix keeps its 2-D sparse line."""
    c, s = matrices(fmt, "array", (4, 5), numpy.float64)
    r, e = c[key], s[key]
    assert e.ndim == 1 and r.ndim == 1 and r.shape == e.shape
    assert isinstance(r, cs.coo_array) and r.format == "coo"
    numpy.testing.assert_array_equal(host(r.toarray()), e.toarray())
    e.sum_duplicates()
    r.sum_duplicates()
    assert r.nnz == e.nnz
    cm, sm = matrices(fmt, "matrix", (4, 5), numpy.float64)
    same(cm[key], sm[key])


@pytest.mark.parametrize("key", [(4,), (0, 9), (-5, 0), (1, [5])], ids=key_id)
def test_integer_key_errors(backend, key):
    c, s = matrices("csr", "array", (4, 5), numpy.float64)
    with pytest.raises(IndexError):
        s[key]
    with pytest.raises(IndexError):
        c[key]
