"""Direct solves of sparse systems: spsolve, spsolve_triangular, splu/spilu (a SuperLU-like
factor object), factorized, and the structure queries is_sptriangular and spbandwidth.

spsolve runs on cuSOLVER's sparse QR (cusolverSp) where it loads. The factor objects and the
triangular solves run densely on the device (cuSOLVER's getrf/getrs, cuBLAS's trsm): exact,
pivoted, and fast while the dense matrix fits in device memory (n up to ~10^4); a sparse LU
(cuDSS) is the path for larger ones, see docs/differences.md."""

import warnings

import numpy

from ... import _backend
from ..._base import SparseEfficiencyWarning, issparse
from . import _dense, _qr

__all__ = ["MatrixRankWarning", "SuperLU", "expm", "factorized", "inv", "is_sptriangular",
           "spbandwidth", "spilu", "splu", "spsolve", "spsolve_triangular", "use_solver"]


# The largest dense copy (bytes) spsolve makes to factor once for several right-hand sides.
_DENSE_LIMIT = 1 << 30


class MatrixRankWarning(UserWarning):
    """The matrix of a direct solve is exactly singular."""


def use_solver(**kwargs):
    """SciPy's switch for UMFPACK: there is one direct solver here, so it is accepted and
    ignored."""


def _float_dtype(*dtypes):
    dt = numpy.result_type(*dtypes)
    return numpy.result_type(dt, numpy.float32) if dt.kind not in "fc" else dt


def _as_compressed(A, name):
    """A as CSR/CSC (SciPy converts anything else to CSC, warning)."""
    from ..._csc import csc_array

    if issparse(A) and A.format in ("csc", "csr"):
        return A
    warnings.warn(f"{name} requires A be CSC or CSR matrix format", SparseEfficiencyWarning,
                  stacklevel=3)
    return A.tocsc() if issparse(A) else csc_array(_backend.xp.asarray(A))


def spsolve(A, b, permc_spec=None, use_umfpack=True):
    """x with A @ x == b for a square sparse A; b a vector ((N,) or (N, 1): x is (N,)),
    a dense matrix (x dense) or a sparse matrix (x sparse, A's format). An exactly singular A
    warns (MatrixRankWarning) and gives NaN, as SciPy's SuperLU path does."""
    xp = _backend.xp
    A = _as_compressed(A, "spsolve")
    b_is_sparse = issparse(b)
    if not b_is_sparse:
        b = xp.asarray(b)
    b_is_vector = b.ndim == 1 or (b.ndim == 2 and b.shape[1] == 1)
    dtype = numpy.promote_types(_float_dtype(A.dtype), b.dtype)
    M, N = A.shape
    if M != N:
        raise ValueError(f"matrix must be square (has shape {(M, N)})")
    if M != b.shape[0]:
        raise ValueError(f"matrix - rhs dimension mismatch ({A.shape} - {b.shape[0]})")
    rhs = b.toarray() if b_is_sparse else b
    rhs = rhs.astype(dtype, copy=False)
    if b_is_vector:
        rhs = rhs.ravel()
    qr = _qr.device_solver()
    columns = 1 if rhs.ndim == 1 else rhs.shape[1]
    if qr is not None and columns > 1 and N * N * dtype.itemsize <= _DENSE_LIMIT:
        # csrlsvqr factors again for every column: one dense LU serves them all.
        qr = None
    if N == 0:
        x, singular = xp.zeros(rhs.shape, dtype=dtype), False
    elif qr is not None:
        x, singular = _qr.solve(A, rhs, dtype, qr)
    else:
        lu, piv, singular = _dense.lu_factor(A.toarray().astype(dtype, copy=False))
        x = None if singular else _dense.lu_solve(lu, piv, rhs)
    if singular:
        warnings.warn("Matrix is exactly singular", MatrixRankWarning, stacklevel=2)
        x = xp.full(rhs.shape, numpy.nan, dtype=dtype)
    if b_is_sparse and not b_is_vector:
        if b.format != "csc":
            warnings.warn("spsolve is more efficient when sparse b is in the CSC matrix "
                          "format", SparseEfficiencyWarning, stacklevel=2)
        return A._family(A.format)(x)
    return x


