"""The ufunc type's methods written in Python: outer and at (the call itself is in C++)."""
import sys

from cunp import _core

ufunc = _core.ufunc
ufunc.__module__ = "cunp"


def _as_device_array(x):
    return x if isinstance(x, _core.ndarray) else _core.array(x)


def _outer(self, *args, **kwargs):
    """ufunc.outer(A, B): the ufunc applied to every pair (a, b), result shape A.shape + B.shape."""
    # NumPy checks the ufunc's arity before counting the operands.
    if self.nin != 2:
        raise ValueError("outer product only supported for binary functions")
    if len(args) != 2:
        raise TypeError("exactly two arguments expected")
    A = _as_device_array(args[0])
    B = _as_device_array(args[1])
    return self(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)


def _is_full_slice(index):
    return isinstance(index, slice) and index == slice(None)


def _is_basic(index):
    return index is None or index is Ellipsis or isinstance(index, (int, slice))


def _at(self, *args):
    """ufunc.at(a, indices, b): a[indices] = ufunc(a[indices], b), unbuffered: an element
    indexed twice is updated twice.

    NumPy's order of checks: the ufunc's arity and outputs, the operands, the loop (for a's
    dtype and b as np.asarray types it, a Python int included; the result goes back into a
    with casting='unsafe'), the index, b's shape against a[indices], and only then the values.
    """
    if self.nin > 2:
        raise ValueError("Only unary and binary ufuncs supported at this time")
    if self.nout != 1:
        raise ValueError("Only single output ufuncs supported at this time")
    if not 2 <= len(args) <= 3:
        raise TypeError(f"at() takes 2 or 3 arguments ({len(args)} given)")
    a, indices = args[0], args[1]
    has_b = len(args) == 3
    if has_b != (self.nin == 2):
        raise ValueError("second operand provided when ufunc is unary" if has_b
                         else "second operand needed for ufunc")
    if not isinstance(a, _core.ndarray):
        raise TypeError("first operand must be array")
    b = big = None
    if has_b:
        if _past_uint64(args[2]):
            big = args[2]  # NumPy's object array: no dtype of cunp's holds it
        else:
            b = _as_device_array(args[2])  # strong, as np.asarray: never a weak scalar
            self.resolve_dtypes((a.dtype, b.dtype, None), casting="unsafe")
    else:
        self.resolve_dtypes((a.dtype, None), casting="unsafe")
    items = indices if isinstance(indices, tuple) else (indices,)
    if all(_is_basic(i) for i in items):
        # A basic index selects each element once: the plain in-place call is unbuffered.
        view = a[indices]
        if not _check_operand(a, indices, view.shape, b, big):
            return
        if b is None:
            self(view, out=view, casting="unsafe")
        else:
            self(view, b, out=view, casting="unsafe")
        return
    # Leading full slices move to the front as axes of their own: index the transposed view.
    lead = 0
    while lead < len(items) and _is_full_slice(items[lead]):
        lead += 1
    rest = items[lead:]
    while rest and _is_full_slice(rest[-1]):
        rest = rest[:-1]
    if any(isinstance(i, slice) or i is None or i is Ellipsis or
           _as_device_array(i).dtype.kind == "b" for i in rest):
        return _at_positions(self, a, indices, b, big)  # slices between arrays, newaxis, masks
    if not _check_operand(a, indices, _at_shape(a, lead, rest), b, big):
        return
    target = a
    if lead:
        order = tuple(range(lead, lead + len(rest))) + tuple(range(lead)) + \
            tuple(range(lead + len(rest), a.ndim))
        target = a.transpose(order)
        if b is not None and not _is_scalar(b):
            # b broadcasts against a[indices]: (lead axes, index shape, trailing axes).
            b = b._broadcast_to(_at_shape(a, lead, rest))
            nb = len(rest) and _as_device_array(rest[0]).ndim
            b = b.transpose(tuple(range(lead, lead + nb)) + tuple(range(lead)) +
                            tuple(range(lead + nb, b.ndim)))
    _core.elementwise.ufunc_at(self, target, [_as_device_array(i) for i in rest], b)


def _past_uint64(x):
    """A Python int outside int64 and uint64 together, which np.asarray makes an object array."""
    return isinstance(x, int) and not isinstance(x, bool) and not -2**63 <= x < 2**64


