"""MINRES (Paige and Saunders) for Hermitian, possibly indefinite systems, with SciPy's
arguments, stopping tests and return codes. The Lanczos vectors and the solution live on the
device; the Lanczos coefficients (two per step, read back together) and the solution's norm
are the host scalars the QR update and the tests need. Inner products conjugate their first
operand, so Hermitian complex systems work too (SciPy's unconjugated form assumes real)."""

import math

import numpy

from ... import _backend
from ._utils import dotc, make_system, nrm2

__all__ = ["minres"]


def _both(a, b):
    """Two 0-d device scalars read back in one transfer, as real Python floats."""
    xp = _backend.xp
    host = _backend.to_host(xp.stack([xp.asarray(a), xp.asarray(b)]))
    return float(host[0].real), float(host[1].real)


def minres(A, b, x0=None, *, rtol=1e-5, shift=0.0, maxiter=None, M=None, callback=None,
           show=False, check=False):
    """Solves (A - shift I) x = b for a Hermitian A by MINRES. Returns (x, info)."""
    xp = _backend.xp
    A, M, x, b = make_system(A, M, x0, b)
    matvec, psolve = A.matvec, M.matvec
    n = A.shape[0]
    if maxiter is None:
        maxiter = 5 * n
    dtype = x.dtype
    eps = float(numpy.finfo(dtype.char.lower()).eps)
    istop = 0
    itn = 0

    r1 = b.copy() if x0 is None else b - matvec(x)
    y = psolve(r1)
    beta1 = float(dotc(r1, y).real)
    if beta1 < 0:
        raise ValueError("indefinite preconditioner")
    if beta1 == 0:
        return x, 0
    if float(nrm2(b)) == 0:
        return b, 0
    beta1 = math.sqrt(beta1)

    if check:
        # A and M must be Hermitian: compare (Ay, Ay) with (y, A(Ay)), and (y, y) with (r1, My).
        w = matvec(y)
        r2 = matvec(w)
        s, t = _both(dotc(w, w), dotc(y, r2))
        if abs(s - t) > (s + eps) * eps ** (1.0 / 3.0):
            raise ValueError("non-symmetric matrix")
        r2 = psolve(y)
        s, t = _both(dotc(y, y), dotc(r1, r2))
        if abs(s - t) > (s + eps) * eps ** (1.0 / 3.0):
            raise ValueError("non-symmetric preconditioner")

    oldb = 0.0
    beta = beta1
    dbar = 0.0
    epsln = 0.0
    phibar = beta1
    rhs1 = beta1
    rhs2 = 0.0
    tnorm2 = 0.0
    gmax = 0.0
    gmin = float(numpy.finfo(dtype.char.lower()).max)
    cs = -1.0
    sn = 0.0
    w = xp.zeros(n, dtype=dtype)
    w2 = xp.zeros(n, dtype=dtype)
    r2 = r1

    while itn < maxiter:
        itn += 1
        v = (1.0 / beta) * y
        y = matvec(v)
        if shift:
            y = y - shift * v
        if itn >= 2:
            y = y - (beta / oldb) * r1
        alfa_d = dotc(v, y).real
        y = y - (alfa_d / beta) * r2
        r1 = r2
        r2 = y
        y = psolve(r2)
        oldb = beta
        alfa, beta = _both(alfa_d, dotc(r2, y))
        if beta < 0:
            raise ValueError("non-symmetric matrix")
        beta = math.sqrt(beta)
        tnorm2 += alfa ** 2 + oldb ** 2 + beta ** 2
        if itn == 1 and beta / beta1 <= 10 * eps:
            istop = -1  # b and x are eigenvectors: stop after this step

        # The last left orthogonal transformation, then the next plane rotation.
        oldeps = epsln
        delta = cs * dbar + sn * alfa
        gbar = sn * dbar - cs * alfa
        epsln = sn * beta
        dbar = -cs * beta
        root = math.hypot(gbar, dbar)
        gamma = max(math.hypot(gbar, beta), eps)
        cs = gbar / gamma
        sn = beta / gamma
        phi = cs * phibar
        phibar = sn * phibar

        w1 = w2
        w2 = w
        w = (v - oldeps * w1 - delta * w2) * (1.0 / gamma)
        x = x + phi * w

        gmax = max(gmax, gamma)
        gmin = min(gmin, gamma)
        z = rhs1 / gamma
        rhs1 = rhs2 - delta * z
        rhs2 = -epsln * z

        Anorm = math.sqrt(tnorm2)
        ynorm = float(nrm2(x))
        epsx = Anorm * ynorm * eps
        rnorm = phibar
        test1 = math.inf if (ynorm == 0 or Anorm == 0) else rnorm / (Anorm * ynorm)
        test2 = math.inf if Anorm == 0 else root / Anorm
        Acond = gmax / gmin
        if istop == 0:
            if 1 + test2 <= 1:
                istop = 2
            if 1 + test1 <= 1:
                istop = 1
            if itn >= maxiter:
                istop = 6
            if Acond >= 0.1 / eps:
                istop = 4
            if epsx >= beta1:
                istop = 3
            if test2 <= rtol:
                istop = 2
            if test1 <= rtol:
                istop = 1
        if show:
            print(f"{itn:6g} {test1:10.3e} {test2:10.3e} {Anorm:8.1e} {Acond:8.1e}")
        if callback is not None:
            callback(x)
        if istop != 0:
            break

    return x, (maxiter if istop == 6 else 0)
