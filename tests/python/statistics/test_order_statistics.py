# tests/python/statistics/test_order_statistics.py -- partition, argpartition, median, percentile, quantile
# and the nan* forms against NumPy across methods, q shapes, axes, dtypes, layouts and special
# values, the selection path on large arrays; without a GPU, the host-side positions and weights
# of every method (against NumPy's results on host data) and the argument errors.
"""Order statistics compared with NumPy.

partition's arrangement is not NumPy's; it is checked as a property: the kth items in sorted
position, smaller ones before, larger ones after."""
import warnings

import numpy
import pytest

import cunp
from cunp._statistics import _order_statistics as ostat

gpu = pytest.mark.gpu

METHODS = list(ostat._METHODS)
REAL = ['?', 'b', 'B', 'h', 'i', 'l', 'L', 'e', 'f', 'd']
QS = [0.5, 0.0, 1.0, [0.1, 0.5, 0.9], numpy.array([[0.0, 0.25], [0.75, 1.0]]),
      numpy.float32(0.3), numpy.array([0.2, 0.7], dtype=numpy.float32)]


def data(shape, dtype, seed=0, nans=False):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    if dtype.kind == 'b':
        v = rng.random(n) < 0.5
    elif dtype.kind in 'iu':
        info = numpy.iinfo(dtype)
        v = rng.integers(max(info.min, -1000), min(info.max, 1000), n, dtype=dtype,
                         endpoint=True)
    else:
        v = (rng.integers(-40, 40, n) * 0.25 + rng.random(n)).astype(dtype)
        if nans:
            v[rng.random(n) < 0.2] = numpy.nan
    return v.reshape(shape)


def compare(got, want, exact=False):
    got_host = cunp.asnumpy(got) if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    want = numpy.asarray(want)
    assert got_host.shape == want.shape
    assert got_host.dtype == want.dtype, (got_host.dtype, want.dtype)
    if exact or want.dtype.kind not in 'fc':
        numpy.testing.assert_array_equal(got_host, want)
    else:
        tol = {'e': 2e-3, 'f': 2e-6}.get(want.dtype.char, 1e-12)
        numpy.testing.assert_allclose(got_host, want, rtol=tol, atol=tol, equal_nan=True)


def both(name, a, *args, **kwargs):
    """(cunp's result, NumPy's result) of `name`, with NumPy's warnings silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        want = getattr(numpy, name)(a, *args, **kwargs)
        got = getattr(cunp, name)(cunp.asarray(a), *args, **kwargs)
    return got, want


# --- host side: positions and weights of every method (no GPU) --------------------------------

def _host_quantile(sorted_rows, n, q, method, weak_q):
    """quantile from ostat._plan's positions and weights, read from sorted host rows."""
    prev, nxt, gamma = ostat._plan(n, q, method)
    per_row = numpy.ndim(n) > 0

    def read(idx):
        if per_row:
            moved = numpy.moveaxis(idx.reshape((-1,) + sorted_rows.shape[:-1]), 0, -1)
            got = numpy.take_along_axis(sorted_rows, moved, axis=-1)
            return numpy.moveaxis(got, -1, 0).reshape(idx.shape)
        return numpy.moveaxis(numpy.take(sorted_rows, idx, axis=-1),
                              tuple(range(sorted_rows.ndim - 1, sorted_rows.ndim - 1 + idx.ndim)),
                              tuple(range(idx.ndim)))
    lo = read(prev)
    if gamma is None:
        return lo
    hi = read(nxt)
    if weak_q and gamma.ndim == 0:
        gamma = float(gamma)
    elif weak_q:
        gamma = gamma.astype(ostat._weak_gamma_dtype(sorted_rows.dtype))
    elif gamma.ndim < lo.ndim:
        gamma = gamma.reshape(gamma.shape + (1,) * (lo.ndim - gamma.ndim))
    diff = hi - lo
    low = lo + diff * gamma
    high = numpy.asarray(hi - diff * (1 - numpy.asarray(gamma))).astype(low.dtype)
    return numpy.where(numpy.asarray(gamma) >= 0.5, high, low)


