# tests/python/sorting/test_sorting.py -- sort, argsort, sort_complex, searchsorted and unique (with the
# array API's unique_*) against NumPy across dtypes, layouts, sizes and special values; and,
# without a GPU, the argument errors raised before any array is made.
"""Sorting compared with NumPy.

cunp's radix sort is stable whatever the kind, so argsort is compared with NumPy's
kind='stable'. sort's values are compared bit for bit where the kind is 'stable'; with other
kinds -0.0 and 0.0 (and NaNs) may swap, as NumPy's own unstable sorts may, so values compare
equal as numbers (NaN equal to NaN)."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

ALL = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'f', 'd', 'F', 'D']


def data(n, dtype, seed=0, special=True):
    """n values of dtype with many duplicates and, for floats, NaNs, infinities and signed zeros."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.random(n) < 0.5
    if dtype.kind in 'iu':
        info = numpy.iinfo(dtype)
        v = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
        small = rng.integers(max(info.min, -20), min(info.max, 20), n, dtype=dtype, endpoint=True)
        return numpy.where(rng.random(n) < 0.5, small, v)
    real = dtype.kind == 'f'
    part = dtype if real else numpy.dtype(dtype.char.lower())

    def floats():
        f = (rng.integers(-30, 30, n) * 0.5).astype(part)
        if special and n:
            pick = rng.random(n)
            f[pick < 0.05] = numpy.nan
            f[(pick >= 0.05) & (pick < 0.08)] = numpy.inf
            f[(pick >= 0.08) & (pick < 0.11)] = -numpy.inf
            f[(pick >= 0.11) & (pick < 0.16)] = -0.0
        return f

    return floats() if real else (floats() + 1j * floats()).astype(dtype)


def same_values(got, want, bits=False):
    got = cunp.asnumpy(got)
    assert got.shape == want.shape and got.dtype == want.dtype
    if bits:
        assert got.tobytes() == want.tobytes()
    else:
        numpy.testing.assert_array_equal(got, want)


# --- sort and argsort ------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', ALL)
@pytest.mark.parametrize('n', [0, 1, 7, 1000, 4096, 5000, 300000])
def test_sort_and_argsort_1d(dtype, n):
    a = data(n, dtype, seed=n)
    x = cunp.asarray(a)
    same_values(cunp.argsort(x), numpy.argsort(a, kind='stable'))
    same_values(cunp.sort(x, kind='stable'), numpy.sort(a, kind='stable'),
                bits=dtype not in 'FD')
    same_values(cunp.sort(x), numpy.sort(a))


@gpu
@pytest.mark.parametrize('dtype', ['?', 'b', 'H', 'i', 'L', 'e', 'f', 'd', 'F', 'D'])
@pytest.mark.parametrize('shape', [(3, 5), (64, 200), (9, 1000), (3, 4096), (2, 5000),
                                   (40000, 8), (5, 1), (4, 0), (0, 3)])
def test_rows_along_every_axis(dtype, shape):
    a = data(int(numpy.prod(shape)), dtype, seed=sum(shape)).reshape(shape)
    x = cunp.asarray(a)
    for axis in (-1, 0, None):
        same_values(cunp.argsort(x, axis=axis), numpy.argsort(a, axis=axis, kind='stable'))
        same_values(cunp.sort(x, axis=axis, kind='stable'),
                    numpy.sort(a, axis=axis, kind='stable'), bits=dtype not in 'FD')


@gpu
@pytest.mark.parametrize('dtype', ['i', 'f', 'D'])
def test_layouts(dtype):
    a = data(6 * 7 * 50, dtype, seed=4).reshape(6, 7, 50)
    x = cunp.asarray(a)
    views = [(x[:, ::2, ::-1], a[:, ::2, ::-1]), (x.transpose(2, 0, 1), a.transpose(2, 0, 1)),
             (x[1, :, 3], a[1, :, 3])]
    for xv, av in views:
        for axis in (-1, 0, 1 if av.ndim > 1 else 0, None):
            same_values(cunp.argsort(xv, axis=axis), numpy.argsort(av, axis=axis, kind='stable'))
            same_values(cunp.sort(xv, axis=axis), numpy.sort(av, axis=axis))


