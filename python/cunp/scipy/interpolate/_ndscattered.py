"""The maths of the scattered-data interpolators over a triangulation, written against an
array module `xp` (cunp on the device; NumPy in the CPU tests, with SciPy's triangulation):

- linear_values: barycentric interpolation in the simplex holding each point (any dimension);
- gradients: the vertex gradients that minimise the summed squared second derivative of the
  cubics along all edges (Nielson's global estimate, the one SciPy's
  CloughTocher2DInterpolator uses), solved exactly by block-Jacobi preconditioned conjugate
  gradients instead of SciPy's Gauss-Seidel sweeps (the same minimiser);
- clough_tocher_table / clough_tocher_values: the Clough-Tocher split of each triangle into
  three cubic Bezier patches around its centroid, C1 everywhere. Each patch's ordinate next to
  its outer edge makes the derivative across the edge linear along it, the derivative taken
  towards the neighbouring triangle's centroid (along the edge's midpoint-to-centroid line on
  the hull), which both triangles share: the affine-invariant choice SciPy makes.

Values are (npoints, nvalues) real arrays; complex data goes through as real and imaginary
columns."""
import numpy


def barycentric(xp, transform, isimplex, xi):
    """The barycentric coordinates (m, d + 1) of xi (m, d) in simplices isimplex (clipped to 0
    for points outside, whose rows the caller masks); transform is Delaunay.transform
    (s, d + 1, d)."""
    t = transform[xp.maximum(isimplex, 0)]        # (m, d + 1, d)
    d = xi.shape[1]
    rel = xi - t[:, d, :]
    if d == 2:  # the triangle's two products written out
        c0 = t[:, 0, 0] * rel[:, 0] + t[:, 0, 1] * rel[:, 1]
        c1 = t[:, 1, 0] * rel[:, 0] + t[:, 1, 1] * rel[:, 1]
        return xp.stack([c0, c1, 1.0 - c0 - c1], axis=1)
    c = (t[:, :d, :] * rel[:, None, :]).sum(axis=2)  # T^-1 (x - r_d), (m, d)
    return xp.concatenate([c, 1.0 - c.sum(axis=1, keepdims=True)], axis=1)


def linear_values(xp, simplices, transform, isimplex, xi, values, fill_value):
    """LinearNDInterpolator's values (m, s) at xi (m, d); fill_value outside the hull."""
    b = barycentric(xp, transform, isimplex, xi)
    vertex_values = values[simplices[xp.maximum(isimplex, 0)]]     # (m, d + 1, s)
    out = (b[:, :, None] * vertex_values).sum(axis=1)
    return xp.where((isimplex < 0)[:, None], fill_value, out)


