"""cunp.random: numpy.random's legacy API and Generator on the GPU.

    import cunp as cp
    cp.random.seed(0); x = cp.random.random((3, 4), dtype=cp.float32)
    rng = cp.random.default_rng(42); y = rng.normal(size=1000); z = rng.permutation(10)

Bit generators are counter-based: Philox4x32-10 (default) keyed by the seed, element i of a call
at counter (offset + i), so a seed gives the same numbers on any GPU and launch configuration;
XORWOW and MRG32k3a key the same samplers from cuRAND's generators of those types. The streams
differ from NumPy's (as CuPy's do): the distributions are NumPy's, the numbers are not.
``size=None`` with scalar parameters returns a 0-d array. Parameters given as cunp arrays are
copied to the host for NumPy's checks. Permutations use a keyed bijection (no sort): each output
element is computed independently. choice(replace=False, p=...) ranks keys on the host.
"""
from cunp.random._bit_generator import (  # noqa: F401
    BitGenerator, MRG32k3a, Philox, Philox4x3210, SeedSequence, XORWOW,
)
from cunp.random._generator import Generator, default_rng  # noqa: F401
from cunp.random._legacy import (  # noqa: F401
    FUNCTIONS as _FUNCTIONS, RandomState, get_random_state, get_state, reset_states, seed,
    set_random_state, set_state,
)
from cunp.random import _legacy

globals().update({_n: getattr(_legacy, _n) for _n in _FUNCTIONS})

__all__ = ['BitGenerator', 'Generator', 'MRG32k3a', 'Philox', 'Philox4x3210', 'RandomState',
           'SeedSequence', 'XORWOW', 'default_rng', 'get_random_state', 'get_state',
           'reset_states', 'seed', 'set_random_state', 'set_state'] + list(_FUNCTIONS)
