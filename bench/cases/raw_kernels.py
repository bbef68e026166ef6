# bench/cases/raw_kernels.py -- user kernels and fusion: seed 002's RawKernels (global-memory vs
# register accumulation), the per-call cost of a tiny RawKernel launch, cunp.fuse on seed 001's
# chain (constant and scalar-argument forms) vs cupy.fuse and unfused, a fused call's host cost,
# and a captured graph of 100 small ops replayed.
"""Raw kernel, fuse and graph cases (cunp vs CuPy; PyTorch has no RawKernel/fuse equivalent)."""
import functools

MUL = r'''
extern "C" __global__
void mul(const double* in, double* out, const int Z, const int Y, const int X) {
    int x = blockDim.x * blockIdx.x + threadIdx.x;
    int y = blockDim.y * blockIdx.y + threadIdx.y;
    if (x < X && y < Y) {
        double tmp = 1.;
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
TINY = r'extern "C" __global__ void tiny(float* x, int n) { if (threadIdx.x < n) x[threadIdx.x] += 1.f; }'
TINY_COMPLEX = r'''#include <cuComplex.h>
extern "C" __global__ void ztiny(cuDoubleComplex* z, cuDoubleComplex s, int n) {
    if (threadIdx.x < n) z[threadIdx.x] = cuCadd(z[threadIdx.x], s);
}
'''


def _seed_kernel(h, src, name, dims):
    def setup(L):
        k = L.mod.RawKernel(src, name)
        k.compile()
        z, y, x = dims
        a = L.upload(h.host_array(z * y * x, h.F64, seed=2).reshape(dims))
        out = L.mod.empty((y, x), dtype=h.F64)
        g = (x // 32 + int(bool(x % 32)), y // 32 + int(bool(y % 32)))
        return k, g, a, out
    return setup


def _run_seed(L, state):
    k, g, a, out = state
    k(g, (32, 32), (a, out, *a.shape))


def _tiny_launch(L):
    k = L.mod.RawKernel(TINY, 'tiny')
    x = L.mod.zeros(32, dtype='float32')
    k((1,), (32,), (x, 32))
    return functools.partial(k, (1,), (32,), (x, 32))


def _tiny_launch_numpy_scalar(L):
    # The length as a NumPy int32, the width the kernel's `int n` takes (CuPy's advice for
    # scalar arguments).
    import numpy
    k = L.mod.RawKernel(TINY, 'tiny')
    x = L.mod.zeros(32, dtype='float32')
    args = (x, numpy.int32(32))
    k((1,), (32,), args)
    return functools.partial(k, (1,), (32,), args)


def _tiny_launch_keywords(L):
    # The keyword form (stream=, shared_mem=): cunp's general call path, not its positional one.
    k = L.mod.RawKernel(TINY, 'tiny')
    x = L.mod.zeros(32, dtype='float32')
    s = L.mod.cuda.get_current_stream()
    k((1,), (32,), (x, 32), shared_mem=0, stream=s)
    return functools.partial(k, (1,), (32,), (x, 32), shared_mem=0, stream=s)


def _tiny_launch_nonblocking(L):
    # The same launch into a non-blocking stream: what the legacy default stream's implicit
    # synchronization costs the driver per launch (same in both libraries).
    k = L.mod.RawKernel(TINY, 'tiny')
    x = L.mod.zeros(32, dtype='float32')
    s = L.mod.cuda.Stream(non_blocking=True)
    k((1,), (32,), (x, 32), stream=s)
    return functools.partial(k, (1,), (32,), (x, 32), stream=s)


def _tiny_complex_launch(L):
    # translate_cucomplex: a cuComplex.h kernel on a complex128 array with a Python complex scalar.
    k = L.mod.RawKernel(TINY_COMPLEX, 'ztiny', translate_cucomplex=True)
    z = L.mod.zeros(32, dtype='complex128')
    k((1,), (32,), (z, 1 + 2j, 32))
    return functools.partial(k, (1,), (32,), (z, 1 + 2j, 32))


def _chain(a):
    y = a * 5
    return (y * y) * 2


def _fused_setup(cube):
    def setup(L):
        f = L.mod.fuse()(_chain)
        return f, L.mod.ones(cube)
    return setup


def _scaled_chain(a, s):
    y = a * s
    return (y * y) * 2


def _fused_scaled_setup(cube):
    def setup(L):
        return L.mod.fuse()(_scaled_chain), L.mod.ones(cube)
    return setup


def _axpb(a, b, s):
    return a * s + b


def _fused_small_call(L):
    # A named function, not a lambda: cupy.fuse names its kernel after the function, and
    # "<lambda>" is no C identifier (its compile fails).
    f = L.mod.fuse()(_axpb)
    x = L.mod.ones(1000, dtype='float32')
    y = L.mod.ones(1000, dtype='float32')
    f(x, y, 2.0)  # traced and compiled before timing
    return functools.partial(f, x, y, 2.0)


def _graph_setup(n_ops):
    def setup(L):
        s = L.mod.cuda.Stream(non_blocking=True)
        x = L.mod.ones(1000, dtype='float32')
        with s:
            y = x
            for _ in range(n_ops // 2):  # warm the kernel caches before capturing
                y = y * 1.0001 + 0.5
            s.synchronize()
            s.begin_capture()
            y = x
            for _ in range(n_ops // 2):
                y = y * 1.0001 + 0.5
            g = s.end_capture()
        g.upload(s)
        s.synchronize()
        return g, s, y
    return setup


def _graph_launch(L, state):
    g, s, _ = state
    # The replay runs on its own (non-blocking) stream: timed by the host clock to its end.
    g.launch(s)
    s.synchronize()


def cases(quick, h):
    dims = (64, 512, 512) if quick else (4096, 512, 512)
    nbytes = 8 * dims[0] * dims[1] * dims[2] + 8 * dims[1] * dims[2]
    cube = (16, 500, 500) if quick else (1000, 500, 500)
    ncube = cube[0] * cube[1] * cube[2]
    calls = 2000 if quick else 20000
    libs = ("cunp", "cupy")
    return [
        h.Case(f"seed 002 mul_kernel (global accumulate), {dims} f64",
               setup=_seed_kernel(h, MUL, 'mul', dims), run=_run_seed, nbytes=nbytes,
               libs=libs, targets=(h.Target("vs", 1.05, "cupy"),),
               note="same kernel source in both libraries: the launch path and compile options"),
        h.Case(f"seed 002 mul_kernel_reg (register accumulate), {dims} f64",
               setup=_seed_kernel(h, MUL_REG, 'mulReg', dims), run=_run_seed, nbytes=nbytes,
               libs=libs, targets=(h.Target("vs", 1.05, "cupy"),)),
        h.Case("RawKernel launch, 32 threads, per call", clock="percall", calls=calls,
               setup=_tiny_launch, run=None, libs=libs, targets=(h.Target("vs", 0.6, "cupy"),)),
        h.Case("RawKernel launch, 32 threads, host cost per call", clock="burst", calls=32,
               setup=_tiny_launch, run=None, libs=libs, targets=(h.Target("vs", 0.6, "cupy"),),
               note="bursts of 32 launches right after a synchronize: the host's work per call "
                    "without the GPU's pace (the row above runs 20,000 launches back to back, "
                    "where the GPU's rate for tiny kernels can be the limit)"),
        h.Case("RawKernel launch with a NumPy int32 argument, per call", clock="percall",
               calls=calls, setup=_tiny_launch_numpy_scalar, run=None, libs=libs,
               targets=(h.Target("vs", 0.6, "cupy"),)),
        h.Case("RawKernel launch with shared_mem=, stream= keywords, per call", clock="percall",
               calls=calls, setup=_tiny_launch_keywords, run=None, libs=libs,
               targets=(h.Target("vs", 0.8, "cupy"),),
               note="keywords take cunp's general (nanobind) call path"),
        h.Case("RawKernel launch on a non-blocking stream (stream=), per call", clock="percall",
               calls=calls, setup=_tiny_launch_nonblocking, run=None, libs=libs,
               note="driver cost without the legacy default stream's implicit synchronization"),
        h.Case("RawKernel cuComplex launch (translate_cucomplex), per call", clock="percall",
               calls=calls, setup=_tiny_complex_launch, run=None, libs=libs,
               targets=(h.Target("vs", 0.6, "cupy"),)),
        h.Case(f"fuse(y = x*5; (y*y)*2), x{cube} f64", setup=_fused_setup(cube),
               run=lambda L, st: st[0](st[1]), nbytes=16 * ncube, libs=libs,
               targets=(h.Target("vs", 1.0, "cupy"), h.BW95)),
        h.Case(f"fuse(y = x*s; (y*y)*2) with scalar arg s, x{cube} f64",
               setup=_fused_scaled_setup(cube), run=lambda L, st: st[0](st[1], 5.0),
               nbytes=16 * ncube, libs=libs, targets=(h.Target("vs", 1.0, "cupy"), h.BW95),
               note="a scalar argument is a kernel parameter: new values reuse the trace"),
        h.Case("fuse(a*s + b), 1000 f32, per call", clock="percall", calls=calls,
               setup=_fused_small_call, run=None, libs=libs,
               targets=(h.Target("vs", 1.0, "cupy"),),
               note="host cost of a cached fused call"),
        h.Case(f"unfused y = x*5; (y*y)*2, x{cube} f64",
               setup=lambda L: L.mod.ones(cube), run=lambda L, x: _chain(x),
               nbytes=16 * ncube, libs=libs,
               note="the fused case should be >= 2.5x faster than this one"),
        h.Case("graph of 100 small ops (1000 f32) replayed, per graph", clock="host",
               setup=_graph_setup(100), run=_graph_launch, libs=libs,
               targets=(h.Target("time", 150e-6),),
               note="host clock around launch + synchronize; target 1.5 us per op"),
    ]
