"""The sampling machinery shared by Generator and RandomState: size and parameter handling,
NumPy's parameter checks, and the calls into the core's sampler kernels.

Parameters are checked on the host (NumPy's messages); a parameter given as a cunp array is
copied to the host for that check. ``size=None`` with scalar parameters gives a 0-d array (as
CuPy does), not a Python scalar.
"""
import math
import operator

from cunp import _core

_INT64_MIN = -(1 << 63)
_U64 = 1 << 64


def shape_of(size):
    """size= as NumPy reads it: None, an integer, or a sequence of integers."""
    if size is None:
        return None
    if isinstance(size, (tuple, list)):
        shape = tuple(operator.index(s) for s in size)
    else:
        try:
            shape = (operator.index(size),)
        except TypeError:
            raise TypeError('expected a sequence of integers or a single integer, got %r'
                            % (size,)) from None
    if any(s < 0 for s in shape):
        raise ValueError('negative dimensions are not allowed')
    return shape


def float_dtype(dtype):
    import numpy

    dt = numpy.dtype(dtype)
    if dt not in (numpy.float32, numpy.float64):
        raise TypeError('Unsupported dtype %s for random floats (float32 or float64)' % dt)
    return dt


class Param:
    """One distribution parameter: a Python scalar, or an array (host copy for the checks)."""

    __slots__ = ('host', 'scalar', 'device')

    def __init__(self, value, kind):
        import numpy

        import cunp

        npdt = numpy.float64 if kind == 'f' else numpy.int64
        self.device = None
        if isinstance(value, cunp.ndarray):
            self.host = numpy.asarray(cunp.asnumpy(value), dtype=npdt)
            if value.ndim:
                self.device = value if value.dtype == npdt else value.astype(npdt)
        else:
            self.host = numpy.asarray(value, dtype=npdt)
        self.scalar = self.host.item() if self.host.ndim == 0 else None

    @property
    def shape(self):
        return self.host.shape

    def arg(self):
        """What the core takes: a Python scalar or a device array."""
        if self.scalar is not None:
            return self.scalar
        if self.device is None:
            import cunp

            self.device = cunp.asarray(self.host)
        return self.device


def out_shape(size, params):
    import numpy

    shapes = [p.shape for p in params]
    shape = shape_of(size)
    if shape is None:
        return tuple(numpy.broadcast_shapes(*shapes)) if shapes else ()
    try:
        b = numpy.broadcast_shapes(shape, *shapes)
    except ValueError:
        b = None
    if b is None or tuple(b) != shape:
        raise ValueError('shape mismatch: objects cannot be broadcast to a single shape')
    return shape


def check(bad, message):
    """Raises NumPy's ValueError when any element of the boolean host array `bad` is set."""
    import numpy

    if numpy.any(bad):
        raise ValueError(message)


def launch(bitgen, name, out, args):
    key, offset = bitgen._reserve(_core.random.counters(name, out.size))
    _core.random.sample(name, out, args, key, offset)
    return out


def sample(bitgen, name, params, size, dtype, out=None):
    """Samples `name` with Param list `params` into a new array (or `out`)."""
    import cunp

    shape = out_shape(size, params)
    if out is None:
        out = cunp.empty(shape, dtype)
    return launch(bitgen, name, out, [p.arg() for p in params])


def checked_out(out, size, dtype):
    """out= as NumPy checks it for random/standard_normal/...: dtype and shape must agree."""
    import cunp

    if out is None:
        return None
    if not isinstance(out, cunp.ndarray):
        raise TypeError('out must be a cunp.ndarray')
    if out.dtype != dtype:
        raise TypeError('Supplied output array has the wrong type. Expected %s, got %s'
                        % (dtype, out.dtype))
    shape = shape_of(size)
    if shape is not None and tuple(shape) != tuple(out.shape):
        raise ValueError('size must match out.shape when used together')
    return out


