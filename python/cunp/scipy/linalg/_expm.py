"""expm: the matrix exponential by Pade scaling and squaring (Al-Mohy and Higham, SIAM J.
Matrix Anal. Appl. 31(3), 2009), over cunp's matmul and solve. The Pade degree and the number
of squarings come from the exact 1-norm against the published theta bounds; a stack uses its
largest norm for every matrix (one host read)."""
import math

import cunp as cp
from cunp.scipy.linalg._common import working_dtype

# theta_m: the largest 1-norm for which the [m/m] Pade approximant meets double precision.
_THETA = {3: 1.495585217958292e-2, 5: 2.539398330063230e-1, 7: 9.504178996162932e-1,
          9: 2.097847961257068e0, 13: 5.371920351148152e0}
# Coefficients b_0..b_m of the [m/m] Pade approximant's numerator p(x) (q(x) = p(-x)).
_B = {
    3: (120., 60., 12., 1.),
    5: (30240., 15120., 3360., 420., 30., 1.),
    7: (17297280., 8648640., 1995840., 277200., 25200., 1512., 56., 1.),
    9: (17643225600., 8821612800., 2075673600., 302702400., 30270240., 2162160., 110880.,
        3960., 90., 1.),
    13: (64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800.,
         129060195264000., 10559470521600., 670442572800., 33522128640., 1323241920.,
         40840800., 960960., 16380., 182., 1.),
}


def expm(A):
    """exp(A) for each square matrix of A (..., N, N)."""
    a = cp.asarray(A)
    if a.ndim < 2:
        raise ValueError("The input array must be at least two-dimensional")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError("Last 2 dimensions of the array must be square")
    dt = working_dtype(a.dtype)
    a = a.astype(dt, copy=False)
    n = a.shape[-1]
    if a.size == 0:
        return a.copy()
    if n == 1:
        return cp.exp(a)
    norm = float(cp.abs(a).sum(axis=-2).max())
    if not math.isfinite(norm):
        return cp.full(a.shape, cp.nan, dtype=dt)
    eye = cp.eye(n, dtype=dt)
    for m in (3, 5, 7, 9):
        if norm <= _THETA[m]:
            u, v = _pade_low(a, eye, _B[m])
            return cp.linalg.solve(v - u, v + u)
    s = max(0, math.ceil(math.log2(norm / _THETA[13]))) if norm > 0 else 0
    a = a * (2.0 ** -s)
    u, v = _pade13(a, eye)
    r = cp.linalg.solve(v - u, v + u)
    for _ in range(s):
        r = r @ r
    return r


def _pade_low(a, eye, b):
    """(U, V) of the [m/m] approximant, m = len(b) - 1 <= 9: U odd terms, V even terms."""
    a2 = a @ a
    powers = [eye, a2]
    for _ in range(2, (len(b) + 1) // 2):
        powers.append(powers[-1] @ a2)
    u_inner = sum(b[2 * k + 1] * powers[k] for k in range(len(powers)))
    v = sum(b[2 * k] * powers[k] for k in range(len(powers)))
    return a @ u_inner, v


def _pade13(a, eye):
    b = _B[13]
    a2 = a @ a
    a4 = a2 @ a2
    a6 = a2 @ a4
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2)
             + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
    v = (a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2)
         + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye)
    return u, v
