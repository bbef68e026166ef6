"""LSQR (Paige and Saunders): damped least squares min ||A x - b||^2 + damp^2 ||x||^2 for a
rectangular A by Golub-Kahan bidiagonalisation. SciPy's arguments, stopping rules and its
10-tuple result; the vectors stay on the device, and each step reads back two norms."""

import math

import numpy

from ... import _backend
from ._bidiag import first_step, norms, setup, stop_reason, sym_ortho

__all__ = ["lsqr"]


def lsqr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, iter_lim=None, show=False,
         calc_var=False, x0=None):
    """Returns (x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var)."""
    xp = _backend.xp
    A, b, dtype = setup(A, b, x0)
    m, n = A.shape
    if iter_lim is None:
        iter_lim = 2 * n
    var = xp.zeros(n)
    eps = float(numpy.finfo(numpy.float64).eps)
    itn = istop = 0
    ctol = 1 / conlim if conlim > 0 else 0
    anorm = acond = ddnorm = res2 = xnorm = xxnorm = z = 0.0
    dampsq = damp ** 2
    cs2, sn2 = -1.0, 0.0

    x, u, v, bnorm, beta, alfa = first_step(A, b, x0, dtype)
    w = v.copy()
    rhobar, phibar = alfa, beta
    rnorm = r1norm = r2norm = beta
    arnorm = alfa * beta
    if arnorm == 0:
        return x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var

    while itn < iter_lim:
        itn += 1
        # The next bidiagonalisation step: beta u = A v - alfa u, alfa v = A^H u - beta v.
        u = A.matvec(v) - alfa * u
        (beta,) = norms(u)
        wnorm = None
        if beta > 0:
            u = (1 / beta) * u
            anorm = math.sqrt(anorm ** 2 + alfa ** 2 + beta ** 2 + dampsq)
            v = A.rmatvec(u) - beta * v
            alfa, wnorm = norms(v, w)
            if alfa > 0:
                v = (1 / alfa) * v
        if damp > 0:
            rhobar1 = math.sqrt(rhobar ** 2 + dampsq)
            cs1, sn1 = rhobar / rhobar1, damp / rhobar1
            psi = sn1 * phibar
            phibar = cs1 * phibar
        else:
            rhobar1, psi = rhobar, 0.0
        cs, sn, rho = sym_ortho(rhobar1, beta)
        theta = sn * alfa
        rhobar = -cs * alfa
        phi = cs * phibar
        phibar = sn * phibar
        tau = sn * phi

        if wnorm is None:
            (wnorm,) = norms(w)
        dk = (1 / rho) * w
        x = x + (phi / rho) * w
        w = v + (-theta / rho) * w
        ddnorm += (wnorm / abs(rho)) ** 2
        if calc_var:
            var = var + (dk * dk.conj()).real

        # Estimates of ||x||, cond(A), ||r|| and ||A^H r|| for the stopping rules.
        delta = sn2 * rho
        gambar = -cs2 * rho
        rhs = phi - delta * z
        zbar = rhs / gambar
        xnorm = math.sqrt(xxnorm + zbar ** 2)
        gamma = math.sqrt(gambar ** 2 + theta ** 2)
        cs2, sn2 = gambar / gamma, theta / gamma
        z = rhs / gamma
        xxnorm += z ** 2
        acond = anorm * math.sqrt(ddnorm)
        res2 += psi ** 2
        rnorm = math.sqrt(phibar ** 2 + res2)
        arnorm = alfa * abs(tau)
        if damp > 0:
            r1sq = rnorm ** 2 - dampsq * xxnorm
            r1norm = math.copysign(math.sqrt(abs(r1sq)), r1sq)
        else:
            r1norm = rnorm
        r2norm = rnorm

        test1 = rnorm / bnorm
        test2 = arnorm / (anorm * rnorm + eps)
        test3 = 1 / (acond + eps)
        t1 = test1 / (1 + anorm * xnorm / bnorm)
        rtol = btol + atol * anorm * xnorm / bnorm
        istop = stop_reason(itn >= iter_lim, test1, test2, test3, t1, rtol, atol, ctol) or istop
        if show:
            print(f"{itn:6g} {r1norm:10.3e} {r2norm:10.3e} {test1:8.1e} {test2:8.1e}")
        if istop != 0:
            break
    return x, istop, itn, r1norm, r2norm, anorm, acond, arnorm, xnorm, var
