"""Module-level forms of the ndarray's view methods (cp.transpose(x), cp.squeeze(x) ...), and
rearrangements built on views: flip, roll."""
import itertools
import math
import operator

from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import asarray
from cunp._creation._basic import empty_like as _empty_like


def reshape(a, /, shape=None, order="C", *, newshape=None, copy=None):
    """a with a new shape: a view where the layout allows one (copy=None), always a copy
    (copy=True), or a view or ValueError (copy=False). `newshape` is NumPy's older name."""
    if newshape is not None:
        if shape is not None:
            raise TypeError("You cannot specify 'newshape' and 'shape' arguments at the same "
                            "time.")
        shape = newshape
    if shape is None:
        raise TypeError("reshape() missing 1 required positional argument: 'shape'")
    return asarray(a).reshape(shape, order=order, copy=copy)


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
    """The arguments broadcast to one shape, as a tuple of views (NumPy 2 returns a tuple)."""
    arrays = [asarray(a) for a in args]
    shape = broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else a._broadcast_to(shape) for a in arrays)


def flip(m, axis=None):
    """A view of m with the order of elements reversed along `axis` (every axis for None)."""
    m = asarray(m)
    key = [slice(None)] * m.ndim
    for ax in _core.axes.normalize_axes(axis, m.ndim):
        key[ax] = slice(None, None, -1)
    return m[tuple(key)]


def fliplr(m):
    m = asarray(m)
    if m.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    m = asarray(m)
    if m.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1]


def _roll_offsets(ndim, shift, axis):
    """The total shift of every axis: shift and axis broadcast against each other, and the
    shifts of an axis named twice add up (NumPy's rule)."""
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    elif len(shifts) != len(axes):
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences of the same "
                         "length")
    offsets = [0] * ndim
    for sh, ax in zip(shifts, axes):
        offsets[_core.axes.normalize_axis(ax, ndim)] += operator.index(sh)
    return offsets


def roll(a, shift, axis=None):
    """a with its elements shifted along `axis` (the flattened array for None), those that
    roll off one end coming back at the other."""
    a = asarray(a)
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    # Each shifted axis splits into two blocks that swap places: 2**k block copies for k axes.
    blocks = []
    for n, off in zip(a.shape, _roll_offsets(a.ndim, shift, axis)):
        off = off % n if n else 0
        if off:
            blocks.append(((slice(None, -off), slice(off, None)),
                           (slice(-off, None), slice(None, off))))
        else:
            blocks.append(((slice(None), slice(None)),))
    out = _empty_like(a)
    for parts in itertools.product(*blocks):
        out[tuple(p[1] for p in parts)] = a[tuple(p[0] for p in parts)]
    return out


def real(val):
    if isinstance(val, (bool, int, float, complex)):  # NumPy: the Python number's own .real
        return val.real
    return asarray(val).real


def imag(val):
    if isinstance(val, (bool, int, float, complex)):
        return val.imag
    return asarray(val).imag


def shape(a):
    return a.shape if isinstance(a, ndarray) else asarray(a).shape


def ndim(a):
    return a.ndim if isinstance(a, ndarray) else asarray(a).ndim


def size(a, axis=None):
    """The number of elements, or the product of the lengths of `axis` (an int or, since NumPy
    2.4, a tuple or list of them; NumPy's AxisError out of range, ValueError for a repeat)."""
    a = a if isinstance(a, ndarray) else asarray(a)
    if axis is None:
        return a.size
    from numpy.lib.array_utils import normalize_axis_tuple  # host-side rule, NumPy's own

    return math.prod(a.shape[ax] for ax in normalize_axis_tuple(axis, a.ndim, allow_duplicate=False))
