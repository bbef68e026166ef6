"""CuPy-style programs over cunp.cuda's objects, unchanged but for the rename: streams with
map/reduce over events, pinned-memory async copies, memory hooks, structured kernel arguments,
MemoryPointer arithmetic and copies, memory objects and allocators, Module/Function."""
import ctypes
import gc
import io
import json

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


# --- streams and events ---

def test_streams_map_reduce_over_events():
    n = 1 << 20
    device_data = {}
    streams = [cunp.cuda.stream.Stream(non_blocking=True) for _ in range(4)]
    events = []
    expected = 0.0
    for i, s in enumerate(streams):
        with s:
            x = cunp.arange(n, dtype=cunp.float64) * (i + 1)
            device_data[i] = x.sum()
            events.append(s.record())
        expected += (i + 1) * (n - 1) * n / 2
    reducer = cunp.cuda.Stream(non_blocking=True)
    for e in events:
        reducer.wait_event(e)
    with reducer:
        total = cunp.stack([device_data[i] for i in range(4)]).sum()
    reducer.synchronize()
    assert float(total) == expected
    assert all(e.done for e in events)


def test_get_current_stream_in_a_with_block():
    s = cunp.cuda.stream.Stream()
    with s:
        assert cunp.cuda.stream.get_current_stream() == s
    assert cunp.cuda.get_current_stream() != s


def test_external_stream_runs_work():
    owner = cunp.cuda.Stream(non_blocking=True)
    ext = cunp.cuda.ExternalStream(owner.ptr)
    assert ext.ptr == owner.ptr
    with ext:
        y = cunp.arange(10) + 1
    ext.synchronize()
    assert y.get().tolist() == list(range(1, 11))


def test_elapsed_time_between_events():
    start, end = cunp.cuda.Event(), cunp.cuda.Event()
    start.record()
    cunp.arange(1 << 20).sum()
    end.record()
    end.synchronize()
    assert cunp.cuda.stream.get_elapsed_time(start, end) >= 0


def test_device_module():
    assert cunp.cuda.device.get_device_id() == cunp.cuda.runtime.getDevice()
    cc = cunp.cuda.device.get_compute_capability()
    assert cc == cunp.cuda.Device().compute_capability and cc.isdigit()


# --- pinned memory ---

def test_pinned_memory_async_copy_round_trip():
    n = 1 << 20
    src = numpy.random.default_rng(0).random(n)
    pmem = cunp.cuda.alloc_pinned_memory(src.nbytes)
    assert isinstance(pmem, cunp.cuda.PinnedMemoryPointer)
    host = numpy.frombuffer(pmem, numpy.float64, n)
    host[...] = src
    assert cunp.cuda.pinned_memory.is_memory_pinned(host)
    assert not cunp.cuda.pinned_memory.is_memory_pinned(numpy.zeros(4))
    s = cunp.cuda.Stream(non_blocking=True)
    with s:  # allocated for s: the pool orders the block's reuse on s
        x = cunp.empty(n, dtype=numpy.float64)
    x.data.copy_from_host_async(host.ctypes.data, src.nbytes, s)
    with s:
        y = x * 2
    back = numpy.frombuffer(cunp.cuda.alloc_pinned_memory(src.nbytes), numpy.float64, n)
    y.data.copy_to_host_async(back.ctypes.data, src.nbytes, s)
    s.synchronize()
    numpy.testing.assert_array_equal(back, src * 2)


def test_pinned_arrays_are_page_locked_and_copy_asynchronously():
    a = cunp.zeros_pinned((1024, 1024), dtype=numpy.float32)
    assert type(a) is numpy.ndarray
    assert cunp.cuda.pinned_memory.is_memory_pinned(a)
    a[...] = 3
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        x = cunp.empty(a.shape, a.dtype)
    x.data.copy_from_host_async(a, a.nbytes, stream=s)
    s.synchronize()
    assert float(x.sum()) == 3 * a.size
    e = cunp.empty_pinned(10, dtype=numpy.int32)
    assert cunp.cuda.pinned_memory.is_memory_pinned(e)


