"""The Delaunay triangulation in 3 or more dimensions, for cunp.scipy.spatial.Delaunay: taken on
the host from SciPy's Qhull (scipy.spatial.Delaunay), since cunp has no N-d triangulator of its
own. Only the simplices and their tables come from SciPy; locating points in them
(find_simplex) and interpolating over them run on the device. Without SciPy there is no N-d
triangulation, and this says so (ImportError)."""
import numpy

# What a Delaunay built here keeps from SciPy's, as NumPy arrays.
_TABLES = ("simplices", "neighbors", "coplanar", "transform", "convex_hull",
           "vertex_to_simplex")


def triangulate(points, qhull_options, qhull_error):
    """SciPy's Delaunay of float64 points (n, d), d >= 3, as a dict of NumPy arrays (_TABLES
    and 'vertex_neighbor_vertices', a pair). SciPy's QhullError comes back as `qhull_error`
    (cunp's), with Qhull's message."""
    try:
        from scipy import spatial as host
    except ImportError as e:
        raise ImportError(
            f"cunp's Delaunay in {points.shape[1]} dimensions takes its simplices from SciPy's "
            "Qhull (scipy.spatial.Delaunay); install SciPy to triangulate or interpolate "
            "(LinearNDInterpolator, griddata) in 3 or more dimensions") from e
    try:
        tri = host.Delaunay(points, qhull_options=qhull_options)
    except host.QhullError as e:
        raise qhull_error(str(e)) from e
    out = {name: numpy.ascontiguousarray(getattr(tri, name)) for name in _TABLES}
    indptr, indices = tri.vertex_neighbor_vertices
    out["vertex_neighbor_vertices"] = (numpy.asarray(indptr), numpy.asarray(indices))
    tri.close()
    return out
