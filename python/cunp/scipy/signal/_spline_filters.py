"""B-spline filters over an array namespace `xp`: symiirorder1/2 (symmetric first- and second-
order IIR filters with mirror-symmetric boundaries), the cubic and quadratic spline
coefficients (cspline1d, qspline1d, cspline2d, qspline2d), their evaluation, sepfir2d and
spline_filter (Unser, Aldroubi and Eden, IEEE Trans. Signal Process. 41(2), 1993).

Each symmetric filter is a causal pass and an anti-causal pass, both run by lfilter's parallel
scan; only the boundary values (sums of the signal against a decaying impulse response) are
computed separately, as one product over the first (or last) samples."""
import math

import numpy as np

from cunp.scipy.signal import _filtering
from cunp.scipy.signal._namespace import to_host

_NOT_CONVERGED = "Sum to find symmetric boundary conditions did not converge."


def _precision(dtype, precision, single, double):
    if precision < 0.0 or precision >= 1.0:
        return single if np.dtype(dtype) in (np.float32, np.complex64) else double
    return precision


def _symiir_precision(dtype, precision):
    """symiirorder1/2's own reading of `precision`: outside (0, 1] the dtype's default."""
    if precision <= 0.0 or precision > 1.0:
        return 1e-6 if np.dtype(dtype) in (np.float32, np.complex64) else 1e-11
    return precision


def _real(dtype):
    return np.dtype(np.float32 if np.dtype(dtype) in (np.float32, np.complex64) else np.float64)


# Coefficients of a boundary sum are examined this many at a time.
_CHUNK = 4096


def _terms_until(terms, threshold, n):
    """How many terms SciPy's boundary sums take: term k is added, then the loop stops at the
    first k whose |c_k|**2 (`terms(k)` gives it for an index range, in the dtype the sum runs
    in) is <= threshold, so that count is k + 1; a sum still running when it reaches the
    signal's n samples did not converge (SciPy's ValueError)."""
    if n < 1:
        raise ValueError(_NOT_CONVERGED)
    for start in range(0, n, _CHUNK):
        k = np.arange(start, min(n, start + _CHUNK))
        stop = np.flatnonzero(terms(k) <= threshold)
        if stop.size:
            count = start + int(stop[0]) + 1
            break
    else:
        count = n
    if count >= n:
        raise ValueError(_NOT_CONVERGED)
    return count


def _first_order_terms(z1, dtype, precision, n):
    """symiirorder1's count: the powers z1**(k+1) built one product at a time in x's dtype
    (z1 rounded to it), until |z1**(k+1)|**2 <= precision**2, both squares in the real dtype."""
    real = _real(dtype)
    z = np.asarray(z1).astype(dtype)
    limit = real.type(precision) * real.type(precision)

    def squares(k):
        powers = np.cumprod(np.full(k[-1] + 1, z, dtype))[k]
        magnitude = np.abs(powers).astype(real)
        return magnitude * magnitude

    return _terms_until(squares, limit, n)


def _hc(k, cs, r, omega):
    """The causal half's impulse response, cs r**k sin(omega (k+1)) / sin(omega) (0 for k < 0),
    with SciPy's limits at omega = 0 and pi."""
    k = np.asarray(k)
    if omega == 0.0:
        h = cs * r ** k * (k + 1)
    elif omega == math.pi:
        h = cs * r ** k * (k + 1) * (1 - 2 * (k % 2))
    else:
        h = cs * r ** k * np.sin(omega * (k + 1)) / math.sin(omega)
    return np.where(k >= 0, h, 0.0)


def _hs(k, cs, r, omega):
    """The symmetric filter's response at lag k, with SciPy's limits at omega = 0 and pi."""
    k = np.abs(np.asarray(k))
    rsq = r * r
    rk = rsq ** (k / 2.0)
    if omega in (0.0, math.pi):
        gain = (1 + rsq) / (1 - rsq) ** 3 * cs * cs
        gamma = (1 - rsq) / (1 + rsq)
        if omega == math.pi:
            gamma = gamma * (1 - 2 * (k % 2))
        return gain * rk * (1 + gamma * k)
    gain = cs * cs * (1 + rsq) / (1 - rsq) / (1 - 2 * rsq * math.cos(2 * omega) + rsq * rsq)
    gamma = (1 - rsq) / (1 + rsq) / math.tan(omega)
    return gain * rk * (np.cos(omega * k) + gamma * np.sin(omega * k))


