"""The direct solvers of cunp.scipy.sparse.linalg."""

from ._linsolve import (MatrixRankWarning, SuperLU, expm, factorized, inv, is_sptriangular, spbandwidth,
                        spilu, splu, spsolve, spsolve_triangular, use_solver)

__all__ = ["MatrixRankWarning", "SuperLU", "expm", "factorized", "inv", "is_sptriangular", "spbandwidth",
           "spilu", "splu", "spsolve", "spsolve_triangular", "use_solver"]
