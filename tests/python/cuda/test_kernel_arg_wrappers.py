"""cunp.cuda.function's kernel-argument wrappers, CuPy's CPointer family: CIntptr (an intptr_t
value), CUIntMax (a uintmax_t value), CNumpyArray (a NumPy value passed by its bytes) and their
base CPointer (the argument's bytes at a host address). Construction and the values they carry
run without a GPU; the launches need one."""
import ctypes
import mmap
import sys

import numpy
import pytest

import cunp
from cunp.cuda import function
from cunp.cuda.function import CIntptr, CNumpyArray, CPointer, CUIntMax


def test_names_are_public():
    for name in ("CIntptr", "CNumpyArray", "CPointer", "CUIntMax"):
        assert name in function.__all__
        assert getattr(cunp.cuda.function, name) is getattr(function, name)


def test_subclasses_of_cpointer_as_in_cupy():
    for cls in (CIntptr, CUIntMax, CNumpyArray):
        assert issubclass(cls, CPointer)


@pytest.mark.parametrize("v", [0, 1, -1, 2**63 - 1, -2**63, numpy.int32(-7), numpy.uint8(200)])
def test_cintptr_carries_an_intptr(v):
    a = CIntptr(v)
    assert isinstance(a, numpy.intp) and isinstance(a, CPointer)
    assert a.dtype == numpy.intp
    assert int(a) == int(v)
    assert bytes(memoryview(a)) == numpy.intp(int(v)).tobytes()


@pytest.mark.parametrize("v", [0, 1, 2**63, 2**64 - 1, numpy.uint64(2**64 - 1)])
def test_cuintmax_carries_a_uintmax(v):
    a = CUIntMax(v)
    assert isinstance(a, numpy.uint64) and isinstance(a, CPointer)
    assert a.dtype == numpy.uint64
    assert int(a) == int(v)
    assert bytes(memoryview(a)) == numpy.uint64(int(v)).tobytes()


@pytest.mark.parametrize("cls, v, error", [
    (CIntptr, 2**63, OverflowError), (CIntptr, -2**63 - 1, OverflowError),
    (CIntptr, 1.5, TypeError), (CIntptr, "1", TypeError), (CIntptr, None, TypeError),
    (CUIntMax, -1, OverflowError), (CUIntMax, 2**64, OverflowError),
    (CUIntMax, 2.0, TypeError),
])
def test_out_of_range_or_not_integers(cls, v, error):
    with pytest.raises(error):
        cls(v)


def test_cnumpyarray_carries_the_bytes():
    pair = numpy.dtype([("i", numpy.int32), ("d", numpy.float64)], align=True)
    x = numpy.zeros(1, pair)
    x["i"], x["d"] = 7, 2.5
    a = CNumpyArray(x)
    assert isinstance(a, numpy.void) and isinstance(a, CPointer)
    assert a.dtype.itemsize == pair.itemsize
    assert bytes(memoryview(a)) == x.tobytes()
    x["i"] = 9  # the bytes were taken when it was made
    assert bytes(memoryview(a))[:4] == numpy.int32(7).tobytes()


@pytest.mark.parametrize("v", [numpy.float32(1.5), numpy.array(3, numpy.int16),
                               numpy.array([1, 2, 3, 4], numpy.float32),
                               numpy.arange(6, dtype=numpy.float64).reshape(2, 3)[:, 1],
                               numpy.zeros((), "V20"), numpy.complex128(1 - 2j)])
def test_cnumpyarray_of_arrays_and_scalars(v):
    a = CNumpyArray(v)
    assert bytes(memoryview(a)) == numpy.ascontiguousarray(v).tobytes()
    assert a.dtype.itemsize == numpy.asarray(v).nbytes


@pytest.mark.parametrize("v, error", [([1, 2], TypeError), (3, TypeError),
                                      (numpy.array([None, 1]), TypeError),
                                      (numpy.zeros(0), ValueError)])
def test_cnumpyarray_refuses(v, error):
    with pytest.raises(error):
        CNumpyArray(v)


def test_cpointer_reads_the_argument_at_its_address():
    d = ctypes.c_double(0.75)
    p = CPointer(ctypes.addressof(d))
    assert p.__index__() == numpy.float64(0.75).view(numpy.uint64)
    d.value = -3.0  # read when used (at launch), as CuPy does
    assert p.__index__() == numpy.float64(-3.0).view(numpy.uint64)
    assert "CPointer(0x" in repr(p)


