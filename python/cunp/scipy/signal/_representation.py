"""Conversions between a filter's representations (transfer function, zeros/poles/gain,
second-order sections, state space) and the analog frequency transforms, on the host in NumPy:
SciPy computes them on a few coefficients too, and the public wrappers return cunp arrays."""
import math
import warnings

import numpy as np


class BadCoefficients(UserWarning):
    """Warning about badly conditioned filter coefficients."""


def validate_fs(fs, allow_none=True):
    if fs is None:
        if not allow_none:
            raise ValueError("Sampling frequency can not be none.")
        return None
    if not np.isscalar(fs) and np.ndim(fs) != 0:
        raise ValueError("Sampling frequency fs must be a single scalar.")
    fs = float(fs)
    if not np.isfinite(fs) or fs <= 0:
        raise ValueError("Sampling frequency fs must be a single positive number.")
    return fs


def _align_nums(nums):
    """Numerators of a system with several outputs, left-padded with zeros to one length."""
    try:
        nums = np.asarray(nums)
        if not np.issubdtype(nums.dtype, np.number):
            raise ValueError("dtype of numerator is non-numeric")
        return nums
    except ValueError:
        nums = [np.atleast_1d(num) for num in nums]
        longest = max(num.size for num in nums)
        out = np.zeros((len(nums), longest))
        for i, num in enumerate(nums):
            out[i, -num.size:] = num
        return out


def normalize(b, a):
    den = np.atleast_1d(a)
    num = np.atleast_2d(_align_nums(b))
    if den.ndim != 1:
        raise ValueError("Denominator polynomial must be rank-1 array.")
    if num.ndim > 2:
        raise ValueError("Numerator polynomial must be rank-1 or rank-2 array.")
    if np.all(den == 0):
        raise ValueError("Denominator must have at least on nonzero element.")
    den = np.trim_zeros(den, "f")
    num, den = num / den[0], den / den[0]
    # Leading zeros of the numerator carry no information; SciPy warns, then drops them.
    leading = 0
    for column in num.T:
        if np.allclose(column, 0, atol=1e-14):
            leading += 1
        else:
            break
    if leading > 0:
        warnings.warn("Badly conditioned filter coefficients (numerator): the results may be "
                      "meaningless", BadCoefficients, stacklevel=3)
        if leading == num.shape[1]:
            leading -= 1
        num = num[:, leading:]
    if num.shape[0] == 1:
        num = num[0, :]
    return num, den


def roots(c):
    """numpy.roots, with a constant's (no roots) empty array in the coefficients' dtype as
    SciPy has it (numpy.roots gives float64), so float32 systems keep float32 roots and
    frequency grids."""
    c = np.atleast_1d(c)
    return np.roots(c) if c.shape[0] >= 2 else np.array([], dtype=c.dtype)


def tf2zpk(b, a):
    b, a = normalize(b, a)
    b = (b + 0.0) / a[0]
    a = (a + 0.0) / a[0]
    k = b[0]
    b = b / b[0]
    return roots(b), roots(a), k


def _real_if_conjugate(coefficients, roots):
    """Real coefficients where the roots come in conjugate pairs (np.poly's rule)."""
    if not np.iscomplexobj(coefficients):
        return coefficients
    roots = np.asarray(roots, complex)
    pos = np.compress(roots.imag > 0, roots)
    neg = np.conjugate(np.compress(roots.imag < 0, roots))
    if len(pos) == len(neg) and np.all(np.sort_complex(neg) == np.sort_complex(pos)):
        return coefficients.real.copy()
    return coefficients


def zpk2tf(z, p, k):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    # The gain takes the roots' real precision (a Python float gain keeps float32 roots'
    # coefficients float32, as in SciPy); an integer gain is float64.
    k = np.asarray(k, dtype=np.result_type(z.real, p.real, k))
    if k.dtype.kind in "biu":
        k = k.astype(np.float64)
    k = np.atleast_1d(k)
    if z.ndim > 1:
        first = np.poly(z[0])
        b = np.empty((z.shape[0], z.shape[1] + 1), first.dtype.char)
        if len(k) == 1:
            k = [k[0]] * z.shape[0]
        for i in range(z.shape[0]):
            b[i] = k[i] * np.poly(z[i])
    else:
        b = k * np.poly(z)
    a = np.atleast_1d(np.poly(p))
    return _real_if_conjugate(b, z), _real_if_conjugate(a, p)


