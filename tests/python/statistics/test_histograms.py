# tests/python/statistics/test_histograms.py -- bincount, digitize, histogram, histogram_bin_edges,
# histogram2d and histogramdd against NumPy across dtypes, layouts, weights, estimators, ranges
# and densities; and, without a GPU, the argument errors raised before any device work.
"""Counting compared with NumPy: counts exactly, sums of weights to a tolerance (atomic adds
sum in another order than NumPy's chunks)."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

INTS = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'l']
REALS = ['b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'f', 'd']


def values(n, dtype, seed=0, nan=False):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.random(n) < 0.5
    if dtype.kind in 'iu':
        hi = min(numpy.iinfo(dtype).max, 300)
        lo = 0 if dtype.kind == 'u' else -hi
        return rng.integers(lo, hi, n, endpoint=True).astype(dtype)
    v = (rng.standard_normal(n) * 10).astype(dtype)
    if nan and n:
        v[rng.random(n) < 0.05] = numpy.nan
    return v


def check(got, want, rtol=0.0):
    """got (cunp or a tuple/list of them) against NumPy's result: dtype, shape and values."""
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            check(g, w, rtol)
        return
    g = cunp.asnumpy(got)
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    if rtol:
        numpy.testing.assert_allclose(g, want, rtol=rtol, atol=rtol)
    else:
        numpy.testing.assert_array_equal(g, want)


def tol(dtype):
    dtype = numpy.dtype(dtype)
    return {'e': 2e-2, 'f': 1e-5, 'F': 1e-5}.get(dtype.char, 1e-9 if dtype.kind in 'fc' else 0)


# --- bincount --------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', INTS + ['L'.lower()])
@pytest.mark.parametrize('n', [0, 1, 1000, 2**22 + 3])
def test_bincount(dtype, n):
    x = numpy.abs(values(n, dtype).astype(numpy.int64)).astype(dtype)
    check(cunp.bincount(cunp.asarray(x)), numpy.bincount(x))
    check(cunp.bincount(cunp.asarray(x), minlength=500), numpy.bincount(x, minlength=500))


@gpu
@pytest.mark.parametrize('wdtype', ['?', 'b', 'I', 'l', 'e', 'f', 'd'])
def test_bincount_weights(wdtype):
    x = numpy.abs(values(5000, 'i', seed=1))
    w = values(5000, wdtype, seed=2)
    check(cunp.bincount(cunp.asarray(x), cunp.asarray(w)), numpy.bincount(x, w), rtol=1e-9)
    check(cunp.bincount(cunp.asarray(x), w, minlength=400), numpy.bincount(x, w, minlength=400),
          rtol=1e-9)


@gpu
def test_bincount_layouts_and_bin_counts_paths():
    x = numpy.abs(values(20001, 'l', seed=3))
    for view in (slice(None, None, 3), slice(None, None, -1)):
        check(cunp.bincount(cunp.asarray(x)[view]), numpy.bincount(x[view]))
    # A single bin (all values equal), many bins in shared memory, and too many for it.
    for hi in (1, 50000, 300000):
        y = numpy.random.default_rng(hi).integers(0, hi, 2**20)
        check(cunp.bincount(cunp.asarray(y)), numpy.bincount(y))
        w = numpy.random.default_rng(hi + 1).random(2**20)
        check(cunp.bincount(cunp.asarray(y), cunp.asarray(w)), numpy.bincount(y, w), rtol=1e-9)
    assert cunp.bincount([]).dtype == numpy.int64
    check(cunp.bincount(cunp.zeros(0, dtype=cunp.int32), weights=[], minlength=3),
          numpy.bincount(numpy.zeros(0, numpy.int32), minlength=3))


