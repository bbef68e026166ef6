"""The device scan behind lfilter and sosfilt (_core.signal.iir_block_scan, device code in
src/device/signal/iir_scan.cuh), and the host side of it: the filter's state-space matrices and
the tables the kernel reads.

A filter with state s (lfilter: the Q delays of transposed direct form II; sosfilt: the two
delays of every section) has, with no input, s[n] = A s[n-1]. The signal is cut into blocks of
L samples; each block is filtered from rest on its own (in parallel) for its end state e, the
state entering block b is s_b = A^L s_{b-1} + e_{b-1}, and each block is filtered again from
s_b. The carry over blocks is a linear recurrence of its own and runs the same way over groups of G
blocks (P = A^L across a block, P^G across a group), so no thread walks more than L samples or
about G + blocks / G states. A comes from running one step of the filter on the unit states, so
the tables cannot disagree with the recurrence the kernel runs; its powers are taken in float64
(complex128 for complex filters). For lfilter's direct form the block is lengthened until A^L no
longer expands (carry_block): a companion matrix's powers can grow by 1e9 before they decay, and
a carry through them cancels that many digits; a filter with no such block up to MAX_BLOCK runs
SciPy's loop instead (lfilter_serial)."""
import math
from collections import OrderedDict

import numpy as np

# State sizes up to this run as one kernel; a longer cascade runs as groups of sections, and a
# longer lfilter runs as its numerator (a convolution) then 1/A by this scan when len(a) - 1 is
# at most this, else by the serial loop (lfilter_serial): see _filtering.lfilter.
MAX_STATES = 32
# Device tables kept per filter, block and group (the same filter over the same
# shape, as in a loop or a benchmark, uploads nothing).
_CACHE_SIZE = 32
_cache = OrderedDict()


def usable(xp, states):
    """Whether the device scan runs this filter: cunp arrays and 1 <= states <= MAX_STATES."""
    return getattr(xp, "__name__", "") == "cunp" and 1 <= states <= MAX_STATES


def work_dtype(dtype):
    return np.dtype(np.complex128 if np.dtype(dtype).kind == "c" else np.float64)


def direct_step(coef, z, x):
    """One sample of lfilter in transposed direct form II: coef = b[0..q] then a[0..q]
    (a[0] = 1), z (..., q) the delays. Returns (y, next z)."""
    q = z.shape[-1]
    b, a = coef[:q + 1], coef[q + 1:]
    y = b[0] * x + z[..., 0]
    nz = np.empty_like(z)
    nz[..., :q - 1] = b[1:q] * x[..., None] + z[..., 1:] - a[1:q] * y[..., None]
    nz[..., q - 1] = b[q] * x - a[q] * y
    return y, nz


def sos_step(sos, z, x):
    """One sample of a cascade of second-order sections (each a[0] = 1), z (..., 2 S) with
    section k's delays at 2k, 2k+1."""
    nz = np.empty_like(z)
    for k, (b0, b1, b2, _, a1, a2) in enumerate(sos):
        y = b0 * x + z[..., 2 * k]
        nz[..., 2 * k] = b1 * x + z[..., 2 * k + 1] - a1 * y
        nz[..., 2 * k + 1] = b2 * x - a2 * y
        x = y
    return x, nz


def state_space(step, coef, states, dtype):
    """(A, C) of the filter `step` runs: column j of A and C[j] are the next state and the
    output from the unit state e_j with no input."""
    eye = np.eye(states, dtype=dtype)
    y, nz = step(coef, eye, np.zeros(states, dtype))
    return nz.T.copy(), y


# About this many threads in the block passes fill a large GPU several times over.
_THREADS = 1 << 17


