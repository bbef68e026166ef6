"""cunp.cuda.pinned_memory: page-locked host memory, as cupy.cuda.pinned_memory offers it.

Copies between the device and pinned memory run at full bandwidth and can overlap other work:

    pmem = cunp.cuda.alloc_pinned_memory(x.nbytes)       # a PinnedMemoryPointer
    host = numpy.frombuffer(pmem, x.dtype, x.size)        # a NumPy array over it
    x.set(host, stream=s)                                 # returns at once; s runs the copy

Allocations come from cunp's pinned pool (the one its own transfers stage through) unless
set_pinned_memory_allocator chose another.
"""
from cunp import _core
from cunp._core.memory import PinnedMemoryPointer

__all__ = ["PinnedMemory", "PinnedMemoryPointer", "PinnedMemoryPool", "PooledPinnedMemory",
           "alloc_pinned_memory", "is_memory_pinned", "set_pinned_memory_allocator"]


def _size(size):
    if isinstance(size, bool) or not hasattr(size, "__index__"):
        raise TypeError("size must be an int, not %s" % type(size).__name__)
    size = size.__index__()
    if size < 0:
        raise ValueError("size must be non-negative, not %d" % size)
    return size


class PinnedMemory:
    """`size` bytes of page-locked host memory (from the pinned pool; `flags` is accepted for
    CuPy's signature: the pool's memory is portable, cudaHostAllocPortable). A
    PinnedMemoryPointer over it keeps it alive."""

    def __init__(self, size, flags=0):
        self.size = _size(size)
        self._span = _core.memory.pinned_alloc(self.size)
        self.ptr = self._span.ptr

    def __int__(self):
        return self.ptr


PooledPinnedMemory = PinnedMemory


class PinnedMemoryPool(_core.PinnedMemoryPool):
    """The pinned host pool (CuPy's PinnedMemoryPool): malloc, free_all_blocks, n_free_blocks,
    used_bytes, total_bytes. Its blocks are reused once the copies that last used them are
    done."""

    def malloc(self, size):
        return PinnedMemoryPointer(PinnedMemory(size), 0)


_default_pinned_pool = PinnedMemoryPool()
_allocator = _default_pinned_pool.malloc


def set_pinned_memory_allocator(allocator=None):
    """`allocator(size)` -> PinnedMemoryPointer serves alloc_pinned_memory (and
    cunp.empty_pinned & co.); None restores the default pinned pool."""
    global _allocator
    if allocator is not None and not callable(allocator):
        raise TypeError("allocator must be callable or None, not %s" % type(allocator).__name__)
    _allocator = _default_pinned_pool.malloc if allocator is None else allocator


def alloc_pinned_memory(size):
    """`size` bytes of pinned host memory from the current pinned allocator."""
    return _allocator(_size(size))


def is_memory_pinned(data):
    """Whether the host memory at `data` (an address, a NumPy array or anything with the
    buffer protocol) is page-locked."""
    from cunp.cuda.memory import _host_address
    ptr = _host_address(data)
    return bool(ptr) and _core.memory.is_host_pinned(ptr)
