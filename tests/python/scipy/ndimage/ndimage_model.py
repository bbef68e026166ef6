"""A NumPy model of cunp's stencil engine (the contracts of _core.ndimage.stencil, stencil_line,
the generic filters, interpolate and spline_filter, written independently of the device code),
so cunp.scipy.ndimage's argument handling, footprint tables, origins and compositions are
compared with SciPy on machines without a GPU. The generic filters' user function is a Python
callable here, standing in for the device function."""
import itertools
import math

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


def _bspline(t, n):
    """The centred B-spline of degree n at t (order 1: the hat function)."""
    t = numpy.asarray(t, dtype=numpy.float64)
    s = numpy.zeros(t.shape)
    for k in range(n + 2):
        u = t + (n + 1) / 2 - k
        s = s + (-1) ** k * math.comb(n + 1, k) * numpy.where(u > 0, u, 0.0) ** n
    return s / math.factorial(n)


def sample(input, output, map, table, order, mode, cval, has_shift, has_zoom, grid_mode,
           npad=0, lead=False):
    """The contract of _core.ndimage.interpolate; lead (affine): axis 0 a batch of images, read
    at each output's own (whole) coordinate, one tap of weight 1, not padded."""
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
    starts, weights = [], []
    for d in range(n):
        if lead and d == 0:
            starts.append(coords[0].astype(numpy.int64))
            weights.append([1.0])
            continue
        cc, out = _coordinate(coords[d] + npad, x.shape[d], mode)
        outside |= out
        base = numpy.floor(cc) if order & 1 else numpy.floor(cc + 0.5)
        start = base.astype(numpy.int64) - order // 2
        starts.append(start)
        if order == 1:
            weights.append([1 - (cc - base), cc - base])
        else:
            weights.append([_bspline(cc - (start + k), order) for k in range(order + 1)])
    tap_mode = _TAP_MODE.get(mode, mode)
    total = numpy.zeros(oshape)
    taps = [range(1) if lead and d == 0 else range(order + 1) for d in range(n)]
    for ks in itertools.product(*taps):
        idx, in_cval = [], numpy.zeros(oshape, bool)
        for d, k in enumerate(ks):
            j = _index(starts[d] + k, x.shape[d], tap_mode)
            in_cval |= j < 0
            idx.append(numpy.maximum(j, 0))
        v = numpy.where(in_cval, cval, x[tuple(idx)])
        if order:  # the value times each axis's weight in turn, as SciPy rounds
            for d, k in enumerate(ks):
                v = v * weights[d][k]
        total = total + v
    total = numpy.where(outside, cval, total)
    with numpy.errstate(invalid="ignore"):
        output[...] = _store(total, output.dtype)


_POLES = {2: [math.sqrt(8.0) - 3.0], 3: [math.sqrt(3.0) - 2.0],
          4: [math.sqrt(664.0 - math.sqrt(438976.0)) + math.sqrt(304.0) - 19.0,
              math.sqrt(664.0 + math.sqrt(438976.0)) - math.sqrt(304.0) - 19.0],
          5: [math.sqrt(67.5 - math.sqrt(4436.25)) + math.sqrt(26.25) - 6.5,
              math.sqrt(67.5 + math.sqrt(4436.25)) - math.sqrt(26.25) - 6.5]}
# The boundary each mode's prefilter assumes (by mode code).
_SPLINE_KIND = {0: "reflect", 1: "mirror", 2: "reflect", 3: "mirror", 4: "mirror", 5: "wrap",
                6: "mirror"}


def _causal_start(c, z, kind):
    """Each line's first causal coefficient: the sum over the extended line before sample 0."""
    n = c.shape[-1]
    if kind == "mirror":
        zn1 = z ** (n - 1)
        powers = z ** numpy.arange(1, n - 1)
        return (c[:, 0] + zn1 * c[:, n - 1]
                + numpy.sum(powers * (c[:, 1:n - 1] + zn1 * c[:, n - 2:0:-1]), axis=-1)
                ) / (1 - zn1 * zn1)
    if kind == "wrap":
        powers = z ** numpy.arange(1, n)
        return (c[:, 0] + numpy.sum(powers * c[:, n - 1:0:-1], axis=-1)) / (1 - z ** n)
    # Half-sample symmetric: the extension's sum before sample 0 (SciPy 1.18's start; 1.17 read
    # its running sum in place of the first sample in the last term).
    zn = z ** n
    powers = z ** numpy.arange(1, n)
    total = (c[:, 0] + zn * c[:, n - 1]
             + numpy.sum(powers * (c[:, 1:n] + zn * c[:, n - 2::-1]), axis=-1))
    return c[:, 0] + total * (z / (1 - zn * zn))