@gpu
def test_large_rows_and_large_flat():
    a = data(1 << 20, 'f', seed=9, special=True)
    x = cunp.asarray(a)
    same_values(cunp.sort(x), numpy.sort(a))
    same_values(cunp.argsort(x), numpy.argsort(a, kind='stable'))
    b = data(1 << 21, 'i', seed=10).reshape(64, -1)
    same_values(cunp.argsort(cunp.asarray(b)), numpy.argsort(b, kind='stable'))
    c = data(1 << 20, 'd', seed=11).reshape(-1, 1024)
    same_values(cunp.sort(cunp.asarray(c)), numpy.sort(c))


@gpu
def test_stability_with_many_duplicates_and_special_inputs():
    rng = numpy.random.default_rng(1)
    a = rng.integers(0, 3, 100000).astype(numpy.float32)
    same_values(cunp.argsort(cunp.asarray(a)), numpy.argsort(a, kind='stable'))
    for v in (numpy.zeros(5000, 'f'), numpy.arange(5000.0), numpy.arange(5000.0)[::-1].copy(),
              numpy.full(70000, numpy.nan), numpy.array([0.0, -0.0] * 3000)):
        same_values(cunp.argsort(cunp.asarray(v)), numpy.argsort(v, kind='stable'))
        same_values(cunp.sort(cunp.asarray(v), kind='stable'), numpy.sort(v, kind='stable'),
                    bits=True)


@gpu
def test_zero_d_and_methods():
    s = cunp.asarray(numpy.float32(3))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.sort(s)
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.argsort(cunp.ones((2, 3)), axis=2)
    same_values(cunp.sort(s, axis=None), numpy.sort(numpy.float32(3), axis=None))
    for axis in (-1, 0, None):
        same_values(cunp.argsort(s, axis=axis), numpy.argsort(numpy.array(3.0), axis=axis))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.argsort(s, axis=1)
    a = data(3 * 100, 'f', seed=3).reshape(3, 100)
    x = cunp.asarray(a)
    x.sort()
    a.sort()
    same_values(x, a)
    same_values(x.argsort(axis=0), a.argsort(axis=0, kind='stable'))
    y = cunp.asarray(data(10, 'i', seed=2)).T
    y.sort(axis=0)
    same_values(cunp.sort_complex(cunp.asarray([5, 3, 6, 2, 1])),
                numpy.sort_complex([5, 3, 6, 2, 1]))
    same_values(cunp.sort_complex(cunp.asarray(numpy.array([3, 1], 'h'))),
                numpy.sort_complex(numpy.array([3, 1], 'h')))
    same_values(cunp.sort(x, stable=True), numpy.sort(a, stable=True))


# --- searchsorted ----------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', ALL)
@pytest.mark.parametrize('side', ['left', 'right'])
def test_searchsorted(dtype, side):
    a = numpy.sort(data(3000, dtype, seed=5))
    v = data(700, dtype, seed=6).reshape(7, 100)
    x = cunp.asarray(a)
    same_values(cunp.searchsorted(x, cunp.asarray(v), side=side),
                numpy.searchsorted(a, v, side=side))
    same_values(x.searchsorted(cunp.asarray(v[0, 0]), side=side),
                numpy.asarray(numpy.searchsorted(a, v[0, 0], side=side)))
    perm = numpy.random.default_rng(7).permutation(a.size)
    shuffled = a[perm]
    sorter = numpy.argsort(shuffled, kind='stable')
    same_values(cunp.searchsorted(cunp.asarray(shuffled), cunp.asarray(v), side=side,
                                  sorter=cunp.asarray(sorter)),
                numpy.searchsorted(shuffled, v, side=side, sorter=sorter))


