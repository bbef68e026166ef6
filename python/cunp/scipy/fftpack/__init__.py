"""cunp.scipy.fftpack: scipy.fftpack's transforms on cunp arrays (CuPy's nine names), over
cunp.scipy.fft. fftpack keeps single precision single, names the n-D output shape `shape`,
and packs rfft's output as real numbers: [y(0), Re y(1), Im y(1), ..., Re y(n/2)] (the last
imaginary part for odd n), which irfft reads back."""
import operator

import numpy

import cunp as cp
from cunp.scipy import fft as _fft
from cunp.fft.config import get_fft_plan

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "get_fft_plan"]


def fft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The discrete Fourier transform along axis (padded or cut to n)."""
    return _fft.fft(x, n=n, axis=axis, plan=plan)


def ifft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The inverse discrete Fourier transform along axis (1/n scaled)."""
    return _fft.ifft(x, n=n, axis=axis, plan=plan)


def fft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """The 2-D discrete Fourier transform over axes."""
    return _fft.fftn(x, s=shape, axes=axes, plan=plan)


def ifft2(x, shape=None, axes=(-2, -1), overwrite_x=False, plan=None):
    """The 2-D inverse discrete Fourier transform over axes."""
    return _fft.ifftn(x, s=shape, axes=axes, plan=plan)


def _good_shape(x, shape, axes):
    """fftpack's rule: without axes, shape names every axis."""
    if shape is not None and axes is None:
        shape = (shape,) if numpy.ndim(shape) == 0 else tuple(shape)
        if len(shape) != cp.asarray(x).ndim:
            raise ValueError("when given, axes and shape arguments have to be of the same "
                             "length")
    return shape


def fftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """The n-D discrete Fourier transform over axes (all by default)."""
    return _fft.fftn(x, s=_good_shape(x, shape, axes), axes=axes, plan=plan)


def ifftn(x, shape=None, axes=None, overwrite_x=False, plan=None):
    """The n-D inverse discrete Fourier transform over axes (all by default)."""
    return _fft.ifftn(x, s=_good_shape(x, shape, axes), axes=axes, plan=plan)


def _real_input(x):
    x = cp.asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("x must be a real sequence")
    if x.dtype.kind != "f" or x.dtype == numpy.float16:
        x = x.astype(numpy.float32 if x.dtype == numpy.float16 else numpy.float64)
    return x


def _length(x, n, axis):
    if n is None:
        n = x.shape[axis]
    n = operator.index(n)
    if n < 1:
        raise ValueError("invalid number of data points (%d) specified" % n)
    return n


def rfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The transform of real x along axis in fftpack's packed real layout (length n)."""
    x = _real_input(x)
    if x.ndim == 0:
        x = x.reshape(1)
    n = _length(x, n, axis)
    y = cp.moveaxis(_fft.rfft(x, n=n, axis=axis, plan=plan), axis, -1)
    out = cp.empty(y.shape[:-1] + (n,), dtype=x.dtype)
    out[..., 0] = y[..., 0].real
    if n > 1:
        pairs = cp.stack([y[..., 1:].real, y[..., 1:].imag], axis=-1)
        out[..., 1:] = pairs.reshape(y.shape[:-1] + (-1,))[..., :n - 1]
    return cp.moveaxis(out, -1, axis)


def irfft(x, n=None, axis=-1, overwrite_x=False, plan=None):
    """The inverse of rfft: real x in the packed layout (padded or cut to n) back to the real
    sequence (1/n scaled)."""
    x = _real_input(x)
    if x.ndim == 0:
        x = x.reshape(1)
    n = _length(x, n, axis)
    x = cp.moveaxis(x, axis, -1)
    have = x.shape[-1]
    if have < n:
        x = cp.concatenate([x, cp.zeros(x.shape[:-1] + (n - have,), dtype=x.dtype)], axis=-1)
    else:
        x = x[..., :n]
    m = n // 2 + 1
    complex_dt = numpy.result_type(x.dtype, numpy.complex64)
    re = cp.zeros(x.shape[:-1] + (m,), dtype=x.dtype)
    im = cp.zeros(x.shape[:-1] + (m,), dtype=x.dtype)
    re[..., 0] = x[..., 0]
    if m > 1:
        odd, even = x[..., 1::2], x[..., 2::2]
        re[..., 1:1 + odd.shape[-1]] = odd
        im[..., 1:1 + even.shape[-1]] = even
    y = (re + 1j * im).astype(complex_dt, copy=False)
    r = _fft.irfft(y, n=n, axis=-1, plan=plan)
    return cp.moveaxis(r.astype(x.dtype, copy=False), -1, axis)
