"""cunp.cuda.compiler.compile_using_nvrtc / compile_using_nvcc and cunp.cuda.function.LinkState
as CuPy's: images compiled without a GPU here; loaded, linked and launched on the GPU."""
import io
import shutil

import numpy
import pytest

import cunp
from cunp.cuda import compiler, driver, function, get_nvcc_path

SAXPY = r'''
extern "C" __global__ void saxpy(float a, const float* x, float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += a * x[i];
}
template <typename T> __global__ void twice(T* x) { x[threadIdx.x] *= T(2); }
'''

gpu = pytest.mark.gpu
needs_nvcc = pytest.mark.skipif(get_nvcc_path() is None or shutil.which(
    (get_nvcc_path() or 'nvcc').split()[0]) is None, reason='no nvcc here')


def _has_nvrtc():
    try:
        compiler.compile_using_nvrtc('extern "C" __global__ void k() {}', arch=80)
        return True
    except Exception:
        return False


needs_nvrtc = pytest.mark.skipif(not _has_nvrtc(), reason='no NVRTC here')


@needs_nvrtc
@pytest.mark.parametrize('arch', [80, '90', 'sm_90', 'compute_80'])
def test_nvrtc_image_and_mapping(arch):
    image, mapping = compiler.compile_using_nvrtc(SAXPY, arch=arch)
    assert isinstance(image, bytes) and len(image) > 100
    assert mapping is None
    exprs = ['twice<float>', 'twice<double>']
    image, mapping = compiler.compile_using_nvrtc(SAXPY, ('-std=c++17',), arch=arch,
                                                  name_expressions=exprs)
    assert set(mapping) == set(exprs)
    assert all(v.startswith('_Z') for v in mapping.values())
    assert mapping['twice<float>'] != mapping['twice<double>']


@needs_nvrtc
def test_nvrtc_method_ptx_and_bad_method():
    ptx, mapping = compiler.compile_using_nvrtc(SAXPY, arch=80, name_expressions=['twice<int>'],
                                                method='ptx')
    text = ptx.decode()
    assert '.target sm_80' in text and '.entry saxpy' in text
    assert mapping['twice<int>'] in text
    cubin, _ = compiler.compile_using_nvrtc(SAXPY, arch=80, method='cubin')
    assert cubin[:4] == b'\x7fELF'
    with pytest.raises(compiler.CompileException, match='undeclared'):
        compiler.compile_using_nvrtc('__global__ void k() { undeclared(); }', arch=80,
                                     method='ptx')
    with pytest.raises(ValueError, match='method'):
        compiler.compile_using_nvrtc(SAXPY, arch=80, method='sass')


@needs_nvrtc
def test_nvrtc_errors():
    with pytest.raises(compiler.CompileException):
        compiler.compile_using_nvrtc('__global__ void k() { undeclared(); }', arch=80)
    with pytest.raises(TypeError):
        compiler.compile_using_nvrtc(b'bytes', arch=80)
    with pytest.raises(TypeError):
        compiler.compile_using_nvrtc(SAXPY, options=(1,), arch=80)
    with pytest.raises(ValueError, match='compute capability'):
        compiler.compile_using_nvrtc(SAXPY, arch='ampere')


@needs_nvcc
@pytest.mark.parametrize('code_type', ['cubin', 'ptx'])
def test_nvcc_image(code_type):
    log = io.StringIO()
    image = compiler.compile_using_nvcc(SAXPY, arch=80, code_type=code_type, log_stream=log)
    assert isinstance(image, bytes) and len(image) > 100
    if code_type == 'ptx':
        assert b'.entry saxpy' in image


@needs_nvcc
def test_nvcc_errors():
    with pytest.raises(compiler.NVCCException, match='undeclared'):
        compiler.compile_using_nvcc('__global__ void k() { undeclared(); }', arch=80)
    with pytest.raises(ValueError, match='code_type'):
        compiler.compile_using_nvcc(SAXPY, arch=80, code_type='fatbin')


def _run_saxpy(module):
    n = 1000
    x = cunp.arange(n, dtype=cunp.float32)
    y = cunp.ones(n, dtype=cunp.float32)
    module.get_function('saxpy')(((n + 127) // 128,), (128,),
                                 (numpy.float32(2), x, y, numpy.int32(n)))
    numpy.testing.assert_array_equal(cunp.asnumpy(y), 1 + 2 * numpy.arange(n, dtype='f'))


@gpu
def test_nvrtc_image_loads_and_runs():
    image, mapping = compiler.compile_using_nvrtc(SAXPY, name_expressions=['twice<float>'])
    mod = function.Module()
    mod.load(image)
    _run_saxpy(mod)
    x = cunp.arange(32, dtype=cunp.float32)
    mod.get_function(mapping['twice<float>'])((1,), (32,), (x,))
    numpy.testing.assert_array_equal(cunp.asnumpy(x), 2 * numpy.arange(32, dtype='f'))


@gpu
@needs_nvcc
@pytest.mark.parametrize('code_type', ['cubin', 'ptx'])
def test_nvcc_image_loads_and_runs(code_type):
    mod = function.Module()
    mod.load(compiler.compile_using_nvcc(SAXPY, code_type=code_type))
    _run_saxpy(mod)


CALLER = r'''
extern __device__ float scale(float v);
extern "C" __global__ void apply(float* x) { x[threadIdx.x] = scale(x[threadIdx.x]); }
'''
CALLEE = r'''
__device__ float scale(float v) { return 3.0f * v + 1.0f; }
'''


@gpu
@needs_nvcc
def test_link_state_links_relocatable_code():
    # Two translation units compiled separately (relocatable PTX), linked by the driver.
    link = function.LinkState()
    for name, src in (('caller.ptx', CALLER), ('callee.ptx', CALLEE)):
        ptx = compiler.compile_using_nvcc(src, code_type='ptx', separate_compilation=True)
        link.add_ptr_data(ptx, name, driver.CU_JIT_INPUT_PTX)
    cubin = link.complete()
    assert isinstance(cubin, bytes) and len(cubin) > 100
    mod = function.Module()
    mod.load(cubin)
    x = cunp.arange(64, dtype=cunp.float32)
    mod.get_function('apply')((1,), (64,), (x,))
    numpy.testing.assert_array_equal(cunp.asnumpy(x), 3 * numpy.arange(64, dtype='f') + 1)


@gpu
@needs_nvcc
def test_link_state_reports_unresolved_symbols():
    link = function.LinkState()
    ptx = compiler.compile_using_nvcc(CALLER, code_type='ptx', separate_compilation=True)
    link.add_ptr_data(ptx, 'caller.ptx', driver.CU_JIT_INPUT_PTX)
    with pytest.raises(driver.CUDADriverError):
        link.complete()
