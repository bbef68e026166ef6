"""A NumPy model of cunp's stencil engine (the contract of _core.ndimage.stencil, written
independently of the device code), so cunp.scipy.ndimage's argument handling, footprint tables,
origins and compositions are compared with SciPy on machines without a GPU."""
import numpy

from cunp.scipy.ndimage._ni_support import Backend


def _index(j, n, mode):
    """Where position j of an axis of n reads from under a filter mode code, -1 for cval."""
    if mode == 0:
        return numpy.clip(j, 0, n - 1)
    if mode in (1, 5):
        return j % n
    if mode == 2:
        r = j % (2 * n)
        return numpy.where(r < n, r, 2 * n - 1 - r)
    if mode == 3:
        if n == 1:
            return numpy.zeros_like(j)
        r = j % (2 * n - 2)
        return numpy.where(r < n, r, 2 * n - 2 - r)
    return numpy.where((j >= 0) & (j < n), j, -1)


def stencil(input, output, offsets, weights, mode, cval, fold, rank):
    x = numpy.asarray(input, dtype=numpy.float64)
    taps = len(weights)
    offsets = offsets.reshape(taps, x.ndim)
    values = []
    for k in range(taps):
        idx = [_index(numpy.arange(n) + offsets[k, d], n, mode) for d, n in enumerate(x.shape)]
        grids = numpy.ix_(*idx)
        outside = numpy.zeros(x.shape, dtype=bool)
        for g in grids:
            outside = outside | (g < 0)
        v = x[tuple(numpy.maximum(g, 0) for g in grids)]
        values.append(numpy.where(outside, cval, v))
    v = numpy.stack(values)
    w = weights.reshape((taps,) + (1,) * x.ndim)
    if fold == "sum":
        r = (v * w).sum(axis=0)
    elif fold == "min":
        r = (v + w).min(axis=0)
    elif fold == "max":
        r = (v + w).max(axis=0)
    else:
        r = numpy.sort(v, axis=0)[rank]
    with numpy.errstate(invalid="ignore"):
        output[...] = r.astype(output.dtype) if output.dtype.kind in "iub" else r


def numpy_backend():
    return Backend(numpy, stencil, numpy.asarray)