def test_pinned_memory_pool_and_pointer():
    pool = cunp.cuda.PinnedMemoryPool()
    p = pool.malloc(1000)
    assert p.size == 1000 and p.ptr != 0
    q = p + 100
    assert q.ptr == p.ptr + 100 and q.size == 900 and len(q) == 900
    r = cunp.cuda.PinnedMemoryPointer(cunp.cuda.PinnedMemory(64), 8)
    assert r.size == 56 and isinstance(r.mem, cunp.cuda.PinnedMemory)
    with pytest.raises(ValueError, match="offset"):
        cunp.cuda.PinnedMemoryPointer(r.mem, 65)
    view = memoryview(r)
    assert view.nbytes == 56 and not view.readonly


def test_set_pinned_memory_allocator_serves_empty_pinned():
    calls = []
    pool = cunp.cuda.PinnedMemoryPool()

    def allocator(size):
        calls.append(size)
        return pool.malloc(size)

    cunp.cuda.set_pinned_memory_allocator(allocator)
    try:
        a = cunp.empty_pinned(16, dtype=numpy.float64)
    finally:
        cunp.cuda.set_pinned_memory_allocator()
    assert calls == [128]
    assert cunp.cuda.pinned_memory.is_memory_pinned(a)


def test_set_and_get_with_pinned_arrays_on_a_stream():
    # CuPy's overlap idiom: pinned host buffers, set/get on a stream, one synchronize.
    n = 1 << 22
    src = cunp.empty_pinned(n, dtype=numpy.float32)
    src[...] = numpy.arange(n, dtype=numpy.float32)
    dst = cunp.zeros_pinned(n, dtype=numpy.float32)
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        x = cunp.empty(n, dtype=numpy.float32)
    x.set(src, stream=s)
    with s:
        x *= 2
    out = x.get(stream=s, out=dst, blocking=False)
    assert out is dst
    s.synchronize()
    numpy.testing.assert_array_equal(dst, numpy.arange(n, dtype=numpy.float32) * 2)
    # Pageable memory and blocking gets still work (staged, synchronous).
    with s:
        y = cunp.empty(n, dtype=numpy.float32)
    y.set(numpy.ones(n, numpy.float32), stream=s)
    assert float(y.get(stream=s).sum()) == n


# --- MemoryPointer arithmetic and copies ---

def test_memory_pointer_copies_and_memset():
    p = cunp.cuda.alloc(1024)
    assert isinstance(p, cunp.cuda.MemoryPointer)
    p.memset(0, 1024)
    (p + 512).memset_async(7, 512)
    host = numpy.empty(1024, numpy.uint8)
    p.copy_to_host(host.ctypes.data, 1024)
    assert (host[:512] == 0).all() and (host[512:] == 7).all()
    q = cunp.cuda.memory.alloc(1024)
    q.copy_from_device(p, 1024)
    q.copy_from_device_async(p + 512, 256)
    x = cunp.ndarray((1024,), numpy.uint8, memptr=q)
    expected = host.copy()
    expected[:256] = 7
    numpy.testing.assert_array_equal(x.get(), expected)
    src = numpy.arange(256, dtype=numpy.uint8)
    q.copy_from(src.ctypes.data, 256)
    q.copy_from_async(p, 1)
    cunp.cuda.get_current_stream().synchronize()
    got = numpy.empty(256, numpy.uint8)
    q.copy_to_host_async(ctypes.c_void_p(got.ctypes.data), 256)
    cunp.cuda.get_current_stream().synchronize()
    assert got[0] == 0 and (got[1:] == src[1:]).all()


def test_memory_pointer_of_an_array_and_its_views():
    a = cunp.arange(10, dtype=numpy.int32)
    p = a.data
    assert p.device_id == cunp.cuda.runtime.getDevice()
    b = a[3:]
    assert b.data.ptr == p.ptr + 12
    host = numpy.empty(7, numpy.int32)
    (p + 12).copy_to_host(host, 28)
    assert host.tolist() == list(range(3, 10))


# --- memory objects and allocators ---

@pytest.mark.parametrize("make", [cunp.cuda.Memory, cunp.cuda.ManagedMemory])
def test_memory_objects(make):
    mem = make(4096)
    assert mem.size == 4096 and mem.ptr != 0
    assert mem.device_id == cunp.cuda.runtime.getDevice()
    p = cunp.cuda.MemoryPointer(mem, 0)
    del mem
    p.memset(1, 4096)
    host = numpy.empty(4096, numpy.uint8)
    p.copy_to_host(host, 4096)
    assert (host == 1).all()


def test_managed_memory_is_reachable_from_the_host():
    p = cunp.cuda.malloc_managed(64)
    p.memset(5, 64)
    view = (ctypes.c_uint8 * 64).from_address(p.ptr)
    assert bytes(view) == b"\x05" * 64


