"""RawKernel / RawModule build switches that need no GPU: translate_cucomplex (cuComplex.h on
cunp's complex type), jitify (standard C++ headers under NVRTC) and backend='nvcc', each run
through the whole source-to-image pipeline for an architecture given by hand."""
import pytest

import cunp
from cunp import _core

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
    is_ptx, lowered, size = _core._raw_compile(CUCOMPLEX, arch=arch, translate_cucomplex=True)
    assert size > 0 and lowered == []


def test_cucomplex_names_without_the_include():
    src = CUCOMPLEX.replace('#include <cuComplex.h>', '')
    _core._raw_compile(src, translate_cucomplex=True)
    with pytest.raises(cunp.cuda.compiler.CompileException):
        _core._raw_compile(src)  # the names need the translation (or the header)


def test_cucomplex_translation_replaces_include_lines_only():
    src = '// #include <cuComplex.h>\n#include "cuComplex.h"\n  #  include <cuComplex.h>\nint x;\n'
    out = _core._translate_cucomplex(src)
    assert out.count('typedef cunp::complex<double> cuDoubleComplex;') == 2  # guarded twice
    assert out.startswith('// #include <cuComplex.h>\n')
    assert '#line 3\n' in out and '#line 4\nint x;\n' in out
    assert '#include "cuComplex.h"' not in out
    plain = _core._translate_cucomplex('int y;\n')
    assert plain.endswith('#line 1\nint y;\n')


def test_cucomplex_errors_keep_user_line_numbers():
    src = '#include <cuComplex.h>\n\nextern "C" __global__ void f(cuComplex* x) {\n  x[0] = \n}\n'
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core._raw_compile(src, translate_cucomplex=True)
    assert '(5): error' in info.value.log or '(4): error' in info.value.log
    assert info.value.source == src or 'cuComplex' in info.value.source


JITIFY = r'''
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
    _core._raw_compile(JITIFY, arch=90, jitify=True)
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core._raw_compile(JITIFY, arch=90)  # plain NVRTC has no <cstdint>
    assert 'cstdint' in str(info.value)


SHIMS = ['array', 'bit', 'bitset', 'cassert', 'cfloat', 'climits', 'cmath', 'complex',
         'concepts', 'cstddef', 'cstdint', 'cstdlib', 'cstring', 'functional', 'initializer_list',
         'iterator', 'limits', 'numbers', 'numeric', 'optional', 'ratio', 'span', 'tuple',
         'type_traits', 'utility', 'variant', 'version', 'cstdio', 'stdio.h', 'new']


@pytest.mark.parametrize('header', SHIMS)
def test_jitify_each_shim_compiles(header):
    src = '#include <%s>\nextern "C" __global__ void k(int* x) { x[0] = 1; }\n' % header
    _core._raw_compile(src, arch=90, jitify=True)


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
    _core._raw_compile(src, arch=90, jitify=True)


def test_jitify_with_cucomplex():
    _core._raw_compile('#include <type_traits>\n' + CUCOMPLEX, translate_cucomplex=True, jitify=True)


NVCC_SRC = r'''
#include <cstdint>
#include <type_traits>
extern "C" __global__ void scale(double* x, double a, std::int32_t n) {
    static_assert(std::is_same<std::int32_t, int>::value, "int32");
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
'''

nvcc_present = pytest.mark.skipif(not _core._nvcc_path(), reason='nvcc not installed')


@nvcc_present
@pytest.mark.parametrize('arch', [80, 90])
def test_nvcc_backend_builds_a_cubin(arch):
    is_ptx, lowered, size = _core._raw_compile(NVCC_SRC, arch=arch, backend='nvcc')
    assert not is_ptx and size > 0


@nvcc_present
def test_nvcc_backend_with_options_and_cucomplex():
    src = '#ifndef SCALE_T\n#error SCALE_T comes from the options\n#endif\n' + CUCOMPLEX
    _core._raw_compile(src, options=['-DSCALE_T=double', '--use_fast_math'], backend='nvcc',
                       translate_cucomplex=True)


@nvcc_present
def test_nvcc_backend_error_is_compile_exception_with_the_log():
    bad = NVCC_SRC.replace('x[i] *= a;', 'x[i] *= a')
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core._raw_compile(bad, backend='nvcc')
    assert 'expected a ";"' in info.value.log
    assert info.value.source == bad


def test_nvcc_backend_rejects_name_expressions():
    with pytest.raises(ValueError, match='name_expressions'):
        cunp.RawModule(code=NVCC_SRC, backend='nvcc', name_expressions=['scale'])


def test_nvcc_path_names_an_executable():
    import os
    p = _core._nvcc_path()
    if p:
        assert os.access(p, os.X_OK) and p.endswith('nvcc')


def test_build_switches_are_kept():
    k = cunp.RawKernel(CUCOMPLEX, 'zmad', backend='nvcc', translate_cucomplex=True, jitify=True)
    assert k.backend == 'nvcc' and k.code == CUCOMPLEX  # the user's source, untranslated
    m = cunp.RawModule(code=CUCOMPLEX, translate_cucomplex=True, jitify=True)
    assert m.backend == 'nvrtc' and m.code == CUCOMPLEX
    with pytest.raises(ValueError):
        cunp.RawModule(code=CUCOMPLEX, backend='clang')