def choose_block(rows, n):
    """The block length: a power of two in [64, 4096], short enough that rows x blocks gives
    about _THREADS threads, and no longer than the signal needs."""
    block = 64
    while block < 4096 and block < n and rows * -(-n // block) > _THREADS:
        block *= 2
    return block


# The longest block the direct form's carry may use; past it, the serial loop.
MAX_BLOCK = 4096
_blocks = OrderedDict()


def carry_block(A, block, n):
    """The block length for the direct form: the first power of two from `block` up to
    MAX_BLOCK whose A^L has no entry above 1 in magnitude, or one block covering all n samples
    (no carry); None when there is none. A companion matrix's powers can grow by many orders of
    magnitude before they decay (butter(8, 0.02): 2e9 at L = 64); the carry then adds terms that
    cancel to that many digits, and the scan loses them (1e+133 off at L = 64 there, SciPy's own
    2e-6 at L = 2048). From the first L with |A^L| <= 1 on, the carry no longer expands, and the
    result matches SciPy's to its own rounding. (A cascade's fused state matrix has large
    entries too, but only where its small states feed on: its carry stays accurate.)"""
    power = np.eye(A.shape[0], dtype=A.dtype)
    done = 0
    while block <= MAX_BLOCK:
        if block >= n:
            return block
        while done < block:
            power = A @ power
            done += 1
        if np.abs(power).max() <= 1.0:
            return block
        block *= 2
    return None


def _carry_block_cached(A, coef, block, n):
    # The answer depends on n only through "one block covers it": key on that.
    key = (coef.dtype.str, coef.tobytes(), block, min(n, MAX_BLOCK + 1))
    if key not in _blocks:
        _blocks[key] = carry_block(A, block, n)
        if len(_blocks) > _CACHE_SIZE:
            _blocks.popitem(last=False)
    return _blocks[key]


def choose_group(blocks):
    """Blocks per group of the carry: about sqrt(blocks), a power of two (the carry's serial
    chains are one group long, and one walk over the groups)."""
    group = 1
    while group * group < blocks:
        group *= 2
    return group


def tables(A, block, group):
    """(P, P^group) with P = A^block, each built one factor at a time, as the recurrence itself
    evolves a state: by repeated squaring, a high-order companion matrix's intermediate powers
    have large entries whose cancellation loses digits (1e-3 absolute on entries of 400 for 9
    clustered poles, against 1e-8 one step at a time)."""
    power = np.eye(A.shape[0], dtype=A.dtype)
    for _ in range(block):
        power = A @ power
    group_power = np.eye(A.shape[0], dtype=A.dtype)
    for _ in range(group):
        group_power = power @ group_power
    return power, group_power


def _device_tables(xp, form, coef, A, block, group):
    key = (id(xp), form, coef.dtype.str, coef.tobytes(), block, group)
    hit = _cache.get(key)
    if hit is None:
        hit = (xp.asarray(coef),) + tuple(xp.asarray(t) for t in tables(A, block, group))
        _cache[key] = hit
        if len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return hit


def entry():
    """The kernel's entry point (the CPU tests put a NumPy model in its place)."""
    from cunp import _core
    return _core.signal.iir_block_scan


def serial_entry():
    """The serial loop's entry point (the CPU tests put serial_loop in its place)."""
    from cunp import _core
    return _core.signal.iir_serial_scan


def serial_loop(x, coef, z, out_dtype):
    """SciPy's loop over x (..., n) along the last axis, in NumPy: coef = b[0..q] then a[0..q]
    in the working dtype, z (rows * q) the initial state, replaced by the final one (as the
    kernel does). Returns y in out_dtype. The host path of high orders and the kernel's model."""
    q = coef.size // 2 - 1
    n = x.shape[-1]
    rows = math.prod(x.shape[:-1])
    state = z.reshape(rows, q)
    xs = np.reshape(x, (rows, n)).astype(coef.dtype)
    y = np.empty((rows, n), out_dtype)
    for t in range(n):
        out, state[...] = direct_step(coef, state, xs[:, t])
        y[:, t] = out if np.dtype(out_dtype).kind == "c" else out.real
    return y.reshape(x.shape)


def _direct_coef(b, a, dtype):
    """b[0..q] then a[0..q], zero-padded to one length q + 1, in `dtype`."""
    q = max(len(a), len(b)) - 1
    coef = np.zeros(2 * (q + 1), dtype)
    coef[:len(b)] = b
    coef[q + 1:q + 1 + len(a)] = a
    return coef


def lfilter_serial(xp, b, a, x, zi, dtype):
    """lfilter along the last axis by the serial loop, any order: on cunp arrays the kernel
    (a thread per signal), on NumPy arrays serial_loop. b, a normalised; zi (..., q) or None."""
    return _serial(xp, _direct_coef(b, a, work_dtype(dtype)), x, zi, dtype)


def _serial(xp, coef, x, zi, dtype):
    q = coef.size // 2 - 1
    lead = tuple(x.shape[:-1])
    w = coef.dtype
    if zi is None:
        z = xp.zeros(math.prod(lead) * q, w)
    else:
        z = xp.ascontiguousarray(zi.astype(w)).reshape(-1).copy()
    if x.shape[-1] == 0:
        y = xp.empty(x.shape, dtype)
    elif getattr(xp, "__name__", "") == "cunp":
        y = serial_entry()(x, xp.asarray(coef), z, np.dtype(dtype).name)
    else:
        y = serial_loop(x, coef, z, dtype)
    return y, z.reshape(lead + (q,)).astype(dtype)


def _run(xp, form, order, coef, step, x, zi, dtype):
    """The scan over x (..., n) along the last axis; zi (..., Q) or None. Returns (y (..., n) of
    dtype, zf (..., Q) of dtype)."""
    w = work_dtype(dtype)
    coef = np.ascontiguousarray(coef, dtype=w)
    states = 2 * order if form == "sos" else order
    A, _ = state_space(step, coef.reshape(-1, 6) if form == "sos" else coef, states, w)
    n = x.shape[-1]
    lead = tuple(x.shape[:-1])
    if n == 0:
        # No samples: nothing to filter, and the state passes through.
        zf = xp.zeros(lead + (states,), dtype) if zi is None else zi.astype(dtype)
        return xp.empty(x.shape, dtype), zf
    block = choose_block(math.prod(lead), n)
    if form == "direct":
        block = _carry_block_cached(A, coef, block, n)
        if block is None:
            # No block length keeps the carry from expanding: SciPy's loop instead.
            return _serial(xp, coef, x, zi, dtype)
    group = choose_group(-(-n // block))
    dcoef, power, group_power = _device_tables(xp, form, coef, A, block, group)
    zi_flat = None
    if zi is not None:
        zi_flat = xp.ascontiguousarray(zi.astype(w)).reshape(-1)
    y, zf = entry()(form, order, x, dcoef, power, group_power, zi_flat, block, group,
                    np.dtype(dtype).name)
    return y, zf.reshape(lead + (states,)).astype(dtype)


def lfilter(xp, b, a, x, zi, dtype):
    """lfilter along the last axis of x with b, a normalised (a[0] = 1); zi (..., q) or None."""
    q = max(len(a), len(b)) - 1
    return _run(xp, "direct", q, _direct_coef(b, a, np.result_type(b, a)), direct_step, x, zi,
                dtype)


def sosfilt(xp, sos, x, zi, dtype):
    """A cascade (S, 6), each a[0] = 1, along the last axis of x; zi (..., S, 2) or None.
    Groups of MAX_STATES // 2 sections run fused, one kernel each."""
    group = MAX_STATES // 2
    finals = []
    for start in range(0, sos.shape[0], group):
        part = sos[start:start + group]
        part_zi = None if zi is None else zi[..., start:start + group, :].reshape(
            tuple(zi.shape[:-2]) + (2 * part.shape[0],))
        x, zf = _run(xp, "sos", part.shape[0], part.reshape(-1), sos_step, x, part_zi, dtype)
        finals.append(zf.reshape(tuple(zf.shape[:-1]) + (part.shape[0], 2)))
    return x, (xp.concatenate(finals, axis=-2) if len(finals) > 1 else finals[0])
