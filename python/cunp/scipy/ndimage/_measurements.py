"""scipy.ndimage's measurements over a backend `be` (see _ni_support.Backend), composed from
array operations: every statistic maps each element to a region number (a sorted search of its
label among the requested labels), then reduces per region with bincount or a scatter through
ufunc.at; medians sort by (region, value) and read the middle of each run. Results for a
sequence of labels come back as arrays of the backend (positions and slices as host tuples, as
SciPy gives them)."""
import numpy


def _host_int(be, value):
    return int(numpy.asarray(be.to_host(value)))


def _groups(be, input, labels, index):
    """(values, region, n, scalar): the input raveled, each element's region in [0, n) or n
    when it is in none, n regions, and whether index was a scalar. SciPy's rules: no labels is
    one region of everything; labels without an index is one region of the labels > 0."""
    xp = be.xp
    input = xp.asarray(input)
    values = input.reshape(-1)
    if labels is None:
        return values, xp.zeros(values.shape, dtype=xp.int64), 1, True
    labels = xp.asarray(labels)
    if labels.shape != input.shape:
        labels = xp.broadcast_to(labels, input.shape)
    flat = labels.reshape(-1)
    if index is None:
        return values, xp.where(flat > 0, 0, 1).astype(xp.int64), 1, True
    scalar = numpy.isscalar(index) or (hasattr(index, "ndim") and index.ndim == 0)
    wanted = xp.asarray(index).reshape(-1)
    n = wanted.shape[0]
    # One type for the sorted search (labels int32, index Python ints, say).
    common = numpy.result_type(wanted.dtype, flat.dtype)
    wanted, flat = wanted.astype(common), flat.astype(common)
    if n == 0:
        return values, xp.zeros(values.shape, dtype=xp.int64), 0, scalar
    order = xp.argsort(wanted, kind="stable")
    ordered = wanted[order]
    pos = xp.clip(xp.searchsorted(ordered, flat), 0, n - 1)
    found = ordered[pos] == flat
    # Where index repeats a label, searchsorted finds its first copy; the others are filled
    # from it afterwards (_spread).
    region = xp.where(found, order[pos], n).astype(xp.int64)
    return values, region, n, scalar


def _spread(be, labels, index, result):
    """Results of repeated labels in index copied from the copy that collected the elements."""
    if labels is None or index is None:
        return result
    xp = be.xp
    wanted = xp.asarray(index).reshape(-1)
    if wanted.shape[0] < 2:
        return result
    order = xp.argsort(wanted, kind="stable")
    ordered = wanted[order]
    first = order[xp.searchsorted(ordered, wanted)]
    return result[first]


def _finish(be, result, scalar):
    return result[0] if scalar else result


def _count_sum(be, values, region, n):
    xp = be.xp
    count = xp.bincount(region, minlength=n + 1)[:n]
    if values.dtype.kind == "c":
        re = xp.bincount(region, weights=values.real.astype(xp.float64), minlength=n + 1)[:n]
        im = xp.bincount(region, weights=values.imag.astype(xp.float64), minlength=n + 1)[:n]
        total = re + 1j * im
    else:
        total = xp.bincount(region, weights=values.astype(xp.float64), minlength=n + 1)[:n]
    return count, total


def sum_labels(be, input, labels=None, index=None):
    """The sum of the input over each labelled region."""
    values, region, n, scalar = _groups(be, input, labels, index)
    if scalar:
        return be.xp.sum(values[region == 0])
    _, total = _count_sum(be, values, region, n)
    return _spread(be, labels, index, total)


def sum(be, input, labels=None, index=None):
    """sum_labels under its older name."""
    return sum_labels(be, input, labels, index)


def mean(be, input, labels=None, index=None):
    """The mean of the input over each labelled region (nan for an empty one)."""
    values, region, n, scalar = _groups(be, input, labels, index)
    count, total = _count_sum(be, values, region, n)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        result = total / count.astype(be.xp.float64)
    return _finish(be, _spread(be, labels, index, result), scalar)


