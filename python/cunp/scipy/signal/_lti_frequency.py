"""Frequency responses of LTI systems: freqresp and bode (continuous), dfreqresp and dbode
(discrete), written over `xp`.

A system is a few coefficients on the host; the frequency grid is signal-length, so the
response is evaluated over the whole grid at once in `xp`: Horner's rule over the coefficients
of num and den at s = j w (or z^-1 = e^{-j w} for a discrete transfer function), or the
products of (s - z) and (s - p) over the zeros and poles, one array operation per coefficient.
The operations repeat SciPy's (freqs, freqs_zpk, freqz, freqz_zpk) in the same order, so the
NumPy namespace reproduces SciPy to rounding. The default grids are SciPy's exactly: they are
built on the host as SciPy builds them (findfreqs' logspace, freqz's linspace) and copied."""
import operator

import numpy as np

from cunp.scipy.signal import _freqz
from cunp.scipy.signal._lti import TransferFunction, ZerosPolesGain, _host, dlti, lti


def _system_host(system):
    return tuple(_host(s) for s in system)


def _siso(sys, name):
    if sys.inputs != 1 or sys.outputs != 1:
        raise ValueError(f"{name}() requires a SISO (single input, single output) system.")


def _count(worN):
    """worN as a number of frequencies, or None for frequencies: integers and 0-d integer
    arrays count (SciPy takes numpy.array(5) through operator.index; a 0-d cunp array is read
    the same way)."""
    try:
        return operator.index(worN)
    except TypeError:
        pass
    if getattr(worN, "ndim", None) == 0 and np.dtype(worN.dtype).kind in "iu":
        return int(worN.item())
    return None


def _promoted(x, coefficients):
    """x in the dtype NumPy's evaluation of the host coefficients at x computes in; each
    coefficient then enters as a Python scalar, so the device never sees a host array."""
    coefficients = np.atleast_1d(coefficients).ravel()
    dtype = np.result_type(x.dtype, coefficients.dtype)
    return (x if x.dtype == dtype else x.astype(dtype)), coefficients


def _polyval(xp, coefficients, x):
    """sum c[i] x^(len - 1 - i) (highest power first) by Horner's rule from zero, as
    numpy.polyval runs it."""
    x, coefficients = _promoted(x, coefficients)
    y = xp.zeros_like(x)
    for c in coefficients:
        y = y * x + c.item()
    return y


def _polyval_ascending(xp, coefficients, x):
    """sum c[i] x^i, as numpy.polynomial.polynomial.polyval runs it (from the top)."""
    x, c = _promoted(x, coefficients)
    y = x * 0 + c[-1].item()
    for value in c[-2::-1]:
        y = value.item() + y * x
    return y


def _from_roots(xp, roots, x):
    """prod (x - r) over the roots, left to right as numpy's polyvalfromroots reduces (one
    where there are none)."""
    x, roots = _promoted(x, roots)
    y = xp.ones_like(x)
    for r in roots:
        y = y * (x - r.item())
    return y


def _scaled(x, k):
    """k * x with k a 0-d host array of a definite dtype: the product's dtype is NumPy's for
    the two arrays, though k enters the device as a Python scalar."""
    dtype = np.result_type(x.dtype, k.dtype)
    return (x if x.dtype == dtype else x.astype(dtype)) * k.item()


def _grid(xp, worN):
    """The given frequencies as a 1-D array of xp (kept where they already live)."""
    return xp.atleast_1d(xp.asarray(worN))


def _continuous_system(system):
    if isinstance(system, lti):
        return system if isinstance(system, (TransferFunction, ZerosPolesGain)) else \
            system._as_zpk()
    if isinstance(system, dlti):
        raise AttributeError("freqresp can only be used with continuous-time systems.")
    return lti(*_system_host(system))._as_zpk()


