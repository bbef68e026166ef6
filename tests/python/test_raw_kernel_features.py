"""RawKernel on the GPU: translate_cucomplex kernels on complex arrays and scalars, jitify's
standard headers, backend='nvcc' (and its disk cache), and the launch path's argument forms."""
import numpy
import pytest

import cunp
from cunp import _core

pytestmark = pytest.mark.gpu

ZKERNEL = r'''
#include <cuComplex.h>
extern "C" __global__ void zmad(const cuDoubleComplex* a, const cuDoubleComplex* b,
                                cuDoubleComplex s, cuDoubleComplex* out, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) out[i] = cuCdiv(cuCadd(cuCmul(a[i], b[i]), s), cuConj(b[i]));
}
extern "C" __global__ void cmad(const cuFloatComplex* a, cuFloatComplex s, cuFloatComplex* out,
                                float* absval, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        out[i] = cuCsubf(cuCmulf(a[i], s), make_cuFloatComplex(cuCrealf(s), 0.f));
        absval[i] = cuCabsf(a[i]);
    }
}
'''


def _rand_complex(n, dtype, seed):
    rng = numpy.random.default_rng(seed)
    return (rng.standard_normal(n) + 1j * rng.standard_normal(n)).astype(dtype)


@pytest.mark.parametrize('s', [2.5 - 1j, numpy.complex128(0.5 + 3j)])
def test_cucomplex_double(s):
    n = 1000
    a, b = _rand_complex(n, numpy.complex128, 1), _rand_complex(n, numpy.complex128, 2)
    k = cunp.RawKernel(ZKERNEL, 'zmad', translate_cucomplex=True)
    out = cunp.empty(n, dtype=cunp.complex128)
    k(((n + 127) // 128,), (128,), (cunp.asarray(a), cunp.asarray(b), s, out, n))
    numpy.testing.assert_allclose(out.get(), (a * b + s) / numpy.conj(b), rtol=1e-12)


@pytest.mark.parametrize('kind', ['numpy', 'python'])
def test_cucomplex_float(kind):
    n = 777
    a = _rand_complex(n, numpy.complex64, 3)
    m = cunp.RawModule(code=ZKERNEL, translate_cucomplex=True)
    k = m.get_function('cmad')
    if kind == 'python' and k.num_params is None:
        pytest.skip('the driver cannot tell parameter sizes (a Python complex passes as complex128)')
    s = numpy.complex64(1.5 + 0.25j) if kind == 'numpy' else 1.5 + 0.25j
    out = cunp.empty(n, dtype=cunp.complex64)
    absval = cunp.empty(n, dtype=cunp.float32)
    k((4,), (256,), (cunp.asarray(a), s, out, absval, numpy.int32(n)))
    sc = numpy.complex64(1.5 + 0.25j)
    numpy.testing.assert_allclose(out.get(), a * sc - numpy.complex64(1.5), rtol=1e-5, atol=1e-6)
    numpy.testing.assert_allclose(absval.get(), numpy.abs(a), rtol=1e-6)


def test_cucomplex_non_contiguous_view_by_pointer():
    # A kernel sees the pointer only: a view's data pointer, with the stride handled by the caller.
    n = 64
    a = _rand_complex(2 * n, numpy.complex128, 4)
    b = _rand_complex(n, numpy.complex128, 5)
    d_a = cunp.asarray(a)[n:]  # offset view: its data pointer is not the allocation's start
    k = cunp.RawKernel(ZKERNEL, 'zmad', translate_cucomplex=True)
    out = cunp.zeros(n, dtype=cunp.complex128)
    k((1,), (n,), (d_a, cunp.asarray(b), 0j, out, n))
    numpy.testing.assert_allclose(out.get(), a[n:] * b / numpy.conj(b), rtol=1e-12)


JITIFY = r'''
#include <cstdint>
#include <type_traits>
#include <limits>
#include <cuda/std/complex>
template <class T>
__device__ typename std::enable_if<std::is_integral<T>::value, T>::type top() {
    return std::numeric_limits<T>::max();
}
extern "C" __global__ void k(std::int64_t* y, cuda::std::complex<float>* z, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        y[i] = top<std::int32_t>() + std::int64_t(i);
        z[i] = z[i] * cuda::std::complex<float>(0.f, 1.f);
    }
}
'''


def test_jitify_kernel_runs():
    n = 300
    k = cunp.RawKernel(JITIFY, 'k', jitify=True)
    y = cunp.zeros(n, dtype=cunp.int64)
    z0 = _rand_complex(n, numpy.complex64, 6)
    z = cunp.asarray(z0)
    k((2,), (256,), (y, z, n))
    numpy.testing.assert_array_equal(y.get(), 2**31 - 1 + numpy.arange(n))
    numpy.testing.assert_allclose(z.get(), z0 * 1j, rtol=1e-6)


SCALE = r'''
#include <cstdint>
extern "C" __global__ void scale(double* x, double a, std::int32_t n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
'''


@pytest.mark.skipif(not _core._nvcc_path(), reason='nvcc not installed')
def test_nvcc_backend_runs_and_caches(tmp_path, monkeypatch):
    x0 = numpy.arange(1000, dtype=numpy.float64)
    for attempt in range(2):  # the second kernel object loads the cubin from the disk cache
        k = cunp.RawKernel(SCALE, 'scale', backend='nvcc')
        x = cunp.asarray(x0)
        k((4,), (256,), (x, 3.0, 1000))
        numpy.testing.assert_array_equal(x.get(), x0 * 3)
    m = cunp.RawModule(code=SCALE, backend='nvcc', options=('-DUNUSED=1',))
    f = m.get_function('scale')
    x = cunp.asarray(x0)
    f((1,), (1024,), (x, 0.5, numpy.int32(1000)))
    numpy.testing.assert_array_equal(x.get(), x0 * 0.5)
    with pytest.raises(RuntimeError, match='CUDA_ERROR_NOT_FOUND'):
        m.get_function('missing')


TINY = r'extern "C" __global__ void tiny(float* x, int n) { if (threadIdx.x < n) x[threadIdx.x] += 1.f; }'


def test_launch_argument_forms():
    k = cunp.RawKernel(TINY, 'tiny')
    x = cunp.zeros(32, dtype=cunp.float32)
    k((1,), (32,), (x, 32))
    k(1, 32, (x, 32))
    k([1], [32, 1], [x, 32])
    k((numpy.int64(1),), (numpy.uint32(32), 1, 1), (x, numpy.int32(32)), shared_mem=numpy.int64(0))
    k((1, 1, 1), (32,), (x, 32), shared_mem=0, stream=cunp.cuda.get_current_stream())
    assert (x.get() == 5).all()
    with pytest.raises(ValueError):
        k((0,), (32,), (x, 32))
    with pytest.raises(ValueError):
        k((1,), (2048,), (x, 32))
    with pytest.raises(TypeError):
        k((1.5,), (32,), (x, 32))
    with pytest.raises(ValueError):
        k((1,), (32,), (x, 32), shared_mem=-1)
    if k.num_params is not None:  # the driver tells the parameter count (CUDA 12.4 on)
        with pytest.raises(TypeError):
            k((1,), (32,), (x,))
    with pytest.raises(TypeError):
        k((1,), (32,), (x, 'a'))
    assert (x.get() == 5).all()  # nothing launched by the bad calls
