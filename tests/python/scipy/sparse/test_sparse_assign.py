"""Assignment against SciPy: A[i, j] = v, rows, columns, slices, fancy and boolean keys,
dense and sparse values with broadcasting, repeated positions, setdiag on every format, and
SciPy's SparseEfficiencyWarning exactly where the structure changes."""

import warnings

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402


def host(x):
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def start(shape=(5, 6), dtype=numpy.float64, seed=0):
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(0.4 * m * n)
    pos = rng.permutation(m * n)[:k]
    vals = rng.integers(1, 5, k).astype(dtype)
    if k:
        vals[0] = 0  # an explicit zero
    return sps.coo_matrix((vals, (pos // n, pos % n)), shape=shape)


def run(f):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            f()
            err = None
        except (ValueError, TypeError, IndexError) as e:
            err = type(e)
    return err, any(w.category.__name__ == "SparseEfficiencyWarning" for w in caught)


def check(fmt, kind, key, value, dtype=numpy.float64, warns=None):
    s0 = start(dtype=dtype)
    s, c = getattr(sps, f"{fmt}_{kind}")(s0), getattr(cs, f"{fmt}_{kind}")(s0)
    value_c = value
    if sps.issparse(value):
        value_c = getattr(cs, f"{value.format}_{kind}")(value)

    def set_s():
        s[key] = value

    def set_c():
        c[key] = value_c

    err_s, warn_s = run(set_s)
    err_c, warn_c = run(set_c)
    assert err_c == err_s, (key, err_c, err_s)
    if err_s is not None:
        return
    assert warn_c == warn_s, key
    if warns is not None:
        assert warn_s == warns
    numpy.testing.assert_array_equal(host(c), host(s), err_msg=str(key))
    assert c.dtype == s.dtype
    if fmt != "coo":
        assert c.nnz == s.nnz, key
        c.check_format(full_check=True)


KEYS = [(0, 1), (-1, -2), (2, slice(None)), (slice(None), 3), (slice(1, 4), slice(0, 6, 2)),
        ([0, 2, 4], [1, 1, 5]), ([0, 0], [3, 3]), (numpy.array([[0], [3]]), [1, 2]),
        (numpy.array([True, False, True, False, True]), 2), (slice(None), [5, 0]), 3,
        [1, 4], (slice(None), slice(None))]


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_dense_values(backend, fmt, kind):
    for key in KEYS:
        for value in [7, 0, 2.5, [1, 2], numpy.arange(6), [[9], [8]]]:
            check(fmt, kind, key, value)


@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_warnings_and_errors(backend, fmt, kind):
    s0 = start()
    stored = tuple(int(t) for t in (s0.row[1], s0.col[1]))
    check(fmt, kind, stored, 5.0, warns=False)
    empty = next((i, j) for i in range(5) for j in range(6)
                 if not ((s0.row == i) & (s0.col == j)).any())
    check(fmt, kind, empty, 5.0, warns=True)
    check(fmt, kind, empty, 0.0, warns=True)  # SciPy stores an assigned zero
    for key, value in [((0, 1), [1, 2]), ((9, 0), 1), ((0, -7), 1), ((slice(None), 1), [1, 2]),
                       (([0, 1], [1, 2, 3]), 1), (numpy.array([True, False]), 1),
                       ((0, 1, 2), 1), ((1.5, 0), 1)]:
        check(fmt, kind, key, value)


@pytest.mark.filterwarnings("ignore:Changing the sparsity structure")
@pytest.mark.parametrize("fmt", ["csr", "csc"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_sparse_values_and_masks(backend, fmt, kind):
    v = sps.csr_matrix(numpy.array([[0, 3.0, 0, 4], [5, 0, 0, 0]]))
    check(fmt, kind, (slice(1, 3), slice(2, 6)), v)
    check(fmt, kind, (slice(1, 3), slice(2, 6)), sps.csr_matrix(numpy.array([[0, 3.0, 0, 4]])))
    check(fmt, kind, (slice(0, 4), 1), sps.csc_matrix(numpy.array([[2.0], [0], [1], [0]])))
    check(fmt, kind, (slice(1, 3), slice(2, 6)), sps.csr_matrix((3, 3)))
    s0 = start()
    s, c = getattr(sps, f"{fmt}_{kind}")(s0), getattr(cs, f"{fmt}_{kind}")(s0)
    s[s > 2] = -1
    c[c > 2] = -1
    numpy.testing.assert_array_equal(host(c), host(s))
    mask = s0.toarray() == 0
    s[mask] = 6
    c[mask] = 6
    numpy.testing.assert_array_equal(host(c), host(s))


@pytest.mark.parametrize("dtype", [numpy.int8, numpy.complex64, numpy.bool_])
def test_dtypes(backend, dtype):
    for key, value in [((1, 1), 3), ((slice(None), 2), [1]), (([1, 3], [0, 5]), [0, 1])]:
        check("csr", "array", key, value, dtype=dtype)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dia"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("shape", [(5, 6), (6, 3), (1, 1), (0, 2)])
def test_setdiag(backend, fmt, kind, shape):
    for k in [0, 1, -1, 2, -5, 7]:
        for values in [3.0, 0.0, [1, 2, 3, 4, 5, 6, 7], [9.0], numpy.arange(2)]:
            s0 = start(shape) if 0 not in shape else sps.coo_matrix(shape)
            s, c = getattr(sps, f"{fmt}_{kind}")(s0), getattr(cs, f"{fmt}_{kind}")(s0)
            err_s, warn_s = run(lambda: s.setdiag(values, k))
            err_c, warn_c = run(lambda: c.setdiag(values, k))
            assert (err_c, warn_c) == (err_s, warn_s), (k, values)
            if err_s is None:
                numpy.testing.assert_array_equal(host(c), host(s))
                assert c.format == fmt


def test_coo_assignment(backend):
    s0 = start()
    s, c = sps.coo_array(s0), cs.coo_array(s0)
    for key, value in [((1, 2), 5.0), ((slice(None), 0), 0.0), (([0, 4], [5, 1]), [2, 3])]:
        s[key] = value
        c[key] = value
        numpy.testing.assert_array_equal(host(c), host(s))
    with pytest.raises(TypeError):
        cs.coo_matrix(s0)[0, 0] = 1
    with pytest.raises(TypeError):
        cs.dia_matrix(s0)[0, 0] = 1
