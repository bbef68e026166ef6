"""A NumPy model of cunp's stencil engine (the contract of _core.ndimage.stencil, written
independently of the device code), so cunp.scipy.ndimage's argument handling, footprint tables,
origins and compositions are compared with SciPy on machines without a GPU."""
import itertools

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


def _coordinate(c, n, mode):
    """The coordinate interpolated at along an axis of n, and where it gives cval."""
    if mode == 4:
        return c, (c < 0) | (c > n - 1)
    if mode == 0:
        return numpy.clip(c, 0, n - 1), numpy.zeros(c.shape, bool)
    if mode == 1:
        if n <= 1:
            return numpy.zeros_like(c), numpy.zeros(c.shape, bool)
        p = n - 1
        low = c + p * (numpy.trunc(-c / p) + 1)
        high = c - p * numpy.trunc(c / p)
        return numpy.where(c < 0, low, numpy.where(c > p, high, c)), numpy.zeros(c.shape, bool)
    none = numpy.zeros(c.shape, bool)
    if n <= 1 and mode in (2, 3, 5):
        return numpy.zeros_like(c), none
    if mode == 3:
        p = 2 * n - 2
        low = p * numpy.trunc(-c / p) + c
        low = numpy.where(low <= 1 - n, low + p, -low)
        high = c - p * numpy.trunc(c / p)
        high = numpy.where(high >= n, p - high, high)
        return numpy.where(c < 0, low, numpy.where(c > n - 1, high, c)), none
    if mode == 2:
        p = 2 * n
        low = numpy.where(c < -p, p * numpy.trunc(-c / p) + c, c)
        low = numpy.where(low < -n, low + p, -low - 1)
        high = c - p * numpy.trunc(c / p)
        high = numpy.where(high >= n, p - high - 1, high)
        return numpy.where(c < 0, low, numpy.where(c > n - 1, high, c)), none
    if mode == 5:
        low = c + n * (numpy.trunc((-1 - c) / n) + 1)
        high = c - n * numpy.trunc(c / n)
        return numpy.where(c < 0, low, numpy.where(c > n - 1, high, c)), none
    return c, none


# The tap extension of each interpolation mode, as a filter mode code.
_TAP_MODE = {4: 3, 1: 3, 5: 1, 6: 4}


def _store(t, dtype):
    dtype = numpy.dtype(dtype)
    if dtype.kind == "u":
        t = numpy.where(t > 0, t + 0.5, 0)
        return numpy.minimum(t, numpy.iinfo(dtype).max).astype(dtype)
    if dtype.kind == "i":
        t = numpy.where(t > 0, t + 0.5, t - 0.5)
        info = numpy.iinfo(dtype)
        return numpy.clip(t, info.min, info.max).astype(dtype)
    return t.astype(dtype)


def sample(input, output, map, table, order, mode, cval, has_shift, has_zoom, grid_mode):
    x = numpy.asarray(input, dtype=numpy.float64)
    table = numpy.asarray(table, dtype=numpy.float64)
    n, oshape = x.ndim, output.shape
    if map == "coordinates":
        coords = table.reshape((n,) + oshape)
    else:
        o = numpy.indices(oshape, dtype=numpy.float64)
        if map == "affine":
            m = table[:n * len(oshape)].reshape(n, len(oshape))
            coords = []
            for d in range(n):
                c = numpy.full(oshape, table[n * len(oshape) + d])  # the offset first, as SciPy
                for k in range(len(oshape)):
                    c = c + o[k] * m[d, k]
                coords.append(c)
            coords = numpy.stack(coords)
        else:
            coords = []
            for d in range(n):
                cc = o[d]
                if has_shift:
                    cc = cc + table[d]
                if has_zoom:
                    z = table[n + d]
                    cc = (cc + 0.5) * z - 0.5 if grid_mode else cc * z
                coords.append(cc)
            coords = numpy.stack(coords)
    outside = numpy.zeros(oshape, bool)
    starts, fracs = [], []
    for d in range(n):
        cc, out = _coordinate(coords[d], x.shape[d], mode)
        outside |= out
        base = numpy.floor(cc + 0.5) if order == 0 else numpy.floor(cc)
        starts.append(base.astype(numpy.int64))
        fracs.append(cc - base)
    tap_mode = _TAP_MODE.get(mode, mode)
    total = numpy.zeros(oshape)
    for ks in itertools.product(*[range(order + 1)] * n):
        idx, in_cval = [], numpy.zeros(oshape, bool)
        for d, k in enumerate(ks):
            j = _index(starts[d] + k, x.shape[d], tap_mode)
            in_cval |= j < 0
            idx.append(numpy.maximum(j, 0))
        v = numpy.where(in_cval, cval, x[tuple(idx)])
        if order:  # the value times each axis's weight in turn, as SciPy rounds
            for d, k in enumerate(ks):
                v = v * (fracs[d] if k else 1 - fracs[d])
        total = total + v
    total = numpy.where(outside, cval, total)
    with numpy.errstate(invalid="ignore"):
        output[...] = _store(total, output.dtype)


def numpy_backend():
    return Backend(numpy, stencil, numpy.asarray, sample)
