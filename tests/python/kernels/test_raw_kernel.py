"""RawKernel and RawModule. Without a GPU: NVRTC compiles, CompileException content,
name-expression lowering, kernel-name hints and argument validation before any device work. On
the GPU (marked gpu): the seed's kernels against NumPy, every scalar dtype by value, attributes,
globals, templates, files, and bad input (before and after launch)."""

import os
import subprocess
import sys
import textwrap

import numpy
import pytest

import cunp
from cunp import _core

gpu = pytest.mark.gpu


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
    is_ptx, lowered = _core.kernels.nvrtc_compile(GOOD, [], [], 80)
    assert lowered == []



def test_syntax_error_raises_compile_exception_with_log_and_source():
    bad = GOOD.replace('x[i] *= a;', 'x[i] *= a')  # missing ';'
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core.kernels.nvrtc_compile(bad, [], [], 80)
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
    _core.kernels.nvrtc_compile(src, [], [], 90)



def test_missing_header_message_shows_the_log():
    src = '#include <no_such_header_here.h>\n' + GOOD
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        _core.kernels.nvrtc_compile(src, [], [], 80)
    assert 'no_such_header_here.h' in str(info.value)
    assert 'open source file' in str(info.value)



def test_name_expressions_are_lowered():
    _, lowered = _core.kernels.nvrtc_compile(TEMPLATE, [], ['fill<float>', 'fill<double>'], 80)
    assert len(lowered) == 2
    assert all(n.startswith('_Z') for n in lowered)
    assert lowered[0] != lowered[1]



def test_bad_option_is_compile_exception():
    with pytest.raises(cunp.cuda.compiler.CompileException):
        _core.kernels.nvrtc_compile(GOOD, ['--no-such-option'], [], 80)



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
    assert _core.kernels.extern_c_kernels(src) == ['a', 'b', 'c']



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



def test_numpy_scalars_take_the_direct_path():
    # NumPy's numeric scalar types (bool, the integers, float16/32/64, complex64/128) are read
    # straight from the object, not through the buffer protocol: each is checked once against
    # tobytes(), and a type that fails the check would quietly take the slower path.
    assert _core.kernels.raw_kernel_numpy_scalar_types() == 16


# --- on the GPU ---

MUL = r'''
extern "C" __global__
void mul(const double* in, double* out, const int Z, const int Y, const int X) {
    int x = blockDim.x * blockIdx.x + threadIdx.x;
    int y = blockDim.y * blockIdx.y + threadIdx.y;
    if (x < X && y < Y) {
        out[y*X+x] = 1.;
        for (int z = 0; z < Z; z++)
            out[y*X+x] = out[y*X+x] * in[z*Y*X+y*X+x];
    }
}
'''
MUL_REG = r'''
extern "C" __global__
void mulReg(const double* in, double* out, const int Z, const int Y, const int X) {
    int x = blockDim.x * blockIdx.x + threadIdx.x;
    int y = blockDim.y * blockIdx.y + threadIdx.y;
    if (x < X && y < Y) {
        double tmp = 1.;
        for (int z = 0; z < Z; z++)
            tmp = tmp * in[z*Y*X+y*X+x];
        out[y*X+x] = tmp;
    }
}
'''


