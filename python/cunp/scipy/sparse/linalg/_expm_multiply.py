"""expm_multiply: exp(t A) B without forming exp(t A), by the truncated Taylor series with
scaling of Al-Mohy and Higham (2011). The degree m and the number of steps s minimise the
products m s subject to s >= ||t A||_1 / theta_m, with the exact 1-norm (one reduction for a
sparse or dense A) in place of the paper's norm estimates; the trace shift and the early
stop of each Taylor sum are the paper's. Every product runs on the device."""

import math

import numpy

from .. import _backend
from .._base import issparse
from ._interface import LinearOperator, aslinearoperator

__all__ = ["expm_multiply"]

# theta_m for a backward error of 2^-53 (double) and 2^-24 (single): the largest ||t A||_1 / s
# for which the degree-m Taylor polynomial is accurate (Al-Mohy and Higham, Table 3.1).
_THETA_DOUBLE = {1: 2.29e-16, 2: 2.58e-8, 3: 1.39e-5, 4: 3.40e-4, 5: 2.40e-3, 6: 9.07e-3,
                 7: 2.38e-2, 8: 5.00e-2, 9: 8.96e-2, 10: 1.44e-1, 11: 2.14e-1, 12: 3.00e-1,
                 13: 4.00e-1, 14: 5.14e-1, 15: 6.41e-1, 16: 7.81e-1, 17: 9.31e-1, 18: 1.09,
                 19: 1.26, 20: 1.44, 21: 1.62, 22: 1.82, 23: 2.01, 24: 2.22, 25: 2.43,
                 26: 2.64, 27: 2.86, 28: 3.08, 29: 3.31, 30: 3.54, 35: 4.7, 40: 6.0, 45: 7.2,
                 50: 8.5, 55: 9.9}
_THETA_SINGLE = {1: 1.19e-7, 2: 5.97e-4, 5: 1.08e-1, 10: 7.58e-1, 15: 1.54, 20: 2.33,
                 25: 3.11, 30: 3.89, 35: 4.69, 40: 5.49, 45: 6.29, 50: 7.09, 55: 7.89}


def _one_norm(A):
    xp = _backend.xp
    if issparse(A):
        sums = abs(A).sum(axis=0)
        return float((sums.toarray() if issparse(sums) else xp.asarray(sums)).max()) \
            if A.shape[1] else 0.0
    if isinstance(A, LinearOperator):
        from ._matfuncs import onenormest

        return float(onenormest(A))
    return float(xp.abs(A).sum(axis=0).max()) if A.shape[1] else 0.0


def _degree_and_steps(norm, theta):
    """(m, s) with the fewest products m s such that norm / s <= theta_m."""
    if norm == 0:
        return 0, 1
    best = None
    for m, th in theta.items():
        s = max(1, math.ceil(norm / th))
        if best is None or m * s < best[0] * best[1]:
            best = (m, s)
    return best


def _inf_norm(X):
    xp = _backend.xp
    return float(xp.abs(X).max()) if X.size else 0.0


def _expm_multiply_once(A, B, t, trace, tol, theta):
    n = A.shape[0]
    op = aslinearoperator(A)
    mu = trace / n if n else 0.0
    # The shift by mu I makes the norm smaller (it is undone by one scalar at the end of
    # each step).
    shifted = op - mu * _identity(n, op.dtype) if mu else op
    if not mu:
        norm = _one_norm(A)
    elif issparse(A):
        norm = _one_norm(A - mu * _sparse_eye(A))
    elif isinstance(A, LinearOperator):
        norm = _one_norm(shifted)
    else:
        norm = _one_norm(A - mu * _backend.xp.eye(n, dtype=A.dtype))
    m, s = _degree_and_steps(abs(t) * norm, theta)
    F = B
    # A Python scalar, so that float32 data stays float32.
    eta = complex(numpy.exp(t * mu / s)) if isinstance(mu, complex) else math.exp(t * mu / s)
    for _ in range(s):
        c1 = _inf_norm(B)
        for j in range(m):
            B = (t / (s * (j + 1))) * (shifted.matmat(B) if B.ndim == 2 else shifted.matvec(B))
            c2 = _inf_norm(B)
            F = F + B
            if c1 + c2 <= tol * _inf_norm(F):
                break
            c1 = c2
        F = eta * F
        B = F
    return F


def _identity(n, dtype):
    from ._interface import IdentityOperator

    return IdentityOperator((n, n), dtype=dtype)


def _sparse_eye(A):
    from .._construct import eye_array

    return eye_array(A.shape[0], dtype=A.dtype, format="csr")


def expm_multiply(A, B, start=None, stop=None, num=None, endpoint=None, traceA=None):
    """exp(t A) @ B for t = 1, or for each of numpy.linspace(start, stop, num, endpoint) (the
    results stacked along a new first axis), as SciPy's."""
    xp = _backend.xp
    if len(A.shape) != 2 or A.shape[0] != A.shape[1]:
        raise ValueError("expected A to be like a square matrix")
    B = xp.asarray(B)
    if A.shape[1] != B.shape[0]:
        raise ValueError(f"shapes of matrices A {A.shape} and B {B.shape} are incompatible")
    dtype = numpy.result_type(A.dtype, B.dtype, numpy.float32)
    B = B.astype(dtype)
    tol = 2.0 ** -24 if numpy.dtype(dtype).char in "fF" else 2.0 ** -53
    theta = _THETA_SINGLE if tol > 2.0 ** -30 else _THETA_DOUBLE
    if traceA is None:
        if isinstance(A, LinearOperator):
            import warnings

            warnings.warn("Trace of LinearOperator not available, it will be estimated. "
                          "Provide `traceA` to ensure performance.", stacklevel=2)
            traceA = 0.0
        else:
            traceA = A.trace() if issparse(A) else xp.trace(A)
    trace = complex(traceA) if numpy.iscomplexobj(_backend.to_host(xp.asarray(traceA))) \
        else float(traceA)
    if all(arg is None for arg in (start, stop, num, endpoint)):
        return _expm_multiply_once(A, B, 1.0, trace, tol, theta)
    times = numpy.linspace(0.0 if start is None else start, 1.0 if stop is None else stop,
                           50 if num is None else num,
                           endpoint=True if endpoint is None else endpoint)
    out = [_expm_multiply_once(A, B, float(t), trace, tol, theta) for t in times]
    return xp.stack(out)