@gpu
def test_searchsorted_mixed_dtypes_and_empty():
    a = numpy.array([1, 2, 2, 5], numpy.int16)
    v = numpy.array([1.5, 2.0, -numpy.inf, numpy.nan])
    same_values(cunp.searchsorted(cunp.asarray(a), cunp.asarray(v)), numpy.searchsorted(a, v))
    same_values(cunp.searchsorted(cunp.asarray(a[:0]), cunp.asarray(v)),
                numpy.searchsorted(a[:0], v))
    same_values(cunp.searchsorted(cunp.asarray(a), cunp.asarray(v[:0])),
                numpy.searchsorted(a, v[:0]))
    with pytest.raises(ValueError, match='sorter.size must equal a.size'):
        cunp.searchsorted(cunp.asarray(a), cunp.asarray(v), sorter=cunp.asarray([0, 1]))
    with pytest.raises(TypeError, match='sorter must only contain integers'):
        cunp.searchsorted(cunp.asarray(a), cunp.asarray(v), sorter=cunp.asarray([0., 1, 2, 3]))
    with pytest.raises(ValueError, match='object too deep'):
        cunp.searchsorted(cunp.ones((2, 2)), cunp.asarray(v))
    for bad in ([0, 1, 2, 4], [0, -1, 2, 3]):  # checked before any read: an error, no fault
        with pytest.raises(ValueError, match='Sorter index out of range'):
            cunp.searchsorted(cunp.asarray(a), cunp.asarray(v), sorter=cunp.asarray(bad))


@gpu
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'int64', 'uint8'])
@pytest.mark.parametrize('side', ['left', 'right'])
def test_searchsorted_large_with_ties_and_nans(dtype, side):
    # More sorted keys than a block's shared fence and more values than one pass of the grid;
    # NaNs, signed zeros and long runs of equal keys.
    rng = numpy.random.default_rng(11)
    a = rng.integers(-50, 50, 100_003).astype(dtype)
    v = rng.integers(-60, 60, 300_001).astype(dtype)
    if a.dtype.kind == 'f':
        a[::97] = numpy.nan
        a[::89] = -0.0
        v[::13] = numpy.nan
        v[::7] = -0.0
    a = numpy.sort(a)
    same_values(cunp.searchsorted(cunp.asarray(a), cunp.asarray(v), side=side),
                numpy.searchsorted(a, v, side=side))


# --- unique ----------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', ALL)
@pytest.mark.parametrize('equal_nan', [True, False])
def test_unique(dtype, equal_nan):
    a = data(5000, dtype, seed=8).reshape(50, 100)
    x = cunp.asarray(a)
    got = cunp.unique(x, return_index=True, return_inverse=True, return_counts=True,
                      equal_nan=equal_nan)
    want = numpy.unique(a, return_index=True, return_inverse=True, return_counts=True,
                        equal_nan=equal_nan)
    for g, w in zip(got, want):
        same_values(g, w)
    same_values(cunp.unique(x, equal_nan=equal_nan), numpy.unique(a, equal_nan=equal_nan))


@gpu
def test_unique_sizes_and_array_api():
    for a in (numpy.array([], 'i'), numpy.array([7], 'i'), numpy.zeros(10000, 'd'),
              numpy.arange(100000, dtype='i')[::-1].copy(), data(1 << 20, 'i', seed=12)):
        x = cunp.asarray(a)
        for g, w in zip(cunp.unique(x, True, True, True), numpy.unique(a, True, True, True)):
            same_values(g, w)
    a = data(3000, 'f', seed=13, special=False).reshape(30, 100)
    x = cunp.asarray(a)
    for name in ('unique_all', 'unique_counts', 'unique_inverse'):
        got, want = getattr(cunp, name)(x), getattr(numpy, name)(a)
        assert got._fields == want._fields
        for g, w in zip(got, want):
            same_values(g, w)
    same_values(cunp.unique_values(x), numpy.sort(numpy.unique_values(a)))
    # With NaNs (each one distinct, as the standard asks) the order among the NaNs is the
    # sort's own: check the values and that they rebuild x.
    a = data(3000, 'f', seed=13).reshape(30, 100)
    got, want = cunp.unique_inverse(cunp.asarray(a)), numpy.unique_inverse(a)
    same_values(got.values, want.values)
    numpy.testing.assert_array_equal(cunp.asnumpy(got.values)[cunp.asnumpy(got.inverse_indices)],
                                     a)


