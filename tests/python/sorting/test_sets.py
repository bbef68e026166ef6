# tests/python/sorting/test_sets.py -- intersect1d, union1d, setdiff1d, setxor1d, isin's kinds and
# unique(axis=) against NumPy across dtypes and shapes; and, without a GPU, the argument errors.
"""Set routines compared with NumPy: values, dtypes and indices exactly."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

DTYPES = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'f', 'd', 'F', 'D']


def values(n, dtype, seed=0, spread=30):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.random(n) < 0.5
    v = rng.integers(0 if dtype.kind == 'u' else -spread, spread, n)
    if dtype.kind == 'c':
        return (v + 1j * rng.integers(-2, 2, n)).astype(dtype)
    v = v.astype(dtype)
    if dtype.kind == 'f' and n:
        v[rng.random(n) < 0.05] = numpy.nan
    return v


def check(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            check(g, w)
        return
    g = cunp.asnumpy(got)
    assert g.dtype == want.dtype and g.shape == want.shape, (g.dtype, want.dtype, g.shape)
    numpy.testing.assert_array_equal(g, want)


@gpu
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('n', [0, 1, 500])
def test_set_routines(dtype, n):
    a, b = values(n, dtype, 1), values(n + 7, dtype, 2).reshape(-1, 1)
    ca, cb = cunp.asarray(a), cunp.asarray(b)
    check(cunp.union1d(ca, cb), numpy.union1d(a, b))
    check(cunp.intersect1d(ca, cb), numpy.intersect1d(a, b))
    check(cunp.intersect1d(ca, cb, return_indices=True),
          numpy.intersect1d(a, b, return_indices=True))
    check(cunp.setdiff1d(ca, cb), numpy.setdiff1d(a, b))
    check(cunp.setxor1d(ca, cb), numpy.setxor1d(a, b))
    ua, ub = numpy.unique(a), numpy.unique(b)
    cua, cub = cunp.asarray(ua), cunp.asarray(ub)
    check(cunp.intersect1d(cua, cub, assume_unique=True, return_indices=True),
          numpy.intersect1d(ua, ub, assume_unique=True, return_indices=True))
    check(cunp.setdiff1d(cua[::-1], cub, assume_unique=True),
          numpy.setdiff1d(ua[::-1], ub, assume_unique=True))
    check(cunp.setxor1d(cua, cub, assume_unique=True), numpy.setxor1d(ua, ub, assume_unique=True))


@gpu
def test_set_routines_mixed_dtypes_and_layouts():
    a = values(300, 'i', 3).reshape(10, 30)
    b = values(200, 'd', 4)
    ca, cb = cunp.asarray(a), cunp.asarray(b)
    check(cunp.union1d(ca.T, cb[::-2]), numpy.union1d(a.T, b[::-2]))
    check(cunp.intersect1d(ca[:, ::3], cb), numpy.intersect1d(a[:, ::3], b))
    check(cunp.setdiff1d(cb, ca), numpy.setdiff1d(b, a))
    check(cunp.setxor1d(ca, [1, 2, 99]), numpy.setxor1d(a, [1, 2, 99]))


@gpu
@pytest.mark.parametrize('kind', [None, 'sort', 'table'])
@pytest.mark.parametrize('dtypes', [('i', 'i'), ('B', 'b'), ('?', 'l'), ('l', '?'), ('H', 'I'),
                                    ('L', 'l'), ('b', 'L')])
@pytest.mark.parametrize('invert', [False, True])
def test_isin_kinds(kind, dtypes, invert):
    e = values(2000, dtypes[0], 5, spread=100).reshape(40, 50)
    t = values(300, dtypes[1], 6, spread=60)
    for assume_unique in (False, True):
        got = cunp.isin(cunp.asarray(e), cunp.asarray(t), assume_unique=assume_unique,
                        invert=invert, kind=kind)
        check(got, numpy.isin(e, t, invert=invert, kind=kind))
    # A test range far wider than the sizes: kind=None sorts, kind='table' builds it anyway.
    wide = numpy.array([-5, 10**6], dtype=numpy.int64)
    check(cunp.isin(cunp.asarray(e), wide, kind=kind, invert=invert),
          numpy.isin(e, wide, kind=kind, invert=invert))
    check(cunp.isin(cunp.asarray(e), numpy.zeros(0, 'i'), kind=kind, invert=invert),
          numpy.isin(e, numpy.zeros(0, 'i'), kind=kind, invert=invert))


@gpu
@pytest.mark.parametrize('dtype', ['e', 'f', 'd', 'F', 'D'])
def test_isin_floats(dtype):
    e, t = values(1000, dtype, 7), values(100, dtype, 8)
    for kind in (None, 'sort'):
        check(cunp.isin(cunp.asarray(e), cunp.asarray(t), kind=kind), numpy.isin(e, t, kind=kind))


def test_isin_errors():
    with pytest.raises(ValueError, match="Invalid kind: 'foo'"):
        cunp.isin(numpy.array([1]), [1], kind='foo')


@gpu
def test_isin_table_errors():
    with pytest.raises(ValueError, match="The 'table' method is only supported"):
        cunp.isin(cunp.asarray([1.0]), [1.0], kind='table')
    big = numpy.array([-100, 100], dtype=numpy.int8)
    with pytest.raises(RuntimeError, match="You have specified kind='table'"):
        cunp.isin(cunp.asarray(big), cunp.asarray(big), kind='table')


@gpu
@pytest.mark.parametrize('dtype', ['?', 'b', 'H', 'l', 'e', 'f', 'd', 'D'])
@pytest.mark.parametrize('axis', [0, 1, -1, 2])
def test_unique_axis(dtype, axis):
    rng = numpy.random.default_rng(9)
    a = values(4 * 6 * 3, dtype, 10, spread=2).reshape(4, 6, 3)
    a = a[rng.integers(0, 4, 9)] if axis == 0 else a
    ca = cunp.asarray(a)
    for flags in [(False, False, False), (True, True, True), (True, False, False),
                  (False, True, False), (False, False, True)]:
        check(cunp.unique(ca, *flags, axis=axis), numpy.unique(a, *flags, axis=axis))
    check(cunp.unique(ca[:, ::-1], True, True, True, axis=axis),
          numpy.unique(a[:, ::-1], True, True, True, axis=axis))


@gpu
def test_unique_axis_special_shapes():
    for a in (numpy.zeros((3, 0)), numpy.zeros((0, 3)), numpy.arange(4),
              numpy.array([[0.0, 1], [-0.0, 1], [1, numpy.nan], [1, numpy.nan]]),
              numpy.repeat(numpy.arange(5)[:, None], 4, axis=1)):
        for axis in (0, -1):
            check(cunp.unique(cunp.asarray(a), True, True, True, axis=axis),
                  numpy.unique(a, True, True, True, axis=axis))


def test_unique_axis_errors():
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.unique(numpy.zeros((2, 2)), axis=2)