def validate_sos(sos):
    sos = np.atleast_2d(sos)
    if sos.ndim != 2:
        raise ValueError("sos array must be 2D")
    n_sections, m = sos.shape
    if m != 6:
        raise ValueError("sos array must be shape (n_sections, 6)")
    if not (sos[:, 3] == 1).all():
        raise ValueError("sos[:, 3] should be all ones")
    return sos, n_sections


def sos2tf(sos):
    sos = np.asarray(sos)
    dtype = sos.dtype if sos.dtype.kind in "fc" else np.dtype(np.float64)
    b = np.array([1], dtype)
    a = np.array([1], dtype)
    for section in sos:
        b = np.polymul(b, section[:3])
        a = np.polymul(a, section[3:])
    return b, a


def sos2zpk(sos):
    sos = np.asarray(sos)
    n = sos.shape[0]
    z = np.zeros(n * 2, np.complex128)
    p = np.zeros(n * 2, np.complex128)
    k = 1.0
    for i in range(n):
        zi, pi, ki = tf2zpk(sos[i, :3], sos[i, 3:])
        z[2 * i:2 * i + len(zi)] = zi
        p[2 * i:2 * i + len(pi)] = pi
        k *= ki
    return z, p, k


def cplxreal(z, tol=None):
    """(one member of each conjugate pair, sorted; the real values, sorted); SciPy's rules."""
    z = np.atleast_1d(z)
    if z.size == 0:
        return z, z
    if z.ndim != 1:
        raise ValueError("_cplxreal only accepts 1-D input")
    if tol is None:
        tol = 100 * np.finfo((1.0 * z).dtype).eps
    z = z[np.lexsort((abs(z.imag), z.real))]
    real = abs(z.imag) <= tol * abs(z)
    zr = z[real].real
    if len(zr) == len(z):
        return np.array([]), zr
    z = z[~real]
    zp = z[z.imag > 0]
    zn = z[z.imag < 0]
    if len(zp) != len(zn):
        raise ValueError("Array contains complex value with no matching conjugate.")
    # Within runs of (nearly) equal real parts, order by imaginary part so pairs line up.
    same_real = np.diff(zp.real) <= tol * abs(zp[:-1])
    diffs = np.diff(np.concatenate(([0], same_real, [0])))
    starts = np.nonzero(diffs > 0)[0]
    stops = np.nonzero(diffs < 0)[0]
    for start, stop in zip(starts, stops):
        for chunk in (zp[start:stop + 1], zn[start:stop + 1]):
            chunk[...] = chunk[np.lexsort([abs(chunk.imag)])]
    if any(abs(zp - zn.conj()) > tol * abs(zn)):
        raise ValueError("Array contains complex value with no matching conjugate.")
    return (zp + zn.conj()) / 2, zr


def _single_section(z, p, k):
    sos = np.zeros(6)
    b, a = zpk2tf(z, p, k)
    sos[3 - len(b):3] = b
    sos[6 - len(a):6] = a
    return sos


def _nearest(fro, to, which):
    """Index of the value of fro nearest to `to` among the real, complex or any ones."""
    order = np.argsort(np.abs(fro - to))
    if which == "any":
        return order[0]
    mask = np.isreal(fro[order])
    if which == "complex":
        mask = ~mask
    return order[np.nonzero(mask)[0][0]]