def _second_order_terms(r, omega, dtype, precision, n):
    """symiirorder2's four counts (the causal pass's two starting values, the anti-causal
    pass's two), as SciPy's loops take them in the dtype `dtype`: the causal sums stop once a
    coefficient's square is <= precision**2, the anti-causal ones once it is <= precision (not
    squared), each coefficient rounded to the dtype first. The coefficients oscillate with
    omega, so a sum can stop at a near-zero coefficient well before r**k is small."""
    real = _real(dtype)
    cs = real.type(1 - 2 * r * math.cos(omega) + r * r)
    p = real.type(precision)

    def squared(coefficients):
        def terms(k):
            c = coefficients(k).astype(real)
            return c * c
        return terms

    return (_terms_until(squared(lambda k: _hc(k + 1, cs, r, omega)), p * p, n),
            _terms_until(squared(lambda k: _hc(k + 2, cs, r, omega)), p * p, n),
            _terms_until(squared(lambda k: (_hs(k, cs, r, omega) + _hs(k + 1, cs, r, omega))
                                 .astype(real)), p, n),
            _terms_until(squared(lambda k: (_hs(k - 1, cs, r, omega) + _hs(k + 2, cs, r, omega))
                                 .astype(real)), p, n))


def _dot_last(xp, x, weights):
    """sum_k weights[k] x[..., k] over the first len(weights) samples."""
    w = xp.asarray(np.asarray(weights).astype(x.dtype, copy=False))
    return (x[..., :len(weights)] * w).sum(axis=-1)


def _run(xp, b, a, x, zi):
    """lfilter of x along the last axis from the state zi (..., order)."""
    y, _ = _filtering.lfilter(xp, np.asarray(b), np.asarray(a), x, -1, zi)
    return y


def _first_order(xp, x, c0, z1, terms):
    """c0 / ((1 - z1 z^-1)(1 - z1 z)) with mirror-symmetric ends, `terms` samples in the sum
    that starts the causal pass."""
    n = x.shape[-1]
    start = x[..., 0] + z1 * _dot_last(xp, x, z1 ** np.arange(terms))
    if n == 1:
        return (c0 / (1 - z1) * start)[..., None]
    causal = _run(xp, [1.0], [1.0, -z1], x[..., 1:], (z1 * start)[..., None])
    causal = xp.concatenate([start[..., None], causal], axis=-1)
    last = c0 / (1 - z1) * causal[..., -1]
    back = _run(xp, [c0], [1.0, -z1], xp.flip(causal[..., :-1], axis=-1),
                (z1 * last)[..., None])
    return xp.concatenate([xp.flip(back, axis=-1), last[..., None]], axis=-1)


def _working(xp, x, *coefficients):
    """The input's floating dtype (float64 for integers), complex where a coefficient is."""
    x = xp.asarray(x)
    dtype = x.dtype if x.dtype.kind in "fc" else np.dtype(np.float64)
    if dtype.kind == "f" and any(np.iscomplexobj(c) for c in coefficients):
        dtype = np.result_type(dtype, np.complex64)
    return x.astype(dtype, copy=False)


def _check_rank(x):
    if x.ndim not in (1, 2):
        raise ValueError("Input must be 1D or 2D")


def symiirorder1(xp, signal, c0, z1, precision=-1.0):
    if abs(z1) >= 1:
        raise ValueError("|z1| must be less than 1.0")
    x = _working(xp, signal, c0, z1)
    _check_rank(x)
    precision = _symiir_precision(x.dtype, precision)
    terms = _first_order_terms(z1, x.dtype, precision, x.shape[-1])
    return _first_order(xp, x, c0, z1, terms).astype(x.dtype, copy=False)


def _second_order(xp, x, r, omega, counts, half_sample_second):
    """cs^2 / ((1 - 2r cos(w) z^-1 + r^2 z^-2)(1 - 2r cos(w) z + r^2 z^2)), cs = 1 - 2r cos(w)
    + r^2, with mirror-symmetric ends: the causal pass starts from the impulse response h of its
    half, the anti-causal one from the closed-form response of the whole symmetric filter.
    counts: how many samples each of the four boundary sums takes (causal y[0], y[1];
    anti-causal y[n-1], y[n-2])."""
    n = x.shape[-1]
    first, second, last_terms, before_terms = counts
    a2, a3 = 2 * r * math.cos(omega), -r * r
    cs = 1 - a2 + r * r
    h01 = _hc(np.arange(2), cs, r, omega)
    y0 = h01[0] * x[..., 0] + _dot_last(xp, x, _hc(np.arange(first) + 1, cs, r, omega))
    # SciPy's symiirorder2 and its smoothing cubic spline pair the first two samples with
    # h[1], h[0] and h[0], h[1] respectively.
    first_two = (h01[0], h01[1]) if half_sample_second else (h01[1], h01[0])
    y1 = (first_two[0] * x[..., 0] + first_two[1] * x[..., 1]
          + _dot_last(xp, x, _hc(np.arange(second) + 2, cs, r, omega)))
    causal = xp.concatenate([y0[..., None], y1[..., None]], axis=-1)
    if n > 2:
        zi = xp.stack([a2 * y1 + a3 * y0, a3 * y1], axis=-1)
        causal = xp.concatenate([causal, _run(xp, [cs], [1.0, -a2, -a3], x[..., 2:], zi)],
                                axis=-1)
    reversed_x = xp.flip(x, axis=-1)
    k = np.arange(last_terms)
    last = _dot_last(xp, reversed_x, _hs(k, cs, r, omega) + _hs(k + 1, cs, r, omega))
    k = np.arange(before_terms)
    before = _dot_last(xp, reversed_x, _hs(k - 1, cs, r, omega) + _hs(k + 2, cs, r, omega))
    ends = [before[..., None], last[..., None]]
    if n == 2:
        return xp.concatenate(ends, axis=-1)
    zi = xp.stack([a2 * before + a3 * last, a3 * before], axis=-1)
    back = _run(xp, [cs], [1.0, -a2, -a3], xp.flip(causal[..., :-2], axis=-1), zi)
    return xp.concatenate([xp.flip(back, axis=-1)] + ends, axis=-1)


