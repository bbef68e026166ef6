"""cunp.cuda.memory: the device and pinned memory pools, and the allocator switch."""
from cunp import _core
from cunp._core import MemoryPointer, MemoryPool, PinnedMemoryPool, OutOfMemoryError  # noqa: F401

_default_pool = MemoryPool()
_default_pinned_pool = PinnedMemoryPool()
_allocator = _default_pool.malloc


def get_default_memory_pool():
    return _default_pool


def get_default_pinned_memory_pool():
    return _default_pinned_pool


def set_allocator(allocator=None):
    """None: allocate straight from the driver (no pool); a callable(size) returning an object
    with .ptr (such as MemoryPool.malloc): use it for every allocation."""
    global _allocator
    is_default = (allocator is not None and getattr(allocator, "__self__", None) is _default_pool
                  and getattr(allocator, "__name__", "") == "malloc")
    _core.memory.set_allocator(allocator, is_default)
    _allocator = allocator


def get_allocator():
    return _allocator


def malloc(size):
    return _default_pool.malloc(size)