@gpu
@pytest.mark.parametrize('src,name', [(MUL, 'mul'), (MUL_REG, 'mulReg')])
def test_seed_kernels(src, name):
    arr = numpy.random.default_rng(0).uniform(0.9, 1.1, (16, 50, 70))
    kernel = cunp.RawKernel(src, name)
    kernel.compile()
    in_arr = cunp.asarray(arr, dtype=cunp.double)
    out_arr = cunp.empty(arr.shape[1:], dtype=cunp.double)
    warp = 32
    g = tuple(d // warp + int(bool(d % warp)) for d in arr.shape[1:][::-1])
    kernel(g, (warp, warp), (in_arr, out_arr, *in_arr.shape))
    numpy.testing.assert_array_almost_equal(cunp.asnumpy(out_arr), numpy.prod(arr, axis=0))


SCALAR_SRC = r'''
#include <cuda_fp16.h>
extern "C" __global__ void put_{name}(double* out, {ctype} v) {{
    out[0] = (double)v;
}}
'''
SCALARS = [('bool_', 'bool'), ('int8', 'signed char'), ('uint8', 'unsigned char'),
           ('int16', 'short'), ('uint16', 'unsigned short'), ('int32', 'int'),
           ('uint32', 'unsigned int'), ('int64', 'long long'),
           ('uint64', 'unsigned long long'), ('float32', 'float'), ('float64', 'double')]


@gpu
@pytest.mark.parametrize('tname,ctype', SCALARS)
def test_numpy_scalars_by_value(tname, ctype):
    k = cunp.RawKernel(SCALAR_SRC.format(name=tname, ctype=ctype), 'put_' + tname)
    out = cunp.zeros(1)
    t = getattr(numpy, tname)
    # values that fill every byte of the type, so a wrong width or offset shows
    v = (t(True) if tname == 'bool_' else t(numpy.iinfo(t).max - 3) if t(0).dtype.kind in 'iu'
         else t(1) / t(3))
    k((1,), (1,), (out, v))
    assert out.get()[0] == float(v)


@gpu
def test_float16_and_complex_scalars():
    src = r'''
    #include <cuda_fp16.h>
    extern "C" __global__ void f(double* out, __half h, float re, double2 c, float2 cf) {
        out[0] = __half2float(h); out[1] = c.x; out[2] = c.y; out[3] = cf.x; out[4] = cf.y;
        out[5] = re;
    }'''
    k = cunp.RawKernel(src, 'f')
    out = cunp.zeros(6)
    k((1,), (1,), (out, numpy.float16(1.5), 2.5, 3 + 4j, numpy.complex64(5 + 6j)))
    assert out.get().tolist() == [1.5, 3.0, 4.0, 5.0, 6.0, 2.5]


@gpu
def test_python_scalars():
    src = r'''
    extern "C" __global__ void f(double* out, long long i, double d, bool b, int small) {
        out[0] = i; out[1] = d; out[2] = b; out[3] = small;
    }'''
    out = cunp.zeros(4)
    cunp.RawKernel(src, 'f')((1,), (1,), (out, -(2 ** 40), 0.25, True, 7))
    assert out.get().tolist() == [-(2.0 ** 40), 0.25, 1.0, 7.0]


@gpu
def test_attributes_and_dynamic_shared_memory():
    src = r'''
    extern "C" __global__ void f(float* x) {
        extern __shared__ float s[];
        s[threadIdx.x] = x[threadIdx.x];
        __syncthreads();
        x[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
    }'''
    k = cunp.RawKernel(src, 'f')
    assert k.max_threads_per_block > 0
    assert k.num_regs > 0
    assert k.local_size_bytes >= 0 and k.shared_size_bytes == 0
    a = k.attributes
    assert a['num_regs'] == k.num_regs and 'binary_version' in a
    k.max_dynamic_shared_size_bytes = 64 * 1024
    assert k.max_dynamic_shared_size_bytes == 64 * 1024
    x = cunp.arange(256, dtype=cunp.float32)
    k((1,), (256,), (x,), shared_mem=64 * 1024)
    assert (x.get() == numpy.arange(256, dtype=numpy.float32)[::-1]).all()


@gpu
def test_stream_argument():
    s = cunp.cuda.Stream(non_blocking=True)
    src = r'extern "C" __global__ void f(int* x) { x[threadIdx.x] += 1; }'
    x = cunp.zeros(32, dtype=cunp.int32)
    cunp.RawKernel(src, 'f')((1,), (32,), (x,), stream=s)
    s.synchronize()
    assert (x.get() == 1).all()


@gpu
def test_raw_module_templates_and_globals():
    src = r'''
    template <typename T> __global__ void fill(T* x, T v, int n) {
        int i = blockDim.x * blockIdx.x + threadIdx.x;
        if (i < n) x[i] = v;
    }
    extern "C" __device__ int table[4];
    extern "C" __global__ void read_table(int* out) { out[threadIdx.x] = table[threadIdx.x]; }
    '''
    m = cunp.RawModule(code=src, name_expressions=['fill<float>', 'fill<double>'])
    x = cunp.zeros(10, dtype=cunp.float32)
    m.get_function('fill<float>')((1,), (32,), (x, numpy.float32(2.5), 10))
    assert (x.get() == 2.5).all()
    y = cunp.zeros(10)
    m.get_function('fill<double>')((1,), (32,), (y, 3.5, 10))
    assert (y.get() == 3.5).all()
    ptr = m.get_global('table')
    assert ptr.size == 16
    t = cunp.ndarray((4,), cunp.int32, ptr)
    t[...] = cunp.arange(4, dtype=cunp.int32) * 10
    view = m.get_global('table', dtype=cunp.int32)
    assert view.get().tolist() == [0, 10, 20, 30]
    out = cunp.zeros(4, dtype=cunp.int32)
    m.get_function('read_table')((1,), (4,), (out,))
    assert out.get().tolist() == [0, 10, 20, 30]


@gpu
def test_raw_module_from_cubin_and_ptx(tmp_path):
    from cunp import _core
    src = r'extern "C" __global__ void f(int* x) { x[threadIdx.x] = threadIdx.x; }'
    dev = cunp.cuda.Device()
    arch = int(dev.compute_capability)
    path = tmp_path / 'k.cubin'
    # Compile with nvcc when it is there; otherwise the test covers PTX written by hand below.
    nvcc = '/usr/local/cuda/bin/nvcc'
    if os.path.exists(nvcc):
        cu = tmp_path / 'k.cu'
        cu.write_text(src)
        subprocess.run([nvcc, '-cubin', '-arch=sm_%d' % arch, '-o', str(path), str(cu)], check=True)
        x = cunp.zeros(8, dtype=cunp.int32)
        cunp.RawModule(path=str(path)).get_function('f')((1,), (8,), (x,))
        assert x.get().tolist() == list(range(8))
        ptx = tmp_path / 'k.ptx'
        subprocess.run([nvcc, '-ptx', '-arch=compute_%d' % arch, '-o', str(ptx), str(cu)], check=True)
        x = cunp.zeros(8, dtype=cunp.int32)
        cunp.RawModule(path=str(ptx)).get_function('f')((1,), (8,), (x,))
        assert x.get().tolist() == list(range(8))
    with pytest.raises(ValueError):
        cunp.RawModule(path=str(tmp_path / 'missing.cubin')).get_function('f')
    bad = tmp_path / 'bad.cubin'
    bad.write_bytes(b'not a module')
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError):
        cunp.RawModule(path=str(bad)).get_function('f')
    del _core