@gpu
def test_descending_is_stable_and_reversed():
    a = numpy.array([[3, 1, 3, 2, 1, 3], [0, 0, 5, 5, 0, 1]], 'i')
    x = cunp.asarray(a)
    for axis in (-1, 0, None):
        want = numpy.flip(numpy.sort(a, axis), axis) if axis is not None else \
            numpy.sort(a, None)[::-1]
        same_values(cunp.sort(x, axis=axis, descending=True), want)
        got = cunp.asnumpy(cunp.argsort(x, axis=axis, descending=True))
        flat = a if axis is not None else a.ravel()
        ax = -1 if axis is None else axis
        vals = numpy.take_along_axis(flat, got, ax)
        numpy.testing.assert_array_equal(vals, numpy.flip(numpy.sort(flat, ax), ax))
        # Stable: equal values keep their original order.
        key = -flat.astype('i8') * flat.shape[ax] + numpy.indices(flat.shape)[ax % flat.ndim]
        numpy.testing.assert_array_equal(got, numpy.argsort(key, ax, kind='stable'))


@gpu
@pytest.mark.parametrize('dtype', ['e', 'f', 'd', 'F', 'D'])
def test_descending_keeps_nans_last(dtype):
    # NumPy 2.5: "Values that are NaN are sorted to the end for both orders."
    rng = numpy.random.default_rng(4)
    a = rng.integers(-3, 4, (5, 40)).astype(dtype)
    a[rng.random(a.shape) < 0.2] = numpy.nan
    if a.dtype.kind == 'c':
        a.imag = rng.integers(-2, 3, a.shape)
    x = cunp.asarray(a)
    for axis in (-1, 0, None):
        flat = a if axis is not None else a.ravel()
        ax = -1 if axis is None else axis
        want = numpy.concatenate([numpy.flip(numpy.sort(flat[~numpy.isnan(flat)]), 0),
                                  flat[numpy.isnan(flat)]]) if flat.ndim == 1 and a.dtype.kind == 'f' else None
        got = cunp.asnumpy(cunp.sort(x, axis=axis, descending=True))
        if want is not None:
            numpy.testing.assert_array_equal(got, want)
        nan_tail = numpy.isnan(got)
        # NaNs last along the axis, the rest non-increasing
        assert (numpy.diff(nan_tail.astype(int), axis=ax) >= 0).all()
        idx = cunp.asnumpy(cunp.argsort(x, axis=axis, descending=True))
        numpy.testing.assert_array_equal(numpy.take_along_axis(flat, idx, ax), got)
        inplace = x.copy() if axis is not None else x.ravel().copy()
        inplace.sort(axis=ax, descending=True)
        numpy.testing.assert_array_equal(cunp.asnumpy(inplace), got)


@gpu
def test_descending_inplace_sort_with_a_bad_axis_leaves_the_values():
    x = cunp.asarray(numpy.array([[3.0, -1.0], [2.0, 5.0]]))
    with pytest.raises(ValueError):  # AxisError
        x.sort(axis=5, descending=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(x), [[3.0, -1.0], [2.0, 5.0]])


@gpu
def test_isin_with_a_large_python_int():
    x = cunp.asarray(numpy.array([0, 2**64 - 1, 5], 'u8'))
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.isin(x, 2**64 - 1)), [False, True, False])
    assert cunp.asarray(2**63).dtype == numpy.uint64


# --- argument errors (no GPU needed) ---------------------------------------------------

def test_unknown_kind():
    with pytest.raises(ValueError, match=r"sort kind must be one of 'quick', 'heap', or "
                                         r"'stable' \(got 'foo'\)"):
        cunp.sort([3, 1], kind='foo')
    with pytest.raises(ValueError, match='sort kind'):
        cunp.argsort([3, 1], kind='x')


def test_kind_and_stable_together():
    with pytest.raises(ValueError, match="can't be provided at the same time"):
        cunp.sort([3, 1], kind='stable', stable=True)
    with pytest.raises(ValueError, match='no fields'):
        cunp.argsort([3, 1], order='f0')