def _broadcasts_to(shape, target):
    """Whether an operand of `shape` broadcasts to `target` without growing it (NumPy's rule
    for at's second operand: no more axes than a[indices], each 1 or the same length)."""
    return len(shape) <= len(target) and all(
        s in (1, t) for s, t in zip(reversed(shape), reversed(target)))


def _check_operand(a, indices, shape, b, big):
    """b against a[indices] of `shape`: NumPy's ValueError where it does not broadcast, and the
    OverflowError of a Python int past uint64 that would be computed with (NumPy's object loop;
    cunp has no object dtype). Both come after NumPy's IndexError for the index, which these
    rare paths check by indexing `a` itself (the update kernel checks it otherwise).
    False where nothing is left to do: such an int beside an empty selection (NumPy then
    computes nothing)."""
    bad = b is not None and not _broadcasts_to(b.shape, shape)
    overflow = big is not None and 0 not in shape
    if bad or overflow:
        a[indices]  # IndexError for an out-of-range index, as NumPy raises first
    if bad:
        raise ValueError("array is not broadcastable to correct shape")
    if overflow:
        raise OverflowError("Python int too large to convert to C long")
    return big is None


def _at_positions(self, a, indices, b, big):
    """ufunc.at for any index (slices between index arrays, newaxis, masks): the positions
    a[indices] selects, found by indexing an array of positions with NumPy's own rules, become
    one index array per axis for the unbuffered kernel."""
    import cunp
    positions = cunp.arange(a.size, dtype="int64").reshape(a.shape)[indices]
    if not _check_operand(a, indices, positions.shape, b, big):
        return
    per_axis = [_as_device_array(i) for i in cunp.unravel_index(positions, a.shape)]
    if b is not None and not _is_scalar(b):
        b = _as_device_array(b)._broadcast_to(positions.shape)
    _core.elementwise.ufunc_at(self, a, per_axis, b)


def _is_scalar(x):
    return isinstance(x, (bool, int, float, complex)) or getattr(x, "ndim", 1) == 0


def _at_shape(a, lead, rest):
    from cunp._manipulation._shapes import broadcast_shapes
    index_shape = broadcast_shapes(*[_as_device_array(i).shape for i in rest])
    return a.shape[:lead] + index_shape + a.shape[lead + len(rest):]


def _counterpart(ufunc):
    """cunp's ufunc for a NumPy or SciPy ufunc. A ufunc that is not NumPy's own but shares a
    name with one of scipy.special's (erf, or cbrt, exp2 and round, which NumPy also has) runs
    from cunp.scipy.special, wherever SciPy defines it (its private modules move between
    releases); every other one by its name in cunp."""
    name = ufunc.__name__
    numpy = sys.modules.get("numpy")
    if getattr(numpy, name, None) is not ufunc and name in _core.special._ufunc_names:
        return getattr(_core.special, name)
    import cunp
    return getattr(cunp, name, None)


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """NumPy calling a ufunc with a cunp operand (np.add(x_gpu, 1), np_scalar + x_gpu) runs
    cunp's ufunc of the same name (SciPy's special ufuncs, cunp.scipy.special's); NumPy arrays
    among the operands are refused, as in CuPy."""
    mine = _counterpart(ufunc)
    if not callable(mine):
        return NotImplemented
    out = kwargs.get("out")
    outs = () if out is None else out if isinstance(out, tuple) else (out,)
    for x in inputs + outs:
        # 0-d NumPy arrays are scalars (np_scalar + x_gpu hands one over); others stay on host.
        if type(x).__module__ == "numpy" and type(x).__name__ == "ndarray" and x.ndim:
            return NotImplemented  # NumPy then raises TypeError naming the operand types
    if method == "__call__":
        return mine(*inputs, **kwargs)  # a ufunc, or a function (cunp.matmul) standing for one
    # ufunc methods (outer, at, reduce, accumulate, reduceat) by name, where cunp has them.
    impl = getattr(mine, method, None)
    if impl is None:
        return NotImplemented
    if method in ("reduce", "accumulate", "reduceat"):
        out = kwargs.get("out")
        if isinstance(out, tuple):  # NumPy hands `out` over as a tuple
            kwargs = dict(kwargs)
            if len(out) == 1:
                kwargs["out"] = out[0]
    return impl(*inputs, **kwargs)


ufunc.outer = _outer
ufunc.at = _at
