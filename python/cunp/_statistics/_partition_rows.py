# python/cunp/_statistics/_partition_rows.py -- argpartition along the last axis of many long rows
# for a few small kth: the first kth items found among per-chunk candidates, not by a full sort.
"""argpartition of rows (m, n) at small kth without sorting whole rows.

A full sort of each row (the general path of argpartition along an axis) runs eight or more
radix passes over all m n items with their 8-byte keys. For kth < q, with q small against the
row length, the q smallest of a row are among the q smallest of each chunk of c items, so:

1. each chunk of c items is sorted by one block (the sort engine's short rows: one read, one
   write of the positions), and its first q positions kept as candidates (with every item of
   a last, partial chunk);
2. the candidates (about n q / c a row) are sorted along the row, stably, and the first q kept:
   the q smallest of the row, in a stable sort's order (chunks and positions in index order);
3. the full permutation puts those q first and every other item after them in index order, by
   a running count (cumsum) of the others and one scatter.

The result is the first q positions of a stable argsort followed by the rest, a valid
argpartition for every kth < q (NaNs sort last, as in the full sort). The same code runs on
NumPy (xp) for the CPU tests."""
import numpy

# Rows shorter than this are sorted whole (the chunks would save little).
MIN_ROW = 1 << 12
# The largest kth + 1 taken this way.
MAX_Q = 32


def chunk_length(q):
    """Items per chunk: at least 16 q, so that the candidates are a sixteenth of the row or
    fewer; within the sort engine's one-block rows (4096)."""
    c = 256
    while c < 16 * q:
        c *= 2
    return c


def eligible(n, dtype, kths):
    """Whether rows of n items of `dtype` at these kth take this path."""
    return (n >= MIN_ROW and dtype.kind in "biuf" and max(kths) < MAX_Q
            and n >= 4 * chunk_length(max(kths) + 1))


def argpartition_rows(xp, rows, q):
    """int64 positions (m, n) along axis 1 of `rows` (m, n): a stable argsort's first q, then
    the other positions in index order."""
    m, n = rows.shape
    c = chunk_length(q)
    full = n - n % c
    chunks = rows[:, :full].reshape(m, full // c, c)
    first = xp.argsort(chunks, axis=-1, kind="stable")[..., :q]            # (m, n/c, q)
    first = first + (xp.arange(full // c, dtype=xp.int64) * c)[None, :, None]
    cand = first.reshape(m, -1)
    if full < n:  # the partial last chunk: all of its items are candidates
        tail = xp.broadcast_to(xp.arange(full, n, dtype=xp.int64)[None, :], (m, n - full))
        cand = xp.concatenate([cand, tail], axis=1)
    values = xp.take_along_axis(rows, cand, axis=1)
    top = xp.take_along_axis(cand, xp.argsort(values, axis=1, kind="stable")[:, :q], axis=1)
    # Each item's place: the chosen at their rank, the others after them in index order.
    # (In place where an array of the rows' size would otherwise be made twice.)
    others = xp.ones((m, n), dtype=xp.bool_)
    xp.put_along_axis(others, top, False, axis=1)
    place = xp.cumsum(others, axis=1, dtype=xp.int64)
    del others
    place += q - 1
    ranks = xp.broadcast_to(xp.arange(q, dtype=xp.int64)[None, :], (m, q))
    xp.put_along_axis(place, top, ranks, axis=1)
    out = xp.empty((m, n), dtype=xp.int64)
    xp.put_along_axis(out, place, xp.arange(n, dtype=xp.int64)[None, :], axis=1)
    return out


def numpy_reference(rows, q):
    """What argpartition_rows returns, by a full stable sort (for the tests)."""
    order = numpy.argsort(rows, axis=1, kind="stable")
    head = order[:, :q]
    rest = numpy.ones(rows.shape, dtype=bool)
    numpy.put_along_axis(rest, head, False, axis=1)
    tail = numpy.nonzero(rest)[1].reshape(rows.shape[0], -1)
    return numpy.concatenate([head, tail], axis=1)
