"""Range searches over one 1-D signal for many queries at once, in NumPy: the walks that
peak_prominences and peak_widths take outward from every peak, without a loop per peak.

SciPy walks from each peak sample by sample, which costs the walk's length per peak (and one
NumPy call per peak here would cost far more). Instead the signal is cut into blocks of _BLOCK
samples and a sparse table over the blocks holds, at level k and block b, the maximum (or the
position of the minimum) over blocks b - 2^k + 1 .. b. A query scans its own block as one row
of a (queries, _BLOCK) gather, skips whole blocks by descending the table's levels (binary
lifting) and scans the block it lands in: O(log n) vector steps for all queries together, and
about n / _BLOCK * log(n / _BLOCK) table entries. Searches run leftwards; a rightward search is
a leftward one over the reversed signal (RangeSearch.reversed)."""
import numpy as np

_BLOCK = 32
_CHUNK = 1 << 16  # queries per (chunk, _BLOCK) gather, bounding the scratch memory
_NEAR = 8  # samples every query tries one at a time before the block search


def _levels(first, combine):
    """Sparse-table levels from level 0: level k at b combines blocks max(0, b-2^k+1)..b."""
    levels = [first]
    while (1 << (len(levels) - 1)) < first.size:
        half = 1 << (len(levels) - 1)
        prev = levels[-1]
        nxt = prev.copy()
        nxt[half:] = combine(prev[half:], prev[:-half])
        levels.append(nxt)
    return levels


