"""numpy.random.Generator on the GPU: default_rng(seed) and Generator(bit_generator)."""
from cunp.random import _kernels
from cunp.random._bit_generator import BitGenerator, Philox
from cunp.random._distributions import Sampling


class Generator(Sampling):
    """Draws from a bit generator with NumPy's Generator methods (arrays on the GPU).

    ``size=None`` with scalar parameters returns a 0-d cunp array (as CuPy does).
    """

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError('Generator needs a cunp.random bit generator (Philox, XORWOW, '
                            'MRG32k3a), got %r' % (bit_generator,))
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        return self._bit_generator

    def spawn(self, n_children):
        """Independent generators (from the seed sequence's spawned children)."""
        return [Generator(bg) for bg in self._bit_generator.spawn(n_children)]

    def __repr__(self):
        return 'Generator(%s)' % type(self._bit_generator).__name__

    def integers(self, low, high=None, size=None, dtype='int64', endpoint=False):
        """Integers in [low, high) (or [low, high] with endpoint=True)."""
        return _kernels.integers(self._bit_generator, low, high, size, dtype, endpoint)

    def permuted(self, x, *, axis=None, out=None):
        """x with each slice along `axis` permuted independently (all elements if axis=None)."""
        import cunp

        x = cunp.asarray(x)
        if out is None:
            out = cunp.empty(x.shape, x.dtype)
        elif not isinstance(out, cunp.ndarray) or tuple(out.shape) != tuple(x.shape):
            raise ValueError('out must be a cunp.ndarray of the shape of x')
        if x.size == 0:
            return out
        src = cunp.copy(x)  # out may be x itself
        if axis is None:
            if out.flags.c_contiguous:
                _kernels.permute_last_axis_into(self._bit_generator, out.reshape((x.size,)),
                                                src.reshape((x.size,)))
                return out
            flat = cunp.empty((x.size,), x.dtype)
            _kernels.permute_last_axis_into(self._bit_generator, flat, src.reshape((x.size,)))
            out[...] = flat.reshape(x.shape)
            return out
        _kernels.permute_last_axis_into(self._bit_generator, cunp.moveaxis(out, axis, -1),
                                        cunp.moveaxis(src, axis, -1))
        return out


def default_rng(seed=None):
    """A Generator over Philox seeded from `seed` (None: fresh OS entropy); a Generator or bit
    generator passed in is used as is."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(Philox(seed))
