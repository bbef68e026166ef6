"""oaconvolve: convolution by overlap-add, over an array namespace `xp`.

Along an axis where one input is much longer than the other, the longer one is cut into
blocks of `step` samples, each zero-padded to the transform length N = step + K (K the shorter
input's length less one). One batched transform per direction over all the blocks, each block
times the shorter input's spectrum (computed once, at length N, and broadcast over the
blocks), gives every block's full convolution of N samples: the first `step` are its own, the
last K overlap the next block's first K and are added to them. The pieces are array
operations on a (blocks, N) layout per axis, with no loop over blocks.

Which axes are blocked follows SciPy's plan: not where the inputs are equal, one is a single
sample, the shorter is at least half the longer, or one block would cover the longer input;
such an axis takes one transform of the full length, as fftconvolve does. The block length is
chosen for cuFFT rather than by SciPy's operation count: a power of two (cuFFT's fastest
radix; short transforms in a large batch take few passes over memory) at least _BLOCK_RATIO
times the overlap, so the discarded overlap costs at most 1 / (_BLOCK_RATIO - 1) extra work,
and at least _MIN_BLOCK points, so that short kernels still give long batched transforms. A
2^24 signal with a 4096-tap kernel takes 1366 transforms of 16384 points each way, against
one transform pair of 2^24 points (several passes over memory each, and the kernel's spectrum
at the full length)."""
import itertools

import numpy as np

from cunp.scipy.fft._helper import next_fast_len
from cunp.scipy.signal._convolve import (_fft_mode, _freq_axes, check_mode, fft_operands,
                                         fftconvolve, inputs_swap_needed)
from cunp.scipy.signal._namespace import float_dtype

# Transform length per block: a power of two >= _BLOCK_RATIO * overlap and >= _MIN_BLOCK.
_BLOCK_RATIO = 4
_MIN_BLOCK = 1024


def block_plan(n1, n2):
    """(N, step1, step2) along one axis: the transform length and the samples of each input
    per block (the shorter input is one whole block); None for a single full transform."""
    if n1 == n2 or n1 == 1 or n2 == 1:
        return None
    big, small = max(n1, n2), min(n1, n2)
    if small >= big / 2:
        return None
    overlap = small - 1
    length = max(_MIN_BLOCK, _BLOCK_RATIO * overlap)
    length = 1 << (length - 1).bit_length()
    if length >= big:
        return None
    step = length - overlap
    return (length, step, n2) if n1 > n2 else (length, n1, step)


def _blocks(xp, x, dtype, axes, lengths, steps, counts):
    """x cut along each of `axes` into counts[i] blocks of steps[i] samples, each zero-padded
    to lengths[i]: the axis becomes two, (blocks, length). The whole blocks are one strided
    copy (splitting an axis is a view), a last partial block one more, per axis."""
    shape = []
    for ax, n in enumerate(x.shape):
        shape += [counts[axes.index(ax)], lengths[axes.index(ax)]] if ax in axes else [n]
    out = xp.zeros(tuple(shape), dtype=dtype)
    pieces = []
    for ax, step in zip(axes, steps):
        whole, rest = divmod(x.shape[ax], step)
        options = []
        if whole:
            options.append((slice(0, whole * step), whole, step, slice(0, whole)))
        if rest:
            options.append((slice(whole * step, None), 1, rest, slice(whole, whole + 1)))
        pieces.append(options)
    for choice in itertools.product(*pieces):
        source = [slice(None)] * x.ndim
        split, target = [], []
        for ax in range(x.ndim):
            if ax in axes:
                part, nblocks, width, rows = choice[axes.index(ax)]
                source[ax] = part
                split += [nblocks, width]
                target += [rows, slice(0, width)]
            else:
                split.append(x.shape[ax])
                target.append(slice(None))
        out[tuple(target)] = x[tuple(source)].reshape(tuple(split))
    return out


