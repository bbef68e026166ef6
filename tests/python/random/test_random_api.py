# tests/python/random/test_random_api.py -- cunp.random without a GPU: SeedSequence against NumPy's,
# the public names, size and parameter checks that fail before any kernel runs.
import re

import numpy
import pytest

import cunp
from cunp.random import _kernels


def test_public_names():
    for name in ['seed', 'get_random_state', 'set_random_state', 'random', 'random_sample',
                 'ranf', 'sample', 'rand', 'randn', 'uniform', 'normal', 'standard_normal',
                 'randint', 'random_integers', 'choice', 'permutation', 'shuffle', 'bytes',
                 'exponential', 'standard_exponential', 'gamma', 'standard_gamma', 'beta',
                 'chisquare', 'noncentral_chisquare', 'f', 'noncentral_f', 'standard_t',
                 'standard_cauchy', 'laplace', 'logistic', 'lognormal', 'gumbel', 'pareto',
                 'power', 'rayleigh', 'triangular', 'vonmises', 'wald', 'weibull', 'binomial',
                 'negative_binomial', 'poisson', 'geometric', 'hypergeometric', 'logseries',
                 'zipf', 'multinomial', 'dirichlet', 'multivariate_normal', 'default_rng',
                 'Generator', 'RandomState', 'Philox', 'XORWOW', 'MRG32k3a', 'SeedSequence']:
        assert hasattr(cunp.random, name), name
    gen_methods = ['random', 'integers', 'standard_normal', 'normal', 'uniform', 'exponential',
                   'gamma', 'beta', 'binomial', 'poisson', 'choice', 'permutation', 'permuted',
                   'shuffle', 'multinomial', 'dirichlet', 'multivariate_normal', 'zipf',
                   'hypergeometric', 'vonmises', 'bytes', 'spawn']
    for name in gen_methods:
        assert hasattr(cunp.random.Generator, name), name


@pytest.mark.parametrize('entropy,spawn_key', [(0, ()), (12345, ()), (2**100 + 7, ()),
                                               ([1, 2, 3], ()), (42, (0,)), (42, (3, 1))])
def test_seed_sequence_matches_numpy(entropy, spawn_key):
    ours = cunp.random.SeedSequence(entropy, spawn_key=spawn_key)
    ref = numpy.random.SeedSequence(entropy, spawn_key=spawn_key)
    numpy.testing.assert_array_equal(ours.generate_state(8), ref.generate_state(8))
    numpy.testing.assert_array_equal(ours.generate_state(3, numpy.uint64),
                                     ref.generate_state(3, numpy.uint64))


def test_seed_sequence_spawn_matches_numpy():
    ours = cunp.random.SeedSequence(7).spawn(3)
    ref = numpy.random.SeedSequence(7).spawn(3)
    for a, b in zip(ours, ref):
        assert a.spawn_key == b.spawn_key
        numpy.testing.assert_array_equal(a.generate_state(4), b.generate_state(4))


def test_seed_sequence_bad_input():
    with pytest.raises(ValueError):
        cunp.random.SeedSequence(-1)
    with pytest.raises(TypeError):
        cunp.random.SeedSequence(1.5)


def test_bit_generator_state_and_reserve():
    bg = cunp.random.Philox(5)
    key, off = bg._reserve(10)
    assert off == 0
    key2, off2 = bg._reserve(3)
    assert (key2, off2) == (key, 10)
    st = bg.state
    assert st['bit_generator'] == 'Philox' and st['state']['counter'] == 13
    bg2 = cunp.random.Philox(6)
    bg2.state = st
    assert bg2._reserve(1) == (key, 13)
    with pytest.raises(ValueError):
        bg2.state = {'bit_generator': 'MT19937', 'state': {}}
    spawned = bg.spawn(2)
    assert len({s._key for s in spawned} | {bg._key}) == 3


def test_reserve_is_thread_safe():
    import threading

    bg = cunp.random.Philox(1)
    offsets = []

    def work():
        for _ in range(2000):
            offsets.append(bg._reserve(7)[1])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(offsets) == [7 * i for i in range(8000)]


def test_host_philox_known_answer():
    assert tuple(cunp._core.random.philox([0, 0, 0, 0], [0, 0])) == (
        0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)


@pytest.mark.parametrize('size,exc', [(2.5, TypeError), ((2, 2.5), TypeError), (-1, ValueError),
                                      ((3, -2), ValueError), ('3', TypeError)])
def test_bad_size(size, exc):
    with pytest.raises(exc):
        _kernels.shape_of(size)


def test_size_forms():
    assert _kernels.shape_of(None) is None
    assert _kernels.shape_of(3) == (3,)
    assert _kernels.shape_of(numpy.int64(3)) == (3,)
    assert _kernels.shape_of((2, 3)) == (2, 3)
    assert _kernels.shape_of([]) == ()


