"""cunp.cuda: devices, streams, events and memory, as cupy.cuda offers them."""
import contextlib as _contextlib

from cunp._core import (
    Device, Stream, Event, MemoryPointer, get_current_stream, get_elapsed_time, is_available,
)
from cunp.cuda import runtime, memory_hook, memory
from cunp.cuda import driver, nvrtc  # noqa: E402,F401
from cunp.cuda import compiler, graph, nccl, nvtx, profiler  # noqa: E402,F401
from cunp.cuda import (  # noqa: E402,F401
    device, function, memory_hooks, pinned_memory, stream,
)
from cunp.cuda import (  # noqa: E402,F401
    cub, cublas, cufft, curand, cusolver, cusparse, texture, thrust,
)
from cunp.cuda.memory import (  # noqa: F401
    BaseMemory, CFunctionAllocator, ManagedMemory, Memory, MemoryAsync, MemoryAsyncPool,
    MemoryPool, OutOfMemoryError, PythonFunctionAllocator, UnownedMemory, alloc, get_allocator,
    malloc_async, malloc_managed, set_allocator, using_allocator,
)
from cunp.cuda.pinned_memory import (  # noqa: F401
    PinnedMemory, PinnedMemoryPointer, PinnedMemoryPool, alloc_pinned_memory,
    set_pinned_memory_allocator,
)
from cunp.cuda.memory_hook import MemoryHook  # noqa: F401
from cunp.cuda.stream import ExternalStream  # noqa: F401
from cunp.cuda.function import Function, Module  # noqa: F401
from cunp.cuda.graph import Graph  # noqa: F401
from cunp.cuda.device import get_cublas_handle  # noqa: F401
from cunp.cuda._paths import (  # noqa: F401
    get_cuda_path, get_nvcc_path, get_local_runtime_version,
)

# The null (legacy default) stream and the per-thread default stream of whichever device is
# current.
Stream.null = Stream(null=True)
Stream.ptds = Stream(ptds=True)


def get_device_id():
    return runtime.getDevice()


def Device_from_id(i):  # noqa: N802 - CuPy spelling
    return Device(i)


@_contextlib.contextmanager
def profile():
    """Collects a CUDA profile for the block (cuProfilerStart/Stop). Deprecated in CuPy in
    favour of cunp.profiler.profile, and warns the same way."""
    import warnings
    warnings.warn("cunp.cuda.profile has been deprecated, use cunp.profiler.profile instead",
                  DeprecationWarning, stacklevel=3)
    profiler.start()
    try:
        yield
    finally:
        profiler.stop()