def block_or_generic(bitgen, kind, a, b, size, dtype, out=None):
    """uniform (a=low, b=high), normal (a=loc, b=scale) or lognormal (a=mean, b=sigma) in the
    fastest applicable kernel: with scalar parameters, the block kernels that use every word of
    a Philox block (4 float32 or 2 float64 values; Box-Muller pairs computed once per block).
    The two kernels give different streams for one seed; which one runs depends only on whether
    the parameters are scalars, so a seed's values never depend on anything else."""
    import cunp
    import numpy

    dt = float_dtype(dtype)
    out = checked_out(out, size, dt)
    pa, pb = Param(a, 'f'), Param(b, 'f')
    if kind == 'normal':
        check(pb.host < 0, 'scale < 0')
    elif kind == 'lognormal':
        check(pb.host < 0, 'sigma < 0')
    else:
        with numpy.errstate(invalid='ignore', over='ignore'):
            check(~numpy.isfinite(pb.host - pa.host), 'high - low range exceeds valid bounds')
    if pa.scalar is not None and pb.scalar is not None:
        shape = tuple(out.shape) if out is not None else shape_of(size) or ()
        if out is None:
            out = cunp.empty(shape, dt)
        suffix = '_f32' if dt == numpy.float32 else '_f64'
        second = pb.scalar - pa.scalar if kind == 'uniform' else pb.scalar
        return launch(bitgen, kind + suffix, out, [pa.scalar, second])
    if out is not None:
        size = out.shape
    return sample(bitgen, kind, [pa, pb], size, dt, out)


def integers(bitgen, low, high, size, dtype, endpoint):
    """[low, high) (or [low, high] with endpoint) of an integer dtype; NumPy's bound checks."""
    import numpy

    import cunp

    dt = numpy.dtype(dtype)
    if dt.kind not in 'iub':
        raise TypeError('Unsupported dtype %r for integers' % dt.name)
    if high is None:
        low, high = 0, low
    info = numpy.iinfo(dt) if dt.kind != 'b' else None
    lo_min, hi_max = (0, 1) if info is None else (int(info.min), int(info.max))
    name = dt.name

    def host(v):
        if isinstance(v, int) and not isinstance(v, bool):
            return numpy.array(v, dtype=object)  # any size: 2**64 is a valid uint64 bound
        if isinstance(v, cunp.ndarray):
            v = cunp.asnumpy(v)
        a = numpy.asarray(v)
        if a.dtype.kind == 'f':
            if a.ndim == 0:
                a = numpy.asarray(int(a))
            else:
                a = a.astype(numpy.int64)
        return a.astype(object) if a.dtype.kind in 'iub' else a

    lo_h, hi_h = host(low), host(high)
    if not endpoint:
        hi_h = hi_h - 1
    check(lo_h < lo_min, 'low is out of bounds for %s' % name)
    check(hi_h > hi_max, 'high is out of bounds for %s' % name)
    check(lo_h > hi_h, 'low > high' if endpoint else 'low >= high')
    shape = out_shape(size, [_Shape(numpy.shape(lo_h)), _Shape(numpy.shape(hi_h))])
    out = cunp.empty(shape, dt)
    if numpy.ndim(lo_h) == 0 and numpy.ndim(hi_h) == 0:
        lo, rng = int(lo_h), int(hi_h) - int(lo_h)
        lo_bits = lo if lo < (1 << 63) else lo - _U64
        if rng < 0xFFFFFFFF:
            return launch(bitgen, 'integers_small', out, [lo_bits, rng])
        rng_bits = rng if rng < (1 << 63) else rng - _U64
        return launch(bitgen, 'integers', out, [lo_bits, rng_bits])
    lo_b, hi_b = numpy.broadcast_arrays(lo_h, hi_h)
    rng = (hi_b - lo_b)
    to_bits = numpy.vectorize(lambda v: v if v < (1 << 63) else v - _U64, otypes=[numpy.int64])
    lo_dev = cunp.asarray(to_bits(lo_b).astype(numpy.int64))
    rng_dev = cunp.asarray(to_bits(rng).astype(numpy.int64))
    return launch(bitgen, 'integers', out, [lo_dev, rng_dev])


class _Shape:
    __slots__ = ('shape',)

    def __init__(self, shape):
        self.shape = shape


def raw_uint64(bitgen, size):
    import cunp

    shape = shape_of(size) or ()
    n = math.prod(shape)
    words = cunp.empty((2 * n,), 'uint32')
    launch(bitgen, 'bits32', words, [])
    return words.view('uint64').reshape(shape)