def test_cpointer_does_not_read_past_a_mapped_page():
    page = mmap.PAGESIZE
    # Two pages, the second unmapped: a 4-byte value at the very end of the first page.
    buf = mmap.mmap(-1, 2 * page)
    base = ctypes.addressof(ctypes.c_char.from_buffer(buf))
    libc = ctypes.CDLL(None)
    libc.munmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    assert libc.munmap(base + page, page) == 0
    value = numpy.int32(-123456)
    ctypes.memmove(base + page - 4, value.tobytes(), 4)
    got = CPointer(base + page - 4).__index__()
    assert got.to_bytes(8, sys.byteorder)[:4] == value.tobytes()
    assert got.to_bytes(8, sys.byteorder)[4:] == bytes(4)


@pytest.mark.parametrize("p, error", [(1.5, TypeError), (None, TypeError), (2**64, OverflowError)])
def test_cpointer_refuses(p, error):
    with pytest.raises(error):
        CPointer(p)


def test_null_cpointer_is_refused_when_used():
    with pytest.raises(ValueError):
        CPointer().__index__()


# --- launches ---

_KERNELS = r"""
struct Pair { int i; double d; };
extern "C" __global__ void take_values(long long a, unsigned long long b, double c, int d,
                                       Pair e, float4 f, unsigned long long* out,
                                       double* dout) {
  out[0] = (unsigned long long)a; out[1] = b; out[2] = (unsigned long long)(long long)d;
  out[3] = (unsigned long long)(long long)e.i;
  dout[0] = c; dout[1] = e.d; dout[2] = f.x + 10 * f.y + 100 * f.z + 1000 * f.w;
}
extern "C" __global__ void through_pointer(const double* p, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * p[i];
}
"""


@pytest.mark.gpu
def test_wrappers_as_kernel_arguments():
    mod = cunp.RawModule(code=_KERNELS)
    f = mod.get_function("take_values")
    pair = numpy.dtype([("i", numpy.int32), ("d", numpy.float64)], align=True)
    e = numpy.zeros(1, pair)
    e["i"], e["d"] = -42, 6.25
    c = ctypes.c_double(1.125)
    d = ctypes.c_int32(-77)
    out = cunp.zeros(4, cunp.uint64)
    dout = cunp.zeros(3, cunp.float64)
    f((1,), (1,), (CIntptr(-5), CUIntMax(2**64 - 3), CPointer(ctypes.addressof(c)),
                   CPointer(ctypes.addressof(d)), CNumpyArray(e),
                   CNumpyArray(numpy.array([1, 2, 3, 4], numpy.float32)), out, dout))
    got = cunp.asnumpy(out)
    assert got.tolist() == [2**64 - 5, 2**64 - 3, 2**64 - 77, 2**64 - 42]
    assert cunp.asnumpy(dout).tolist() == [1.125, 6.25, 4321.0]


@pytest.mark.gpu
def test_cintptr_as_a_device_pointer_and_through_function():
    x = cunp.arange(300, dtype=cunp.float64)
    out = cunp.zeros_like(x)
    k = cunp.RawKernel(_KERNELS, "through_pointer")
    k((2,), (256,), (CIntptr(x.data.ptr), CIntptr(out.data.ptr), CIntptr(300)))
    numpy.testing.assert_array_equal(cunp.asnumpy(out), 2 * numpy.arange(300.0))
    # a pointer value read from host memory through CPointer
    holder = ctypes.c_uint64(x.data.ptr)
    out[...] = 0
    k((2,), (256,), (CPointer(ctypes.addressof(holder)), out, CNumpyArray(numpy.int32(300))))
    numpy.testing.assert_array_equal(cunp.asnumpy(out), 2 * numpy.arange(300.0))


@pytest.mark.gpu
def test_cpointer_to_a_large_parameter_is_refused():
    mod = cunp.RawModule(code=_KERNELS)
    pair = numpy.zeros(1, numpy.dtype([("i", numpy.int32), ("d", numpy.float64)], align=True))
    out = cunp.zeros(4, cunp.uint64)
    dout = cunp.zeros(3, cunp.float64)
    with pytest.raises(TypeError):
        mod.get_function("take_values")((1,), (1,), (
            CIntptr(0), CUIntMax(0), 0.0, 0, CPointer(pair.ctypes.data),
            CNumpyArray(numpy.zeros(4, numpy.float32)), out, dout))
