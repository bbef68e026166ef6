# tests/python/random/test_random_gpu.py -- cunp.random on the GPU: the device Philox against the host
# reference, reproducibility, launch-configuration independence, spawned streams, every
# distribution's moments and a KS or chi-square test with fixed seeds, edge parameters.
import math
import threading

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

N = 200_000


def host(x):
    return cunp.asnumpy(x)


def ks_stat(sample, cdf):
    """Kolmogorov-Smirnov statistic of `sample` against the vectorized `cdf`."""
    x = numpy.sort(numpy.asarray(sample, dtype=numpy.float64))
    n = x.size
    f = cdf(x)
    return max(numpy.max(numpy.arange(1, n + 1) / n - f), numpy.max(f - numpy.arange(n) / n))


def ks_ok(sample, cdf):
    # 1.95 / sqrt(n) is the 0.1% critical value; fixed seeds make the outcome deterministic.
    return ks_stat(sample, cdf) < 1.95 / math.sqrt(len(sample))


def chi2_ok(sample, pmf, kmax):
    """Chi-square over 0..kmax (tail pooled) below the 0.1% point (Wilson-Hilferty)."""
    s = numpy.asarray(sample)
    counts = numpy.bincount(numpy.minimum(s, kmax + 1), minlength=kmax + 2)[:kmax + 2]
    probs = numpy.array([pmf(k) for k in range(kmax + 1)])
    probs = numpy.append(probs, max(0.0, 1.0 - probs.sum()))
    expected = probs * s.size
    keep = expected > 5
    stat = numpy.sum((counts[keep] - expected[keep]) ** 2 / expected[keep])
    df = keep.sum() - 1
    crit = df * (1 - 2 / (9 * df) + 3.09 * math.sqrt(2 / (9 * df))) ** 3
    return stat < crit


def normal_cdf(x, mu=0.0, sigma=1.0):
    from math import erf

    return 0.5 * (1 + numpy.vectorize(erf)((x - mu) / (sigma * math.sqrt(2))))


def test_device_philox_matches_host_reference():
    bg = cunp.random.Philox(key=0x0123456789ABCDEF, counter=5)
    words = host(cunp.random.Generator(bg).bit_generator.random_raw(8)).view(numpy.uint32)
    for b in range(4):
        ref = cunp._core.random.philox([5 + b, 0, 0, 0], [0x89ABCDEF, 0x01234567])
        numpy.testing.assert_array_equal(words[4 * b:4 * b + 4], ref)


def _philox_blocks(count, key=(0x89ABCDEF, 0x01234567), counter=5):
    return [[int(v) for v in cunp._core.random.philox([counter + b, 0, 0, 0], list(key))]
            for b in range(count)]


def _gen5():
    return cunp.random.Generator(cunp.random.Philox(key=0x0123456789ABCDEF, counter=5))


