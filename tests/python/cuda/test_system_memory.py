"""cunp.cuda.memory.SystemMemory and malloc_system: host memory from the C library as a memory
object of the Memory family, and as the allocator of arrays where the GPU can use pageable
memory (HMM/ATS). The allocation tests run without a GPU."""
import ctypes
import gc
import weakref

import numpy
import pytest

import cunp
from cunp.cuda import memory


def test_allocation_size_device_and_alignment():
    mem = memory.SystemMemory(1000)
    assert isinstance(mem, memory.BaseMemory)
    assert mem.size == 1000
    assert mem.ptr != 0 and mem.ptr % 256 == 0
    assert mem.device_id == cunp.cuda.runtime.getDevice()
    assert int(mem) == mem.ptr
    ctypes.memset(mem.ptr, 0x5A, 1000)  # plain host memory: the CPU writes and reads it
    assert ctypes.string_at(mem.ptr, 1000) == b"\x5a" * 1000


def test_allocations_are_distinct_and_aligned():
    mems = [memory.SystemMemory(n) for n in (1, 255, 256, 257, 4096, 1 << 20)]
    ptrs = [m.ptr for m in mems]
    assert len(set(ptrs)) == len(ptrs)
    assert all(p % 256 == 0 for p in ptrs)


def test_size_zero_allocates_nothing():
    mem = memory.SystemMemory(0)
    assert mem.ptr == 0 and mem.size == 0
    p = memory.malloc_system(0)
    assert p.ptr == 0


@pytest.mark.parametrize("size, error", [(-1, ValueError), (1.5, TypeError), (True, TypeError),
                                         ("8", TypeError)])
def test_bad_sizes(size, error):
    with pytest.raises(error):
        memory.SystemMemory(size)


def test_malloc_system_returns_a_pointer_over_a_system_memory():
    mem = memory.SystemMemory(64)
    ref = weakref.ref(mem)
    p = memory.MemoryPointer(mem, 0)
    assert p.ptr == mem.ptr
    assert (p + 16).ptr == mem.ptr + 16
    q = memory.malloc_system(512)
    assert isinstance(q, memory.MemoryPointer)
    assert q.ptr % 256 == 0 and q.device_id == cunp.cuda.runtime.getDevice()
    del mem
    gc.collect()
    assert ref() is not None  # the pointer keeps its memory


class _CountingLibc:
    """The C library with its frees counted."""

    def __init__(self, libc):
        self.libc = libc
        self.posix_memalign = libc.posix_memalign
        self.freed = []

    def free(self, ptr):
        self.freed.append(ptr)
        self.libc.free(ptr)


@pytest.fixture
def counting_libc(monkeypatch):
    libc = _CountingLibc(memory._c_library())
    monkeypatch.setattr(memory, "_libc", libc)
    return libc


def test_freed_with_its_last_reference(counting_libc):
    mem = memory.SystemMemory(300)
    ptr, ref = mem.ptr, weakref.ref(mem)
    p = memory.MemoryPointer(mem, 0)
    view = p + 100
    del mem, p
    gc.collect()
    assert ref() is not None and counting_libc.freed == []
    del view
    gc.collect()
    assert ref() is None
    assert counting_libc.freed == [ptr]


def test_malloc_system_frees_once(counting_libc):
    p = memory.malloc_system(128)
    ptr = p.ptr
    del p
    gc.collect()
    assert counting_libc.freed == [ptr]
    memory.malloc_system(0)
    gc.collect()
    assert counting_libc.freed == [ptr]  # nothing allocated, nothing freed


def test_is_an_allocator():
    assert memory.malloc_system is cunp.cuda.memory.malloc_system
    with cunp.cuda.using_allocator(memory.malloc_system):
        assert cunp.cuda.get_allocator() is memory.malloc_system
        p = memory.alloc(1000)
        assert isinstance(p, memory.MemoryPointer)
        assert p.ptr % 256 == 0
        ctypes.memset(p.ptr, 1, 1000)
    assert cunp.cuda.get_allocator() is not memory.malloc_system


def _pageable_memory_access():
    try:
        rt = cunp.cuda.runtime
        return rt.deviceGetAttribute(rt.cudaDevAttrPageableMemoryAccess, rt.getDevice()) == 1
    except Exception:
        return False


@pytest.mark.gpu
def test_arrays_in_system_memory_compute():
    if not _pageable_memory_access():
        pytest.skip("the device cannot access pageable memory (no HMM/ATS)")
    x_host = numpy.arange(1 << 16, dtype=numpy.float32)
    with cunp.cuda.using_allocator(memory.malloc_system):
        x = cunp.asarray(x_host)
        y = cunp.sqrt(x) * 2 + x
        total = y.sum()
        z = cunp.empty((256, 256), cunp.float64)
        z[...] = cunp.arange(256)[:, None] - cunp.arange(256)
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.sqrt(x_host) * 2 + x_host, rtol=1e-6)
    numpy.testing.assert_allclose(float(total), float((numpy.sqrt(x_host) * 2 + x_host).sum(
        dtype=numpy.float64)), rtol=1e-5)
    numpy.testing.assert_array_equal(cunp.asnumpy(z),
                                     numpy.arange(256)[:, None] - numpy.arange(256))
    # The array's memory is the C library's, so the host reads it directly too.
    cunp.cuda.get_current_stream().synchronize()
    host_view = numpy.ctypeslib.as_array(ctypes.cast(y.data.ptr, ctypes.POINTER(ctypes.c_float)),
                                         shape=y.shape)
    numpy.testing.assert_array_equal(host_view, cunp.asnumpy(y))


@pytest.mark.gpu
def test_kernel_writes_system_memory():
    if not _pageable_memory_access():
        pytest.skip("the device cannot access pageable memory (no HMM/ATS)")
    p = memory.malloc_system(4 * 1024)
    a = cunp.ndarray((1024,), cunp.int32, p)
    k = cunp.RawKernel(r'''
extern "C" __global__ void fill(int* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 3 * i + 1;
}''', "fill")
    k((4,), (256,), (a, numpy.int32(1024)))
    cunp.cuda.get_current_stream().synchronize()
    expected = 3 * numpy.arange(1024, dtype=numpy.int32) + 1
    assert numpy.frombuffer(ctypes.string_at(p.ptr, 4096), numpy.int32).tolist() == \
        expected.tolist()
    numpy.testing.assert_array_equal(cunp.asnumpy(a), expected)
