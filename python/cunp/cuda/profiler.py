"""cunp.cuda.profiler: start and stop the CUDA profiler's collection (cuProfilerStart/Stop)."""
from cunp import _core


def start():
    """Enables profile collection by the active profiling tool (nsys/ncu with capture ranges)."""
    _core._profiler_start()


def stop():
    """Disables profile collection by the active profiling tool."""
    _core._profiler_stop()


__all__ = ["start", "stop"]
