"""cunp.cuda laid out as cupy.cuda: the submodules and their objects, without a GPU (names,
argument checks, memory hooks called by hand, pointer arithmetic over foreign memory)."""
import ctypes
import io
import json

import numpy
import pytest

import cunp
from cunp import cuda


@pytest.mark.parametrize("module, names", [
    ("stream", "Event ExternalStream Stream get_current_stream get_elapsed_time"),
    ("device", "Device from_pointer get_compute_capability get_device_id"),
    ("memory", "BaseMemory CFunctionAllocator CFunctionAllocatorMemory CUDARuntimeError "
               "ManagedMemory Memory MemoryAsync MemoryAsyncPool MemoryPointer MemoryPool "
               "OutOfMemoryError PooledMemory PythonFunctionAllocator "
               "PythonFunctionAllocatorMemory SingleDeviceMemoryPool UnownedMemory alloc "
               "get_allocator malloc_async malloc_managed set_allocator using_allocator"),
    ("pinned_memory", "PinnedMemory PinnedMemoryPointer PinnedMemoryPool PooledPinnedMemory "
                      "alloc_pinned_memory is_memory_pinned set_pinned_memory_allocator"),
    ("function", "Function Module"),
    ("compiler", "CompileException JitifyException NVCCException compile_with_cache "
                 "is_valid_kernel_name"),
    ("nvtx", "Mark MarkC RangeEnd RangePop RangePush RangePushC RangeStart available"),
    ("memory_hook", "MemoryHook get_memory_hooks"),
    ("memory_hooks", "DebugPrintHook LineProfileHook debug_print line_profile"),
    ("graph", "Graph"),
])
def test_submodule_names(module, names):
    mod = getattr(cuda, module)
    for name in names.split():
        assert hasattr(mod, name), "cunp.cuda.%s.%s" % (module, name)


def test_top_level_names():
    for name in ("Graph", "ExternalStream", "Function", "Module", "Memory", "ManagedMemory",
                 "UnownedMemory", "MemoryPointer", "alloc", "malloc_managed", "malloc_async",
                 "MemoryAsyncPool", "using_allocator", "set_pinned_memory_allocator",
                 "alloc_pinned_memory", "PinnedMemoryPool", "PinnedMemoryPointer",
                 "MemoryHook", "get_cuda_path", "get_nvcc_path", "get_local_runtime_version",
                 "BaseMemory", "PythonFunctionAllocator", "CFunctionAllocator"):
        assert hasattr(cuda, name), name
    assert cuda.Graph is cuda.graph.Graph
    assert cuda.stream.Stream is cuda.Stream
    assert cuda.device.Device is cuda.Device
    assert cuda.memory.MemoryPointer is cuda.MemoryPointer


def test_paths():
    path = cuda.get_cuda_path()
    assert path is None or isinstance(path, str)
    nvcc = cuda.get_nvcc_path()
    assert nvcc is None or isinstance(nvcc, str)


def test_local_runtime_version():
    try:
        v = cuda.get_local_runtime_version()
    except RuntimeError:
        pytest.skip("no CUDA libraries here")
    assert isinstance(v, int) and v >= 11000


def test_nvtx_start_end_without_a_profiler():
    rid = cuda.nvtx.RangeStart("work", 2)
    assert isinstance(rid, int)
    cuda.nvtx.RangeEnd(rid)
    assert cuda.nvtx.available is True
    with pytest.raises(TypeError, match="range_id"):
        cuda.nvtx.RangeEnd("x")


def test_external_stream_arguments():
    with pytest.raises(TypeError, match="ptr"):
        cuda.ExternalStream("0x10")
    with pytest.raises(TypeError, match="device_id"):
        cuda.ExternalStream(16, device_id=1.5)


def test_compile_with_cache_arguments():
    with pytest.raises(TypeError, match="source"):
        cuda.compiler.compile_with_cache(b"__global__ void f() {}")
    with pytest.raises(ValueError, match="backend"):
        cuda.compiler.compile_with_cache("__global__ void f() {}", backend="hipcc")


def test_function_needs_a_module():
    with pytest.raises(TypeError, match="module"):
        cuda.function.Function(object(), "f")
    with pytest.raises(RuntimeError, match="load"):
        cuda.function.Module().get_function("f")
    with pytest.raises(TypeError, match="filename"):
        cuda.function.Module().load_file(3)


# --- memory objects over foreign memory (no driver call) ---

def test_memory_pointer_over_unowned_memory():
    owner = object()
    mem = cuda.UnownedMemory(4096, 256, owner, device_id=0)
    assert (mem.ptr, mem.size, mem.device_id) == (4096, 256, 0)
    p = cuda.MemoryPointer(mem, 16)
    assert p.ptr == 4112 and p.device_id == 0
    assert (p + 8).ptr == 4120 and (8 + p).ptr == 4120 and (p - 16).ptr == 4096
    assert int(p) == 4112 and bool(p)
    q = cuda.MemoryPointer(p, 4)
    assert q.ptr == 4116


def test_memory_pointer_needs_a_memory_object():
    with pytest.raises(TypeError, match="mem"):
        cuda.MemoryPointer(42, 0)


