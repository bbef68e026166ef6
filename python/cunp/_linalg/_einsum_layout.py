# python/cunp/_linalg/_einsum_layout.py -- the memory layout of numpy.einsum's result.
"""numpy.einsum (optimize=False, order='K') runs one iterator over every operand: its axes are
the output's labels, then the summed labels in label order; an operand's stride on a label is
the sum of its strides on the axes of that label (a diagonal), 0 where it lacks or broadcasts
the label. The output is allocated in the iterator's 'K' order of its own axes. With one operand
and nothing summed NumPy returns a view instead. cunp's einsum plans (transposes, reshapes,
batched matmuls) end C-ordered, so the result is laid out again where NumPy's differs.
Strides here are in elements."""
import functools

from cunp._array._layouts import dense_strides, iterator_order

__all__ = []


def _labels(subscripts, ndims):
    """Each operand's labels and the output's (NumPy's implicit output without '->'): an
    ellipsis stands for ('...', k) labels, k counted from the right of the broadcast dims."""
    lhs, arrow, rhs = subscripts.replace(' ', '').partition('->')
    labels, nell = [], 0
    for term, nd in zip(lhs.split(','), ndims):
        head, ell, tail = term.partition('...')
        k = nd - len(head) - len(tail) if ell else 0
        nell = max(nell, k)
        labels.append(list(head) + [('...', k - 1 - j) for j in range(k)] + list(tail))
    ellipsis = [('...', nell - 1 - j) for j in range(nell)]
    if arrow:
        head, ell, tail = rhs.partition('...')
        return labels, list(head) + (ellipsis if ell else []) + list(tail)
    counts = {}
    for term in labels:
        for label in term:
            if isinstance(label, str):
                counts[label] = counts.get(label, 0) + 1
    return labels, ellipsis + sorted(label for label, c in counts.items() if c == 1)


def einsum_strides(subscripts, shapes, strides, itemsizes):
    """Element strides of numpy.einsum's allocated result for operands of `shapes` and byte
    `strides`; None where NumPy returns a view of the one operand (nothing summed). Cached:
    a repeated einsum (its plan is cached by the core) pays a lookup only."""
    return _einsum_strides(subscripts, tuple(map(tuple, shapes)), tuple(map(tuple, strides)),
                           tuple(itemsizes))


@functools.lru_cache(maxsize=256)
def _einsum_strides(subscripts, shapes, strides, itemsizes):
    labels, out = _labels(subscripts, [len(s) for s in shapes])
    summed = sorted({label for term in labels for label in term
                     if label not in out and isinstance(label, str)})
    if len(shapes) == 1 and not summed:
        return None
    iter_labels = out + summed
    extent = {}
    for term, shape in zip(labels, shapes):
        for label, n in zip(term, shape):
            if n != 1:
                extent[label] = n
    iter_shape = tuple(extent.get(label, 1) for label in iter_labels)
    operands = [[sum(s // isz for lab, n, s in zip(term, shape, st) if lab == label and n != 1)
                 for label in iter_labels]
                for term, shape, st, isz in zip(labels, shapes, strides, itemsizes)]
    order = [ax for ax in iterator_order(iter_shape, operands) if ax < len(out)]
    return dense_strides(iter_shape[:len(out)], order)
