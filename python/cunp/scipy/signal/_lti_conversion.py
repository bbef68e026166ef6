"""State-space helpers of the LTI systems, on the host in NumPy (a system has a few states):
abcd_normalize, cont2discrete, and the matrix exponential they need."""
import math

import numpy as np

from cunp.scipy.linalg._expm import _B, _THETA
from cunp.scipy.signal import _representation as rep


def expm(a):
    """exp(a) of one small square matrix: [13/13] Pade with scaling and squaring (Higham 2005);
    the systems here have a handful of states, so one fixed degree is cheap enough."""
    a = np.asarray(a, dtype=np.result_type(a, np.float64))
    n = a.shape[0]
    if n == 0:
        return a.copy()
    norm = np.abs(a).sum(axis=0).max()
    s = max(0, math.ceil(math.log2(norm / _THETA[13]))) if norm > 0 else 0
    a = a * 2.0 ** -s
    b = _B[13]
    eye = np.eye(n, dtype=a.dtype)
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a2 @ a4
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2
             + b[1] * eye)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 \
        + b[0] * eye
    r = np.linalg.solve(v - u, v + u)
    for _ in range(s):
        r = r @ r
    return r


# What each size is undefined by: the matrices whose shapes could name it, all missing.
_SIZE_SOURCES = (("n", "A = B = C", (0, 1, 2)), ("p", "B = D", (1, 3)), ("q", "C = D", (2, 3)))


def abcd_normalize(A=None, B=None, C=None, D=None):
    """A (n, n), B (n, p), C (q, n), D (q, p) as 2-D arrays of one dtype. As SciPy 1.18, the
    dtype is NumPy's promotion of the four (Python scalars weak), float64 where that is not
    inexact; a size is read from the first matrix that has it non-zero, and a missing or empty
    matrix becomes zeros of the sizes the others imply. A matrix already 2-D in that dtype is
    returned itself."""
    given = (A, B, C, D)
    for size, names, sources in _SIZE_SOURCES:
        if all(given[i] is None for i in sources):
            raise ValueError(f"Dimension {size} is undefined for parameters {names} = None!")
    values = [m if m is None or isinstance(m, (int, float, complex, np.generic, np.ndarray))
              else np.asarray(m) for m in given]
    dtype = np.result_type(*(m for m in values if m is not None))
    if dtype.kind not in "fc":
        dtype = np.dtype(np.float64)
    A, B, C, D = (np.zeros((0, 0), dtype) if m is None
                  else np.atleast_2d(np.asarray(m, dtype=dtype)) for m in values)
    n = A.shape[0] or B.shape[0] or C.shape[1]
    p = B.shape[1] or D.shape[1]
    q = C.shape[0] or D.shape[0]
    out = []
    for name, m, want in zip("ABCD", (A, B, C, D), ((n, n), (n, p), (q, n), (q, p))):
        m = np.zeros(want, dtype) if m.size == 0 else m
        if m.shape != want:
            raise ValueError(f"Parameter {name} has shape {m.shape} but should be {want}!")
        out.append(m)
    return tuple(out)


def _discretize_ss(a, b, c, d, dt, method, alpha):
    n, m = a.shape[0], b.shape[1]
    if method == "gbt":
        if alpha is None:
            raise ValueError("Alpha parameter must be specified for the generalized bilinear "
                             "transform (gbt) method")
        if not 0 <= alpha <= 1:
            raise ValueError("Alpha parameter must be within the interval [0,1] for the gbt "
                             "method")
    if method in ("gbt", "bilinear", "tustin", "euler", "forward_diff", "backward_diff"):
        alpha = {"bilinear": 0.5, "tustin": 0.5, "euler": 0.0, "forward_diff": 0.0,
                 "backward_diff": 1.0}.get(method, alpha)
        # Generalized bilinear: (I - alpha dt A) x[k+1] = (I + (1 - alpha) dt A) x[k] + ...
        ima = np.eye(n) - alpha * dt * a
        ad = np.linalg.solve(ima, np.eye(n) + (1 - alpha) * dt * a)
        bd = np.linalg.solve(ima, dt * b)
        cd = np.linalg.solve(ima.T, c.T).T
        return ad, bd, cd, d + alpha * (c @ bd)
    if method == "zoh":
        # exp([[A, B], [0, 0]] dt) holds exp(A dt) and the input's held integral side by side.
        em = np.zeros((n + m, n + m), dtype=np.result_type(a, b, np.float64))
        em[:n, :n], em[:n, n:] = a * dt, b * dt
        ms = expm(em)
        return ms[:n, :n], ms[:n, n:], c, d
    if method == "foh":
        # The input ramps linearly between samples: a third block integrates the ramp.
        em = np.zeros((n + 2 * m, n + 2 * m), dtype=np.result_type(a, b, np.float64))
        em[:n, :n], em[:n, n:n + m] = a * dt, b * dt
        em[n:n + m, n + m:] = np.eye(m)
        ms = expm(em)
        ms11, ms12, ms13 = ms[:n, :n], ms[:n, n:n + m], ms[:n, n + m:]
        return ms11, ms12 - ms13 + ms11 @ ms13, c, d + c @ ms13
    if method == "impulse":
        if not np.allclose(d, 0):
            raise ValueError("Impulse method is only applicable to strictly proper systems")
        ad = expm(a * dt)
        bd = ad @ b * dt
        return ad, bd, c, c @ b * dt
    raise ValueError(f"Unknown transformation method '{method}'")


def cont2discrete(system, dt, method="zoh", alpha=None):
    if hasattr(system, "to_discrete") and callable(system.to_discrete):
        return system.to_discrete(dt=dt, method=method, alpha=alpha)
    if len(system) == 2:
        ad, bd, cd, dd, dt = cont2discrete(rep.tf2ss(system[0], system[1]), dt, method, alpha)
        num, den = rep.ss2tf(ad, bd, cd, dd)
        return num, den, dt
    if len(system) == 3:
        ad, bd, cd, dd, dt = cont2discrete(rep.zpk2ss(*system), dt, method, alpha)
        return (*rep.ss2zpk(ad, bd, cd, dd), dt)
    if len(system) == 4:
        a, b, c, d = (np.asarray(m) for m in system)
        return (*_discretize_ss(a, b, c, d, dt, method, alpha), dt)
    raise ValueError("First argument must either be a tuple of 2 (tf), 3 (zpk), or 4 (ss) "
                     "arrays.")


HOST_FUNCTIONS = [abcd_normalize, cont2discrete]
