"""What every iterative solver shares: the system's set-up (operators, dtypes, the initial
guess, SciPy's shape errors), the tolerance rule and the device norms and inner products (0-d
arrays that stay on the device until a convergence test reads them)."""

import numpy

from ... import _backend
from .._interface import IdentityOperator, LinearOperator, aslinearoperator

_FLOAT_CHARS = "fdFD"


def get_atol_rtol(name, b_norm, atol=0.0, rtol=1e-5):
    """The absolute tolerance the residual is held to: max(atol, rtol * ||b||)."""
    if atol is None or isinstance(atol, str) or atol < 0:
        raise ValueError(f"'scipy.sparse.linalg.{name}' called with invalid `atol`={atol}; "
                         "if set, `atol` must be a real, non-negative number.")
    return max(float(atol), float(rtol) * float(b_norm)), rtol


def nrm2(x):
    """||x||_2 as a 0-d device array (cuBLAS's nrm2 through cunp.linalg.norm)."""
    return _backend.xp.linalg.norm(x)


def dotc(x, y):
    """x^H y (conjugating x for complex data), a 0-d array."""
    xp = _backend.xp
    return xp.vdot(x, y) if x.dtype.kind == "c" else xp.dot(x, y)


def result_dtype(A, b):
    """The solution's dtype: the operator's (float64 for integer operators) promoted with
    b's, as SciPy's coercion table gives."""
    bt = numpy.dtype(b.dtype)
    if bt.char not in _FLOAT_CHARS:
        bt = numpy.dtype("d")
    at = numpy.dtype(A.dtype) if A.dtype is not None else bt
    if at.char not in _FLOAT_CHARS:
        at = numpy.dtype("d")
    return numpy.result_type(at, bt)


def make_system(A, M, x0, b):
    """(A, M, x, b) as LinearOperators and 1-D device vectors of the solution's dtype."""
    xp = _backend.xp
    A_ = A
    A = aslinearoperator(A)
    if A.shape[0] != A.shape[1]:
        raise ValueError(f"expected square matrix, but got shape={(A.shape,)}")
    N = A.shape[0]
    b = xp.asarray(b)
    if not (b.shape == (N, 1) or b.shape == (N,)):
        raise ValueError(f"shapes of A {A.shape} and b {b.shape} are incompatible")
    dtype = result_dtype(A, b)
    b = b.astype(dtype, copy=False).ravel()
    if M is None:
        psolve = getattr(A_, "psolve", None)
        rpsolve = getattr(A_, "rpsolve", None)
        if psolve is None and rpsolve is None:
            M = IdentityOperator(shape=A.shape, dtype=A.dtype)
        else:
            def ident(v):
                return v
            M = LinearOperator(A.shape, matvec=psolve or ident, rmatvec=rpsolve or ident,
                               dtype=A.dtype)
    else:
        M = aslinearoperator(M)
        if A.shape != M.shape:
            raise ValueError("matrix and preconditioner have different shapes")
    if x0 is None:
        x = xp.zeros(N, dtype=dtype)
    elif isinstance(x0, str):
        if x0 != "Mb":
            raise ValueError(f"unknown initial guess {x0!r}")
        x = xp.asarray(M.matvec(b.copy())).astype(dtype, copy=True)
    else:
        x = xp.array(x0, dtype=dtype)
        if not (x.shape == (N, 1) or x.shape == (N,)):
            raise ValueError(f"shapes of A {A.shape} and x0 {x.shape} are incompatible")
        x = x.ravel()
    return A, M, x, b


def initial_residual(matvec, x, b):
    """b - A x, skipping the product for the zero guess (one device reduction to know)."""
    return b - matvec(x) if bool(x.any()) else b.copy()
