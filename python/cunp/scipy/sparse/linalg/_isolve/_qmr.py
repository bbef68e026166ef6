"""QMR (Freund and Nachtigal) with SciPy's arguments: left and right preconditioners M1 and
M2 (or the operator's psolve/rpsolve), its breakdown codes and (x, info). The vectors stay on
the device; the Lanczos scalars and the residual norm are read back each step for the tests
SciPy makes."""

import math

import numpy

from .._interface import LinearOperator, aslinearoperator
from ._utils import dotc, get_atol_rtol, initial_residual, make_system, nrm2

__all__ = ["qmr"]


def _preconditioners(A_, shape, M1, M2):
    if M1 is not None or M2 is not None:
        for M in (M1, M2):
            if M is not None and tuple(M.shape) != tuple(shape):
                raise ValueError("matrix and preconditioner have different shapes")
        ident = LinearOperator(shape, matvec=lambda v: v, rmatvec=lambda v: v)
        return (aslinearoperator(M1) if M1 is not None else ident,
                aslinearoperator(M2) if M2 is not None else ident)
    if hasattr(A_, "psolve"):
        return (LinearOperator(shape, matvec=lambda v: A_.psolve(v, "left"),
                               rmatvec=lambda v: A_.rpsolve(v, "left")),
                LinearOperator(shape, matvec=lambda v: A_.psolve(v, "right"),
                               rmatvec=lambda v: A_.rpsolve(v, "right")))
    ident = LinearOperator(shape, matvec=lambda v: v, rmatvec=lambda v: v)
    return ident, ident


def qmr(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M1=None, M2=None,
        callback=None):
    """Solves A x = b by quasi-minimal residuals (products with A and A^H). Returns
    (x, info); info -10..-15 name SciPy's breakdowns."""
    A_ = A
    A, _, x, b = make_system(A, None, x0, b)
    bnrm2 = float(nrm2(b))
    atol, _ = get_atol_rtol("qmr", bnrm2, atol, rtol)
    if bnrm2 == 0:
        return b, 0
    M1, M2 = _preconditioners(A_, A.shape, M1, M2)
    n = b.shape[0]
    if maxiter is None:
        maxiter = n * 10
    real = x.dtype.kind != "c"

    def scalar(v):
        return float(v.real) if real else complex(v)

    tol = float(numpy.finfo(x.dtype.char.lower()).eps)
    r = initial_residual(A.matvec, x, b)
    vtilde = r.copy()
    y = M1.matvec(vtilde)
    rho = float(nrm2(y))
    wtilde = r.copy()
    z = M2.rmatvec(wtilde)
    xi = float(nrm2(z))
    gamma, eta, theta = 1.0, -1.0, 0.0
    epsilon = p = q = d = s = None
    for iteration in range(maxiter):
        if float(nrm2(r)) < atol:
            return x, 0
        if abs(rho) < tol:
            return x, -10
        if abs(xi) < tol:
            return x, -15
        v = vtilde * (1 / rho)
        y = y * (1 / rho)
        w = wtilde * (1 / xi)
        z = z * (1 / xi)
        delta = scalar(dotc(z, y))
        if abs(delta) < tol:
            return x, -13
        ytilde = M2.matvec(y)
        ztilde = M1.rmatvec(z)
        if iteration > 0:
            p = ytilde - (xi * delta / epsilon) * p
            q = ztilde - (rho * numpy.conj(delta / epsilon)) * q
        else:
            p = ytilde.copy()
            q = ztilde.copy()
        ptilde = A.matvec(p)
        epsilon = scalar(dotc(q, ptilde))
        if abs(epsilon) < tol:
            return x, -14
        beta = epsilon / delta
        if abs(beta) < tol:
            return x, -11
        vtilde = ptilde - beta * v
        y = M1.matvec(vtilde)
        rho_prev = rho
        rho = float(nrm2(y))
        wtilde = A.rmatvec(q) - numpy.conj(beta) * w
        z = M2.rmatvec(wtilde)
        xi = float(nrm2(z))
        gamma_prev, theta_prev = gamma, theta
        theta = rho / (gamma_prev * abs(beta))
        gamma = 1 / math.sqrt(1 + theta ** 2)
        if abs(gamma) < tol:
            return x, -12
        eta *= -(rho_prev / beta) * (gamma / gamma_prev) ** 2
        if iteration > 0:
            d = d * (theta_prev * gamma) ** 2 + eta * p
            s = s * (theta_prev * gamma) ** 2 + eta * ptilde
        else:
            d = eta * p
            s = eta * ptilde
        x += d
        r -= s
        if callback:
            callback(x)
    return x, maxiter
