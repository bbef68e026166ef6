"""cuFFT LTO callbacks without a GPU: cunp's forwarding entry points, compiled by NVRTC and
linked by nvJitLink the way cuFFT links a plan's callback (cunp.fft._lto_callbacks), the
element types they report, the version rules, and the diagnosis of the CUFFT_INTERNAL_ERROR
that an extern "C" callback named to cuFFT directly gave."""
import ctypes
import os

import pytest

from cunp.fft import _lto_callbacks as lto


def _toolkit():
    # NVRTC with LTO-IR output, nvJitLink and cuComplex.h: all this module's checks need.
    try:
        from cunp.cuda import get_cuda_path, nvrtc
        nvrtc.getVersion()
        lto.nvjitlink()
    except Exception as e:  # noqa: BLE001 - any missing piece skips
        return str(e)
    include = os.path.join(get_cuda_path() or '/usr/local/cuda', 'include', 'cuComplex.h')
    return None if os.path.exists(include) else 'no cuComplex.h'


_MISSING = _toolkit()
needs_toolkit = pytest.mark.skipif(_MISSING is not None, reason=f'toolkit: {_MISSING}')

LOAD_C = r'''
#include <cuComplex.h>
extern "C" __device__ cuComplex scale_input(void* in, unsigned long long offset, void* info,
                                            void* shared) {
  cuComplex v = static_cast<cuComplex*>(in)[offset];
  float k = *static_cast<float*>(info);
  return make_cuFloatComplex(k * v.x, k * v.y);
}
'''
LOAD_CPP_SIZE_T = LOAD_C.replace('extern "C" ', '').replace('unsigned long long', 'size_t')
LOAD_DOUBLE = r'''
#include <cuComplex.h>
__device__ cuDoubleComplex load_z(void* in, unsigned long long offset, void*, void*) {
  return static_cast<cuDoubleComplex*>(in)[offset];
}
'''
LOAD_REAL = r'''
__device__ double load_d(void* in, unsigned long long offset, void*, void*) {
  return 2 * static_cast<double*>(in)[offset];
}
'''
STORE_REF = r'''
#include <cuComplex.h>
__device__ void conj_store(void* out, unsigned long long offset, const cuComplex& e, void*,
                           void*) {
  static_cast<cuComplex*>(out)[offset] = cuConjf(e);
}
'''
STORE_FLOAT = r'''
extern "C" __device__ void store_f(void* out, unsigned long long offset, float e, void*, void*) {
  static_cast<float*>(out)[offset] = e;
}
'''


def _compile(source, load):
    from cunp.fft import config
    name = lto.device_function_name(source)
    return config._compile_lto(source, name, (), '90', load)


@needs_toolkit
@pytest.mark.parametrize('source, load, element', [
    (LOAD_C, True, 'float2'), (LOAD_CPP_SIZE_T, True, 'float2'),
    (LOAD_DOUBLE, True, 'double2'), (LOAD_REAL, True, 'double'),
    (STORE_REF, False, 'float2'), (STORE_FLOAT, False, 'float'),
])
def test_callbacks_link_as_cufft_links_them(source, load, element):
    ir, found = _compile(source, load)
    assert found == element and isinstance(ir, bytes) and len(ir) > 100
    cb_type = lto.ELEMENT_TYPES.index(element) + (0 if load else 4)
    entry = lto.LOAD_ENTRY if load else lto.STORE_ENTRY
    assert lto.link_error(ir, entry, cb_type, '90') is None
    if not load:
        # a store's element type is part of its symbol: another precision does not link
        other = 5 if element == 'float2' else 4
        assert 'Unresolved extern function' in lto.link_error(ir, entry, other, '90')


@needs_toolkit
def test_an_extern_c_callback_named_directly_does_not_link():
    # What made cufftMakePlanMany64 answer CUFFT_INTERNAL_ERROR: cuFFT calls the named
    # function through a C++ declaration, whose mangled symbol an extern "C" function lacks.
    ir, _ = lto.compile_lto(LOAD_C, 'scale_input', (), '90')
    error = lto.link_error(ir, 'scale_input', 0, '90')
    assert "Unresolved extern function '_Z11scale_inputPvyS_S_'" in error
    # NVIDIA's samples' form, C++ linkage and an unsigned long long offset, links as named
    cpp = LOAD_C.replace('extern "C" ', '')
    ir, _ = lto.compile_lto(cpp, 'scale_input', (), '90')
    assert lto.link_error(ir, 'scale_input', 0, '90') is None


@needs_toolkit
def test_callback_errors_name_the_cause():
    from cunp.fft import config
    with pytest.raises(RuntimeError, match='did not compile'):
        config._compile_lto('this is not CUDA', 'f', (), '90', True)
    wrong_arity = '__device__ float2 bad(void* in, int i) { return ((float2*)in)[i]; }'
    with pytest.raises(RuntimeError, match='too many arguments'):
        config._compile_lto(wrong_arity, 'bad', (), '90', True)
    wrong_type = '__device__ int bad(void*, unsigned long long, void*, void*) { return 0; }'
    with pytest.raises(ValueError, match='float2 .cuComplex., double2'):
        config._compile_lto(wrong_type, 'bad', (), '90', True)
    with pytest.raises(ValueError, match='global'):
        lto.forwarding_source(LOAD_C, 'ns::scale_input', True)
    first = config._compile_lto(LOAD_C, 'scale_input', (), '90', True)
    assert config._compile_lto(LOAD_C, 'scale_input', (), '90', True) is first  # cached