def zpk2sos(z, p, k, pairing=None, *, analog=False):
    pairings = ["nearest", "keep_odd", "minimal"]
    if pairing is None:
        pairing = "minimal" if analog else "nearest"
    if pairing not in pairings:
        raise ValueError(f"pairing must be one of {pairings}, not {pairing}")
    if analog and pairing != "minimal":
        raise ValueError('for analog zpk2sos conversion, pairing must be "minimal"')
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    if len(z) == len(p) == 0:
        return np.array([[0.0, 0.0, k, 0.0, 0.0, 1.0]] if analog
                        else [[k, 0.0, 0.0, 1.0, 0.0, 0.0]])
    if pairing != "minimal":
        p = np.concatenate((p, np.zeros(max(len(z) - len(p), 0))))
        z = np.concatenate((z, np.zeros(max(len(p) - len(z), 0))))
        n_sections = (max(len(p), len(z)) + 1) // 2
        if len(p) % 2 == 1 and pairing == "nearest":
            p = np.concatenate((p, [0.0]))
            z = np.concatenate((z, [0.0]))
    else:
        if len(p) < len(z):
            raise ValueError("for analog zpk2sos conversion, must have len(p)>=len(z)")
        n_sections = (len(p) + 1) // 2
    z = np.concatenate(cplxreal(z))
    p = np.concatenate(cplxreal(p))
    if not np.isreal(k):
        raise ValueError("k must be real")
    k = np.real(k)

    def worst(values):
        # The pole nearest the unit circle (digital) or the imaginary axis (analog).
        return np.argmin(np.abs(np.real(values)) if analog else np.abs(1 - np.abs(values)))

    sos = np.zeros((n_sections, 6))
    # Sections from the last one back, so that the poles nearest instability come last.
    for si in range(n_sections - 1, -1, -1):
        i = worst(p)
        p1 = p[i]
        p = np.delete(p, i)
        if np.isreal(p1) and np.isreal(p).sum() == 0:
            # The last real pole.
            if pairing != "minimal" or len(z) > 0:
                j = _nearest(z, p1, "real")
                z1 = z[j]
                z = np.delete(z, j)
                sos[si] = _single_section([z1, 0] if pairing != "minimal" else [z1],
                                          [p1, 0] if pairing != "minimal" else [p1], 1)
            else:
                sos[si] = _single_section([], [p1], 1)
        elif (len(p) + 1 == len(z) and not np.isreal(p1) and np.isreal(p).sum() == 1
              and np.isreal(z).sum() == 1):
            # One real pole and one real zero remain: this complex pole takes a complex zero.
            j = _nearest(z, p1, "complex")
            z1 = z[j]
            z = np.delete(z, j)
            sos[si] = _single_section([z1, z1.conj()], [p1, p1.conj()], 1)
        else:
            if np.isreal(p1):
                real_idx = np.flatnonzero(np.isreal(p))
                i2 = real_idx[worst(p[real_idx])]
                p2 = p[i2]
                p = np.delete(p, i2)
            else:
                p2 = p1.conj()
            if len(z) > 0:
                j = _nearest(z, p1, "any")
                z1 = z[j]
                z = np.delete(z, j)
                if not np.isreal(z1):
                    sos[si] = _single_section([z1, z1.conj()], [p1, p2], 1)
                elif len(z) > 0:
                    j = _nearest(z, p1, "real")
                    z2 = z[j]
                    z = np.delete(z, j)
                    sos[si] = _single_section([z1, z2], [p1, p2], 1)
                else:
                    sos[si] = _single_section([z1], [p1, p2], 1)
            else:
                sos[si] = _single_section([], [p1, p2], 1)
    sos[0][:3] *= k
    return sos


def tf2sos(b, a, pairing=None, *, analog=False):
    return zpk2sos(*tf2zpk(b, a), pairing=pairing, analog=analog)


def tf2ss(num, den):
    num, den = normalize(num, den)
    if num.ndim == 1:
        num = np.asarray([num], num.dtype)
    M, K = num.shape[1], len(den)
    if M > K:
        raise ValueError("Improper transfer function. `num` is longer than `den`.")
    if M == 0 or K == 0:
        empty = np.array([], float)
        return empty, empty, empty, empty
    num = np.hstack((np.zeros((num.shape[0], K - M), dtype=num.dtype), num))
    D = np.atleast_2d(num[:, 0])
    if K == 1:
        D = D.reshape(num.shape)
        return np.zeros((1, 1)), np.zeros((1, D.shape[1])), np.zeros((D.shape[0], 1)), D
    # Controller canonical form.
    A = np.r_[-np.array([den[1:]]), np.eye(K - 2, K - 1)]
    B = np.eye(K - 1, 1)
    C = num[:, 1:] - np.outer(num[:, 0], den[1:])
    return A, B, C, D.reshape((C.shape[0], B.shape[1]))


