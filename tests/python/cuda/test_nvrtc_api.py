"""cunp.cuda.nvrtc as cupy.cuda.nvrtc. NVRTC compiles without a GPU, so all of this runs on
any machine with the toolkit."""

import pickle

import pytest

from cunp.cuda import nvrtc

TEMPLATE = r'''
#include "scale.h"
template <typename T> __global__ void fill(T* out) { out[threadIdx.x] = T(SCALE); }
'''


def _available():
    try:
        nvrtc.getVersion()
        return True
    except nvrtc.NVRTCError:
        return False


pytestmark = pytest.mark.skipif(not _available(), reason='no NVRTC here')


@pytest.fixture
def program():
    prog = nvrtc.createProgram(TEMPLATE, 'fill.cu', ['#define SCALE 3\n'], ['scale.h'])
    yield prog
    nvrtc.destroyProgram(prog)


def test_version_and_archs():
    major, minor = nvrtc.getVersion()
    assert major >= 12 and minor >= 0
    archs = nvrtc.getSupportedArchs()
    assert isinstance(archs, tuple) and all(isinstance(a, int) for a in archs)
    assert 90 in archs


def test_compile_to_ptx_with_a_header_and_lowered_names(program):
    nvrtc.addNameExpression(program, 'fill<float>')
    nvrtc.addNameExpression(program, 'fill<int>')
    nvrtc.compileProgram(program, ['-arch=compute_90', '-std=c++17'])
    assert nvrtc.getLoweredName(program, 'fill<float>') == '_Z4fillIfEvPT_'
    assert nvrtc.getLoweredName(program, 'fill<int>') == '_Z4fillIiEvPT_'
    ptx = nvrtc.getPTX(program)
    assert isinstance(ptx, bytes) and b'.entry _Z4fillIfEvPT_' in ptx
    assert nvrtc.getProgramLog(program) == ''


def test_cubin_for_a_real_architecture(program):
    nvrtc.addNameExpression(program, 'fill<double>')
    nvrtc.compileProgram(program, ('-arch=sm_90',))
    assert nvrtc.getCUBIN(program)[:4] == b'\x7fELF'


def test_ltoir(program):
    nvrtc.addNameExpression(program, 'fill<float>')
    nvrtc.compileProgram(program, ['-arch=sm_90', '-dlto'])
    assert len(nvrtc.getLTOIR(program)) > 0


def test_compile_error_raises_with_the_log():
    prog = nvrtc.createProgram('__global__ void k() { undeclared(); }', 'bad.cu', [], [])
    try:
        with pytest.raises(nvrtc.NVRTCError) as info:
            nvrtc.compileProgram(prog, [])
        assert info.value.status == 6
        assert str(info.value) == 'NVRTC_ERROR_COMPILATION (6)'
        log = nvrtc.getProgramLog(prog)
        assert 'undeclared' in log and 'bad.cu' in log
    finally:
        nvrtc.destroyProgram(prog)


def test_bad_option_and_unknown_name_expression(program):
    with pytest.raises(nvrtc.NVRTCError) as info:
        nvrtc.compileProgram(program, ['--no-such-option'])
    assert info.value.status == 5  # NVRTC_ERROR_INVALID_OPTION
    with pytest.raises(nvrtc.NVRTCError):
        nvrtc.getLoweredName(program, 'fill<char>')


def test_check_status_and_pickling():
    nvrtc.check_status(0)
    with pytest.raises(nvrtc.NVRTCError) as info:
        nvrtc.check_status(3)
    assert info.value.status == 3 and '(3)' in str(info.value)
    again = pickle.loads(pickle.dumps(info.value))
    assert again.status == 3 and str(again) == str(info.value)


def test_headers_and_names_must_pair():
    with pytest.raises(ValueError):
        nvrtc.createProgram('', 'x.cu', ['a'], [])
