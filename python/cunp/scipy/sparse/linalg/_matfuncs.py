"""matrix_power by repeated squaring of sparse products, and onenormest: the 1-norm (exact for
sparse and dense matrices, whose column sums are one reduction away; Hager's estimate from
products with the operator and its adjoint otherwise)."""

import numbers

import numpy

from .. import _backend
from .._base import issparse
from .._construct import eye_array
from ._interface import aslinearoperator

__all__ = ["matrix_power", "onenormest"]


def matrix_power(A, power):
    """A raised to a non-negative integer power (the identity for 0), as a sparse matrix."""
    M, N = A.shape
    if M != N:
        raise TypeError("sparse matrix is not square")
    if not isinstance(power, (numbers.Integral, numpy.integer)) and not (
            isinstance(power, numbers.Real) and float(power).is_integer()):
        raise ValueError("exponent must be an integer")
    power = int(power)
    if power < 0:
        raise ValueError("exponent must be >= 0")
    if power == 0:
        return eye_array(M, dtype=A.dtype)
    if power == 1:
        return A.copy()
    half = matrix_power(A, power // 2)
    return A @ half @ half if power % 2 else half @ half


def _unit(n, j, dtype):
    e = _backend.xp.zeros(n, dtype=dtype)
    e[j] = 1
    return e


def onenormest(A, t=2, itmax=5, compute_v=False, compute_w=False):
    """An estimate of ||A||_1 (exact for sparse and dense matrices), with the vectors v
    (||A v||_1 = est ||v||_1) and w = A v when asked."""
    xp = _backend.xp
    if len(A.shape) != 2 or A.shape[0] != A.shape[1]:
        raise ValueError("expected the operator to act like a square matrix")
    n = A.shape[1]
    if issparse(A) or _backend.is_device_array(A) or isinstance(A, numpy.ndarray):
        M = A if issparse(A) else xp.asarray(A)
        sums = abs(M).sum(axis=0)
        sums = (sums.toarray() if issparse(sums) else xp.asarray(sums)).ravel()
        j = int(sums.argmax())
        est = sums[j]
        v = _unit(n, j, numpy.float64)
        w = M @ v if (compute_w or compute_v) else None
    else:
        op = aslinearoperator(A)
        dtype = numpy.result_type(op.dtype or numpy.float64, numpy.float64)
        x = xp.full(n, 1.0 / max(n, 1), dtype=dtype)
        est, v, w = 0.0, x, None
        for _ in range(max(itmax, 1)):
            y = op.matvec(x)
            new = float(abs(y).sum())
            if new <= est:
                break
            est, v, w = new, x, y
            xi = xp.where(y == 0, 1, y / xp.where(y == 0, 1, abs(y)))
            z = op.rmatvec(xi)
            j = int(abs(z).argmax())
            if float(abs(z[j])) <= float((z.conj() * x).real.sum()):
                break
            x = _unit(n, j, dtype)
    out = (est,)
    if compute_v:
        out += (v,)
    if compute_w:
        out += (w,)
    return out[0] if len(out) == 1 else out