def freqresp(xp, system, w=None, n=10000):
    sys = _continuous_system(system)
    _siso(sys, "freqresp")
    worN = w if w is not None else n
    if isinstance(sys, TransferFunction):
        num, den = np.ravel(sys.num), np.atleast_1d(sys.den)
        top, bottom, kind = num, den, "ba"
    else:
        top, bottom, kind = np.atleast_1d(sys.zeros), np.atleast_1d(sys.poles), "zp"
    count = 200 if worN is None else _count(worN)
    if count is not None:
        # findfreqs' logspace on the host: SciPy's grid to the last bit.
        w = xp.asarray(_freqz._findfreqs(top, bottom, count, kind))
    else:
        w = _grid(xp, worN)
    s = 1j * w
    if isinstance(sys, TransferFunction):
        h = _polyval(xp, top, s) / _polyval(xp, bottom, s)
    else:
        # SciPy reads the gain as a float64 scalar (a complex gain loses its imaginary part
        # with a ComplexWarning there and here).
        k = np.asarray(sys.gain, dtype=np.float64)
        if k.size > 1:
            raise ValueError("k must be a single scalar gain")
        h = _scaled(_from_roots(xp, top, s), k) / _from_roots(xp, bottom, s)
    return w, h


def _magnitude_phase(xp, y):
    return 20.0 * xp.log10(xp.abs(y)), xp.unwrap(xp.arctan2(y.imag, y.real)) * 180.0 / np.pi


def bode(xp, system, w=None, n=100):
    w, y = freqresp(xp, system, w=w, n=n)
    return (w, *_magnitude_phase(xp, y))


def _discrete_system(system):
    if isinstance(system, lti):
        raise AttributeError("dfreqresp can only be used with discrete-time systems.")
    if not isinstance(system, dlti):
        system = _system_host(system)
        system = dlti(*system[:-1], dt=system[-1])
    # SciPy evaluates a state-space system through its transfer function here.
    return system if isinstance(system, (TransferFunction, ZerosPolesGain)) else \
        system._as_tf()


def _discrete_grid(xp, worN, whole, dtype):
    """freqz's angular grid: linspace(0, pi or 2 pi, N, endpoint=False) built on the host in
    the real dtype of `dtype`, or 2 pi w / fs (fs = 2 pi) of the given frequencies read in
    `dtype` (complex for complex coefficients, as SciPy reads them), integers as float64 when
    `dtype` is None."""
    count = _count(worN)
    if count is not None:
        last = 2 * np.pi if whole else np.pi
        real = None if dtype is None else np.empty(0, dtype).real.dtype
        return xp.asarray(np.linspace(0, last, count, endpoint=False, dtype=real))
    w = _grid(xp, worN)
    if dtype is not None:
        w = w.astype(dtype)
    elif w.dtype.kind in "biu":
        w = w.astype(np.float64)
    return 2 * np.pi * w / (2 * np.pi)


def dfreqresp(xp, system, w=None, n=10000, whole=False):
    sys = _discrete_system(system)
    _siso(sys, "dfreqresp")
    worN = w if w is not None else n
    if isinstance(sys, TransferFunction):
        # num/den in z read as polynomials in z^-1, as freqz takes them.
        num, den = TransferFunction._z_to_zinv(np.ravel(sys.num), sys.den)
        num, den = np.atleast_1d(num), np.atleast_1d(den)
        if den.dtype.kind in "biu":
            den = den.astype(np.float64)
        w = _discrete_grid(xp, worN, whole, np.result_type(num, den))
        zm1 = xp.exp(-1j * w)
        h = _polyval_ascending(xp, num, zm1) / _polyval_ascending(xp, den, zm1)
    else:
        zeros, poles = np.atleast_1d(sys.zeros), np.atleast_1d(sys.poles)
        precision = np.float64 if np.result_type(zeros, poles) in (np.float64, np.complex128) \
            else np.float32
        w = _discrete_grid(xp, worN, whole, precision if _count(worN) is not None else None)
        z = xp.exp(1j * w)
        k = np.asarray(sys.gain, dtype=precision)
        h = _scaled(_from_roots(xp, zeros, z), k) / _from_roots(xp, poles, z)
    return w, h


def dbode(xp, system, w=None, n=100):
    w, y = dfreqresp(xp, system, w=w, n=n)
    dt = system.dt if isinstance(system, dlti) else system[-1]
    magnitude = 20.0 * xp.log10(xp.abs(y))
    phase = xp.rad2deg(xp.unwrap(xp.angle(y)))
    return w / dt, magnitude, phase


FUNCTIONS = [freqresp, bode, dfreqresp, dbode]
