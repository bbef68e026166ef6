# python/cunp/_products.py -- matmul, dot, vdot, inner, outer, tensordot, kron, trace, cross,
# vecdot, matvec, vecmat and einsum: the products NumPy has at top level.
"""Products: matmul (the @ operator), dot, vdot, inner, outer, tensordot, kron, einsum, ...

Everything reduces to cunp.matmul (cuBLAS for float and complex dtypes, a kernel of our own for
integers and bool) plus views (transpose, reshape, diagonal), a few elementwise ufuncs and
cunp.sum (trace, and einsum's labels summed within one operand, in that operand's dtype).
"""
from cunp import _core
from cunp._core import ndarray
from cunp._creation import asarray

__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace", "cross",
           "vecdot", "matvec", "vecmat", "einsum"]

matmul = _core.matmul


def _cunp():
    import cunp
    return cunp


def _prod(shape):
    p = 1
    for s in shape:
        p *= s
    return p


def _normalize_axis(axis, ndim, prefix=None):
    axis = int(axis)
    if not -ndim <= axis < ndim:
        import numpy
        raise numpy.exceptions.AxisError(axis, ndim, prefix)
    return axis % ndim


def _to_out(out, r):
    """Stores r into a given out (returning out), or returns r."""
    if out is None:
        return r
    if not isinstance(out, ndarray):
        raise TypeError("'out' must be a cunp.ndarray")
    out[...] = r
    return out


def _gufunc_out(name, out, r):
    """Stores r into out as NumPy's (g)ufuncs do: out's dtype must be reachable by 'same_kind'
    casting; its loop dimensions may broadcast r (a mismatch raises ValueError in the store)."""
    if out is None:
        return r
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    import numpy
    if not numpy.can_cast(r.dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc '{name}' output from dtype('{r.dtype}') to "
                        f"dtype('{out.dtype}') with casting rule 'same_kind'")
    out[...] = r
    return out


def _conj_if_complex(x):
    return x.conj() if x.dtype.kind == 'c' else x


def _sum_axes(x, axes):
    """x summed over `axes` (a sequence) in x's own dtype, as einsum sums (bool: or)."""
    if not axes:
        return x
    return _cunp().sum(x, axis=tuple(axes), dtype=x.dtype)


def dot(a, b, out=None):
    """NumPy's dot: matmul for 1-D and 2-D operands, a sum over a's last axis and b's
    second-to-last for N-d ones, multiply for scalars."""
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _cunp().multiply(a, b, out=out)
    bk = 0 if b.ndim == 1 else b.ndim - 2
    if a.shape[-1] != b.shape[bk]:
        raise ValueError(
            f"shapes {_shape(a.shape)} and {_shape(b.shape)} not aligned: "
            f"{a.shape[-1]} (dim {a.ndim - 1}) != {b.shape[bk]} (dim {bk})")
    if a.ndim <= 2 and b.ndim <= 2:
        r = matmul(a, b)
    else:
        r = tensordot(a, b, axes=([a.ndim - 1], [bk]))
    if out is not None:
        _check_dot_out(out, r)
    return _to_out(out, r)


def _shape(shape):
    return "(" + ",".join(str(s) for s in shape) + ("," if len(shape) == 1 else "") + ")"


def _check_dot_out(out, r):
    # NumPy's dot writes only to an exact C-contiguous output of the result's type and shape.
    if (not isinstance(out, ndarray) or out.dtype != r.dtype or out.shape != r.shape or
            not out.flags.c_contiguous):
        raise ValueError("output array is not acceptable (must have the right datatype, number "
                         "of dimensions, and be a C-Array)")


def vdot(a, b):
    """Dot product of the flattened arrays, conjugating a (a 0-d array, as CuPy returns)."""
    a, b = asarray(a), asarray(b)
    if a.size != b.size:
        raise ValueError(f"cannot reshape array of size {b.size} into shape ({a.size},)")
    return matmul(_conj_if_complex(a.ravel()), b.ravel())


