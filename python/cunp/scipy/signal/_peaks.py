"""find_peaks, peak_prominences and peak_widths on the host in NumPy.

The signal is copied to the host once: the maxima come from a run-length view of the signal
(vectorised), the distance rule keeps peaks in order of height (a sequential choice over the
peaks only), and each peak's bases and widths come from array searches in its own window.
Results come back as cunp arrays."""
import math
import warnings

import numpy as np


class PeakPropertyWarning(RuntimeWarning):
    """Calculated property of a peak has unexpected value."""


def _as_x(value):
    x = np.asarray(value, order="C", dtype=np.float64)
    if x.ndim != 1:
        raise ValueError("`x` must be a 1-D array")
    return x


def _as_peaks(value):
    value = np.asarray(value)
    if value.size == 0:
        value = np.array([], dtype=np.intp)
    try:
        value = value.astype(np.intp, order="C", casting="safe", subok=False, copy=False)
    except TypeError as e:
        raise TypeError("cannot safely cast `peaks` to dtype('intp')") from e
    if value.ndim != 1:
        raise ValueError("`peaks` must be a 1-D array")
    return value


def _as_wlen(value):
    if value is None:
        return -1
    if 1 < value:
        if isinstance(value, float):
            value = math.ceil(value)
        return int(value)
    raise ValueError(f"`wlen` must be larger than 1, was {value}")