@gpu
def test_compile_error_on_first_use():
    k = cunp.RawKernel('extern "C" __global__ void f(int* x) { x[0] = }', 'f')
    with pytest.raises(cunp.cuda.compiler.CompileException) as info:
        k.compile()
    assert 'expected an expression' in info.value.log


@gpu
def test_missing_kernel_name_lists_extern_c_kernels():
    k = cunp.RawKernel(MUL, 'mull')
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError) as info:
        k.compile()
    msg = str(info.value)
    assert 'CUDA_ERROR_NOT_FOUND' in msg and "'mul'" in msg


@gpu
def test_missing_extern_c_hint():
    k = cunp.RawKernel('__global__ void g(int* x) { x[0] = 1; }', 'g')
    with pytest.raises(cunp.cuda.runtime.CUDARuntimeError, match='extern "C"'):
        k.compile()


@gpu
def test_bad_arguments():
    k = cunp.RawKernel(MUL, 'mul')
    in_arr = cunp.ones((2, 3, 4))
    out = cunp.empty((3, 4))
    with pytest.raises(TypeError, match='numpy.ndarray is not supported.*argument 0'):
        k((1,), (32, 32), (numpy.ones((2, 3, 4)), out, 2, 3, 4))
    with pytest.raises(TypeError, match='argument 2'):
        k((1,), (32, 32), (in_arr, out, 'two', 3, 4))
    with pytest.raises(TypeError, match='5 arguments but 4'):
        k((1,), (32, 32), (in_arr, out, 2, 3))
    with pytest.raises(TypeError):
        k((1,), (32, 32), [in_arr, out, 2, 3, 4, 5])
    with pytest.raises(ValueError, match='threads per block'):
        k((1,), (64, 32), (in_arr, out, 2, 3, 4))
    with pytest.raises(ValueError):
        k((1,), (1, 1, 1, 1), (in_arr, out, 2, 3, 4))
    with pytest.raises(ValueError):
        k((0,), (32,), (in_arr, out, 2, 3, 4))
    with pytest.raises(ValueError):
        k((1, 1 << 20), (32,), (in_arr, out, 2, 3, 4))
    with pytest.raises(TypeError):
        k(1.5, (32,), (in_arr, out, 2, 3, 4))
    with pytest.raises(ValueError):
        k((1,), (32,), (in_arr, out, 2, 3, 4), shared_mem=1 << 30)
    with pytest.raises(TypeError, match='argument 2'):
        k((1,), (32,), (in_arr, out, numpy.int8(2), 3, 4))  # 1 byte for a 4-byte int
    cunp.cuda.Stream.null.synchronize()  # nothing was launched


@gpu
def test_int_and_float_marshalling_widths():
    src = r'''
    extern "C" __global__ void f(double* out, float a, int b) { out[0] = a; out[1] = b; }'''
    out = cunp.zeros(2)
    cunp.RawKernel(src, 'f')((1,), (1,), (out, 1.5, 3))
    assert out.get().tolist() == [1.5, 3.0]


@gpu
def test_faulting_kernel_reports_illegal_address_without_hanging():
    code = textwrap.dedent(r'''
        import cunp
        k = cunp.RawKernel('extern "C" __global__ void f(int* p) { p[threadIdx.x] = 1; }', 'f')
        k((1,), (32,), (None,))
        try:
            cunp.cuda.Stream.null.synchronize()
        except cunp.cuda.runtime.CUDARuntimeError as e:
            print('ERROR', e)
        ''')
    r = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, timeout=120)
    assert 'CUDA_ERROR_ILLEGAL_ADDRESS' in r.stdout, r.stdout + r.stderr


@gpu
def test_cooperative_launch():
    src = r'''
    #include <cooperative_groups.h>
    namespace cg = cooperative_groups;
    extern "C" __global__ void f(int* x) {
        cg::grid_group g = cg::this_grid();
        atomicAdd(x, 1);
        g.sync();
        if (g.thread_rank() == 0) x[1] = x[0];
    }'''
    k = cunp.RawKernel(src, 'f', enable_cooperative_groups=True)
    x = cunp.zeros(2, dtype=cunp.int32)
    k((4,), (64,), (x,))
    assert x.get().tolist() == [256, 256]