def _anticausal_start(c, z, kind):
    """Each line's last coefficient, from its causal coefficients."""
    n = c.shape[-1]
    if kind == "mirror":
        return (z * c[:, n - 2] + c[:, n - 1]) * z / (z * z - 1)
    if kind == "wrap":
        powers = z ** numpy.arange(1, n)
        return (c[:, n - 1] + numpy.sum(powers * c[:, :n - 1], axis=-1)) * (z / (z ** n - 1))
    return c[:, n - 1] * (z / (z - 1))


def spline_segment(lines, n):
    """The segment length the prefilter cuts lines into (ndi_spline_segment's rule)."""
    seg = 256
    while seg > 32 and lines * -(-n // seg) < 32768:
        seg //= 2
    return seg


def _horizon(z):
    """The steps after which a pole's recursion has forgotten its start: |z|^k <= 2^-106."""
    return math.ceil(106 * math.log(2) / -math.log(abs(z)))


def _spline_lines(c, order, mode, seg):
    """B-spline coefficients of each row of c (Unser's recursive filter, one pole at a time), cut
    into segments of seg as the device cuts them: a segment's recursion starts from zero a
    horizon before it, or from the boundary's value within a horizon of the line's end."""
    lines, n = c.shape
    if n <= 1:
        return c
    kind = _SPLINE_KIND[mode]
    c = c * math.prod((1 - z) * (1 - 1 / z) for z in _POLES[order])
    for z in _POLES[order]:
        h = _horizon(z)
        causal = numpy.empty_like(c)
        first = _causal_start(c, z, kind)
        for lo in range(0, n, seg):
            hi = min(lo + seg, n)
            if lo > h:
                v, warm = numpy.zeros(lines), range(lo - h, lo)
            else:
                v, warm = first, range(1, lo)
                if lo == 0:
                    causal[:, 0] = v
            for i in warm:
                v = c[:, i] + z * v
            for i in range(max(lo, 1), hi):
                v = c[:, i] + z * v
                causal[:, i] = v
        last = _anticausal_start(causal, z, kind)
        c = numpy.empty_like(c)
        for lo in range(0, n, seg):
            hi = min(lo + seg, n)
            if n - hi > h:
                v, warm = numpy.zeros(lines), range(hi + h - 1, hi - 1, -1)
            else:
                v, warm = last, range(n - 2, hi - 1, -1)
                if hi == n:
                    c[:, n - 1] = v
            for i in warm:
                v = z * (v - causal[:, i])
            for i in range(min(hi, n - 1) - 1, lo - 1, -1):
                v = z * (v - causal[:, i])
                c[:, i] = v
    return c


def spline(coefficients, axis, order, mode, seg=None):
    """The prefilter along axis, in place on a C-contiguous float64 array (segments of seg, by
    default the device's choice for the array)."""
    moved = numpy.moveaxis(coefficients, axis, -1)
    n = moved.shape[-1]
    if moved.size == 0 or n <= 1:
        return
    lines = moved.reshape(-1, n)
    if seg is None:
        seg = spline_segment(lines.shape[0], n)
    moved[...] = _spline_lines(lines, order, mode, seg).reshape(moved.shape)


def _store_filter(output, r):
    with numpy.errstate(invalid="ignore"):
        output[...] = r.astype(output.dtype) if output.dtype.kind in "iub" else r


def line(input, output, weights, axis, start, taps, mode, cval, fold):
    """The contract of _core.ndimage.stencil_line: taps start .. start + taps - 1 along axis."""
    x = numpy.moveaxis(numpy.asarray(input, dtype=numpy.float64), axis, -1)
    n = x.shape[-1]
    values = []
    for k in range(taps):
        j = _index(numpy.arange(n) + start + k, n, mode)
        values.append(numpy.where(j < 0, cval, x[..., numpy.maximum(j, 0)]))
    v = numpy.stack(values)
    if fold == "sum":
        r = (v * weights.reshape((taps,) + (1,) * x.ndim)).sum(axis=0)
    elif fold == "mean":
        r = v.sum(axis=0) / taps
    elif fold == "min":
        r = v.min(axis=0)
    else:
        r = v.max(axis=0)
    _store_filter(output, numpy.moveaxis(r, -1, axis))


def _gather(x, offsets, mode, cval):
    """The footprint's values at every element, taps first (the stencil's reads)."""
    values = []
    for k in range(offsets.shape[0]):
        idx = [_index(numpy.arange(n) + offsets[k, d], n, mode) for d, n in enumerate(x.shape)]
        grids = numpy.ix_(*idx)
        outside = numpy.zeros(x.shape, dtype=bool)
        for g in grids:
            outside = outside | (g < 0)
        v = x[tuple(numpy.maximum(g, 0) for g in grids)]
        values.append(numpy.where(outside, cval, v))
    return numpy.stack(values)


def generic(input, output, offsets, weights, mode, cval, function):
    """The contract of the generic_filter_* entry points of _core.ndimage: function (here a
    Python callable standing in for the device function) of each element's footprint values, in
    the table's order."""
    x = numpy.asarray(input, dtype=numpy.float64)
    v = _gather(x, offsets.reshape(len(weights), x.ndim), mode, cval)
    r = numpy.empty(x.shape)
    for idx in numpy.ndindex(x.shape):
        r[idx] = function(v[(slice(None),) + idx].copy())
    _store_filter(output, r)


def generic1d(input, output, size, before, mode, cval, function):
    """The contract of _core.ndimage.generic_filter1d (input and output with the axis last):
    each line extended to n + size - 1 values, the first at -before, then function(in, out)."""
    x = numpy.asarray(input, dtype=numpy.float64)
    n = x.shape[-1]
    j = _index(numpy.arange(n + size - 1) - before, n, mode)
    for idx in numpy.ndindex(x.shape[:-1]):
        extended = numpy.where(j < 0, cval, x[idx][numpy.maximum(j, 0)])
        out = numpy.zeros(n)
        function(extended, out)
        _store_filter(output[idx], out)


def user_function(function, caller):
    """The model runs Python callables where the device runs kernels."""
    if not callable(function):
        raise TypeError(f"{caller}: the model takes a Python callable")
    return function


def edt_line(f, feat, fo, go, scratch, axis, step, root=False):
    """The contract of _core.ndimage.edt_pass: along axis, fo[x] = min over y of f[y] + ((x - y)
    step)^2 (each step rounded, never fused) and go[x] = feat[the smallest such y] (by brute
    force over every pair); feat None stands for each element's own C-order position, go None
    asks for the values only, root for fo's square roots."""
    n = f.shape[axis]
    if go is None:
        go = numpy.empty(f.shape, dtype=numpy.int64)
    if feat is None:
        feat = numpy.arange(f.size, dtype=numpy.int64).reshape(f.shape)
    fl = numpy.moveaxis(f, axis, -1).reshape(-1, n)
    cl = numpy.moveaxis(feat, axis, -1).reshape(-1, n)
    gap = ((numpy.arange(n)[:, None] - numpy.arange(n)[None, :]) * step) ** 2
    candidate = fl[:, None, :] + gap[None, :, :]  # [line, x, y]
    best = numpy.argmin(candidate, axis=2)
    lead = numpy.moveaxis(f, axis, -1).shape
    low = candidate.min(axis=2).reshape(lead)
    numpy.moveaxis(fo, axis, -1)[...] = numpy.sqrt(low) if root else low
    numpy.moveaxis(go, axis, -1)[...] = numpy.take_along_axis(cl, best, axis=1).reshape(lead)


def _edt_values(fl, x, ys, step):
    """ndi_edt_value: the candidates of x over ys, rounded step by step."""
    g = (x - ys) * step
    return fl[ys] + g * g


def edt_block_line(f, feat, fo, go, scratch, axis, step, root=False):
    """src/device/ndimage/ndi_edt.cuh's ndi_edt_pass_run, a line at a time: the minimisers at
    the band edges x = 32 k (the last clamped to n - 1) by bisection over k, each over the range
    its neighbours' minimisers bound, then each band's x over the range of its two edges. Its
    result is edt_line's exactly because the smallest minimiser never decreases with x."""
    n = f.shape[axis]
    if go is None:
        go = numpy.empty(f.shape, dtype=numpy.int64)
    if feat is None:
        feat = numpy.arange(f.size, dtype=numpy.int64).reshape(f.shape)
    fl_all = numpy.moveaxis(f, axis, -1).reshape(-1, n)
    cl_all = numpy.moveaxis(feat, axis, -1).reshape(-1, n)
    bands = -(-n // 32)
    top = 1
    while top < bands:
        top *= 2
    out_f = numpy.empty_like(fl_all)
    out_g = numpy.empty_like(cl_all)
    for line, (fl, cl) in enumerate(zip(fl_all, cl_all)):
        def argmin(lo, hi, x):
            ys = numpy.arange(lo, hi + 1)
            return lo + int(numpy.argmin(_edt_values(fl, x, ys, step)))
        edge = numpy.zeros(top + 1, dtype=numpy.int64)
        edge[0], edge[top] = argmin(0, n - 1, 0), argmin(0, n - 1, n - 1)
        half = top // 2
        while half >= 1:
            for k in range(half, top, 2 * half):
                edge[k] = argmin(edge[k - half], edge[k + half], min(32 * k, n - 1))
            half //= 2
        for b in range(bands):
            lo, hi = edge[b], edge[b + 1]
            xs = numpy.arange(32 * b, min(32 * b + 32, n))
            ys = numpy.arange(lo, hi + 1)
            cand = _edt_values(fl, xs[:, None], ys[None, :], step)
            best = lo + numpy.argmin(cand, axis=1)
            out_f[line, xs] = cand.min(axis=1)
            out_g[line, xs] = cl[best]
    lead = numpy.moveaxis(f, axis, -1).shape
    numpy.moveaxis(fo, axis, -1)[...] = numpy.sqrt(out_f.reshape(lead)) if root else \
        out_f.reshape(lead)
    numpy.moveaxis(go, axis, -1)[...] = out_g.reshape(lead)


def edt_indices(feat, shape, out):
    """The contract of _core.ndimage.edt_indices: the coordinates of the zero at feat."""
    if len(shape):
        out[...] = numpy.stack(numpy.unravel_index(feat, shape))


def numpy_backend(edt_pass=edt_line):
    """The backend on NumPy; edt_pass: the distance transform's pass (edt_line, the contract, or
    edt_block_line, the device's algorithm)."""
    import types

    edt = types.SimpleNamespace(line=edt_pass, indices=edt_indices)
    return Backend(numpy, stencil, numpy.asarray, sample, spline, line, generic, generic1d,
                   user_function, edt)


# --- models of the device's indexing and selection (written from their contracts) ---

SELECT_CAPACITIES = (4, 8, 16, 32, 64)  # include/cunp/ops/ndimage/stencil.hpp's kSelectCapacities


def select_capacity(taps, rank):
    """The selection network's row for the rank-th of taps values (None: the quickselect)."""
    keep = min(rank, taps - 1 - rank) + 1
    return next((c for c in SELECT_CAPACITIES if keep <= c), None)


def _select_keys(values, narrow):
    """src/device/ndimage/ndi_select.cuh's keys: the values' bits as order-preserving unsigned
    integers (negatives complemented, positives with the sign bit set), every NaN the largest."""
    ftype, utype = (numpy.float32, numpy.uint32) if narrow else (numpy.float64, numpy.uint64)
    v = numpy.asarray(values, dtype=numpy.float64).astype(ftype)
    bits = v.view(utype)
    sign = utype(1) << utype(8 * v.itemsize - 1)
    keys = numpy.where(bits & sign, ~bits, bits | sign)
    return numpy.where(numpy.isnan(v), ~utype(0), keys).astype(utype), ftype, sign


def _select_value(keys, ftype, sign):
    bits = numpy.where(keys & sign, keys & ~sign, ~keys)
    return bits.astype(keys.dtype).view(ftype).astype(numpy.float64)


def select_network(values, rank, narrow, cap=None):
    """The rank-th of values along axis 0 as ndi_select_fold finds it: a row of cap keys, sorted,
    starting full of the largest key; each value inserted by a chain of compare-and-swaps, the
    one pushed off the end forgotten; the upper half on complemented keys."""
    taps = values.shape[0]
    cap = cap or select_capacity(taps, rank)
    keys, ftype, sign = _select_keys(values, narrow)
    upper = rank > taps - 1 - rank
    at = taps - 1 - rank if upper else rank
    if upper:
        keys = ~keys
    row = [numpy.full(values.shape[1:], ~keys.dtype.type(0), dtype=keys.dtype)
           for _ in range(cap)]
    for q in range(taps):
        u = keys[q]
        for k in range(cap):
            lo = numpy.minimum(u, row[k])
            u = numpy.maximum(u, row[k])
            row[k] = lo
    r = row[0]  # the largest of row[0..at] (the row is sorted), as the device reads it
    for k in range(1, cap):
        r = numpy.maximum(r, row[k] if k <= at else keys.dtype.type(0))
    return _select_value(~r if upper else r, ftype, sign)


def tile(input, output, offsets, weights, extent, mode, cval, fold, rank, block):
    """The shared-memory tiles' indexing (ndi_tile.cuh: 2-D, blocks of 32 x 32 outputs;
    ndi_tile3.cuh: 3-D, depth x 8 x 32): each block stages its inputs widened by the footprint's
    extent (through the boundary transform) into a flat tile, each tap's offset into it computed
    once, then every output folds tile[at + tap_at[q]], at its own place in the tile."""
    x = numpy.asarray(input, dtype=numpy.float64)
    n, taps = x.ndim, len(weights)
    offsets = numpy.asarray(offsets).reshape(taps, n)
    lo = [extent[2 * d] for d in range(n)]
    shape = [block[d] + extent[2 * d + 1] - extent[2 * d] for d in range(n)]
    strides = [int(numpy.prod(shape[d + 1:])) for d in range(n)]
    tap_at = sum((offsets[:, d] - lo[d]) * strides[d] for d in range(n))
    e = numpy.arange(int(numpy.prod(shape)))
    local = [(e // strides[d]) % shape[d] for d in range(n)]
    r = numpy.empty(x.shape)
    w = numpy.asarray(weights, dtype=numpy.float64).reshape((taps,) + (1,) * n)
    for b in itertools.product(*[range(-(-x.shape[d] // block[d])) for d in range(n)]):
        o = [b[d] * block[d] for d in range(n)]
        idx = [_index(o[d] + lo[d] + local[d], x.shape[d], mode) for d in range(n)]
        outside = numpy.zeros(e.shape, bool)
        for i in idx:
            outside |= i < 0
        staged = numpy.where(outside, cval, x[tuple(numpy.maximum(i, 0) for i in idx)])
        grids = numpy.meshgrid(*[numpy.arange(min(block[d], x.shape[d] - o[d]))
                                 for d in range(n)], indexing="ij")
        at = sum(g * strides[d] for d, g in enumerate(grids))
        v = numpy.stack([staged[at + tap_at[q]] for q in range(taps)])
        if fold == "sum":
            got = (v * w).sum(axis=0)
        elif fold == "min":
            got = (v + w).min(axis=0)
        elif fold == "max":
            got = (v + w).max(axis=0)
        else:
            got = numpy.sort(v, axis=0)[rank]
        r[tuple(slice(o[d], o[d] + got.shape[d]) for d in range(n))] = got
    _store_filter(output, r)


def tile3(input, output, offsets, weights, extent, mode, cval, fold, rank, depth):
    """ndi_tile3.cuh's blocks: depth x 8 x 32 outputs."""
    tile(input, output, offsets, weights, extent, mode, cval, fold, rank, (depth, 8, 32))


def tile2(input, output, offsets, weights, extent, mode, cval, fold, rank):
    """ndi_tile.cuh's blocks: 32 x 32 outputs."""
    tile(input, output, offsets, weights, extent, mode, cval, fold, rank, (32, 32))


def tile3_depth(extent, taps, staged=8, limit=48 * 1024):
    """The planner's depth (src/ops/ndimage/stencil_tile.cpp): the deepest of 8, 4, 2, 1 whose
    tile (staged: bytes an element, 8 for doubles, 4 for the rank folds' 32-bit keys) and tap
    offsets (ints) fit the shared memory, None where none does."""
    plane = (8 + extent[3] - extent[2]) * (32 + extent[5] - extent[4])
    for d in (8, 4, 2, 1):
        if (d + extent[1] - extent[0]) * plane * staged + taps * 4 <= limit:
            return d
    return None


# --- the weighted 1-D passes' shared-memory tiles (src/device/ndimage/ndi_line_tile.cuh) ---

LINE_WARPS = 8  # the device's kNdiLineWarps
LINE_RUNS = {'float': 16, 'double': 8}  # its kNdiLineRun, by the accumulator's type
LINE_TILE_MAX_TAPS, LINE_TILE_MIN_ALONG, LINE_TILE_MIN_ACROSS = 121, 64, 8  # stencil.hpp's


def line_tile_plan(shape, strides, axis, taps):
    """The planner's choice (src/ops/ndimage/stencil_line_tile.cpp): (layout, across axis or
    None), layout 0 where the filter's axis is the innermost, 1 where another is; None where the
    direct pass runs instead."""
    ndim = len(shape)
    if taps < 1 or taps > LINE_TILE_MAX_TAPS or ndim > 8:
        return None
    b = None
    for d in range(ndim - 1, -1, -1):
        if d == axis or shape[d] < 2:
            continue
        if b is None or abs(strides[d]) < abs(strides[b]):
            b = d
    layout = 0 if b is None or abs(strides[axis]) < abs(strides[b]) else 1
    if layout == 0 and shape[axis] < LINE_TILE_MIN_ALONG:
        return None
    if layout == 1 and shape[b] < LINE_TILE_MIN_ACROSS:
        return None
    return layout, b


def line_accumulator(in_dtype, out_dtype):
    """The tiles' accumulator: float where the input and the output are both float32 or float16,
    double otherwise (the planner's narrow_accumulator)."""
    narrow = {numpy.dtype(numpy.float32), numpy.dtype(numpy.float16)}
    return 'float' if {numpy.dtype(in_dtype), numpy.dtype(out_dtype)} <= narrow else 'double'


def line_slot(e, run):
    """A warp row's slot of its value e in the along layout (one padding slot every run)."""
    return e + e // run


def line_tile(input, output, weights, axis, start, taps, mode, cval, run=8):
    """The tiles' indexing and arithmetic for runs of `run` outputs a thread: blocks of (32 runs
    along the line x 8 lines, or 8 x 32 runs of one line where there are fewer than 8 lines; a
    warp stages and folds 32 runs of one) or (8 runs along x 32 lines), each staging its lines
    from start + a0 on, widened by taps - 1, through the boundary transform; each thread's run
    folds the staged window in tap order from 0 (acc += v * w). Raises where the planner would
    not take the pass."""
    x = numpy.asarray(input, dtype=numpy.float64)
    plan = line_tile_plan(x.shape, numpy.asarray(input).strides, axis, taps)
    if plan is None:
        raise ValueError("the direct pass runs here")
    layout, b = plan
    rest = [d for d in range(x.ndim) if d not in (axis, b)]
    order = rest + ([b] if b is not None else []) + [axis]
    v = numpy.transpose(x, order)
    if b is None:
        v = v[..., None, :]
    n, m = v.shape[-1], v.shape[-2]
    span_b = 32 if layout == 1 else LINE_WARPS if m >= LINE_WARPS else 1
    span_a = LINE_WARPS * run if layout == 1 else 32 * run  # a warp's stretch
    r = numpy.empty(v.shape)
    w = numpy.asarray(weights, dtype=numpy.float64)
    for a0 in range(0, n, span_a):
        j = _index(a0 + start + numpy.arange(span_a + taps - 1), n, mode)
        for b0 in range(0, m, span_b):
            lines = v[..., b0:b0 + span_b, :]
            staged = numpy.where(j < 0, cval, lines[..., numpy.maximum(j, 0)])
            acc = numpy.zeros(staged.shape[:-1] + (span_a,))
            for q in range(taps):
                acc += staged[..., q:q + span_a] * w[q]
            count = min(span_a, n - a0)
            r[..., b0:b0 + span_b, a0:a0 + count] = acc[..., :count]
    if b is None:
        r = r[..., 0, :]
    _store_filter(output, numpy.transpose(r, numpy.argsort(order)))
