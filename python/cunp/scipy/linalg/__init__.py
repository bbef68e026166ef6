"""cunp.scipy.linalg: scipy.linalg on cunp arrays.

Factorizations and solves run on cuSOLVER (LU through getrf/getrs, Cholesky through potrf);
triangular and banded solves are LU solves of matrices whose factors are known; expm is Pade
scaling and squaring over matmul and solve. The special matrices are compositions of cunp
operations (index arithmetic), batched over leading axes where SciPy 1.18 accepts stacks.
"""
from cunp.scipy.linalg._decomp_lu import lu, lu_factor, lu_solve
from cunp.scipy.linalg._solve import (
    cho_factor, cho_solve, solve_banded, solve_triangular,
)
from cunp.scipy.linalg._expm import expm
from cunp.scipy.linalg._special_matrices import (
    bandwidth, block_diag, circulant, companion, convolution_matrix, dft, fiedler,
    fiedler_companion, hadamard, hankel, helmert, hilbert, invhilbert, khatri_rao, kron,
    leslie, toeplitz,
)

__all__ = [
    "lu", "lu_factor", "lu_solve", "solve_triangular", "cho_factor", "cho_solve",
    "solve_banded", "expm", "block_diag", "toeplitz", "circulant", "hankel", "hadamard",
    "helmert", "hilbert", "invhilbert", "leslie", "companion", "fiedler", "fiedler_companion",
    "convolution_matrix", "dft", "khatri_rao", "bandwidth", "kron",
]