# NumPy's messages, raised before any device work.
BAD = [
    ('normal', (0, -1), 'scale < 0'),
    ('exponential', (-1,), 'scale < 0'),
    ('gamma', (1, -1), 'scale < 0'),
    ('gamma', (-1, 1), 'shape < 0'),
    ('beta', (0, 1), 'a <= 0'),
    ('chisquare', (0,), 'df <= 0'),
    ('noncentral_chisquare', (1, -1), 'nonc < 0'),
    ('f', (1, 0), 'dfden <= 0'),
    ('standard_t', (0,), 'df <= 0'),
    ('laplace', (0, -1), 'scale < 0'),
    ('lognormal', (0, -1), 'sigma < 0'),
    ('pareto', (0,), 'a <= 0'),
    ('weibull', (-1,), 'a < 0'),
    ('rayleigh', (-1,), 'scale < 0'),
    ('triangular', (2, 1, 3), 'left > mode'),
    ('triangular', (1, 1, 1), 'left == right'),
    ('vonmises', (0, -1), 'kappa < 0'),
    ('wald', (0, 1), 'mean <= 0'),
    ('binomial', (1, 1.5), 'p < 0, p > 1 or p is NaN'),
    ('binomial', (1, -0.5), 'p < 0, p > 1 or p is NaN'),
    ('binomial', (-1, 0.5), 'n < 0'),
    ('poisson', (-1,), 'lam < 0 or lam is NaN'),
    ('geometric', (0,), 'p <= 0, p > 1 or p contains NaNs'),
    ('geometric', (1.5,), 'p <= 0, p > 1 or p contains NaNs'),
    ('hypergeometric', (1, 1, 3), 'ngood + nbad < nsample'),
    ('logseries', (1,), 'p < 0, p >= 1 or p is NaN'),
    ('zipf', (1,), 'a <= 1 or a is NaN'),
    ('randint', (5, 5), 'low >= high'),
    ('randint', (0, 2**63 + 1), 'high is out of bounds for int64'),
    ('choice', (3, 1, True, [0.5, 0.6, 0.1]), 'probabilities do not sum to 1'),
    ('choice', (3, 1, True, [0.5, -0.1, 0.6]), 'probabilities are not non-negative'),
    ('choice', ([1, 2], 3, False), 'Cannot take a larger sample'),
    ('multinomial', (-1, [0.5, 0.5]), 'n < 0'),
    ('dirichlet', ([0, -1],), 'alpha <= 0'),
]


@pytest.mark.parametrize('name,args,message', BAD)
def test_bad_parameters_legacy(name, args, message):
    rs = cunp.random.RandomState(0)
    with pytest.raises(ValueError, match=re.escape(message)):
        getattr(rs, name)(*args)
    # NumPy agrees.
    with pytest.raises(ValueError):
        getattr(numpy.random.RandomState(0), name)(*args)


def test_bad_parameter_arrays():
    rs = cunp.random.RandomState(0)
    with pytest.raises(ValueError, match='scale < 0'):
        rs.normal(0, [1.0, -1.0])
    with pytest.raises(ValueError, match='shape mismatch'):
        rs.normal([0.0, 1.0, 2.0], 1.0, size=(2,))
    g = cunp.random.default_rng(0)
    with pytest.raises(ValueError, match='low >= high'):
        g.integers(5, 5)
    with pytest.raises(ValueError, match='low > high'):
        g.integers(5, 4, endpoint=True)
    with pytest.raises(TypeError):
        g.random(dtype='int32')
    with pytest.raises(TypeError):
        g.integers(0, 5, dtype='float32')


def test_default_rng_forms():
    g = cunp.random.default_rng(3)
    assert isinstance(g.bit_generator, cunp.random.Philox)
    assert cunp.random.default_rng(g) is g
    bg = cunp.random.Philox(1)
    assert cunp.random.default_rng(bg).bit_generator is bg
    a, b = g.spawn(2)
    assert a.bit_generator._key != b.bit_generator._key
    with pytest.raises(TypeError):
        cunp.random.Generator(5)


def test_set_random_state():
    rs = cunp.random.RandomState(1)
    old = cunp.random.get_random_state()
    try:
        cunp.random.set_random_state(rs)
        assert cunp.random.get_random_state() is rs
        with pytest.raises(TypeError):
            cunp.random.set_random_state(5)
    finally:
        cunp.random.set_random_state(old)


@pytest.mark.parametrize('cls', ['XORWOW', 'MRG32k3a'])
def test_curand_keyed_generators(cls):
    try:
        a = getattr(cunp.random, cls)(1)
    except cunp.cuda.runtime.CUDARuntimeError as e:  # no cuRAND here
        pytest.skip(str(e))
    b = getattr(cunp.random, cls)(1)
    ka, kb = [a._reserve(5) for _ in range(3)], [b._reserve(5) for _ in range(3)]
    assert ka == kb
    assert len({k for k, _ in ka}) == 3
    assert isinstance(cunp.random.default_rng(a), cunp.random.Generator)
