"""A NumPy model of _core.signal.iir_block_scan (src/device/signal/iir_scan.cuh), pass for pass:
the CPU tests run it on the tables cunp.scipy.signal._iir_scan builds, so CI checks the block
decomposition's algebra (end states from rest; the carry by matrix powers, in groups;
the blocks filtered again from their entering states) without a GPU."""
import numpy as np

from cunp.scipy.signal import _iir_scan


def block_scan(form, order, x, coef, zi, block, dtype, group=None):
    """What iir_block_scan returns for x (rows, n), n >= 1: (y (rows, n) of dtype, zf (rows, Q)
    in the working dtype). zi (rows, Q) or None; group: blocks per carry group (the kernel's
    choice when None)."""
    w = _iir_scan.work_dtype(dtype)
    coef = np.asarray(coef, w)
    step = _iir_scan.sos_step if form == "sos" else _iir_scan.direct_step
    steparg = coef.reshape(-1, 6) if form == "sos" else coef
    q = 2 * order if form == "sos" else order
    A, _ = _iir_scan.state_space(step, steparg, q, w)
    rows, n = x.shape
    blocks = -(-n // block)
    group = _iir_scan.choose_group(blocks) if group is None else group
    groups = -(-blocks // group)
    power, group_power = _iir_scan.tables(A, block, group)

    def run(b, z, out=None):
        for t in range(b * block, min(n, (b + 1) * block)):
            y, z = step(steparg, z, x[:, t].astype(w))
            if out is not None:
                out[:, t] = y if np.dtype(dtype).kind == "c" else y.real
        return z

    def carry(t, e, m):
        return t @ m.T + e

    # Pass 1: every block from rest (the kernel's thread per block), for its end state.
    ends = np.zeros((rows, blocks, q), w)
    for b in range(blocks):
        ends[:, b] = run(b, np.zeros((rows, q), w))
    # Pass 2a: every group of blocks from rest, through P.
    gends = np.zeros((rows, groups, q), w)
    for k in range(groups):
        t = np.zeros((rows, q), w)
        for b in range(k * group, min(blocks, (k + 1) * group)):
            t = carry(t, ends[:, b], power)
        gends[:, k] = t
    # Pass 2b: the state entering each group, through P^G.
    u = np.zeros((rows, q), w) if zi is None else np.asarray(zi, w)
    for k in range(groups):
        gends[:, k], g = u, gends[:, k].copy()
        u = carry(u, g, group_power)
    # Pass 2c: the state entering each block, in place of its end state.
    for k in range(groups):
        t = gends[:, k].copy()
        for b in range(k * group, min(blocks, (k + 1) * group)):
            ends[:, b], e = t, ends[:, b].copy()
            t = carry(t, e, power)
    # Pass 3: every block again from its entering state, into the output dtype; the last
    # block's final state is zf.
    y = np.empty((rows, n), dtype)
    for b in range(blocks):
        zf = run(b, ends[:, b].copy(), y)
    return y, zf
