"""RawKernel / RawModule build switches: translate_cucomplex (cuComplex.h on cunp's complex
type), jitify (standard C++ headers under NVRTC) and backend='nvcc' (and its disk cache). Without
a GPU each runs through the whole source-to-image pipeline for an architecture given by hand; on
the GPU (marked gpu) the kernels run on complex arrays and scalars, with the launch path's
argument forms."""

import numpy
import pytest

import cunp
from cunp import _core

gpu = pytest.mark.gpu


CUCOMPLEX = r'''
#include <cuComplex.h>
extern "C" __global__ void zmad(const cuDoubleComplex* a, const cuDoubleComplex* b,
                                cuDoubleComplex s, cuDoubleComplex* out, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        cuDoubleComplex t = cuCadd(cuCmul(a[i], b[i]), s);
        t = cuCdiv(t, make_cuDoubleComplex(1.0, 0.5));
        out[i] = make_cuDoubleComplex(cuCreal(t) + cuCabs(a[i]), cuCimag(cuConj(t)));
        out[i] = cuCfma(a[i], b[i], out[i]);
    }
}
extern "C" __global__ void cmad(const cuFloatComplex* a, cuComplex s, cuFloatComplex* out,
                                cuDoubleComplex* wide, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        cuFloatComplex t = cuCsubf(cuCaddf(cuCmulf(a[i], s), make_cuComplex(1.f, 2.f)), s);
        out[i] = cuCfmaf(cuConjf(t), cuCdivf(a[i], s), make_cuFloatComplex(cuCabsf(t), cuCimagf(t)));
        wide[i] = cuComplexFloatToDouble(out[i]);
        out[i] = cuComplexDoubleToFloat(wide[i]);
        out[i] = make_cuFloatComplex(cuCrealf(out[i]), cuCimagf(out[i]));
    }
}
'''


@pytest.mark.parametrize('arch', [80, 90])
def test_cucomplex_kernel_compiles_translated(arch):
    is_ptx, lowered, size = _core.kernels.raw_compile(CUCOMPLEX, arch=arch, translate_cucomplex=True)
    assert size > 0 and lowered == []


def test_cucomplex_names_without_the_include():
    src = CUCOMPLEX.replace('#include <cuComplex.h>', '')
    _core.kernels.raw_compile(src, translate_cucomplex=True)
    with pytest.raises(cunp.cuda.compiler.CompileException):
        _core.kernels.raw_compile(src)  # the names need the translation (or the header)


def test_cucomplex_translation_replaces_include_lines_only():
    src = '// #include <cuComplex.h>\n#include "cuComplex.h"\n  #  include <cuComplex.h>\nint x;\n'
    out = _core.kernels.translate_cucomplex(src)
    assert out.count('typedef cunp::complex<double> cuDoubleComplex;') == 2  # guarded twice
    assert out.startswith('// #include <cuComplex.h>\n')
    assert '#line 3\n' in out and '#line 4\nint x;\n' in out
    assert '#include "cuComplex.h"' not in out
    plain = _core.kernels.translate_cucomplex('int y;\n')
    assert plain.endswith('#line 1\nint y;\n')


def test_cucomplex_errors_keep_user_line_numbers():
    src = '#include <cuComplex.h>\n\nextern "C" __global__ void f(cuComplex* x) {\n  x[0] = \n}\n'
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core.kernels.raw_compile(src, translate_cucomplex=True)
    assert '(5): error' in info.value.log or '(4): error' in info.value.log
    assert info.value.source == src or 'cuComplex' in info.value.source


JITIFY_HEADERS = r'''
#include <cstdint>
#include <type_traits>
#include <limits>
#include <utility>
#include <cmath>
#include <cuda/std/complex>
template <class T>
__device__ typename std::enable_if<std::is_floating_point<T>::value, T>::type twice(T v) {
    return v + v;
}
extern "C" __global__ void k(float* x, std::int64_t* y, cuda::std::complex<float>* z, int n) {
    static_assert(std::is_same_v<std::uint32_t, unsigned int>, "uint32_t");
    static_assert(sizeof(std::int64_t) == 8 && sizeof(int16_t) == 2, "widths");
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        float a = x[i], b = 1.f;
        std::swap(a, b);
        x[i] = twice(std::sqrt(b)) + a * 0.f + (std::isnan(b) ? 1.f : 0.f);
        y[i] = std::numeric_limits<std::int32_t>::max() + std::int64_t(i);
        z[i] = z[i] * cuda::std::complex<float>(0.f, 1.f) + cuda::std::abs(z[i]);
    }
}
'''


def test_jitify_standard_headers_compile():
    _core.kernels.raw_compile(JITIFY_HEADERS, arch=90, jitify=True)
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core.kernels.raw_compile(JITIFY_HEADERS, arch=90)  # plain NVRTC has no <cstdint>
    assert 'cstdint' in str(info.value)


