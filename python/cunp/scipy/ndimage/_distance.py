"""scipy.ndimage.distance_transform_edt over a backend `be` (see _ni_support.Backend).

The squared Euclidean distance to the nearest zero separates by axis: after a pass along axis d,
each element holds min over y on its line of (the value at y + (sampling_d (x - y))^2), and after
every axis that is the exact squared distance. The backend's edt.line runs one pass over every
line at once (src/device/ndimage/ndi_edt.cuh), carrying each element's nearest zero as a C-order
position when the indices are asked for. Each pass rounds its sums as SciPy rounds its sum of
squared coordinate differences (in axis order, never fused), so the distances are the last
pass's values' square roots (which that pass writes in their place), and edt.indices gives the
indices from the positions. Where several zeros are equally near, the pass
keeps the one earliest along its axis."""
import numpy

from cunp.scipy.ndimage import _ni_support as ns


def _nearest_zeros(be, input, steps, want_positions, root):
    """The squared distances (float64; their square roots if root) and, if want_positions, the
    nearest zeros' C-order positions (int64; else None: the distances need only the sums), both
    C-contiguous of the input's shape, after a pass along every axis."""
    xp = be.xp
    shape = input.shape
    # 0 and inf are their own square roots: the values before any pass need no root.
    f = xp.ascontiguousarray(xp.where(input == 0, 0.0, numpy.inf)).reshape(shape)
    if not want_positions:
        feat = go = None
    elif input.size == 0:
        return f, xp.empty(shape, dtype=xp.int64)
    else:
        feat = None  # each element's own position, until a pass has run
        go = xp.empty(shape, dtype=xp.int64)
    if input.size == 0:
        return f, None
    fo = xp.empty(shape, dtype=xp.float64)
    scratch = xp.empty(input.size, dtype=xp.int32)
    passes = [axis for axis, n in enumerate(shape) if n > 1]  # a line of one is its own envelope
    for axis in passes:
        be.edt.line(f, feat, fo, go, scratch, axis, steps[axis], root and axis == passes[-1])
        if want_positions and feat is None:
            feat = xp.empty(shape, dtype=xp.int64)
        f, fo, feat, go = fo, f, go, feat
    if want_positions and feat is None:
        feat = xp.arange(input.size, dtype=xp.int64).reshape(shape)
    return f, feat


def distance_transform_edt(be, input, sampling=None, return_distances=True,
                           return_indices=False, distances=None, indices=None):
    """The exact Euclidean distance from each non-zero element to the nearest zero (with
    per-axis sampling), and/or the indices of that zero."""
    xp = be.xp
    if not (return_distances or return_indices):
        raise RuntimeError("at least one of return_distances/return_indices must be True")
    if distances is not None and not return_distances:
        raise RuntimeError("return_distances must be True if distances is supplied")
    if indices is not None and not return_indices:
        raise RuntimeError("return_indices must be True if indices is supplied")
    want_d, want_i = return_distances, return_indices
    input = xp.asarray(input)
    ndim = input.ndim
    if sampling is None:
        steps = [1.0] * ndim
    else:
        steps = [float(s) for s in ns.normalize_sequence(sampling, ndim)]
    if distances is not None:
        if not isinstance(distances, xp.ndarray):
            raise TypeError("distances must be an array of the input's kind")
        if distances.shape != input.shape:
            raise RuntimeError("distances array has wrong shape")
        if distances.dtype != numpy.float64:
            raise RuntimeError("distances array must be float64")
    if indices is not None:
        if not isinstance(indices, xp.ndarray):
            raise TypeError("indices must be an array of the input's kind")
        if indices.shape != (ndim,) + input.shape:
            raise RuntimeError("indices array has wrong shape")
        if indices.dtype != numpy.int32:
            raise RuntimeError("indices array must be int32")
    f, feat = _nearest_zeros(be, input, steps, want_i, want_d)
    results = []
    if want_d:  # f holds the distances (inf where there is no zero at all)
        if distances is None:
            results.append(f)
        else:
            distances[...] = f
    if want_i:
        index = indices if indices is not None else xp.empty((ndim,) + input.shape,
                                                             dtype=xp.int32)
        be.edt.indices(feat, input.shape, index)
        if indices is None:
            results.append(index)
    if not results:
        return None
    return results[0] if len(results) == 1 else tuple(results)


DISTANCE = [distance_transform_edt]