@pytest.mark.parametrize('method', METHODS)
@pytest.mark.parametrize('n', [1, 2, 3, 4, 7, 10, 101])
def test_plan_matches_numpy(method, n):
    a = data((n,), 'd', seed=n)
    s = numpy.sort(a)
    for q in QS + [0.25, 1, 0]:
        weak = type(q) in (int, float)
        qa = numpy.asanyarray(q)
        got = _host_quantile(s, n, qa, method, weak)
        want = numpy.quantile(a, q, method=method)
        numpy.testing.assert_array_equal(got, want)
        assert numpy.asarray(got).dtype == numpy.asarray(want).dtype


@pytest.mark.parametrize('method', METHODS)
def test_plan_per_row_counts_match_nanquantile(method):
    a = data((6, 9), 'f', seed=3, nans=True)
    a[2] = numpy.nan
    a[4, :8] = numpy.nan
    s = numpy.sort(a, axis=-1)
    m = numpy.count_nonzero(~numpy.isnan(a), axis=-1)
    for q in [0.3, [0.1, 0.9], numpy.array([0.2, 0.6], dtype=numpy.float32)]:
        qa = numpy.asanyarray(q)
        nb = numpy.maximum(m, 1).astype(qa.dtype if qa.dtype.kind == 'f' else numpy.intp)
        got = _host_quantile(s, nb, qa, method, type(q) is float)
        got = numpy.where(m == 0, numpy.nan, got)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)
            want = numpy.nanquantile(a, q, axis=1, method=method)
        numpy.testing.assert_allclose(got, want, rtol=1e-6, equal_nan=True)


# --- argument errors (no GPU) -----------------------------------------------------------------

@pytest.mark.parametrize('name,bad', [('quantile', 1.5), ('quantile', [-0.1]),
                                      ('percentile', 101), ('nanpercentile', [50, -1]),
                                      ('nanquantile', numpy.nan)])
def test_q_out_of_range(name, bad):
    a = numpy.arange(5.0)
    with pytest.raises(ValueError, match='must be in the range') as got:
        getattr(cunp, name)(a, bad)
    with pytest.raises(ValueError) as want:
        getattr(numpy, name)(a, bad)
    assert str(got.value) == str(want.value)


def test_unknown_method_and_complex_input():
    a = numpy.arange(5.0)
    with pytest.raises(ValueError) as got:
        cunp.quantile(a, 0.5, method='spline')
    with pytest.raises(ValueError) as want:
        numpy.quantile(a, 0.5, method='spline')
    assert str(got.value) == str(want.value)
    for name in ('quantile', 'percentile', 'nanquantile', 'nanpercentile'):
        with pytest.raises(TypeError, match='real numbers'):
            getattr(cunp, name)(a.astype(complex), 0.5)
    with pytest.raises(ValueError, match='scalar or 1d'):
        cunp.quantile(a, numpy.full((1, 1, 1), 0.5))


def test_weights_errors():
    a = numpy.ones((3, 4))
    cases = [
        (dict(weights=numpy.ones((3, 4)), method='linear'), ValueError),
        (dict(weights=numpy.ones(4), method='inverted_cdf'), TypeError),
        (dict(weights=numpy.ones(5), axis=1, method='inverted_cdf'), ValueError),
    ]
    for kwargs, exc in cases:
        with pytest.raises(exc) as got:
            cunp.quantile(a, 0.5, **kwargs)
        with pytest.raises(exc) as want:
            numpy.quantile(a, 0.5, **kwargs)
        assert str(got.value) == str(want.value)


