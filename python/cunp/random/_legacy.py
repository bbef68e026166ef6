"""numpy.random's legacy API: RandomState and the module-level functions on a default state.

The default state is per process and guarded by its bit generator's lock: two threads drawing
at once each get their own counters (the kernel launches run outside the lock).
"""
import inspect
import threading

from cunp.random import _kernels
from cunp.random._bit_generator import Philox
from cunp.random._distributions import Sampling, draw


class RandomState(Sampling):
    """numpy.random.RandomState over Philox4x32-10 (CuPy's RandomState API, dtype= included)."""

    _legacy = True

    def __init__(self, seed=None):
        self.seed(seed)

    def seed(self, seed=None):
        """Reseeds from an integer, a sequence of integers, a SeedSequence, or OS entropy."""
        if seed is not None and not hasattr(seed, 'generate_state'):
            import numpy

            if isinstance(seed, float) or (hasattr(seed, 'dtype') and
                                           numpy.dtype(seed.dtype).kind == 'f'):
                raise TypeError('Cannot cast scalar from dtype(\'float64\') to dtype(\'int64\') '
                                'according to the rule \'safe\'')
        self._bit_generator = Philox(seed)

    def get_state(self):
        return self._bit_generator.state

    def set_state(self, state):
        self._bit_generator.state = state

    def __repr__(self):
        return 'RandomState(Philox)'

    # ---- uniform, under its legacy names (random, choice, permutation, shuffle, dirichlet and the
    # distributions are Sampling's) ----------------------------------------------------------------
    def random_sample(self, size=None, dtype=float):
        """Uniform floats on [0, 1)."""
        return self.random(size, dtype)

    ranf = sample = random_sample

    def rand(self, *size, dtype=float):
        """Uniform floats on [0, 1) of shape `size` (given as separate integers)."""
        return self.random_sample(size if size else None, dtype)

    def randn(self, *size, dtype=float):
        """Standard normal floats of shape `size` (given as separate integers)."""
        return self.standard_normal(size if size else None, dtype)

    # ---- integers and selection --------------------------------------------------------------------
    def randint(self, low, high=None, size=None, dtype='l'):
        """Integers in [low, high) (in [0, low) when high is None)."""
        return _kernels.integers(self._bit_generator, low, high, size, dtype, False)

    def random_integers(self, low, high=None, size=None):
        """Integers in [low, high] (in [1, low] when high is None); deprecated in NumPy."""
        if high is None:
            low, high = 1, low
        return _kernels.integers(self._bit_generator, low, high, size, 'l', True)

    # ---- legacy checks that differ from Generator's --------------------------------------------------
    def hypergeometric(self, ngood, nbad, nsample, size=None):
        import numpy

        import cunp

        ns = cunp.asnumpy(nsample) if isinstance(nsample, cunp.ndarray) else nsample
        if numpy.any(numpy.asarray(ns) < 1):
            raise ValueError('nsample < 1 or nsample is NaN')
        return draw(self._bit_generator, 'hypergeometric', (ngood, nbad, nsample), size)

    def tomaxint(self, size=None):
        return _kernels.integers(self._bit_generator, 0, (1 << 63) - 1, size, 'int64', True)


_lock = threading.Lock()
_random_state = None


def get_random_state():
    """The process's default RandomState (created on first use)."""
    global _random_state
    rs = _random_state
    if rs is None:
        with _lock:
            if _random_state is None:
                _random_state = RandomState()
            rs = _random_state
    return rs


def reset_states():
    """Forgets the default RandomState: the next call that needs it makes a new one, seeded
    afresh (cupy.random.reset_states)."""
    global _random_state
    with _lock:
        _random_state = None


def set_random_state(rs):
    """Makes `rs` (a RandomState) the default state."""
    global _random_state
    if not isinstance(rs, RandomState):
        raise TypeError('Random state must be an instance of RandomState. Actual: %s' % type(rs))
    _random_state = rs


def seed(seed=None):
    """Reseeds the default RandomState."""
    get_random_state().seed(seed)


def get_state():
    return get_random_state().get_state()


def set_state(state):
    get_random_state().set_state(state)


def _forward(name):
    def f(*args, **kwargs):
        return getattr(get_random_state(), name)(*args, **kwargs)

    f.__name__ = name
    f.__qualname__ = name
    f.__doc__ = getattr(RandomState, name).__doc__
    # The method's signature without self, for inspect and help (the call stays *args).
    method = inspect.signature(getattr(RandomState, name))
    f.__signature__ = method.replace(parameters=list(method.parameters.values())[1:])
    return f


FUNCTIONS = (
    'random_sample', 'random', 'ranf', 'sample', 'rand', 'randn', 'uniform', 'normal',
    'standard_normal', 'randint', 'random_integers', 'choice', 'permutation', 'shuffle',
    'bytes', 'exponential', 'standard_exponential', 'gamma', 'standard_gamma', 'beta',
    'chisquare', 'noncentral_chisquare', 'f', 'noncentral_f', 'standard_t', 'standard_cauchy',
    'laplace', 'logistic', 'lognormal', 'gumbel', 'pareto', 'power', 'rayleigh', 'triangular',
    'vonmises', 'wald', 'weibull', 'binomial', 'negative_binomial', 'poisson', 'geometric',
    'hypergeometric', 'logseries', 'zipf', 'multinomial', 'dirichlet', 'multivariate_normal',
)
globals().update({_n: _forward(_n) for _n in FUNCTIONS})
