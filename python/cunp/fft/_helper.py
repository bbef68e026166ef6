"""numpy.fft's helpers: sample frequencies and the shifts of the zero frequency."""
__all__ = ['fftfreq', 'rfftfreq', 'fftshift', 'ifftshift']


def _check_length(n):
    import numbers

    if isinstance(n, bool) or not isinstance(n, numbers.Integral):
        import numpy

        if not isinstance(n, numpy.integer):
            raise ValueError("n should be an integer")


def _frequency_dtype(dtype):
    """The array API's dtype= of the frequency functions: a real floating type (float64 when
    None, as NumPy's result)."""
    import numpy

    dt = numpy.dtype(numpy.float64 if dtype is None else dtype)
    if dt.kind != "f":
        raise ValueError(f"dtype must be a real floating-point type, not {dt}")
    return dt


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """The sample frequencies of an n-point transform with sample spacing d: [0, 1, ...,
    n/2-1, -n/2, ..., -1] / (d*n) for even n (numpy.fft.fftfreq), in `dtype` (the array API's
    keyword: computed in float64, then cast)."""
    import cunp
    from cunp._creation._basic import _on

    _check_length(n)
    dtype = _frequency_dtype(dtype)
    val = 1.0 / (n * d)
    with _on(device):
        results = cunp.empty(n, int)
        half = (n - 1) // 2 + 1
        results[:half] = cunp.arange(0, half, dtype=int)
        results[half:] = cunp.arange(-(n // 2), 0, dtype=int)
        return (results * val).astype(dtype, copy=False)


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """The non-negative sample frequencies of rfft: [0, 1, ..., n//2] / (d*n)
    (numpy.fft.rfftfreq), in `dtype` as fftfreq's."""
    import cunp
    from cunp._creation._basic import _on

    _check_length(n)
    dtype = _frequency_dtype(dtype)
    val = 1.0 / (n * d)
    with _on(device):
        return (cunp.arange(0, n // 2 + 1, dtype=int) * val).astype(dtype, copy=False)


def _shifted(x, axes, sign):
    import cunp

    x = cunp.asarray(x)
    if axes is None:
        if x.ndim == 0:  # NumPy's roll gets no shifts and no axes to pair them with
            raise ValueError("not enough values to unpack (expected 2, got 0)")
        axes = tuple(range(x.ndim))
        shift = [sign * (dim // 2) for dim in x.shape]
    elif isinstance(axes, int) or _is_integer_scalar(axes):
        shift = sign * (x.shape[axes] // 2)
    else:
        shift = [sign * (x.shape[ax] // 2) for ax in axes]
    return cunp.roll(x, shift, axes)


def _is_integer_scalar(v):
    import numpy

    return isinstance(v, numpy.integer)


def fftshift(x, axes=None):
    """The zero-frequency term moved to the centre (numpy.fft.fftshift)."""
    return _shifted(x, axes, 1)


def ifftshift(x, axes=None):
    """The inverse of fftshift (numpy.fft.ifftshift)."""
    return _shifted(x, axes, -1)