def test_partition_errors():
    a = numpy.arange(10)
    for kth in (10, -11, [2, 10]):
        with pytest.raises(ValueError, match=r'kth\(=-?\d+\) out of bounds \(10\)'):
            cunp.partition(a, kth)
        with pytest.raises(ValueError, match='out of bounds'):
            cunp.argpartition(a, kth)
    with pytest.raises(ValueError, match='Unknown selectkind'):
        cunp.partition(a, 1, kind='quick')
    with pytest.raises(numpy.exceptions.AxisError, match='dimension 0'):  # as NumPy
        cunp.partition(numpy.float64(1.0), 0)
    with pytest.raises(TypeError):
        cunp.partition(a, 1.5)
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.partition(a, 1, axis=1)


# --- quantile, percentile ---------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('method', METHODS)
def test_quantile_methods_q_shapes_axes(method):
    a = data((5, 6, 7), 'd', seed=1)
    for q in QS:
        for axis in (None, 0, -1, (0, 2), (1,)):
            for keepdims in (False, True):
                compare(*both('quantile', a, q, axis=axis, method=method, keepdims=keepdims))
    compare(*both('percentile', a, [5, 50, 95], axis=1, method=method))


@gpu
@pytest.mark.parametrize('dtype', REAL)
def test_quantile_dtypes(dtype):
    a = data((8, 11), dtype, seed=2)
    methods = ['lower', 'higher', 'nearest', 'inverted_cdf', 'closest_observation']
    if dtype != '?':  # NumPy refuses to subtract booleans
        methods += ['linear', 'hazen', 'midpoint']
    for method in methods:
        for q in (0.3, [0.2, 0.8], numpy.float32(0.4)):
            for axis in (None, 1):
                compare(*both('quantile', a, q, axis=axis, method=method))
    if dtype == '?':
        with pytest.raises(TypeError):
            cunp.quantile(cunp.asarray(a), 0.5)


@gpu
@pytest.mark.parametrize('layout', ['F', 'strided', 'reversed', 'zero_d', 'size_one'])
def test_quantile_layouts(layout):
    base = data((9, 12), 'f', seed=4)
    a = {'F': numpy.asfortranarray(base), 'strided': base[::2, ::3],
         'reversed': base[::-1, ::-1], 'zero_d': numpy.float32(2.5),
         'size_one': base[:1, :1]}[layout]
    axes = (None,) if numpy.ndim(a) == 0 else (None, 0, 1, (0, 1))
    for axis in axes:
        for q in (0.5, [0.1, 0.9]):
            compare(*both('quantile', numpy.asarray(a), q, axis=axis))
            compare(*both('median', numpy.asarray(a), axis=axis))


@gpu
def test_quantile_nans_equal_and_sorted():
    a = data((6, 10), 'd', seed=5, nans=True)
    for q in (0.5, [0.0, 0.3, 1.0]):
        for axis in (None, 0, 1):
            compare(*both('quantile', a, q, axis=axis), exact=True)
            compare(*both('percentile', a, numpy.asarray(q) * 100, axis=axis))
    compare(*both('quantile', numpy.full(50, 3.25), [0.1, 0.5]))
    compare(*both('quantile', numpy.arange(1000.0), [0.01, 0.5]))
    compare(*both('quantile', numpy.array([1.0, numpy.inf]), 1.0))


@gpu
def test_quantile_out_and_empty():
    a = data((4, 5), 'd', seed=6)
    out = cunp.empty((2, 4))
    got = cunp.quantile(cunp.asarray(a), [0.25, 0.75], axis=1, out=out)
    assert got is out
    compare(out, numpy.quantile(a, [0.25, 0.75], axis=1))
    out = cunp.empty((2, 4, 1))
    cunp.quantile(cunp.asarray(a), [0.25, 0.75], axis=1, out=out, keepdims=True)
    compare(out, numpy.quantile(a, [0.25, 0.75], axis=1, keepdims=True))
    with pytest.raises(IndexError):
        cunp.quantile(cunp.asarray(numpy.zeros(0)), 0.5)
    # overwrite_input may reorder the input (NumPy partitions it, cunp sorts it): the values stay.
    x = cunp.asarray(a)
    cunp.quantile(x, 0.5, overwrite_input=True)
    compare(cunp.sort(x.ravel()), numpy.sort(a.ravel()))


