"""scipy.ndimage.distance_transform_edt over a backend `be`, composed from array operations.

The squared Euclidean distance to the nearest zero of the input separates by axis: after a pass
along axis d, each element holds min over y on its line of (the value at y + (sampling_d
(x - y))^2), and after every axis that is the exact squared distance. Each pass is evaluated as
a broadcast (lines x n x n) and an argmin, in chunks of lines to bound the temporary; the argmin
also carries the nearest feature's coordinates. Cost: O(N n_d) per axis instead of the linear
Voronoi passes, in exchange for being a few whole-array operations. The distances are then
computed from the feature coordinates, as SciPy computes them."""
import numpy

from cunp.scipy.ndimage import _ni_support as ns

# Elements of one pass's broadcast temporary (lines x n x n float64) at most.
_CHUNK = 1 << 22


def _pass(be, squared, coords, axis, step):
    """One axis's pass over the squared distances and the feature coordinates."""
    xp = be.xp
    n = squared.shape[axis]
    f = xp.moveaxis(squared, axis, -1)
    c = [xp.moveaxis(k, axis, -1) for k in coords]
    lead = f.shape[:-1]
    f = f.reshape(-1, n)
    c = [k.reshape(-1, n) for k in c]
    pos = xp.arange(n, dtype=xp.float64)
    gap = (pos[:, None] - pos[None, :]) * step
    gap = gap * gap
    rows = f.shape[0]
    per = max(1, _CHUNK // max(n * n, 1))
    new_f = xp.empty(f.shape, dtype=xp.float64)
    new_c = [xp.empty(k.shape, dtype=k.dtype) for k in c]
    for start in range(0, rows, per):
        stop = min(rows, start + per)
        block = f[start:stop]
        # candidate[r, x, y]: through feature line position y to element x.
        candidate = block[:, None, :] + gap[None, :, :]
        best = xp.argmin(candidate, axis=2)
        new_f[start:stop] = xp.min(candidate, axis=2)
        for k, out in zip(c, new_c):
            out[start:stop] = xp.take_along_axis(k[start:stop], best, axis=1)
    back = lambda a: xp.moveaxis(a.reshape(lead + (n,)), -1, axis)  # noqa: E731
    return back(new_f), [back(k) for k in new_c]


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
    feature = input == 0
    squared = xp.where(feature, 0.0, numpy.inf)
    coords = [xp.broadcast_to(xp.arange(n, dtype=xp.int64).reshape(
        [n if d == k else 1 for d in range(ndim)]), input.shape).copy()
        for k, n in enumerate(input.shape)]
    for axis in range(ndim):
        if input.shape[axis] > 1:
            squared, coords = _pass(be, squared, coords, axis, steps[axis])
    results = []
    if want_d:
        total = xp.zeros(input.shape, dtype=xp.float64)
        for k, n in enumerate(input.shape):
            own = xp.arange(n, dtype=xp.float64).reshape([n if d == k else 1
                                                          for d in range(ndim)])
            delta = (coords[k].astype(xp.float64) - own) * steps[k]
            total = total + delta * delta
        # No zero anywhere: every distance is infinite.
        dist = xp.where(xp.isinf(squared), numpy.inf, xp.sqrt(total))
        if distances is not None:
            distances[...] = dist
        else:
            results.append(dist)
    if want_i:
        stacked = xp.stack([k.astype(xp.int32) for k in coords]) if ndim else xp.zeros(
            (0,), dtype=xp.int32)
        if indices is not None:
            indices[...] = stacked
        else:
            results.append(stacked)
    if not results:
        return None
    return results[0] if len(results) == 1 else tuple(results)


DISTANCE = [distance_transform_edt]
