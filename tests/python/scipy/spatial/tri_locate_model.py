"""A NumPy model of Delaunay.find_simplex's kernel (src/device/spatial/tri_locate.cuh): the
same walk from a start triangle across the edge of the most negative barycentric coordinate,
one query at a time, for the CPU tests."""
import numpy


def locate(xi, transform, neighbors, start, eps):
    ns = transform.shape[0]
    out = numpy.full(xi.shape[0], -1, dtype=numpy.int64)
    for i, (x, y) in enumerate(xi):
        if not (numpy.isfinite(x) and numpy.isfinite(y)) or ns == 0:
            continue
        s = start[i] if 0 <= start[i] < ns else 0
        settled = False
        for _ in range(4 * ns + 64):
            t = transform[s]
            c0 = t[0, 0] * (x - t[2, 0]) + t[0, 1] * (y - t[2, 1])
            c1 = t[1, 0] * (x - t[2, 0]) + t[1, 1] * (y - t[2, 1])
            c = [c0, c1, 1.0 - c0 - c1]
            if numpy.isnan(c0) or numpy.isnan(c1):
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
                t = transform[s]
                c0 = t[0, 0] * (x - t[2, 0]) + t[0, 1] * (y - t[2, 1])
                c1 = t[1, 0] * (x - t[2, 0]) + t[1, 1] * (y - t[2, 1])
                if min(c0, c1, 1.0 - c0 - c1) >= -eps:
                    out[i] = s
                    break
    return out