@gpu
@pytest.mark.parametrize('axis', [None, 0, 1, (0, 1)])
def test_weighted_inverted_cdf(axis):
    a = data((6, 8), 'd', seed=7)
    rng = numpy.random.default_rng(8)
    w = rng.integers(0, 4, a.shape).astype('d')
    w[:, 0] = 1.0
    w[0] = 1.0
    for q in (0.5, [0.0, 0.3, 1.0]):
        compare(*both('quantile', a, q, axis=axis, method='inverted_cdf', weights=w))
        if axis in (0, 1):
            w1 = w[:, 0] if axis == 0 else w[0]
            compare(*both('quantile', a, q, axis=axis, method='inverted_cdf', weights=w1))
    with pytest.raises(ValueError, match='non-negative'):
        cunp.quantile(cunp.asarray(a), 0.5, method='inverted_cdf', weights=-w, axis=axis)


# --- median and the nan* forms ----------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', REAL + ['F', 'D'])
def test_median_dtypes_axes(dtype):
    a = data((6, 7, 4), dtype, seed=9) if dtype not in 'FD' else \
        (data((6, 7, 4), 'd', seed=9) + 1j * data((6, 7, 4), 'd', seed=10)).astype(dtype)
    for axis in (None, 0, -1, (0, 2), (0, 1, 2)):
        for keepdims in (False, True):
            compare(*both('median', a, axis=axis, keepdims=keepdims))


@gpu
def test_median_nans_empty_out():
    a = data((5, 8), 'f', seed=11, nans=True)
    for axis in (None, 0, 1):
        compare(*both('median', a, axis=axis), exact=True)
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        got = cunp.median(cunp.zeros((3, 0)), axis=1)
    compare(got, numpy.full(3, numpy.nan))
    out = cunp.empty(8, dtype=cunp.float32)
    assert cunp.median(cunp.asarray(a), axis=0, out=out) is out


@gpu
@pytest.mark.parametrize('name', ['nanmedian', 'nanquantile', 'nanpercentile'])
@pytest.mark.parametrize('dtype', ['e', 'f', 'd', 'l'])
def test_nan_forms(name, dtype):
    a = data((7, 9, 3), dtype, seed=12, nans=True)
    if dtype in 'efd':
        a[1, :, 0] = numpy.nan
    extra = () if name == 'nanmedian' else ((50 if 'percentile' in name else 0.5),)
    for axis in (None, 0, 1, (1, 2)):
        for keepdims in (False, True):
            compare(*both(name, a, *extra, axis=axis, keepdims=keepdims))
    if name != 'nanmedian':
        q = [10, 90] if 'percentile' in name else [0.1, 0.9]
        for method in METHODS:
            compare(*both(name, a, q, axis=1, method=method))
            compare(*both(name, a, q, method=method))


@gpu
def test_nan_forms_all_nan_and_empty():
    a = numpy.full((3, 4), numpy.nan, dtype='f')
    a[0, 1] = 2.0
    for name, extra in (('nanmedian', ()), ('nanquantile', (0.5,)), ('nanpercentile', (50,))):
        with pytest.warns(RuntimeWarning, match='All-NaN slice'):
            got = getattr(cunp, name)(cunp.asarray(a), *extra, axis=1)
        compare(got, getattr(numpy, name)(a, *extra, axis=1))
        with pytest.warns(RuntimeWarning, match='All-NaN slice'):
            got = getattr(cunp, name)(cunp.asarray(a[1:]), *extra)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)
            compare(got, getattr(numpy, name)(a[1:], *extra))
        with pytest.warns(RuntimeWarning):
            got = getattr(cunp, name)(cunp.zeros((0, 3)), *extra, axis=0)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)
            compare(got, getattr(numpy, name)(numpy.zeros((0, 3)), *extra, axis=0))


