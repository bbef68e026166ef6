"""cunp.scipy.spatial: scipy.spatial on cunp arrays (so far the distance module and
distance_matrix)."""
from cunp.scipy.spatial import distance
from cunp.scipy.spatial.distance import distance_matrix, minkowski_distance

__all__ = ["distance", "distance_matrix", "minkowski_distance"]