def test_bad_side():
    with pytest.raises(ValueError, match=r"search side must be 'left' or 'right' \(got 'foo'\)"):
        cunp.searchsorted([1, 2], 1, side='foo')


# --- compositions: lexsort, partition, argpartition, isin, median ------------------------

@gpu
def test_lexsort():
    rng = numpy.random.default_rng(14)
    k1, k2 = rng.integers(0, 4, 500), rng.random(500).astype('f')
    k2[::7] = numpy.nan
    same_values(cunp.lexsort([cunp.asarray(k2), cunp.asarray(k1)]), numpy.lexsort([k2, k1]))
    m = rng.integers(0, 3, (2, 6, 40))
    same_values(cunp.lexsort(cunp.asarray(m)), numpy.lexsort(m))


@gpu
def test_partition_is_a_valid_partition():
    a = data(1000, 'f', seed=15).reshape(10, 100)
    for kth in (0, 37, -1, [3, 50]):
        got = cunp.asnumpy(cunp.partition(cunp.asarray(a), kth))
        want = numpy.partition(a, kth)
        for k in numpy.atleast_1d(kth):
            numpy.testing.assert_array_equal(got[:, k], want[:, k])
        idx = cunp.asnumpy(cunp.argpartition(cunp.asarray(a), kth))
        numpy.testing.assert_array_equal(numpy.take_along_axis(a, idx, -1), numpy.sort(a))
    with pytest.raises(ValueError, match='out of bounds'):
        cunp.partition(cunp.asarray(a), 100)


@gpu
@pytest.mark.parametrize('dtype', ['i', 'f', 'D'])
def test_isin(dtype):
    a = data(3000, dtype, seed=16).reshape(30, 100)
    t = data(200, dtype, seed=17)
    for invert in (False, True):
        same_values(cunp.isin(cunp.asarray(a), cunp.asarray(t), invert=invert),
                    numpy.isin(a, t, invert=invert))
    same_values(cunp.isin(cunp.asarray(a), cunp.asarray(t[:0])), numpy.isin(a, t[:0]))


@gpu
@pytest.mark.parametrize('dtype', ['i', 'e', 'f', 'd'])
def test_median(dtype):
    a = data(7 * 40, dtype, seed=18, special=False).reshape(7, 40)
    for axis in (None, 0, 1, -1):
        for keepdims in (False, True):
            got = cunp.median(cunp.asarray(a), axis=axis, keepdims=keepdims)
            want = numpy.median(a, axis=axis, keepdims=keepdims)
            assert got.shape == want.shape and got.dtype == want.dtype
            numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-3)
    if dtype in 'efd':
        b = a.copy()
        b[2, 5] = numpy.nan
        numpy.testing.assert_array_equal(cunp.asnumpy(cunp.median(cunp.asarray(b), axis=1)),
                                         numpy.median(b, axis=1))


# --- arrays of 2**31 items or more: sorted along an axis in chunks of rows ---------------------
# The engine's item limit lowered (_core.sorting._set_item_limit) makes small arrays take the
# chunked path that a (2048, 2**20) array takes at the real limit.

@pytest.fixture
def item_limit():
    """Sets the sort engine's item limit for one test, restoring it after."""
    from cunp import _core
    old = []

    def set_limit(n):
        old.append(_core.sorting._set_item_limit(n))

    yield set_limit
    if old:
        _core.sorting._set_item_limit(old[0])


@pytest.mark.parametrize("rows,length,limit,per", [
    (10, 5, 2**31 - 1, 10),    # fits: one run
    (2048, 2**20, 2**31 - 1, 1024),  # the brute-force k-NN's distances: two even runs
    (2047, 2**20, 2**31 - 1, 2047),  # just under the limit
    (10, 5, 12, 2),            # five runs of two rows
    (7, 13, 50, 3),            # three rows a run at most: three runs (3, 3 and 1 rows)
    (7, 13, 13, 1),            # one row a run
    (1, 13, 13, 1),
])
def test_rows_per_chunk(item_limit, rows, length, limit, per):
    from cunp import _core
    item_limit(limit)
    assert _core.sorting._rows_per_chunk(rows, length) == per


