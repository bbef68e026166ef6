"""cunp.scipy.fft: scipy.fft on cunp arrays, over cunp.fft (cuFFT).

SciPy's signatures and dtypes (float16 computes in float32, integers in float64; single
precision stays single); overwrite_x and workers are accepted and ignored; plan= takes a
cunp.fft plan (entered around the call). dct/dst/idct/idst and their n-D forms (types 1-4) are
built on one FFT each (see _realtransforms); fht/ifht are FFTLog (see _fftlog).
next_fast_len gives lengths that cuFFT transforms fastest.

The module is also a SciPy FFT backend: inside `with scipy.fft.set_backend(cunp.scipy.fft):`,
scipy.fft's functions called with cunp arrays run here (NumPy arrays too with coerce=True).
"""
import inspect

import cunp
from cunp.scipy.fft import _basic, _realtransforms
from cunp.scipy.fft._helper import next_fast_len, prev_fast_len
from cunp.scipy.fft._fftlog import fht, fhtoffset, ifht
from cunp.fft.config import get_fft_plan

__all__ = [
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
    "irfftn", "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "dct", "idct", "dst", "idst",
    "dctn", "idctn", "dstn", "idstn", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
    "next_fast_len", "prev_fast_len", "fht", "ifht", "fhtoffset",
]
# get_fft_plan (CuPy's cupyx.scipy.fft.get_fft_plan) is an attribute but not in __all__: it is
# not a scipy.fft function, so the backend protocol never dispatches to it.


def _on_cunp(generic):
    """The transform `generic(xp, ...)` with xp = cunp, under SciPy's signature."""
    def public(*args, **kwargs):
        return generic(cunp, *args, **kwargs)

    signature = inspect.signature(generic)
    public.__signature__ = signature.replace(parameters=list(signature.parameters.values())[1:])
    public.__name__ = public.__qualname__ = generic.__name__
    public.__doc__ = generic.__doc__
    public.__module__ = __name__
    return public


for _generic in _basic.TRANSFORMS + _realtransforms.TRANSFORMS:
    globals()[_generic.__name__] = _on_cunp(_generic)
del _generic


def fftfreq(n, d=1.0, *, xp=None, device=None):
    """The sample frequencies of an FFT of n points with sample spacing d (a cunp array, or
    one of namespace xp)."""
    return (xp or cunp).fft.fftfreq(n, d, device=device)


def rfftfreq(n, d=1.0, *, xp=None, device=None):
    """The sample frequencies of rfft's output for n points with sample spacing d."""
    return (xp or cunp).fft.rfftfreq(n, d, device=device)


def fftshift(x, axes=None):
    """x with the zero frequency moved to the centre of each of axes (default all)."""
    return cunp.fft.fftshift(x, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift."""
    return cunp.fft.ifftshift(x, axes)


# --- SciPy's backend protocol (uarray) ---

__ua_domain__ = "numpy.scipy.fft"


def __ua_function__(method, args, kwargs):
    """Runs scipy.fft's `method` here when this module has it, else defers (NotImplemented)."""
    implementation = globals().get(method.__name__) if method.__name__ in __all__ else None
    if implementation is None:
        return NotImplemented
    return implementation(*args, **kwargs)


def __ua_convert__(dispatchables, coerce):
    """Accepts cunp arrays; NumPy arrays and array-likes only when coercion is asked for (they
    are copied to the device). Anything else defers to the next backend."""
    import numpy

    converted = []
    for d in dispatchables:
        value = d.value
        if d.type is numpy.ndarray and not isinstance(value, cunp.ndarray):
            if not (coerce and d.coercible):
                return NotImplemented
            try:
                value = cunp.asarray(value)
            except (TypeError, ValueError):
                return NotImplemented
        converted.append(value)
    return converted