def spsolve_triangular(A, b, lower=True, overwrite_A=False, overwrite_b=False,
                       unit_diagonal=False):
    """x with A @ x == b for a triangular sparse A (only its lower or upper triangle is
    read; with unit_diagonal the diagonal is taken as ones). numpy.linalg.LinAlgError for a
    zero on the diagonal, SciPy's ValueErrors for bad shapes."""
    xp = _backend.xp
    if not (issparse(A) and A.format in ("csc", "csr")):
        warnings.warn("CSC or CSR matrix format is required. Converting to CSC matrix.",
                      SparseEfficiencyWarning, stacklevel=2)
        A = _as_compressed(A, "spsolve_triangular") if not issparse(A) else A.tocsc()
    M, N = A.shape
    if M != N:
        raise ValueError(f"A must be a square matrix but its shape is {A.shape}.")
    if not unit_diagonal and bool((A.diagonal() == 0).any()):
        raise numpy.linalg.LinAlgError("A is singular: zero entry on diagonal.")
    b = xp.asarray(b)
    if b.ndim not in (1, 2):
        raise ValueError(f"b must have 1 or 2 dims but its shape is {b.shape}.")
    if M != b.shape[0]:
        raise ValueError("The size of the dimensions of A must be equal to the size of the "
                         f"first dimension of b but the shape of A is {A.shape} and the shape "
                         f"of b is {b.shape}.")
    dtype = numpy.promote_types(numpy.promote_types(A.dtype, numpy.float32), b.dtype)
    if N == 0 or b.size == 0:
        return xp.zeros(b.shape, dtype=dtype)
    dense = A.toarray().astype(dtype, copy=False)
    return _dense.solve_triangular(dense, b.astype(dtype, copy=False), lower, unit_diagonal)


class SuperLU:
    """The LU factorisation of a square matrix, laid out as SciPy's SuperLU object:
    Pr @ A @ Pc == L @ U with Pr, Pc the permutation matrices of perm_r and perm_c (perm_c is
    the identity: the dense factorisation pivots rows only)."""

    def __init__(self, A, dtype):
        xp = _backend.xp
        self.shape = A.shape
        self._dtype = numpy.dtype(dtype)
        n = A.shape[0]
        self._lu, self._piv, singular = _dense.lu_factor(A.toarray().astype(dtype, copy=False))
        if singular:
            raise RuntimeError("Factor is exactly singular")
        # getrf's interchanges give the row order LU = A[perm]; perm_r is its inverse.
        perm = numpy.arange(n)
        for i, p in enumerate(_backend.to_host(self._piv).tolist()):
            perm[i], perm[p] = perm[p], perm[i]
        self.perm_r = xp.asarray(numpy.argsort(perm).astype(numpy.int32))
        self.perm_c = xp.arange(n, dtype=numpy.int32)
        self._L = self._U = None

    def _factors(self):
        from ..._csc import csc_array

        xp = _backend.xp
        if self._L is None:
            n = self.shape[0]
            lower = xp.tril(self._lu, -1) + xp.eye(n, dtype=self._dtype)
            self._L = csc_array(lower)
            self._U = csc_array(xp.triu(self._lu))
        return self._L, self._U

    @property
    def L(self):
        return self._factors()[0]

    @property
    def U(self):
        return self._factors()[1]

    @property
    def nnz(self):
        L, U = self._factors()
        return L.nnz + U.nnz

    def solve(self, rhs, trans="N"):
        """x with op(A) @ x == rhs; trans 'N' (A), 'T' (A^T) or 'H' (A^H)."""
        codes = {"N": 0, "T": 1, "H": 2}
        if trans not in codes:
            raise ValueError("trans must be N, T, or H")
        xp = _backend.xp
        rhs = xp.asarray(rhs)
        if rhs.ndim not in (1, 2) or rhs.shape[0] != self.shape[0]:
            raise ValueError("b is of incompatible size")
        dtype = numpy.promote_types(self._dtype, rhs.dtype)
        lu = self._lu.astype(dtype, copy=False)
        return _dense.lu_solve(lu, self._piv, rhs.astype(dtype, copy=False), codes[trans])

    def __repr__(self):
        return f"<SuperLU object of shape {self.shape}>"