def variance(be, input, labels=None, index=None):
    """The population variance over each region: the mean squared distance from the region's
    mean (two passes, as SciPy, rather than the cancellation-prone E[x^2] - E[x]^2)."""
    xp = be.xp
    values, region, n, scalar = _groups(be, input, labels, index)
    count, total = _count_sum(be, values, region, n)
    with numpy.errstate(invalid="ignore", divide="ignore"):
        centre = total / count.astype(xp.float64)
    centre = xp.concatenate([centre, xp.zeros(1, dtype=centre.dtype)])
    d = values - centre[region]
    sq = (d * d.conj()).real if d.dtype.kind == "c" else d * d
    squares = xp.bincount(region, weights=sq.astype(xp.float64), minlength=n + 1)[:n]
    with numpy.errstate(invalid="ignore", divide="ignore"):
        result = squares / count.astype(xp.float64)
    return _finish(be, _spread(be, labels, index, result), scalar)


def standard_deviation(be, input, labels=None, index=None):
    """The square root of the variance over each region."""
    return be.xp.sqrt(variance(be, input, labels, index))


def _extreme(be, values, region, n, which):
    """Each region's minimum or maximum (0 for an empty region, as SciPy) and its count."""
    xp = be.xp
    dtype = values.dtype
    if dtype.kind == "c":
        raise TypeError("Complex type not supported")
    if dtype.kind == "b":
        values = values.astype(xp.uint8)
        dtype = values.dtype
    if dtype.kind == "f":
        start = numpy.inf if which == "min" else -numpy.inf
    else:
        info = numpy.iinfo(dtype)
        start = info.max if which == "min" else info.min
    out = xp.full(n + 1, start, dtype=dtype)
    (xp.minimum if which == "min" else xp.maximum).at(out, region, values)
    count = xp.bincount(region, minlength=n + 1)
    out = xp.where(count > 0, out, xp.zeros(1, dtype=dtype))
    return out, count


def minimum(be, input, labels=None, index=None):
    """The smallest value in each region."""
    values, region, n, scalar = _groups(be, input, labels, index)
    out, _ = _extreme(be, values, region, n, "min")
    return _finish(be, _spread(be, labels, index, out[:n].astype(values.dtype)), scalar)


def maximum(be, input, labels=None, index=None):
    """The largest value in each region."""
    values, region, n, scalar = _groups(be, input, labels, index)
    out, _ = _extreme(be, values, region, n, "max")
    return _finish(be, _spread(be, labels, index, out[:n].astype(values.dtype)), scalar)


def _position(be, shape, values, region, n, which, last=False):
    """The first (C order) flat position of each region's extreme, or with `last` the last one;
    0 for an empty region."""
    xp = be.xp
    out, _ = _extreme(be, values, region, n, which)
    cmp_values = values.astype(xp.uint8) if values.dtype.kind == "b" else values
    hit = cmp_values == out[region]
    flat = xp.arange(values.shape[0], dtype=xp.int64)
    if last:
        found = xp.full(n + 1, -1, dtype=xp.int64)
        xp.maximum.at(found, region, xp.where(hit, flat, -1))
        found = found[:n]
        return xp.where(found < 0, 0, found)
    big = values.shape[0]
    first = xp.full(n + 1, big, dtype=xp.int64)
    xp.minimum.at(first, region, xp.where(hit, flat, big))
    first = first[:n]
    return xp.where(first == big, 0, first)


def _as_coordinates(be, flat, shape):
    host = numpy.asarray(be.to_host(flat)).reshape(-1)
    if len(shape) == 0:
        return [() for _ in host]
    coords = numpy.unravel_index(host, shape)
    return [tuple(numpy.int64(c[i]) for c in coords) for i in range(len(host))]


def _positions(be, input, labels, index, which):
    input = be.xp.asarray(input)
    values, region, n, scalar = _groups(be, input, labels, index)
    # SciPy takes a tie's first position, except for the maximum over a sequence of labels,
    # where its sort-and-assign leaves the last one.
    last = which == "max" and not scalar
    first = _spread(be, labels, index,
                    _position(be, input.shape, values, region, n, which, last))
    coords = _as_coordinates(be, first, input.shape)
    return coords[0] if scalar else coords


def minimum_position(be, input, labels=None, index=None):
    """Where each region's smallest value first occurs, as index tuples."""
    return _positions(be, input, labels, index, "min")


def maximum_position(be, input, labels=None, index=None):
    """Where each region's largest value first occurs, as index tuples."""
    return _positions(be, input, labels, index, "max")


