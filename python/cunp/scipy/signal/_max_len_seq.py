"""max_len_seq: a maximum length sequence from a linear feedback shift register, on the host
(a bit-serial recurrence; the sequence comes back as a cunp array)."""
import numpy as np

# Feedback taps of a maximal-length register for each number of bits (after Xilinx XAPP052).
_TAPS = {2: [1], 3: [2], 4: [3], 5: [3], 6: [5], 7: [6], 8: [7, 6, 1], 9: [5], 10: [7],
         11: [9], 12: [11, 10, 4], 13: [12, 11, 8], 14: [13, 12, 2], 15: [14],
         16: [15, 13, 4], 17: [14], 18: [11], 19: [18, 17, 14], 20: [17], 21: [19],
         22: [21], 23: [18], 24: [23, 22, 17], 25: [22], 26: [25, 24, 20], 27: [26, 25, 22],
         28: [25], 29: [27], 30: [29, 28, 7], 31: [28], 32: [31, 30, 10]}


def max_len_seq(nbits, state=None, length=None, taps=None):
    if taps is None:
        if nbits not in _TAPS:
            known = np.array(list(_TAPS))
            raise ValueError(f"nbits must be between {known.min()} and {known.max()} if taps "
                             "is None")
        taps = np.array(_TAPS[nbits], np.intp)
    else:
        taps = np.unique(np.array(taps, np.intp))[::-1]
        if np.any(taps < 0) or np.any(taps > nbits) or taps.size < 1:
            raise ValueError("taps must be non-empty with values between zero and nbits "
                             "(inclusive)")
    if length is None:
        length = 2 ** nbits - 1
    else:
        length = int(length)
        if length < 0:
            raise ValueError("length must be greater than or equal to 0")
    if state is None:
        state = np.ones(nbits, dtype=np.int8)
    else:
        state = np.array(state, dtype=bool).astype(np.int8)
    if state.ndim != 1 or state.size != nbits:
        raise ValueError("state must be a 1-D array of size nbits")
    if np.all(state == 0):
        raise ValueError("state must not be all zeros")
    seq = np.empty(length, dtype=np.int8)
    # The register as a ring buffer: idx is its head.
    taps = [int(t) for t in taps]
    bits = [int(b) for b in state]
    idx = 0
    for i in range(length):
        feedback = bits[idx]
        seq[i] = feedback
        for t in taps:
            feedback ^= bits[(t + idx) % nbits]
        bits[idx] = feedback
        idx = (idx + 1) % nbits
    return seq, np.roll(np.array(bits, dtype=np.int8), -idx)


HOST_FUNCTIONS = [max_len_seq]
