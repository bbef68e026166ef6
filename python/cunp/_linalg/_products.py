# python/cunp/_linalg/_products.py -- matmul, dot, vdot, inner, outer, tensordot, kron, trace, cross,
# vecdot, matvec, vecmat and einsum: the products NumPy has at top level.
"""Products: matmul (the @ operator), dot, vdot, inner, outer, tensordot, kron, einsum, ...

Everything reduces to cunp.matmul (cuBLAS for float and complex dtypes, a kernel of our own for
integers and bool) plus views (transpose, reshape, diagonal), a few elementwise ufuncs and
cunp.sum (trace, and einsum's labels summed within one operand, in that operand's dtype).
"""
import math
import operator
from cunp import _core
from cunp._core import ndarray
from cunp._creation._basic import asarray
from cunp._linalg._einsum import einsum, einsum_path
from cunp._kernels import _gufunc

__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "trace", "cross",
           "vecdot", "matvec", "vecmat", "einsum", "einsum_path"]

_mm = _core.matmul
# NumPy's matmul is a gufunc; cunp's is an object of the same shape whose calls are the core's
# function itself (no Python frame per call).
matmul = _gufunc.fast_ufunc("matmul", "(n?,k),(k,m?)->(n?,m?)", _core.matmul)


def _cunp():
    import cunp
    return cunp


def _to_out(out, r):
    """Stores r into a given out (returning out), or returns r."""
    if out is None:
        return r
    if not isinstance(out, ndarray):
        raise TypeError("'out' must be a cunp.ndarray")
    out[...] = r
    return out


def _gufunc_out(name, out, r, casting='same_kind'):
    """Stores r into out as NumPy's (g)ufuncs do: out's dtype must be reachable by `casting`;
    its loop dimensions may broadcast r (a mismatch raises ValueError in the store)."""
    if out is None:
        return r
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    if not _core.can_cast(r.dtype, out.dtype, casting):
        raise TypeError(f"Cannot cast ufunc '{name}' output from dtype('{r.dtype}') to "
                        f"dtype('{out.dtype}') with casting rule '{casting}'")
    out[...] = r
    return out


def _conj_if_complex(x):
    return x.conj() if x.dtype.kind == 'c' else x


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
        r = _mm(a, b)
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
    return _mm(_conj_if_complex(a.ravel()), b.ravel())


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


def _axis_sequence(ax):
    """tensordot's axes for one operand as a list (one axis given bare is a list of one)."""
    try:
        return list(ax)
    except TypeError:
        return [ax]


def tensordot(a, b, axes=2):
    """Sum of products over the given axes (an int N: a's last N and b's first N). The axes
    are checked in NumPy's order: duplicates, then each pair's lengths through the shapes
    (an axis past an operand's dimensions is IndexError there), then the count."""
    try:
        iter(axes)
    except TypeError:
        n = int(axes)
        if n < 0:
            raise ValueError("negative axes are not supported by tensordot") from None
        axes_a, axes_b = list(range(-n, 0)), list(range(n))
    else:
        axes_a, axes_b = axes
    axes_a, axes_b = _axis_sequence(axes_a), _axis_sequence(axes_b)
    for ax in (axes_a, axes_b):
        if len(set(ax)) != len(ax):
            raise ValueError("duplicate axes are not allowed in tensordot")
    a, b = asarray(a), asarray(b)
    if len(axes_a) != len(axes_b):
        raise ValueError("shape-mismatch for sum")
    for k in range(len(axes_a)):
        if a.shape[axes_a[k]] != b.shape[axes_b[k]]:
            raise ValueError("shape-mismatch for sum")
        axes_a[k] = operator.index(axes_a[k]) % a.ndim
        axes_b[k] = operator.index(axes_b[k]) % b.ndim
    free_a = [d for d in range(a.ndim) if d not in axes_a]
    free_b = [d for d in range(b.ndim) if d not in axes_b]
    shape_a = tuple(a.shape[d] for d in free_a)
    shape_b = tuple(b.shape[d] for d in free_b)
    k = math.prod(a.shape[d] for d in axes_a)
    a2 = a.transpose(free_a + axes_a).reshape(math.prod(shape_a), k)
    b2 = b.transpose(axes_b + free_b).reshape(k, math.prod(shape_b))
    return _mm(a2, b2).reshape(shape_a + shape_b)


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
    a = a._moveaxis(_core.axes.normalize_axis(axisa, a.ndim, "axisa"), -1)
    b = b._moveaxis(_core.axes.normalize_axis(axisb, b.ndim, "axisb"), -1)
    if a.shape[-1] != 3 or b.shape[-1] != 3:
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         f"are {a.shape[-1]} and {b.shape[-1]} dimensional instead.")
    from cunp._manipulation._shapes import broadcast_shapes
    shape = broadcast_shapes(a.shape[:-1], b.shape[:-1]) + (3,)
    axisc = _core.axes.normalize_axis(axisc, len(shape), "axisc")
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