def inner(a, b):
    """Sum over the last axes of a and b (multiply for scalars)."""
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _cunp().multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        # NumPy reports b with its last axis moved first (the layout its dot sees).
        bt = (b.shape[-1],) + b.shape[:-1]
        raise ValueError(
            f"shapes {_shape(a.shape)} and {_shape(bt)} not aligned: "
            f"{a.shape[-1]} (dim {a.ndim - 1}) != {b.shape[-1]} (dim 0)")
    return tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))


def outer(a, b, out=None):
    """outer(a, b)[i, j] = ravel(a)[i] * ravel(b)[j]."""
    a, b = asarray(a), asarray(b)
    return _cunp().multiply(a.reshape(-1, 1), b.reshape(1, -1), out=out)


def _axes_list(ax):
    try:
        return [int(x) for x in ax]
    except TypeError:
        return [int(ax)]


def tensordot(a, b, axes=2):
    """Sum of products over the given axes (an int N: a's last N and b's first N)."""
    a, b = asarray(a), asarray(b)
    try:
        axes_a, axes_b = axes
        axes_a, axes_b = _axes_list(axes_a), _axes_list(axes_b)
    except (TypeError, ValueError):
        n = int(axes)
        if n < 0:
            raise ValueError("negative axes are not supported by tensordot") from None
        axes_a = list(range(a.ndim - n, a.ndim))
        axes_b = list(range(0, n))
    if len(axes_a) != len(axes_b):
        raise ValueError("shape-mismatch for sum")
    axes_a = [_normalize_axis(x, a.ndim) for x in axes_a]
    axes_b = [_normalize_axis(x, b.ndim) for x in axes_b]
    for x, y in zip(axes_a, axes_b):
        if a.shape[x] != b.shape[y]:
            raise ValueError("shape-mismatch for sum")
    free_a = [d for d in range(a.ndim) if d not in axes_a]
    free_b = [d for d in range(b.ndim) if d not in axes_b]
    shape_a = tuple(a.shape[d] for d in free_a)
    shape_b = tuple(b.shape[d] for d in free_b)
    k = _prod(a.shape[d] for d in axes_a)
    a2 = a.transpose(free_a + axes_a).reshape(_prod(shape_a), k)
    b2 = b.transpose(axes_b + free_b).reshape(k, _prod(shape_b))
    return matmul(a2, b2).reshape(shape_a + shape_b)


