"""cunp.cuda.driver as cupy.cuda.driver: constants and errors, then a kernel compiled by
cunp.cuda.nvrtc, loaded, inspected and launched through the driver API."""

import ctypes
import os
import re

import numpy
import pytest

import cunp
from cunp.cuda import driver, nvrtc, runtime

HEADER = '/usr/local/cuda/include/cuda.h'

SOURCE = r'''
__device__ float scale = 2.0f;
extern "C" __global__ void axpy(const float* x, float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] * scale + y[i];
}
'''


@pytest.mark.skipif(not os.path.exists(HEADER), reason='no CUDA toolkit headers')
def test_constants_have_the_toolkit_values():
    with open(HEADER) as f:  # enumerators and #defines
        values = {m.group(1): int(m.group(2), 0) for m in re.finditer(
            r'\b(CU_\w+|CUDA_ERROR_\w+)(?:\s*=\s*|\s+)(0x[0-9a-fA-F]+|\d+)', f.read())}
    # CuPy keeps CU_JIT_NUM_OPTIONS at 25, the count of the options it names; newer CUDA
    # counts more (the header leaves it implicit), and CuPy's value is the one kept.
    assert driver.CU_JIT_NUM_OPTIONS == 25
    names = [n for n in dir(driver) if n.startswith(('CU_', 'CUDA_'))]
    names.remove('CU_JIT_NUM_OPTIONS')
    assert len(names) >= 60
    for name in names:
        assert getattr(driver, name) == values[name], name


def test_error_type():
    e = driver.CUDADriverError(1)
    assert isinstance(e, RuntimeError) and e.status == 1
    with pytest.raises(driver.CUDADriverError):
        driver.check_status(1)
    driver.check_status(0)


@pytest.mark.skipif(cunp.cuda.is_available(), reason='checks the machine without a GPU')
def test_clear_error_without_a_gpu():
    with pytest.raises(driver.CUDADriverError) as info:
        driver.ctxGetCurrent()
    assert info.value.status != 0 and 'driver' in str(info.value)


def test_build_version():
    assert driver.get_build_version() >= 12000


# -- on a GPU ------------------------------------------------------------------------------

def _cubin(source, name='axpy.cu'):
    props = runtime.getDeviceProperties(runtime.getDevice())
    prog = nvrtc.createProgram(source, name, (), ())
    try:
        nvrtc.compileProgram(prog, ('-arch=sm_%d%d' % (props['major'], props['minor']),))
        return nvrtc.getCUBIN(prog)
    finally:
        nvrtc.destroyProgram(prog)


def _params(*values):
    # kernelParams: an array of pointers to each argument's value.
    boxes = list(values)
    array = (ctypes.c_void_p * len(boxes))(*[ctypes.addressof(b) for b in boxes])
    return array, boxes


@pytest.mark.gpu
def test_module_load_and_launch():
    module = driver.moduleLoadData(_cubin(SOURCE))
    try:
        assert driver.ctxGetCurrent() != 0
        assert driver.ctxGetDevice() == runtime.getDevice()
        func = driver.moduleGetFunction(module, 'axpy')
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_NUM_REGS, func) > 0
        assert driver.funcGetAttribute(driver.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                                       func) >= 128
        driver.funcSetAttribute(func, driver.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                1024)
        assert driver.occupancyMaxActiveBlocksPerMultiprocessor(func, 128, 0) > 0
        min_grid, block = driver.occupancyMaxPotentialBlockSize(func, 0, 0)
        assert min_grid > 0 and block > 0

        scale = driver.moduleGetGlobal(module, 'scale')
        three = numpy.array([3.0], numpy.float32)
        runtime.memcpy(scale, three.ctypes.data, 4, runtime.memcpyHostToDevice)

        n = 1000
        x = cunp.arange(n, dtype=numpy.float32)
        y = cunp.ones(n, dtype=numpy.float32)
        runtime.deviceSynchronize()
        stream = runtime.streamCreate()
        params, _keep = _params(ctypes.c_void_p(x.data.ptr), ctypes.c_void_p(y.data.ptr),
                                ctypes.c_float(0.5), ctypes.c_int(n))
        driver.launchKernel(func, (n + 127) // 128, 1, 1, 128, 1, 1, 0, stream,
                            ctypes.addressof(params), 0)
        assert driver.streamGetCtx(stream) == driver.ctxGetCurrent()
        runtime.streamSynchronize(stream)
        runtime.streamDestroy(stream)
        expected = 0.5 * numpy.arange(n, dtype=numpy.float32) * 3.0 + 1.0
        numpy.testing.assert_allclose(y.get(), expected, rtol=1e-6)
    finally:
        driver.moduleUnload(module)


@pytest.mark.gpu
def test_linker_links_ptx():
    props = runtime.getDeviceProperties(runtime.getDevice())
    prog = nvrtc.createProgram(SOURCE, 'axpy.cu', (), ())
    nvrtc.compileProgram(prog, ('-arch=compute_%d%d' % (props['major'], props['minor']),))
    ptx = nvrtc.getPTX(prog)
    nvrtc.destroyProgram(prog)
    state = driver.linkCreate()
    try:
        driver.linkAddData(state, driver.CU_JIT_INPUT_PTX, ptx, 'axpy.ptx')
        cubin = driver.linkComplete(state)
    finally:
        driver.linkDestroy(state)
    assert isinstance(cubin, bytes) and cubin[:4] == b'\x7fELF'
    module = driver.moduleLoadData(cubin)
    assert driver.moduleGetFunction(module, 'axpy') != 0
    driver.moduleUnload(module)


@pytest.mark.gpu
def test_module_load_from_a_file(tmp_path):
    path = tmp_path / 'axpy.cubin'
    path.write_bytes(_cubin(SOURCE))
    module = driver.moduleLoad(str(path))
    assert driver.moduleGetFunction(module, 'axpy') != 0
    driver.moduleUnload(module)


@pytest.mark.gpu
def test_driver_error_names_the_status():
    module = driver.moduleLoadData(_cubin(SOURCE))
    with pytest.raises(driver.CUDADriverError) as info:
        driver.moduleGetFunction(module, 'no_such_kernel')
    assert info.value.status == 500  # CUDA_ERROR_NOT_FOUND
    assert str(info.value).startswith('CUDA_ERROR_NOT_FOUND: ')
    driver.moduleUnload(module)
