"""A NumPy model of _core.signal's peak kernels (src/device/signal/peak_*.cuh), step for step:
the local-maxima flags and plateau edges, the max/min tree (fan-out 32, NaN propagating), its
nearest-hit search (climb while whole nodes pass, go down the first that hits) and the bases and
widths built on it. The CPU tests run cunp.scipy.signal._peaks on NumPy with this model as its
engine, so CI checks the tree search's index arithmetic and SciPy's semantics without a GPU."""
import types

import numpy as np

SHIFT = 5
FAN = 1 << SHIFT


def _max(a, b):
    return a if (a != a or a > b) else b


def _min(a, b):
    return a if (a != a or a < b) else b


def layout(n):
    """(sizes, offsets) of levels 0.. (level 0: the samples), as peak_tree_layout."""
    sizes, offsets = [n], [0]
    m, off = n, 0
    while True:
        m = (m + FAN - 1) >> SHIFT
        sizes.append(m)
        offsets.append(off)
        off += m
        if m <= 1:
            return sizes, offsets


def peak_left_edges(x):
    x = np.asarray(x)
    n = x.shape[0]
    flag = np.zeros(n, dtype=bool)
    for i in range(1, n - 1):
        if x[i - 1] < x[i]:
            a = _plateau_end(x, i)
            flag[i] = x[a] < x[i]
    return flag


def _plateau_end(x, i):
    n = x.shape[0]
    a = i + 1
    while a < n - 1 and x[a] == x[i]:
        a += 1
    return a


def peak_edges(x, first):
    first = np.asarray(first, dtype=np.int64)
    right = np.array([_plateau_end(x, int(l)) - 1 for l in first], dtype=np.int64)
    return (first + right) // 2, first.copy(), right


def peak_tree(x):
    x = np.asarray(x)
    sizes, offsets = layout(x.shape[0])
    mx = np.empty(sum(sizes[1:]))
    mn = np.empty_like(mx)
    for level in range(1, len(sizes)):
        for i in range(sizes[level]):
            first, end = i << SHIFT, min((i << SHIFT) + FAN, sizes[level - 1])
            if level == 1:
                hi = lo = float(x[first])
                for j in range(first + 1, end):
                    hi, lo = _max(hi, float(x[j])), _min(lo, float(x[j]))
            else:
                base = offsets[level - 1]
                hi, lo = mx[base + first], mn[base + first]
                for j in range(first + 1, end):
                    hi, lo = _max(hi, mx[base + j]), _min(lo, mn[base + j])
            mx[offsets[level] + i], mn[offsets[level] + i] = hi, lo
    return mx, mn


def search(x, tree, fold, shape, start, lo, hi, hit, left, passed=None):
    """peak_tree_search: (position, passed) -- passed folds the samples walked over when not
    None."""
    sizes, offsets = shape
    levels = len(sizes) - 1

    def span(level):
        return 1 << (SHIFT * level)

    if (start < lo) if left else (start > hi):
        return (lo - 1 if left else hi + 1), passed
    j, level, down = start, 0, False
    while True:
        if not down:
            while level < levels:
                parent = j >> SHIFT
                edge = (j & (FAN - 1)) == (FAN - 1 if left else 0)
                inside = (parent * span(level + 1) >= lo if left
                          else (parent + 1) * span(level + 1) - 1 <= hi)
                if not edge or not inside:
                    break
                j, level = parent, level + 1
            while level > 0 and (j * span(level) < lo if left
                                 else (j + 1) * span(level) - 1 > hi):
                j, level = (j * FAN + FAN - 1 if left else j * FAN), level - 1
            if level == 0 and ((j < lo) if left else (j > hi)):
                return (lo - 1 if left else hi + 1), passed
        assert 0 <= j < sizes[level]
        v = float(x[j]) if level == 0 else tree[offsets[level] + j]
        if hit(v):
            if level == 0:
                return j, passed
            j, level, down = (j * FAN + FAN - 1 if left else j * FAN), level - 1, True
        else:
            if passed is not None:
                passed = _min(passed, v if level == 0 else fold[offsets[level] + j])
            j += -1 if left else 1


def peak_bases(x, mx, mn, peaks, half_window):
    x = np.asarray(x)
    n = x.shape[0]
    shape = layout(n)
    count = len(peaks)
    left, right = np.empty(count, np.int64), np.empty(count, np.int64)
    prominence = np.empty(count)
    for k, p in enumerate(np.asarray(peaks, dtype=np.int64).tolist()):
        v = float(x[p])
        if v != v:
            left[k] = right[k] = p
            prominence[k] = v
            continue
        low, high = 0, n - 1
        if half_window >= 0:
            low, high = max(p - half_window, 0), min(p + half_window, n - 1)

        def above(y):
            return not (y <= v)

        stop_left, low_left = search(x, mx, mn, shape, p, low, high, above, True, v)
        stop_right, low_right = search(x, mx, mn, shape, p, low, high, above, False, v)
        left[k] = search(x, mn, mn, shape, p, stop_left + 1, p,
                         lambda y: not (y > low_left), True)[0]
        right[k] = search(x, mn, mn, shape, p, p, stop_right - 1,
                          lambda y: not (y > low_right), False)[0]
        prominence[k] = v - (low_left if low_left > low_right else low_right)
    return left, right, prominence


def peak_width_walk(x, mn, peaks, prominences, left_bases, right_bases, rel_height):
    x = np.asarray(x)
    n = x.shape[0]
    shape = layout(n)
    count = len(peaks)
    out = [np.empty(count) for _ in range(4)]
    for k in range(count):
        p, i_min, i_max = int(peaks[k]), int(left_bases[k]), int(right_bases[k])
        h = float(x[p]) - float(prominences[k]) * rel_height

        def below(y):
            return not (h < y)

        i = search(x, mn, mn, shape, p, i_min + 1, p, below, True)[0]
        j = search(x, mn, mn, shape, p, p, i_max - 1, below, False)[0]
        left_ip, right_ip = float(i), float(j)
        xi, xj = float(x[i]), float(x[j])
        with np.errstate(divide="ignore", invalid="ignore"):
            if xi < h:
                left_ip += float(np.float64(h - xi) / np.float64(float(x[min(i + 1, n - 1)]) - xi))
            if xj < h:
                right_ip -= float(np.float64(h - xj) / np.float64(float(x[max(j - 1, 0)]) - xj))
        out[0][k], out[1][k], out[2][k], out[3][k] = right_ip - left_ip, h, left_ip, right_ip
    return tuple(out)


ENGINE = types.SimpleNamespace(peak_left_edges=peak_left_edges, peak_edges=peak_edges,
                               peak_tree=peak_tree, peak_bases=peak_bases,
                               peak_width_walk=peak_width_walk)


def on_numpy(monkeypatch):
    """cunp.scipy.signal._peaks' functions on NumPy arrays with this model as the engine."""
    from cunp.scipy.signal import _peaks

    monkeypatch.setattr(_peaks, "engine", lambda xp: ENGINE)
    return types.SimpleNamespace(
        find_peaks=lambda *a, **k: _peaks.find_peaks(np, *a, **k),
        peak_prominences=lambda *a, **k: _peaks.peak_prominences(np, *a, **k),
        peak_widths=lambda *a, **k: _peaks.peak_widths(np, *a, **k),
        PeakPropertyWarning=_peaks.PeakPropertyWarning)

