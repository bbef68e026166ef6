"""What LSQR and LSMR share: the right-hand side and operator set-up, the first bidiagonalisation
step, a stable plane rotation and the read-back of a few device norms in one transfer."""

import math

import numpy

from ... import _backend
from .._interface import aslinearoperator


def sym_ortho(a, b):
    """(c, s, r) with [c s; -s c] [a; b] = [r; 0], computed without overflow (real a, b)."""
    if b == 0:
        return math.copysign(1.0, a) if a != 0 else 0.0, 0.0, abs(a)
    if a == 0:
        return 0.0, math.copysign(1.0, b), abs(b)
    if abs(b) > abs(a):
        tau = a / b
        s = math.copysign(1.0, b) / math.sqrt(1 + tau * tau)
        return s * tau, s, b / s
    tau = b / a
    c = math.copysign(1.0, a) / math.sqrt(1 + tau * tau)
    return c, c * tau, a / c


def norms(*vectors):
    """The 2-norms of device vectors as Python floats, read back together."""
    xp = _backend.xp
    values = xp.stack([xp.linalg.norm(v) for v in vectors])
    return [float(v) for v in _backend.to_host(values)]


def setup(A, b, x0):
    """(A as an operator, b as a 1-D device vector, the working dtype)."""
    xp = _backend.xp
    A = aslinearoperator(A)
    b = xp.asarray(b)
    if b.ndim == 0:
        b = b.reshape(1)
    if b.ndim > 1:
        b = b.squeeze()
    if b.shape != (A.shape[0],):
        raise ValueError(f"shapes of A {A.shape} and b {b.shape} are incompatible")
    types = [b.dtype, numpy.float64] + ([A.dtype] if A.dtype is not None else [])
    if x0 is not None:
        types.append(xp.asarray(x0).dtype)
    return A, b, numpy.result_type(*types)


def first_step(A, b, x0, dtype):
    """The start of Golub-Kahan bidiagonalisation from x0 (zero when None): (x, u, v, ||b||,
    beta, alpha) with beta u = b - A x0 and alpha v = A^H u, u and v unit vectors where their
    norm is not 0 (v is then zero: the solvers stop before reading it)."""
    xp = _backend.xp
    n = A.shape[1]
    u = b.astype(dtype)
    (bnorm,) = norms(b)
    if x0 is None:
        x = xp.zeros(n, dtype=dtype)
        beta = bnorm
    else:
        x = xp.array(x0, dtype=dtype).ravel()
        u = u - A.matvec(x)
        (beta,) = norms(u)
    if beta > 0:
        u = (1 / beta) * u
        v = A.rmatvec(u)
        (alpha,) = norms(v)
    else:
        v = xp.zeros(n, dtype=dtype)
        alpha = 0.0
    if alpha > 0:
        v = (1 / alpha) * v
    return x, u, v, bnorm, beta, alpha


def stop_reason(out_of_iterations, test1, test2, test3, t1, rtol, atol, ctol):
    """LSQR's and LSMR's istop from their three tests, in Paige and Saunders' order of
    precedence (the last that holds wins): 1 converged, 2 least-squares converged, 3 and 6 the
    condition limit, 4 and 5 machine precision, 7 the iteration limit; 0 when none holds."""
    istop = 0
    for holds, code in ((out_of_iterations, 7), (1 + test3 <= 1, 6), (1 + test2 <= 1, 5),
                        (1 + t1 <= 1, 4), (test3 <= ctol, 3), (test2 <= atol, 2),
                        (test1 <= rtol, 1)):
        if holds:
            istop = code
    return istop
