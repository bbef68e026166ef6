"""A CuPy-style program, unchanged but for the import: cuBLAS, cuFFT, cuRAND and cuSOLVER work
on a non-blocking stream, ordered behind a long kernel on that stream and checked against NumPy
once the stream is synchronized."""
import numpy
import pytest

import cunp as cp
from cunp.cuda import curand

pytestmark = pytest.mark.gpu

SPIN = r'''
extern "C" __global__ void spin(long long cycles, int* flag) {
    long long start = clock64();
    while (clock64() - start < cycles) {}
    *flag = 1;
}
'''


def test_libraries_on_a_non_blocking_stream():
    rng = numpy.random.default_rng(7)
    a_h = rng.standard_normal((256, 256)) + 256 * numpy.eye(256)
    b_h = rng.standard_normal((256, 8))
    x_h = rng.standard_normal(4096).astype(numpy.complex64)
    stream = cp.cuda.Stream(non_blocking=True)
    flag = cp.zeros(1, dtype=cp.int32)
    spin = cp.RawKernel(SPIN, 'spin')
    with stream:
        a, b, x = cp.asarray(a_h), cp.asarray(b_h), cp.asarray(x_h)
        stream.synchronize()
        # Everything below queues behind this kernel on the same stream.
        spin((1,), (1,), (numpy.int64(20_000_000), flag))
        product = a @ b                           # cuBLAS
        spectrum = cp.fft.fft(x)                  # cuFFT
        solved = cp.linalg.solve(a, b)            # cuSOLVER
        chol = cp.linalg.cholesky(a @ a.T)        # cuSOLVER
        gen = curand.createGenerator(curand.CURAND_RNG_PSEUDO_PHILOX4_32_10)
        try:
            curand.setStream(gen, stream.ptr)
            curand.setPseudoRandomGeneratorSeed(gen, 99)
            u = cp.empty(1 << 16, dtype=cp.float32)
            curand.generateUniform(gen, u.data.ptr, u.size)  # cuRAND
            stream.synchronize()
        finally:
            curand.destroyGenerator(gen)
    assert int(flag[0]) == 1
    numpy.testing.assert_allclose(cp.asnumpy(product), a_h @ b_h, rtol=1e-12, atol=1e-10)
    numpy.testing.assert_allclose(cp.asnumpy(spectrum), numpy.fft.fft(x_h), rtol=1e-4, atol=1e-3)
    numpy.testing.assert_allclose(cp.asnumpy(solved), numpy.linalg.solve(a_h, b_h), rtol=1e-10,
                                  atol=1e-12)
    numpy.testing.assert_allclose(cp.asnumpy(chol), numpy.linalg.cholesky(a_h @ a_h.T),
                                  rtol=1e-10, atol=1e-9)
    u_h = cp.asnumpy(u)
    assert 0 < u_h.min() and u_h.max() <= 1 and abs(u_h.mean() - 0.5) < 0.01


def test_peer_access_queries_as_cupy_programs_make_them():
    runtime = cp.cuda.runtime
    n = runtime.getDeviceCount()
    for i in range(n):
        for j in range(n):
            can = runtime.deviceCanAccessPeer(i, j)
            assert can in (0, 1)
            if i == j:
                assert can == 0
