"""cunp.cuda.memory: device memory as cupy.cuda.memory offers it.

Arrays take their memory from the current allocator: the current device's stream-aware pool
unless set_allocator or using_allocator chose another. The memory objects (Memory,
ManagedMemory, UnownedMemory, ...) own one allocation each and are viewed through
MemoryPointer, which copies and fills bytes:

    mem = cunp.cuda.alloc(1024)                  # a MemoryPointer from the current allocator
    mem.memset_async(0, 1024)                    # on the current stream
    mem.copy_from_host(host_ptr, 1024)           # host_ptr: int, ctypes pointer, NumPy array
    x = cunp.ndarray((256,), cunp.float32, mem)  # an array over it
"""
import contextlib as _contextlib
import ctypes as _ctypes
import errno as _errno
import os as _os

from cunp import _core
from cunp._core import (  # noqa: F401
    CUDARuntimeError, MemoryPointer, OutOfMemoryError,
)
from cunp.cuda import memory_hook as _memory_hook

# (No __all__: cunp's top level takes get_default_memory_pool and
# get_default_pinned_memory_pool from here through its area table, which must match __all__.)


def _size(size, name="size"):
    if isinstance(size, bool) or not hasattr(size, "__index__"):
        raise TypeError("%s must be an int, not %s" % (name, type(size).__name__))
    size = size.__index__()
    if size < 0:
        raise ValueError("%s must be non-negative, not %d" % (name, size))
    return size


# --- memory objects ---

class BaseMemory:
    """One allocation: its address `ptr`, `size` in bytes and `device_id`. A MemoryPointer over
    it keeps it alive."""

    ptr = 0
    size = 0
    device_id = -1

    @property
    def device(self):
        return _core.Device(self.device_id)

    def __int__(self):
        return self.ptr


class _OwningMemory(BaseMemory):
    """Holds the core's pointer to an allocation that is freed with this object."""

    def _hold(self, pointer, size):
        self._pointer = pointer
        self.ptr = pointer.ptr
        self.size = size
        self.device_id = pointer.device_id


class Memory(_OwningMemory):
    """`size` bytes of device memory straight from the driver (no pool), on the current
    device; freed when the object and every pointer over it are gone."""

    def __init__(self, size):
        self._hold(_core.memory.malloc(_size(size)), size)


class ManagedMemory(_OwningMemory):
    """`size` bytes of managed (unified) memory, reachable from the host and every device."""

    def __init__(self, size):
        self._hold(_core.memory.malloc_managed(_size(size)), size)


_SYSTEM_ALIGNMENT = 256  # as cudaMalloc's: any element type, and coalesced rows
_libc = None


def _c_library():
    global _libc
    if _libc is None:
        libc = _ctypes.CDLL(None, use_errno=True)
        libc.posix_memalign.argtypes = [_ctypes.POINTER(_ctypes.c_void_p), _ctypes.c_size_t,
                                        _ctypes.c_size_t]
        libc.posix_memalign.restype = _ctypes.c_int
        libc.free.argtypes = [_ctypes.c_void_p]
        libc.free.restype = None
        _libc = libc
    return _libc


class SystemMemory(BaseMemory):
    """`size` bytes of system-allocated memory: plain host memory from the C library (aligned
    to 256 bytes), which the GPU reads and writes directly where the device can access pageable
    memory (HMM or ATS: cunp.cuda.runtime.deviceGetAttribute(
    cunp.cuda.runtime.cudaDevAttrPageableMemoryAccess, device) is 1). Its device_id is the
    current device's; the memory is freed when the object and every pointer over it are gone.
    Size 0 allocates nothing (ptr 0)."""

    def __init__(self, size):
        self.size = _size(size)
        self.device_id = _core.getDevice()
        self.ptr = 0
        if self.size:
            out = _ctypes.c_void_p()
            err = _c_library().posix_memalign(_ctypes.byref(out), _SYSTEM_ALIGNMENT, self.size)
            if err or not out.value:
                raise OutOfMemoryError("out of system memory allocating %d bytes (%s)"
                                       % (self.size, _os.strerror(err or _errno.ENOMEM)))
            self.ptr = out.value

    def __del__(self):
        ptr, self.ptr = getattr(self, "ptr", 0), 0
        if ptr and _libc is not None:
            _libc.free(ptr)


