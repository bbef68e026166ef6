"""User CUDA code: RawKernel and RawModule (CuPy's classes).

    kernel = cunp.RawKernel(r'''
    extern "C" __global__ void scale(double* x, double a, int n) {
        int i = blockDim.x * blockIdx.x + threadIdx.x;
        if (i < n) x[i] *= a;
    }''', 'scale')
    kernel((n + 255) // 256,), (256,), (x, 2.0, n))

Compilation (NVRTC, shared memory and disk cache with cunp's own kernels), argument marshalling
and the launch all run in C++ (cunp._core.RawKernel / RawModule); this module only names them.
Arguments: cunp arrays and MemoryPointers pass their device address; bool, int, float and
complex pass as bool, int64, float64 and complex128 (a float given to a 4-byte parameter passes
as float32, a complex given to an 8-byte one as complex64); NumPy scalars pass by value with
their own width.

Build switches, as in CuPy: translate_cucomplex=True maps cuComplex.h (cuDoubleComplex, cuCadd,
cuCmul, ...) onto cunp's complex type, so such kernels take complex64/complex128 arrays;
jitify=True lets NVRTC code include standard headers (<cstdint>, <type_traits>, <cmath>, ...),
served by libcu++; backend='nvcc' compiles with the toolkit's nvcc to a cubin instead (same
disk cache, its own keys).
"""
from cunp import _core

RawKernel = _core.RawKernel
RawModule = _core.RawModule
RawKernel.__module__ = "cunp"
RawModule.__module__ = "cunp"

__all__ = ["RawKernel", "RawModule"]
