"""cunp.scipy.spatial: scipy.spatial on cunp arrays: the distance module and distance_matrix,
KDTree (cKDTree) and the Delaunay triangulation (cunp's in 2-D, SciPy's Qhull's in more)."""
from cunp.scipy.spatial import distance
from cunp.scipy.spatial._delaunay import Delaunay, QhullError
from cunp.scipy.spatial._kdtree import KDTree, cKDTree
from cunp.scipy.spatial.distance import distance_matrix, minkowski_distance

__all__ = ["distance", "distance_matrix", "minkowski_distance", "KDTree", "cKDTree",
           "Delaunay", "QhullError"]
