"""cunp.scipy.sparse.csgraph: SciPy's graph routines on sparse adjacency matrices, composed
edge-parallel on the device: connected components (weak and strong), the graph Laplacian,
breadth-first order and tree, shortest paths, minimum spanning trees and the dense/sparse
graph conversions."""

from ._validation import NegativeCycleError
from ._components import connected_components
from ._laplacian import laplacian
from ._traversal import breadth_first_order, shortest_path
from ._paths import bellman_ford, dijkstra, floyd_warshall, johnson
from ._conversions import csgraph_from_dense, csgraph_to_dense
from ._trees import breadth_first_tree, minimum_spanning_tree, reconstruct_path
from ._distances import construct_dist_matrix

__all__ = ["NegativeCycleError", "bellman_ford", "breadth_first_order", "breadth_first_tree",
           "connected_components", "construct_dist_matrix", "csgraph_from_dense", "csgraph_to_dense", "dijkstra",
           "floyd_warshall", "johnson", "laplacian", "minimum_spanning_tree", "reconstruct_path",
           "shortest_path"]
