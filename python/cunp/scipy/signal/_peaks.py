"""find_peaks, peak_prominences and peak_widths on the device.

The signal never leaves the device. The local maxima are a flag kernel over the samples and a
compaction (a rising sample walks its plateau, so plateaus cost their length once); the
prominence and width walks are a thread per peak searching a max/min tree of the signal (fan-out
32, a few levels), O(log n) a peak however far the walk goes (src/device/signal/peak_*.cuh).
Only the distance rule, a sequential choice over the peaks by height, runs on the host, over the
peaks alone. Written over an array namespace `xp` (cunp); the CPU tests run it on NumPy with a
model of the kernels in `engine`'s place."""
import math
import warnings

import numpy as np


class PeakPropertyWarning(RuntimeWarning):
    """Calculated property of a peak has unexpected value."""


def engine(xp):
    """The peak kernels for `xp`: _core.signal's peak_left_edges, peak_edges, peak_tree,
    peak_bases and peak_width_walk. The CPU tests put a NumPy model in its place."""
    from cunp import _core
    return _core.signal


def _as_x(xp, value):
    """SciPy's float64 1-D signal; float32 stays float32 (the kernels compare and subtract in
    double, where every float32 is exact, so the answers are SciPy's on the float64 copy)."""
    x = xp.asarray(value)
    if x.ndim != 1:
        raise ValueError("`x` must be a 1-D array")
    if x.dtype not in (np.float32, np.float64):
        x = x.astype(np.float64)
    return x


def _as_peaks(xp, value):
    value = xp.asarray(value)
    if value.size == 0:
        return xp.empty(0, dtype=np.intp)
    if not np.can_cast(value.dtype, np.intp, casting="safe"):
        raise TypeError("cannot safely cast `peaks` to dtype('intp')")
    if value.ndim != 1:
        raise ValueError("`peaks` must be a 1-D array")
    return xp.ascontiguousarray(value.astype(np.intp, copy=False))


def _as_wlen(value):
    if value is None:
        return -1
    if 1 < value:
        if isinstance(value, float):
            value = math.ceil(value)
        return int(value)
    raise ValueError(f"`wlen` must be larger than 1, was {value}")


class _Signal:
    """x with its max/min tree, built on first use and shared by the prominences and widths."""

    def __init__(self, xp, x):
        self.xp, self.x, self._tree = xp, x, None

    def tree(self):
        if self._tree is None:
            self._tree = engine(self.xp).peak_tree(self.x)
        return self._tree

    def at(self, index):
        """x at `index` as float64 (SciPy's values are those of its float64 copy of x)."""
        return self.xp.take(self.x, index).astype(np.float64, copy=False)


def _first(xp, peaks, bad):
    """The first peak where `bad` (SciPy names the first it meets)."""
    return int(peaks[int(xp.flatnonzero(bad)[0])])