def test_device_function_name_takes_any_linkage():
    assert lto.device_function_name(LOAD_C) == 'scale_input'
    assert lto.device_function_name(STORE_REF) == 'conj_store'
    assert lto.device_function_name('__device__ extern "C" void st(void* p) {}') == 'st'
    assert lto.device_function_name(
        '__device__ float k = 2;\n__device__ __forceinline__ float2 f(void* p) {}') == 'f'
    with pytest.raises(ValueError, match='__device__ function'):
        lto.device_function_name('__global__ void kernel() {}')


def test_element_types_from_lowered_names():
    assert lto.element_type('_ZN17cunp_cufft_detail3tagI6float2EE') == 'float2'
    assert lto.element_type('_ZN17cunp_cufft_detail3tagI7double2EE') == 'double2'
    assert lto.element_type('_ZN17cunp_cufft_detail3tagIfEE') == 'float'
    assert lto.element_type('_ZN17cunp_cufft_detail3tagIdEE') == 'double'
    assert lto.element_type('_ZN17cunp_cufft_detail3tagIiEE') is None


def test_version_rules():
    assert lto.check_versions((13, 0), (13, 0), 12000) is None
    assert lto.check_versions((13, 0), (13, 1), 12002) is None
    assert 'newer than the nvJitLink' in lto.check_versions((13, 1), (13, 0), 12000)
    assert 'nvJitLink 13.x' in lto.check_versions((12, 9), (12, 9), 12000)
    assert 'NVRTC 13.x' in lto.check_versions((12, 9), (13, 0), 12000)
    assert lto.check_versions((12, 8), (12, 9), 11300) is None


def test_probe_instantiates_the_device_part():
    load = lto._probe_source('entry', 1)
    assert load.rstrip().endswith('CUNP_CUFFT_LOAD_PROBE(1, double2, entry)')
    assert '#define CUNP_CUFFT_LOAD_PROBE' in load
    store = lto._probe_source('entry', 6)
    assert store.rstrip().endswith('CUNP_CUFFT_STORE_PROBE(6, float, entry)')


@needs_toolkit
@pytest.mark.parametrize('cb_type', range(8))
def test_probe_compiles_for_every_callback_type(cb_type):
    """The probe declares the entry point with the LTO signature of each callback type, and a
    callback of that signature links against it (NVRTC to LTO-IR; no GPU needed)."""
    element = lto.ELEMENT_TYPES[cb_type]
    if cb_type < 4:
        user = (f'__device__ {element} entry(void* p, unsigned long long o, void*, void*) '
                f'{{ return static_cast<{element}*>(p)[o]; }}\n')
    else:
        user = (f'__device__ void entry(void* p, unsigned long long o, {element} v, void*, '
                f'void*) {{ static_cast<{element}*>(p)[o] = v; }}\n')
    ir = lto.compile_lto(user + lto._probe_source('entry', cb_type), 'probe', (), '75')[0]
    assert len(ir) > 0


@needs_toolkit
def test_nvjitlink_is_loaded_for_cufft():
    lib = lto.nvjitlink()
    assert isinstance(lib, ctypes.CDLL)
    major, minor = lto.nvjitlink_version(lib)
    assert major >= 12 and minor >= 0


def test_a_missing_nvjitlink_is_named():
    with pytest.raises(RuntimeError, match=r'nvJitLink \(libnvJitLink.so.99\) could not be'):
        lto._load_nvjitlink((), (99,))
    assert lto.cuda_major(12000) == 13 and lto.cuda_major(11400) == 12


BOTH = r'''
#include <cuComplex.h>
%(static)s__device__ float twice(float x) { return 2 * x; }
%(static)s__device__ cuComplex load(void* in, unsigned long long o, void*, void*) {
  cuComplex v = static_cast<cuComplex*>(in)[o];
  return make_cuFloatComplex(twice(v.x), twice(v.y));
}
%(static)s__device__ void store(void* out, unsigned long long o, cuComplex e, void*, void*) {
  static_cast<cuComplex*>(out)[o] = e;
}
'''


@needs_toolkit
def test_load_and_store_callbacks_link_together():
    # cuFFT links both into one program: one source given twice defines its functions twice,
    # unless they are static (cunp's forwarding entries reach static callbacks too).
    from cunp.fft import config
    shared = BOTH % {'static': ''}
    load_ir, load_type = config._compile_lto(shared, 'load', (), '90', True)
    store_ir, store_type = config._compile_lto(shared, 'store', (), '90', False)
    with pytest.raises(RuntimeError, match='multiply defined'):
        config._check_together(load_ir, load_type, store_ir, store_type, '90')
    private = BOTH % {'static': 'static '}
    load_ir, load_type = config._compile_lto(private, 'load', (), '90', True)
    store_ir, store_type = config._compile_lto(private, 'store', (), '90', False)
    config._check_together(load_ir, load_type, store_ir, store_type, '90')