def test_malloc_async_and_async_pool():
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        p = cunp.cuda.malloc_async(256)
        p.memset_async(3, 256)
    s.synchronize()
    host = numpy.empty(256, numpy.uint8)
    p.copy_to_host(host, 256)
    assert (host == 3).all()
    pool = cunp.cuda.MemoryAsyncPool()
    q = pool.malloc(1024)
    assert q.ptr != 0 and pool.used_bytes() >= 1024


def test_unowned_memory_keeps_its_owner():
    a = cunp.arange(16, dtype=numpy.float32)
    mem = cunp.cuda.UnownedMemory(a.data.ptr, a.nbytes, a)
    assert mem.device_id == cunp.cuda.runtime.getDevice()
    p = cunp.cuda.MemoryPointer(mem, 0)
    del a, mem
    gc.collect()
    b = cunp.ndarray((16,), numpy.float32, memptr=p)
    assert b.get().tolist() == list(range(16))


def test_using_allocator_with_a_python_function_allocator():
    frees = []
    live = {}

    def malloc(size, device_id):
        m = cunp.cuda.Memory(size)
        live[m.ptr] = m
        return m.ptr

    def free(ptr, device_id):
        frees.append(ptr)
        del live[ptr]

    alloc = cunp.cuda.PythonFunctionAllocator(malloc, free)
    with cunp.cuda.using_allocator(alloc.malloc):
        x = cunp.ones(1000)
        assert x.data.ptr in live
    y = x * 2
    assert float(y.sum()) == 2000
    ptr = x.data.ptr
    del x
    gc.collect()
    assert ptr in frees


def test_single_device_memory_pool():
    pool = cunp.cuda.memory.SingleDeviceMemoryPool()
    p = pool.malloc(1 << 16)
    assert pool.used_bytes() >= 1 << 16
    del p


# --- memory hooks ---

def test_debug_print_hook_sees_array_allocations():
    out = io.StringIO()
    with cunp.cuda.memory_hooks.DebugPrintHook(file=out):
        x = cunp.arange(1000, dtype=numpy.float64)
        ptr = x.data.ptr
        del x
        gc.collect()
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    hooks = [r["hook"] for r in records]
    assert "alloc" in hooks and "malloc" in hooks and "free" in hooks
    assert any(r["hook"] == "alloc" and r["mem_size"] == 8000 and r["mem_ptr"] == ptr
               for r in records)
    assert any(r["hook"] == "malloc" and r["size"] == 8000 and r["mem_size"] == 8192
               for r in records)
    assert any(r["hook"] == "free" and r["mem_ptr"] == ptr for r in records)
    # No hook left: allocations go straight to the pool again.
    y = cunp.arange(10)
    assert out.getvalue().count("\n") == len(records)
    del y


def test_line_profile_hook_reports_this_file():
    hook = cunp.cuda.memory_hooks.LineProfileHook()
    with hook:
        x = cunp.zeros((256, 256))
        del x
    out = io.StringIO()
    hook.print_report(out)
    assert "test_cuda_objects_gpu.py" in out.getvalue()


def test_custom_hook_counts_pool_malloc():
    class Counter(cunp.cuda.MemoryHook):
        name = "counter"

        def __init__(self):
            self.n = 0

        def malloc_postprocess(self, **kwargs):
            self.n += 1

    pool = cunp.get_default_memory_pool()
    with Counter() as c:
        pool.malloc(100)
        cunp.ones(3)
    assert c.n >= 2


# --- kernel arguments ---

_STRUCT_KERNELS = r"""
struct Particle { double3 pos; float mass; int id; };
struct Mat3 { float m[9]; };
struct Cplx { double re, im; int tag; };
extern "C" __global__ void take_double3(double3 v, double* out) {
  out[0] = v.x; out[1] = v.y; out[2] = v.z;
}
extern "C" __global__ void take_particle(Particle p, double* out) {
  out[0] = p.pos.x + p.pos.y + p.pos.z; out[1] = p.mass; out[2] = p.id;
}
extern "C" __global__ void take_mat3(Mat3 a, const float* x, float* y) {
  int i = threadIdx.x;
  y[i] = a.m[3 * i] * x[0] + a.m[3 * i + 1] * x[1] + a.m[3 * i + 2] * x[2];
}
extern "C" __global__ void take_cplx(Cplx c, double* out) {
  out[0] = c.re; out[1] = c.im; out[2] = c.tag;
}
extern "C" __global__ void take_scalars(signed char a, unsigned short b, int c, long long d,
                                        float e, double f, bool g, double* out) {
  out[0] = a; out[1] = b; out[2] = c; out[3] = d; out[4] = e; out[5] = f; out[6] = g;
}
extern "C" __global__ void take_pointer(const double* p, double* out) { out[0] = p[1]; }
"""


