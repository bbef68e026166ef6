"""find_peaks on the host in NumPy (height, threshold, distance and plateau_size so far).

The signal is copied to the host once: the maxima come from a run-length view of the signal
(vectorised), and the distance rule keeps peaks in order of height, a sequential choice over
the peaks only. Results come back as cunp arrays."""
import numpy as np


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
    x = np.asarray(x)
    if x.ndim != 1:
        raise ValueError("`x` must be a 1-D array")
    if x.dtype.kind not in "fiub":
        x = x.astype(np.float64)
    if distance is not None and distance < 1:
        raise ValueError("`distance` must be greater or equal to 1")
    if prominence is not None or width is not None:
        raise NotImplementedError("find_peaks(prominence=, width=) is not implemented in cunp "
                                  "yet")
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
    return peaks, properties


HOST_FUNCTIONS = [find_peaks]
