"""The short-recurrence Krylov solvers: conjugate gradients (cg) for Hermitian positive
definite systems, BiCG, CGS and BiCGSTAB for general ones. SciPy's iterations and return codes
(info 0: converged; > 0: the iteration count when maxiter ran out; < 0: breakdown). Vectors
and the recurrence scalars stay on the device; one residual norm (and a breakdown scalar
where the method has one) is read back per iteration for the tests SciPy makes."""

import numpy

from ._utils import dotc, get_atol_rtol, initial_residual, make_system, nrm2

__all__ = ["bicg", "bicgstab", "cg", "cgs"]


def _breakdown_tol(dtype):
    # SciPy keeps the reverse-communication code's eps**2 for rho and omega.
    return float(numpy.finfo(numpy.dtype(dtype).char.lower()).eps) ** 2


def _start(name, A, b, x0, M, rtol, atol, maxiter):
    """What every solver here begins with, as SciPy's: the system (A, M, x, b), the absolute
    tolerance, and maxiter (10 n by default); None for the system when b is zero (x = b)."""
    A, M, x, b = make_system(A, M, x0, b)
    bnrm2 = float(nrm2(b))
    atol, _ = get_atol_rtol(name, bnrm2, atol, rtol)
    if bnrm2 == 0:
        return None, b, atol, maxiter
    return (A, M, x), b, atol, b.shape[0] * 10 if maxiter is None else maxiter


def cg(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b for a Hermitian positive definite A by conjugate gradients.
    Returns (x, info)."""
    system, b, atol, maxiter = _start("cg", A, b, x0, M, rtol, atol, maxiter)
    if system is None:
        return b, 0
    A, M, x = system
    matvec, psolve = A.matvec, M.matvec
    r = initial_residual(matvec, x, b)
    rho_prev, p = None, None
    for iteration in range(maxiter):
        if float(nrm2(r)) < atol:
            return x, 0
        z = psolve(r)
        rho = dotc(r, z)
        if iteration > 0:
            p = z + (rho / rho_prev) * p
        else:
            p = z.copy()
        q = matvec(p)
        alpha = rho / dotc(p, q)
        x += alpha * p
        r -= alpha * q
        rho_prev = rho
        if callback:
            callback(x)
    return x, maxiter


def cgs(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by the conjugate gradient squared method. Returns (x, info)."""
    system, b, atol, maxiter = _start("cgs", A, b, x0, M, rtol, atol, maxiter)
    if system is None:
        return b, 0
    A, M, x = system
    matvec, psolve = A.matvec, M.matvec
    rhotol = _breakdown_tol(x.dtype)
    r = initial_residual(matvec, x, b)
    rtilde = r.copy()
    rho_prev, p, u, q = None, None, None, None
    for iteration in range(maxiter):
        if float(nrm2(r)) < atol:
            return x, 0
        rho = dotc(rtilde, r)
        if abs(complex(rho)) < rhotol:
            return x, -10
        if iteration > 0:
            beta = rho / rho_prev
            u = r + beta * q
            p = u + beta * (q + beta * p)
        else:
            p = r.copy()
            u = r.copy()
        phat = psolve(p)
        vhat = matvec(phat)
        rv = dotc(rtilde, vhat)
        if complex(rv) == 0:
            return x, -11
        alpha = rho / rv
        q = u - alpha * vhat
        uhat = psolve(u + q)
        x += alpha * uhat
        # SciPy recomputes the true residual here rather than updating it.
        r = b - matvec(x)
        rho_prev = rho
        if callback:
            callback(x)
    return x, maxiter


def bicgstab(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by the stabilized biconjugate gradient method. Returns (x, info)."""
    system, b, atol, maxiter = _start("bicgstab", A, b, x0, M, rtol, atol, maxiter)
    if system is None:
        return b, 0
    A, M, x = system
    matvec, psolve = A.matvec, M.matvec
    rhotol = omegatol = _breakdown_tol(x.dtype)
    r = initial_residual(matvec, x, b)
    rtilde = r.copy()
    rho_prev, omega, alpha, p, v = None, None, None, None, None
    for iteration in range(maxiter):
        if float(nrm2(r)) < atol:
            return x, 0
        rho = dotc(rtilde, r)
        if abs(complex(rho)) < rhotol:
            return x, -10
        if iteration > 0:
            if abs(complex(omega)) < omegatol:
                return x, -11
            beta = (rho / rho_prev) * (alpha / omega)
            p = r + beta * (p - omega * v)
        else:
            p = r.copy()
        phat = psolve(p)
        v = matvec(phat)
        rv = dotc(rtilde, v)
        if complex(rv) == 0:
            return x, -11
        alpha = rho / rv
        r -= alpha * v
        if float(nrm2(r)) < atol:
            x += alpha * phat
            return x, 0
        shat = psolve(r)
        t = matvec(shat)
        omega = dotc(t, r) / dotc(t, t)
        x += alpha * phat
        x += omega * shat
        r -= omega * t
        rho_prev = rho
        if callback:
            callback(x)
    return x, maxiter




def bicg(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None):
    """Solves A x = b by the biconjugate gradient method (products with A and A^H).
    Returns (x, info)."""
    system, b, atol, maxiter = _start("bicg", A, b, x0, M, rtol, atol, maxiter)
    if system is None:
        return b, 0
    A, M, x = system
    matvec, rmatvec = A.matvec, A.rmatvec
    psolve, rpsolve = M.matvec, M.rmatvec
    rhotol = _breakdown_tol(x.dtype)
    r = initial_residual(matvec, x, b)
    rtilde = r.copy()
    rho_prev, p, ptilde = None, None, None
    for iteration in range(maxiter):
        if float(nrm2(r)) < atol:
            return x, 0
        z = psolve(r)
        ztilde = rpsolve(rtilde)
        rho = dotc(rtilde, z)
        if abs(complex(rho)) < rhotol:
            return x, -10
        if iteration > 0:
            beta = rho / rho_prev
            p = z + beta * p
            ptilde = ztilde + beta.conj() * ptilde
        else:
            p = z.copy()
            ptilde = ztilde.copy()
        q = matvec(p)
        qtilde = rmatvec(ptilde)
        rv = dotc(ptilde, q)
        if complex(rv) == 0:
            return x, -11
        alpha = rho / rv
        x += alpha * p
        r -= alpha * q
        rtilde -= alpha.conj() * qtilde
        rho_prev = rho
        if callback:
            callback(x)
    return x, maxiter
