"""scipy.fft's discrete cosine and sine transforms (types 1-4) over an array namespace `xp`,
computed with one FFT each.

Each transform runs along the last axis (the others are moved there and back) on real data;
complex data is transformed as its real and imaginary parts, as SciPy does. With N points:

- DCT-II (Makhoul): v = even samples, then the odd ones reversed; y[k] = 2 Re(w^k V[k]) with
  V = rfft(v), w = exp(-i pi / 2N); the upper half follows from the same V as
  y[N-k] = -2 Im(w^k V[k]), so one real FFT of N points gives all N outputs.
- DCT-III is DCT-II's inverse times 2N: V[k] = w^-k (x[k] - i x[N-k]) (x[N] = 0), v = irfft(V),
  and the even/odd reordering undone.
- DCT-IV shifts by half a sample on both sides: y[k] = 2 Re(w^(k + 1/2) F[k]), F the FFT of
  x[n] w^n zero-padded to 2N points; for even N, one complex FFT of N/2 points instead:
  c = w^2k FFT((x[2n] + i x[N-1-2n]) w^(2n + 1/2)), y[2k] = 2 Re c[k], y[N-1-2k] = -2 Im c[k].
- DCT-I is the real part of the FFT of the even extension x0 .. x[N-1] .. x1 (2N - 2 points);
  DST-I is minus the imaginary part of the FFT of the odd extension 0, x, 0, -x reversed
  (2N + 2 points).
- DST-II, III and IV are DCTs of the sign-alternated or reversed input: DST-II(x) =
  DCT-II((-1)^n x) reversed, DST-III(x) = (-1)^k DCT-III(x reversed), DST-IV(x) = (-1)^k
  DCT-IV(x reversed); the signs are folded into the reordering or the twiddle factors.

Scaling: a forward transform of logical size M (2(N-1) for DCT-I, 2(N+1) for DST-I, else 2N) is
unscaled ("backward"), times 1/M ("forward") or 1/sqrt(M) ("ortho"); the inverses are the
forward transforms of the inverse type (II <-> III) with the norm swapped. orthogonalize
(default: norm == "ortho") scales the first/last terms by sqrt(2) as SciPy documents.
"""
import math
import operator

from cunp.scipy.fft._helper import (asfarray, check_norm, length_1d, resize_axis, shape_and_axes,
                                    swap_norm)

_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}
_SQRT2 = math.sqrt(2.0)


def _twiddles(xp, count, step, offset, scale, real_dtype):
    """scale * exp(-i pi (k * step + offset)) for k < count, in the complex dtype of real_dtype
    (computed in double precision, so single-precision transforms get exact factors)."""
    k = xp.arange(count, dtype=xp.float64)
    w = xp.exp((k * step + offset) * (-1j * math.pi)) * scale
    return w.astype(xp.result_type(real_dtype, xp.complex64))


def _column(xp, x, fill):
    """An array of x's shape with one point on the last axis, holding fill."""
    return xp.full(x.shape[:-1] + (1,), fill, x.dtype)


def _dct1(xp, x, scale, orthogonalize):
    n = x.shape[-1]
    extended = xp.concatenate([x, x[..., -2:0:-1]], axis=-1)
    if orthogonalize:
        extended[..., 0] *= _SQRT2
        extended[..., n - 1] *= _SQRT2
    y = xp.real(xp.fft.rfft(extended, axis=-1)) * scale
    if orthogonalize:
        y[..., 0] /= _SQRT2
        y[..., n - 1] /= _SQRT2
    return y


def _dst1(xp, x, scale):
    n = x.shape[-1]
    zero = _column(xp, x, 0)
    extended = xp.concatenate([zero, x, zero, -x[..., ::-1]], axis=-1)
    return xp.imag(xp.fft.rfft(extended, axis=-1)[..., 1:n + 1]) * -scale


