# python/cunp/_array/_layouts.py -- NumPy's rules for the layout of the arrays it allocates.
"""Where NumPy allocates a result, its layout follows one of two rules: empty_like's (and
astype's, copy's) 'K' order of one prototype, or its iterator's 'K' order over all the operands
of a ufunc (a gufunc's loop axes likewise). cunp's operations that must give NumPy's layouts
compute them here: shape and stride arithmetic only (no device), so that the CPU tests check the
rules against NumPy's own results; `relayout` then moves a result there when it is not.
Strides here are in elements unless said otherwise."""

__all__ = []


def iterator_order(shape, operand_strides):
    """NumPy's iterator 'K' order of the axes of `shape`, outermost first, for operands with
    the given strides (broadcast axes: 0). Axes of extent 1 or stride 0 tell nothing; between
    two axes, an operand prefers the smaller |stride| inside, and where operands disagree C
    order wins (NumPy's stable insertion sort, innermost axis first)."""
    ndim = len(shape)
    strides = [[0 if shape[ax] == 1 else s[ax] for ax in range(ndim)] for s in operand_strides]
    perm = list(range(ndim - 1, -1, -1))  # innermost first
    for i0 in range(1, ndim):
        j0, pos = perm[i0], i0
        for i1 in range(i0 - 1, -1, -1):
            j1 = perm[i1]
            ambiguous, swap = True, False
            for st in strides:
                if st[j0] and st[j1]:
                    if abs(st[j1]) <= abs(st[j0]):
                        swap = False
                    elif ambiguous:
                        swap = True
                    ambiguous = False
            if not ambiguous:
                if not swap:
                    break
                pos = i1
        if pos != i0:
            perm[pos + 1:i0 + 1] = perm[pos:i0]
            perm[pos] = j0
    return perm[::-1]


def keep_order(shape, strides, itemsize):
    """empty_like's (and astype's) 'K' order of a prototype, outermost first: C when it is
    C-contiguous (or has at most one axis), F when F-contiguous, else by decreasing |stride|."""
    n = len(shape)
    if n <= 1 or _contiguous(shape, strides, itemsize, True):
        return list(range(n))
    if _contiguous(shape, strides, itemsize, False):
        return list(range(n - 1, -1, -1))
    return sorted(range(n), key=lambda ax: -abs(strides[ax]))


def _contiguous(shape, strides, itemsize, c_order):
    if 0 in shape:
        return True
    expected = itemsize
    for ax in (reversed(range(len(shape))) if c_order else range(len(shape))):
        if shape[ax] != 1:
            if strides[ax] != expected:
                return False
            expected *= shape[ax]
    return True


def dense_strides(shape, order):
    """Element strides of a new array of `shape` laid out in the axis order `order`."""
    strides = [0] * len(shape)
    step = 1
    for ax in reversed(order):
        strides[ax] = step
        step *= shape[ax]
    return tuple(strides)


def ufunc_output(shape, strides, itemsize):
    """Element strides of a unary ufunc's output for an input of `shape` and byte `strides`
    (NumPy's iterator order of that one operand)."""
    elements = tuple(s // itemsize for s in strides)
    return dense_strides(shape, iterator_order(shape, [elements]))


def relayout(xp, a, strides):
    """`a` with the element `strides` (of a dense layout): itself when its layout already is
    that one (axes of extent 1 aside), else a copy laid out so."""
    if a.size == 0 or all(a.shape[ax] == 1 or a.strides[ax] == s * a.itemsize
                          for ax, s in enumerate(strides)):
        return a
    out = empty_laid_out(xp, a.shape, a.dtype, strides)
    out[...] = a
    return out


def empty_laid_out(xp, shape, dtype, strides):
    """A new array of `shape` and `dtype` with the element `strides` of a dense layout."""
    ndim = len(shape)
    order = sorted(range(ndim), key=lambda ax: (-strides[ax], ax))
    inverse = [0] * ndim
    for i, ax in enumerate(order):
        inverse[ax] = i
    return xp.empty(tuple(shape[ax] for ax in order), dtype=dtype).transpose(inverse)
