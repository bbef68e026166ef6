"""Per-line work on the arrays of a compressed matrix (CSR rows, CSC columns): the sum of each
line, and taking lines by number. On cunp arrays each is one kernel of
src/device/sparse/csr_lines.cuh reading indptr in place (no coordinate per entry, no
scatter-add); on the NumPy backend of the CPU tests the same results come from NumPy, the model
the GPU tests hold the kernels to."""

import numpy

from . import _backend, _canonical


def line_sums(indptr, data, dtype):
    """The sum of each line's stored values in `dtype` (storage order on the device, as
    SciPy's matvec with ones adds them): one segmented sum over indptr."""
    xp = _backend.xp
    n = indptr.shape[0] - 1
    core = _backend.line_kernels()
    if core is not None:
        out = xp.empty(n, dtype=dtype)  # every line is written (an empty one with zero)
        core.line_sums(data, indptr, out)
        return out
    out = xp.zeros(n, dtype=dtype)
    counts = xp.diff(indptr)
    full = xp.flatnonzero(counts)
    if full.size:
        # reduceat of the non-empty lines' starts: each runs to the next one's start, which is
        # its own end (the lines between are empty).
        nnz = int(indptr[-1])
        out[full] = xp.add.reduceat(data[:nnz].astype(dtype), indptr[:-1][full])
    return out


def _range_error(lo, hi, bound):
    if hi >= bound:
        raise IndexError(f"index ({hi}) out of range")
    if lo < -bound:
        raise IndexError(f"index ({lo}) out of range")


def take(indptr, indices, data, lines, checked):
    """(data, indices, indptr) of the lines `lines` (int64, in order, repeats allowed) of a
    compressed matrix with indptr.shape[0] - 1 lines. Unless `checked`, the numbers come from a
    user's key: negative ones count from the end, and one out of range raises IndexError.

    On the device: a count per line, a scan, and one gather kernel over the result's entries;
    the one host read is the result's length, fetched with the lines' minimum and maximum."""
    xp = _backend.xp
    bound = indptr.shape[0] - 1
    n = lines.shape[0]
    core = _backend.line_kernels()
    if core is None:
        return _take_model(indptr, indices, data, lines, checked)
    counts = xp.empty(n, dtype=numpy.int64)
    core.take_counts(lines, indptr, counts)
    starts = xp.concatenate([xp.zeros(1, dtype=numpy.int64), xp.cumsum(counts)])
    if checked or n == 0:
        total = int(starts[-1])
    else:
        total, lo, hi = (int(v) for v in
                         _backend.to_host(xp.stack([starts[-1], lines.min(), lines.max()])))
        _range_error(lo, hi, bound)
    out_indices = xp.empty(total, dtype=indices.dtype)
    out_data = xp.empty(total, dtype=data.dtype)
    core.take_gather(starts, lines, indptr, indices, data, out_indices, out_data)
    return out_data, out_indices, starts.astype(indptr.dtype)


def _take_model(indptr, indices, data, lines, checked):
    """take() composed from searchsorted and gathers (the NumPy backend's path)."""
    xp = _backend.xp
    bound = indptr.shape[0] - 1
    if not checked and lines.size:
        _range_error(int(lines.min()), int(lines.max()), bound)
        lines = xp.where(lines < 0, lines + bound, lines)
    ptr = indptr.astype(numpy.int64)
    counts = (ptr[1:] - ptr[:-1])[lines]
    starts = xp.concatenate([xp.zeros(1, dtype=numpy.int64), xp.cumsum(counts)])
    total = int(starts[-1])
    line_of = _canonical.segment_ids(starts[1:], total)
    pos = ptr[lines][line_of] + (xp.arange(total, dtype=numpy.int64) - starts[:-1][line_of])
    return data[pos], indices[pos], starts.astype(indptr.dtype)


def product_flags(indptr, indices, data):
    """(any explicit zero, any line whose indices do not strictly increase) of a library's
    product, in one kernel and one host read."""
    xp = _backend.xp
    n = indptr.shape[0] - 1
    core = _backend.line_kernels()
    if core is None or n == 0:
        major = _canonical.expand_indptr(indptr, int(indptr[-1]) if n else 0, numpy.int64)
        nnz = major.shape[0]
        zero = bool((data[:nnz] == 0).any())
        return zero, not _canonical.is_sorted(major, indices[:nnz], 1 + int(
            indices[:nnz].max()) if nnz else 1, True)
    flags = xp.empty(2 * n, dtype=numpy.bool_)
    core.line_check(indptr, indices, data, flags)
    zero, unordered = _backend.to_host(flags.reshape(n, 2).any(axis=0))
    return bool(zero), bool(unordered)
