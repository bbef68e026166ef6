"""Bit generators and SeedSequence.

Every bit generator here drives the same counter-based sampler kernels: a 64-bit key (from the
seed) and a 64-bit counter offset that each call advances by the counters it uses, under the
generator's lock. Element i of a call reads Philox4x32-10 at counter (offset + i), so a seed gives
the same numbers on every GPU and every launch configuration.

* ``Philox`` -- Philox4x32-10, the default.
* ``XORWOW`` and ``MRG32k3a`` -- the same sampler kernels, keyed differently: the key of each
  call is drawn from cuRAND's host generator of that type (seeded from the SeedSequence), so the
  streams are reproducible but are not the raw XORWOW / MRG32k3a sequences.

The streams differ from NumPy's (as CuPy's do): same distributions, other numbers.
"""
import os
import threading

_MASK32 = 0xFFFFFFFF
_MASK64 = 0xFFFFFFFFFFFFFFFF



def _words(value, what='entropy'):
    """A non-negative integer or a sequence of them as 32-bit words, least significant first."""
    import operator

    if isinstance(value, (list, tuple)) or (hasattr(value, 'ndim') and getattr(value, 'ndim', 0)):
        out = []
        for v in value:
            out.extend(_words(v, what))
        return out
    try:
        v = operator.index(value)
    except TypeError:
        raise TypeError('SeedSequence expects int or sequence of ints for %s but received %r'
                        % (what, value)) from None
    if v < 0:
        raise ValueError('expected non-negative integer')
    if v == 0:
        return [0]
    out = []
    while v:
        out.append(v & _MASK32)
        v >>= 32
    return out


class SeedSequence:
    """numpy.random.SeedSequence: mixes entropy into a pool and spawns independent children.

    Follows NumPy's documented algorithm, so ``generate_state`` gives NumPy's words for the same
    entropy and spawn key.
    """

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError('The size of the entropy pool should be at least 4')
        if entropy is None:
            entropy = int.from_bytes(os.urandom(16), 'little')
        self.entropy = entropy
        self.spawn_key = tuple(spawn_key)
        self.pool_size = pool_size
        self.n_children_spawned = n_children_spawned
        from cunp import _core

        self.pool = _core.random.seed_pool(*self._words_in())

    def _words_in(self):
        spawn = _words(list(self.spawn_key), 'spawn_key') if self.spawn_key else []
        return _words(self.entropy), spawn, self.pool_size

    def _state_words(self, n):
        from cunp import _core

        return _core.random.seed_state(*self._words_in(), n)

    def generate_state(self, n_words, dtype='uint32'):
        """``n_words`` words of state as a NumPy array of uint32 or uint64."""
        import numpy

        dt = numpy.dtype(dtype)
        if dt == numpy.uint32:
            return numpy.array(self._state_words(n_words), dtype=numpy.uint32)
        if dt == numpy.uint64:
            w = self._state_words(2 * n_words)
            return numpy.array([w[2 * i] | (w[2 * i + 1] << 32) for i in range(n_words)],
                               dtype=numpy.uint64)
        raise ValueError('only support uint32 or uint64')

    def spawn(self, n_children):
        """``n_children`` independent child sequences (distinct spawn keys)."""
        start = self.n_children_spawned
        self.n_children_spawned += n_children
        return [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,),
                             pool_size=self.pool_size) for i in range(start, start + n_children)]

    @property
    def state(self):
        return {'entropy': self.entropy, 'spawn_key': self.spawn_key,
                'pool_size': self.pool_size, 'n_children_spawned': self.n_children_spawned}

    def __repr__(self):
        return 'SeedSequence(entropy=%r, spawn_key=%r)' % (self.entropy, self.spawn_key)


def _seed_sequence(seed):
    if isinstance(seed, SeedSequence):
        return seed
    if hasattr(seed, 'generate_state') and hasattr(seed, 'spawn'):
        return seed  # numpy.random.SeedSequence and other ISeedSequence objects
    if hasattr(seed, 'dtype') and getattr(seed, 'ndim', 1) == 0:
        seed = int(seed)
    return SeedSequence(seed)