@pytest.fixture(scope="module")
def struct_module():
    return cunp.RawModule(code=_STRUCT_KERNELS)


def test_double3_by_value(struct_module):
    double3 = numpy.dtype({"names": ["x", "y", "z"], "formats": [numpy.float64] * 3})
    out = cunp.zeros(3)
    rhs = numpy.array([1.5, 2.5, 3.5])
    struct_module.get_function("take_double3")((1,), (1,), (rhs.view(double3), out))
    assert out.get().tolist() == [1.5, 2.5, 3.5]
    out[...] = 0
    struct_module.get_function("take_double3")((1,), (1,), (rhs.view(double3)[0], out))
    assert out.get().tolist() == [1.5, 2.5, 3.5]


def test_user_struct_by_value(struct_module):
    particle = numpy.dtype([("pos", numpy.float64, 3), ("mass", numpy.float32),
                            ("id", numpy.int32)], align=True)
    p = numpy.zeros(1, particle)
    p["pos"] = [1, 2, 3]
    p["mass"] = 0.5
    p["id"] = 42
    out = cunp.zeros(3)
    struct_module.get_function("take_particle")((1,), (1,), (p[0], out))
    assert out.get().tolist() == [6.0, 0.5, 42.0]


def test_packed_matrix_by_value(struct_module):
    mat = numpy.arange(9, dtype=numpy.float32).reshape(3, 3)
    mat3 = numpy.dtype([("m", numpy.float32, 9)])
    x = cunp.asarray(numpy.array([1, 2, 3], numpy.float32))
    y = cunp.zeros(3, numpy.float32)
    struct_module.get_function("take_mat3")((1,), (3,), (mat.reshape(-1).view(mat3), x, y))
    numpy.testing.assert_allclose(y.get(), mat @ numpy.array([1, 2, 3], numpy.float32))


def test_complex_struct_by_value(struct_module):
    cplx = numpy.dtype([("re", numpy.float64), ("im", numpy.float64), ("tag", numpy.int32)],
                       align=True)
    v = numpy.zeros((), cplx)
    v["re"], v["im"], v["tag"] = 1.25, -2.5, 7
    out = cunp.zeros(3)
    struct_module.get_function("take_cplx")((1,), (1,), (v[()], out))
    assert out.get().tolist() == [1.25, -2.5, 7.0]


def test_numpy_scalars_of_every_width(struct_module):
    out = cunp.zeros(7)
    args = (numpy.int8(-3), numpy.uint16(60000), numpy.int32(-70000), numpy.int64(1 << 40),
            numpy.float32(0.5), numpy.float64(0.25), numpy.bool_(True), out)
    struct_module.get_function("take_scalars")((1,), (1,), args)
    assert out.get().tolist() == [-3, 60000, -70000, float(1 << 40), 0.5, 0.25, 1.0]


def test_raw_pointers(struct_module):
    a = cunp.asarray([1.0, 2.0, 3.0])
    out = cunp.zeros(1)
    f = struct_module.get_function("take_pointer")
    f((1,), (1,), (a.data, out))
    assert float(out[0]) == 2.0
    out[...] = 0
    f((1,), (1,), (a.data.ptr, out))
    assert float(out[0]) == 2.0
    out[...] = 0
    f((1,), (1,), (a.data + 8 - 8, out))
    assert float(out[0]) == 2.0


def test_unaligned_struct_is_a_value_error(struct_module):
    packed = numpy.dtype([("a", numpy.int8), ("b", numpy.float64)])  # b at offset 1
    out = cunp.zeros(3)
    with pytest.raises(ValueError, match="offset 1"):
        struct_module.get_function("take_cplx")((1,), (1,), (numpy.zeros((), packed)[()], out))
    short = numpy.dtype([("re", numpy.float64), ("im", numpy.float64), ("tag", numpy.int32)])
    with pytest.raises(ValueError, match="align=True"):
        struct_module.get_function("take_cplx")((1,), (1,), (numpy.zeros(1, short), out))