class RangeSearch:
    """Leftward searches over y (float64, no NaN: callers map NaN to what stops their walk)."""

    def __init__(self, y):
        y = np.asarray(y, dtype=np.float64)
        self.n = y.size
        self.nb = max(1, -(-self.n // _BLOCK))
        # One buffer of whole blocks; the tail past n is padding whose value each user sets
        # (the scans mask it out, so they take it as it is).
        self._buf = np.empty(self.nb * _BLOCK)
        self._buf[:self.n] = y
        self.y = self._buf[:self.n]
        self._max = None
        self._min = None
        self._block_minima = None

    def reversed(self):
        return RangeSearch(self.y[::-1])

    def _rows(self, fill=None):
        """The signal as (blocks, _BLOCK) rows, padded with `fill` (None: as it was)."""
        if fill is not None:
            self._buf[self.n:] = fill
        return self._buf.reshape(self.nb, _BLOCK)

    def _max_levels(self):
        if self._max is None:
            rows = self._rows(-np.inf)
            # Halving the rows pairwise reduces over whole columns (a row-wise max over 32
            # values per row is several times slower in NumPy).
            while rows.shape[1] > 1:
                half = rows.shape[1] // 2
                rows = np.maximum(rows[:, :half], rows[:, half:])
            self._max = _levels(rows[:, 0], np.maximum)
        return self._max

    def _min_levels(self):
        """Which block holds the minimum (the later block among equal minima), combined the
        same way; each level carries its minima's values so that combining reads no scattered
        values. The position inside the winning block comes from one scan of that block."""
        if self._min is None:
            rows = self._rows(np.inf)
            while rows.shape[1] > 1:
                half = rows.shape[1] // 2
                rows = np.minimum(rows[:, :half], rows[:, half:])
            value = self._block_minima = rows[:, 0]
            levels = [np.arange(self.nb)]
            while (1 << (len(levels) - 1)) < self.nb:
                half = 1 << (len(levels) - 1)
                prev = levels[-1]
                nxt, nval = prev.copy(), value.copy()
                right = value[half:] <= value[:-half]
                nxt[half:] = np.where(right, prev[half:], prev[:-half])
                nval[half:] = np.where(right, value[half:], value[:-half])
                levels.append(nxt)
                value = nval
            self._min = np.stack(levels)
        return self._min

    def _window(self, blocks, lo, hi):
        """Rows of the blocks (chunks of queries at a time): (values, in-range mask, offset)."""
        rows = self._rows()
        offsets = np.arange(_BLOCK)
        for start in range(0, blocks.size, _CHUNK):
            part = slice(start, start + _CHUNK)
            first = blocks[part] * _BLOCK
            inside = ((offsets >= (lo[part] - first)[:, None])
                      & (offsets <= (hi[part] - first)[:, None]))
            yield part, rows[blocks[part]], inside, first

    def _scan(self, blocks, lo, hi, keep):
        """For each query, the last position in [lo, hi] of its block whose value passes
        `keep(values, query slice)`, or -1."""
        out = np.full(blocks.size, -1, dtype=np.intp)
        for part, values, inside, first in self._window(blocks, lo, hi):
            mask = inside & keep(values, part)
            last = _BLOCK - 1 - np.argmax(mask[:, ::-1], axis=1)
            out[part] = np.where(mask.any(axis=1), first + last, -1)
        return out

    def last_above(self, lo, hi, v, strict=True):
        """The largest j in [lo, hi] with y[j] > v (strict) or y[j] >= v; lo - 1 if none."""
        lo, hi = np.asarray(lo, np.intp), np.asarray(hi, np.intp)
        v = np.asarray(v, np.float64)
        cmp = np.greater if strict else np.greater_equal
        result = lo - 1
        todo = np.flatnonzero(lo <= hi)
        # Most walks end within a few samples: those steps go sample by sample for all the
        # queries still walking, and only the rest go through the blocks.
        for d in range(_NEAR):
            if todo.size == 0:
                return result
            j = hi[todo] - d
            inside = j >= lo[todo]
            hit = inside & cmp(self.y[np.maximum(j, 0)], v[todo])
            result[todo[hit]] = j[hit]
            todo = todo[inside & ~hit]
        if todo.size == 0:
            return result
        vt = v[todo]
        found = self._scan(hi[todo] // _BLOCK, lo[todo], hi[todo],
                           lambda values, part: cmp(values, vt[part, None]))
        result[todo[found >= 0]] = found[found >= 0]
        todo, vt = todo[found < 0], vt[found < 0]
        # Skip whole blocks before hi's block whose maximum does not pass, widest first.
        cur = hi[todo] // _BLOCK - 1
        levels = self._max_levels()
        for k in range(len(levels) - 1, -1, -1):
            live = cur >= 0
            skip = np.zeros(cur.size, dtype=bool)
            skip[live] = ~cmp(levels[k][cur[live]], vt[live])
            cur = np.where(skip, np.maximum(cur - (1 << k), -1), cur)
        # Block cur (if any) holds a passing sample; the last one not below lo is the answer.
        live = cur >= lo[todo] // _BLOCK
        todo, cur, vt = todo[live], cur[live], vt[live]
        if todo.size:
            found = self._scan(cur, lo[todo], hi[todo],
                               lambda values, part: cmp(values, vt[part, None]))
            result[todo[found >= 0]] = found[found >= 0]
        return result

    def argmin_last(self, lo, hi):
        """For lo <= hi, the position of the smallest y in [lo, hi], the last among equals."""
        lo, hi = np.asarray(lo, np.intp), np.asarray(hi, np.intp)
        y = self.y

        def better(a, b):
            """a or b, whichever holds the smaller value; on ties the later position."""
            ya, yb = y[a], y[b]
            return np.where(ya < yb, a, np.where(yb < ya, b, np.maximum(a, b)))

        def scan_min(blocks, lo_, hi_):
            out = np.empty(blocks.size, dtype=np.intp)
            for part, values, inside, first in self._window(blocks, lo_, hi_):
                values = np.where(inside, values, np.inf)
                low = values.min(axis=1, keepdims=True)
                mask = inside & (values == low)
                out[part] = first + _BLOCK - 1 - np.argmax(mask[:, ::-1], axis=1)
            return out

        # Short ranges sample by sample from hi down (a later position keeps a tie); the rest
        # by the blocks.
        best = hi.copy()
        for d in range(1, _NEAR):
            j = hi - d
            inside = j >= lo
            j = np.maximum(j, 0)
            take = inside & (y[j] < y[best])
            best[take] = j[take]
        long_ = np.flatnonzero(hi - lo >= _NEAR)
        if long_.size:
            best[long_] = self._argmin_blocks(lo[long_], hi[long_], better, scan_min)
        return best

    def _argmin_blocks(self, lo, hi, better, scan_min):
        lb, hb = lo // _BLOCK, hi // _BLOCK
        best = scan_min(hb, lo, hi)  # hi's block, from lo when lo is in it too
        split = np.flatnonzero(lb < hb)
        if split.size:
            left = scan_min(lb[split], lo[split], hi[split])
            best[split] = better(best[split], left)
            middle = split[hb[split] - lb[split] >= 2]
            if middle.size:
                first, last = lb[middle] + 1, hb[middle] - 1
                k = np.floor(np.log2(last - first + 1)).astype(np.intp)
                table = self._min_levels()
                a = table[k, last]
                b = table[k, first + (1 << k) - 1]
                # The later of two blocks holding equal minima wins, as a later position does.
                ya, yb = self._block_minima[a], self._block_minima[b]
                blocks = np.where(ya < yb, a, np.where(yb < ya, b, np.maximum(a, b)))
                whole = scan_min(blocks, blocks * _BLOCK, blocks * _BLOCK + _BLOCK - 1)
                best[middle] = better(best[middle], whole)
        return best
