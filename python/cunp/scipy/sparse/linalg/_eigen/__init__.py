"""The eigensolvers of cunp.scipy.sparse.linalg."""

from ._arnoldi import eigs
from ._lanczos import ArpackError, ArpackNoConvergence, eigsh
from ._lobpcg import lobpcg
from ._svds import svds

__all__ = ["ArpackError", "ArpackNoConvergence", "eigs", "eigsh", "lobpcg", "svds"]
