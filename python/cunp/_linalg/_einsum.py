# python/cunp/_linalg/_einsum.py -- einsum and einsum_path: the sublist form turned into subscripts; the
# core (cunp/ops/einsum/einsum.hpp) parses, finds the path, plans, caches the plan and runs it.
"""einsum: subscripts -> a plan of diagonals, transposes, broadcasts, reshapes, sums, products and
batched matmuls, built by the core once per (subscripts, shapes, dtypes, optimize) and replayed
on later calls, so a repeated 'bij,bjk->bik' costs about one matmul call.

einsum_path: NumPy's contraction order ('greedy' or 'optimal', with or without a memory limit, or
an explicit ['einsum_path', ...] list) and a printable report.
"""
from cunp import _core

_einsum = _core.einsum.einsum
_einsum_path = _core.einsum.path

__all__ = ["einsum", "einsum_path"]

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


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


def _from_sublists(operands):
    """einsum(op0, sublist0, op1, sublist1, ..., [sublistout]) as (subscripts, operands)."""
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string and at least one "
                         "operand")
    rest = list(operands)
    ops, terms = [], []
    while len(rest) >= 2:
        ops.append(rest.pop(0))
        terms.append(_sublist(rest.pop(0)))
    subscripts = ",".join(terms)
    if rest:
        subscripts += "->" + _sublist(rest.pop(0))
    return subscripts, tuple(ops)


def einsum(*operands, out=None, dtype=None, order='K', casting='safe', optimize=False):
    """Einstein summation: any subscripts (implicit or explicit output, '...', repeated
    indices), reduced to diagonals, transposes, batched matmuls and sums. `optimize` picks the
    pairwise order as numpy.einsum_path does (False: smallest intermediate first)."""
    if operands and isinstance(operands[0], str):
        subscripts, ops = operands[0], operands[1:]
    else:
        subscripts, ops = _from_sublists(operands)
    r = _einsum(subscripts, ops, out, dtype, casting, optimize)
    if out is None and optimize is False and order in ('K', 'k'):
        r = _numpy_layout(subscripts, ops, r)
    return r


def _numpy_layout(subscripts, ops, r):
    """r in numpy.einsum's layout (_einsum_layout.py) where the operands are cunp arrays and
    NumPy allocates (a result of 2 or more axes; 1-D and 0-d have one layout)."""
    if not isinstance(r, _core.ndarray) or r.ndim < 2 or r.size == 0:
        return r
    if not all(isinstance(x, _core.ndarray) for x in ops):
        return r
    from cunp._array._layouts import relayout
    from cunp._linalg._einsum_layout import einsum_strides
    strides = einsum_strides(subscripts, [x.shape for x in ops], [x.strides for x in ops],
                             [x.itemsize for x in ops])
    if strides is None:
        return r
    import cunp
    return relayout(cunp, r, strides)


def _shape_of(x):
    shape = getattr(x, "shape", None)
    if shape is None:
        import numpy
        shape = numpy.shape(x)
    return tuple(shape)


def einsum_path(*operands, optimize='greedy', einsum_call=False):
    """NumPy's einsum_path: (['einsum_path', *contractions], report). Only the operands' shapes
    are read (cunp or NumPy arrays, or anything NumPy can shape)."""
    if operands and isinstance(operands[0], str):
        subscripts, ops = operands[0], operands[1:]
    else:
        subscripts, ops = _from_sublists(operands)
    return _einsum_path(subscripts, [_shape_of(x) for x in ops], optimize)
