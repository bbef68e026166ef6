"""cunp.scipy.sparse.csgraph: SciPy's graph routines on sparse adjacency matrices, composed
edge-parallel on the device: connected components (weak and strong), the graph Laplacian,
breadth-first order and shortest paths."""

from ._components import connected_components
from ._laplacian import laplacian
from ._traversal import NULL, breadth_first_order, shortest_path



class NegativeCycleError(Exception):
    """A negative cycle makes shortest paths undefined (SciPy's name)."""

__all__ = ["NegativeCycleError", "breadth_first_order", "connected_components", "laplacian",
           "shortest_path"]
