"""cunp.cuda.profiler: start and stop the CUDA profiler's collection (cuProfilerStart/Stop)."""
from cunp import _core


def start():
    """Enables profile collection by the active profiling tool (nsys/ncu with capture ranges)."""
    _core.profiler.start()


def stop():
    """Disables profile collection by the active profiling tool."""
    _core.profiler.stop()


__all__ = ["start", "stop"]