def symiirorder2(xp, input, r, omega, precision=-1.0):
    if r >= 1.0:
        raise ValueError("r must be less than 1.0")
    x = _working(xp, input, r, omega)
    _check_rank(x)
    precision = _symiir_precision(x.dtype, precision)
    # SciPy's stopping rules, not |r|**k < precision: the anti-causal sums compare the squared
    # coefficient with the precision itself, so they stop after about half as many terms, and
    # the last samples carry that truncation (about sqrt(precision) relative).
    counts = _second_order_terms(r, omega, x.dtype, precision, x.shape[-1])
    return _second_order(xp, x, r, omega, counts, False).astype(x.dtype, copy=False)


def _smoothing(lamb):
    """(rho, omega) of the poles of the smoothing cubic spline with regularisation lamb."""
    xi = 1 - 96 * lamb + 24 * lamb * math.sqrt(3 + 144 * lamb)
    omega = math.atan2(math.sqrt(144 * lamb - 1), math.sqrt(xi))
    rho = (24 * lamb - 1 - math.sqrt(xi)) / (24 * lamb)
    return rho * math.sqrt((48 * lamb + 24 * lamb * math.sqrt(3 + 144 * lamb)) / xi), omega


_CUBIC_POLE = -2 + math.sqrt(3)
_QUADRATIC_POLE = -3 + 2 * math.sqrt(2)


def _signal_1d(xp, signal):
    x = xp.asarray(signal)
    if x.dtype.kind not in "fc":
        x = x.astype(np.float64)
    elif x.dtype in (np.float32, np.complex64):
        x = x.astype(np.result_type(x.dtype, np.float64))
    return x


def cspline1d(xp, signal, lamb=0.0):
    x = _signal_1d(xp, signal)
    if lamb != 0.0:
        rho, omega = _smoothing(lamb)
        return _second_order(xp, x, rho, omega, (x.shape[-1],) * 4, True)
    z = _CUBIC_POLE
    # SciPy leaves out the gain 6 for a single sample; kept for compatibility.
    return _first_order(xp, x, -6 * z if x.shape[-1] > 1 else -z, z, x.shape[-1])


def qspline1d(xp, signal, lamb=0.0):
    if lamb != 0.0:
        raise ValueError("Smoothing quadratic splines not supported yet.")
    x = _signal_1d(xp, signal)
    z = _QUADRATIC_POLE
    return _first_order(xp, x, -8 * z if x.shape[-1] > 1 else -z, z, x.shape[-1])


def _both_axes(xp, x, filt):
    out = filt(x)
    return xp.swapaxes(filt(xp.swapaxes(out, -1, -2)), -1, -2)


def cspline2d(xp, signal, lamb=0.0, precision=-1.0):
    x = xp.asarray(signal)
    precision = _precision(x.dtype, precision, 1e-3, 1e-6)
    if lamb <= 1 / 144.0:
        z = _CUBIC_POLE
        return _both_axes(xp, x, lambda v: symiirorder1(xp, v, -6 * z, z, precision))
    rho, omega = _smoothing(lamb)
    return _both_axes(xp, x, lambda v: symiirorder2(xp, v, rho, omega, precision))


def qspline2d(xp, signal, lamb=0.0, precision=-1.0):
    if lamb != 0.0:
        raise ValueError("Smoothing quadratic splines not supported yet.")
    x = xp.asarray(signal)
    precision = _precision(x.dtype, precision, 1e-3, 1e-6)
    z = _QUADRATIC_POLE
    return _both_axes(xp, x, lambda v: symiirorder1(xp, v, -8 * z, z, precision))