class BitGenerator:
    """Base of the bit generators: a 64-bit key and a counter offset, advanced under ``lock``."""

    _name = 'BitGenerator'

    def __init__(self, seed=None):
        self.lock = threading.Lock()
        self._seed_seq = _seed_sequence(seed)
        state = self._seed_seq.generate_state(2, 'uint32')
        self._key = int(state[0]) | (int(state[1]) << 32)
        self._counter = 0

    def _reserve(self, counters):
        """(key, offset) for a call that uses ``counters`` counters; thread-safe."""
        with self.lock:
            offset = self._counter
            self._counter = (offset + int(counters)) & _MASK64
            return self._key, offset

    @property
    def seed_seq(self):
        return self._seed_seq

    def spawn(self, n_children):
        """Independent bit generators of this type from the seed sequence's children."""
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    @property
    def state(self):
        with self.lock:
            return {'bit_generator': self._name,
                    'state': {'key': self._key, 'counter': self._counter}}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict) or value.get('bit_generator') != self._name:
            raise ValueError('state must be for a %s PRNG' % self._name)
        st = value['state']
        with self.lock:
            self._key = int(st['key']) & _MASK64
            self._counter = int(st['counter']) & _MASK64

    def random_raw(self, size=None, output=True):
        """Raw 64-bit words (uint64) from the stream."""
        from cunp.random import _kernels

        out = _kernels.raw_uint64(self, size)
        return out if output else None

    def __repr__(self):
        return '%s(key=0x%016x, counter=%d)' % (self._name, self._key, self._counter)


class Philox(BitGenerator):
    """Philox4x32-10 (counter-based): ``key=`` and ``counter=`` may set the state directly."""

    _name = 'Philox'

    def __init__(self, seed=None, counter=None, key=None):
        if key is not None and seed is not None:
            raise ValueError('seed and key cannot be both used')
        super().__init__(seed if key is None else 0)
        if key is not None:
            self._key = int(key) & _MASK64
        if counter is not None:
            self._counter = int(counter) & _MASK64

    def advance(self, delta):
        """Skips ``delta`` counters ahead."""
        with self.lock:
            self._counter = (self._counter + int(delta)) & _MASK64
        return self

    def jumped(self, jumps=1):
        """A copy whose counter is ``jumps`` * 2**48 ahead (a stream that will not overlap)."""
        bg = Philox(key=self._key, counter=(self._counter + int(jumps) * (1 << 48)) & _MASK64)
        return bg


class Philox4x3210(Philox):
    """cupy.random.Philox4x3210: the same Philox4x32-10 generator under CuPy's name. `size`
    (how many cuRAND states CuPy keeps) is accepted and unused: cunp's samplers are
    counter-based and keep no per-thread state."""

    _name = 'Philox4x3210'

    def __init__(self, seed=None, *, size=-1):
        import operator

        operator.index(size)
        super().__init__(seed)


class _CurandKeyed(BitGenerator):
    """Keys each call from cuRAND's host generator of the given type (see the module docstring).
    `size` (how many cuRAND states CuPy keeps) is accepted and unused, as for Philox4x3210."""

    _rng_type = None

    def __init__(self, seed=None, *, size=-1):
        import operator

        operator.index(size)
        super().__init__(seed)
        from cunp import _core

        self._host = _core.random.curand_host(self._rng_type, self._key)

    def _reserve(self, counters):
        with self.lock:
            key = self._host.next_key()
            offset = self._counter
            self._counter = (offset + int(counters)) & _MASK64
            return key, offset

    @property
    def state(self):
        raise NotImplementedError('%s state cannot be read; reseed it instead' % self._name)


class XORWOW(_CurandKeyed):
    """cuRAND's XORWOW as the key source of the counter-based samplers."""

    _name = 'XORWOW'
    _rng_type = 'xorwow'


class MRG32k3a(_CurandKeyed):
    """cuRAND's MRG32k3a as the key source of the counter-based samplers."""

    _name = 'MRG32k3a'
    _rng_type = 'mrg32k3a'
