"""RawKernel / RawModule / fuse logic that needs no GPU: NVRTC compiles, CompileException
content, name-expression lowering, kernel-name hints, argument validation before any device
work, and the code a fused body compiles to."""
import pytest

import cunp
from cunp import _core

GOOD = r'''
extern "C" __global__ void scale(double* x, double a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
'''

TEMPLATE = r'''
template <typename T>
__global__ void fill(T* x, T v, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) x[i] = v;
}
__device__ int counter;
'''


def test_good_source_compiles():
    is_ptx, lowered = _core._nvrtc_compile(GOOD, [], [], 80)
    assert lowered == []


def test_syntax_error_raises_compile_exception_with_log_and_source():
    bad = GOOD.replace('x[i] *= a;', 'x[i] *= a')  # missing ';'
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core._nvrtc_compile(bad, [], [], 80)
    e = info.value
    assert 'expected a ";"' in e.log
    assert e.source == bad
    assert 'expected a ";"' in str(e)
    import io
    buf = io.StringIO()
    e.dump(buf)  # the numbered source, as CuPy's CompileException.dump writes it
    assert '   4     if (i < n) x[i] *= a' in buf.getvalue()


TOOLKIT_HEADERS = [
    r'''
    #include <cuda_fp16.h>
    extern "C" __global__ void f(double* out, __half h, float re, double2 c, float2 cf) {
        out[0] = __half2float(h); out[1] = c.x; out[5] = re;
    }''',
    r'''
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    extern "C" __global__ void f(int* x) {
        cg::grid_group g = cg::this_grid();
        atomicAdd(x, 1);
        g.sync();
        if (g.thread_rank() == 0) x[1] = x[0];
    }''',
]


@pytest.mark.parametrize('src', TOOLKIT_HEADERS)
def test_toolkit_headers_are_on_the_include_path(src):
    # NVRTC searches no directory by itself; user modules get the toolkit's include directory
    # (and, from CUDA 13, its cccl directory, which cooperative_groups.h needs), as in CuPy.
    _core._nvrtc_compile(src, [], [], 90)


def test_missing_header_message_shows_the_log():
    src = '#include <no_such_header_here.h>\n' + GOOD
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core._nvrtc_compile(src, [], [], 80)
    assert 'no_such_header_here.h' in str(info.value)
    assert 'open source file' in str(info.value)


def test_name_expressions_are_lowered():
    _, lowered = _core._nvrtc_compile(TEMPLATE, [], ['fill<float>', 'fill<double>'], 80)
    assert len(lowered) == 2
    assert all(n.startswith('_Z') for n in lowered)
    assert lowered[0] != lowered[1]


def test_bad_option_is_compile_exception():
    with pytest.raises(cunp.cuda.compiler.CompileException):
        _core._nvrtc_compile(GOOD, ['--no-such-option'], [], 80)


def test_extern_c_kernel_scan():
    src = r'''
    // extern "C" __global__ void commented(int* x) {}
    extern "C" __global__ void a(int* x) {}
    extern "C" {
      __global__ void b(int* x) {}
      __global__ void c(int* x) {}
    }
    __global__ void mangled(int* x) {}
    template <class T> __global__ void t(T* x) {}
    '''
    assert _core._extern_c_kernels(src) == ['a', 'b', 'c']


def test_raw_kernel_construction_is_lazy():
    k = cunp.RawKernel('this is not C++', 'k')  # nothing compiles until first use
    assert k.name == 'k'
    assert k.code == 'this is not C++'
    assert k.options == ()
    assert k.backend == 'nvrtc'


def test_raw_kernel_options_and_backend():
    k = cunp.RawKernel(GOOD, 'scale', options=('-DX=1', '--use_fast_math'))
    assert k.options == ('-DX=1', '--use_fast_math')
    with pytest.raises(ValueError):
        cunp.RawKernel(GOOD, 'scale', backend='clang')
    assert cunp.RawKernel(GOOD, 'scale', jitify=True).name == 'scale'
    assert cunp.RawKernel(GOOD, 'scale', backend='nvcc').backend == 'nvcc'
    with pytest.raises(TypeError):
        cunp.RawKernel(GOOD, 'scale', options=(1,))