@gpu
@pytest.mark.parametrize('hi', [1023, 1024, 1025])
def test_bincount_around_the_first_pass_length(hi):
    # The first pass counts up to 1024 bins; a larger value, or minlength, takes a second.
    y = numpy.random.default_rng(hi).integers(0, hi, 300001).astype(numpy.int32)
    y[7] = hi - 1
    w = numpy.random.default_rng(hi + 1).random(y.size)
    for view in (slice(None), slice(1, None), slice(3, -2)):  # aligned and not
        check(cunp.bincount(cunp.asarray(y)[view]), numpy.bincount(y[view]))
        check(cunp.bincount(cunp.asarray(y)[view], cunp.asarray(w)[view]),
              numpy.bincount(y[view], w[view]), rtol=1e-9)
    for minlength in (hi - 1, hi + 1, 5000):
        check(cunp.bincount(cunp.asarray(y), minlength=minlength),
              numpy.bincount(y, minlength=minlength))


@gpu
def test_bincount_negative_value():
    with pytest.raises(ValueError, match="'list' argument must have no negative elements"):
        cunp.bincount(cunp.asarray([1, -1, 2]))


@gpu
@pytest.mark.parametrize('top', [2**63 - 1, 2**61])
def test_bincount_of_a_huge_value_is_too_big(top):
    # max + 1 bins cannot be held (NumPy's own count of INT64_MAX + 1 overflows its heap).
    with pytest.raises((ValueError, MemoryError)):
        cunp.bincount(cunp.asarray([0, top]))


def test_bincount_errors():
    with pytest.raises(TypeError, match=r"Cannot cast array data from dtype\('float64'\) to "
                       r"dtype\('int64'\) according to the rule 'safe'"):
        cunp.bincount(numpy.array([1.0]))
    # NumPy casts x under 'same_kind': uint64 passes the cast (test_argument_order_checks.py)
    # and complex does not.
    with pytest.raises(TypeError, match="complex128"):
        cunp.bincount(numpy.array([1j]))
    with pytest.raises(ValueError, match='object of too small depth'):
        cunp.bincount(numpy.array(3))
    with pytest.raises(ValueError, match='object too deep'):
        cunp.bincount(numpy.ones((2, 2), int))
    with pytest.raises(ValueError, match="'minlength' must not be negative"):
        cunp.bincount([1], minlength=-1)
    with pytest.raises(TypeError, match='use 0 instead of None'):
        cunp.bincount([1], minlength=None)
    with pytest.raises(ValueError, match="The weights and list don't have the same length."):
        cunp.bincount([1], weights=[1, 2])
    with pytest.raises(TypeError, match='complex128'):
        cunp.bincount([1], weights=[1j])
    # NumPy refuses negative values of x before it looks at the weights.
    with pytest.raises(ValueError, match='no negative elements'):
        cunp.bincount([-1], weights=[1j])
    with pytest.raises(ValueError, match='no negative elements'):
        cunp.bincount([-1, 2], weights=[1.0])


# --- digitize ----------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', REALS)
@pytest.mark.parametrize('right', [False, True])
def test_digitize(dtype, right):
    x = values(3000, dtype, nan=True)
    bins = numpy.unique(values(40, dtype, seed=5)).astype(dtype)
    for b in (bins, bins[::-1], bins[:1], bins[:0]):
        check(cunp.digitize(cunp.asarray(x), cunp.asarray(b), right=right),
              numpy.digitize(x, b, right=right))
    check(cunp.digitize(cunp.asarray(x[::-2]), b, right), numpy.digitize(x[::-2], b, right))
    assert cunp.digitize(cunp.asarray(x[0]), bins).shape == ()


@gpu
def test_digitize_non_monotonic_device_bins():
    with pytest.raises(ValueError, match='monotonically increasing or decreasing'):
        cunp.digitize(cunp.asarray([1.0]), cunp.asarray([1.0, 3.0, 2.0]))


def test_digitize_errors():
    with pytest.raises(ValueError, match='bins must be monotonically increasing or decreasing'):
        cunp.digitize(numpy.array([1.0]), [1, 3, 2])
    with pytest.raises(TypeError, match='x may not be complex'):
        cunp.digitize(numpy.array([1j]), [1, 2])
    with pytest.raises(ValueError, match='object too deep'):
        cunp.digitize(numpy.array([1.0]), [[1, 2]])


