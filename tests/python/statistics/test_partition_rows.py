"""argpartition along an axis of long rows at small kth (cunp._statistics._partition_rows): the
per-chunk candidate composition run in NumPy on the CPU against a stable sort, then (GPU)
cunp.argpartition and partition through it against NumPy's guarantees."""
import numpy
import pytest

import cunp
from cunp._statistics import _partition_rows as pr


def _rows(m, n, dtype, seed):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.random((m, n)) < 0.3
    if dtype.kind in "iu":
        return rng.integers(0, 50, (m, n)).astype(dtype)  # many ties
    x = rng.integers(-40, 40, (m, n)).astype(dtype) * dtype.type(0.5)
    x[rng.random((m, n)) < 0.05] = numpy.nan
    x[rng.random((m, n)) < 0.02] = -0.0
    return x


@pytest.mark.parametrize("n", [256, 300, 512, 1000, 2048 + 17])
@pytest.mark.parametrize("q", [1, 2, 8, 17, 32])
@pytest.mark.parametrize("dtype", ["?", "b", "u2", "i8", "e", "f", "d"])
def test_candidates_give_a_stable_sorts_first_q(n, q, dtype):
    rows = _rows(5, n, dtype, n + q)
    got = pr.argpartition_rows(numpy, rows, q)
    numpy.testing.assert_array_equal(got, pr.numpy_reference(rows, q))


def test_all_nan_rows_and_constant_rows():
    rows = numpy.full((3, 700), numpy.nan)
    rows[1] = 1.0
    rows[2, ::7] = -2.0
    numpy.testing.assert_array_equal(pr.argpartition_rows(numpy, rows, 9),
                                     pr.numpy_reference(rows, 9))


def test_chunk_length_and_eligibility():
    assert [pr.chunk_length(q) for q in (1, 16, 17, 32)] == [256, 256, 512, 512]
    f8 = numpy.dtype("f8")
    assert pr.eligible(1 << 20, f8, [7])
    assert not pr.eligible(1 << 20, f8, [pr.MAX_Q])        # kth too large: a full sort
    assert not pr.eligible(pr.MIN_ROW - 1, f8, [0])         # short rows: a full sort
    assert not pr.eligible(1 << 20, numpy.dtype("c16"), [0])  # complex: a full sort


def _check(a, kth, axis, idx, part):
    s = numpy.sort(a, axis=axis)
    got = numpy.take_along_axis(a, idx, axis=axis)
    numpy.testing.assert_array_equal(numpy.sort(idx, axis=axis),
                                     numpy.broadcast_to(numpy.arange(a.shape[axis]).reshape(
                                         [-1 if d == axis % a.ndim else 1
                                          for d in range(a.ndim)]), a.shape))
    for k in numpy.atleast_1d(kth):
        numpy.testing.assert_array_equal(got.take(k, axis), s.take(k, axis))
        numpy.testing.assert_array_equal(part.take(k, axis), s.take(k, axis))
    kmax = max(numpy.atleast_1d(kth))
    head = numpy.take(got, range(kmax + 1), axis=axis)
    numpy.testing.assert_array_equal(numpy.sort(head, axis=axis),
                                     numpy.take(s, range(kmax + 1), axis=axis))


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", ["?", "i", "H", "e", "f", "d"])
@pytest.mark.parametrize("shape,axis,kth", [((6, 5000), -1, 7), ((6, 5000), 1, [0, 3, 30]),
                                            ((4100, 3), 0, 5), ((2, 3, 9000), 2, 1),
                                            ((3, 8192), -1, 31)])
def test_argpartition_along_long_rows(dtype, shape, axis, kth):
    rng = numpy.random.default_rng(1)
    a = _rows(1, int(numpy.prod(shape)), dtype, 3).reshape(shape)
    if dtype == "?":
        a = rng.random(shape) < 0.2
    g = cunp.asarray(a)
    idx = cunp.asnumpy(cunp.argpartition(g, kth, axis=axis))
    part = cunp.asnumpy(cunp.partition(g, kth, axis=axis))
    assert idx.dtype == numpy.int64 and idx.shape == a.shape and part.shape == a.shape
    _check(a, kth, axis, idx, part)
    # The method form and a non-contiguous view.
    v = a[:, ::-1] if a.ndim == 2 else a
    _check(v, kth, axis, cunp.asnumpy(cunp.asarray(v).argpartition(kth, axis=axis)),
           cunp.asnumpy(cunp.partition(cunp.asarray(v), kth, axis=axis)))


@pytest.mark.gpu
def test_argpartition_along_long_rows_in_sort_chunks():
    # The per-chunk sorts of a large array run in chunks of rows (the sort engine's limit,
    # lowered here so that a small array takes that path as a (2048, 2**20) one does).
    from cunp import _core
    a = _rows(6, 5000, "d", 11)
    old = _core.sorting._set_item_limit(10000)
    try:
        idx = cunp.asnumpy(cunp.argpartition(cunp.asarray(a), 7, axis=1))
    finally:
        _core.sorting._set_item_limit(old)
    numpy.testing.assert_array_equal(idx, pr.numpy_reference(a, 8))
