"""A NumPy model of _core.signal.iir_block_scan (src/device/signal/iir_scan.cuh), pass for pass:
the CPU tests run it on the tables cunp.scipy.signal._iir_scan builds, so CI checks the block
decomposition's algebra (end states from rest, the carry by matrix powers, the blocks
filtered again from their entering states) without a GPU."""
import numpy as np

from cunp.scipy.signal import _iir_scan


def block_scan(form, order, x, coef, zi, block, dtype):
    """What iir_block_scan returns for x (rows, n): (y (rows, n) of dtype, zf (rows, Q) in the
    working dtype). zi (rows, Q) or None."""
    w = _iir_scan.work_dtype(dtype)
    coef = np.asarray(coef, w)
    step = _iir_scan.sos_step if form == "sos" else _iir_scan.direct_step
    steparg = coef.reshape(-1, 6) if form == "sos" else coef
    q = 2 * order if form == "sos" else order
    A, _ = _iir_scan.state_space(step, steparg, q, w)
    rows, n = x.shape
    power, last = _iir_scan.tables(A, block, n)
    blocks = -(-n // block)

    def run(b, z, out=None):
        for t in range(b * block, min(n, (b + 1) * block)):
            y, z = step(steparg, z, x[:, t].astype(w))
            if out is not None:
                out[:, t] = y if np.dtype(dtype).kind == "c" else y.real
        return z

    # Pass 1: every block from rest (the kernel's thread per block), for its end state.
    ends = np.zeros((rows, blocks, q), w)
    for b in range(blocks):
        ends[:, b] = run(b, np.zeros((rows, q), w))
    # Pass 2: the state entering each block, then zf.
    s = np.zeros((rows, q), w) if zi is None else np.asarray(zi, w)
    carried = np.empty_like(ends)
    for b in range(blocks):
        m = last if b + 1 == blocks else power
        carried[:, b] = s
        s = s @ m.T + ends[:, b]
    # Pass 3: every block again from its entering state, into the output dtype.
    y = np.empty((rows, n), dtype)
    for b in range(blocks):
        run(b, carried[:, b].copy(), y)
    return y, s
