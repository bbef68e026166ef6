"""TFQMR (Freund's transpose-free QMR) with SciPy's arguments, tolerance (relative to the
initial residual) and return codes. The vectors stay on the device; the method's scalars are
read back (an inner product or two and a norm per step), as its quasi-minimal residual bound
needs them on the host."""

import math

from ._utils import dotc, get_atol_rtol, make_system, nrm2

__all__ = ["tfqmr"]


def tfqmr(A, b, x0=None, *, rtol=1e-5, atol=0.0, maxiter=None, M=None, callback=None,
          show=False):
    """Solves A x = b by TFQMR (right preconditioning by M). Returns (x, info)."""
    A, M, x, b = make_system(A, M, x0, b)
    real = x.dtype.kind != "c"

    def scalar(v):
        return float(v.real) if real else complex(v)

    if float(nrm2(b)) == 0.0:
        return b.copy(), 0
    n = A.shape[0]
    if maxiter is None:
        maxiter = min(10000, n * 10)
    r = b.copy() if x0 is None else b - A.matvec(x)
    u = r
    w = r.copy()
    rstar = r
    v = M.matvec(A.matvec(r))
    uhat = v
    d = None
    theta = eta = 0.0
    rho = float(dotc(rstar, r).real)
    rho_last = rho
    r0norm = math.sqrt(rho)
    tau = r0norm
    if r0norm == 0:
        return x, 0
    atol, _ = get_atol_rtol("tfqmr", r0norm, atol, rtol)
    alpha = u_next = None
    for it in range(maxiter):
        even = it % 2 == 0
        if even:
            vtrstar = scalar(dotc(rstar, v))
            if vtrstar == 0:
                return x, -1
            alpha = rho / vtrstar
            u_next = u - alpha * v
        w = w - alpha * uhat
        d = u if d is None else u + ((theta ** 2 / alpha) * eta) * d
        theta = float(nrm2(w)) / tau
        c = math.sqrt(1.0 / (1 + theta ** 2))
        tau *= theta * c
        eta = (c ** 2) * alpha
        x += eta * M.matvec(d)
        if callback is not None:
            callback(x)
        if tau * math.sqrt(it + 1) < atol:
            if show:
                print(f"TFQMR: Linear solve converged due to reach TOL iterations {it + 1}")
            return x, 0
        if not even:
            rho = scalar(dotc(rstar, w))
            beta = rho / rho_last
            u = w + beta * u
            v = beta * uhat + (beta ** 2) * v
            uhat = M.matvec(A.matvec(u))
            v = v + uhat
        else:
            uhat = M.matvec(A.matvec(u_next))
            u = u_next
            rho_last = rho
    if show:
        print(f"TFQMR: Linear solve not converged due to reach MAXIT iterations {maxiter}")
    return x, maxiter
