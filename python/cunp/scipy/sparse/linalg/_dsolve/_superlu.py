"""SuperLU: the LU factors of a sparse matrix, made on the host by SciPy's SuperLU
(scipy.sparse.linalg.splu/spilu, every argument passed through) and kept on the device as
sparse matrices; each solve is a gather for each permutation and two sparse triangular solves
(cuSPARSE's SpSM), so neither the matrix nor the right-hand side is densified or copied to the
host.

Pr @ A @ Pc == L @ U with SciPy's conventions: Pr[perm_r[j], j] = 1 and Pc[j, perm_c[j]] = 1.
So A x = b is L U z = Pr b, x = Pc z; and A^T x = b is U^T L^T v = Pc^T b, x = Pr^T v (A^H
likewise with conjugated factors)."""

import numpy

from ... import _backend
from . import _triangular


class _Triangle:
    """The canonical CSR arrays of one triangular factor as solved with, its triangle and
    whether its diagonal is implied ones."""

    def __init__(self, data, indices, indptr, lower, unit_diagonal):
        self.data, self.indices, self.indptr = data, indices, indptr
        self.lower, self.unit_diagonal = lower, unit_diagonal

    def conj(self):
        return _Triangle(self.data.conj(), self.indices, self.indptr, self.lower,
                         self.unit_diagonal)

    def solve(self, b):
        n = self.indptr.shape[0] - 1
        return _triangular.solve(self.data, self.indices, self.indptr, n, b, self.lower,
                                 self.unit_diagonal)


def _device_arrays(host, fmt):
    """The (data, indices, indptr) of a SciPy sparse matrix in format fmt, canonical, on the
    backend."""
    xp = _backend.xp
    m = host.asformat(fmt, copy=fmt == host.format)
    m.sum_duplicates()
    m.sort_indices()
    return xp.asarray(m.data), xp.asarray(m.indices), xp.asarray(m.indptr)


class SuperLU:
    """The LU factorisation of a square sparse matrix, as scipy.sparse.linalg.SuperLU: shape,
    nnz, perm_r, perm_c, L and U (CSC), and solve(rhs, trans). Made by splu, spilu and
    factorized, not by users."""

    def __init__(self, factor):
        """factor: SciPy's SuperLU object (host)."""
        from ..._csc import csc_array

        xp = _backend.xp
        self.shape = tuple(factor.shape)
        self.nnz = int(factor.nnz)
        n = self.shape[0]
        perm_r = numpy.asarray(factor.perm_r, dtype=numpy.int32)
        perm_c = numpy.asarray(factor.perm_c, dtype=numpy.int32)
        self.perm_r, self.perm_c = xp.asarray(perm_r), xp.asarray(perm_c)
        # The gathers each solve needs: b[inv(perm_r)] is Pr b, b[inv(perm_c)] is Pc^T b.
        self._inv_perm_r = xp.asarray(numpy.argsort(perm_r).astype(numpy.int32))
        self._inv_perm_c = xp.asarray(numpy.argsort(perm_c).astype(numpy.int32))
        L, U = factor.L, factor.U
        self._dtype = numpy.dtype(L.dtype)
        # Each factor goes over once per format: CSR for the solves with it, CSC (the CSR arrays
        # of its transpose, so solves with L^T and U^T need no transposition on the device) for
        # the transposed solves and the .L/.U SciPy returns.
        l_csc, u_csc = _device_arrays(L, "csc"), _device_arrays(U, "csc")
        self.L = csc_array(l_csc, shape=(n, n))
        self.U = csc_array(u_csc, shape=(n, n))
        for m in (self.L, self.U):
            m._sorted = m._canonical = True
        self._solves = {
            "N": (_Triangle(*_device_arrays(L, "csr"), lower=True, unit_diagonal=True),
                  _Triangle(*_device_arrays(U, "csr"), lower=False, unit_diagonal=False)),
            "T": (_Triangle(*u_csc, lower=True, unit_diagonal=False),
                  _Triangle(*l_csc, lower=False, unit_diagonal=True)),
        }

    def _triangles(self, trans):
        if trans == "H":
            if self._dtype.kind != "c":
                return self._solves["T"]
            if "H" not in self._solves:
                first, second = self._solves["T"]
                self._solves["H"] = (first.conj(), second.conj())
        return self._solves[trans]

    def solve(self, rhs, trans="N"):
        """x with op(A) @ x == rhs for rhs (N,) or (N, K); trans 'N' (A), 'T' (A^T) or 'H'
        (A^H). rhs must cast safely to the factors' dtype (TypeError otherwise, as SciPy),
        and x has that dtype."""
        if trans not in ("N", "T", "H"):
            raise ValueError("trans must be N, T, or H")
        xp = _backend.xp
        b = xp.asarray(rhs)
        if b.ndim > 2:
            raise ValueError("object too deep for desired array")
        if b.ndim == 0 or b.shape[0] != self.shape[0]:
            raise ValueError("b is of incompatible size")
        if not numpy.can_cast(b.dtype, self._dtype, "safe"):
            raise TypeError(f"Cannot cast array data from {b.dtype!r} to {self._dtype!r} "
                            "according to the rule 'safe'")
        b = b.astype(self._dtype, copy=False)
        if b.size == 0:
            return xp.zeros(b.shape, dtype=self._dtype)
        first, second = self._triangles(trans)
        if trans == "N":
            y = first.solve(b[self._inv_perm_r])
            return second.solve(y)[self.perm_c]
        y = first.solve(b[self._inv_perm_c])
        return second.solve(y)[self.perm_r]

    def __repr__(self):
        return f"<SuperLU object of shape {self.shape} with {self.nnz} stored entries>"
