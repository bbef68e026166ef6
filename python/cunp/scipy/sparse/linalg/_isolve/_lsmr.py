"""LSMR (Fong and Saunders): damped least squares by Golub-Kahan bidiagonalisation with
monotonically decreasing ||A^H r||. SciPy's arguments, stopping rules and 8-tuple result;
the vectors stay on the device, each step reads back three norms."""

import math

from ... import _backend
from ._bidiag import first_step, norms, setup, stop_reason, sym_ortho

__all__ = ["lsmr"]


def lsmr(A, b, damp=0.0, atol=1e-6, btol=1e-6, conlim=1e8, maxiter=None, show=False,
         x0=None):
    """Returns (x, istop, itn, normr, normar, normA, condA, normx)."""
    xp = _backend.xp
    A, b, dtype = setup(A, b, x0)
    m, n = A.shape
    if maxiter is None:
        maxiter = min(m, n)
    x, u, v, normb, beta, alpha = first_step(A, b, x0, dtype)

    itn = 0
    zetabar = alpha * beta
    alphabar = alpha
    rho = rhobar = cbar = 1.0
    sbar = 0.0
    h = v.copy()
    hbar = xp.zeros(n, dtype=dtype)
    betadd, betad = beta, 0.0
    rhodold = 1.0
    tautildeold = thetatilde = zeta = d = 0.0
    normA2 = alpha * alpha
    maxrbar, minrbar = 0.0, 1e100
    normA = math.sqrt(normA2)
    condA = 1.0
    normx = 0.0
    istop = 0
    ctol = 1 / conlim if conlim > 0 else 0
    normr = beta
    normar = alpha * beta
    if normar == 0:
        return x, istop, itn, normr, normar, normA, condA, normx
    if normb == 0:
        x[...] = 0
        return x, istop, itn, normr, normar, normA, condA, normx

    while itn < maxiter:
        itn += 1
        u = A.matvec(v) - alpha * u
        (beta,) = norms(u)
        if beta > 0:
            u = (1 / beta) * u
            v = A.rmatvec(u) - beta * v
            (alpha,) = norms(v)
            if alpha > 0:
                v = (1 / alpha) * v

        # Rotations: damping, then the bidiagonal's QR, then the one that makes R upper
        # bidiagonal (LSMR's second QR).
        chat, shat, alphahat = sym_ortho(alphabar, damp)
        rhoold = rho
        c, s, rho = sym_ortho(alphahat, beta)
        thetanew = s * alpha
        alphabar = c * alpha
        rhobarold = rhobar
        zetaold = zeta
        thetabar = sbar * rho
        rhotemp = cbar * rho
        cbar, sbar, rhobar = sym_ortho(cbar * rho, thetanew)
        zeta = cbar * zetabar
        zetabar = -sbar * zetabar

        hbar = h - (thetabar * rho / (rhoold * rhobarold)) * hbar
        x = x + (zeta / (rho * rhobar)) * hbar
        h = v - (thetanew / rho) * h

        # The ||r|| estimate by the rotations applied to the right-hand side.
        betaacute = chat * betadd
        betacheck = -shat * betadd
        betahat = c * betaacute
        betadd = -s * betaacute
        thetatildeold = thetatilde
        ctildeold, stildeold, rhotildeold = sym_ortho(rhodold, thetabar)
        thetatilde = stildeold * rhobar
        rhodold = ctildeold * rhobar
        betad = -stildeold * betad + ctildeold * betahat
        tautildeold = (zetaold - thetatildeold * tautildeold) / rhotildeold
        taud = (zeta - thetatilde * tautildeold) / rhodold
        d += betacheck * betacheck
        normr = math.sqrt(d + (betad - taud) ** 2 + betadd * betadd)

        normA2 += beta * beta
        normA = math.sqrt(normA2)
        normA2 += alpha * alpha
        maxrbar = max(maxrbar, rhobarold)
        if itn > 1:
            minrbar = min(minrbar, rhobarold)
        condA = max(maxrbar, rhotemp) / min(minrbar, rhotemp)
        normar = abs(zetabar)
        (normx,) = norms(x)

        test1 = normr / normb
        test2 = normar / (normA * normr) if (normA * normr) != 0 else math.inf
        test3 = 1 / condA
        t1 = test1 / (1 + normA * normx / normb)
        rtol = btol + atol * normA * normx / normb
        istop = stop_reason(itn >= maxiter, test1, test2, test3, t1, rtol, atol, ctol) or istop
        if show:
            print(f"{itn:6g} {normr:10.3e} {normar:10.3e} {test1:8.1e} {test2:8.1e}")
        if istop > 0:
            break
    return x, istop, itn, normr, normar, normA, condA, normx