def _dct2(xp, x, scale, orthogonalize, odd_sign=1):
    """DCT-II; odd_sign=-1 transforms (-1)^n x instead (for DST-II)."""
    n = x.shape[-1]
    half = n // 2 + 1
    odd = x[..., 1::2][..., ::-1]
    v = xp.concatenate([x[..., ::2], odd if odd_sign == 1 else -odd], axis=-1)
    z = xp.fft.rfft(v, axis=-1) * _twiddles(xp, half, 0.5 / n, 0.0, 2.0 * scale, x.dtype)
    y = xp.concatenate([xp.real(z), -xp.imag(z[..., n - half:0:-1])], axis=-1)
    if orthogonalize:
        y[..., 0] /= _SQRT2
    return y


def _dct3(xp, x, scale, orthogonalize, odd_sign=1):
    """DCT-III; odd_sign=-1 negates the odd outputs (for DST-III)."""
    n = x.shape[-1]
    half = n // 2 + 1
    mirrored = xp.concatenate([_column(xp, x, 0), x[..., :n - half:-1]], axis=-1)
    spectrum = (x[..., :half] - 1j * mirrored) * _twiddles(xp, half, -0.5 / n, 0.0, n * scale,
                                                           x.dtype)
    if orthogonalize:
        spectrum[..., 0] *= _SQRT2
    v = xp.fft.irfft(spectrum, n=n, axis=-1)
    evens = (n + 1) // 2
    y = xp.empty_like(v)
    y[..., ::2] = v[..., :evens]
    odd = v[..., :evens - 1:-1]
    y[..., 1::2] = odd if odd_sign == 1 else -odd
    return y


def _dct4(xp, x, scale, alternate=False):
    """DCT-IV; alternate=True multiplies output k by (-1)^k (for DST-IV)."""
    n = x.shape[-1]
    if n % 2:
        pre = _twiddles(xp, n, 0.5 / n, 0.0, 1.0, x.dtype)
        post = _twiddles(xp, n, 0.5 / n + (1.0 if alternate else 0.0), 0.25 / n, 2.0 * scale,
                         x.dtype)
        return xp.real(xp.fft.fft(x * pre, n=2 * n, axis=-1)[..., :n] * post)
    # Even n: the even samples and the odd ones reversed as one complex sequence of n/2 points.
    half = n // 2
    pre = _twiddles(xp, half, 1.0 / n, 0.25 / n, 1.0, x.dtype)
    post = _twiddles(xp, half, 1.0 / n, 0.0, 2.0 * scale, x.dtype)
    c = xp.fft.fft((x[..., ::2] + 1j * x[..., ::-2]) * pre, axis=-1) * post
    y = xp.empty_like(x)
    y[..., ::2] = xp.real(c)
    y[..., ::-2] = xp.imag(c) if alternate else -xp.imag(c)
    return y


# (kind, type) -> transform of the last axis: fn(xp, x, scale, orthogonalize)
_LAST_AXIS = {
    ("dct", 1): _dct1,
    ("dct", 2): _dct2,
    ("dct", 3): _dct3,
    ("dct", 4): lambda xp, x, scale, orthogonalize: _dct4(xp, x, scale),
    ("dst", 1): lambda xp, x, scale, orthogonalize: _dst1(xp, x, scale),
    ("dst", 2): lambda xp, x, scale, orthogonalize: _dct2(xp, x, scale, orthogonalize,
                                                          odd_sign=-1)[..., ::-1],
    ("dst", 3): lambda xp, x, scale, orthogonalize: _dct3(xp, x[..., ::-1], scale,
                                                          orthogonalize, odd_sign=-1),
    ("dst", 4): lambda xp, x, scale, orthogonalize: _dct4(xp, x[..., ::-1], scale,
                                                          alternate=True),
}


def _logical_size(kind, type, n):
    if type == 1 and kind == "dct" and n < 2:
        raise RuntimeError("zero-length FFT requested: a type 1 DCT needs at least 2 points")
    if type == 1:
        return 2 * (n - 1) if kind == "dct" else 2 * (n + 1)
    return 2 * n


def _scale(kind, type, n, norm):
    size = _logical_size(kind, type, n)
    if norm == "forward":
        return 1.0 / size
    if norm == "ortho":
        return 1.0 / math.sqrt(size)
    return 1.0


def _check_type(kind, type):
    type = operator.index(type)
    if type not in _INVERSE_TYPE:
        raise ValueError(f"invalid {kind.upper()} type")
    return type


