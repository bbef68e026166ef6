"""scipy.ndimage's Fourier-domain filters over a backend `be`: the input is already a transform
(of a full FFT, or with n >= 0 a real FFT whose `axis` was halved from length n), and each
function multiplies it by its kernel's transform evaluated at every element's frequency. The
kernels of gaussian, uniform and shift are products of one factor per axis (broadcast 1-D
arrays); the ellipsoid's depends on the radius over all axes. Factors are computed in float64
and the product stored in the output's type, as SciPy does."""
import numpy

from cunp.scipy.ndimage import _ni_support as ns


def _frequencies(be, size, axis, this_axis, n):
    """Cycles per sample at each index of an axis: fftfreq order for a full axis, 0..size-1
    over n for the halved axis of a real FFT."""
    xp = be.xp
    k = xp.arange(size, dtype=xp.float64)
    if n >= 0 and this_axis == axis:
        return k / float(n) if n > 0 else xp.zeros(size, dtype=xp.float64)
    return xp.where(k < (size + 1) // 2, k, k - size) / float(size)


def _prepare(be, input, n, axis, output, complex_output):
    xp = be.xp
    input = xp.asarray(input)
    axis = ns.normalize_axis(axis, input.ndim) if input.ndim else 0
    if complex_output:
        kind = xp.complex64 if input.dtype == numpy.complex64 else xp.complex128
    elif input.dtype in (numpy.complex64, numpy.complex128, numpy.float32):
        kind = input.dtype
    else:
        kind = xp.float64
    if output is None:
        out = xp.zeros(input.shape, dtype=kind)
    elif isinstance(output, (type, numpy.dtype, str)):
        allowed = ("complex64", "complex128") if complex_output else (
            "complex64", "complex128", "float32", "float64")
        if numpy.dtype(output).name not in allowed:
            raise RuntimeError("output type not supported")
        out = xp.zeros(input.shape, dtype=numpy.dtype(output))
    else:
        if output.shape != input.shape:
            raise RuntimeError("output shape not correct")
        out = output
    return input, axis, int(n), out


def _axis_view(be, factor, axis, ndim):
    shape = [1] * ndim
    shape[axis] = factor.shape[0]
    return factor.reshape(shape)


def _separable(be, input, n, axis, output, params, factor, complex_output=False):
    input, axis, n, out = _prepare(be, input, n, axis, output, complex_output)
    params = ns.normalize_sequence(params, input.ndim)
    result = input.astype(be.xp.complex128 if (complex_output or input.dtype.kind == "c")
                          else be.xp.float64)
    for d, size in enumerate(input.shape):
        f = _frequencies(be, size, axis, d, n)
        result = result * _axis_view(be, factor(f, float(params[d])), d, input.ndim)
    out[...] = result.astype(out.dtype)
    return out


def fourier_gaussian(be, input, sigma, n=-1, axis=-1, output=None):
    """The transform multiplied by a Gaussian's: exp(-2 pi^2 sigma^2 f^2) per axis."""
    xp = be.xp
    return _separable(be, input, n, axis, output, sigma,
                      lambda f, s: xp.exp(-2.0 * numpy.pi ** 2 * s * s * f * f))


def _sinc(xp, t):
    """sin(t) / t, 1 at t = 0."""
    safe = xp.where(t == 0, 1.0, t)
    return xp.where(t == 0, 1.0, xp.sin(safe) / safe)


def fourier_uniform(be, input, size, n=-1, axis=-1, output=None):
    """The transform multiplied by a box's of width `size`: sin(pi size f) / (pi size f)."""
    xp = be.xp
    return _separable(be, input, n, axis, output, size,
                      lambda f, s: _sinc(xp, numpy.pi * s * f))


def fourier_shift(be, input, shift, n=-1, axis=-1, output=None):
    """The transform multiplied by exp(-2 pi i shift f) per axis: a shift by `shift` samples
    (the output is complex)."""
    xp = be.xp
    if output is not None and not isinstance(output, (type, numpy.dtype, str)):
        if output.dtype.kind != "c":
            raise RuntimeError("output must have complex dtype")
    return _separable(be, input, n, axis, output, shift,
                      lambda f, s: xp.exp(-2j * numpy.pi * s * f), complex_output=True)


def _j1(be, x):
    if be.xp is numpy:
        from scipy import special
    else:
        from cunp.scipy import special
    return special.j1(x)


def fourier_ellipsoid(be, input, size, n=-1, axis=-1, output=None):
    """The transform multiplied by an ellipsoid's of semi-axes size / 2: with r = pi times the
    length of (size_d f_d), sin(r)/r in 1-D, 2 J1(r)/r in 2-D and 3 (sin r - r cos r)/r^3 in
    3-D (1 at r = 0)."""
    xp = be.xp
    input, axis, n, out = _prepare(be, input, n, axis, output, False)
    if input.ndim > 3:
        raise NotImplementedError("Only 1d, 2d and 3d inputs are supported")
    sizes = ns.normalize_sequence(size, input.ndim)
    r2 = xp.zeros(input.shape, dtype=xp.float64)
    for d, length in enumerate(input.shape):
        f = numpy.pi * float(sizes[d]) * _frequencies(be, length, axis, d, n)
        r2 = r2 + _axis_view(be, f * f, d, input.ndim)
    r = xp.sqrt(r2)
    safe = xp.where(r == 0, 1.0, r)
    if input.ndim == 1:
        kernel = xp.sin(safe) / safe
    elif input.ndim == 2:
        kernel = 2.0 * _j1(be, safe) / safe
    elif input.ndim == 3:
        kernel = 3.0 * (xp.sin(safe) - safe * xp.cos(safe)) / (safe * safe * safe)
    else:
        kernel = xp.ones(input.shape, dtype=xp.float64)
    kernel = xp.where(r == 0, 1.0, kernel)
    work = input.astype(xp.complex128 if input.dtype.kind == "c" else xp.float64)
    out[...] = (work * kernel).astype(out.dtype)
    return out


FOURIER = [fourier_gaussian, fourier_uniform, fourier_ellipsoid, fourier_shift]