def _gufunc_input_casting(name, dtype, casting, x1, x2):
    # NumPy resolves the loop (and refuses a cast the rule forbids) before it checks core sizes.
    if dtype is None:
        return
    import numpy

    dt = numpy.dtype(dtype)
    for i, x in enumerate((x1, x2)):
        if not _core.can_cast(x.dtype, dt, casting):
            raise TypeError(f"Cannot cast ufunc '{name}' input {i} from dtype('{x.dtype}') to "
                            f"dtype('{dt}') with casting rule '{casting}'")


def _vecdot(x1, x2, out=None, *, casting='same_kind', dtype=None):
    """Vector dot product over the last axis, conjugating x1 (NumPy 2's vecdot, broadcast)."""
    sig = "(n),(n)->()"
    x1, x2 = asarray(x1), asarray(x2)
    for i, x in enumerate((x1, x2)):
        if x.ndim == 0:
            raise _gufunc_dims_error("vecdot", sig, i, 0, 1)
    _gufunc_input_casting("vecdot", dtype, casting, x1, x2)
    if x1.shape[-1] != x2.shape[-1]:
        raise _gufunc_core_error("vecdot", sig, x2.shape[-1], x1.shape[-1])
    r = _mm(_conj_if_complex(x1)[..., None, :], x2[..., :, None], dtype=dtype, casting=casting)
    return _gufunc_out("vecdot", out, r[..., 0, 0], casting)


def _matvec(x1, x2, out=None, *, casting='same_kind', dtype=None):
    """Matrix-vector product over the last axes: (..., m, n) and (..., n) give (..., m)."""
    sig = "(m,n),(n)->(m)"
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim < 2:
        raise _gufunc_dims_error("matvec", sig, 0, x1.ndim, 2)
    if x2.ndim < 1:
        raise _gufunc_dims_error("matvec", sig, 1, x2.ndim, 1)
    _gufunc_input_casting("matvec", dtype, casting, x1, x2)
    if x1.shape[-1] != x2.shape[-1]:
        raise _gufunc_core_error("matvec", sig, x2.shape[-1], x1.shape[-1])
    r = _mm(x1, x2[..., :, None], dtype=dtype, casting=casting)
    return _gufunc_out("matvec", out, r[..., 0], casting)


def _vecmat(x1, x2, out=None, *, casting='same_kind', dtype=None):
    """Vector-matrix product, conjugating the vector: (..., n) and (..., n, m) give (..., m)."""
    sig = "(n),(n,m)->(m)"
    x1, x2 = asarray(x1), asarray(x2)
    if x1.ndim < 1:
        raise _gufunc_dims_error("vecmat", sig, 0, x1.ndim, 1)
    if x2.ndim < 2:
        raise _gufunc_dims_error("vecmat", sig, 1, x2.ndim, 2)
    _gufunc_input_casting("vecmat", dtype, casting, x1, x2)
    if x1.shape[-1] != x2.shape[-2]:
        raise _gufunc_core_error("vecmat", sig, x2.shape[-2], x1.shape[-1])
    r = _mm(_conj_if_complex(x1)[..., None, :], x2, dtype=dtype, casting=casting)
    return _gufunc_out("vecmat", out, r[..., 0, :], casting)


vecdot = _gufunc.ufunc("vecdot", "(n),(n)->()", _vecdot)
matvec = _gufunc.ufunc("matvec", "(m,n),(n)->(m)", _matvec)
vecmat = _gufunc.ufunc("vecmat", "(n),(n,m)->(m)", _vecmat)
