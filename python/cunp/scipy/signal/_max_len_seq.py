"""max_len_seq: a maximum length sequence from a linear feedback shift register, written over
`xp` (the bits are formed on the device for the public function; the taps and state are a few
host numbers).

The register (SciPy's ring buffer: the head bit is output, then replaced by itself XOR the
tapped bits) makes the bits satisfy s[k + n] = XOR of s[k + d] over the offsets d in D: 0 and
every tap mod n, a pair of equal offsets cancelling. Over GF(2) the shift E obeys p(E) = 0 on
the sequence, p(x) = x^n + sum x^d, so E^m = (x^m mod p)(E): any bit m places ahead is the XOR
of the n bits at offsets given by x^m mod p. With K bits known, m = K gives the next K - n + 1
bits as a few XORs of shifted slices; K roughly doubles each round, so log2(length) rounds of
array operations replace the bit-serial loop. The output is s[:length] and the final state
(the register read from its head) s[length:length + n]."""
import numpy as np

from cunp.scipy.signal._namespace import to_host


# Feedback taps of a maximal-length register for each number of bits (after Xilinx XAPP052).
_TAPS = {2: [1], 3: [2], 4: [3], 5: [3], 6: [5], 7: [6], 8: [7, 6, 1], 9: [5], 10: [7],
         11: [9], 12: [11, 10, 4], 13: [12, 11, 8], 14: [13, 12, 2], 15: [14],
         16: [15, 13, 4], 17: [14], 18: [11], 19: [18, 17, 14], 20: [17], 21: [19],
         22: [21], 23: [18], 24: [23, 22, 17], 25: [22], 26: [25, 24, 20], 27: [26, 25, 22],
         28: [25], 29: [27], 30: [29, 28, 7], 31: [28], 32: [31, 30, 10]}


def max_len_seq(xp, nbits, state=None, length=None, taps=None):
    if taps is None:
        if nbits not in _TAPS:
            known = np.array(list(_TAPS))
            raise ValueError(f"nbits must be between {known.min()} and {known.max()} if taps "
                             "is None")
        taps = np.array(_TAPS[nbits], np.intp)
    else:
        # Taps given as a device array come to the host: they steer the host's work.
        taps = np.unique(np.array(to_host(xp, taps), np.intp))[::-1]
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
        state = np.array(to_host(xp, state), dtype=bool).astype(np.int8)
    if state.ndim != 1 or state.size != nbits:
        raise ValueError("state must be a 1-D array of size nbits")
    if np.all(state == 0):
        raise ValueError("state must not be all zeros")
    bits = _lfsr_bits(xp, nbits, [int(t) for t in taps], state, length + nbits)
    return bits[:length], bits[length:]


def _offsets_mask(nbits, taps):
    """D as a bit mask: bit d set where s[k + d] enters s[k + n] (an odd count of times)."""
    mask = 1
    for t in taps:
        mask ^= 1 << (t % nbits)
    return mask


def _x_power_mod(m, nbits, low):
    """x^m mod p(x) over GF(2) as a bit mask, p(x) = x^nbits + `low` (low's bits below
    nbits), by square-and-multiply on Python integers."""
    def mul_mod(a, b):
        product = 0
        while b:
            if b & 1:
                product ^= a
            a, b = a << 1, b >> 1
        # Reduce from the top: x^j (j >= nbits) is x^(j - nbits) low.
        for j in range(product.bit_length() - 1, nbits - 1, -1):
            if product >> j & 1:
                product ^= (1 << j) ^ (low << (j - nbits))
        return product

    result, base = 1, mul_mod(2, 1)  # x, reduced (x = low when nbits is 1)
    while m:
        if m & 1:
            result = mul_mod(result, base)
        base = mul_mod(base, base)
        m >>= 1
    return result


def _lfsr_bits(xp, nbits, taps, state, total):
    """The first `total` bits s[0:total] (int8 zeros and ones, total >= nbits) of the
    register's sequence from `state`: each round is a few XORs of earlier slices."""
    low = _offsets_mask(nbits, taps)
    out = xp.zeros(total, dtype=np.int8)
    out[:nbits] = xp.asarray(state)
    known = nbits
    while known < total:
        # s[t] = XOR_j bit_j(x^known mod p) s[t - known + j]: every source index is below
        # `known` for t < 2 known - nbits + 1, so the block never reads itself.
        count = min(known - nbits + 1, total - known)
        jump = _x_power_mod(known, nbits, low)
        block = None
        for j in range(nbits):
            if jump >> j & 1:
                part = out[j:j + count]
                block = part if block is None else xp.bitwise_xor(block, part)
        # No offsets (taps cancelling the head bit) leave the zeros already there.
        if block is not None:
            out[known:known + count] = block
        known += count
    return out


HOST_FUNCTIONS = []
FUNCTIONS = [max_len_seq]