def _cubic(t):
    t = abs(t)
    inner = 2.0 / 3 - t * t + t * t * t / 2
    outer = (2 - t) ** 3 / 6
    return (t < 1) * inner + ((t >= 1) & (t < 2)) * outer


def _quadratic(t):
    t = abs(t)
    return (t < 0.5) * (0.75 - t * t) + ((t >= 0.5) & (t < 1.5)) * ((t - 1.5) ** 2 / 2)


def _spline_eval(xp, cj, newx, dx, x0, basis, width, offset):
    cj = xp.asarray(cj)
    t = (xp.asarray(newx) - x0) / float(dx)
    if t.size == 0:
        return xp.zeros(t.shape, dtype=cj.dtype)
    n = cj.shape[0]
    # Outside [0, n - 1] the coefficients continue mirror-symmetrically about both ends.
    if n == 1:
        t = t * 0
    else:
        period = 2 * (n - 1)
        t = xp.abs(t)
        t = t - xp.floor(t / period) * period
        t = xp.where(t > n - 1, period - t, t)
    lower = xp.floor(t - offset).astype(np.int64) + 1
    out = xp.zeros(t.shape, dtype=np.result_type(cj.dtype, np.float64))
    for i in range(width):
        j = lower + i
        out = out + cj[xp.clip(j, 0, n - 1)] * basis(t - j)
    return out.astype(cj.dtype, copy=False) if cj.dtype.kind in "fc" else out


def cspline1d_eval(xp, cj, newx, dx=1.0, x0=0):
    return _spline_eval(xp, cj, newx, dx, x0, _cubic, 4, 2)


def qspline1d_eval(xp, cj, newx, dx=1.0, x0=0):
    return _spline_eval(xp, cj, newx, dx, x0, _quadratic, 3, 1.5)


def _symmetric_fir(xp, x, h, axis):
    """Convolution with the odd-length filter h along axis, the signal mirrored about its
    ends (half-sample symmetric) so the output keeps the input's length."""
    half = len(h) // 2
    pad = [(0, 0)] * x.ndim
    pad[axis] = (half, half)
    padded = xp.pad(x, pad, mode="symmetric")
    n = x.shape[axis]
    out = None
    for k, tap in enumerate(h[::-1]):
        part = xp.take(padded, xp.arange(k, k + n), axis=axis) * tap.item()
        out = part if out is None else out + part
    return out


def sepfir2d(xp, input, hrow, hcol):
    x = xp.asarray(input)
    hrow, hcol = np.asarray(to_host(xp, hrow)), np.asarray(to_host(xp, hcol))
    if hrow.ndim != 1 or hcol.ndim != 1 or len(hrow) % 2 == 0 or len(hcol) % 2 == 0:
        raise ValueError("hrow and hcol must be odd length")
    if x.ndim != 2:
        raise ValueError("input must be 2-D")
    dtype = x.dtype if x.dtype.kind in "fc" else np.dtype(np.float64)
    if np.result_type(dtype, hrow, hcol).kind == "c" and dtype.kind != "c":
        raise TypeError(f"Cannot cast array data from dtype('{np.result_type(hrow, hcol)}') "
                        f"to dtype('{dtype}') according to the rule 'safe'")
    x = x.astype(dtype, copy=False)
    hrow, hcol = hrow.astype(dtype), hcol.astype(dtype)
    return _symmetric_fir(xp, _symmetric_fir(xp, x, hrow, 1), hcol, 0)


def spline_filter(xp, Iin, lmbda=5.0):
    x = xp.asarray(Iin)
    if x.dtype not in (np.float32, np.float64, np.complex64, np.complex128):
        raise TypeError(f"Invalid data type for Iin: Iin.dtype = {x.dtype!r}")
    # Coefficients of the smoothing spline, then the spline sampled at the knots: [1, 4, 1]/6
    # along both axes.
    taps = np.array([1.0, 4.0, 1.0], np.float32) / 6.0
    if x.dtype.kind == "c":
        x = x.astype(np.complex64)
        real = sepfir2d(xp, cspline2d(xp, x.real, lmbda), taps, taps)
        imag = sepfir2d(xp, cspline2d(xp, x.imag, lmbda), taps, taps)
        return (real + 1j * imag).astype(xp.asarray(Iin).dtype)
    return sepfir2d(xp, cspline2d(xp, x, lmbda), taps, taps).astype(x.dtype)


FUNCTIONS = [symiirorder1, symiirorder2, cspline1d, qspline1d, cspline2d, qspline2d,
             cspline1d_eval, qspline1d_eval, sepfir2d, spline_filter]
