"""find_peaks, peak_prominences and peak_widths on the host in NumPy.

The signal is copied to the host once: the maxima come from a run-length view of the signal
(vectorised), the distance rule keeps peaks in order of height (a sequential choice over the
peaks only), and the bases and widths of all peaks come from block range searches at once
(_range_search: O(n log n) for any number of peaks, where a search per peak was quadratic).
Results come back as cunp arrays."""
import math
import warnings

import numpy as np

from cunp.scipy.signal._range_search import RangeSearch


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
    n = x.shape[0]
    bad = (peaks < 0) | (peaks >= n)
    if bad.any():
        raise ValueError(f"peak {peaks[bad][0]} is not a valid index for `x`")
    count = peaks.shape[0]
    if count == 0:
        empty = np.empty(0, dtype=np.intp)
        return np.empty(0, dtype=np.float64), empty, empty.copy()
    low, high = np.zeros(count, np.intp), np.full(count, n - 1, np.intp)
    if wlen >= 2:
        low, high = np.maximum(peaks - wlen // 2, low), np.minimum(peaks + wlen // 2, high)
    v = x[peaks]
    walk = walk_entry(count)
    if walk is None:
        left_bases, right_bases = _search_bases(x, peaks, low, high)
    else:
        left_bases, right_bases, _ = walk(x, peaks, low, high, WALK_LIMIT)
        # Walks past the limit (behind tall peaks) are finished by the range search.
        rest = np.flatnonzero(left_bases < 0)
        if rest.size:
            left_bases[rest], right_bases[rest] = _search_bases(x, peaks[rest], low[rest],
                                                                high[rest])
    prominences = v - np.maximum(x[left_bases], x[right_bases])
    if np.any(prominences == 0):
        warnings.warn("some peaks have a prominence of 0", PeakPropertyWarning, stacklevel=3)
    return prominences, left_bases, right_bases


def _search_bases(x, peaks, low, high):
    """The bases of every peak by the block range search on the host. SciPy walks out from
    each peak until the signal rises above it (or is NaN); the base on each side is the lowest
    sample on the way, the one nearest the peak among equals. Here: the first stop on each side
    for all peaks at once, then the minimum between."""
    n = x.shape[0]
    v = x[peaks]
    forward = RangeSearch(np.where(np.isnan(x), np.inf, x))
    backward = forward.reversed()
    stop_left = forward.last_above(low, peaks, v)
    stop_right = n - 1 - backward.last_above(n - 1 - high, n - 1 - peaks, v)
    left_bases = forward.argmin_last(stop_left + 1, peaks)
    right_bases = n - 1 - backward.argmin_last(n - 1 - (stop_right - 1), n - 1 - peaks)
    # A NaN peak stops both walks at once.
    nan = np.isnan(v)
    left_bases[nan] = right_bases[nan] = peaks[nan]
    return left_bases, right_bases


# Peaks walked on the device (a thread each, src/device/signal/peak_walk.cuh) when a GPU is
# present and there are at least this many; a walk longer than WALK_LIMIT samples goes back to
# the host's range search.
DEVICE_MIN_PEAKS = 4096
WALK_LIMIT = 1 << 12


def walk_model(x, peaks, low, high, limit):
    """What the device walk computes, in NumPy (SciPy's loop per peak, stopping at `limit`
    samples a side with left base -1): the kernel's model in the CPU tests."""
    count = peaks.shape[0]
    left, right = np.empty(count, np.intp), np.empty(count, np.intp)
    prominence = np.empty(count)
    for k, p in enumerate(peaks):
        bases = []
        for step, stop in ((-1, low[k] - 1), (1, high[k] + 1)):
            base, i, steps = p, p, 0
            while i != stop and x[i] <= x[p]:
                steps += 1
                if steps > limit:
                    base = None
                    break
                if x[i] < x[base]:
                    base = i
                i += step
            bases.append(base)
        if None in bases:
            left[k] = -1
            continue
        left[k], right[k] = bases
        prominence[k] = x[p] - max(x[bases[0]], x[bases[1]])
    return left, right, prominence


def _device_walk(x, peaks, low, high, limit):
    import cunp
    from cunp import _core

    def up(a, dtype):
        return cunp.asarray(np.ascontiguousarray(a, dtype=dtype))

    out = _core.signal.peak_walk(up(x, np.float64), up(peaks, np.int64), up(low, np.int64),
                                 up(high, np.int64), int(limit))
    left, right, prominence = (cunp.asnumpy(a) for a in out)
    return left.astype(np.intp, copy=False), right.astype(np.intp, copy=False), prominence


def walk_entry(count):
    """The device walk for `count` peaks, or None for the host's range search (no GPU, or too
    few peaks to pay for the transfers). The CPU tests put walk_model in its place."""
    if count < DEVICE_MIN_PEAKS:
        return None
    try:
        import cunp
        if not cunp.is_available():
            return None
    except Exception:  # noqa: BLE001 - no usable CUDA runtime: the host search
        return None
    return _device_walk


def _widths(x, peaks, rel_height, prominences, left_bases, right_bases):
    if rel_height < 0:
        raise ValueError("`rel_height` must be greater or equal to 0.0")
    if not (peaks.shape[0] == prominences.shape[0] == left_bases.shape[0]
            == right_bases.shape[0]):
        raise ValueError("arrays in `prominence_data` must have the same shape as `peaks`")
    n = x.shape[0]
    prominences = np.asarray(prominences, dtype=np.float64)
    low, high = np.asarray(left_bases, np.intp), np.asarray(right_bases, np.intp)
    bad = ~((0 <= low) & (low <= peaks) & (peaks <= high) & (high < n))
    if bad.any():
        raise ValueError(f"prominence data is invalid for peak {peaks[bad][0]}")
    if peaks.shape[0] == 0:
        return tuple(np.empty(0) for _ in range(4))
    heights = x[peaks] - prominences * rel_height
    # The first sample at or below the height (or NaN) walking out from the peak on each side
    # (the base if none), then linear interpolation towards the peak.
    below = RangeSearch(np.where(np.isnan(x), np.inf, -x))
    left = below.last_above(low + 1, peaks, -heights, strict=False)
    right = n - 1 - below.reversed().last_above(n - 1 - (high - 1), n - 1 - peaks, -heights,
                                                strict=False)
    # A NaN height stops both walks at the peak.
    nan = np.isnan(heights)
    left[nan] = right[nan] = peaks[nan]
    with np.errstate(divide="ignore", invalid="ignore"):
        xl, xr = x[left], x[right]
        step = x[np.minimum(left + 1, n - 1)] - xl
        left_ips = np.where(xl < heights, left + (heights - xl) / step, left.astype(np.float64))
        step = x[np.maximum(right - 1, 0)] - xr
        right_ips = np.where(xr < heights, right - (heights - xr) / step,
                             right.astype(np.float64))
    widths = right_ips - left_ips
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
    same = x[1:] == x[:-1]
    if not same.any():
        # No plateaus (the usual case for measured signals): a peak is a sample above both
        # neighbours, found without the run-length arrays.
        middle = x[1:-1]
        peaks = np.flatnonzero((x[:-2] < middle) & (x[2:] < middle)) + 1
        return peaks, peaks.copy(), peaks.copy()
    change = np.flatnonzero(~same) + 1
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