def _abcd(A, B, C, D):
    A, B, C, D = (np.atleast_2d(np.asarray(x, float if np.asarray(x).dtype.kind in "biu"
                                           else None)) for x in (A, B, C, D))
    return A, B, C, D


def ss2tf(A, B, C, D, input=0):
    A, B, C, D = _abcd(A, B, C, D)
    nout, nin = D.shape
    if input >= nin:
        raise ValueError("System does not have the input specified.")
    B = B[:, input:input + 1]
    D = D[:, input:input + 1]
    try:
        den = np.poly(A)
    except ValueError:
        den = 1
    if B.size == 0 and C.size == 0:
        num = np.ravel(D)
        if D.size == 0 and A.size == 0:
            den = []
        return num, den
    states = A.shape[0]
    dtype = (A[:, 0] + B[:, 0] + C[0, :] + D + 0.0).dtype
    num = np.empty((nout, states + 1), dtype)
    for k in range(nout):
        num[k] = np.poly(A - np.dot(B, np.atleast_2d(C[k, :]))) + (D[k] - 1) * den
    return num, den


def zpk2ss(z, p, k):
    return tf2ss(*zpk2tf(z, p, k))


def ss2zpk(A, B, C, D, input=0):
    return tf2zpk(*ss2tf(A, B, C, D, input=input))


def relative_degree(z, p):
    degree = len(p) - len(z)
    if degree < 0:
        raise ValueError("Improper transfer function. Must have at least as many poles as "
                         "zeros.")
    return degree


def _frequency(wo):
    try:
        return float(wo)
    except TypeError:
        return float(wo[0])


def lp2lp(b, a, wo=1.0):
    a, b = map(np.atleast_1d, (a, b))
    wo = _frequency(wo)
    d, n = len(a), len(b)
    M = max(d, n)
    pwo = pow(wo, np.arange(M - 1, -1, -1))
    start1, start2 = max(n - d, 0), max(d - n, 0)
    b = b * pwo[start1] / pwo[start2:]
    a = a * pwo[start1] / pwo[start1:]
    return normalize(b, a)


def lp2hp(b, a, wo=1.0):
    a, b = map(np.atleast_1d, (a, b))
    wo = _frequency(wo)
    d, n = len(a), len(b)
    pwo = pow(wo, np.arange(max(d, n))) if wo != 1 else np.ones(max(d, n), b.dtype.char)
    if d >= n:
        outa = a[::-1] * pwo
        outb = np.zeros(d, np.result_type(b, pwo))
        outb[:n] = b[::-1] * pwo[:n]
    else:
        outb = b[::-1] * pwo
        outa = np.zeros(n, np.result_type(a, pwo))
        outa[:d] = a[::-1] * pwo[:d]
    return normalize(outb, outa)


def _expand(coefficients, order, total, term):
    """Coefficients (descending, length total + 1) of sum over i of c[N - i] * term(i, k) at
    the powers that term's (power, value) pairs name."""
    out = np.zeros(total + 1)
    for i in range(order + 1):
        for power, value in term(i):
            out[total - power] += value * coefficients[order - i]
    return out


def lp2bp(b, a, wo=1.0, bw=1.0):
    a, b = map(np.atleast_1d, (a, b))
    D, N = len(a) - 1, len(b) - 1
    ma = max(N, D)
    wosq = wo * wo

    # s -> (s^2 + wo^2) / (bw s): s^i becomes sum_k C(i, k) wo^(2(i-k)) s^(ma - i + 2k) / bw^i
    # after multiplying through by (bw s)^ma.
    def term(i):
        return [(ma - i + 2 * k, math.comb(i, k) * wosq ** (i - k) / bw ** i)
                for k in range(i + 1)]

    return normalize(_expand(b, N, N + ma, term), _expand(a, D, D + ma, term))


