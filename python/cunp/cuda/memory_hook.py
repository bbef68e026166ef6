"""cunp.cuda.memory_hook: the base class of memory hooks (cupy.cuda.memory_hook).

A hook sees every allocation the current thread makes while it is installed:

    with cunp.cuda.memory_hooks.DebugPrintHook():
        x = cunp.arange(10)          # prints the allocation and the pool's block

The calls, with keyword arguments as CuPy passes them: alloc_preprocess/alloc_postprocess around
the current allocator (device_id, mem_size[, mem_ptr]); malloc_preprocess/malloc_postprocess
around the pool (device_id, size, mem_size[, mem_ptr, pmem_id]); free_preprocess/
free_postprocess when a pool block is released (device_id, mem_size, mem_ptr, pmem_id).

With no hook installed anywhere, allocations never reach Python: the core takes memory from
the pool directly. While one is installed in any thread, arrays allocate through a Python
allocator that calls the hooks of the allocating thread.
"""
import threading as _threading

__all__ = ["MemoryHook", "get_memory_hooks"]

_local = _threading.local()
_lock = _threading.Lock()
_installed = 0  # hooks installed across all threads


def get_memory_hooks():
    """The hooks installed in the current thread: a dict from name to hook, in install order."""
    hooks = getattr(_local, "hooks", None)
    if hooks is None:
        hooks = _local.hooks = {}
    return hooks


def _has_hooks():
    return bool(getattr(_local, "hooks", None))


def _any_hooks():
    return _installed > 0


def _count(delta):
    """Keeps the number of installed hooks; the allocator is swapped when it leaves or reaches
    zero, so that the core only calls into Python while some hook wants to know."""
    global _installed
    with _lock:
        before = _installed
        _installed += delta
        after = _installed
    if (before == 0) != (after == 0):
        from cunp.cuda import memory
        memory._install(memory._allocator)


class MemoryHook:
    """Base class of memory hooks: subclass it, set `name` and override the calls you need.
    ``with hook:`` installs it in the current thread for the block (one hook per name)."""

    name = None

    def __enter__(self):
        hooks = get_memory_hooks()
        if self.name is None:
            raise ValueError("a memory hook needs a name (set the class attribute `name`)")
        if self.name in hooks:
            raise KeyError("memory hook %s already exists" % self.name)
        hooks[self.name] = self
        _count(+1)
        return self

    def __exit__(self, *exc):
        hooks = get_memory_hooks()
        if self.name not in hooks:
            raise KeyError("memory hook %s does not exist" % self.name)
        del hooks[self.name]
        _count(-1)

    def alloc_preprocess(self, **kwargs):
        """Before the current allocator runs: device_id, mem_size."""

    def alloc_postprocess(self, **kwargs):
        """After it: device_id, mem_size, mem_ptr."""

    def malloc_preprocess(self, **kwargs):
        """Before the pool allocates: device_id, size, mem_size (rounded to the pool's unit)."""

    def malloc_postprocess(self, **kwargs):
        """After it: device_id, size, mem_size, mem_ptr, pmem_id."""

    def free_preprocess(self, **kwargs):
        """Before a pool block is released: device_id, mem_size, mem_ptr, pmem_id."""

    def free_postprocess(self, **kwargs):
        """After it: device_id, mem_size, mem_ptr, pmem_id."""


def _round(size):
    """The pool's unit, as CuPy reports mem_size (512 bytes)."""
    return (size + 511) // 512 * 512


def _hooked_alloc(make, size):
    """make() -> MemoryPointer, with the thread's alloc hooks around it."""
    from cunp import _core
    hooks = list(get_memory_hooks().values())
    device_id = _core.getDevice()
    for hook in hooks:
        hook.alloc_preprocess(device_id=device_id, mem_size=size)
    pointer = make()
    for hook in hooks:
        hook.alloc_postprocess(device_id=device_id, mem_size=size, mem_ptr=pointer.ptr)
    return pointer


def _hooked_malloc(make, size):
    """make() -> a pool MemoryPointer, with the thread's malloc hooks around it; the block
    comes back wrapped so that releasing it calls the free hooks."""
    from cunp import _core
    from cunp.cuda.memory import MemoryPointer
    hooks = list(get_memory_hooks().values())
    device_id = _core.getDevice()
    mem_size = _round(size)
    for hook in hooks:
        hook.malloc_preprocess(device_id=device_id, size=size, mem_size=mem_size)
    result, mem_ptr, pmem_id = None, 0, 0
    try:
        holder = _HookedBlock(make(), mem_size)
        result = MemoryPointer(holder, 0)
        mem_ptr, pmem_id = result.ptr, id(holder)
    finally:
        for hook in hooks:
            hook.malloc_postprocess(device_id=device_id, size=size, mem_size=mem_size,
                                    mem_ptr=mem_ptr, pmem_id=pmem_id)
    return result


class _HookedBlock:
    """A pool block allocated under hooks: its release calls the free hooks of the thread that
    releases it (as CuPy's pool does)."""

    def __init__(self, pointer, mem_size):
        self._pointer = pointer
        self.ptr = pointer.ptr
        self.size = pointer.size  # the block's own size (the hooks are told mem_size)
        self._mem_size = mem_size
        self.device_id = pointer.device_id

    def __del__(self):
        try:
            hooks = list(get_memory_hooks().values())
        except Exception:  # interpreter shutdown
            hooks = []
        info = dict(device_id=self.device_id, mem_size=self._mem_size, mem_ptr=self.ptr,
                    pmem_id=id(self))
        for hook in hooks:
            hook.free_preprocess(**info)
        self._pointer = None  # back to the pool
        for hook in hooks:
            hook.free_postprocess(**info)


def _allocating_with_hooks(allocator):
    """The allocator the core calls while hooks exist: `allocator` (None: the driver) with the
    calling thread's alloc hooks around it."""
    from cunp.cuda import memory
    base = allocator if allocator is not None else memory._raw_malloc

    def allocate(size):
        if not _has_hooks():
            return base(size)
        return _hooked_alloc(lambda: base(size), size)
    return allocate