def splu(A, permc_spec=None, diag_pivot_thresh=None, relax=None, panel_size=None,
         options=None):
    """The LU factorisation of a square sparse A as a SuperLU object (RuntimeError when A is
    exactly singular, as SciPy)."""
    if not (issparse(A) and A.format == "csc"):
        warnings.warn("splu converted its input to CSC format", SparseEfficiencyWarning,
                      stacklevel=2)
        A = A.tocsc() if issparse(A) else _as_compressed(A, "splu").tocsc()
    M, N = A.shape
    if M != N:
        raise ValueError("can only factor square matrices")
    return SuperLU(A, _float_dtype(A.dtype))


def spilu(A, drop_tol=None, fill_factor=None, drop_rule=None, permc_spec=None,
          diag_pivot_thresh=None, relax=None, panel_size=None, options=None):
    """An incomplete LU factorisation as a SuperLU object. Here the factorisation is the
    complete one (nothing is dropped), which is the limit of SciPy's as drop_tol -> 0: a
    preconditioner at least as good, at the dense factorisation's cost."""
    if not (issparse(A) and A.format == "csc"):
        warnings.warn("spilu converted its input to CSC format", SparseEfficiencyWarning,
                      stacklevel=2)
        A = A.tocsc() if issparse(A) else _as_compressed(A, "spilu").tocsc()
    M, N = A.shape
    if M != N:
        raise ValueError("can only factor square matrices")
    return SuperLU(A, _float_dtype(A.dtype))


def factorized(A):
    """A function solving A x = b for the A factored once."""
    return splu(A).solve


def is_sptriangular(A):
    """(lower, upper): whether A's stored nonzeros lie on or below / on or above the
    diagonal."""
    if not issparse(A):
        raise TypeError(f"is_sptriangular needs a sparse array, not {type(A)}")
    row, col, data = A._coo_parts()
    nz = data != 0
    row, col = row[nz], col[nz]
    if row.size == 0:
        return True, True
    return bool((col <= row).all()), bool((col >= row).all())


def spbandwidth(A):
    """(below, above): how far A's stored nonzeros reach below and above the diagonal."""
    if not issparse(A):
        raise TypeError(f"spbandwidth needs a sparse array, not {type(A)}")
    row, col, data = A._coo_parts()
    nz = data != 0
    if not bool(nz.any()):
        return 0, 0
    d = col[nz].astype(numpy.int64) - row[nz].astype(numpy.int64)
    return max(-int(d.min()), 0), max(int(d.max()), 0)


def inv(A):
    """The inverse of a square sparse matrix, as a sparse matrix of A's class (spsolve with the
    identity as right-hand side)."""
    from ..._construct import eye_array

    if not issparse(A):
        raise TypeError("Input must be a sparse arrays")
    identity = eye_array(A.shape[0], A.shape[1], dtype=A.dtype, format="csc")
    if A.format not in ("csc", "csr"):
        A = A.tocsc()
    return spsolve(A, identity)


def expm(A):
    """exp(A) of a square sparse matrix (a sparse result in A's format) or dense array, by the
    dense scaling-and-squaring Pade method on the device."""
    xp = _backend.xp
    if issparse(A):
        if A.shape[0] != A.shape[1]:
            raise ValueError("expected a square matrix")
        E = _dense.expm(A.toarray())
        return A._family(A.format if A.format in ("csr", "csc", "coo") else "csc")(E)
    a = xp.asarray(A)
    if a.ndim != 2 or a.shape[0] != a.shape[1]:
        raise ValueError("expected a square matrix")
    return _dense.expm(a)