def test_raw_kernel_object_takes_structs_by_value():
    # The same structs through cunp.RawKernel(code, name) rather than RawModule.get_function.
    double3 = numpy.dtype({"names": ["x", "y", "z"], "formats": [numpy.float64] * 3})
    out = cunp.zeros(3)
    rhs = numpy.array([1.5, 2.5, 3.5])
    take_double3 = cunp.RawKernel(_STRUCT_KERNELS, "take_double3")
    take_double3((1,), (1,), (rhs.view(double3), out))  # a one-element structured array
    assert out.get().tolist() == [1.5, 2.5, 3.5]
    take_double3((1,), (1,), (numpy.array([-1.0, 0.0, 8.0]).view(double3)[0], out))  # numpy.void
    assert out.get().tolist() == [-1.0, 0.0, 8.0]

    particle = numpy.dtype([("pos", numpy.float64, 3), ("mass", numpy.float32),
                            ("id", numpy.int32)], align=True)
    p = numpy.zeros((), particle)
    p["pos"], p["mass"], p["id"] = [1, 2, 3], 0.5, 42
    cunp.RawKernel(_STRUCT_KERNELS, "take_particle")((1,), (1,), (p[()], out))
    assert out.get().tolist() == [6.0, 0.5, 42.0]

    mat = numpy.arange(9, dtype=numpy.float32).reshape(3, 3)
    x = cunp.asarray(numpy.array([1, 2, 3], numpy.float32))
    y = cunp.zeros(3, numpy.float32)
    mat3 = numpy.dtype([("m", numpy.float32, 9)])
    cunp.RawKernel(_STRUCT_KERNELS, "take_mat3")((1,), (3,), (mat.reshape(-1).view(mat3), x, y))
    numpy.testing.assert_allclose(y.get(), mat @ numpy.array([1, 2, 3], numpy.float32))

    packed = numpy.dtype([("a", numpy.int8), ("b", numpy.float64)])  # b at offset 1
    with pytest.raises(ValueError, match="kernel argument 0: the field 'b'.*offset 1"):
        cunp.RawKernel(_STRUCT_KERNELS, "take_cplx")((1,), (1,), (numpy.zeros((), packed)[()],
                                                                 out))


@pytest.mark.parametrize("bad, kind", [
    (numpy.str_("abc"), "str_"),
    (numpy.bytes_(b"abc"), "bytes_"),
    (numpy.array([object()], dtype=object), "ndarray"),
    ("abc", "str"),
])
def test_unsupported_arguments_name_position_and_type(struct_module, bad, kind):
    out = cunp.zeros(3)
    with pytest.raises(TypeError, match=r"kernel argument 0") as info:
        struct_module.get_function("take_double3")((1,), (1,), (bad, out))
    assert kind in str(info.value)


# --- Module and Function ---

def test_compile_with_cache_module_and_function():
    src = r"""
    __device__ int counter[4];
    extern "C" __global__ void add(const float* x, float* y, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) y[i] += x[i];
      if (i == 0) counter[0] = 11;
    }
    """
    mod = cunp.cuda.compiler.compile_with_cache(src)
    assert isinstance(mod, cunp.cuda.function.Module)
    f = mod.get_function("add")
    assert isinstance(f, cunp.cuda.Function)
    x = cunp.arange(100, dtype=numpy.float32)
    y = cunp.ones(100, dtype=numpy.float32)
    f((1,), (128,), (x, y, numpy.int32(100)))
    numpy.testing.assert_array_equal(y.get(), numpy.arange(100) + 1)
    g = mod.get_global_var("counter")
    host = numpy.zeros(4, numpy.int32)
    g.copy_to_host(host, 16)
    assert host[0] == 11
    assert f.num_regs > 0


def test_make_aligned_dtype_values_pass_by_value(struct_module):
    cplx = cunp.make_aligned_dtype([("re", numpy.float64), ("im", numpy.float64),
                                    ("tag", numpy.int32)])
    v = numpy.zeros((), cplx)
    v["re"], v["im"], v["tag"] = 0.5, 1.5, -3
    out = cunp.zeros(3)
    struct_module.get_function("take_cplx")((1,), (1,), (v[()], out))
    assert out.get().tolist() == [0.5, 1.5, -3.0]