def kron(a, b):
    """Kronecker product: blocks of a's elements times b."""
    a, b = asarray(a), asarray(b)
    if a.ndim == 0 or b.ndim == 0:
        return _cunp().multiply(a, b)
    nd = max(a.ndim, b.ndim)
    sa = (1,) * (nd - a.ndim) + a.shape
    sb = (1,) * (nd - b.ndim) + b.shape
    # a as (a0, 1, a1, 1, ...) times b as (1, b0, 1, b1, ...), then the pairs merged.
    ia, ib = [], []
    for x, y in zip(sa, sb):
        ia += [x, 1]
        ib += [1, y]
    r = _cunp().multiply(a.reshape(ia), b.reshape(ib))
    return r.reshape(tuple(x * y for x, y in zip(sa, sb)))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    """Sum along a diagonal (NumPy's trace: the axes' diagonal, summed with sum's dtypes)."""
    a = asarray(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    # NumPy's own definition: the diagonal (moved last) summed with sum's dtype and out rules.
    return _cunp().sum(a.diagonal(offset, axis1, axis2), axis=-1, dtype=dtype, out=out)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 3-vectors along the given axes (broadcast over the others).

    NumPy 2.5 removed the 2-vector form that 2.0 deprecated; cunp follows 2.5 and raises."""
    cp = _cunp()
    a, b = asarray(a), asarray(b)
    if axis is not None:
        axisa = axisb = axisc = axis
    if a.ndim < 1 or b.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    a = a._moveaxis(_normalize_axis(axisa, a.ndim, "axisa"), -1)
    b = b._moveaxis(_normalize_axis(axisb, b.ndim, "axisb"), -1)
    if a.shape[-1] != 3 or b.shape[-1] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         f"are {a.shape[-1]} and {b.shape[-1]} dimensional instead.")
    from cunp._manipulation import broadcast_shapes
    shape = broadcast_shapes(a.shape[:-1], b.shape[:-1]) + (3,)
    axisc = _normalize_axis(axisc, len(shape), "axisc")
    dtype = cp.result_type(a, b)
    out = _core.empty(shape, dtype=dtype)
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    out[..., 0] = cp.multiply(a1, b2) - cp.multiply(a2, b1)
    out[..., 1] = cp.multiply(a2, b0) - cp.multiply(a0, b2)
    out[..., 2] = cp.multiply(a0, b1) - cp.multiply(a1, b0)
    return out._moveaxis(-1, axisc)


def _gufunc_dims_error(name, sig, index, has, needs):
    return ValueError(f"{name}: Input operand {index} does not have enough dimensions (has {has}, "
                      f"gufunc core with signature {sig} requires {needs})")


def _gufunc_core_error(name, sig, got, want):
    return ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, with "
                      f"gufunc signature {sig} (size {got} is different from {want})")


def vecdot(x1, x2, /, out=None, *, axis=-1, dtype=None):
    """Vector dot product over `axis`, conjugating x1 (NumPy 2's vecdot, broadcast)."""
    sig = "(n),(n)->()"
    x1, x2 = asarray(x1), asarray(x2)
    for i, x in enumerate((x1, x2)):
        if x.ndim == 0:
            raise _gufunc_dims_error("vecdot", sig, i, 0, 1)
    x1 = x1._moveaxis(_normalize_axis(axis, x1.ndim), -1)
    x2 = x2._moveaxis(_normalize_axis(axis, x2.ndim), -1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _gufunc_core_error("vecdot", sig, x2.shape[-1], x1.shape[-1])
    r = matmul(_conj_if_complex(x1)[..., None, :], x2[..., :, None], dtype=dtype)
    return _gufunc_out("vecdot", out, r[..., 0, 0])


def matvec(x1, x2, /, out=None, *, dtype=None):
    """Matrix-vector product over the last axes: (..., m, n) and (..., n) give (..., m)."""
    sig = "(m,n),(n)->(m)"
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim < 2:
        raise _gufunc_dims_error("matvec", sig, 0, x1.ndim, 2)
    if x2.ndim < 1:
        raise _gufunc_dims_error("matvec", sig, 1, x2.ndim, 1)
    if x1.shape[-1] != x2.shape[-1]:
        raise _gufunc_core_error("matvec", sig, x2.shape[-1], x1.shape[-1])
    r = matmul(x1, x2[..., :, None], dtype=dtype)
    return _gufunc_out("matvec", out, r[..., 0])


def vecmat(x1, x2, /, out=None, *, dtype=None):
    """Vector-matrix product, conjugating the vector: (..., n) and (..., n, m) give (..., m)."""
    sig = "(n),(n,m)->(m)"
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim < 1:
        raise _gufunc_dims_error("vecmat", sig, 0, x1.ndim, 1)
    if x2.ndim < 2:
        raise _gufunc_dims_error("vecmat", sig, 1, x2.ndim, 2)
    if x1.shape[-1] != x2.shape[-2]:
        raise _gufunc_core_error("vecmat", sig, x2.shape[-2], x1.shape[-1])
    r = matmul(_conj_if_complex(x1)[..., None, :], x2, dtype=dtype)
    return _gufunc_out("vecmat", out, r[..., 0, :])


def einsum(*operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    """Einstein summation: any subscripts (implicit or explicit output, '...', repeated
    indices), reduced to diagonals, transposes, batched matmuls and sums. Operands are
    contracted pairwise, smallest intermediate first; `optimize` is accepted and the same
    greedy order is always used."""
    inputs, output, arrays = _einsum_parse(operands)
    if dtype is not None:
        import numpy
        dt = numpy.dtype(dtype)
        for i, x in enumerate(arrays):
            if not numpy.can_cast(x.dtype, dt, casting):
                raise TypeError(f"Iterator operand {i} dtype could not be cast from "
                                f"dtype('{x.dtype}') to dtype('{dt}') according to the rule "
                                f"'{casting}'")
        arrays = [x.astype(dt, copy=False) for x in arrays]
    r = _einsum_contract(inputs, output, arrays)
    if out is not None:
        _check_einsum_out(out, r, casting, len(arrays))
    return _to_out(out, r)


def _check_einsum_out(out, r, casting, index):
    # NumPy's einsum: out is an operand of its iterator, of exactly the result's shape, and
    # reached from the result's dtype by `casting` ('safe' by default).
    if not isinstance(out, ndarray):
        raise TypeError("keyword parameter out must be an array for einsum")
    if out.ndim != r.ndim:
        raise ValueError(f"out parameter does not have the correct number of dimensions, has "
                         f"{out.ndim} but should have {r.ndim}")
    if out.shape != r.shape:
        raise ValueError(f"operands could not be broadcast together: out has shape "
                         f"{_shape(out.shape)}, the result {_shape(r.shape)}")
    import numpy
    if not numpy.can_cast(r.dtype, out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from dtype('{r.dtype}') to "
                        f"dtype('{out.dtype}'), the operand {index} dtype, according to the "
                        f"rule '{casting}'")


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _einsum_parse(operands):
    """(input label lists, output label list, arrays) with '...' expanded to labels of its own
    (characters that cannot be letters), for the string form and the sublist form."""
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string and at least one "
                         "operand")
    if isinstance(operands[0], str):
        subscripts = operands[0].replace(" ", "")
        arrays = [asarray(x) for x in operands[1:]]
        if "->" in subscripts:
            lhs, rhs = subscripts.split("->", 1)
            if "->" in rhs or "-" in rhs or ">" in rhs:
                raise ValueError("einstein sum subscript string does not contain proper '->' "
                                 "output specified")
        else:
            lhs, rhs = subscripts, None
        terms = lhs.split(",")
    else:
        # einsum(op0, sublist0, op1, sublist1, ..., [sublistout])
        ops = list(operands)
        arrays, terms = [], []
        while len(ops) >= 2:
            arrays.append(asarray(ops.pop(0)))
            terms.append(_sublist(ops.pop(0)))
        rhs = _sublist(ops.pop(0)) if ops else None
    # NumPy's wording: "fewer" when the string names fewer operands than were given.
    if len(terms) < len(arrays):
        raise ValueError("fewer operands provided to einstein sum function than specified in "
                         "the subscripts string")
    if len(terms) > len(arrays):
        raise ValueError("more operands provided to einstein sum function than specified in "
                         "the subscripts string")
    for t in terms + ([rhs] if rhs is not None else []):
        for c in t.replace("...", ""):
            if c not in _LETTERS:
                if c in ".":
                    raise ValueError("einstein sum subscripts string contains a '.' that is "
                                     "not part of an ellipsis ('...')")
                raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, "
                                 "subscripts must be letters")
    # '...' stands for the broadcast of the operands' extra dimensions, right-aligned.
    n_ell = 0
    for t, x in zip(terms, arrays):
        named = len(t.replace("...", ""))
        if "..." in t:
            n_ell = max(n_ell, x.ndim - named)
    ell = [chr(0x100 + i) for i in range(n_ell)]
    inputs = []
    for i, (t, x) in enumerate(zip(terms, arrays)):
        if "..." in t:
            head, tail = t.split("...", 1)
            k = x.ndim - len(head) - len(tail)
            if k < 0:
                raise ValueError(f"einstein sum subscripts string contains too many subscripts "
                                 f"for operand {i}")
            labels = list(head) + ell[n_ell - k:] + list(tail)
        else:
            if len(t) != x.ndim:
                if len(t) < x.ndim:
                    raise ValueError("operand has more dimensions than subscripts given in "
                                     "einstein sum, but no '...' ellipsis provided to broadcast "
                                     "the extra dimensions.")
                raise ValueError(f"einstein sum subscripts string contains too many subscripts "
                                 f"for operand {i}")
            labels = list(t)
        inputs.append(labels)
    if rhs is None:
        counts = {}
        for labels in inputs:
            for c in labels:
                counts[c] = counts.get(c, 0) + 1
        output = ell + sorted(c for c, n in counts.items() if n == 1 and c in _LETTERS)
    else:
        if "..." in rhs:
            head, tail = rhs.split("...", 1)
            output = list(head) + ell + list(tail)
        else:
            output = list(rhs)
        seen = set()
        present = {c for labels in inputs for c in labels}
        for c in output:
            if c in seen:
                raise ValueError(f"einstein sum subscripts string includes output subscript "
                                 f"'{c}' multiple times")
            seen.add(c)
            if c not in present:
                raise ValueError(f"einstein sum subscripts string included output subscript "
                                 f"'{c}' which never appeared in an input")
    return inputs, output, arrays


def _sublist(sub):
    out = ""
    for v in sub:
        if v is Ellipsis:
            out += "..."
        else:
            v = int(v)
            if not 0 <= v < len(_LETTERS):
                raise ValueError(f"subscript is not within the valid range [0, {len(_LETTERS)})")
            out += _LETTERS[v]
    return out


def _einsum_contract(inputs, output, arrays):
    sizes = {}
    ops = []
    for i, (labels, x) in enumerate(zip(inputs, arrays)):
        x, labels = _einsum_diagonals(x, labels, i)
        for c, n in zip(labels, x.shape):
            if sizes.get(c, 1) == 1:
                sizes[c] = n
            elif n != 1 and n != sizes[c]:
                raise ValueError(
                    "operands could not be broadcast together with remapped shapes "
                    f"[original->remapped]: label '{_label_name(c)}' has sizes {sizes[c]} "
                    f"and {n}")
        ops.append((x, labels))
    while len(ops) > 1:
        i, j = _einsum_pick_pair(ops, output, sizes)
        (x, lx), (y, ly) = ops[i], ops[j]
        rest = [ops[k] for k in range(len(ops)) if k not in (i, j)]
        needed = set(output)
        for _, lr in rest:
            needed.update(lr)
        ops = rest + [_einsum_pair(x, lx, y, ly, needed, sizes)]
    x, labels = ops[0]
    x, labels = _einsum_reduce(x, labels, set(output))
    # Labels of the output that the operand holds at size 1 (broadcast) get their size.
    perm = [labels.index(c) for c in output]
    x = x.transpose(perm) if perm != list(range(len(perm))) else x
    want = tuple(sizes[c] for c in output)
    if x.shape != want:
        x = x._broadcast_to(want) if hasattr(x, "_broadcast_to") else _cunp().broadcast_to(x, want)
    return x


def _label_name(c):
    return c if c in _LETTERS else "..."


def _einsum_diagonals(x, labels, index):
    """Repeated labels in one operand become a diagonal (a view), label moved last."""
    labels = list(labels)
    while True:
        dup = next((c for c in labels if labels.count(c) > 1), None)
        if dup is None:
            return x, labels
        p = labels.index(dup)
        q = labels.index(dup, p + 1)
        if x.shape[p] != x.shape[q]:
            raise ValueError(f"dimensions in operand {index} for collapsing index '{dup}' "
                             f"don't match ({x.shape[p]} != {x.shape[q]})")
        x = x.diagonal(0, p, q)
        labels = [c for k, c in enumerate(labels) if k not in (p, q)] + [dup]


def _einsum_reduce(x, labels, needed):
    """Sums out the labels nobody needs any more."""
    drop = [k for k, c in enumerate(labels) if c not in needed]
    if not drop:
        return x, labels
    return _sum_axes(x, drop), [c for k, c in enumerate(labels) if k not in drop]


def _einsum_pick_pair(ops, output, sizes):
    """The pair whose contraction leaves the smallest intermediate (ties: fewest flops)."""
    best = None
    for i in range(len(ops)):
        for j in range(i + 1, len(ops)):
            li, lj = set(ops[i][1]), set(ops[j][1])
            needed = set(output)
            for k, (_, lk) in enumerate(ops):
                if k not in (i, j):
                    needed.update(lk)
            kept = (li | lj) & needed
            size = _prod(sizes[c] for c in kept)
            flops = _prod(sizes[c] for c in li | lj)
            key = (size, flops, i, j)
            if best is None or key < best:
                best = key
    return best[2], best[3]


def _einsum_pair(x, lx, y, ly, needed, sizes):
    """Contracts two operands into one: batch labels (in both, still needed), x's and y's own
    labels, and the summed labels (in both, no longer needed) become one batched matmul, or
    a plain product (nothing summed) or product-and-sum (batched dots) where a GEMM is waste."""
    x, lx = _einsum_reduce(x, lx, needed | set(ly))
    y, ly = _einsum_reduce(y, ly, needed | set(lx))
    batch = [c for c in lx if c in ly and c in needed]
    summed = [c for c in lx if c in ly and c not in needed]
    free_x = [c for c in lx if c not in ly]
    free_y = [c for c in ly if c not in lx]

    def arrange(z, lz, groups):
        order = [c for g in groups for c in g]
        if order != lz:  # views cost microseconds; the batched-matmul case needs none
            z = z.transpose([lz.index(c) for c in order])
        # Labels the operand holds at size 1 where the other has more: broadcast first.
        full = tuple(sizes[c] if c in batch or c in summed else z.shape[k]
                     for k, c in enumerate(order))
        if z.shape != full:
            z = _cunp().broadcast_to(z, full)
        return z, [tuple(full[order.index(c)] for c in g) for g in groups]

    x, (bs, xs, ks) = arrange(x, lx, (batch, free_x, summed))
    y, (_, ks2, ys) = arrange(y, ly, (batch, summed, free_y))
    nb, m, k, n = _prod(bs), _prod(xs), _prod(ks), _prod(ys)
    shape = bs + xs + ys
    cp = _cunp()
    if k == 1:
        # Nothing summed: a broadcast elementwise product (one rounding, as matmul's), not a
        # batch of 1x1x1 GEMMs.
        r = cp.multiply(x.reshape(bs + xs + (1,) * len(ys)), y.reshape(bs + (1,) * len(xs) + ys))
    elif m == 1 and n == 1 and nb > 1 and k > 1 and x.dtype.char != 'e' and y.dtype.char != 'e':
        # Batched dot products ('bi,bi->b'): products summed by cunp.sum, in their own dtype as
        # matmul keeps it. float16 stays on matmul, whose products are not rounded to float16.
        p = cp.multiply(x.reshape(bs + (k,)), y.reshape(bs + (k,)))
        r = cp.sum(p, axis=-1, dtype=p.dtype)
    else:
        x3, y3 = (nb, m, k), (nb, k, n)
        r = matmul(x if x.shape == x3 else x.reshape(x3), y if y.shape == y3 else y.reshape(y3))
    return (r if r.shape == shape else r.reshape(shape)), batch + free_x + free_y


# Methods NumPy's ndarray has.
def _dot_method(self, b, out=None):
    return dot(self, b, out=out)


def _trace_method(self, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    return trace(self, offset, axis1, axis2, dtype, out)


ndarray.dot = _dot_method
ndarray.trace = _trace_method