def random_bytes(bitgen, length):
    import cunp

    length = operator.index(length)
    if length < 0:
        raise ValueError('negative dimensions are not allowed')
    words = cunp.empty(((length + 3) // 4,), 'uint32')
    launch(bitgen, 'bits32', words, [])
    return cunp.asnumpy(words).tobytes()[:length]


# ---- permutations and selection ---------------------------------------------------------------

def permutation_indices(bitgen, n, m=None):
    """The first m (default n) elements of a random permutation of range(n), int64."""
    import cunp

    m = n if m is None else m
    out = cunp.empty((m,), 'int64')
    key, offset = bitgen._reserve(1)
    _core.random.permutation_indices(out, n, key, offset)
    return out


def permute_rows_into(bitgen, dst, src):
    key, offset = bitgen._reserve(1)
    _core.random.permute_rows(dst, src, key, offset)
    return dst


def permute_last_axis_into(bitgen, dst, src):
    key, offset = bitgen._reserve(1)
    _core.random.permute_last_axis(dst, src, key, offset)
    return dst


def take(a, idx):
    import cunp

    out = cunp.empty(idx.shape, a.dtype)
    _core.random.take_1d(out, a, idx)
    return out


def choice(bitgen, a, size, replace, p, legacy):
    import numpy

    import cunp

    arr = None
    if isinstance(a, cunp.ndarray) or numpy.ndim(a) > 0:
        arr = a if isinstance(a, cunp.ndarray) else numpy.asarray(a)  # uploaded when taken from
        if arr.ndim != 1:
            raise ValueError('a must be 1-dimensional')
        pop = arr.shape[0]
    else:
        try:
            pop = operator.index(a)
        except TypeError:
            raise ValueError('a must be 1-dimensional or an integer') from None
    shape = shape_of(size)
    shape = () if shape is None else shape
    n = math.prod(shape)
    if pop <= 0 and n > 0:
        raise ValueError('a must be greater than 0 unless no samples are taken' if legacy else
                         'a must be a positive integer unless no samples are taken')
    ph = None
    if p is not None:
        ph = numpy.asarray(cunp.asnumpy(p) if isinstance(p, cunp.ndarray) else p,
                           dtype=numpy.float64)
        if ph.ndim != 1:
            raise ValueError("'p' must be 1-dimensional" if legacy else 'p must be 1-dimensional')
        if ph.size != pop:
            raise ValueError("'a' and 'p' must have same size" if legacy else
                             'a and p must have same size')
        if numpy.any(numpy.isnan(ph)):
            raise ValueError('probabilities contain NaN' if legacy else 'Probabilities contain NaN')
        if numpy.any(ph < 0):
            raise ValueError('probabilities are not non-negative' if legacy else
                             'Probabilities are not non-negative')
        atol = max(numpy.sqrt(numpy.finfo(numpy.float64).eps), 1e-8)
        if abs(ph.sum() - 1.0) > atol:
            raise ValueError('probabilities do not sum to 1' if legacy else
                             'Probabilities do not sum to 1. See Notes section of docstring '
                             'for more information.')
    if n == 0:
        idx = cunp.empty(shape, 'int64')
    elif replace:
        if ph is None:
            idx = integers(bitgen, 0, pop, shape, 'int64', False)
        else:
            cdf = numpy.cumsum(ph)
            cdf /= cdf[-1]
            idx = cunp.empty(shape, 'int64')
            key, offset = bitgen._reserve(n)
            _core.random.choice_cdf(idx, cunp.asarray(cdf), key, offset)
    else:
        if n > pop:
            raise ValueError("Cannot take a larger sample than population when 'replace=False'"
                             if legacy else
                             'Cannot take a larger sample than population when replace is False')
        if ph is None:
            idx = permutation_indices(bitgen, pop, n).reshape(shape)
        else:
            if numpy.count_nonzero(ph) < n:
                raise ValueError('Fewer non-zero entries in p than size')
            # Successive sampling = the n smallest exponential(1)/p_j keys (exponential race).
            e = cunp.empty((pop,), 'float64')
            launch(bitgen, 'standard_exponential', e, [])
            with numpy.errstate(divide='ignore'):
                keys = cunp.asnumpy(e) / ph
            order = numpy.argsort(keys, kind='stable')[:n]
            idx = cunp.asarray(order.astype(numpy.int64)).reshape(shape)
    if arr is None:
        return idx
    if not isinstance(arr, cunp.ndarray):
        arr = cunp.asarray(arr)
    return take(arr, idx.reshape((n,))).reshape(shape)


# ---- multivariate -------------------------------------------------------------------------------

def multinomial(bitgen, n, pvals, size):
    import numpy

    import cunp

    pv = numpy.asarray(cunp.asnumpy(pvals) if isinstance(pvals, cunp.ndarray) else pvals,
                       dtype=numpy.float64)
    if pv.ndim != 1:
        raise ValueError('pvals must be a 1-d sequence')
    n = operator.index(n)
    if n < 0:
        raise ValueError('n < 0')
    check((pv < 0) | (pv > 1) | numpy.isnan(pv), 'pvals < 0, pvals > 1 or pvals contains NaNs')
    if pv[:-1].sum() > 1.0 + 1e-12:
        raise ValueError('sum(pvals[:-1]) > 1.0')
    shape = shape_of(size) or ()
    k = pv.size
    rows = math.prod(shape)
    out = cunp.empty((rows, k), 'int64')
    key, offset = bitgen._reserve(rows)
    _core.random.multinomial(out, n, cunp.asarray(pv), key, offset)
    return out.reshape(tuple(shape) + (k,))


def dirichlet(bitgen, alpha, size, legacy):
    import numpy

    import cunp

    al = numpy.asarray(cunp.asnumpy(alpha) if isinstance(alpha, cunp.ndarray) else alpha,
                       dtype=numpy.float64)
    if al.ndim != 1:
        raise ValueError('alpha must be a one-dimensional sequence of floats')
    if legacy:
        check((al <= 0) | numpy.isnan(al), 'alpha <= 0')
    else:
        check((al < 0) | numpy.isnan(al), 'alpha < 0')
    shape = shape_of(size) or ()
    k = al.size
    rows = math.prod(shape)
    out = cunp.empty((rows, k), 'float64')
    key, offset = bitgen._reserve(rows)
    _core.random.dirichlet(out, cunp.asarray(al), key, offset)
    return out.reshape(tuple(shape) + (k,))


def multivariate_normal(bitgen, mean, cov, size, check_valid, tol, method, dtype='float64'):
    import warnings

    import numpy

    import cunp

    m = numpy.asarray(cunp.asnumpy(mean) if isinstance(mean, cunp.ndarray) else mean,
                      dtype=numpy.float64)
    c = numpy.asarray(cunp.asnumpy(cov) if isinstance(cov, cunp.ndarray) else cov,
                      dtype=numpy.float64)
    if m.ndim != 1:
        raise ValueError('mean must be 1 dimensional')
    if c.ndim != 2 or c.shape[0] != c.shape[1]:
        raise ValueError('cov must be 2 dimensional and square')
    if m.shape[0] != c.shape[0]:
        raise ValueError('mean and cov must have same length')
    if check_valid not in ('warn', 'raise', 'ignore'):
        raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
    if method == 'cholesky':
        factor = numpy.linalg.cholesky(c)
    elif method == 'eigh':
        s, u = numpy.linalg.eigh(c)
        if check_valid != 'ignore' and numpy.any(s < -tol):
            _psd_fail(check_valid, warnings)
        factor = u * numpy.sqrt(numpy.abs(s))
    elif method == 'svd':
        u, s, vh = numpy.linalg.svd(c)
        if check_valid != 'ignore':
            if not numpy.allclose(numpy.dot(vh.T * s, vh), c, rtol=tol, atol=tol):
                _psd_fail(check_valid, warnings)
        factor = (numpy.sqrt(s)[:, None] * vh).T
    else:
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    shape = shape_of(size) or ()
    k = m.size
    rows = math.prod(shape)
    out = cunp.empty((rows, k), 'float64')
    key, offset = bitgen._reserve(rows)
    _core.random.multivariate_normal(out, cunp.asarray(m),
                                      cunp.asarray(numpy.ascontiguousarray(factor)), key, offset)
    out = out.reshape(tuple(shape) + (k,))
    return out if numpy.dtype(dtype) == numpy.float64 else out.astype(dtype)


def _psd_fail(check_valid, warnings):
    if check_valid == 'raise':
        raise ValueError('covariance is not symmetric positive-semidefinite.')
    warnings.warn('covariance is not symmetric positive-semidefinite.', RuntimeWarning,
                  stacklevel=4)
