"""cunp.cuda: devices, streams, events and memory, as cupy.cuda offers them."""
from cunp._core import (
    Device, Stream, Event, MemoryPointer, get_current_stream, get_elapsed_time, is_available,
)
from cunp.cuda import runtime, memory
from cunp.cuda import driver, nvrtc  # noqa: E402,F401
from cunp.cuda import compiler, graph, nccl, nvtx, profiler  # noqa: E402,F401
from cunp.cuda.memory import (
    MemoryPool, PinnedMemoryPool, OutOfMemoryError, set_allocator, get_allocator,
)

# The null (legacy default) stream and the per-thread default stream of whichever device is
# current.
Stream.null = Stream(null=True)
Stream.ptds = Stream(ptds=True)


def get_device_id():
    return runtime.getDevice()


def Device_from_id(i):  # noqa: N802 - CuPy spelling
    return Device(i)
