"""Argument handling shared by the transforms of cunp.scipy.fft, with SciPy's rules and messages,
written over an array namespace `xp` (cunp, or NumPy for the tests): dtypes, norm, n, s and axes,
and the fast FFT lengths."""
import functools
import operator

_NORMS = (None, "backward", "ortho", "forward")
_SWAPPED = {None: "forward", "backward": "forward", "forward": "backward", "ortho": "ortho"}


def check_norm(norm):
    """norm as given (one of SciPy's), else SciPy's ValueError."""
    if norm not in _NORMS:
        raise ValueError(
            f'Invalid norm value {norm!r}, should be "backward", "ortho" or "forward"')
    return norm


def swap_norm(norm):
    """The norm that scales an inverse transform as `norm` scales the forward one."""
    return _SWAPPED[check_norm(norm)]


def asfarray(xp, x):
    """x as an array of a floating or complex dtype: float16 computes in float32 and every
    integer or bool dtype in float64, as SciPy's transforms do (single precision stays single)."""
    x = xp.asarray(x)
    kind = x.dtype.kind
    if kind == "f" and x.dtype.itemsize == 2:
        return x.astype(xp.float32)
    if kind not in "fc":
        return x.astype(xp.float64)
    return x


def is_complex(x):
    return x.dtype.kind == "c"


def check_real(x):
    if is_complex(x):
        raise TypeError("x must be a real sequence")


def normalize_axis(axis, ndim):
    import numpy

    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def check_points(n):
    if n < 1:
        raise ValueError(f"invalid number of data points ({n}) specified")
    return n


def length_1d(x, n, axis):
    """(n, axis) of a 1-D transform: n defaults to the axis' length; both checked."""
    axis = normalize_axis(axis, x.ndim)
    return check_points(x.shape[axis] if n is None else operator.index(n)), axis


def _iterable_of_int(values, name):
    if isinstance(values, int) or hasattr(values, "__index__"):
        values = (values,)
    try:
        return [operator.index(v) for v in values]
    except TypeError as e:
        raise ValueError(f"{name} must be a scalar or iterable of integers") from e


def shape_and_axes(x, s, axes):
    """SciPy's (shape, axes) of an n-D transform: axes default to all (or the last len(s));
    an entry -1 in s takes the axis' length."""
    if axes is not None:
        axes = [a + x.ndim if a < 0 else a for a in _iterable_of_int(axes, "axes")]
        if any(a >= x.ndim or a < 0 for a in axes):
            raise ValueError("axes exceeds dimensionality of input")
        if len(set(axes)) != len(axes):
            raise ValueError("all axes must be unique")
    if s is not None:
        s = _iterable_of_int(s, "shape")
        if axes and len(axes) != len(s):
            raise ValueError("when given, axes and shape arguments have to be of the same length")
        if axes is None:
            if len(s) > x.ndim:
                raise ValueError("shape requires more axes than are present")
            axes = list(range(x.ndim - len(s), x.ndim))
        s = [x.shape[a] if n == -1 else n for n, a in zip(s, axes)]
    elif axes is None:
        s, axes = list(x.shape), list(range(x.ndim))
    else:
        s = [x.shape[a] for a in axes]
    if any(n < 1 for n in s):
        raise ValueError(f"invalid number of data points ({s}) specified")
    return s, axes


def resize_axis(xp, x, n, axis):
    """x cropped (a view) or zero-padded (a copy) to length n along axis."""
    have = x.shape[axis]
    if have >= n:
        return x if have == n else x[(slice(None),) * axis + (slice(0, n),)]
    pad = list(x.shape)
    pad[axis] = n - have
    return xp.concatenate([x, xp.zeros(tuple(pad), x.dtype)], axis=axis)


# --- fast lengths ---

# cuFFT has dedicated radix kernels for the factors 2, 3, 5 and 7; a length with another prime
# factor goes through a slower generic kernel or Bluestein's algorithm (three FFTs of a padded
# length). So the fast lengths are the 7-smooth numbers, for real and complex transforms alike.
_RADICES = (7, 5, 3)


def _powers(radix, limit, start=1):
    while start < limit:
        yield start
        start *= radix


@functools.lru_cache(maxsize=256)
def _smooth_numbers_around(target):
    """(smallest 7-smooth >= target, largest 7-smooth <= target) for target >= 1: each odd
    7-smooth p = 3^b 5^c 7^d, times the power of two that brings it just above or just below
    target."""
    above, below = 2 * target, 1
    limit = 2 * target
    for p7 in _powers(7, limit):
        for p5 in _powers(5, limit, p7):
            for p in _powers(3, limit, p5):
                above = min(above, p << (-(-target // p) - 1).bit_length())
                if p <= target:
                    below = max(below, p << ((target // p).bit_length() - 1))
    return above, below


def _target(target):
    target = operator.index(target)
    if target < 0:
        raise ValueError("Target length must be positive")
    return target


def next_fast_len(target, real=False):
    """The smallest length >= target that cuFFT transforms fastest: a product of 2, 3, 5 and 7
    (`real` is accepted for SciPy's signature; real and complex transforms share these radices).
    Zero-padding to it speeds up transforms whose length has a larger prime factor."""
    target = _target(target)
    return target if target <= 6 else _smooth_numbers_around(target)[0]


def prev_fast_len(target, real=False):
    """The largest length <= target that cuFFT transforms fastest (a product of 2, 3, 5 and 7):
    cropping to it speeds up transforms whose length has a larger prime factor."""
    target = _target(target)
    return target if target <= 6 else _smooth_numbers_around(target)[1]