def _prominences(x, peaks, wlen):
    count = peaks.shape[0]
    prominences = np.empty(count, dtype=np.float64)
    left_bases = np.empty(count, dtype=np.intp)
    right_bases = np.empty(count, dtype=np.intp)
    for k, peak in enumerate(peaks):
        low, high = 0, x.shape[0] - 1
        if not low <= peak <= high:
            raise ValueError(f"peak {peak} is not a valid index for `x`")
        if wlen >= 2:
            low, high = max(peak - wlen // 2, low), min(peak + wlen // 2, high)
        # Walk out from the peak until the signal rises above it; the base is the lowest
        # point on the way (the one nearest the peak among equals).
        left = x[low:peak + 1][::-1]
        above = np.flatnonzero(left > x[peak])
        left = left[:above[0] if above.size else left.size]
        j = int(np.argmin(left))
        right = x[peak:high + 1]
        above = np.flatnonzero(right > x[peak])
        right = right[:above[0] if above.size else right.size]
        i = int(np.argmin(right))
        left_bases[k], right_bases[k] = peak - j, peak + i
        prominences[k] = x[peak] - max(left[j], right[i])
    if np.any(prominences == 0):
        warnings.warn("some peaks have a prominence of 0", PeakPropertyWarning, stacklevel=3)
    return prominences, left_bases, right_bases


def _widths(x, peaks, rel_height, prominences, left_bases, right_bases):
    if rel_height < 0:
        raise ValueError("`rel_height` must be greater or equal to 0.0")
    if not (peaks.shape[0] == prominences.shape[0] == left_bases.shape[0]
            == right_bases.shape[0]):
        raise ValueError("arrays in `prominence_data` must have the same shape as `peaks`")
    count = peaks.shape[0]
    widths = np.empty(count)
    heights = np.empty(count)
    left_ips = np.empty(count)
    right_ips = np.empty(count)
    for k in range(count):
        low, high, peak = left_bases[k], right_bases[k], peaks[k]
        if not 0 <= low <= peak <= high < x.shape[0]:
            raise ValueError(f"prominence data is invalid for peak {peak}")
        height = heights[k] = x[peak] - prominences[k] * rel_height
        # The first sample at or below the height on each side, then linear interpolation.
        below = np.flatnonzero(x[low + 1:peak + 1][::-1] <= height)
        i = peak - below[0] if below.size else low
        left = float(i)
        if x[i] < height:
            left += (height - x[i]) / (x[i + 1] - x[i])
        below = np.flatnonzero(x[peak:high] <= height)
        i = peak + below[0] if below.size else high
        right = float(i)
        if x[i] < height:
            right -= (height - x[i]) / (x[i - 1] - x[i])
        widths[k], left_ips[k], right_ips[k] = right - left, left, right
    if np.any(widths == 0):
        warnings.warn("some peaks have a width of 0", PeakPropertyWarning, stacklevel=3)
    return widths, heights, left_ips, right_ips


def peak_prominences(x, peaks, wlen=None):
    return _prominences(_as_x(x), _as_peaks(peaks), _as_wlen(wlen))


def peak_widths(x, peaks, rel_height=0.5, prominence_data=None, wlen=None):
    x, peaks = _as_x(x), _as_peaks(peaks)
    if prominence_data is None:
        prominence_data = _prominences(x, peaks, _as_wlen(wlen))
    return _widths(x, peaks, rel_height, *prominence_data)


def _local_maxima_1d(x):
    """(midpoints, left edges, right edges) of every run of equal values whose neighbours on
    both sides are strictly smaller; the ends of x are never peaks."""
    n = x.shape[0]
    empty = np.empty(0, np.intp)
    if n < 3:
        return empty, empty, empty
    change = np.flatnonzero(x[1:] != x[:-1]) + 1
    starts = np.concatenate(([0], change)).astype(np.intp)
    ends = np.concatenate((change - 1, [n - 1])).astype(np.intp)
    values = x[starts]
    inner = np.arange(1, len(starts) - 1)
    peak = (values[inner - 1] < values[inner]) & (values[inner + 1] < values[inner])
    runs = inner[peak]
    left, right = starts[runs], ends[runs]
    return (left + right) // 2, left, right


def _condition(interval, x, peaks):
    try:
        low, high = interval
    except (TypeError, ValueError):
        low, high = interval, None
    if isinstance(low, np.ndarray):
        if low.size != x.size:
            raise ValueError("array size of lower interval border must match x")
        low = low[peaks]
    if isinstance(high, np.ndarray):
        if high.size != x.size:
            raise ValueError("array size of upper interval border must match x")
        high = high[peaks]
    return low, high


def _within(values, low, high):
    keep = np.ones(values.size, dtype=bool)
    if low is not None:
        keep &= low <= values
    if high is not None:
        keep &= values <= high
    return keep


def _select_by_distance(peaks, priority, distance):
    """Keep the highest peaks first, removing lower ones closer than distance to a kept one."""
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


def find_peaks(x, height=None, threshold=None, distance=None, prominence=None, width=None,
               wlen=None, rel_height=0.5, plateau_size=None):
    x = _as_x(x)
    if distance is not None and distance < 1:
        raise ValueError("`distance` must be greater or equal to 1")
    peaks, left_edges, right_edges = _local_maxima_1d(x)
    properties = {}

    def narrow(keep):
        return peaks[keep], {key: value[keep] for key, value in properties.items()}

    if plateau_size is not None:
        sizes = right_edges - left_edges + 1
        low, high = _condition(plateau_size, x, peaks)
        keep = _within(sizes, low, high)
        properties.update(plateau_sizes=sizes, left_edges=left_edges, right_edges=right_edges)
        peaks, properties = narrow(keep)
    if height is not None:
        heights = x[peaks]
        low, high = _condition(height, x, peaks)
        keep = _within(heights, low, high)
        properties["peak_heights"] = heights
        peaks, properties = narrow(keep)
    if threshold is not None:
        low, high = _condition(threshold, x, peaks)
        left, right = x[peaks] - x[peaks - 1], x[peaks] - x[peaks + 1]
        keep = np.ones(peaks.size, dtype=bool)
        if low is not None:
            keep &= low <= np.minimum(left, right)
        if high is not None:
            keep &= np.maximum(left, right) <= high
        properties.update(left_thresholds=left, right_thresholds=right)
        peaks, properties = narrow(keep)
    if distance is not None:
        peaks, properties = narrow(_select_by_distance(peaks, x[peaks], distance))
    if prominence is not None or width is not None:
        properties.update(zip(("prominences", "left_bases", "right_bases"),
                              _prominences(x, peaks, _as_wlen(wlen))))
    if prominence is not None:
        low, high = _condition(prominence, x, peaks)
        peaks, properties = narrow(_within(properties["prominences"], low, high))
    if width is not None:
        properties.update(zip(("widths", "width_heights", "left_ips", "right_ips"),
                              _widths(x, peaks, rel_height, properties["prominences"],
                                      properties["left_bases"], properties["right_bases"])))
        low, high = _condition(width, x, peaks)
        peaks, properties = narrow(_within(properties["widths"], low, high))
    return peaks, properties


HOST_FUNCTIONS = [find_peaks, peak_prominences, peak_widths]