def edges(xp, simplices, n):
    """Every edge once (e, 2), as (lower, higher) vertex numbers (n: the number of points)."""
    e = xp.concatenate([simplices[:, [0, 1]], simplices[:, [1, 2]], simplices[:, [2, 0]]])
    e = xp.sort(e, axis=1).astype(xp.int64)
    key = xp.unique(e[:, 0] * n + e[:, 1])
    return xp.stack([key // n, key % n], axis=1)


def gradients(xp, points, simplices, values, tol=1e-6, maxiter=400):
    """The vertex gradients (n, 2, s) minimising sum over edges of the integral of the squared
    second derivative of the edge's cubic Hermite interpolant (in arc length).

    Setting the functional's derivative to zero gives an SPD system A g = b with one 2x2 block
    per vertex and per edge; it is solved by conjugate gradients preconditioned with the
    inverted diagonal blocks, to a residual of min(tol, 1e-10) relative to b (at least
    max(maxiter, 10 * sqrt(n) + 50) iterations allowed)."""
    n, s = values.shape
    e = edges(xp, simplices, n)
    i, j = e[:, 0], e[:, 1]
    ev = points[j] - points[i]                                     # (E, 2)
    inv_l3 = 1.0 / ((ev * ev).sum(axis=1) ** 1.5)                  # (E,)
    outer = ev[:, :, None] * ev[:, None, :] * inv_l3[:, None, None]  # (E, 2, 2)

    def scatter(to_i, to_j):
        out = xp.zeros((n, 2, s), dtype=xp.float64)
        xp.add.at(out, i, to_i)
        xp.add.at(out, j, to_j)
        return out

    def apply(g):
        # d/dg_i of 4(D1^2 + D1 D2 + D2^2) / L^3 is 4(2 D1 + D2) e / L^3, with D = g . e.
        d1 = (g[i] * ev[:, :, None]).sum(axis=1)                  # (E, s)
        d2 = (g[j] * ev[:, :, None]).sum(axis=1)
        w = 4.0 * inv_l3[:, None]
        return scatter(ev[:, :, None] * (w * (2 * d1 + d2))[:, None, :],
                       ev[:, :, None] * (w * (d1 + 2 * d2))[:, None, :])

    delta = values[j] - values[i]                                  # (E, s)
    rhs_edge = ev[:, :, None] * (12.0 * inv_l3[:, None] * delta)[:, None, :]
    b = scatter(rhs_edge, rhs_edge)
    # The block diagonal: 8 e e^T / L^3 summed over each vertex's edges.
    diag = xp.zeros((n, 2, 2), dtype=xp.float64)
    xp.add.at(diag, i, 8.0 * outer)
    xp.add.at(diag, j, 8.0 * outer)
    det = diag[:, 0, 0] * diag[:, 1, 1] - diag[:, 0, 1] * diag[:, 1, 0]
    det = xp.where(det == 0, 1.0, det)
    inv = xp.stack([xp.stack([diag[:, 1, 1], -diag[:, 0, 1]], axis=1),
                    xp.stack([-diag[:, 1, 0], diag[:, 0, 0]], axis=1)], axis=1) / det[:, None,
                                                                                       None]

    def precondition(r):
        return (inv[:, :, :, None] * r[:, None, :, :]).sum(axis=2)

    g = xp.zeros((n, 2, s), dtype=xp.float64)
    r = b.copy()
    z = precondition(r)
    p = z.copy()
    rz = (r * z).sum(axis=(0, 1))
    bnorm = xp.sqrt((b * b).sum(axis=(0, 1)))
    bnorm = xp.where(bnorm == 0, 1.0, bnorm)
    goal = min(float(tol), 1e-10)
    limit = max(int(maxiter), int(10 * numpy.sqrt(n)) + 50)
    for _ in range(limit):
        if float(xp.max(xp.sqrt((r * r).sum(axis=(0, 1))) / bnorm)) <= goal:
            break
        ap = apply(p)
        pap = (p * ap).sum(axis=(0, 1))
        alpha = rz / xp.where(pap == 0, 1.0, pap)
        g = g + alpha * p
        r = r - alpha * ap
        z = precondition(r)
        rz_new = (r * z).sum(axis=(0, 1))
        beta = rz_new / xp.where(rz == 0, 1.0, rz)
        p = z + beta * p
        rz = rz_new
    return g


def clough_tocher_table(xp, points, simplices, neighbors, values, grads):
    """The ten Bezier ordinates (nsimplex, 3, 10, s) of each triangle's three patches: patch k
    is the one facing vertex k, over (V_a, V_b, centroid) with a = k+1, b = k+2 (mod 3), its
    ordinates ordered as _PATCH_POWERS."""
    v = points[simplices]                             # (ns, 3, 2)
    f = values[simplices]                             # (ns, 3, s)
    g = grads[simplices]                              # (ns, 3, 2, s)
    centroid = v.mean(axis=1)                         # (ns, 2)

    def along(a, target):
        """f_a + grad_a . (target - V_a) / 3: the ordinate one third of the way to target."""
        d = target - v[:, a, :]
        return f[:, a, :] + (g[:, a, :, :] * d[:, :, None]).sum(axis=1) / 3.0

    edge = {(a, b): along(a, v[:, b, :]) for a in range(3) for b in range(3) if a != b}
    cen = [along(a, centroid) for a in range(3)]
    # Barycentric coordinates of each neighbour's centroid in this triangle.
    t = v[:, :2, :] - v[:, 2:, :]                     # rows r_0 - r_2, r_1 - r_2
    det = t[:, 0, 0] * t[:, 1, 1] - t[:, 0, 1] * t[:, 1, 0]
    inner = []
    for k in range(3):
        a, b = (k + 1) % 3, (k + 2) % 3
        nb = neighbors[:, k]
        other = centroid[xp.maximum(nb, 0)] - v[:, 2, :]
        c0 = (t[:, 1, 1] * other[:, 0] - t[:, 1, 0] * other[:, 1]) / det
        c1 = (-t[:, 0, 1] * other[:, 0] + t[:, 0, 0] * other[:, 1]) / det
        cb = [c0, c1, 1.0 - c0 - c1]
        # The direction to the neighbour's centroid as a1 V_a + a2 V_b + a4 C (a1+a2+a4 = 0);
        # on the hull, from the edge's midpoint to this triangle's centroid.
        hull = nb < 0
        a1 = xp.where(hull, -0.5, cb[a] - cb[k])[:, None]
        a2 = xp.where(hull, -0.5, cb[b] - cb[k])[:, None]
        a4 = xp.where(hull, 1.0, 3.0 * cb[k] - 1.0)[:, None]
        # The derivative along that direction on the edge is a quadratic Bezier (q0, q1, q2);
        # the inner ordinate makes q1 the mean of q0 and q2, i.e. the derivative linear.
        q0 = a1 * f[:, a, :] + a2 * edge[(a, b)] + a4 * cen[a]
        q2 = a1 * edge[(b, a)] + a2 * f[:, b, :] + a4 * cen[b]
        inner.append(((q0 + q2) / 2 - a1 * edge[(a, b)] - a2 * edge[(b, a)]) / a4)
    # C1 across the patches' shared edges (vertex to centroid) fixes the rest.
    near = [(cen[a] + inner[(a + 1) % 3] + inner[(a + 2) % 3]) / 3.0 for a in range(3)]
    middle = (near[0] + near[1] + near[2]) / 3.0
    patches = []
    for k in range(3):
        a, b = (k + 1) % 3, (k + 2) % 3
        patches.append(xp.stack([f[:, a, :], f[:, b, :], edge[(a, b)], edge[(b, a)], cen[a],
                                 cen[b], inner[k], near[a], near[b], middle], axis=1))
    return xp.stack(patches, axis=1)


# The exponents of (u_a, u_b, u_centroid) of each ordinate, and its multinomial coefficient.
_PATCH_POWERS = numpy.array([[3, 0, 0], [0, 3, 0], [2, 1, 0], [1, 2, 0], [2, 0, 1], [0, 2, 1],
                             [1, 1, 1], [1, 0, 2], [0, 1, 2], [0, 0, 3]], dtype=numpy.float64)
_PATCH_COEFFS = numpy.array([1, 1, 3, 3, 3, 3, 6, 3, 3, 1], dtype=numpy.float64)


def clough_tocher_values(xp, table, transform, isimplex, xi, fill_value):
    """The interpolant (m, s) at xi (m, 2) from the ordinates table; fill_value outside."""
    b = barycentric(xp, transform, isimplex, xi)                   # (m, 3)
    k = xp.argmin(b, axis=1)                                       # the patch holding xi
    bk = xp.take_along_axis(b, k[:, None], axis=1)[:, 0]
    ba = xp.take_along_axis(b, ((k + 1) % 3)[:, None], axis=1)[:, 0]
    bb = xp.take_along_axis(b, ((k + 2) % 3)[:, None], axis=1)[:, 0]
    u = xp.stack([ba - bk, bb - bk, 3.0 * bk], axis=1)             # patch coordinates
    powers = xp.asarray(_PATCH_POWERS)
    weights = xp.asarray(_PATCH_COEFFS) * (u[:, None, :] ** powers[None]).prod(axis=2)
    ordinates = table[xp.maximum(isimplex, 0), k]                  # (m, 10, s)
    out = (weights[:, :, None] * ordinates).sum(axis=1)
    return xp.where((isimplex < 0)[:, None], fill_value, out)
