"""cunp.cuda.nvtx: NVTX marks and ranges (shown by Nsight Systems; no-ops without a profiler)."""
from cunp import _core


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


__all__ = ["Mark", "MarkC", "RangePush", "RangePushC", "RangePop"]
