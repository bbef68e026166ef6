"""A NumPy model of Delaunay.find_simplex's kernel (src/device/spatial/tri_locate.cuh): the
same walk from a start simplex across the facet of the most negative barycentric coordinate,
one query at a time, in any dimension d >= 2, for the CPU tests."""
import numpy


def _coordinates(t, x):
    """The barycentric coordinates (d + 1) of x in the simplex of transform t (d + 1, d)."""
    d = x.shape[0]
    if d == 2:  # the kernel's order of operations in the plane
        c0 = t[0, 0] * (x[0] - t[2, 0]) + t[0, 1] * (x[1] - t[2, 1])
        c1 = t[1, 0] * (x[0] - t[2, 0]) + t[1, 1] * (x[1] - t[2, 1])
        return numpy.array([c0, c1, 1.0 - c0 - c1])
    c = t[:d] @ (x - t[d])
    return numpy.append(c, 1.0 - c.sum())


def locate(xi, transform, neighbors, start, eps):
    ns = transform.shape[0]
    out = numpy.full(xi.shape[0], -1, dtype=numpy.int64)
    for i, x in enumerate(xi):
        if not numpy.isfinite(x).all() or ns == 0:
            continue
        s = start[i] if 0 <= start[i] < ns else 0
        settled = False
        for _ in range(4 * ns + 64):
            c = _coordinates(transform[s], x)
            if numpy.isnan(c).any():
                break
            worst = int(numpy.argmin(c))
            if c[worst] >= -eps:
                out[i], settled = s, True
                break
            if neighbors[s, worst] < 0:
                settled = True
                break
            s = neighbors[s, worst]
        if not settled:
            for s in range(ns):
                if _coordinates(transform[s], x).min() >= -eps:
                    out[i] = s
                    break
    return out