# --- histogram ---------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize('dtype', REALS + ['?'])
@pytest.mark.parametrize('bins', [1, 10, 256, 5000])
def test_histogram_equal_bins(dtype, bins):
    a = values(30000, dtype, nan=False)
    with numpy.testing.suppress_warnings() as sup:
        sup.filter(RuntimeWarning)
        for kw in ({}, {"range": (-5, 7.5)}):
            try:
                want = numpy.histogram(a, bins, **kw)
            except ValueError:  # float16 edges too close to be distinct: NumPy refuses
                with pytest.raises(ValueError, match="Too many bins"):
                    cunp.histogram(cunp.asarray(a), bins, **kw)
                continue
            check(cunp.histogram(cunp.asarray(a), bins, **kw), want)


@gpu
@pytest.mark.parametrize('dtype', ['f', 'd'])
@pytest.mark.parametrize('bins, lo, hi', [
    (7, 0.1, 0.7), (256, 0.0, 1.0), (1000, -3.3, 2.9), (255, 1e-30, 3e-30), (3, -1e30, 1e30),
    (256, 1.0, 1.0 + 1e-4), (256, 1.0, 1.0 + 3e-6),  # float32 edges ulps apart, or closer
])
def test_histogram_values_beside_every_edge(dtype, bins, lo, hi):
    # The bin is estimated in float and computed as NumPy does only near an edge: values on,
    # just below and just above every edge, in a Python-float range (a float64 ratio) and in a
    # range of the values' own type (a ratio of that type), land where NumPy puts them.
    edges = numpy.linspace(lo, hi, bins + 1).astype(dtype)
    inf = numpy.array(numpy.inf, dtype)
    a = numpy.concatenate([edges, numpy.nextafter(edges, -inf), numpy.nextafter(edges, inf),
                           values(20000, dtype, seed=bins) * (hi - lo) / 10 + (lo + hi) / 2])
    with numpy.testing.suppress_warnings() as sup:
        sup.filter(RuntimeWarning)
        for rng in ((lo, hi), (numpy.dtype(dtype).type(lo), numpy.dtype(dtype).type(hi))):
            try:
                want = numpy.histogram(a, bins, range=rng)
            except ValueError:  # edges too close to be distinct: NumPy refuses
                with pytest.raises(ValueError, match="Too many bins"):
                    cunp.histogram(cunp.asarray(a), bins, range=rng)
                continue
            check(cunp.histogram(cunp.asarray(a), bins, range=rng), want)


@gpu
@pytest.mark.parametrize('dtype', ['e', 'f', 'd'])
def test_histogram_edges_values_nan_and_ranges(dtype):
    # Values on every edge, NaN dropped with a range given.
    edges = numpy.linspace(-2, 2, 9).astype(dtype)
    a = numpy.concatenate([edges, edges[::-1], values(2000, dtype, nan=True) / 5]).astype(dtype)
    check(cunp.histogram(cunp.asarray(a), 8, range=(-2, 2)),
          numpy.histogram(a, 8, range=(-2, 2)))
    check(cunp.histogram(cunp.asarray(a), 8, range=(numpy.float32(-2), numpy.float64(2))),
          numpy.histogram(a, 8, range=(numpy.float32(-2), numpy.float64(2))))
    check(cunp.histogram(cunp.asarray(a), edges), numpy.histogram(a, edges))
    check(cunp.histogram(cunp.asarray(a), [-3, -1, 0, 0, 1.5]),
          numpy.histogram(a, [-3, -1, 0, 0, 1.5]))
    a = a[~numpy.isnan(a)]
    check(cunp.histogram(cunp.asarray(a), 7), numpy.histogram(a, 7))