def test_unowned_memory_arguments():
    with pytest.raises(TypeError, match="ptr"):
        cuda.UnownedMemory(1.5, 8, None, device_id=0)
    with pytest.raises(ValueError, match="size"):
        cuda.UnownedMemory(16, -1, None, device_id=0)


def test_python_function_allocator_calls_both_functions():
    log = []

    def malloc(size, device_id):
        log.append(("malloc", size, device_id))
        return 0x1000

    def free(ptr, device_id):
        log.append(("free", ptr, device_id))

    alloc = cuda.PythonFunctionAllocator(malloc, free)
    p = alloc.malloc(64)
    assert p.ptr == 0x1000
    assert log[0][:2] == ("malloc", 64)
    del p
    import gc
    gc.collect()
    assert log[-1][:2] == ("free", 0x1000)
    with pytest.raises(TypeError, match="callable"):
        cuda.PythonFunctionAllocator(1, free)


def test_c_function_allocator_arguments():
    with pytest.raises(TypeError, match="malloc_func"):
        cuda.CFunctionAllocator(0, "malloc", 1)
    with pytest.raises(ValueError, match="null"):
        cuda.CFunctionAllocator(0, 0, 0)


def test_c_function_allocator_calls_the_c_functions():
    seen = []
    backing = (ctypes.c_char * 64)()

    @ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)
    def c_malloc(param, size, device_id):
        seen.append(("malloc", param, size))
        return ctypes.addressof(backing)

    @ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
    def c_free(param, ptr, device_id):
        seen.append(("free", param, ptr))

    address = ctypes.cast(c_malloc, ctypes.c_void_p).value
    free_address = ctypes.cast(c_free, ctypes.c_void_p).value
    alloc = cuda.CFunctionAllocator(7, address, free_address, owner=(c_malloc, c_free))
    p = alloc.malloc(32)
    assert p.ptr == ctypes.addressof(backing)
    del p
    import gc
    gc.collect()
    assert seen == [("malloc", 7, 32), ("free", 7, ctypes.addressof(backing))]


@pytest.mark.parametrize("make", [
    lambda: cuda.MemoryPointer(cuda.UnownedMemory(4096, 64, None, device_id=0), 0),
])
def test_copy_and_memset_argument_checks(make):
    p = make()
    with pytest.raises(TypeError, match="src"):
        p.copy_from_device("x", 8)
    with pytest.raises(TypeError, match="mem"):
        p.copy_from_host(object(), 8)
    with pytest.raises(ValueError, match="size"):
        p.copy_from_host(0, -1)
    with pytest.raises(TypeError, match="value"):
        p.memset(1.5, 8)
    with pytest.raises(TypeError, match="stream"):
        p.memset_async(0, 8, stream="s")


def test_host_addresses():
    from cunp.cuda.memory import _host_address
    buf = (ctypes.c_char * 16)()
    assert _host_address(buf) == ctypes.addressof(buf)
    assert _host_address(ctypes.c_void_p(1234)) == 1234
    assert _host_address(99) == 99
    a = numpy.zeros(4)
    assert _host_address(a) == a.ctypes.data
    with pytest.raises(TypeError):
        _host_address(True)


def test_memory_async_pool_arguments():
    with pytest.raises(ValueError, match="pool_handles"):
        cuda.MemoryAsyncPool("everything")


def test_pinned_allocator_arguments():
    with pytest.raises(TypeError, match="allocator"):
        cuda.set_pinned_memory_allocator(3)
    with pytest.raises(TypeError, match="size"):
        cuda.alloc_pinned_memory(2.5)
    with pytest.raises(ValueError, match="size"):
        cuda.alloc_pinned_memory(-1)


def test_custom_pinned_allocator_is_used():
    got = []

    def allocator(size):
        got.append(size)
        return "mine"

    cuda.set_pinned_memory_allocator(allocator)
    try:
        assert cuda.alloc_pinned_memory(10) == "mine"
    finally:
        cuda.set_pinned_memory_allocator()
    assert got == [10]


def test_set_allocator_arguments():
    with pytest.raises(TypeError, match="allocator"):
        cuda.set_allocator(5)


def test_using_allocator_restores_the_previous_one():
    before = cuda.get_allocator()

    def mine(size):
        raise AssertionError

    with cuda.using_allocator(mine):
        assert cuda.get_allocator() is mine
    assert cuda.get_allocator() is before


# --- memory hooks ---

class _Recorder(cuda.MemoryHook):
    name = "recorder"

    def __init__(self):
        self.calls = []

    def alloc_preprocess(self, **kw):
        self.calls.append(("alloc_pre", kw))

    def alloc_postprocess(self, **kw):
        self.calls.append(("alloc_post", kw))

    def malloc_preprocess(self, **kw):
        self.calls.append(("malloc_pre", kw))

    def malloc_postprocess(self, **kw):
        self.calls.append(("malloc_post", kw))


