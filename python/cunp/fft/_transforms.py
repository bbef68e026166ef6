"""numpy.fft's transforms with NumPy 2's signatures. Each is one call into the core
(`_core.fft.fft` for 1-D, `_core.fft.fftn` once `s` and `axes` are settled as NumPy settles
them)."""
import warnings

from cunp import _core

__all__ = ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft', 'fftn', 'ifftn', 'rfftn', 'irfftn',
           'fft2', 'ifft2', 'rfft2', 'irfft2']

# The core's transform kinds.
_C2C, _R2C, _C2R = 0, 1, 2

_SWAP_DIRECTION = {None: 'forward', 'backward': 'forward', 'ortho': 'ortho',
                   'forward': 'backward'}


def _swap_direction(norm):
    try:
        return _SWAP_DIRECTION[norm]
    except (KeyError, TypeError):
        raise ValueError(f'Invalid norm value {norm}; should be "backward", '
                         '"ortho" or "forward".') from None


def fft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D discrete Fourier transform (numpy.fft.fft)."""
    return _core.fft.fft(a, n, axis, norm, out, kind=_C2C, forward=True)


def ifft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D inverse discrete Fourier transform (numpy.fft.ifft)."""
    return _core.fft.fft(a, n, axis, norm, out, kind=_C2C, forward=False)


def rfft(a, n=None, axis=-1, norm=None, out=None):
    """The 1-D transform of real input, non-negative frequencies only (numpy.fft.rfft)."""
    return _core.fft.fft(a, n, axis, norm, out, kind=_R2C, forward=True)


def irfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of rfft: `n` real points, by default 2 * (m - 1) (numpy.fft.irfft)."""
    return _core.fft.fft(a, n, axis, norm, out, kind=_C2R, forward=False)


def hfft(a, n=None, axis=-1, norm=None, out=None):
    """The transform of a Hermitian-symmetric signal given by its first half (numpy.fft.hfft)."""
    from cunp import conjugate

    if n is None:  # NumPy's default first: a.shape[axis]'s IndexError or TypeError
        n = (_shape_of(a)[axis] - 1) * 2
    norm = _swap_direction(norm)
    a = _asarray(a)
    # NumPy's conjugate allocates in its iterator's order, and the transform's layout follows
    # its input's (numpy_result_strides in the core): the conjugate is laid out as NumPy's.
    import cunp
    from cunp._array._layouts import relayout, ufunc_output

    conj = relayout(cunp, conjugate(a), ufunc_output(a.shape, a.strides, a.itemsize))
    return _core.fft.fft(conj, n, axis, norm, out, kind=_C2R, forward=False)


def ihfft(a, n=None, axis=-1, norm=None, out=None):
    """The inverse of hfft (numpy.fft.ihfft)."""
    from cunp import conjugate

    if n is None:  # as hfft
        n = _shape_of(a)[axis]
    norm = _swap_direction(norm)
    result = _core.fft.fft(a, n, axis, norm, out, kind=_R2C, forward=True)
    return conjugate(result, out=result)


def _asarray(a):
    if isinstance(a, _core.ndarray):
        return a
    from cunp._creation._basic import asarray

    return asarray(a)


def _length(shape, axis):
    # NumPy takes the lengths with numpy.take, whose words these are.
    if not -len(shape) <= axis < len(shape):
        raise IndexError(f"index {axis} is out of bounds for axis 0 with size {len(shape)}")
    return shape[axis]


def _cook_nd_args(shape, s, axes, invreal=False):
    """NumPy 2's reading of `s` and `axes` (its deprecations included): lengths with -1 read as
    the axis' length and None as the 1-D function's default (-1 for the core)."""
    shapeless = s is None
    if shapeless:
        s = list(shape) if axes is None else [_length(shape, ax) for ax in axes]
    else:
        s = list(s)
    if axes is None:
        if not shapeless:
            warnings.warn(
                "`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). "
                "In a future version of NumPy, this will raise an error and `s[i]` will "
                "correspond to the size along the transformed axis specified by `axes[i]`. To "
                "retain current behaviour, pass a sequence [0, ..., k-1] to `axes` for an "
                "array of dimension k.", DeprecationWarning, stacklevel=4)
        axes = list(range(-len(s), 0))
    else:
        axes = list(axes)
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = (shape[axes[-1]] - 1) * 2
    if None in s:
        warnings.warn(
            "Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and "
            "will raise an error in a future version of NumPy. To use the default behaviour of "
            "the corresponding 1-D transform, pass the value matching the default for its `n` "
            "parameter. To use the default behaviour for every axis, the `s` argument can be "
            "omitted.", DeprecationWarning, stacklevel=4)
    s = [-1 if n is None else shape[ax] if n == -1 else n for n, ax in zip(s, axes)]
    return s, axes


def _shape_of(a):
    shape = getattr(a, 'shape', None)
    if shape is None:
        import numpy

        shape = numpy.shape(a)
    return tuple(shape)


def _nd(a, s, axes, norm, out, kind, forward):
    # The arguments are settled before `a` goes to the device, as NumPy checks them first.
    s, axes = _cook_nd_args(_shape_of(a), s, axes, invreal=kind == _C2R)
    if not axes:
        if kind != _C2C:  # NumPy indexes the last axis
            raise IndexError("list index out of range")
        return _asarray(a)  # no transform: NumPy returns its input
    return _core.fft.fftn(a, s, axes, norm, out, kind, forward)


def fftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D discrete Fourier transform (numpy.fft.fftn)."""
    return _nd(a, s, axes, norm, out, kind=_C2C, forward=True)


def ifftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D inverse discrete Fourier transform (numpy.fft.ifftn)."""
    return _nd(a, s, axes, norm, out, kind=_C2C, forward=False)


def fft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D discrete Fourier transform (numpy.fft.fft2)."""
    return _nd(a, s, axes, norm, out, kind=_C2C, forward=True)


def ifft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D inverse discrete Fourier transform (numpy.fft.ifft2)."""
    return _nd(a, s, axes, norm, out, kind=_C2C, forward=False)


def rfftn(a, s=None, axes=None, norm=None, out=None):
    """The n-D transform of real input (numpy.fft.rfftn)."""
    return _nd(a, s, axes, norm, out, kind=_R2C, forward=True)


def irfftn(a, s=None, axes=None, norm=None, out=None):
    """The inverse of rfftn (numpy.fft.irfftn)."""
    return _nd(a, s, axes, norm, out, kind=_C2R, forward=False)


def rfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The 2-D transform of real input (numpy.fft.rfft2)."""
    return _nd(a, s, axes, norm, out, kind=_R2C, forward=True)


def irfft2(a, s=None, axes=(-2, -1), norm=None, out=None):
    """The inverse of rfft2 (numpy.fft.irfft2)."""
    return _nd(a, s, axes, norm, out, kind=_C2R, forward=False)
