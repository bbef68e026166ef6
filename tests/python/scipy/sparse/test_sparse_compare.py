"""Comparisons (== != < <= > >=) and maximum/minimum against SciPy, with scalars (zero,
positive, negative, NaN), dense arrays and sparse operands, including SciPy's
SparseEfficiencyWarning exactly where SciPy gives it."""

import operator
import warnings

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402

OPS = [operator.eq, operator.ne, operator.lt, operator.le, operator.gt, operator.ge]


def host(x):
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def make(shape, dtype, seed):
    rng = numpy.random.default_rng(seed)
    m, n = shape
    k = int(0.5 * m * n)
    pos = rng.permutation(m * n)[:k]
    row, col = pos // max(n, 1), pos % max(n, 1)
    vals = rng.integers(-2, 3, k).astype(numpy.float64)
    if k:
        row, col = numpy.concatenate([row, row[:1]]), numpy.concatenate([col, col[:1]])
        vals = numpy.concatenate([vals, [1.0]])
        vals[0] = 0
    if numpy.dtype(dtype).kind == "u":
        vals = numpy.abs(vals)
    return sps.coo_matrix((vals.astype(dtype), (row, col)), shape=shape)


def run(f):
    """f's result, its error type, and whether it gave a SparseEfficiencyWarning."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            r, err = f(), None
        except (ValueError, TypeError, NotImplementedError, OverflowError) as e:
            r, err = None, type(e)
    names = {type(w.message).__name__ for w in caught}
    return r, err, "SparseEfficiencyWarning" in names


def same(c_call, s_call):
    e, err_e, warn_e = run(s_call)
    r, err_r, warn_r = run(c_call)
    assert err_r == err_e, (err_r, err_e)
    if err_e is not None:
        return  # SciPy may warn before it fails; only the failure is compared
    assert warn_r == warn_e
    if isinstance(e, bool):
        assert r is e
        return
    assert cs.issparse(r) == sps.issparse(e)
    if sps.issparse(e):
        assert r.format == e.format
    numpy.testing.assert_array_equal(host(r), host(e))
    assert numpy.dtype(host(r).dtype) == numpy.dtype(host(e).dtype)


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo", "dia"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int8, numpy.uint8, numpy.bool_])
def test_comparisons(backend, fmt, kind, dtype):
    for shape in [(4, 6), (1, 1), (0, 3)]:
        s0, s1 = make(shape, dtype, 0), make(shape, dtype, 1)
        S, C = getattr(sps, f"{fmt}_{kind}"), getattr(cs, f"{fmt}_{kind}")
        s, c = S(s0), C(s0)
        s2, c2 = S(s1), C(s1)
        dense = s1.toarray()
        for op in OPS:
            for scalar in [0, 1, -1, 2.5, numpy.nan]:
                same(lambda: op(c, scalar), lambda: op(s, scalar))
            same(lambda: op(c, c2), lambda: op(s, s2))
            same(lambda: op(c, dense), lambda: op(s, dense))
            same(lambda: op(c, C(s0.T)), lambda: op(s, S(s0.T)))


@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.int8, numpy.uint8])
def test_maximum_minimum(backend, fmt, kind, dtype):
    for shape in [(4, 6), (1, 1), (0, 3)]:
        s0, s1 = make(shape, dtype, 0), make(shape, dtype, 2)
        S, C = getattr(sps, f"{fmt}_{kind}"), getattr(cs, f"{fmt}_{kind}")
        s, c = S(s0), C(s0)
        for name in ["maximum", "minimum"]:
            for other_s, other_c in [(0, 0), (1, 1), (-1, -1), (2.5, 2.5),
                                     (S(s1), C(s1)), (s1.toarray(), s1.toarray()),
                                     (sps.csr_matrix(s1), cs.csr_matrix(s1)),
                                     (S(s0.T), C(s0.T))]:
                same(lambda: getattr(c, name)(other_c), lambda: getattr(s, name)(other_s))


def test_mixed_dtypes_and_unhashable(backend):
    s = sps.csr_array(numpy.array([[1, 0, -2]], dtype=numpy.int16))
    t = sps.csr_array(numpy.array([[0.5, 0, -3]]))
    c, d = cs.csr_array(s), cs.csr_array(t)
    same(lambda: c.maximum(d), lambda: s.maximum(t))
    same(lambda: c < d, lambda: s < t)
    with pytest.raises(TypeError):
        hash(c)
