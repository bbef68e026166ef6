# python/cunp/linalg/_layout.py -- the memory layout NumPy gives numpy.linalg's results.
"""numpy.linalg's factorizations are generalized ufuncs: their outputs are allocated by NumPy's
iterator, the loop (stack) axes in the iterator's 'K' order of the inputs and the core (matrix)
axes C-ordered innermost. cuSOLVER hands back column-major matrices in C-ordered stacks; the
results are laid out again (cunp._array._layouts.relayout), once per result, where that
differs.
Strides here are in elements unless said otherwise."""
from cunp._array._layouts import dense_strides, iterator_order, keep_order

__all__ = []


def gufunc_output(loop_shape, inputs_loop_strides, core_shape):
    """Element strides of a gufunc's output: loop axes in the iterator order of the inputs'
    loop strides, core axes C-ordered innermost."""
    nloop = len(loop_shape)
    order = iterator_order(loop_shape, inputs_loop_strides)
    order += list(range(nloop, nloop + len(core_shape)))
    return dense_strides(tuple(loop_shape) + tuple(core_shape), order)


def _elements(strides, itemsize):
    return tuple(s // itemsize for s in strides)


def gufunc_results(shape, strides, itemsize, core_shapes):
    """Element strides of a one-input gufunc's outputs on an input of `shape` and byte
    `strides` whose last two axes are its core: one per output core shape."""
    loop = tuple(shape[:-2])
    loop_strides = [_elements(strides[:-2], itemsize)]
    return [gufunc_output(loop, loop_strides, core) for core in core_shapes]


def svd_strides(shape, strides, itemsize, full_matrices, compute_uv):
    """Element strides of numpy.linalg.svd's results (u, s, vh; or s) for an input of `shape`
    and byte `strides`."""
    *loop, m, n = shape
    k = min(m, n)
    loop_strides = [_elements(strides[:-2], itemsize)]
    s = gufunc_output(loop, loop_strides, (k,))
    if not compute_uv:
        return s
    ucols, vrows = (m, n) if full_matrices else (k, k)
    return (gufunc_output(loop, loop_strides, (m, ucols)), s,
            gufunc_output(loop, loop_strides, (vrows, n)))


def qr_strides(shape, strides, itemsize, mode):
    """Element strides of numpy.linalg.qr's results for an input of `shape` and byte
    `strides`: NumPy factors a 'K'-order copy of the input (qr_r_raw gives tau), builds q from
    it and tau (a gufunc) and r as triu of its top rows (where(mask, 0, a): the iterator over
    the C-ordered mask and the copy)."""
    *loop, m, n = shape
    k = min(m, n)
    nloop = len(loop)
    copy = dense_strides(shape, keep_order(shape, strides, itemsize))
    tau = gufunc_output(loop, [copy[:nloop]], (k,))
    if mode == 'raw':
        return copy[:nloop] + (copy[-1], copy[-2]), tau
    mc = m if mode == 'complete' and m > n else k
    r_shape = tuple(loop) + (mc, n)
    mask = (0,) * nloop + (n, 1)
    r = dense_strides(r_shape, iterator_order(r_shape, [mask, (0,) * len(r_shape), copy]))
    if mode == 'r':
        return r
    q = gufunc_output(loop, [copy[:nloop], tau[:nloop]], (m, mc))
    return q, r


def _broadcast_shape(*shapes):
    ndim = max(len(s) for s in shapes)
    out = []
    for ax in range(ndim):
        extents = {s[ax - ndim + len(s)] for s in shapes if ax - ndim + len(s) >= 0} - {1}
        out.append(extents.pop() if extents else 1)
    return tuple(out)


def _loop_strides(loop_shape, shape, strides, itemsize, ncore):
    """An operand's loop strides (elements) against the broadcast loop shape: right-aligned,
    0 on the axes it lacks or broadcasts, as the iterator sees them."""
    own = len(shape) - ncore
    pad = len(loop_shape) - own
    return (0,) * pad + tuple(
        0 if shape[ax] == 1 else strides[ax] // itemsize for ax in range(own))


def solve_strides(a_shape, a_strides, a_itemsize, b_shape, b_strides, b_itemsize):
    """Element strides of numpy.linalg.solve's result: the two-input gufunc solve1
    ((m,m),(m)->(m), b 1-D) or solve ((m,m),(m,n)->(m,n)), its loop axes in the iterator
    order over both inputs' (broadcast) loop strides."""
    ncore_b = 1 if len(b_shape) == 1 else 2
    loop = _broadcast_shape(tuple(a_shape[:-2]), tuple(b_shape[:-ncore_b]))
    core = tuple(a_shape[-1:]) + tuple(b_shape[-1:] if ncore_b == 2 else ())
    operands = [_loop_strides(loop, a_shape, a_strides, a_itemsize, 2),
                _loop_strides(loop, b_shape, b_strides, b_itemsize, ncore_b)]
    return gufunc_output(loop, operands, core)


def eig_strides(shape, strides, itemsize, compute_v):
    """Element strides of numpy.linalg.eig's (w, v) or eigvals' (w,) results as the gufunc
    allocates them (complex)."""
    n = shape[-1]
    cores = [(n,), (n, n)] if compute_v else [(n,)]
    return gufunc_results(shape, strides, itemsize, cores)


def svd_hermitian_strides(shape, strides, itemsize, compute_uv):
    """Element strides of numpy.linalg.svd(hermitian=True)'s results. With compute_uv: u and s
    are C-ordered (take_along_axis indexes with argsort's C-ordered indices, whatever eigh's
    layout), and vh is u's (times the signs) transposed view (conjugate of a complex one keeps
    that layout). Without: sort(|w|)[..., ::-1] (a 'K' copy of eigvalsh's gufunc layout, read
    backwards): the strides returned are of that copy, the result its reversed view."""
    n = shape[-1]
    if not compute_uv:
        return gufunc_results(shape, strides, itemsize, [(n,)])[0]
    loop = tuple(shape[:-2])
    u = dense_strides(loop + (n, n), list(range(len(loop) + 2)))
    s = dense_strides(loop + (n,), list(range(len(loop) + 1)))
    return u, s, u[:-2] + (u[-1], u[-2])


def matmul_strides(a_shape, a_strides, a_itemsize, b_shape, b_strides, b_itemsize):
    """Element strides of matmul's result ((n?,k),(k,m?)->(n?,m?)): batch axes in the
    iterator order over both inputs' broadcast batch strides, the core C-ordered (a 1-D
    operand has no batch axes and drops its core axis). vecdot, matvec and vecmat follow as
    matmul of a row and/or a column."""
    ncore_a, ncore_b = min(len(a_shape), 2), min(len(b_shape), 2)
    loop = _broadcast_shape(tuple(a_shape[:len(a_shape) - ncore_a]),
                            tuple(b_shape[:len(b_shape) - ncore_b]))
    core = (tuple(a_shape[-2:-1]) if ncore_a == 2 else ()) + (
        tuple(b_shape[-1:]) if ncore_b == 2 else ())
    operands = [_loop_strides(loop, a_shape, a_strides, a_itemsize, ncore_a),
                _loop_strides(loop, b_shape, b_strides, b_itemsize, ncore_b)]
    return gufunc_output(loop, operands, core)