def extrema(be, input, labels=None, index=None):
    """(minimums, maximums, minimum positions, maximum positions) of each region."""
    return (minimum(be, input, labels, index), maximum(be, input, labels, index),
            minimum_position(be, input, labels, index),
            maximum_position(be, input, labels, index))


def median(be, input, labels=None, index=None):
    """The median of each region: the elements sorted by (region, value), and the mean of the
    middle one or two of each region's run (nan for an empty region)."""
    xp = be.xp
    values, region, n, scalar = _groups(be, input, labels, index)
    if values.dtype.kind == "c":
        raise TypeError("Complex type not supported")
    order = xp.lexsort(xp.stack([values.astype(xp.float64), region.astype(xp.float64)]))
    ordered = values[order].astype(xp.float64)
    count = xp.bincount(region, minlength=n + 1)[:n]
    start = xp.cumsum(count) - count
    last = max(values.shape[0] - 1, 0)
    lo = xp.clip(start + (count - 1) // 2, 0, last)
    hi = xp.clip(start + count // 2, 0, last)
    if values.shape[0] == 0:
        result = xp.full(n, numpy.nan)
    else:
        result = xp.where(count > 0, (ordered[lo] + ordered[hi]) / 2.0, numpy.nan)
    return _finish(be, _spread(be, labels, index, result), scalar)


def center_of_mass(be, input, labels=None, index=None):
    """The input-weighted mean coordinate of each region, as tuples."""
    xp = be.xp
    input = xp.asarray(input)
    values, region, n, scalar = _groups(be, input, labels, index)
    _, mass = _count_sum(be, values, region, n)
    per_axis = []
    for axis, size in enumerate(input.shape):
        shape = [1] * input.ndim
        shape[axis] = size
        coord = xp.broadcast_to(xp.arange(size, dtype=xp.float64).reshape(shape), input.shape)
        _, moment = _count_sum(be, values.astype(xp.float64) * coord.reshape(-1), region, n)
        with numpy.errstate(invalid="ignore", divide="ignore"):
            per_axis.append(_spread(be, labels, index, moment / mass))
    host = [numpy.asarray(be.to_host(a)).reshape(-1) for a in per_axis]
    count = n if not scalar else 1
    result = [tuple(numpy.float64(h[i]) for h in host) for i in range(count)]
    return result[0] if scalar else result


def histogram(be, input, min, max, bins, labels=None, index=None):
    """Counts of each region's values in `bins` equal bins over [min, max] (the last bin closed,
    as numpy.histogram); values outside are not counted. A sequence of labels gives a list of
    arrays (None for a label with no elements)."""
    xp = be.xp
    bins = int(bins)
    lo, hi = float(min), float(max)
    values, region, n, scalar = _groups(be, input, labels, index)
    x = values.astype(xp.float64)
    edges = xp.linspace(lo, hi, bins + 1)
    inside = (x >= lo) & (x <= hi)
    # The bin from the scaled distance, then nudged to agree with the edges exactly (a value
    # on an edge belongs to the bin above, except the top edge), as numpy.histogram decides.
    k = xp.clip(xp.floor((x - lo) * (bins / (hi - lo))).astype(xp.int64), 0, bins - 1)
    k = xp.where(x < edges[k], k - 1, k)
    k = xp.where((x >= edges[xp.clip(k + 1, 0, bins)]) & (k != bins - 1), k + 1, k)
    k = xp.clip(k, 0, bins - 1)
    cell = xp.where(inside & (region < n), region * bins + k, n * bins)
    counts = xp.bincount(cell, minlength=n * bins + 1)[:n * bins].reshape(n, bins)
    counts = _spread(be, labels, index, counts)
    if scalar:
        return counts[0]
    # A label with no elements gives None, as SciPy's per-label comprehension leaves it.
    present = numpy.asarray(be.to_host(_spread(be, labels, index, xp.bincount(
        region, minlength=n + 1)[:n]))) > 0
    return [counts[i] if present[i] else None for i in range(counts.shape[0])]


def labeled_comprehension(be, input, labels, index, func, out_dtype, default,
                          pass_positions=False):
    """func applied to each region's values (and, with pass_positions, their flat positions),
    one call a region as SciPy; regions of labels that do not occur get `default`."""
    xp = be.xp
    input = xp.asarray(input)
    scalar = numpy.isscalar(index)
    if labels is None:
        if index is not None:
            raise ValueError("index without defined labels")
        values = input.reshape(-1)
        if pass_positions:
            return func(values, xp.arange(values.shape[0]))
        return func(values)
    labels = xp.asarray(labels)
    try:
        labels = xp.broadcast_to(labels, input.shape)
    except ValueError:
        raise ValueError("input and labels must have the same shape "
                         "(excepting dimensions with width 1)") from None
    if index is None:
        values = input[labels > 0]
        if pass_positions:
            return func(values, xp.nonzero(labels.reshape(-1) > 0)[0])
        return func(values)
    values, region, n, _ = _groups(be, input, labels, index)
    order = xp.argsort(region, kind="stable")
    count = numpy.asarray(be.to_host(xp.bincount(region, minlength=n + 1)))
    bounds = numpy.concatenate([[0], numpy.cumsum(count)])
    wanted = numpy.asarray(be.to_host(xp.asarray(index))).reshape(-1)
    firsts = {}
    for i, w in enumerate(wanted.tolist()):
        firsts.setdefault(w, i)
    out = numpy.full(n, default, dtype=out_dtype)
    for i in range(n):
        j = firsts[wanted[i].item()]
        if count[j] == 0:
            continue
        take = order[int(bounds[j]):int(bounds[j + 1])]
        if pass_positions:
            r = func(values[take], take)
        else:
            r = func(values[take])
        out[i] = numpy.asarray(be.to_host(xp.asarray(r)))
    if scalar:
        return out[0]
    return xp.asarray(out)


def value_indices(be, arr, *, ignore_value=None):
    """{value: index arrays of where arr holds it} for each distinct value of an integer arr
    (ignore_value left out); the positions come from one stable sort by value."""
    xp = be.xp
    arr = xp.asarray(arr)
    if arr.dtype.kind not in "iu":
        raise ValueError("Parameter 'arr' must be an integer array")
    flat = arr.reshape(-1)
    order = xp.argsort(flat, kind="stable")
    keys, count = xp.unique(flat, return_counts=True)
    keys = numpy.asarray(be.to_host(keys))
    count = numpy.asarray(be.to_host(count))
    bounds = numpy.concatenate([[0], numpy.cumsum(count)])
    result = {}
    for i, key in enumerate(keys):
        if ignore_value is not None and key == ignore_value:
            continue
        where = order[int(bounds[i]):int(bounds[i + 1])]
        result[key] = tuple(xp.unravel_index(where, arr.shape)) if arr.ndim else ()
    return result


def find_objects(be, input, max_label=0):
    """For labels 1..max_label (max_label 0: the largest label), the bounding box of each as a
    tuple of slices, None for a label that does not occur: per-axis minimum and maximum
    coordinates scattered by label."""
    xp = be.xp
    input = xp.asarray(input)
    if input.dtype.kind not in "iub":
        raise TypeError(f"'{input.dtype}' object cannot be interpreted as an integer")
    flat = input.reshape(-1).astype(xp.int64)
    if max_label < 1:
        max_label = _host_int(be, xp.max(flat)) if flat.shape[0] else 0
    if max_label < 1:
        return []
    inside = (flat >= 1) & (flat <= max_label)
    slot = xp.where(inside, flat - 1, max_label)
    count = numpy.asarray(be.to_host(xp.bincount(slot, minlength=max_label + 1)))
    bounds = []
    for axis, size in enumerate(input.shape):
        shape = [1] * input.ndim
        shape[axis] = size
        coord = xp.broadcast_to(xp.arange(size, dtype=xp.int64).reshape(shape),
                                input.shape).reshape(-1)
        lo = xp.full(max_label + 1, size, dtype=xp.int64)
        hi = xp.full(max_label + 1, -1, dtype=xp.int64)
        xp.minimum.at(lo, slot, coord)
        xp.maximum.at(hi, slot, coord)
        bounds.append((numpy.asarray(be.to_host(lo)), numpy.asarray(be.to_host(hi))))
    result = []
    for i in range(max_label):
        if count[i] == 0:
            result.append(None)
        else:
            result.append(tuple(slice(int(lo[i]), int(hi[i]) + 1) for lo, hi in bounds))
    return result


def _structure(be, structure, ndim):
    if structure is None:
        steps = numpy.abs(numpy.indices([3] * ndim) - 1).sum(axis=0)
        return steps <= 1
    structure = numpy.asarray(be.to_host(structure)) != 0
    if structure.ndim != ndim:
        raise RuntimeError("structure and input must have equal rank")
    if any(n != 3 for n in structure.shape):
        raise ValueError("structure dimensions must be equal to 3")
    return structure


def _compress(be, parent):
    """Pointer jumping: every element's parent replaced by its parent's until each points at
    its root (rounds logarithmic in the trees' depth)."""
    xp = be.xp
    while True:
        up = parent[parent]
        if not bool(be.to_host(xp.any(up != parent))):
            return parent
        parent = up


def label(be, input, structure=None, output=None):
    """Connected components of input != 0 under `structure` (3 x ... x 3, its true elements
    the neighbours), numbered 1, 2, ... in the raster order of each component's first element.

    Union-find from array operations: every element starts as its own root (its flat
    position); each round takes the minimum root over the structure's neighbours (a
    min-stencil), hooks each root to the smallest root next to its tree (a minimum scatter) and
    compresses the trees by pointer jumping, until no element sees a smaller root. A component's
    root is then its first element; a sorted unique renumbers them. Cost per round: one stencil,
    one scatter and a few gathers, with a host synchronisation each; hooking whole trees makes
    the number of rounds grow slowly with component size, though a winding component still
    needs more rounds than a compact one."""
    xp = be.xp
    input = xp.asarray(input)
    if input.dtype.kind == "c":
        raise TypeError("Complex type not supported")
    ndim, original = input.ndim, input.shape
    st = _structure(be, structure, max(ndim, 1)) if ndim else None
    if ndim == 0:
        input = input.reshape(1)
        st = numpy.array([True, True, True])
    shape = input.shape
    size = input.size
    fg = (input != 0)
    big = float(size + 1)
    # Every element also reads itself (connectivity does not depend on the structure's centre,
    # and the minimum then never exceeds an element's own root).
    st = st.copy()
    st[(1,) * st.ndim] = True
    offsets = numpy.argwhere(st) - 1
    weights = numpy.zeros(len(offsets))
    flat_fg = fg.reshape(-1)
    parent = xp.arange(size, dtype=xp.int64)
    while size:
        lab = xp.where(fg, parent.reshape(shape).astype(xp.float64), big)
        spread = xp.empty(shape, dtype=xp.float64)
        be.run(lab, spread, offsets, weights, 4, big, "min")
        smallest = xp.where(flat_fg, spread.reshape(-1).astype(xp.int64), parent)
        if not bool(be.to_host(xp.any(smallest < parent))):
            break
        # Hook: each root takes the smallest root seen next to any of its elements (roots only
        # ever point to smaller roots, so no cycle forms). The indices are a copy: the scatter
        # writes the array they would otherwise be read from.
        xp.minimum.at(parent, parent.copy(), smallest)
        parent = _compress(be, parent)
    roots = xp.where(flat_fg, parent + 1, 0)
    uniq, inverse = xp.unique(roots, return_inverse=True)
    uniq_host = numpy.asarray(be.to_host(uniq))
    has_background = uniq_host.size and uniq_host[0] == 0
    count = int(uniq_host.size - (1 if has_background else 0))
    numbered = inverse.reshape(-1) + (0 if has_background else 1)
    if output is None or isinstance(output, (type, numpy.dtype, str)):
        dtype = numpy.dtype(numpy.int32 if output is None else output)
        out = xp.empty(original, dtype=dtype)
        given = False
    else:
        out = output
        if out.shape != original:
            raise RuntimeError("output shape not correct")
        dtype = out.dtype
        given = True
    if dtype.kind in "iu" and count > numpy.iinfo(dtype).max:
        raise RuntimeError("insufficient bit-depth in requested output type")
    out[...] = numbered.reshape(original).astype(dtype)
    return count if given else (out, count)


MEASUREMENTS = [label, find_objects, value_indices, sum_labels, sum, mean, variance,
                standard_deviation, minimum, maximum, minimum_position, maximum_position, extrema,
                median, center_of_mass, histogram, labeled_comprehension]