SHIMS = ['array', 'bit', 'bitset', 'cassert', 'cfloat', 'climits', 'cmath', 'complex',
         'concepts', 'cstddef', 'cstdint', 'cstdlib', 'cstring', 'functional', 'initializer_list',
         'iterator', 'limits', 'numbers', 'numeric', 'optional', 'ratio', 'span', 'tuple',
         'type_traits', 'utility', 'variant', 'version', 'cstdio', 'stdio.h', 'new']


@pytest.mark.parametrize('header', SHIMS)
def test_jitify_each_shim_compiles(header):
    src = '#include <%s>\nextern "C" __global__ void k(int* x) { x[0] = 1; }\n' % header
    _core.kernels.raw_compile(src, arch=90, jitify=True)


def test_jitify_cub_block_primitives():
    src = r'''
    #include <cstdint>
    #include <cub/block/block_reduce.cuh>
    extern "C" __global__ void block_sum(const int* x, std::int32_t* out) {
        using R = cub::BlockReduce<int, 128>;
        __shared__ typename R::TempStorage tmp;
        int s = R(tmp).Sum(x[threadIdx.x]);
        if (threadIdx.x == 0) out[blockIdx.x] = s;
    }'''
    _core.kernels.raw_compile(src, arch=90, jitify=True)


def test_jitify_with_cucomplex():
    _core.kernels.raw_compile('#include <type_traits>\n' + CUCOMPLEX, translate_cucomplex=True, jitify=True)


NVCC_SRC = r'''
#include <cstdint>
#include <type_traits>
extern "C" __global__ void scale(double* x, double a, std::int32_t n) {
    static_assert(std::is_same<std::int32_t, int>::value, "int32");
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
'''

nvcc_present = pytest.mark.skipif(not _core.kernels.nvcc_path(), reason='nvcc not installed')


@nvcc_present
@pytest.mark.parametrize('arch', [80, 90])
def test_nvcc_backend_builds_a_cubin(arch):
    is_ptx, lowered, size = _core.kernels.raw_compile(NVCC_SRC, arch=arch, backend='nvcc')
    assert not is_ptx and size > 0


@nvcc_present
def test_nvcc_backend_with_options_and_cucomplex():
    src = '#ifndef SCALE_T\n#error SCALE_T comes from the options\n#endif\n' + CUCOMPLEX
    _core.kernels.raw_compile(src, options=['-DSCALE_T=double', '--use_fast_math'], backend='nvcc',
                       translate_cucomplex=True)


@nvcc_present
def test_nvcc_backend_error_is_compile_exception_with_the_log():
    bad = NVCC_SRC.replace('x[i] *= a;', 'x[i] *= a')
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core.kernels.raw_compile(bad, backend='nvcc')
    assert 'expected a ";"' in info.value.log
    assert info.value.source == bad


def test_nvcc_backend_rejects_name_expressions():
    with pytest.raises(ValueError, match='name_expressions'):
        cunp.RawModule(code=NVCC_SRC, backend='nvcc', name_expressions=['scale'])


def test_nvcc_path_names_an_executable():
    import os
    p = _core.kernels.nvcc_path()
    if p:
        assert os.access(p, os.X_OK) and p.endswith('nvcc')


def test_build_switches_are_kept():
    k = cunp.RawKernel(CUCOMPLEX, 'zmad', backend='nvcc', translate_cucomplex=True, jitify=True)
    assert k.backend == 'nvcc' and k.code == CUCOMPLEX  # the user's source, untranslated
    m = cunp.RawModule(code=CUCOMPLEX, translate_cucomplex=True, jitify=True)
    assert m.backend == 'nvrtc' and m.code == CUCOMPLEX
    with pytest.raises(ValueError):
        cunp.RawModule(code=CUCOMPLEX, backend='clang')


# --- on the GPU ---

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


@gpu
@pytest.mark.parametrize('s', [2.5 - 1j, numpy.complex128(0.5 + 3j)])
def test_cucomplex_double(s):
    n = 1000
    a, b = _rand_complex(n, numpy.complex128, 1), _rand_complex(n, numpy.complex128, 2)
    k = cunp.RawKernel(ZKERNEL, 'zmad', translate_cucomplex=True)
    out = cunp.empty(n, dtype=cunp.complex128)
    k(((n + 127) // 128,), (128,), (cunp.asarray(a), cunp.asarray(b), s, out, n))
    numpy.testing.assert_allclose(out.get(), (a * b + s) / numpy.conj(b), rtol=1e-12)


@gpu
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


@gpu
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


@gpu
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


@gpu
@pytest.mark.skipif(not _core.kernels.nvcc_path(), reason='nvcc not installed')
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


@gpu
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