def _prominences(signal, peaks, wlen, check=True):
    xp, x = signal.xp, signal.x
    n = x.shape[0]
    if check and peaks.size:
        bad = (peaks < 0) | (peaks >= n)
        if bool(bad.any()):
            raise ValueError(f"peak {_first(xp, peaks, bad)} is not a valid index for `x`")
    if peaks.size == 0:
        return (xp.empty(0, dtype=np.float64), xp.empty(0, dtype=np.intp),
                xp.empty(0, dtype=np.intp))
    mx, mn = signal.tree()
    left, right, prominences = engine(xp).peak_bases(x, mx, mn, peaks,
                                                     wlen // 2 if wlen >= 2 else -1)
    if bool((prominences == 0).any()):
        warnings.warn("some peaks have a prominence of 0", PeakPropertyWarning, stacklevel=3)
    return prominences, left, right


def _widths(signal, peaks, rel_height, prominences, left_bases, right_bases, check=True):
    xp, x = signal.xp, signal.x
    if rel_height < 0:
        raise ValueError("`rel_height` must be greater or equal to 0.0")
    prominences = xp.ascontiguousarray(xp.asarray(prominences).astype(np.float64, copy=False))
    low = xp.ascontiguousarray(xp.asarray(left_bases).astype(np.intp, copy=False))
    high = xp.ascontiguousarray(xp.asarray(right_bases).astype(np.intp, copy=False))
    if not (peaks.shape[0] == prominences.shape[0] == low.shape[0] == high.shape[0]):
        raise ValueError("arrays in `prominence_data` must have the same shape as `peaks`")
    if peaks.shape[0] == 0:
        return tuple(xp.empty(0, dtype=np.float64) for _ in range(4))
    if check:  # (find_peaks passes the bases it just found)
        bad = ~((0 <= low) & (low <= peaks) & (peaks <= high) & (high < x.shape[0]))
        if bool(bad.any()):
            raise ValueError(f"prominence data is invalid for peak {_first(xp, peaks, bad)}")
    _, mn = signal.tree()
    widths, heights, left_ips, right_ips = engine(xp).peak_width_walk(
        x, mn, peaks, prominences, low, high, float(rel_height))
    if bool((widths == 0).any()):
        warnings.warn("some peaks have a width of 0", PeakPropertyWarning, stacklevel=3)
    return widths, heights, left_ips, right_ips


def peak_prominences(xp, x, peaks, wlen=None):
    return _prominences(_Signal(xp, _as_x(xp, x)), _as_peaks(xp, peaks), _as_wlen(wlen))


def peak_widths(xp, x, peaks, rel_height=0.5, prominence_data=None, wlen=None):
    signal, peaks = _Signal(xp, _as_x(xp, x)), _as_peaks(xp, peaks)
    if prominence_data is None:
        prominence_data = _prominences(signal, peaks, _as_wlen(wlen))
    return _widths(signal, peaks, rel_height, *prominence_data)


def _local_maxima(signal):
    """(midpoints, left edges, right edges) of every plateau whose neighbours on both sides
    are lower, as SciPy's _local_maxima_1d; the ends of x are never peaks."""
    xp, x = signal.xp, signal.x
    kernels = engine(xp)
    first = xp.flatnonzero(kernels.peak_left_edges(x))
    return kernels.peak_edges(x, xp.ascontiguousarray(first.astype(np.intp, copy=False)))


def _condition(xp, interval, x, peaks):
    """SciPy's _unpack_condition_args: (low, high), arrays (NumPy or cunp, one value a sample)
    taken at the peaks."""
    try:
        low, high = interval
    except (TypeError, ValueError):
        low, high = interval, None

    def at_peaks(border, which):
        if isinstance(border, np.ndarray) or hasattr(border, "__cuda_array_interface__"):
            border = xp.asarray(border)
            if border.size != x.size:
                raise ValueError(f"array size of {which} interval border must match x")
            return xp.take(border, peaks)
        return border

    return at_peaks(low, "lower"), at_peaks(high, "upper")


def _within(xp, values, low, high):
    keep = xp.ones(values.shape[0], dtype=bool)
    if low is not None:
        keep &= low <= values
    if high is not None:
        keep &= values <= high
    return keep


def _select_by_distance(peaks, priority, distance):
    """Keep the highest peaks first, removing lower ones closer than distance to a kept one
    (NumPy, host: a sequential choice over the peaks in order of height, as SciPy's)."""
    count = peaks.shape[0]
    distance = np.ceil(distance)
    keep = np.ones(count, dtype=bool)
    for j in np.argsort(priority)[::-1]:
        if not keep[j]:
            continue
        k = j - 1
        while k >= 0 and peaks[j] - peaks[k] < distance:
            keep[k] = False
            k -= 1
        k = j + 1
        while k < count and peaks[k] - peaks[j] < distance:
            keep[k] = False
            k += 1
    return keep


def _host(xp, a):
    return np.asarray(a) if xp is np else xp.asnumpy(a)


def find_peaks(xp, x, height=None, threshold=None, distance=None, prominence=None, width=None,
               wlen=None, rel_height=0.5, plateau_size=None):
    signal = _Signal(xp, _as_x(xp, x))
    x = signal.x
    if distance is not None and distance < 1:
        raise ValueError("`distance` must be greater or equal to 1")
    peaks, left_edges, right_edges = _local_maxima(signal)
    properties = {}

    def narrow(keep):
        """The peaks and properties where `keep` (one compaction, shared by all of them)."""
        index = xp.flatnonzero(keep)
        return (xp.take(peaks, index),
                {key: xp.take(value, index) for key, value in properties.items()})

    if plateau_size is not None:
        sizes = right_edges - left_edges + 1
        low, high = _condition(xp, plateau_size, x, peaks)
        properties.update(plateau_sizes=sizes, left_edges=left_edges, right_edges=right_edges)
        peaks, properties = narrow(_within(xp, sizes, low, high))
    if height is not None:
        heights = signal.at(peaks)
        low, high = _condition(xp, height, x, peaks)
        properties["peak_heights"] = heights
        peaks, properties = narrow(_within(xp, heights, low, high))
    if threshold is not None:
        low, high = _condition(xp, threshold, x, peaks)
        value = signal.at(peaks)
        left, right = value - signal.at(peaks - 1), value - signal.at(peaks + 1)
        keep = xp.ones(peaks.shape[0], dtype=bool)
        if low is not None:
            keep &= low <= xp.minimum(left, right)
        if high is not None:
            keep &= xp.maximum(left, right) <= high
        properties.update(left_thresholds=left, right_thresholds=right)
        peaks, properties = narrow(keep)
    if distance is not None:
        keep = _select_by_distance(_host(xp, peaks), _host(xp, signal.at(peaks)), distance)
        peaks, properties = narrow(xp.asarray(keep))
    if prominence is not None or width is not None:
        properties.update(zip(("prominences", "left_bases", "right_bases"),
                              _prominences(signal, peaks, _as_wlen(wlen), check=False)))
    if prominence is not None:
        low, high = _condition(xp, prominence, x, peaks)
        peaks, properties = narrow(_within(xp, properties["prominences"], low, high))
    if width is not None:
        properties.update(zip(("widths", "width_heights", "left_ips", "right_ips"),
                              _widths(signal, peaks, rel_height, properties["prominences"],
                                      properties["left_bases"], properties["right_bases"],
                                      check=False)))
        low, high = _condition(xp, width, x, peaks)
        peaks, properties = narrow(_within(xp, properties["widths"], low, high))
    return peaks, properties


FUNCTIONS = [find_peaks, peak_prominences, peak_widths]
