"""cunp.lib.stride_tricks: views with a shape and strides of one's choosing (numpy.lib's
stride_tricks). cunp arrays are always writeable, so `writeable=False` gives a writeable view
too (NumPy's would be read-only): writing through a view that repeats elements changes every
window that holds them."""
import operator as _operator

__all__ = ["as_strided", "sliding_window_view"]


def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    """A view of x's memory with the given `shape` and `strides` (in bytes; default: x's).
    Nothing checks that the view stays inside x's buffer: as in NumPy, wrong strides read or
    write memory that is not x's (only a view with elements of an empty array is refused).
    A shape with no elements gives a new empty array."""
    from cunp import _core

    if not isinstance(x, _core.ndarray):
        raise TypeError("as_strided needs a cunp.ndarray, not %s" % type(x).__name__)
    shape = tuple(x.shape) if shape is None else tuple(_operator.index(s) for s in shape)
    strides = tuple(x.strides) if strides is None else tuple(_operator.index(s) for s in strides)
    if len(strides) != len(shape):
        raise ValueError("shape and strides have different lengths (%d and %d)"
                         % (len(shape), len(strides)))
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    if 0 in shape:
        return _core.ndarray(shape, x.dtype)  # no element to view: a new empty array
    if x.size == 0:
        raise ValueError("as_strided: a view with elements of an empty array would read memory "
                         "it does not have")
    return _core.ndarray(shape, x.dtype, memptr=x.data, strides=strides)


def sliding_window_view(x, window_shape, axis=None, *, subok=False, writeable=False):
    """Every window of `window_shape` over x, as a view: the result's shape is x's, each
    windowed axis shortened by its window size less one, followed by `window_shape`. `axis`
    (default: every axis, one window size each) says which axis each window size slides
    along; an axis may be named more than once."""
    from cunp import _core
    from cunp._creation._basic import asarray

    # Everything is checked before x goes to the device.
    if hasattr(x, "shape") and hasattr(x, "strides"):
        shape = tuple(x.shape)
    else:
        import numpy

        shape = numpy.shape(x)
    ndim = len(shape)
    try:
        window_shape = tuple(window_shape)
    except TypeError:
        window_shape = (window_shape,)
    window_shape = tuple(_operator.index(w) for w in window_shape)
    if any(w < 0 for w in window_shape):
        raise ValueError("`window_shape` cannot contain negative values")
    if axis is None:
        axis = tuple(range(ndim))
        if len(window_shape) != len(axis):
            raise ValueError("Since axis is `None`, must provide window_shape for all dimensions "
                             "of `x`; got %d window_shape elements and `x.ndim` is %d."
                             % (len(window_shape), ndim))
    else:
        axes = axis if isinstance(axis, (tuple, list)) else (axis,)
        axis = tuple(_core.axes.normalize_axis(a, ndim) for a in axes)
        if len(window_shape) != len(axis):
            raise ValueError("Must provide matching length window_shape and axis; got %d "
                             "window_shape elements and %d axes elements."
                             % (len(window_shape), len(axis)))
    trimmed = list(shape)
    for ax, size in zip(axis, window_shape):
        if trimmed[ax] < size:
            raise ValueError("window shape cannot be larger than input array shape")
        trimmed[ax] -= size - 1
    x = asarray(x)
    strides = tuple(x.strides) + tuple(x.strides[ax] for ax in axis)
    return as_strided(x, tuple(trimmed) + window_shape, strides)