@gpu
def test_histogram_layouts_and_special_shapes():
    a = values(3 * 4 * 500, 'f', seed=9).reshape(3, 4, 500)
    for view in (a, a.T, a[:, ::-2], a[::-1]):
        check(cunp.histogram(cunp.asarray(a)[...] if view is a else cunp.asarray(view), 20),
              numpy.histogram(view, 20))
    check(cunp.histogram(cunp.asarray(numpy.float64(3.0))), numpy.histogram(numpy.float64(3.0)))
    check(cunp.histogram(cunp.zeros(0)), numpy.histogram(numpy.zeros(0)))
    check(cunp.histogram(cunp.full(100, 2.5), 4), numpy.histogram(numpy.full(100, 2.5), 4))
    s = numpy.sort(values(10000, 'd'))
    check(cunp.histogram(cunp.asarray(s), 33), numpy.histogram(s, 33))
    big = values(2**22 + 5, 'f', seed=4)
    check(cunp.histogram(cunp.asarray(big), 256), numpy.histogram(big, 256))
    check(cunp.histogram(cunp.asarray(big), 70000), numpy.histogram(big, 70000))
    # Edges in shared memory beside the counts, and counts there with the edges in global memory.
    for bins in (10000, 40000):
        check(cunp.histogram(cunp.asarray(big)[1:], bins), numpy.histogram(big[1:], bins))
        edges = numpy.sort(values(bins + 1, 'd', seed=bins))
        check(cunp.histogram(cunp.asarray(big)[1:], edges), numpy.histogram(big[1:], edges))


@gpu
@pytest.mark.parametrize('wdtype', ['?', 'b', 'B', 'l', 'L', 'e', 'f', 'd', 'F', 'D'])
@pytest.mark.parametrize('bins', [16, [-20.0, -3, 0, 0.5, 8, 25]])
def test_histogram_weights(wdtype, bins):
    a = values(20000, 'f', seed=11)
    w = values(20000, wdtype if wdtype not in 'FD' else wdtype.lower(), seed=12)
    if wdtype in 'FD':
        w = (w + 1j * w[::-1]).astype(wdtype)
    if wdtype == '?' and not numpy.isscalar(bins) and len(bins) > 1:
        pytest.skip("NumPy's cumulative path cannot add bool weights")
    want = numpy.histogram(a, bins, weights=w)
    rtol = max(tol(w.dtype), 1e-3 if wdtype in 'eF' else 0)
    if wdtype == 'e' and not numpy.isscalar(bins):
        rtol = 5e-2  # NumPy sums float16 weights in float16 there
    check(cunp.histogram(cunp.asarray(a), bins, weights=cunp.asarray(w)), want, rtol=rtol)


@gpu
@pytest.mark.parametrize('bins', [5, [0, 1, 3, 10]])
def test_histogram_density(bins):
    a = numpy.abs(values(5000, 'd', seed=13))
    w = values(5000, 'd', seed=14) ** 2
    check(cunp.histogram(cunp.asarray(a), bins, density=True),
          numpy.histogram(a, bins, density=True), rtol=1e-12)
    check(cunp.histogram(cunp.asarray(a), bins, density=True, weights=w),
          numpy.histogram(a, bins, density=True, weights=w), rtol=1e-9)


@gpu
@pytest.mark.parametrize('estimator', ['auto', 'fd', 'doane', 'scott', 'stone', 'rice',
                                       'sturges', 'sqrt'])
@pytest.mark.parametrize('dtype', ['h', 'f', 'd'])
def test_histogram_estimators(estimator, dtype):
    a = values(3000, dtype, seed=15)
    with numpy.testing.suppress_warnings() as sup:
        sup.filter(RuntimeWarning)
        for r in (None, (-4, 9)):
            check(cunp.histogram_bin_edges(cunp.asarray(a), estimator, range=r),
                  numpy.histogram_bin_edges(a, estimator, range=r), rtol=1e-6)
            check(cunp.histogram(cunp.asarray(a), estimator, range=r),
                  numpy.histogram(a, estimator, range=r), rtol=1e-6)
        check(cunp.histogram(cunp.zeros(0, dtype), estimator),
              numpy.histogram(numpy.zeros(0, dtype), estimator))
        check(cunp.histogram(cunp.full(10, 3, dtype), estimator),
              numpy.histogram(numpy.full(10, 3, dtype), estimator))