def oaconvolve(xp, in1, in2, mode="full", axes=None):
    in1, in2, result = fft_operands(xp, in1, in2)
    if result is not None:
        return result
    if in1.shape == in2.shape:
        return fftconvolve(xp, in1, in2, mode, axes)
    check_mode(mode)
    axes = _freq_axes(in1, in2, axes)
    if inputs_swap_needed(mode, in1.shape, in2.shape, axes):
        in1, in2 = in2, in1
    s1, s2 = in1.shape, in2.shape
    if not axes:
        return _fft_mode(in1 * in2, mode, s1, s2, axes)
    plans = [block_plan(s1[a], s2[a]) for a in axes]
    split = [p is not None for p in plans]
    if not any(split):
        return fftconvolve(xp, in1, in2, mode, axes)
    dtype = float_dtype(in1.dtype, in2.dtype)
    real = dtype.kind != "c"
    full = [s1[a] + s2[a] - 1 for a in axes]
    # An axis without a plan is one block of the whole input at a fast full length.
    plans = [p if p is not None else (next_fast_len(f, real), s1[a], s2[a])
             for p, f, a in zip(plans, full, axes)]
    lengths = [p[0] for p in plans]
    # The split input has ceil(full / step) blocks (the last ones may be all padding), so the
    # blocks' own samples cover the full result; the other input is one block.
    counts1 = [-(-f // p[1]) if p[1] < s1[a] else 1 for p, f, a in zip(plans, full, axes)]
    counts2 = [-(-f // p[2]) if p[2] < s2[a] else 1 for p, f, a in zip(plans, full, axes)]
    b1 = _blocks(xp, in1, dtype, axes, lengths, [p[1] for p in plans], counts1)
    b2 = _blocks(xp, in2, dtype, axes, lengths, [p[2] for p in plans], counts2)
    # After the split, axis a is (blocks, length) at positions a + i and a + i + 1.
    block_axes = [a + i for i, a in enumerate(axes)]
    fft_axes = [b + 1 for b in block_axes]
    forward, inverse = (xp.fft.rfftn, xp.fft.irfftn) if real else (xp.fft.fftn, xp.fft.ifftn)
    spectrum1 = forward(b1, lengths, axes=fft_axes)
    del b1
    spectrum2 = forward(b2, lengths, axes=fft_axes)
    # The product in place in the spectrum that has the broadcast shape (the split one).
    shape = np.broadcast_shapes(spectrum1.shape, spectrum2.shape)
    if spectrum1.shape == shape:
        spectrum1 *= spectrum2
    elif spectrum2.shape == shape:
        spectrum2 *= spectrum1
        spectrum1 = spectrum2
    else:
        spectrum1 = spectrum1 * spectrum2
    del spectrum2
    out = inverse(spectrum1, lengths, axes=fft_axes)
    del spectrum1
    keep = [slice(None)] * out.ndim
    merged = []
    for ax in range(in1.ndim):
        if ax not in axes:
            merged.append(out.shape[ax + sum(a < ax for a in axes)])
            continue
        i = axes.index(ax)
        length = lengths[i]
        block_ax, fft_ax = block_axes[i], fft_axes[i]
        nblocks = out.shape[block_ax]
        step = full[i]
        if split[i]:
            # Each block's last `overlap` samples belong to the next block's first.
            overlap = min(s1[ax], s2[ax]) - 1
            step = length - overlap
            head = [slice(None)] * out.ndim
            tail = [slice(None)] * out.ndim
            head[block_ax], head[fft_ax] = slice(1, None), slice(0, overlap)
            tail[block_ax], tail[fft_ax] = slice(0, -1), slice(step, length)
            out[tuple(head)] += out[tuple(tail)]
        keep[fft_ax] = slice(0, step)
        merged.append(nblocks * step)
    out = out[tuple(keep)].reshape(tuple(merged))
    index = [slice(None)] * out.ndim
    for a, f in zip(axes, full):
        index[a] = slice(0, f)
    out = out[tuple(index)].astype(dtype, copy=False)
    return _fft_mode(out, mode, s1, s2, axes)
