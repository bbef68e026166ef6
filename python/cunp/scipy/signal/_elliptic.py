"""Complete elliptic integrals and Jacobi's elliptic functions for the elliptic filter design,
on the host: the arithmetic-geometric mean (Abramowitz and Stegun 17.6 and 16.4), so that the
design needs no SciPy."""
import math

import numpy as np


def _agm(a, b):
    for _ in range(64):
        if abs(a - b) <= 1e-16 * a:
            break
        a, b = 0.5 * (a + b), math.sqrt(a * b)
    return a


def ellipk(m):
    """K(m) = the complete elliptic integral of the first kind, parameter m < 1."""
    return math.pi / (2.0 * _agm(1.0, math.sqrt(1.0 - m)))


def ellipkm1(p):
    """K(1 - p), accurate for small p (where 1 - p would round)."""
    return math.pi / (2.0 * _agm(1.0, math.sqrt(p)))


def _ellipj_one(u, m):
    if m < 1e-9:
        # First order in m (A&S 16.13).
        t, s, c = math.sin(u), math.sin(u), math.cos(u)
        phi = u - 0.25 * m * (u - s * c)
        return math.sin(phi), math.cos(phi), 1.0 - 0.5 * m * t * t, phi
    if m >= 1.0 - 1e-9:
        # Near m = 1 (A&S 16.15).
        b = 1.0 - m
        t, h = math.tanh(u), math.cosh(u)
        phi = 2.0 * math.atan(math.exp(u)) - 0.5 * math.pi + 0.25 * b * (math.sinh(u) * h - u) / h
        sn = t + 0.25 * b * (math.sinh(u) * h - u) / (h * h)
        cn = 1.0 / h - 0.25 * b * (math.sinh(u) * h - u) * t / h
        dn = 1.0 / h + 0.25 * b * (math.sinh(u) * h + u) * t / h
        return sn, cn, dn, phi
    # Descending Landen sequence by the AGM, then back down to phi_0 (A&S 16.4).
    a, b, c = [1.0], math.sqrt(1.0 - m), [math.sqrt(m)]
    while abs(c[-1] / a[-1]) > 1e-16 and len(a) < 16:
        an = 0.5 * (a[-1] + b)
        c.append(0.5 * (a[-1] - b))
        b = math.sqrt(a[-1] * b)
        a.append(an)
    n = len(a) - 1
    phi = (2 ** n) * a[-1] * u
    previous = phi
    for i in range(n, 0, -1):
        previous = phi
        phi = 0.5 * (phi + math.asin(c[i] * math.sin(phi) / a[i]))
    sn, cn = math.sin(phi), math.cos(phi)
    dn = cn / math.cos(previous - phi) if n > 0 else math.sqrt(1 - m * sn * sn)
    return sn, cn, dn, phi


def ellipj(u, m):
    """(sn, cn, dn, am) of u (an array) at parameter m (a scalar in [0, 1])."""
    u = np.atleast_1d(np.asarray(u, float))
    out = np.array([_ellipj_one(float(x), float(m)) for x in u.ravel()]).reshape(u.shape + (4,))
    return out[..., 0], out[..., 1], out[..., 2], out[..., 3]
