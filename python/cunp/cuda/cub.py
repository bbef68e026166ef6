"""cunp.cuda.cub: CUB's device-wide reductions, scans and histograms, as cupy.cuda.cub offers
them to cupy's own dispatch.

cunp's reductions and scans are CUB's algorithms already (cunp.sum, cunp.cumsum, ...), so
these are thin calls of cunp's functions with CuPy's arguments: `op` is one of the
CUPY_CUB_* values, and each returns what CuPy's does. The _INSTEAD table names what is not
provided.
"""
from cunp.cuda import _library_module

# CuPy's operation codes (its cupy_cub.h enum, in its order).
(CUPY_CUB_SUM, CUPY_CUB_MIN, CUPY_CUB_MAX, CUPY_CUB_ARGMIN, CUPY_CUB_ARGMAX, CUPY_CUB_CUMSUM,
 CUPY_CUB_CUMPROD, CUPY_CUB_PROD) = range(8)

# Every dtype cunp's reductions take; CUB takes them all in cunp, float16 included.
available = True

_REDUCTIONS = {CUPY_CUB_SUM: 'sum', CUPY_CUB_PROD: 'prod', CUPY_CUB_MIN: 'min',
               CUPY_CUB_MAX: 'max', CUPY_CUB_ARGMIN: 'argmin', CUPY_CUB_ARGMAX: 'argmax'}
_SCANS = {CUPY_CUB_CUMSUM: 'cumsum', CUPY_CUB_CUMPROD: 'cumprod'}
# The dtype lists CuPy checks before using CUB (NumPy types, made on first read so that
# importing cunp.cuda imports no NumPy).
_DTYPE_LISTS = {
    'CUB_support_dtype_without_half': '? b B h H i I l L q Q f d F D',
    'CUB_sum_support_dtype_without_half': 'b B h H i I l L q Q f d F D',
}
_DTYPE_LISTS['CUB_support_dtype_with_half'] = _DTYPE_LISTS['CUB_support_dtype_without_half'] + ' e'
_DTYPE_LISTS['CUB_sum_support_dtype_with_half'] = (_DTYPE_LISTS['CUB_sum_support_dtype_without_half']
                                                   + ' e')
_DTYPE_LISTS['CUB_support_dtype'] = _DTYPE_LISTS['CUB_support_dtype_with_half']
_DTYPE_LISTS['CUB_sum_support_dtype'] = _DTYPE_LISTS['CUB_sum_support_dtype_with_half']


def _cunp():
    import cunp
    return cunp


def _reduce(x, op, axis, out, keepdims):
    name = _REDUCTIONS.get(op)
    if name is None:
        raise ValueError('op must be one of the CUPY_CUB_* reductions (SUM, PROD, MIN, MAX, '
                         'ARGMIN, ARGMAX), not %r' % (op,))
    f = getattr(_cunp(), name)
    if name.startswith('arg'):
        if axis is not None and len(axis) != 1 and len(axis) != x.ndim:
            raise ValueError('argmin/argmax reduce over one axis or all of them')
        r = f(x, axis=None if axis is None or len(axis) != 1 else axis[0], keepdims=keepdims)
        if out is not None:
            out[...] = r
            return out
        return r
    return f(x, axis=axis, out=out, keepdims=keepdims)


def device_reduce(x, op, out_axis, out=None, keepdims=False):
    """The reduction `op` of all of `x` (a cunp array); `out_axis` is CuPy's (the axes kept,
    empty for a full reduction), accepted and checked for being a tuple."""
    if not isinstance(out_axis, tuple):
        raise TypeError('out_axis must be a tuple')
    return _reduce(x, op, None, out, keepdims)


def device_segmented_reduce(x, op, reduce_axis, out_axis, out=None, keepdims=False):
    """The reduction `op` of `x` over the axes `reduce_axis` (CuPy's segmented reduction: the
    axes kept are `out_axis`)."""
    if not isinstance(reduce_axis, tuple) or not isinstance(out_axis, tuple):
        raise TypeError('reduce_axis and out_axis must be tuples')
    return _reduce(x, op, reduce_axis, out, keepdims)


def cub_reduction(arr, op, axis=None, dtype=None, out=None, keepdims=False):
    """The reduction `op` of `arr` over `axis` (None: all), as CuPy's dispatcher computes it
    with CUB (never None here: cunp's reductions take every layout)."""
    if dtype is not None and op in (CUPY_CUB_SUM, CUPY_CUB_PROD):
        return getattr(_cunp(), _REDUCTIONS[op])(arr, axis=axis, dtype=dtype, out=out,
                                                 keepdims=keepdims)
    if isinstance(axis, int):
        axis = (axis,)
    return _reduce(arr, op, None if axis is None else tuple(axis), out, keepdims)


def device_scan(x, op):
    """The inclusive scan `op` (CUPY_CUB_CUMSUM or CUPY_CUB_CUMPROD) of `x`'s elements in C
    order, written over `x` as CuPy's is; returns `x`."""
    name = _SCANS.get(op)
    if name is None:
        raise ValueError('op must be CUPY_CUB_CUMSUM or CUPY_CUB_CUMPROD, not %r' % (op,))
    x[...] = getattr(_cunp(), name)(x.ravel()).reshape(x.shape)
    return x


def cub_scan(arr, op):
    """The scan `op` of `arr`'s elements in C order, as a new array (cunp.cumsum/cumprod)."""
    name = _SCANS.get(op)
    if name is None:
        raise ValueError('op must be CUPY_CUB_CUMSUM or CUPY_CUB_CUMPROD, not %r' % (op,))
    return getattr(_cunp(), name)(arr.ravel())


def device_histogram(x, bins, y):
    """Counts `x` into the bins with the edges `bins` (a 1-D cunp array, rightmost edge
    inclusive, as numpy.histogram), written into `y` (len(bins) - 1 counts); returns `y`."""
    counts, _ = _cunp().histogram(x, bins)
    y[...] = counts
    return y


def cub_histogram(x, bins):
    """numpy.histogram(x, bins) with the edges `bins`: (counts, edges) as cunp arrays."""
    return _cunp().histogram(x, bins)


# What to use instead of each name cunp does not provide: {instead: names}.
_INSTEAD = {
    'cunp builds its CUB kernels with the toolkit at run time and has no CUB build version; '
    'cunp.show_config() names the toolkit': 'get_build_version',
    "CuPy's internal C enum type; the CUPY_CUB_* values are provided": 'cupy_cub_op',
}
_not_provided, _NOT_PROVIDED = _library_module.not_provided(__name__, _INSTEAD)


def __getattr__(name):
    spec = _DTYPE_LISTS.get(name)
    if spec is not None:
        import numpy
        value = [numpy.dtype(c).type for c in spec.split()]
        globals()[name] = value
        return value
    return _not_provided(name)