@gpu
def test_histogram_bool_warns_and_nan_range_raises():
    with pytest.warns(RuntimeWarning, match='Converting input from bool'):
        check(cunp.histogram(cunp.asarray([True, False, True])),
              numpy.histogram(numpy.array([1, 0, 1], numpy.uint8)))
    with pytest.raises(ValueError, match=r'autodetected range of \[nan, nan\] is not finite'):
        cunp.histogram(cunp.asarray([1.0, numpy.nan]))


def test_histogram_errors():
    a = numpy.array([1.0, 2.0])
    for bins, exc, msg in [
            ([[1, 2]], ValueError, '`bins` must be 1d, when an array'),
            ([2, 1], ValueError, '`bins` must increase monotonically, when an array'),
            (1.5, TypeError, '`bins` must be an integer, a string, or an array'),
            (0, ValueError, '`bins` must be positive, when an integer'),
            ('foo', ValueError, "'foo' is not a valid estimator for `bins`")]:
        with pytest.raises(exc, match=msg):
            cunp.histogram(a, bins)
    with pytest.raises(TypeError, match='Automated estimation'):
        cunp.histogram(a, 'auto', weights=[1, 2])
    with pytest.raises(ValueError, match='max must be larger than min in range parameter.'):
        cunp.histogram(a, range=(2, 1))
    with pytest.raises(ValueError, match=r'supplied range of \[0, inf\] is not finite'):
        cunp.histogram(a, range=(0, numpy.inf))
    with pytest.raises(ValueError, match='weights should have the same shape as a.'):
        cunp.histogram(a, weights=[1])
    with pytest.raises(ValueError, match='Too many bins for data range'):
        cunp.histogram_bin_edges(numpy.array([1.0], numpy.float16), 5000, range=(0, 1e-3))


# --- histogram2d and histogramdd ---------------------------------------------------------

@gpu
@pytest.mark.parametrize('bins', [10, (3, 7), [4, [-1.0, 0, 0.5, 3]], [[-2, 0, 2], [-9, 9]]])
def test_histogram2d(bins):
    x, y = values(4000, 'd', seed=16), values(4000, 'f', seed=17)
    w = values(4000, 'd', seed=18)
    check(cunp.histogram2d(cunp.asarray(x), cunp.asarray(y), bins),
          numpy.histogram2d(x, y, bins))
    check(cunp.histogram2d(cunp.asarray(x), cunp.asarray(y), bins, weights=w, density=True),
          numpy.histogram2d(x, y, bins, weights=w, density=True), rtol=1e-9)
    r = [(-5, 5), (-20, 3)]
    check(cunp.histogram2d(cunp.asarray(x), cunp.asarray(y), bins, range=r),
          numpy.histogram2d(x, y, bins, range=r))


@gpu
def test_histogramdd_sample_forms_and_mixed_bins():
    s = numpy.stack([values(3000, 'd', seed=19), values(3000, 'i', seed=20),
                     values(3000, 'e', seed=21).astype('d')], axis=1)
    bins = [4, [-300, 0, 10, 300], 6]
    r = [None, None, (-3, 3)]
    check(cunp.histogramdd(cunp.asarray(s), bins, range=r), numpy.histogramdd(s, bins, range=r))
    check(cunp.histogramdd([cunp.asarray(c) for c in s.T], 5), numpy.histogramdd(list(s.T), 5))
    check(cunp.histogramdd(cunp.asarray(s[:, 0]), 7), numpy.histogramdd(s[:, 0], 7))
    check(cunp.histogramdd(cunp.zeros((0, 2)), 3), numpy.histogramdd(numpy.zeros((0, 2)), 3))


def test_histogramdd_errors():
    s = numpy.zeros((4, 2))
    with pytest.raises(ValueError, match='The dimension of bins must be equal'):
        cunp.histogramdd(s, [1, 2, 3])
    with pytest.raises(ValueError, match='range argument must have one entry per dimension'):
        cunp.histogramdd(s, 2, range=[(0, 1)])
    with pytest.raises(ValueError, match=r'`bins\[1\]` must be positive, when an integer'):
        cunp.histogramdd(s, [2, 0], range=[(0, 1), (0, 1)])
    with pytest.raises(ValueError, match='x and y must have the same length.'):
        cunp.histogram2d([1, 2], [1])