class PooledMemory(_OwningMemory):
    """A block of the current device's pool; it goes back to the pool (for reuse after the work
    already enqueued on its stream) when the object is gone."""

    def __init__(self, size, stream=None):
        size = _size(size)
        if stream is None:
            pointer = get_default_memory_pool()._malloc_no_hooks(size)
        else:
            with stream:
                pointer = get_default_memory_pool()._malloc_no_hooks(size)
        self._hold(pointer, size)

    def free(self):
        """Hands the block back now; the object must not be used afterwards."""
        self._pointer = None
        self.ptr = 0


class MemoryAsync(PooledMemory):
    """Stream-ordered memory for `stream` (CuPy: cudaMallocAsync). cunp's pool is already
    stream-ordered, so this is a block of it bound to `stream`."""

    def __init__(self, size, stream):
        if stream is None:
            raise TypeError("stream must be a cunp.cuda.Stream, not None")
        super().__init__(size, stream)
        self.stream = stream


class UnownedMemory(BaseMemory):
    """Device memory someone else allocated: `ptr`, `size` and the object `owner` that keeps it
    alive (it is held as long as this is)."""

    def __init__(self, ptr, size, owner, device_id=None):
        if isinstance(ptr, bool) or not hasattr(ptr, "__index__"):
            raise TypeError("ptr must be an int, not %s" % type(ptr).__name__)
        self.ptr = ptr.__index__()
        self.size = _size(size)
        self._owner = owner
        if device_id is None:
            device_id = _core.getDevice() if self.ptr == 0 else _pointer_device(self.ptr)
        self.device_id = int(device_id)


def _pointer_device(ptr):
    """The device holding `ptr` (the current one where cunp.cuda.runtime cannot say)."""
    from cunp.cuda import device
    try:
        return device.from_pointer(ptr).id
    except AttributeError:  # a runtime module without pointerGetAttributes
        return _core.getDevice()


class PythonFunctionAllocatorMemory(BaseMemory):
    """Memory from a user's malloc_func(size, device_id) -> int, given back with
    free_func(ptr, device_id) when the object goes."""

    def __init__(self, size, malloc_func, free_func, device_id=None):
        self.size = _size(size)
        self.device_id = _core.getDevice() if device_id is None else int(device_id)
        self._free = free_func
        self.ptr = int(malloc_func(self.size, self.device_id)) if self.size else 0

    def __del__(self):
        if self.ptr and self._free is not None:
            self._free(self.ptr, self.device_id)
            self.ptr = 0


_C_MALLOC = _ctypes.CFUNCTYPE(_ctypes.c_void_p, _ctypes.c_void_p, _ctypes.c_size_t, _ctypes.c_int)
_C_FREE = _ctypes.CFUNCTYPE(None, _ctypes.c_void_p, _ctypes.c_void_p, _ctypes.c_int)


class CFunctionAllocatorMemory(BaseMemory):
    """Memory from C functions `void* malloc(void* param, size_t size, int device_id)` and
    `void free(void* param, void* ptr, int device_id)`, given as addresses."""

    def __init__(self, size, param, malloc_func, free_func, device_id=None):
        self.size = _size(size)
        self.device_id = _core.getDevice() if device_id is None else int(device_id)
        self._param = param
        self._free = _C_FREE(free_func)
        self.ptr = (_C_MALLOC(malloc_func)(param, self.size, self.device_id) or 0) \
            if self.size else 0

    def __del__(self):
        if self.ptr:
            self._free(self._param, self.ptr, self.device_id)
            self.ptr = 0


# --- allocators ---

