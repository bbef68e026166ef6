"""Signal extension for upfirdn's modes other than zero padding: the samples a filter reads
before and after the signal, by SciPy's rule for each mode, so that the zero-padding polyphase
kernel run over the extended signal gives the extended-mode result.

Each rule is a function of the sample index i (i < 0 before the signal, i >= n after it) and is
defined for any distance from the signal, as SciPy's is: the mirror and periodic modes repeat
(a filter longer than the signal reads several periods), the linear ones continue their line.
The index arithmetic runs on the host (a few integers per extension sample); the values are
gathered from, or computed with, the device array, so the signal never leaves the device."""
import numpy as np

# Modes that read a signal sample, possibly negated: value = sign * x[source].
_GATHER = ("symmetric", "reflect", "wrap", "edge", "antisymmetric")


def _gather_rule(mode, i, n):
    """(source, sign) of extension samples i of an n-sample signal."""
    sign = np.ones(i.shape, dtype=np.int8)
    if mode == "edge":
        return np.clip(i, 0, n - 1), sign
    if mode == "wrap":
        return i % n, sign
    if mode == "reflect":
        # The signal and its mirror image without the end samples: period 2 (n - 1).
        j = i % (2 * (n - 1))
        return np.where(j < n, j, 2 * (n - 1) - j), sign
    # symmetric and antisymmetric: the signal and its mirror image with the end samples
    # repeated, period 2 n; antisymmetric negates the mirror image.
    j = i % (2 * n)
    mirrored = j >= n
    if mode == "antisymmetric":
        sign[mirrored] = -1
    return np.where(mirrored, 2 * n - 1 - j, j), sign


def _check(mode, n):
    # SciPy's extension reads out of bounds or divides by zero here (its process crashes or
    # returns uninitialised memory): refuse instead.
    if n == 0 and mode != "constant":
        raise ValueError(f"mode={mode!r} needs a non-empty signal")
    if n == 1 and mode in ("reflect", "antireflect"):
        raise ValueError(f"mode={mode!r} needs at least 2 samples along the axis")


def _side(xp, x, mode, i, real):
    """The extension samples at indices i (all before, or all after, the signal) of x, whose
    last axis is the signal (n samples, n >= 1)."""
    n = x.shape[-1]
    if i.size == 0:
        return x[..., :0]
    if mode in _GATHER:
        source, sign = _gather_rule(mode, i, n)
        values = xp.take(x, xp.asarray(source.astype(np.intp)), axis=-1)
        if (sign < 0).any():
            values = values * xp.asarray(sign.astype(real))
        return values
    first, last = x[..., :1], x[..., -1:]
    before = i[0] < 0
    if mode == "smooth":
        # Continue the slope of the two end samples; one sample has no slope: hold it.
        if n == 1:
            return xp.broadcast_to(first, x.shape[:-1] + (i.size,)).copy()
        if before:
            return first + xp.asarray(i.astype(real)) * (x[..., 1:2] - first)
        return last + xp.asarray((i - (n - 1)).astype(real)) * (last - x[..., -2:-1])
    if mode == "line":
        # The line through the first and last samples (one sample: 0 / 0, NaN as in SciPy).
        if n == 1:
            slope = (last - first) * xp.asarray(np.array(np.nan, dtype=real))
        else:
            slope = (last - first) / xp.asarray(np.array(n - 1, dtype=real))
        if before:
            return first + xp.asarray(i.astype(real)) * slope
        return last + xp.asarray((i - (n - 1)).astype(real)) * slope
    # antireflect: point reflection about each end. The shape repeats with period 2 (n - 1)
    # while climbing by 2 (x[n-1] - x[0]) a period: within a period, sample j is x[j] or, in
    # the reflected half, 2 x[n-1] - x[2 (n - 1) - j].
    period = 2 * (n - 1)
    j = i % period
    q = (i - j) // period
    mirrored = j >= n
    source = np.where(mirrored, period - j, j).astype(np.intp)
    sign = np.where(mirrored, -1, 1).astype(real)
    values = xp.take(x, xp.asarray(source), axis=-1) * xp.asarray(sign)
    climb = xp.asarray((2 * q).astype(real)) * (last - first)
    return values + climb + xp.asarray(np.where(mirrored, 2, 0).astype(real)) * last


def extend(xp, x, mode, cval, before, after):
    """x (..., n) extended along its last axis by `before` and `after` samples by `mode`'s
    rule ('constant' fills with cval), in x's dtype."""
    n = x.shape[-1]
    _check(mode, n)
    real = np.empty(0, dtype=x.dtype).real.dtype
    if mode == "constant":
        left = xp.full(x.shape[:-1] + (before,), cval, dtype=x.dtype)
        right = xp.full(x.shape[:-1] + (after,), cval, dtype=x.dtype)
    else:
        left = _side(xp, x, mode, np.arange(-before, 0), real)
        right = _side(xp, x, mode, np.arange(n, n + after), real)
    return xp.concatenate((left.astype(x.dtype, copy=False), x,
                           right.astype(x.dtype, copy=False)), axis=-1)
