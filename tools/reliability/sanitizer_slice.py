"""The workload that compute-sanitizer checks: every kernel engine once, on small odd shapes.

Each case runs on cunp and, where NumPy has the same function, on NumPy too, and the results
are compared, so a kernel that reads out of bounds without faulting still shows up as a wrong
value. Shapes are small (the sanitizer slows kernels 10-100x) but chosen to reach each strategy
of the engines: reductions by thread, warp, block, column tile and split grid; elementwise
flat, strided and tiled; scans short and long (the one-pass decoupled look-back).

    python tools/reliability/sanitizer_slice.py [--list] [--only SUBSTRING] [--plain-allocator]

The last line printed is ``slice: N cases, K kernels launched, F failed``; the exit status is 1
when a case failed.
"""
import argparse
import sys
import traceback

import numpy

RAW_SOURCE = r'''
extern "C" __global__ void slice_axpy(const float* x, float* y, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
extern "C" __global__ void slice_block_sum(const int* x, int* out, int n) {
    __shared__ int partial[128];
    int t = threadIdx.x;
    int acc = 0;
    for (int i = t; i < n; i += blockDim.x) acc += x[i];
    partial[t] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) partial[t] += partial[t + s];
        __syncthreads();
    }
    if (t == 0) *out = partial[0];
}
'''