class PythonFunctionAllocator:
    """An allocator over two Python functions: malloc_func(size, device_id) -> address and
    free_func(ptr, device_id). Pass its .malloc to set_allocator."""

    def __init__(self, malloc_func, free_func):
        if not callable(malloc_func) or not callable(free_func):
            raise TypeError("malloc_func and free_func must be callable")
        self._malloc_func = malloc_func
        self._free_func = free_func

    def malloc(self, size):
        mem = PythonFunctionAllocatorMemory(size, self._malloc_func, self._free_func)
        return MemoryPointer(mem, 0)


class CFunctionAllocator:
    """An allocator over two C functions given by address (see CFunctionAllocatorMemory);
    `param` is passed to both, `owner` is kept alive (the library that holds them)."""

    def __init__(self, param, malloc_func, free_func, owner=None):
        for name, value in (("param", param), ("malloc_func", malloc_func),
                            ("free_func", free_func)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("%s must be an int (an address), not %s"
                                % (name, type(value).__name__))
        if not malloc_func or not free_func:
            raise ValueError("malloc_func and free_func must not be null")
        self._param = param
        self._malloc_func = malloc_func
        self._free_func = free_func
        self._owner = owner

    def malloc(self, size):
        mem = CFunctionAllocatorMemory(size, self._param, self._malloc_func, self._free_func)
        return MemoryPointer(mem, 0)


class MemoryPool(_core.MemoryPool):
    """The caching, stream-aware pool of the current device (CuPy's MemoryPool): malloc,
    used_bytes, total_bytes, free_bytes, n_free_blocks, free_all_blocks, set_limit, get_limit.
    malloc calls the current thread's memory hooks around the pool."""

    def _malloc_no_hooks(self, size):
        return _core.MemoryPool.malloc(self, size)

    def malloc(self, size):
        size = _size(size)
        if not _memory_hook._has_hooks():
            return _core.MemoryPool.malloc(self, size)
        return _memory_hook._hooked_malloc(lambda: _core.MemoryPool.malloc(self, size), size)


class SingleDeviceMemoryPool(MemoryPool):
    """The pool of one device (the current one when made): every call acts on that device."""

    def __init__(self, device=None):
        super().__init__()
        self._device_id = _core.getDevice() if device is None else int(device)

    def _on_device(name):
        def method(self, *args, **kwargs):
            with _core.Device(self._device_id):
                return getattr(MemoryPool, name)(self, *args, **kwargs)
        method.__name__ = name
        return method

    for _name in ("malloc", "used_bytes", "total_bytes", "free_bytes", "n_free_blocks",
                  "free_all_blocks", "set_limit", "get_limit"):
        locals()[_name] = _on_device(_name)
    del _name, _on_device


class MemoryAsyncPool:
    """CuPy's pool over cudaMallocAsync. cunp's own pool is stream-ordered already, so this one
    hands out its blocks for the current stream and reports its figures; `pool_handles` is
    accepted for compatibility ('current' and 'default' mean the device's pool)."""

    def __init__(self, pool_handles="current"):
        if pool_handles not in ("current", "default") and not isinstance(pool_handles, int):
            raise ValueError("pool_handles must be 'current', 'default' or an int handle, not %r"
                             % (pool_handles,))
        self._pool = get_default_memory_pool()

    def malloc(self, size):
        size = _size(size)
        from cunp.cuda import stream as _stream
        if not _memory_hook._has_hooks():
            return MemoryPointer(MemoryAsync(size, _stream.get_current_stream()), 0)
        return _memory_hook._hooked_malloc(
            lambda: MemoryPointer(MemoryAsync(size, _stream.get_current_stream()), 0), size)

    def free_all_blocks(self, stream=None):
        self._pool.free_all_blocks()

    def n_free_blocks(self):
        return self._pool.n_free_blocks()

    def used_bytes(self):
        return self._pool.used_bytes()

    def free_bytes(self):
        return self._pool.free_bytes()

    def total_bytes(self):
        return self._pool.total_bytes()

    def set_limit(self, size=None, fraction=None):
        self._pool.set_limit(size=size, fraction=fraction)

    def get_limit(self):
        return self._pool.get_limit()


_default_pool = MemoryPool()
_allocator = _default_pool.malloc


def get_default_memory_pool():
    return _default_pool


def get_default_pinned_memory_pool():
    from cunp.cuda import pinned_memory
    return pinned_memory._default_pinned_pool


def _install(allocator):
    """Tells the core which allocator arrays use: the pool itself (no Python on the path),
    the driver (None), or a Python callable (wrapped with the hooks while any are set)."""
    is_default = (allocator is not None and getattr(allocator, "__self__", None) is _default_pool
                  and getattr(allocator, "__name__", "") == "malloc")
    if _memory_hook._any_hooks():
        _core.memory.set_allocator(_memory_hook._allocating_with_hooks(allocator), False)
    else:
        _core.memory.set_allocator(allocator, is_default)


def set_allocator(allocator=None):
    """None: allocate straight from the driver (no pool); a callable(size) returning a
    MemoryPointer (such as MemoryPool.malloc): use it for every allocation."""
    global _allocator
    if allocator is not None and not callable(allocator):
        raise TypeError("allocator must be callable or None, not %s" % type(allocator).__name__)
    _install(allocator)
    _allocator = allocator


def get_allocator():
    return _allocator


@_contextlib.contextmanager
def using_allocator(allocator=None):
    """Uses `allocator` for the block (None: the driver, no pool), then the previous one."""
    previous = _allocator
    set_allocator(allocator)
    try:
        yield
    finally:
        set_allocator(previous)


def _raw_malloc(size):
    return MemoryPointer(Memory(size), 0)


def alloc(size):
    """`size` bytes from the current allocator, as a MemoryPointer."""
    size = _size(size)
    allocator = _allocator if _allocator is not None else _raw_malloc
    if not _memory_hook._has_hooks():
        return allocator(size)
    return _memory_hook._hooked_alloc(lambda: allocator(size), size)


def malloc(size):
    return _default_pool.malloc(size)


def malloc_managed(size):
    """`size` bytes of managed memory (a MemoryPointer over a ManagedMemory)."""
    return MemoryPointer(ManagedMemory(size), 0)


def malloc_system(size):
    """`size` bytes of system-allocated memory (a MemoryPointer over a SystemMemory); as an
    allocator, set_allocator(malloc_system), it puts arrays in host memory that the GPU uses
    directly on systems with HMM or ATS."""
    return MemoryPointer(SystemMemory(size), 0)


def malloc_async(size):
    """`size` bytes ordered on the current stream (a MemoryPointer over a MemoryAsync)."""
    from cunp.cuda import stream as _stream
    return MemoryPointer(MemoryAsync(size, _stream.get_current_stream()), 0)


# --- MemoryPointer's copies and fills (methods of the core's type) ---

def _stream_ptr(stream):
    if stream is None:
        return _core.get_current_stream().ptr
    ptr = getattr(stream, "ptr", None)
    if ptr is None:
        raise TypeError("stream must be a cunp.cuda.Stream or None, not %s"
                        % type(stream).__name__)
    return ptr


def _device_address(mem, name):
    if isinstance(mem, MemoryPointer):
        return mem.ptr
    if isinstance(mem, int) and not isinstance(mem, bool):
        return mem
    raise TypeError("%s must be a MemoryPointer or a device address (int), not %s"
                    % (name, type(mem).__name__))


def _host_address(mem):
    """A host address from an int, a ctypes pointer or object, a PinnedMemoryPointer (.ptr) or
    anything with the buffer protocol (a NumPy array)."""
    if isinstance(mem, bool):
        raise TypeError("mem must be a host pointer, not bool")
    if isinstance(mem, int):
        return mem
    if isinstance(mem, _ctypes.c_void_p):
        return mem.value or 0
    if isinstance(mem, (_ctypes._SimpleCData, _ctypes.Array, _ctypes.Structure)):
        return _ctypes.addressof(mem)
    if isinstance(mem, _ctypes._Pointer):
        return _ctypes.cast(mem, _ctypes.c_void_p).value or 0
    ptr = getattr(mem, "ptr", None)
    if isinstance(ptr, int):
        return ptr
    try:
        import numpy
        return numpy.frombuffer(memoryview(mem).cast("B"), numpy.uint8).ctypes.data
    except TypeError:
        raise TypeError("mem must be a host pointer (int, ctypes pointer, PinnedMemoryPointer or "
                        "a buffer), not %s" % type(mem).__name__) from None


def _copy(self, dst, src, size, stream, sync):
    size = _size(size)
    _core.memory.copy(dst, src, size, self.device_id, _stream_ptr(stream), sync)


def _copy_from_device(self, src, size):
    """Copies `size` bytes from the device memory `src` here (waits for the copy)."""
    _copy(self, self.ptr, _device_address(src, "src"), size, None, True)


def _copy_from_device_async(self, src, size, stream=None):
    """Enqueues a copy of `size` bytes from the device memory `src` on `stream` (None: the
    current stream)."""
    _copy(self, self.ptr, _device_address(src, "src"), size, stream, False)


def _copy_from_host(self, mem, size):
    """Copies `size` bytes from the host memory `mem` here (waits for the copy)."""
    _copy(self, self.ptr, _host_address(mem), size, None, True)


def _copy_from_host_async(self, mem, size, stream=None):
    """Enqueues a copy of `size` bytes from the host memory `mem` (pinned memory makes it
    truly asynchronous; keep `mem` alive and unchanged until the stream passes it)."""
    _copy(self, self.ptr, _host_address(mem), size, stream, False)


def _copy_from(self, mem, size):
    """copy_from_device for a MemoryPointer, copy_from_host for anything else."""
    if isinstance(mem, MemoryPointer):
        self.copy_from_device(mem, size)
    else:
        self.copy_from_host(mem, size)


def _copy_from_async(self, mem, size, stream=None):
    if isinstance(mem, MemoryPointer):
        self.copy_from_device_async(mem, size, stream)
    else:
        self.copy_from_host_async(mem, size, stream)


def _copy_to_host(self, mem, size):
    """Copies `size` bytes from here to the host memory `mem` (waits for the copy)."""
    _copy(self, _host_address(mem), self.ptr, size, None, True)


def _copy_to_host_async(self, mem, size, stream=None):
    """Enqueues a copy of `size` bytes from here to the host memory `mem` on `stream`."""
    _copy(self, _host_address(mem), self.ptr, size, stream, False)


def _fill(self, value, size, stream, sync):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("value must be an int (a byte), not %s" % type(value).__name__)
    _core.memory.memset(self.ptr, value, _size(size), self.device_id, _stream_ptr(stream), sync)


def _memset(self, value, size):
    """Sets `size` bytes from here to the byte `value` (waits for it)."""
    _fill(self, value, size, None, True)


def _memset_async(self, value, size, stream=None):
    """Enqueues setting `size` bytes from here to the byte `value` on `stream`."""
    _fill(self, value, size, stream, False)


def _bool(self):
    return self.ptr != 0


for _name, _fn in (("copy_from_device", _copy_from_device),
                   ("copy_from_device_async", _copy_from_device_async),
                   ("copy_from_host", _copy_from_host),
                   ("copy_from_host_async", _copy_from_host_async),
                   ("copy_from", _copy_from), ("copy_from_async", _copy_from_async),
                   ("copy_to_host", _copy_to_host), ("copy_to_host_async", _copy_to_host_async),
                   ("memset", _memset), ("memset_async", _memset_async), ("__bool__", _bool)):
    setattr(_core.MemoryPointer, _name, _fn)
del _name, _fn
