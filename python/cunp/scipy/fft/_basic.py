"""scipy.fft's discrete Fourier transforms over an array namespace `xp` (its `fft` module has
NumPy 2's API): SciPy's signatures, argument checks and dtypes (float16 computes in float32,
integers in float64; rfft and ihfft take real input only), then one call of xp.fft. The n-D
Hermitian transforms, which NumPy lacks, are irfftn and rfftn of the conjugate with the other
direction's scaling."""
import operator

from cunp.scipy.fft._helper import (asfarray, check_norm, check_points, check_real, length_1d,
                                    normalize_axis, shape_and_axes, swap_norm)


def _with_plan(plan, transform, *args, **kwargs):
    """transform(*args, **kwargs); a plan, where given, is entered around the call (cunp.fft's
    plans are context managers that the transforms inside pick up)."""
    if plan is None:
        return transform(*args, **kwargs)
    if not hasattr(plan, "__enter__"):
        raise NotImplementedError(
            "plan must be None or an FFT plan that works as a context manager "
            "(cunp.fft.get_fft_plan)")
    with plan:
        return transform(*args, **kwargs)


def _one_axis(name, xp, x, n, axis, norm, plan, real_input=False):
    x = asfarray(xp, x)
    check_norm(norm)
    if real_input:
        check_real(x)
    n, axis = length_1d(x, n, axis)
    return _with_plan(plan, getattr(xp.fft, name), x, n=n, axis=axis, norm=norm)


def _c2r(name, xp, x, n, axis, norm, plan):
    x = asfarray(xp, x)
    check_norm(norm)
    if x.dtype.kind != "c":
        x = x + 0j
    axis = normalize_axis(axis, x.ndim)
    if n is None:
        n = (x.shape[axis] - 1) * 2
        if n < 1:
            raise ValueError(f"Invalid number of data points ({n}) specified")
    else:
        n = check_points(operator.index(n))
    return _with_plan(plan, getattr(xp.fft, name), x, n=n, axis=axis, norm=norm)


def fft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The 1-D discrete Fourier transform (scipy.fft.fft); overwrite_x and workers are accepted
    and ignored."""
    return _one_axis("fft", xp, x, n, axis, norm, plan)


def ifft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The 1-D inverse discrete Fourier transform (scipy.fft.ifft)."""
    return _one_axis("ifft", xp, x, n, axis, norm, plan)


def rfft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The 1-D discrete Fourier transform of real input, n//2 + 1 terms (scipy.fft.rfft)."""
    return _one_axis("rfft", xp, x, n, axis, norm, plan, True)


def irfft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The inverse of rfft: n real values, n = 2 * (m - 1) by default (scipy.fft.irfft)."""
    return _c2r("irfft", xp, x, n, axis, norm, plan)


def hfft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The FFT of a signal with Hermitian symmetry given by its first half: real output
    (scipy.fft.hfft)."""
    return _c2r("hfft", xp, x, n, axis, norm, plan)


def ihfft(xp, x, n=None, axis=-1, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The inverse of hfft, of real input (scipy.fft.ihfft)."""
    return _one_axis("ihfft", xp, x, n, axis, norm, plan, True)


def _c2cn(name, xp, x, s, axes, norm, plan):
    arr = asfarray(xp, x)
    s, axes = shape_and_axes(arr, s, axes)
    if not axes:
        return x  # SciPy returns its argument itself
    check_norm(norm)
    return _with_plan(plan, getattr(xp.fft, name), arr, s=s, axes=axes, norm=norm)


def _r2cn(xp, x, s, axes, norm):
    """rfftn's argument handling: (x, s, axes) as xp.fft.rfftn takes them."""
    x = asfarray(xp, x)
    check_real(x)
    s, axes = shape_and_axes(x, s, axes)
    check_norm(norm)
    if not axes:
        raise ValueError("at least 1 axis must be transformed")
    return x, s, axes


def _c2rn(xp, x, s, axes, norm):
    """irfftn's argument handling: s[-1] is the output's length along the last axis, by default
    2 * (m - 1)."""
    x = asfarray(xp, x)
    if x.dtype.kind != "c":
        x = x + 0j
    given = s is not None
    s, axes = shape_and_axes(x, s, axes)
    if not axes:
        raise ValueError("at least 1 axis must be transformed")
    if not given:
        s[-1] = (x.shape[axes[-1]] - 1) * 2
    check_norm(norm)
    if s[-1] < 1:
        raise ValueError(f"Invalid number of data points ({s[-1]}) specified")
    return x, s, axes


def fftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The n-D discrete Fourier transform (scipy.fft.fftn): over all axes by default, or the
    last len(s); an entry -1 in s keeps that axis' length."""
    return _c2cn("fftn", xp, x, s, axes, norm, plan)


def ifftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The n-D inverse discrete Fourier transform (scipy.fft.ifftn)."""
    return _c2cn("ifftn", xp, x, s, axes, norm, plan)


def rfftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The n-D discrete Fourier transform of real input (scipy.fft.rfftn)."""
    x, s, axes = _r2cn(xp, x, s, axes, norm)
    return _with_plan(plan, xp.fft.rfftn, x, s=s, axes=axes, norm=norm)


def irfftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The inverse of rfftn (scipy.fft.irfftn)."""
    x, s, axes = _c2rn(xp, x, s, axes, norm)
    return _with_plan(plan, xp.fft.irfftn, x, s=s, axes=axes, norm=norm)


def hfftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The n-D FFT of a Hermitian-symmetric signal given by its half (scipy.fft.hfftn):
    irfftn of the conjugate, scaled as the forward direction."""
    x, s, axes = _c2rn(xp, x, s, axes, norm)
    return _with_plan(plan, xp.fft.irfftn, xp.conj(x), s=s, axes=axes, norm=swap_norm(norm))


def ihfftn(xp, x, s=None, axes=None, norm=None, overwrite_x=False, workers=None, *, plan=None):
    """The inverse of hfftn, of real input (scipy.fft.ihfftn): the conjugate of rfftn scaled
    as the inverse direction."""
    x, s, axes = _r2cn(xp, x, s, axes, norm)
    return xp.conj(_with_plan(plan, xp.fft.rfftn, x, s=s, axes=axes, norm=swap_norm(norm)))


def _two_axes(transform, doc):
    def two_d(xp, x, s=None, axes=(-2, -1), norm=None, overwrite_x=False, workers=None, *,
              plan=None):
        return transform(xp, x, s, axes, norm, plan=plan)

    two_d.__name__ = two_d.__qualname__ = transform.__name__[:-1] + "2"
    two_d.__doc__ = doc
    return two_d


fft2 = _two_axes(fftn, "The 2-D discrete Fourier transform (scipy.fft.fft2).")
ifft2 = _two_axes(ifftn, "The 2-D inverse discrete Fourier transform (scipy.fft.ifft2).")
rfft2 = _two_axes(rfftn, "The 2-D discrete Fourier transform of real input (scipy.fft.rfft2).")
irfft2 = _two_axes(irfftn, "The inverse of rfft2 (scipy.fft.irfft2).")
hfft2 = _two_axes(hfftn, "The 2-D FFT of a Hermitian-symmetric signal (scipy.fft.hfft2).")
ihfft2 = _two_axes(ihfftn, "The inverse of hfft2 (scipy.fft.ihfft2).")

TRANSFORMS = [fft, ifft, rfft, irfft, hfft, ihfft, fftn, ifftn, rfftn, irfftn, hfftn, ihfftn,
              fft2, ifft2, rfft2, irfft2, hfft2, ihfft2]
