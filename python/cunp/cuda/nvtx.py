"""cunp.cuda.nvtx: NVTX marks and ranges (shown by Nsight Systems; no-ops without a profiler)."""
from cunp import _core

# cunp ships NVTX v3 (header-only): the calls are always there, and cost nothing until a
# profiler injects itself.
available = True


def Mark(message, id_color=-1):  # noqa: N802 - CuPy's spelling
    """An instantaneous event named `message`; id_color picks one of CuPy's colors."""
    _core.profiler.nvtx_mark(message, id_color)


def MarkC(message, color=0):  # noqa: N802
    """Mark with an ARGB color."""
    _core.profiler.nvtx_mark(message, -1, color)


def RangePush(message, id_color=-1):  # noqa: N802
    """Opens a nested range named `message` on this thread."""
    _core.profiler.nvtx_range_push(message, id_color)


def RangePushC(message, color=0):  # noqa: N802
    """RangePush with an ARGB color."""
    _core.profiler.nvtx_range_push(message, -1, color)


def RangePop():  # noqa: N802
    """Closes the innermost range opened on this thread."""
    _core.profiler.nvtx_range_pop()


def RangeStart(message, id_color=-1):  # noqa: N802
    """Starts a range named `message` that may overlap others and end on any thread; returns
    its id for RangeEnd."""
    return _core.nvtx.range_start(message, id_color)


def RangeEnd(range_id):  # noqa: N802
    """Ends the range that RangeStart returned `range_id` for."""
    if isinstance(range_id, bool) or not isinstance(range_id, int):
        raise TypeError("range_id must be the int RangeStart returned, not %s"
                        % type(range_id).__name__)
    _core.nvtx.range_end(range_id)


__all__ = ["Mark", "MarkC", "RangeEnd", "RangePop", "RangePush", "RangePushC", "RangeStart",
           "available"]