def test_hook_install_and_remove():
    from cunp.cuda import memory_hook
    hook = _Recorder()
    assert memory_hook.get_memory_hooks() == {}
    with hook:
        assert memory_hook.get_memory_hooks() == {"recorder": hook}
        assert memory_hook._has_hooks() and memory_hook._any_hooks()
        with pytest.raises(KeyError, match="already exists"):
            with _Recorder():
                pass
    assert memory_hook.get_memory_hooks() == {}
    assert not memory_hook._any_hooks()


def test_hooks_are_per_thread():
    import threading
    from cunp.cuda import memory_hook
    seen = []
    with _Recorder():
        t = threading.Thread(target=lambda: seen.append(dict(memory_hook.get_memory_hooks())))
        t.start()
        t.join()
    assert seen == [{}]


def test_alloc_hooks_around_an_allocator():
    from cunp.cuda import memory_hook
    hook = _Recorder()
    fake = cuda.MemoryPointer(cuda.UnownedMemory(8192, 100, None, device_id=0), 0)
    with hook:
        out = memory_hook._hooked_alloc(lambda: fake, 100)
    assert out is fake
    assert [c[0] for c in hook.calls] == ["alloc_pre", "alloc_post"]
    assert hook.calls[0][1] == {"device_id": cunp.cuda.runtime.getDevice(), "mem_size": 100}
    assert hook.calls[1][1]["mem_ptr"] == 8192


def test_malloc_hooks_and_free_hooks():
    from cunp.cuda import memory_hook
    events = []

    class Hook(cuda.MemoryHook):
        name = "h"

        def malloc_preprocess(self, **kw):
            events.append(("malloc_pre", kw))

        def malloc_postprocess(self, **kw):
            events.append(("malloc_post", kw))

        def free_preprocess(self, **kw):
            events.append(("free_pre", kw))

        def free_postprocess(self, **kw):
            events.append(("free_post", kw))

    block = cuda.MemoryPointer(cuda.UnownedMemory(1 << 20, 1024, None, device_id=0), 0)
    with Hook():
        p = memory_hook._hooked_malloc(lambda: block, 1000)
        assert p.ptr == 1 << 20
        del p
        import gc
        gc.collect()
    names = [e[0] for e in events]
    assert names == ["malloc_pre", "malloc_post", "free_pre", "free_post"]
    assert events[0][1]["mem_size"] == 1024 and events[0][1]["size"] == 1000
    assert events[1][1]["pmem_id"] == events[2][1]["pmem_id"] != 0
    assert events[2][1]["mem_ptr"] == 1 << 20


def test_debug_print_hook_writes_json_lines():
    out = io.StringIO()
    hook = cuda.memory_hooks.DebugPrintHook(file=out)
    hook.alloc_postprocess(device_id=0, mem_size=800, mem_ptr=4096)
    hook.malloc_postprocess(device_id=0, size=800, mem_size=1024, mem_ptr=4096, pmem_id=255)
    hook.free_postprocess(device_id=0, mem_size=1024, mem_ptr=4096, pmem_id=255)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0] == {"hook": "alloc", "device_id": 0, "mem_size": 800, "mem_ptr": 4096}
    assert lines[1] == {"hook": "malloc", "device_id": 0, "size": 800, "mem_size": 1024,
                        "mem_ptr": 4096, "pmem_id": "0xff"}
    assert lines[2]["hook"] == "free" and lines[2]["pmem_id"] == "0xff"


def test_line_profile_hook_report():
    hook = cuda.memory_hooks.LineProfileHook()

    def allocate_here():
        hook.malloc_preprocess(device_id=0, size=100, mem_size=512)

    allocate_here()
    out = io.StringIO()
    hook.print_report(out)
    text = out.getvalue()
    assert text.startswith("_root (100B, 512B)")
    assert "allocate_here" in text
    with pytest.raises(ValueError, match="max_depth"):
        cuda.memory_hooks.LineProfileHook(max_depth=-1)


def test_hook_with_no_name_is_refused():
    class NoName(cuda.MemoryHook):
        pass

    with pytest.raises(ValueError, match="name"):
        with NoName():
            pass


def test_pool_malloc_reaches_the_core_pool_once(monkeypatch):
    calls = []
    block = cuda.MemoryPointer(cuda.UnownedMemory(1 << 16, 512, None, device_id=0), 0)

    def core_malloc(self, size):
        calls.append(size)
        return block

    monkeypatch.setattr(cunp._core.MemoryPool, "malloc", core_malloc)
    pool = cuda.memory.get_default_memory_pool()
    assert isinstance(pool, cuda.MemoryPool) and pool is cunp.get_default_memory_pool()
    assert pool.malloc(100) is block
    with _Recorder() as hook:
        p = pool.malloc(200)
        assert p.ptr == block.ptr
    assert calls == [100, 200]
    assert [c[0] for c in hook.calls] == ["malloc_pre", "malloc_post"]
    single = cuda.memory.SingleDeviceMemoryPool(device=0)
    monkeypatch.setattr(cunp._core, "Device", lambda i: _NullContext())
    assert single.malloc(300) is block and calls[-1] == 300


class _NullContext:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_is_memory_pinned_of_pageable_memory():
    assert cuda.pinned_memory.is_memory_pinned(numpy.zeros(3)) is False
    assert cuda.pinned_memory.is_memory_pinned(0) is False
