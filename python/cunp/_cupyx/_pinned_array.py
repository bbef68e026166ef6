# python/cunp/_cupyx/_pinned_array.py -- cupyx's NumPy arrays in pinned (page-locked) host memory.
"""empty_pinned, empty_like_pinned, zeros_pinned and zeros_like_pinned: numpy.ndarray objects
whose buffer comes from cunp.cuda.alloc_pinned_memory (the pinned pool), so that copies between
them and the device run at full speed and can be asynchronous. The arguments are checked before
anything is allocated."""

__all__ = ["empty_pinned", "empty_like_pinned", "zeros_pinned", "zeros_like_pinned"]


def _shape(shape):
    import operator

    if isinstance(shape, (list, tuple)):
        shape = tuple(operator.index(s) for s in shape)
    else:
        shape = (operator.index(shape),)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _host_buffer(memory, nbytes):
    """A buffer NumPy can wrap, of `nbytes` bytes at the pinned allocation `memory`, keeping it
    alive: the object itself where it has the buffer protocol, else a ctypes view of its .ptr."""
    try:
        if memoryview(memory).nbytes >= nbytes:
            return memory
    except TypeError:
        pass
    import ctypes

    ptr = int(getattr(memory, "ptr", 0) or 0)
    if nbytes == 0 or ptr == 0:
        if nbytes:
            raise RuntimeError("the pinned allocation of %d bytes has no address" % nbytes)
        return bytearray(0)
    view = (ctypes.c_char * nbytes).from_address(ptr)
    view._owner = memory  # the ndarray's base holds the view, the view holds the allocation
    return view


def _alloc_pinned(nbytes):
    from cunp import cuda

    alloc = getattr(cuda, "alloc_pinned_memory", None)
    if alloc is None:
        raise NotImplementedError(
            "pinned host arrays need cunp.cuda.alloc_pinned_memory, which this build of cunp "
            "does not have yet (cunp.cuda.PinnedMemoryPool has no malloc)")
    return _host_buffer(alloc(nbytes), nbytes)


def _new(shape, dtype, order, strides=None):
    import numpy

    nbytes = int(numpy.prod(shape, dtype=numpy.int64)) * dtype.itemsize
    buffer = _alloc_pinned(nbytes)
    return numpy.ndarray(shape, dtype=dtype, buffer=buffer, strides=strides, order=order)


def _check_order(order, allowed):
    if not isinstance(order, str) or order.upper() not in allowed:
        raise ValueError("order must be one of %s, not %r" % (
            ", ".join(repr(o) for o in allowed), order))
    return order.upper()


def empty_pinned(shape, dtype=float, order="C"):
    """numpy.empty(shape, dtype, order) in pinned host memory: a numpy.ndarray with its
    elements not initialized."""
    import numpy

    shape = _shape(shape)
    dtype = numpy.dtype(dtype)
    order = _check_order(order, ("C", "F"))
    return _new(shape, dtype, order)


def _like_layout(a, shape, dtype, order):
    """(order, strides) of a new array shaped `shape` laid out like `a` per NumPy's `order`
    ('K' keeps a's order of strides where the number of dimensions is unchanged)."""
    c = bool(a.flags.c_contiguous)
    f = bool(a.flags.f_contiguous)
    if order == "A":
        return ("F" if f and not c else "C"), None
    if order in ("C", "F"):
        return order, None
    if len(shape) != a.ndim or c or a.ndim < 2:
        return "C", None
    if f:
        return "F", None
    # Axes from the largest stride to the smallest (ties keep their order), then C-contiguous
    # strides of the permuted shape put back in a's axis order.
    perm = sorted(range(a.ndim), key=lambda i: -abs(a.strides[i]))
    strides = [0] * a.ndim
    step = dtype.itemsize
    for axis in reversed(perm):
        strides[axis] = step
        step *= max(shape[axis], 1)
    return "C", tuple(strides)


def empty_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    """numpy.empty_like(a, dtype, order, shape=shape) in pinned host memory. `a` is a NumPy
    or cunp array; `subok` is not supported (must be None)."""
    import numpy

    if subok is not None:
        raise TypeError("subok is not supported")
    dtype = numpy.dtype(a.dtype if dtype is None else dtype)
    shape = tuple(a.shape) if shape is None else _shape(shape)
    order = _check_order(order, ("C", "F", "A", "K"))
    order, strides = _like_layout(a, shape, dtype, order)
    return _new(shape, dtype, order, strides)


def zeros_pinned(shape, dtype=float, order="C"):
    """numpy.zeros(shape, dtype, order) in pinned host memory."""
    import numpy

    out = empty_pinned(shape, dtype, order)
    numpy.copyto(out, 0, casting="unsafe")
    return out


def zeros_like_pinned(a, dtype=None, order="K", subok=None, shape=None):
    """numpy.zeros_like(a, dtype, order, shape=shape) in pinned host memory."""
    import numpy

    out = empty_like_pinned(a, dtype, order, subok, shape)
    numpy.copyto(out, 0, casting="unsafe")
    return out