def test_block_normals_match_host_box_muller():
    # Block b of a float32 call is Box-Muller on its lane pairs (0, 1) and (2, 3): radius from
    # u = fl32((a + 1/2) / 2^32), angle (b >> 9) / 2^23 - 1/2 turns. The device's approximate
    # log2, sqrt, sin and cos have absolute errors near 1e-6, hence the tolerances. float64: radius
    # from lanes (0, 1) (52 bits, the last one set: never u = 1), angle from lanes (2, 3) (see
    # sincos_bits in the device code); normal and lognormal apply loc and scale to the same pairs.
    blocks = _philox_blocks(4)
    z32 = host(_gen5().standard_normal(16, dtype=numpy.float32))
    ref32 = []
    for w in blocks:
        for p in range(2):
            a, b = w[2 * p], w[2 * p + 1]
            u = float(numpy.float32(float(numpy.float32(a)) * 2.0**-32 + 2.0**-33))
            r = math.sqrt(-2 * math.log(u))
            t = 2 * math.pi * ((b >> 9) / 2**23 - 0.5)
            ref32 += [r * math.cos(t), r * math.sin(t)]
    numpy.testing.assert_allclose(z32, ref32, rtol=2e-5, atol=1e-4)
    z64 = host(_gen5().standard_normal(8))
    ref64 = []
    for w in blocks:
        k1 = ((w[0] >> 12) << 32) | w[1] | 1
        r = math.sqrt(-2 * math.log1p(-k1 / 2**52))
        # angle: a in (-pi/4, pi/4) from 50 bits, the quarter turn from lane 2's bits 0 and 1
        n = ((w[2] >> 13) << 32) | w[3] | 1
        a = (n / 2 - 2**49) * 2 * math.pi / 2**52
        if w[2] & 1:
            t = a - math.pi / 2 if w[2] & 2 else math.pi / 2 - a
        else:
            t = math.pi - a if w[2] & 2 else a
        ref64 += [r * math.cos(t), r * math.sin(t)]
    numpy.testing.assert_allclose(z64, ref64, rtol=1e-12, atol=1e-14)
    ref64 = numpy.array(ref64)
    numpy.testing.assert_allclose(host(_gen5().normal(3.0, 2.5, 8)), 3.0 + 2.5 * ref64,
                                  rtol=1e-12, atol=1e-13)
    numpy.testing.assert_allclose(host(_gen5().lognormal(0.5, 0.25, 8)),
                                  numpy.exp(0.5 + 0.25 * ref64), rtol=1e-12)
    # an odd count ends on a half block (the scalar stores)
    numpy.testing.assert_allclose(host(_gen5().standard_normal(7)), ref64[:7], rtol=1e-12,
                                  atol=1e-14)


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_normals_ks_and_moments_1e6(dtype):
    g = cunp.random.default_rng(123)
    n = 10**6
    z = host(g.standard_normal(n, dtype=dtype)).astype(numpy.float64)
    assert z.dtype == numpy.float64 and numpy.all(numpy.isfinite(z))
    assert abs(z.mean()) < 5 / math.sqrt(n)
    assert abs(z.var() - 1) < 5 * math.sqrt(2 / n)
    assert abs(numpy.mean(z**4) - 3) < 5 * math.sqrt(96 / n)
    assert ks_ok(z, normal_cdf)
    # lognormal rides the same kernels
    v = host(g.lognormal(0.5, 0.7, n, dtype=dtype)).astype(numpy.float64)
    assert ks_ok(v, lambda x: normal_cdf(numpy.log(x), 0.5, 0.7))


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_normal_tails_1e8(dtype):
    # P(|z| > 5) = 5.733e-7: about 57 of 10^8 draws; within 5 binomial standard deviations
    # (a truncated or thinned tail, e.g. from too few bits in the radius, lands far outside).
    g = cunp.random.default_rng(99)
    n, p = 10**8, 5.733031438470704e-07
    count = 0
    for _ in range(4):
        z = g.standard_normal(n // 4, dtype=dtype)
        count += int(host(cunp.count_nonzero(cunp.abs(z) > 5)))
        del z
    sd = math.sqrt(n * p * (1 - p))
    assert abs(count - n * p) < 5 * sd, count
    # beyond 4 sigma too: P = 6.334e-5, 6334 expected
    z = g.standard_normal(n // 4, dtype=dtype)
    c4 = int(host(cunp.count_nonzero(cunp.abs(z) > 4)))
    p4 = 6.334248366623996e-05
    assert abs(c4 - n // 4 * p4) < 5 * math.sqrt(n // 4 * p4), c4


def test_reproducible_and_seed_dependent():
    a = host(cunp.random.default_rng(7).random(1000))
    b = host(cunp.random.default_rng(7).random(1000))
    c = host(cunp.random.default_rng(8).random(1000))
    numpy.testing.assert_array_equal(a, b)
    assert not numpy.array_equal(a, c)
    cunp.random.seed(3)
    x = host(cunp.random.rand(5, 4))
    cunp.random.seed(3)
    numpy.testing.assert_array_equal(x, host(cunp.random.rand(5, 4)))
    assert x.shape == (5, 4)


@pytest.mark.parametrize('draw', [
    lambda g, n: g.random(n), lambda g, n: g.random(n, dtype=numpy.float32),
    lambda g, n: g.standard_normal(n), lambda g, n: g.standard_normal(n, dtype=numpy.float32),
    lambda g, n: g.integers(0, 100, n), lambda g, n: g.integers(0, 2**40, n),
    lambda g, n: g.gamma(2.0, size=n), lambda g, n: g.poisson(30.0, n),
    lambda g, n: g.binomial(1000, 0.3, n),
])
def test_launch_configuration_independence(draw):
    # Element i depends only on (seed, counter, i): a short and a long call agree on a prefix,
    # though they run with different grids (and vector widths).
    short = host(draw(cunp.random.default_rng(11), 37))
    long = host(draw(cunp.random.default_rng(11), 1_000_003))
    numpy.testing.assert_array_equal(short, long[:37])


@pytest.mark.parametrize('draw', [
    lambda g, n: g.random(n, dtype=numpy.float32), lambda g, n: g.random(n),
    lambda g, n: g.standard_normal(n, dtype=numpy.float32), lambda g, n: g.standard_normal(n),
    lambda g, n: g.lognormal(0.5, 0.7, n), lambda g, n: g.integers(0, 100, n),
])
def test_block_kernels_over_many_blocks(draw):
    # Past 2^20 Philox blocks a thread handles several blocks (2 to 16, each warp a run of 32 per
    # thread consecutive blocks; the last run partial here): the three sizes run with different
    # thread counts and blocks per thread, yet block b always gives the same elements.
    n1, n2, n3 = 2**22 + 5, 2**24 + 9, 2**26 + 3
    longest = host(draw(cunp.random.default_rng(12), n3))
    for n in (n1, n2):
        numpy.testing.assert_array_equal(host(draw(cunp.random.default_rng(12), n)), longest[:n])
    # every block written: the last quarter looks like the first (no zeros left by a skipped
    # block; integers(0, 100) has about n/100 zeros)
    a, b = longest[: n3 // 4], longest[-(n3 // 4):]
    assert abs(float(a.mean()) - float(b.mean())) < 0.01 * (abs(float(a.mean())) + 1)
    assert numpy.count_nonzero(b == 0) < 0.02 * b.size


def test_noncontiguous_out_matches():
    g1, g2 = cunp.random.default_rng(4), cunp.random.default_rng(4)
    dense = host(g1.random((8, 6)))
    buf = cunp.zeros((8, 12))
    view = buf[:, ::2]
    g2.random(out=view)
    numpy.testing.assert_array_equal(host(view), dense)


def test_spawned_streams_are_independent():
    a, b = cunp.random.default_rng(5).spawn(2)
    x, y = host(a.standard_normal(N)), host(b.standard_normal(N))
    assert abs(numpy.corrcoef(x, y)[0, 1]) < 5 / math.sqrt(N)
    assert not numpy.array_equal(x[:10], y[:10])


def test_consecutive_calls_do_not_overlap():
    g = cunp.random.default_rng(9)
    a, b = host(g.random(1000)), host(g.random(1000))
    assert len(numpy.intersect1d(a, b)) == 0


def test_threads_share_the_default_state():
    cunp.random.seed(1)
    out = []

    def work():
        for _ in range(20):
            out.append(host(cunp.random.random(64)))

    ts = [threading.Thread(target=work) for _ in range(2)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    allv = numpy.concatenate(out)
    assert len(numpy.unique(allv)) == allv.size


@pytest.mark.parametrize('dtype', [numpy.float32, numpy.float64])
def test_uniform_and_normal(dtype):
    g = cunp.random.default_rng(1)
    u = g.random(N, dtype=dtype)
    assert u.dtype == dtype
    uh = host(u)
    assert uh.min() >= 0 and uh.max() < 1
    assert ks_ok(uh, lambda x: x)
    z = host(g.standard_normal(N, dtype=dtype))
    assert ks_ok(z, normal_cdf)
    w = host(g.uniform(-2.0, 3.0, N))
    assert w.min() >= -2 and w.max() < 3 and ks_ok(w, lambda x: (x + 2) / 5)
    v = host(g.normal(1.0, 2.0, N))
    assert ks_ok(v, lambda x: normal_cdf(x, 1.0, 2.0))


def test_legacy_dtypes_and_seed_doc_example():
    x = cunp.random.random(1000, dtype=cunp.float64)
    assert x.dtype == numpy.float64 and x.shape == (1000,)
    y = cunp.random.rand(3, dtype=numpy.float32)
    assert y.dtype == numpy.float32
    assert cunp.random.randn().shape == ()


CONTINUOUS = [
    ('exponential', (2.0,), lambda x: 1 - numpy.exp(-x / 2)),
    ('standard_exponential', (), lambda x: 1 - numpy.exp(-x)),
    ('laplace', (1.0, 2.0), lambda x: numpy.where(x < 1, 0.5 * numpy.exp((x - 1) / 2),
                                                  1 - 0.5 * numpy.exp(-(x - 1) / 2))),
    ('logistic', (1.0, 2.0), lambda x: 1 / (1 + numpy.exp(-(x - 1) / 2))),
    ('gumbel', (1.0, 2.0), lambda x: numpy.exp(-numpy.exp(-(x - 1) / 2))),
    ('lognormal', (0.5, 0.7), lambda x: normal_cdf(numpy.log(x), 0.5, 0.7)),
    ('pareto', (3.0,), lambda x: 1 - (1 + x) ** -3),
    ('power', (3.0,), lambda x: x ** 3),
    ('weibull', (2.0,), lambda x: 1 - numpy.exp(-x ** 2)),
    ('rayleigh', (2.0,), lambda x: 1 - numpy.exp(-x ** 2 / 8)),
    ('triangular', (0.0, 1.0, 4.0), lambda x: numpy.where(x <= 1, x ** 2 / 4,
                                                          1 - (4 - x) ** 2 / 12)),
    ('standard_cauchy', (), lambda x: 0.5 + numpy.arctan(x) / math.pi),
    ('beta', (0.5, 0.5), lambda x: 2 / math.pi * numpy.arcsin(numpy.sqrt(x))),
    ('chisquare', (2.0,), lambda x: 1 - numpy.exp(-x / 2)),
    ('gamma', (1.0, 3.0), lambda x: 1 - numpy.exp(-x / 3)),
    ('standard_t', (1.0,), lambda x: 0.5 + numpy.arctan(x) / math.pi),
]


@pytest.mark.parametrize('name,args,cdf', CONTINUOUS, ids=[c[0] for c in CONTINUOUS])
def test_continuous_ks(name, args, cdf):
    x = host(getattr(cunp.random.default_rng(21), name)(*args, size=N))
    assert x.shape == (N,) and x.dtype == numpy.float64
    assert ks_ok(x, cdf)


MOMENTS = [  # name, args, mean, variance
    ('gamma', (0.3, 2.0), 0.6, 1.2),
    ('gamma', (5.0, 1.0), 5.0, 5.0),
    ('beta', (2.0, 5.0), 2 / 7, 10 / (49 * 8)),
    ('noncentral_chisquare', (3.0, 2.0), 5.0, 14.0),
    ('f', (5.0, 20.0), 20 / 18, 2 * 400 * 23 / (5 * 18 * 18 * 16)),
    ('noncentral_f', (5.0, 20.0, 1.0), 20 * 6 / (5 * 18), None),
    ('wald', (2.0, 3.0), 2.0, 8 / 3),
    ('vonmises', (0.5, 4.0), 0.5, None),
    ('standard_t', (10.0,), 0.0, 1.25),
]


@pytest.mark.parametrize('name,args,mean,var', MOMENTS)
def test_continuous_moments(name, args, mean, var):
    x = host(getattr(cunp.random.default_rng(33), name)(*args, size=N))
    sd = math.sqrt(var) if var else x.std()
    assert abs(x.mean() - mean) < 6 * sd / math.sqrt(N)
    if var:
        assert abs(x.var() - var) < 0.05 * var


def test_float32_distributions():
    g = cunp.random.default_rng(2)
    for name, args in [('exponential', (1.0,)), ('gamma', (2.0,)), ('standard_gamma', (2.0,)),
                       ('beta', (2.0, 2.0)), ('lognormal', ())]:
        x = getattr(g, name)(*args, size=1000, dtype=numpy.float32)
        assert x.dtype == numpy.float32


DISCRETE = [
    ('poisson', (4.0,), lambda k: math.exp(-4) * 4 ** k / math.factorial(k), 20),
    ('poisson', (40.0,), lambda k: math.exp(-40 + k * math.log(40) - math.lgamma(k + 1)), 80),
    ('binomial', (20, 0.3), lambda k: math.comb(20, k) * 0.3 ** k * 0.7 ** (20 - k), 20),
    ('binomial', (200, 0.6), lambda k: math.exp(math.lgamma(201) - math.lgamma(k + 1) -
                                                math.lgamma(201 - k) + k * math.log(0.6) +
                                                (200 - k) * math.log(0.4)), 200),
    ('geometric', (0.2,), lambda k: 0.0 if k == 0 else 0.8 ** (k - 1) * 0.2, 60),
    ('geometric', (0.6,), lambda k: 0.0 if k == 0 else 0.4 ** (k - 1) * 0.6, 20),
    ('hypergeometric', (10, 15, 8),
     lambda k: math.comb(10, k) * math.comb(15, 8 - k) / math.comb(25, 8), 8),
    ('negative_binomial', (3, 0.4), lambda k: math.comb(k + 2, k) * 0.4 ** 3 * 0.6 ** k, 40),
    ('logseries', (0.6,), lambda k: 0.0 if k == 0 else -0.6 ** k / (k * math.log(0.4)), 40),
    ('zipf', (3.0,), lambda k: 0.0 if k == 0 else k ** -3.0 / 1.2020569031595942, 200),
]


@pytest.mark.parametrize('name,args,pmf,kmax', DISCRETE, ids=[d[0] for d in DISCRETE])
def test_discrete_chi_square(name, args, pmf, kmax):
    x = getattr(cunp.random.default_rng(44), name)(*args, size=N)
    assert x.dtype == numpy.int64
    assert chi2_ok(host(x), pmf, kmax)


def test_large_binomial_and_poisson_moments():
    g = cunp.random.default_rng(8)
    b = host(g.binomial(10**9, 0.25, N))
    assert abs(b.mean() - 2.5e8) < 6 * math.sqrt(1.875e8 / N)
    p = host(g.poisson(1e7, N))
    assert abs(p.mean() - 1e7) < 6 * math.sqrt(1e7 / N)


def test_parameter_arrays_broadcast():
    g = cunp.random.default_rng(3)
    loc = cunp.asarray(numpy.array([0.0, 100.0, 200.0]))
    x = host(g.normal(loc, 1.0, size=(4000, 3)))
    assert x.shape == (4000, 3)
    numpy.testing.assert_allclose(x.mean(axis=0), [0, 100, 200], atol=0.1)
    n = host(g.binomial([[10], [20]], [0.0, 1.0]))
    numpy.testing.assert_array_equal(n, [[0, 10], [0, 20]])
    lam = host(g.poisson(numpy.array([0.0, 5.0]), size=(1000, 2)))
    assert (lam[:, 0] == 0).all() and abs(lam[:, 1].mean() - 5) < 0.5


def test_edge_parameters():
    g = cunp.random.default_rng(0)
    assert (host(g.binomial(10, 0.0, 100)) == 0).all()
    assert (host(g.binomial(10, 1.0, 100)) == 10).all()
    assert (host(g.poisson(0.0, 100)) == 0).all()
    assert (host(g.geometric(1.0, 100)) == 1).all()
    for f in (lambda: g.random(0), lambda: g.normal(size=(3, 0)), lambda: g.integers(5, size=0),
              lambda: g.permutation(0), lambda: g.gamma(1.0, size=0)):
        assert f().size == 0
    assert g.random().shape == ()
    assert g.normal(size=None).shape == ()


@pytest.mark.parametrize('dtype', ['int8', 'uint8', 'int32', 'int64', 'uint64', 'bool'])
def test_integers_dtypes_and_range(dtype):
    g = cunp.random.default_rng(6)
    info = numpy.iinfo(dtype) if dtype != 'bool' else None
    lo, hi = (0, 1) if info is None else (int(info.min), int(info.max))
    x = host(g.integers(lo, hi, size=N, dtype=dtype, endpoint=True))
    assert x.dtype == numpy.dtype(dtype)
    if hi - lo < 2**16:  # every value shows up
        assert x.min() == lo and x.max() == hi
    else:  # the ends are reached, within 1% of the range
        assert x.min() >= lo and x.max() <= hi
        assert int(x.min()) - lo < (hi - lo) // 100 and hi - int(x.max()) < (hi - lo) // 100
    y = host(g.integers(3, 9, size=N, dtype=dtype if dtype != 'bool' else 'int8'))
    assert y.min() == 3 and y.max() == 8
    assert chi2_ok(y.astype(numpy.int64) - 3, lambda k: 1 / 6, 5)


def test_randint_legacy_and_big_ranges():
    cunp.random.seed(0)
    x = host(cunp.random.randint(10, size=N))
    assert x.dtype == numpy.int64 and x.min() == 0 and x.max() == 9
    y = host(cunp.random.randint(-2**62, 2**62, size=N))
    assert abs(y.mean()) < 6 * (2**63 / math.sqrt(12)) / math.sqrt(N)
    z = host(cunp.random.random_integers(1, 6, size=1000))
    assert z.min() == 1 and z.max() == 6
    arr = host(cunp.random.default_rng(1).integers([0, 10], [5, 20], size=(1000, 2)))
    assert arr[:, 0].max() <= 4 and arr[:, 1].min() >= 10


@pytest.mark.parametrize('n', [1, 2, 7, 1000, 65537])
def test_permutation_is_a_permutation(n):
    p = host(cunp.random.default_rng(n).permutation(n))
    numpy.testing.assert_array_equal(numpy.sort(p), numpy.arange(n))


def test_permutation_uniformity():
    firsts = numpy.array([int(host(cunp.random.default_rng(s).permutation(5))[0])
                          for s in range(2000)])
    assert chi2_ok(firsts, lambda k: 0.2, 4)


def test_permutation_and_shuffle_of_arrays():
    g = cunp.random.default_rng(1)
    a = numpy.arange(24.0).reshape(6, 4)
    p = host(g.permutation(cunp.asarray(a)))
    assert sorted(map(tuple, p)) == sorted(map(tuple, a))
    x = cunp.asarray(a)
    g.shuffle(x)
    assert sorted(map(tuple, host(x))) == sorted(map(tuple, a))
    cunp.random.shuffle(x)
    assert sorted(map(tuple, host(x))) == sorted(map(tuple, a))
    q = host(g.permutation(cunp.asarray(a), axis=1))
    assert sorted(map(tuple, q.T)) == sorted(map(tuple, a.T))
    r = host(g.permuted(cunp.asarray(a), axis=1))
    for row_r, row_a in zip(r, a):
        numpy.testing.assert_array_equal(numpy.sort(row_r), row_a)
    s = host(g.permuted(cunp.asarray(a)))
    numpy.testing.assert_array_equal(numpy.sort(s.ravel()), a.ravel())


def test_choice():
    g = cunp.random.default_rng(2)
    x = host(g.choice(10, size=N))
    assert chi2_ok(x, lambda k: 0.1, 9)
    y = host(g.choice(5, size=N, p=[0.1, 0.0, 0.2, 0.3, 0.4]))
    assert (y != 1).all()
    assert chi2_ok(y, lambda k: [0.1, 0.0, 0.2, 0.3, 0.4][k], 4)
    z = host(g.choice(100, size=50, replace=False))
    assert len(numpy.unique(z)) == 50
    w = host(g.choice(cunp.asarray(numpy.array([3.0, 4.0, 5.0])), size=(2, 2)))
    assert w.shape == (2, 2) and set(w.ravel()) <= {3.0, 4.0, 5.0}
    v = host(cunp.random.choice(6, size=4, replace=False, p=[0.2, 0.2, 0.2, 0.2, 0.2, 0.0]))
    assert len(set(v)) == 4 and 5 not in v


def test_multivariate():
    g = cunp.random.default_rng(3)
    m = host(g.multinomial(100, [0.2, 0.3, 0.5], size=20000))
    assert m.shape == (20000, 3) and (m.sum(axis=1) == 100).all()
    numpy.testing.assert_allclose(m.mean(axis=0), [20, 30, 50], atol=0.3)
    d = host(g.dirichlet([1.0, 2.0, 3.0], size=20000))
    numpy.testing.assert_allclose(d.sum(axis=1), 1.0, rtol=1e-12)
    numpy.testing.assert_allclose(d.mean(axis=0), [1 / 6, 2 / 6, 3 / 6], atol=0.01)
    small = host(g.dirichlet([0.01, 0.02], size=1000))
    assert numpy.isfinite(small).all()
    cov = numpy.array([[2.0, 0.5], [0.5, 1.0]])
    v = host(g.multivariate_normal([1.0, -1.0], cov, size=50000))
    numpy.testing.assert_allclose(v.mean(axis=0), [1, -1], atol=0.05)
    numpy.testing.assert_allclose(numpy.cov(v.T), cov, atol=0.05)


def test_bytes_and_raw():
    b = cunp.random.default_rng(0).bytes(10)
    assert isinstance(b, bytes) and len(b) == 10
    r = cunp.random.Philox(0).random_raw(5)
    assert r.dtype == numpy.uint64 and r.shape == (5,)


def test_out_argument():
    g = cunp.random.default_rng(0)
    out = cunp.empty((3, 4))
    assert g.random(out=out) is out
    assert g.standard_normal(out=out) is out
    with pytest.raises(ValueError):
        g.random(size=(4, 3), out=out)
    with pytest.raises(TypeError):
        g.random(out=cunp.empty((3,), 'float32'))
