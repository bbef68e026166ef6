"""What LSQR and LSMR share: the right-hand side and operator set-up, a stable plane rotation
and the read-back of a few device norms in one transfer."""

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
