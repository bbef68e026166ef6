"""cunp.scipy.spatial.Delaunay: the triangulation is computed on the host and held as cunp
arrays: in 2-D by cunp itself (_triangulate.py around src/ops/spatial/delaunay2d.cpp:
Bowyer-Watson with exact predicates), in 3 or more dimensions by SciPy's Qhull when SciPy is
installed (_triangulate_nd.py). find_simplex runs on the device in any dimension, one thread
per point walking the triangulation from the simplex whose centroid is nearest (a KDTree
query), as src/device/spatial/tri_locate.cuh describes."""
import numpy

import cunp as cp
from cunp import _core
from cunp.scipy.spatial import _triangulate, _triangulate_nd
from cunp.scipy.spatial._kdtree import KDTree

QhullError = _triangulate.QhullError

# SciPy's default find_simplex tolerance: 100 float64 ulps.
_DEFAULT_TOL = 100 * numpy.finfo(numpy.float64).eps


class Delaunay:
    """Delaunay triangulation (scipy.spatial.Delaunay).

    Attributes as SciPy's: points (float64), simplices and neighbors (int32, neighbors[s, j]
    opposite simplices[s, j], -1 on the hull), transform, convex_hull, coplanar (repeated
    points left out), vertex_to_simplex, vertex_neighbor_vertices, nsimplex, npoints, ndim.
    In 2-D cunp triangulates (counter-clockwise triangles; qhull_options is ignored); in 3 or
    more dimensions the simplices are SciPy's Qhull's, made on the host (SciPy required,
    qhull_options passed on), and find_simplex runs on the device. furthest_site and
    incremental are not supported (NotImplementedError)."""

    def __init__(self, points, furthest_site=False, incremental=False, qhull_options=None):
        if furthest_site or incremental:
            raise NotImplementedError("cunp's Delaunay has no furthest_site or incremental mode")
        host = numpy.asarray(cp.asnumpy(points) if isinstance(points, cp.ndarray) else points)
        if host.dtype.kind == "c":
            raise TypeError("Delaunay: complex points are not supported")
        host = host.astype(numpy.float64)
        if host.ndim != 2:
            raise ValueError("Input points array must have 2 dimensions.")
        if host.shape[1] < 2:
            raise NotImplementedError("cunp's Delaunay triangulates points of 2 or more "
                                      "dimensions")
        if not numpy.isfinite(host).all():
            raise ValueError("Points cannot contain NaN")
        self._qhull = None
        if host.shape[1] == 2:
            simplices, neighbors, coplanar = _triangulate.triangulate(host)
        else:
            self._qhull = _triangulate_nd.triangulate(host, qhull_options, QhullError)
            simplices = self._qhull["simplices"]
            neighbors = self._qhull["neighbors"]
            coplanar = self._qhull["coplanar"]
        self._host_points = host
        self._host_simplices = simplices
        self._host_neighbors = neighbors
        self.points = cp.asarray(host)
        self.simplices = cp.asarray(simplices)
        self.neighbors = cp.asarray(neighbors)
        self.coplanar = cp.asarray(coplanar)
        self.ndim = host.shape[1]
        self.npoints = host.shape[0]
        self.nsimplex = simplices.shape[0]
        self.furthest_site = False
        self._transform = None
        self._locator = None

    @property
    def transform(self):
        """(nsimplex, ndim + 1, ndim): T^-1 and r_ndim per simplex, so c = T^-1 (x - r_ndim)
        (NaN when degenerate)."""
        if self._transform is None:
            if self._qhull is not None:
                self._transform = cp.asarray(self._qhull["transform"])
            else:
                self._transform = cp.asarray(
                    _triangulate.transforms(self._host_points, self._host_simplices))
        return self._transform

    @property
    def convex_hull(self):
        """The hull's facets (nfacet, ndim) int32."""
        if self._qhull is not None:
            return cp.asarray(self._qhull["convex_hull"])
        return cp.asarray(_triangulate.hull_edges(self._host_simplices, self._host_neighbors))

    @property
    def vertex_to_simplex(self):
        """A simplex holding each point (int32; -1 for points left out)."""
        if self._qhull is not None:
            return cp.asarray(self._qhull["vertex_to_simplex"])
        out = numpy.full(self.npoints, -1, dtype=numpy.int32)
        s = self._host_simplices
        out[s.ravel()[::-1]] = numpy.repeat(numpy.arange(s.shape[0], dtype=numpy.int32), 3)[::-1]
        return cp.asarray(out)

    @property
    def vertex_neighbor_vertices(self):
        """(indptr, indices) int32: the neighbours of vertex k are
        indices[indptr[k]:indptr[k + 1]], in increasing order (Qhull's order in 3 or more
        dimensions)."""
        if self._qhull is not None:
            indptr, indices = self._qhull["vertex_neighbor_vertices"]
            return cp.asarray(indptr), cp.asarray(indices)
        s = self._host_simplices
        a = numpy.concatenate([s[:, 0], s[:, 1], s[:, 2], s[:, 1], s[:, 2], s[:, 0]])
        b = numpy.concatenate([s[:, 1], s[:, 2], s[:, 0], s[:, 0], s[:, 1], s[:, 2]])
        pairs = numpy.unique(numpy.stack([a, b], axis=1), axis=0).reshape(-1, 2)
        indptr = numpy.zeros(self.npoints + 1, dtype=numpy.int32)
        numpy.add.at(indptr, pairs[:, 0] + 1, 1)
        return cp.asarray(numpy.cumsum(indptr, dtype=numpy.int32)), \
            cp.asarray(pairs[:, 1].astype(numpy.int32))

    def _starts(self, xi):
        """The simplex each walk starts from: the one whose centroid is nearest."""
        if self._locator is None:
            centroids = self.points[self.simplices].mean(axis=1)
            self._locator = KDTree(centroids, leafsize=8)
        return cp.ascontiguousarray(self._locator.query(xi)[1])

    def find_simplex(self, xi, bruteforce=False, tol=None):
        """The simplex holding each point of xi (..., ndim), or -1 outside the hull (int32).
        A point on a facet may be given either simplex."""
        xi = cp.asarray(xi)
        if xi.shape[-1:] != (self.ndim,):
            raise ValueError("wrong dimensionality in xi")
        lead = xi.shape[:-1]
        flat = cp.ascontiguousarray(xi.reshape(-1, self.ndim).astype(cp.float64))
        out = cp.empty(flat.shape[0], dtype=cp.int64)
        eps = _DEFAULT_TOL if tol is None else float(tol)
        if flat.shape[0] and self.nsimplex:
            finite = cp.isfinite(flat).all(axis=1)
            starts = self._starts(cp.where(finite[:, None], flat, 0.0))
            _core.spatial.tri_locate(flat, cp.ascontiguousarray(self.transform),
                                     self.neighbors.astype(cp.int64), starts, out, eps)
        else:
            out.fill(-1)
        return out.astype(cp.int32).reshape(lead)

    def close(self):
        """Kept for SciPy's interface: nothing to release."""