def lp2bs(b, a, wo=1.0, bw=1.0):
    a, b = map(np.atleast_1d, (a, b))
    D, N = len(a) - 1, len(b) - 1
    ma = max(N, D)
    wosq = wo * wo

    # s -> bw s / (s^2 + wo^2), multiplied through by (s^2 + wo^2)^ma.
    def term(i):
        return [(i + 2 * k, math.comb(ma - i, k) * wosq ** (ma - i - k) * bw ** i)
                for k in range(ma - i + 1)]

    return normalize(_expand(b, N, 2 * ma, term), _expand(a, D, 2 * ma, term))


def bilinear(b, a, fs=1.0):
    fs = validate_fs(fs, allow_none=False)
    a, b = map(np.atleast_1d, (a, b))
    D, N = len(a) - 1, len(b) - 1
    M = max(N, D)

    # s -> 2 fs (z - 1) / (z + 1), multiplied through by (z + 1)^M.
    def mapped(coefficients, order):
        out = np.zeros(M + 1)
        for i in range(order + 1):
            poly = np.poly1d([1.0])
            poly = poly * np.poly1d([1.0, -1.0]) ** i * np.poly1d([1.0, 1.0]) ** (M - i)
            out += np.real(coefficients[order - i]) * (2 * fs) ** i * poly.coeffs
        return out

    return normalize(mapped(b, N), mapped(a, D))


def bilinear_zpk(z, p, k, fs):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    fs = validate_fs(fs, allow_none=False)
    degree = relative_degree(z, p)
    fs2 = 2.0 * fs
    z_z = (fs2 + z) / (fs2 - z)
    p_z = (fs2 + p) / (fs2 - p)
    # Zeros at infinity map to Nyquist.
    z_z = np.append(z_z, -np.ones(degree))
    return z_z, p_z, k * np.real(np.prod(fs2 - z) / np.prod(fs2 - p))


def lp2lp_zpk(z, p, k, wo=1.0):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    wo = float(wo)
    degree = relative_degree(z, p)
    return wo * z, wo * p, k * wo ** degree


def lp2hp_zpk(z, p, k, wo=1.0):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    wo = float(wo)
    degree = relative_degree(z, p)
    z_hp = np.append(wo / z, np.zeros(degree))
    return z_hp, wo / p, k * np.real(np.prod(-z) / np.prod(-p))


def lp2bp_zpk(z, p, k, wo=1.0, bw=1.0):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    wo, bw = float(wo), float(bw)
    degree = relative_degree(z, p)
    z_lp = (z * bw / 2).astype(complex)
    p_lp = (p * bw / 2).astype(complex)
    z_bp = np.concatenate((z_lp + np.sqrt(z_lp ** 2 - wo ** 2),
                           z_lp - np.sqrt(z_lp ** 2 - wo ** 2)))
    p_bp = np.concatenate((p_lp + np.sqrt(p_lp ** 2 - wo ** 2),
                           p_lp - np.sqrt(p_lp ** 2 - wo ** 2)))
    return np.append(z_bp, np.zeros(degree)), p_bp, k * bw ** degree


def lp2bs_zpk(z, p, k, wo=1.0, bw=1.0):
    z, p = np.atleast_1d(z), np.atleast_1d(p)
    wo, bw = float(wo), float(bw)
    degree = relative_degree(z, p)
    z_hp = ((bw / 2) / z).astype(complex)
    p_hp = ((bw / 2) / p).astype(complex)
    z_bs = np.concatenate((z_hp + np.sqrt(z_hp ** 2 - wo ** 2),
                           z_hp - np.sqrt(z_hp ** 2 - wo ** 2)))
    p_bs = np.concatenate((p_hp + np.sqrt(p_hp ** 2 - wo ** 2),
                           p_hp - np.sqrt(p_hp ** 2 - wo ** 2)))
    z_bs = np.append(z_bs, np.full(degree, +1j * wo))
    z_bs = np.append(z_bs, np.full(degree, -1j * wo))
    return z_bs, p_bs, k * np.real(np.prod(-z) / np.prod(-p))


FUNCTIONS = [normalize, tf2zpk, zpk2tf, sos2tf, sos2zpk, zpk2sos, tf2sos, tf2ss, ss2tf, zpk2ss,
             ss2zpk, lp2lp, lp2hp, lp2bp, lp2bs, bilinear, bilinear_zpk, lp2lp_zpk, lp2hp_zpk,
             lp2bp_zpk, lp2bs_zpk]