@gpu
def test_nanquantile_weighted():
    a = data((5, 12), 'd', seed=13, nans=True)
    w = numpy.random.default_rng(14).integers(1, 4, a.shape).astype('d')
    for axis in (None, 1):
        compare(*both('nanquantile', a, [0.2, 0.7], axis=axis, method='inverted_cdf',
                      weights=w))


# --- the selection path (one long row) --------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', ['?', 'b', 'B', 'h', 'i', 'L', 'e', 'f', 'd'])
def test_selection_path_large(dtype):
    n = (1 << 22) + 3
    a = data((n,), dtype, seed=15)
    if dtype in 'efd':
        a[::1001] = -0.0
        a[1::1003] = 0.0
    compare(*both('median', a))
    if dtype != '?':
        compare(*both('quantile', a, [0.0, 0.1, 0.5, 0.9, 1.0]))
        compare(*both('percentile', a, 37.5, method='hazen'))
    compare(*both('quantile', a, [0.25, 0.75], method='lower'))
    compare(*both('median', a.reshape(-1, 1)[:(n // 4) * 4].reshape(4, -1), axis=None))
    if dtype in 'efd':
        b = a.copy()
        b[12345] = numpy.nan
        compare(*both('median', b), exact=True)
        compare(*both('quantile', b, [0.5, 0.9]), exact=True)
        compare(*both('nanmedian', b))
        compare(*both('nanquantile', b, [0.1, 0.5]))
        compare(*both('nanpercentile', numpy.asfortranarray(b[:1024 * 4096].reshape(1024, -1)), 50))


@gpu
def test_selection_many_quantiles_falls_back_to_sort():
    a = data((1 << 20,), 'f', seed=16)
    q = numpy.linspace(0, 1, 41)
    compare(*both('quantile', a, q))


# --- partition and argpartition ---------------------------------------------------------------

def check_partition(a, kths, part, idx=None):
    """NumPy's promise: each kth item in sorted position, smaller before, larger after."""
    s = numpy.sort(a)
    n = a.size
    kths = sorted(k % n for k in numpy.atleast_1d(kths))
    assert part.shape == a.shape
    assert numpy.array_equal(numpy.sort(part), s, equal_nan=True)
    for k in kths:
        assert numpy.array_equal(part[k], s[k], equal_nan=True)
        before, after = part[:k], part[k + 1:]
        if s.dtype.kind == 'f' and numpy.isnan(s[k]):
            assert numpy.isnan(after).all()  # NaNs sort last
        else:
            assert (before <= s[k]).all()
            nan_after = numpy.isnan(after) if s.dtype.kind == 'f' else False
            assert ((after >= s[k]) | nan_after).all()
    if idx is not None:
        assert numpy.array_equal(a[idx], part, equal_nan=True)


@gpu
@pytest.mark.parametrize('n', [1000, (1 << 18) + 7])
@pytest.mark.parametrize('dtype', ['f', 'd', 'i', 'B', '?', 'e'])
def test_partition_property(n, dtype):
    a = data((n,), dtype, seed=17, nans=True)
    for kth in (0, n // 2, -1, [1, n // 3, n - 2], [5, 5, n // 2]):
        part = cunp.asnumpy(cunp.partition(cunp.asarray(a), kth))
        idx = cunp.asnumpy(cunp.argpartition(cunp.asarray(a), kth))
        check_partition(a, kth, part, idx)
        check_partition(a, kth, cunp.asnumpy(cunp.partition(cunp.asarray(a), kth, axis=None)))


@gpu
def test_partition_rows_and_methods():
    a = data((10, 300), 'f', seed=18)
    for axis in (0, 1, -1):
        part = cunp.asnumpy(cunp.partition(cunp.asarray(a), 7, axis=axis))
        moved = numpy.moveaxis(part, axis, -1)
        for row_in, row_out in zip(numpy.moveaxis(a, axis, -1), moved):
            check_partition(row_in, 7, row_out)
    x = cunp.asarray(a[0].copy())
    x.partition(50)
    check_partition(a[0], 50, cunp.asnumpy(x))
    idx = cunp.asnumpy(cunp.asarray(a[0]).argpartition([3, 90]))
    check_partition(a[0], [3, 90], a[0][idx], None)
    big = data((1 << 18,), 'd', seed=19)
    y = cunp.asarray(big)
    y.partition([10, 1 << 17])
    check_partition(big, [10, 1 << 17], cunp.asnumpy(y))


# --- overwrite_input, the result's layout, complex nanmedian (issue 37) ------------------------

@gpu
@pytest.mark.parametrize('name', ['median', 'nanmedian', 'quantile', 'percentile',
                                  'nanquantile', 'nanpercentile'])
@pytest.mark.parametrize('axis', [None, 0, -1, (0, 2)])
def test_overwrite_input(name, axis):
    # NumPy partitions the input in place; cunp sorts it (one order a partition may leave):
    # the values are NumPy's and the input holds the same items, reordered along `axis`.
    a = data((4, 5, 6), 'd', seed=21, nans=name.startswith('nan'))
    extra = () if 'median' in name else ((30 if 'percentile' in name else 0.3),)
    methods = [None] if 'median' in name else ['linear', 'lower', 'nearest', 'midpoint',
                                              'inverted_cdf', 'weibull', 'hazen']
    for method in methods:
        kw = {} if method is None else {'method': method}
        d = cunp.asarray(a)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore', RuntimeWarning)
            want = getattr(numpy, name)(a.copy(), *extra, axis=axis, overwrite_input=True, **kw)
            got = getattr(cunp, name)(d, *extra, axis=axis, overwrite_input=True, **kw)
        compare(got, want)
        moved = cunp.asnumpy(d)
        if axis is None:
            numpy.testing.assert_array_equal(moved.ravel(), numpy.sort(a, axis=None))
        elif isinstance(axis, int):
            numpy.testing.assert_array_equal(moved, numpy.sort(a, axis=axis))
        else:  # a tuple of axes: NumPy works on a copy, and so does cunp
            numpy.testing.assert_array_equal(moved, a)


@gpu
@pytest.mark.parametrize('name', ['median', 'quantile', 'percentile', 'nanquantile'])
@pytest.mark.parametrize('axis', [-1, -2, 0, 1, (0, -1)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_result_is_c_ordered(name, axis, keepdims):
    a = data((3, 4, 5), 'f', seed=22)
    extra = () if name == 'median' else (([10, 50, 90] if 'percentile' in name
                                          else [0.1, 0.5, 0.9]),)
    got, want = both(name, a, *extra, axis=axis, keepdims=keepdims)
    compare(got, want)
    # C-ordered wherever NumPy's is (nanquantile may give a non-contiguous view; cunp's result
    # is then C-ordered, never F-ordered where NumPy's is not).
    assert got.flags.c_contiguous or not want.flags.c_contiguous
    assert not got.flags.f_contiguous or want.flags.f_contiguous or got.ndim < 2


@gpu
@pytest.mark.parametrize('dtype', ['F', 'D'])
@pytest.mark.parametrize('axis', [None, 0, -1, (0, 1)])
@pytest.mark.parametrize('keepdims', [False, True])
def test_nanmedian_complex(dtype, axis, keepdims):
    # NaN in either part counts as NaN and is skipped, as NumPy's isnan says.
    rng = numpy.random.default_rng(23)
    re = rng.random((3, 4, 5))
    im = rng.random((3, 4, 5))
    re[re < 0.3] = numpy.nan
    im[im > 0.8] = numpy.nan
    a = (re + 1j * im).astype(dtype)
    a[0, 0, :] = numpy.nan
    compare(*both('nanmedian', a, axis=axis, keepdims=keepdims))
