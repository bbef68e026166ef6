"""The eigensolvers of cunp.scipy.sparse.linalg."""

from ._lanczos import ArpackError, ArpackNoConvergence, eigsh
from ._lobpcg import lobpcg
from ._svds import svds

__all__ = ["ArpackError", "ArpackNoConvergence", "eigsh", "lobpcg", "svds"]
