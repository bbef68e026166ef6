"""Module-level forms of the ndarray's view methods (cp.transpose(x), cp.squeeze(x) ...)."""
from cunp._core import ndarray
from cunp._creation import asarray


def reshape(a, newshape, order="C"):
    return asarray(a).reshape(newshape, order=order)


def ravel(a, order="C"):
    return asarray(a).ravel(order)


def transpose(a, axes=None):
    return asarray(a).transpose(axes)


def swapaxes(a, axis1, axis2):
    return asarray(a).swapaxes(axis1, axis2)


def moveaxis(a, source, destination):
    return asarray(a)._moveaxis(source, destination)


def squeeze(a, axis=None):
    return asarray(a).squeeze(axis)


def expand_dims(a, axis):
    return asarray(a)._expand_dims(axis)


def broadcast_shapes(*shapes):
    nd = max((len(s) for s in shapes), default=0)
    out = [1] * nd
    for i, s in enumerate(shapes):
        s = (s,) if isinstance(s, int) else tuple(s)
        for k, e in enumerate(s):
            j = nd - len(s) + k
            if e == out[j] or e == 1:
                continue
            if out[j] != 1:
                raise ValueError(
                    "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is "
                    f"between arg 0 with shape {tuple(shapes[0])} and arg {i} with shape {tuple(s)}.")
            out[j] = e
    return tuple(out)


def broadcast_to(array, shape):
    a = asarray(array)
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    return a._broadcast_to(shape)


def broadcast_arrays(*args):
    arrays = [asarray(a) for a in args]
    shape = broadcast_shapes(*(a.shape for a in arrays))
    return [a if a.shape == shape else a._broadcast_to(shape) for a in arrays]


def real(val):
    return asarray(val).real


def imag(val):
    return asarray(val).imag


def shape(a):
    return a.shape if isinstance(a, ndarray) else asarray(a).shape


def ndim(a):
    return a.ndim if isinstance(a, ndarray) else asarray(a).ndim


def size(a, axis=None):
    a = a if isinstance(a, ndarray) else asarray(a)
    return a.size if axis is None else a.shape[axis]