def test_raw_module_needs_exactly_one_of_code_and_path():
    with pytest.raises(TypeError):
        cunp.RawModule()
    with pytest.raises(TypeError):
        cunp.RawModule(code=GOOD, path='x.cubin')
    m = cunp.RawModule(code=TEMPLATE, name_expressions=['fill<float>'])
    assert m.code == TEMPLATE
    assert list(m.name_expressions) == ['fill<float>']


def test_fusion_step_matches_numpy_promotion():
    import numpy
    dts, code = _core._fusion_step('multiply', [(True, 'float32'), (False, 2.5)], ['in0', 's0'], ['v0'])
    assert dts == ['float32']  # NEP 50: a Python float does not promote float32
    assert 'v0' in code and 'in0' in code and 's0' in code
    dts, _ = _core._fusion_step('add', [(True, 'int8'), (True, 'int16')], ['in0', 'in1'], ['v0'])
    assert dts == ['int16']
    dts, _ = _core._fusion_step('divide', [(True, 'int32'), (False, 2)], ['in0', 's0'], ['v0'])
    assert dts == ['float64']
    dts, _ = _core._fusion_step('less', [(True, 'float64'), (False, numpy.float32(1))], ['in0', 's0'], ['v0'])
    assert dts == ['bool']
    dts, _ = _core._fusion_step('divmod', [(True, 'int64'), (True, 'int64')], ['in0', 'in1'], ['v0', 'v1'])
    assert dts == ['int64', 'int64']
    with pytest.raises(TypeError):
        _core._fusion_step('negative', [(True, 'bool')], ['in0'], ['v0'])
    with pytest.raises(OverflowError):
        _core._fusion_step('add', [(True, 'int8'), (False, 1000)], ['in0', 's0'], ['v0'])


@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int8', 'uint32', 'int64',
                                   'complex64', 'complex128', 'bool'])
def test_fused_bodies_compile(dtype):
    # A chain of steps as cunp.fuse builds them, compiled by NVRTC for each dtype.
    steps = [('multiply', [(True, dtype), (False, 5)], ['in0', 's0']),
             ('multiply', [(True, None), (True, None)], ['v0', 'v0']),
             ('add', [(True, None), (False, 2.0)], ['v1', 's1']),
             ('absolute', [(True, None)], ['v2']),
             ('less', [(True, None), (True, dtype)], ['v3', 'in0'])]
    body, prev = '', dtype
    for k, (name, ops, names) in enumerate(steps):
        ops = [(a, prev if d is None else d) for a, d in ops]
        try:
            dts, code = _core._fusion_step(name, ops, names, ['v%d' % k])
        except TypeError:  # e.g. no loop for this dtype: fuse would run the call unfused
            pytest.skip('%s has no loop for %s' % (name, prev))
        body += code
        prev = dts[0]
    body += 'out0 = v4;\n'
    src = _core._fused_source('fused_test', body, [dtype], [prev], ['int64', 'float64'])
    _core._nvrtc_compile(src, [], [], 80)


def test_fuse_decorator_forms():
    def f(x):
        return x + 1
    assert isinstance(cunp.fuse(f), cunp._fusion.Fusion)
    assert cunp.fuse()(f).name == 'f'
    assert cunp.fuse(kernel_name='k')(f).name == 'k'
    g = cunp.fuse(lambda x: x * 2)
    assert g(3) == 6  # no array argument: runs as plain Python
    with pytest.raises(TypeError):
        cunp.fuse(bad_option=1)


def test_profiler_benchmark_validates_arguments():
    from cunp.profiler import benchmark
    with pytest.raises(ValueError):
        benchmark(1)
    with pytest.raises(ValueError):
        benchmark(lambda: None, args=[1])
    with pytest.raises(ValueError):
        benchmark(lambda: None, n_repeat=0)


def test_time_range_and_nvtx_are_noops_without_a_profiler():
    from cunp.profiler import time_range
    import cunp.cuda.nvtx as nvtx
    with time_range('block', color_id=1):
        pass

    @time_range()
    def f(a):
        return a + 1
    assert f(1) == 2
    with pytest.raises(ValueError):
        with time_range():
            pass
    nvtx.RangePush('a')
    nvtx.Mark('m', 2)
    nvtx.RangePop()


def test_numpy_scalars_take_the_direct_path():
    # NumPy's numeric scalar types (bool, the integers, float16/32/64, complex64/128) are read
    # straight from the object, not through the buffer protocol: each is checked once against
    # tobytes(), and a type that fails the check would quietly take the slower path.
    assert _core._raw_kernel_numpy_scalar_types() == 16
