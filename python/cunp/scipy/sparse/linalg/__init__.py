"""cunp.scipy.sparse.linalg: SciPy's sparse linear algebra on the GPU. LinearOperator and its
algebra; the Krylov solvers (cg, bicg, cgs, bicgstab, gmres, lgmres, minres, qmr, tfqmr, lsqr,
lsmr) with their vectors on the device; eigsh (thick-restart Lanczos), eigs (restarted
Arnoldi), svds and lobpcg; direct solves, inv and expm; norm, matrix_power, onenormest and
expm_multiply. SciPy is the spec."""

from ._interface import IdentityOperator, LinearOperator, MatrixLinearOperator, aslinearoperator
from ._isolve import bicg, bicgstab, cg, cgs, gmres, lgmres, lsmr, lsqr, minres, qmr, tfqmr
from ._eigen import ArpackError, ArpackNoConvergence, eigs, eigsh, lobpcg, svds
from ._dsolve import (MatrixRankWarning, SuperLU, expm, factorized, inv, is_sptriangular,
                      spbandwidth, spilu, splu, spsolve, spsolve_triangular, use_solver)
from ._norm import norm
from ._matfuncs import matrix_power, onenormest
from ._expm_multiply import expm_multiply

__all__ = ["ArpackError", "ArpackNoConvergence", "IdentityOperator", "LinearOperator",
           "MatrixLinearOperator", "MatrixRankWarning", "SuperLU", "aslinearoperator", "bicg",
           "bicgstab", "cg", "cgs", "eigs", "eigsh", "expm", "expm_multiply", "factorized", "gmres",
           "inv", "is_sptriangular", "lgmres", "lobpcg", "lsmr", "lsqr", "matrix_power", "minres", "norm",
           "onenormest", "qmr", "spbandwidth", "spilu", "splu", "spsolve", "spsolve_triangular", "svds",
           "tfqmr", "use_solver"]