def test_rows_per_chunk_refuses_a_row_over_the_limit(item_limit):
    from cunp import _core
    with pytest.raises(ValueError, match="rows of fewer than 2\\*\\*31"):
        _core.sorting._rows_per_chunk(1, 2**31)
    item_limit(12)
    with pytest.raises(ValueError, match="rows of fewer than 13 elements"):
        _core.sorting._rows_per_chunk(3, 13)


def test_item_limit_restores():
    from cunp import _core
    old = _core.sorting._set_item_limit(100)
    try:
        assert _core.sorting._set_item_limit(0) == 100  # <= 0: the engine's own limit
        assert _core.sorting._set_item_limit(2**40) == 2**31 - 1
    finally:
        _core.sorting._set_item_limit(old)


@gpu
@pytest.mark.parametrize("dtype", ['?', 'b', 'H', 'i', 'l', 'e', 'f', 'd', 'F', 'D'])
@pytest.mark.parametrize("shape,axis", [((9, 13), -1), ((9, 13), 0), ((3, 5, 11), 1),
                                        ((40, 3), -1), ((4, 300), -1)])
def test_sort_in_chunks_of_rows(item_limit, dtype, shape, axis):
    x = data(int(numpy.prod(shape)), dtype, seed=5).reshape(shape)
    n = shape[axis]
    item_limit(max(n, 2 * n + 1))  # two rows a run, at most: several runs and a short last one
    g = cunp.asarray(x)
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.argsort(g, axis=axis)),
                                     numpy.argsort(x, axis=axis, kind='stable'))
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.sort(g, axis=axis, kind='stable')),
                                     numpy.sort(x, axis=axis, kind='stable'))
    # argpartition of several rows runs the same engine; its kth item and order around it.
    k = n // 2
    part = cunp.asnumpy(cunp.argpartition(g, k, axis=axis))
    want = numpy.take_along_axis(x, numpy.argsort(x, axis=axis, kind='stable'), axis=axis)
    got = numpy.take_along_axis(x, part, axis=axis)
    numpy.testing.assert_array_equal(numpy.take(got, [k], axis=axis),
                                     numpy.take(want, [k], axis=axis))
    numpy.testing.assert_array_equal(
        cunp.asnumpy(cunp.partition(g, k, axis=axis)).take(k, axis), want.take(k, axis))


@gpu
def test_sort_in_chunks_layouts(item_limit):
    x = numpy.random.default_rng(2).standard_normal((12, 30))
    item_limit(70)
    for view in (x[::-1], x[:, ::-2], numpy.asfortranarray(x), x.T):
        g = cunp.asarray(view)
        numpy.testing.assert_array_equal(cunp.asnumpy(cunp.argsort(g, axis=-1)),
                                         numpy.argsort(view, axis=-1, kind='stable'))
        numpy.testing.assert_array_equal(cunp.asnumpy(cunp.sort(g, axis=0)),
                                         numpy.sort(view, axis=0))
    # Sorted in place (ndarray.sort) and empty or one-row arrays.
    g = cunp.asarray(x)
    g.sort(axis=1)
    numpy.testing.assert_array_equal(cunp.asnumpy(g), numpy.sort(x, axis=1))
    e = cunp.empty((0, 100))
    assert cunp.argsort(e, axis=1).shape == (0, 100)


@gpu
def test_sort_over_the_limit_in_one_row(item_limit):
    x = cunp.arange(40.0)
    item_limit(20)
    for f in (lambda: cunp.sort(x), lambda: cunp.argsort(x.reshape(2, 20), axis=None),
              lambda: cunp.unique(x)):
        with pytest.raises(ValueError, match="fewer than 21"):
            f()
    # Along an axis whose rows fit, the same array sorts.
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.argsort(x.reshape(2, 20), axis=1)),
                                     numpy.tile(numpy.arange(20), (2, 1)))
