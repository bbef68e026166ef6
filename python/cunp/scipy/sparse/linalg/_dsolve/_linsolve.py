"""Direct solves of sparse systems: spsolve, spsolve_triangular, splu/spilu (SuperLU factor
objects), factorized, and the structure queries is_sptriangular and spbandwidth.

spsolve runs on cuSOLVER's sparse QR (cusolverSp) where it loads; several right-hand sides
share one dense LU while A's dense copy fits, else one SuperLU factorisation as splu's.

splu, spilu and factorized are sparse factorisations, made as CuPy makes them: SciPy's SuperLU
factorises a host copy of A (scipy.sparse.linalg.splu/spilu, every argument passed through, so
the permutations, fill, drops and errors are SciPy's own), and L and U then stay on the device,
where each solve is two permutation gathers and two cuSPARSE SpSM triangular solves (_superlu.py).
The factorisation itself runs on the CPU; the solves, usually the repeated part, run on the GPU.
Why not on the device: cuDSS, the GPU sparse direct solver, is a separate large wheel this
package does not ship or test; cuSOLVER's sparse LU (csrlsvlu) is a host routine, and cusolverRf
needs a host factorisation first. Without SciPy they fall back to a dense pivoted LU on the
device (_dense_superlu.py: exact, O(n^2) memory, for n up to ~10^4). spsolve_triangular runs
on the same SpSM solve, never densifying A; see docs/differences.md."""

import warnings

import numpy

from ... import _backend
from ..._base import SparseEfficiencyWarning, issparse
from . import _dense, _qr, _triangular
from ._dense_superlu import DenseSuperLU
from ._superlu import SuperLU

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
    dense_fits = N * N * dtype.itemsize <= _DENSE_LIMIT
    if qr is not None and columns > 1 and dense_fits:
        # csrlsvqr factors again for every column: one dense LU serves them all.
        qr = None
    # Where the dense copy does not fit, several columns (or any, without cusolverSp) share
    # one sparse factorisation, SciPy's SuperLU as splu makes it, when SciPy is there.
    superlu = not dense_fits and (qr is None or columns > 1) and _host_solvers() is not None
    if N == 0:
        x, singular = xp.zeros(rhs.shape, dtype=dtype), False
    elif superlu:
        x, singular = _superlu_solve(A, rhs, dtype)
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


def _host_solvers():
    """scipy.sparse.linalg, or None where SciPy is not importable."""
    try:
        import scipy.sparse.linalg as sla
    except ImportError:
        return None
    return sla


def _superlu_solve(A, rhs, dtype):
    """(x, singular) by SciPy's SuperLU factors of A (as dtype) and the device solves."""
    try:
        lu = SuperLU(_host_solvers().splu(A.tocsc().astype(dtype).get()))
    except RuntimeError:  # "Factor is exactly singular"
        return None, True
    return lu.solve(rhs), False


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
    from ..._extract import tril, triu

    # Only the named triangle is read (and with unit_diagonal not its diagonal): it is cut out
    # here, canonical, so the library is handed exactly the entries it solves with.
    k = 0 if not unit_diagonal else (-1 if lower else 1)
    T = tril(A, k, format="csr") if lower else triu(A, k, format="csr")
    T.sum_duplicates()
    b = b.astype(dtype, copy=False)
    if T.nnz == 0:  # unit_diagonal with nothing off it: the identity
        return b.copy()
    return _triangular.solve(T.data.astype(dtype, copy=False), T.indices, T.indptr, N, b,
                             lower, unit_diagonal)


def _factor(A, name, options, stacklevel):
    """SuperLU (or without SciPy, DenseSuperLU) of A after SciPy's conversion to CSC and its
    warning; name is the scipy.sparse.linalg function (splu or spilu), options its arguments."""
    xp = _backend.xp
    if not (issparse(A) and A.format == "csc"):
        warnings.warn(f"{name} converted its input to CSC format", SparseEfficiencyWarning,
                      stacklevel=stacklevel + 1)
        from ..._csc import csc_array

        A = A.tocsc() if issparse(A) else csc_array(xp.asarray(A))
    sla = _host_solvers()
    if sla is None or _dense_fallback_only:
        M, N = A.shape
        if M != N:
            raise ValueError("can only factor square matrices")
        return DenseSuperLU(A, _float_dtype(A.dtype))
    # SciPy's own factorisation on the host copy of A: its permutations, fill, drop rules,
    # errors (non-square, exactly singular) and dtype rules are the answer SciPy users get.
    return SuperLU(getattr(sla, name)(A.get(), **options))


# Set by the tests to run the dense fallback (the path without SciPy) where SciPy is installed.
_dense_fallback_only = False


def splu(A, permc_spec=None, diag_pivot_thresh=None, relax=None, panel_size=None,
         options=None):
    """The sparse LU factorisation of a square sparse A as a SuperLU object: SciPy's SuperLU
    factors on the host (every argument passed through), kept on the device for the solves.
    Without SciPy, a dense pivoted LU on the device (perm_c the identity). RuntimeError when A
    is exactly singular, ValueError when it is not square, as SciPy."""
    return _factor(A, "splu", dict(permc_spec=permc_spec, diag_pivot_thresh=diag_pivot_thresh,
                                   relax=relax, panel_size=panel_size, options=options), 2)


def spilu(A, drop_tol=None, fill_factor=None, drop_rule=None, permc_spec=None,
          diag_pivot_thresh=None, relax=None, panel_size=None, options=None):
    """An incomplete LU factorisation as a SuperLU object: SciPy's ILU (drop_tol, fill_factor
    and drop_rule as there) on the host, kept on the device for the solves. Without SciPy, the
    complete dense factorisation (nothing dropped: the limit of SciPy's as drop_tol -> 0, a
    preconditioner at least as good)."""
    return _factor(A, "spilu", dict(drop_tol=drop_tol, fill_factor=fill_factor,
                                    drop_rule=drop_rule, permc_spec=permc_spec,
                                    diag_pivot_thresh=diag_pivot_thresh, relax=relax,
                                    panel_size=panel_size, options=options), 2)


def factorized(A):
    """A function solving A x = b (b of shape (N,) or (N, K)) for the A factored once by
    splu."""
    return _factor(A, "splu", {}, 2).solve


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