def data(shape, dtype='float64', seed=0, low=-5, high=5):
    """Deterministic host data: ints in [low, high), floats in the same range, bools."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == 'b':
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in 'iu':
        return rng.integers(max(low, 0) if dtype.kind == 'u' else low, high, shape).astype(dtype)
    values = rng.uniform(low, high, shape)
    if dtype.kind == 'c':
        values = values + 1j * rng.uniform(low, high, shape)
    return values.astype(dtype)


def spd(n, seed=0):
    """A well-conditioned symmetric positive definite matrix."""
    a = data((n, n), seed=seed)
    return a @ a.T + n * numpy.eye(n)


# Each case: (name, function of the array module xp, compare with NumPy). A function takes xp
# and `put` (host array -> xp array) and returns an array or a tuple of arrays.
def _elementwise_cases():
    yield 'ew.flat_add_f32', lambda xp, put: put(data(1001, 'float32')) + put(data(1001, 'f4', 1))
    yield 'ew.flat_unary_f16', lambda xp, put: xp.sin(put(data(777, 'float16')))
    yield 'ew.broadcast_scalar_i8', lambda xp, put: put(data((9, 13), 'int8')) * 3
    yield 'ew.strided_neg_step', lambda xp, put: put(data((17, 23)))[::-2, 1::3] * 2.5
    yield 'ew.broadcast_row', lambda xp, put: put(data((31, 7))) - put(data(7, seed=2))
    yield 'ew.tiled_transpose', lambda xp, put: put(data((67, 45), 'f4')) + put(data((45, 67), 'f4', 1)).T
    yield 'ew.tiled_rank3', lambda xp, put: xp.ascontiguousarray(put(data((5, 33, 40), 'i4')).transpose(0, 2, 1))
    yield 'ew.complex_mul', lambda xp, put: put(data(257, 'complex64')) * put(data(257, 'c8', 3))
    yield 'ew.compare_bool', lambda xp, put: put(data((3, 50))) > put(data((3, 50), seed=4))
    yield 'ew.astype_f64_u8', lambda xp, put: put(data(301, low=0, high=250)).astype('uint8')
    yield 'ew.where3', lambda xp, put: xp.where(put(data(99, bool)), put(data(99)), -1.0)
    yield 'ew.inplace_overlap', _inplace_overlap
    yield 'ew.copy_fortran', lambda xp, put: xp.asfortranarray(put(data((37, 29), 'int16')))


def _inplace_overlap(xp, put):
    a = put(data(200))
    a[1:] += a[:-1]  # overlapping operands: cunp copies the input first
    return a


def _reduction_cases():
    yield 'red.full_block_split', lambda xp, put: put(data(100003)).sum()
    yield 'red.rows_thread', lambda xp, put: put(data((333, 5), 'f4')).sum(axis=1)
    yield 'red.rows_warp', lambda xp, put: put(data((33, 517), 'i4')).sum(axis=1)
    yield 'red.rows_block', lambda xp, put: put(data((7, 3001))).max(axis=1)
    yield 'red.columns_thread', lambda xp, put: put(data((40, 2000), 'f4')).sum(axis=0)
    yield 'red.columns_tile', lambda xp, put: put(data((2001, 37))).min(axis=0)
    yield 'red.argmax_strided', lambda xp, put: put(data((51, 61)))[:, ::2].argmax(axis=1)
    yield 'red.keepdims_where', lambda xp, put: put(data((6, 70), 'i8')).sum(
        axis=1, keepdims=True, where=put(data((6, 70), bool)))
    yield 'red.bool_any_all', lambda xp, put: (put(data(4099, bool)).any(), put(data((3, 65), bool)).all(axis=0))
    yield 'red.mean_var', lambda xp, put: (put(data((19, 23))).mean(axis=0), put(data((19, 23))).var(axis=1))
    yield 'red.f16_accumulate', lambda xp, put: put(data(2049, 'float16', low=0, high=1)).sum()
    yield 'red.complex_prod', lambda xp, put: put(data(31, 'complex128', low=0, high=1)).prod()


def _scan_cases():
    yield 'scan.short', lambda xp, put: xp.cumsum(put(data(37, 'i4')))
    yield 'scan.long_lookback', lambda xp, put: xp.cumsum(put(data(300007, 'i8', high=3)))
    yield 'scan.axis0', lambda xp, put: xp.cumprod(put(data((9, 41), low=0, high=2)), axis=0)
    yield 'scan.axis1_f32', lambda xp, put: xp.cumsum(put(data((13, 1500), 'f4', low=0, high=1)), axis=1)


def _indexing_cases():
    yield 'idx.take', lambda xp, put: put(data((50, 7)))[put(numpy.array([3, -1, 0, 49, 3]))]
    yield 'idx.take_axis1', lambda xp, put: put(data((5, 60)))[:, put(numpy.array([59, 0, 2]))]
    yield 'idx.mask', lambda xp, put: put(data((21, 19)))[put(data((21, 19), bool))]
    yield 'idx.nonzero', lambda xp, put: xp.nonzero(put(data((13, 17), bool)))
    yield 'idx.multi_array', lambda xp, put: put(data((8, 9, 10)))[
        put(numpy.array([1, 7])), :, put(numpy.array([[0], [9]]))]
    yield 'idx.setitem_scatter', _setitem_scatter
    yield 'idx.setitem_mask', _setitem_mask
    yield 'idx.take_along_axis', lambda xp, put: xp.take_along_axis(
        put(data((6, 11))), put(data((6, 4), 'i8', low=0, high=11)), axis=1)


def _setitem_scatter(xp, put):
    a = put(data((40, 3)))
    a[put(numpy.array([0, 39, 5]))] = put(data((3, 3), seed=5))
    return a


def _setitem_mask(xp, put):
    a = put(data((25, 9), 'i2'))
    a[put(data((25, 9), bool, seed=3))] = 7
    return a


def _ufunc_at_cases():
    yield 'at.add_repeated', _ufunc_at('add', 'float64')
    yield 'at.max_int', _ufunc_at('maximum', 'int32')


def _ufunc_at(name, dtype):
    def run(xp, put):
        a = put(data(23, dtype))
        getattr(xp, name).at(a, put(numpy.array([0, 3, 3, 22, 0, 0])), put(data(6, dtype, 1)))
        return a
    return run


def _sort_cases():
    yield 'sort.f32', lambda xp, put: xp.sort(put(data(5003, 'f4')))
    yield 'sort.rows_i16', lambda xp, put: xp.sort(put(data((7, 301), 'i2')), axis=1)
    yield 'sort.argsort_stable', lambda xp, put: xp.argsort(put(data(999, 'i4', high=20)), kind='stable')
    yield 'sort.searchsorted', lambda xp, put: xp.searchsorted(
        put(numpy.arange(0, 1000, 3.0)), put(data(77, low=-10, high=1100)))
    yield 'sort.unique', lambda xp, put: xp.unique(put(data(2000, 'i8', high=40)))


def _linalg_cases():
    yield 'la.matmul_f32', lambda xp, put: put(data((33, 17), 'f4')) @ put(data((17, 29), 'f4', 1))
    yield 'la.matmul_batched_c128', lambda xp, put: put(data((3, 5, 4), 'c16')) @ put(data((3, 4, 6), 'c16', 1))
    yield 'la.matmul_int', lambda xp, put: put(data((13, 11), 'i4')) @ put(data((11, 9), 'i4', 1))
    yield 'la.dot_vec', lambda xp, put: xp.dot(put(data(301)), put(data(301, seed=1)))
    yield 'la.einsum', lambda xp, put: xp.einsum('ij,jk->ik', put(data((6, 7))), put(data((7, 5), seed=2)))
    yield 'la.solve', lambda xp, put: xp.linalg.solve(put(spd(9)), put(data((9, 2))))
    yield 'la.inv', lambda xp, put: xp.linalg.inv(put(spd(7)))
    yield 'la.cholesky', lambda xp, put: xp.linalg.cholesky(put(spd(11)))
    yield 'la.det', lambda xp, put: xp.linalg.det(put(spd(5)))
    yield 'la.qr_r', lambda xp, put: abs(xp.linalg.qr(put(data((12, 7))), mode='r'))
    yield 'la.svd_values', lambda xp, put: xp.linalg.svd(put(data((10, 6))), compute_uv=False)
    yield 'la.eigh_values', lambda xp, put: xp.linalg.eigvalsh(put(spd(8)))


def _creation_cases():
    yield 'new.zeros_ones_full', lambda xp, put: (xp.zeros(1001, 'i2'), xp.ones((3, 7)), xp.full(33, 2.5, 'f4'))
    yield 'new.arange_linspace', lambda xp, put: (xp.arange(3, 1000, 7), xp.linspace(0, 1, 97))
    yield 'new.eye_tri', lambda xp, put: (xp.eye(9, 7, 1), xp.tril(put(data((6, 8)))))
    yield 'new.concatenate', lambda xp, put: xp.concatenate([put(data((3, 5))), put(data((4, 5)))])


def _ndi(xp):
    """scipy.ndimage beside cunp.scipy.ndimage: the SciPy areas are compared with SciPy."""
    if xp is numpy:
        import scipy.ndimage
        return scipy.ndimage
    import cunp.scipy.ndimage
    return cunp.scipy.ndimage


def _ndimage_cases():
    # A separable filter, an interpolation and the union-find labelling, on odd shapes.
    yield 'ndimage.gaussian_filter', lambda xp, put: _ndi(xp).gaussian_filter(
        put(data((37, 45), 'f4')), 2.0, mode='reflect')
    yield 'ndimage.map_coordinates', lambda xp, put: _ndi(xp).map_coordinates(
        put(data((23, 19), 'f4')), put(data((2, 11, 13), 'f4', 1, low=-2, high=24)), order=1,
        mode='nearest')
    yield 'ndimage.label', lambda xp, put: _ndi(xp).label(put(data((33, 41), 'b')))[0].astype('i8')


# Cases with no NumPy twin: the values are checked against what they must be.
def _cunp_only_cases():
    yield 'random.samplers', _random_samplers
    yield 'kernel.elementwise', _elementwise_kernel
    yield 'kernel.reduction', _reduction_kernel
    yield 'kernel.fuse', _fused
    yield 'kernel.raw', _raw_kernels


def _random_samplers(cp):
    rng = cp.random.default_rng(1234)
    draws = [rng.random(1001), rng.standard_normal(777, dtype='float32'), rng.integers(0, 10, 555),
             rng.uniform(-1, 1, (7, 9)), rng.standard_exponential(333), rng.gamma(2.5, size=401),
             rng.poisson(3.0, 257), rng.binomial(10, 0.3, 129), rng.permutation(100)]
    legacy = cp.random.RandomState(7)
    draws += [legacy.rand(100), legacy.randn(3, 5), legacy.randint(0, 5, 77)]
    for d in draws:
        h = cp.asnumpy(d)
        if not numpy.isfinite(h.astype(float)).all():
            raise AssertionError('a sampler returned a non-finite value')
    if sorted(cp.asnumpy(draws[8]).tolist()) != list(range(100)):
        raise AssertionError('permutation is not a permutation')


def _elementwise_kernel(cp):
    k = cp.ElementwiseKernel('T x, T y', 'T z', 'z = x * y + (T)1', 'slice_fma')
    x, y = data(999, 'f4'), data(999, 'f4', 1)
    # NVRTC may contract x * y + 1 into one fma, which rounds once where NumPy rounds twice:
    # near a cancellation the relative difference grows, the absolute one stays an ulp of x * y.
    numpy.testing.assert_allclose(cp.asnumpy(k(cp.asarray(x), cp.asarray(y))), x * y + 1,
                                  rtol=1e-6, atol=1e-5)


def _reduction_kernel(cp):
    k = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = a', '0', 'slice_sumsq')
    x = data((5, 301), 'f8')
    numpy.testing.assert_allclose(cp.asnumpy(k(cp.asarray(x), axis=1)), (x * x).sum(axis=1))


def _fused(cp):
    f = cp.fuse(lambda a, b: cp.sum(a * b + a))
    a, b = data(1003), data(1003, seed=1)
    numpy.testing.assert_allclose(float(f(cp.asarray(a), cp.asarray(b))), (a * b + a).sum())


def _raw_kernels(cp):
    module = cp.RawModule(code=RAW_SOURCE)
    axpy = module.get_function('slice_axpy')
    x, y = data(1000, 'f4'), data(1000, 'f4', 1)
    dy = cp.asarray(y)
    axpy((4,), (256,), (cp.asarray(x), dy, numpy.float32(2.0), numpy.int32(1000)))
    numpy.testing.assert_allclose(cp.asnumpy(dy), 2 * x + y, rtol=1e-6)
    block_sum = module.get_function('slice_block_sum')
    v = data(3001, 'i4')
    out = cp.zeros(1, 'i4')
    block_sum((1,), (128,), (cp.asarray(v), out, numpy.int32(3001)))
    if int(out.get()[0]) != int(v.sum()):
        raise AssertionError('block sum differs')


COMPARED = (_elementwise_cases, _reduction_cases, _scan_cases, _indexing_cases,
            _ufunc_at_cases, _sort_cases, _linalg_cases, _creation_cases, _ndimage_cases)


def all_cases():
    """(name, runner) pairs; a runner takes the cunp module and raises on a wrong result."""
    for group in COMPARED:
        for name, fn in group():
            yield name, _compared(fn)
    yield from _cunp_only_cases()


def _compared(fn):
    def run(cp):
        expected = fn(numpy, numpy.asarray)
        got = fn(cp, cp.asarray)
        expected = expected if isinstance(expected, tuple) else (expected,)
        got = got if isinstance(got, tuple) else (got,)
        for e, g in zip(expected, got, strict=True):
            g = cp.asnumpy(g)
            if g.dtype != numpy.asarray(e).dtype or g.shape != numpy.shape(e):
                raise AssertionError(f'{g.dtype}{g.shape} != {numpy.asarray(e).dtype}{numpy.shape(e)}')
            rtol = 1e-2 if g.dtype in (numpy.float16, numpy.float32, numpy.complex64) else 1e-9
            numpy.testing.assert_allclose(g, e, rtol=rtol, atol=rtol)
    return run


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--list', action='store_true', help='print the case names and exit')
    parser.add_argument('--only', default='', help='run the cases whose name contains this')
    parser.add_argument('--plain-allocator', action='store_true',
                        help='one driver allocation per array instead of the pool')
    args = parser.parse_args(argv)
    cases = [(n, r) for n, r in all_cases() if args.only in n]
    if args.list:
        print('\n'.join(n for n, _ in cases))
        return 0
    import cunp
    if args.plain_allocator:
        cunp.cuda.set_allocator(None)
    start = cunp._core.runtime.kernel_launch_count()
    failed = 0
    for name, run in cases:
        try:
            run(cunp)
            cunp.cuda.Device().synchronize()
        except Exception:  # noqa: BLE001 - every failure is reported, the rest still run
            failed += 1
            print(f'case {name} FAILED:', flush=True)
            traceback.print_exc()
    launched = cunp._core.runtime.kernel_launch_count() - start
    print(f'slice: {len(cases)} cases, {launched} kernels launched, {failed} failed', flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