def _along_axes(xp, kind, type, x, axes, norm, orthogonalize):
    """The forward transform `kind` of `type` of the floating array x along each of axes."""
    if x.dtype.kind == "c":
        # Real and imaginary parts separately; SciPy then applies its default orthogonalize.
        def part(values):
            return _along_axes(xp, kind, type, values, axes, norm, None)

        return part(xp.real(x)) + 1j * part(xp.imag(x))
    if orthogonalize is None:
        orthogonalize = norm == "ortho"
    transform = _LAST_AXIS[kind, type]
    for axis in axes:
        last = xp.moveaxis(x, axis, -1)
        scale = _scale(kind, type, last.shape[-1], norm)
        x = xp.moveaxis(transform(xp, last, scale, orthogonalize), -1, axis)
    return x


def _direction(kind, type, norm, inverse):
    """(type, norm) of the forward transform that computes the requested one."""
    check_norm(norm)
    type = _check_type(kind, type)
    return (_INVERSE_TYPE[type], swap_norm(norm)) if inverse else (type, norm)


def _one_axis(xp, kind, inverse, x, type, n, axis, norm, orthogonalize):
    x = asfarray(xp, x)
    check_norm(norm)
    n, axis = length_1d(x, n, axis)
    type, norm = _direction(kind, type, norm, inverse)
    return _along_axes(xp, kind, type, resize_axis(xp, x, n, axis), [axis], norm, orthogonalize)


def _n_axes(xp, kind, inverse, x, type, s, axes, norm, orthogonalize):
    arr = asfarray(xp, x)
    s, axes = shape_and_axes(arr, s, axes)
    if not axes:
        return x  # SciPy returns its argument itself
    for n, axis in zip(s, axes):
        arr = resize_axis(xp, arr, n, axis)
    type, norm = _direction(kind, type, norm, inverse)
    return _along_axes(xp, kind, type, arr, axes, norm, orthogonalize)


def dct(xp, x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None,
        orthogonalize=None):
    """The discrete cosine transform of type 1, 2, 3 or 4 along axis (scipy.fft.dct)."""
    return _one_axis(xp, "dct", False, x, type, n, axis, norm, orthogonalize)


def idct(xp, x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None,
         orthogonalize=None):
    """The inverse discrete cosine transform (scipy.fft.idct)."""
    return _one_axis(xp, "dct", True, x, type, n, axis, norm, orthogonalize)


def dst(xp, x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None,
        orthogonalize=None):
    """The discrete sine transform of type 1, 2, 3 or 4 along axis (scipy.fft.dst)."""
    return _one_axis(xp, "dst", False, x, type, n, axis, norm, orthogonalize)


def idst(xp, x, type=2, n=None, axis=-1, norm=None, overwrite_x=False, workers=None,
         orthogonalize=None):
    """The inverse discrete sine transform (scipy.fft.idst)."""
    return _one_axis(xp, "dst", True, x, type, n, axis, norm, orthogonalize)


def dctn(xp, x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *,
         orthogonalize=None):
    """The n-D discrete cosine transform, one axis after another (scipy.fft.dctn)."""
    return _n_axes(xp, "dct", False, x, type, s, axes, norm, orthogonalize)


def idctn(xp, x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          orthogonalize=None):
    """The n-D inverse discrete cosine transform (scipy.fft.idctn)."""
    return _n_axes(xp, "dct", True, x, type, s, axes, norm, orthogonalize)


def dstn(xp, x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
         orthogonalize=None):
    """The n-D discrete sine transform, one axis after another (scipy.fft.dstn)."""
    return _n_axes(xp, "dst", False, x, type, s, axes, norm, orthogonalize)


def idstn(xp, x, type=2, s=None, axes=None, norm=None, overwrite_x=False, workers=None,
          orthogonalize=None):
    """The n-D inverse discrete sine transform (scipy.fft.idstn)."""
    return _n_axes(xp, "dst", True, x, type, s, axes, norm, orthogonalize)


TRANSFORMS = [dct, idct, dst, idst, dctn, idctn, dstn, idstn]
