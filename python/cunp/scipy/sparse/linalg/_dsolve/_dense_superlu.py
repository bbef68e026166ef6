"""The factor object of splu/spilu/factorized where SciPy is not importable: a dense pivoted LU
on the device (cuSOLVER's getrf/getrs), with SciPy's SuperLU interface."""

import numpy

from ... import _backend
from . import _dense
from ._superlu import SuperLU


class DenseSuperLU(SuperLU):
    """The LU factorisation of a square matrix from a dense pivoted LU (cuSOLVER's getrf), laid
    out as SuperLU: Pr @ A @ Pc == L @ U with perm_c the identity (the dense factorisation
    pivots rows only). The path without SciPy: O(n^2) memory and O(n^3) time, for matrices
    whose dense copy fits on the device."""

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
        return f"<SuperLU object of shape {self.shape} (dense factors)>"
