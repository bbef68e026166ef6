"""Index work shared by the formats, built on the array engines (stable sort, scan,
compaction, segmented sums): expanding and compressing index pointers, canonical order with
duplicates summed, and the order checks behind has_sorted_indices/has_canonical_format."""

import numpy

from . import _backend


def segment_ids(ends, total):
    """For each position 0..total-1, the segment holding it, where segment i ends before
    ends[i] (non-decreasing, inclusive running sums of the segment lengths): one binary search
    per position on the device (cunp's repeat with an array of counts goes through the host)."""
    xp = _backend.xp
    return xp.searchsorted(ends, xp.arange(total, dtype=ends.dtype), side="right")


def expand_indptr(indptr, nnz, idx_dtype):
    """The major index of each stored entry of a compressed matrix."""
    return segment_ids(indptr[1:], nnz).astype(idx_dtype)


def compress_major(major, n_major, idx_dtype):
    """indptr of entries sorted by `major` (n_major + 1 values)."""
    xp = _backend.xp
    bounds = xp.arange(n_major + 1, dtype=major.dtype if major.size else idx_dtype)
    return xp.searchsorted(major, bounds, side="left").astype(idx_dtype)


def _key(major, minor, n_minor):
    # One int64 key orders by major then minor in one stable sort.
    return major.astype(numpy.int64) * max(int(n_minor), 1) + minor.astype(numpy.int64)


def sort_order(major, minor, n_minor):
    """Stable permutation sorting the entries by (major, minor)."""
    return _backend.xp.argsort(_key(major, minor, n_minor), kind="stable")


def is_sorted(major, minor, n_minor, strict):
    """Whether entries are in (major, minor) order; strict also forbids duplicates."""
    if major.size < 2:
        return True
    k = _key(major, minor, n_minor)
    ok = (k[1:] > k[:-1]) if strict else (k[1:] >= k[:-1])
    return bool(ok.all())


def sum_duplicates(major, minor, data, n_minor):
    """(major, minor, data) sorted by (major, minor) with the values of equal positions summed
    (in data's dtype; explicit zeros stay)."""
    xp = _backend.xp
    if data.size == 0:
        return major, minor, data
    order = sort_order(major, minor, n_minor)
    major, minor, data = major[order], minor[order], data[order]
    k = _key(major, minor, n_minor)
    first = xp.concatenate([xp.ones(1, dtype=bool), k[1:] != k[:-1]])
    starts = xp.flatnonzero(first)
    if starts.size == data.size:
        return major, minor, data
    work = numpy.dtype(numpy.int64) if data.dtype == numpy.bool_ else data.dtype
    if work.itemsize < 16:
        # One scatter-add per entry into its run, all on the device (reduceat reads its
        # indices on the host). Booleans are counted: their sums are logical or.
        group = xp.cumsum(first) - 1
        summed = xp.zeros(starts.shape[0], dtype=work)
        xp.add.at(summed, group, data.astype(work))
    else:
        # 16-byte values have no atomic update; a segmented sum per run instead.
        summed = xp.add.reduceat(data, starts, dtype=work)
    if data.dtype == numpy.bool_:
        summed = summed != 0
    return major[starts], minor[starts], summed


def drop_zeros(major, minor, data):
    """The entries whose value is not zero."""
    keep = data != 0
    return major[keep], minor[keep], data[keep]
