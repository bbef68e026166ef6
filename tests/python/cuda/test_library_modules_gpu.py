"""cunp.cuda's library modules on a GPU: cuFFT Plan1d/PlanNd against numpy.fft (unnormalized,
as cuFFT computes), `with plan:` and get_current_plan, the raw exec calls, LTO callbacks
(set_cufft_callbacks: extern "C" and C++ loads, stores, real data), cuRAND generators filling cunp arrays, CUB's entry points against NumPy,
and the library handles of cunp.cuda.device."""
import numpy
import pytest

import cunp
from cunp.cuda import cub, cublas, cufft, curand, cusolver, cusparse

pytestmark = pytest.mark.gpu


def _random(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


@pytest.mark.parametrize("fft_type, dtype", [(cufft.CUFFT_C2C, numpy.complex64),
                                             (cufft.CUFFT_Z2Z, numpy.complex128)])
def test_plan1d_c2c_both_directions(fft_type, dtype):
    nx, batch = 48, 5
    x = _random((batch, nx), dtype)
    plan = cufft.Plan1d(nx, fft_type, batch)
    assert (plan.nx, plan.batch, plan.fft_type) == (nx, batch, fft_type)
    a = cunp.asarray(x)
    out = plan.get_output_array(a)
    assert out.shape == (batch, nx) and out.dtype == dtype
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    rtol = 1e-4 if dtype == numpy.complex64 else 1e-10
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.fft.fft(x), rtol=rtol, atol=rtol)
    back = plan.get_output_array(out)
    plan.fft(out, back, cufft.CUFFT_INVERSE)  # unnormalized: n times the input
    numpy.testing.assert_allclose(cunp.asnumpy(back), nx * x, rtol=rtol, atol=rtol * nx)


@pytest.mark.parametrize("r2c, c2r, real, rtol", [
    (cufft.CUFFT_R2C, cufft.CUFFT_C2R, numpy.float32, 1e-4),
    (cufft.CUFFT_D2Z, cufft.CUFFT_Z2D, numpy.float64, 1e-10),
])
def test_plan1d_real_transforms(r2c, c2r, real, rtol):
    nx, batch = 30, 3
    x = _random((batch, nx), real)
    forward = cufft.Plan1d(nx, r2c, batch)
    spectrum = forward.get_output_array(cunp.asarray(x))
    assert spectrum.shape == (batch, nx // 2 + 1)
    forward.fft(cunp.asarray(x), spectrum, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(cunp.asnumpy(spectrum), numpy.fft.rfft(x), rtol=rtol,
                                  atol=rtol * 10)
    inverse = cufft.Plan1d(nx, c2r, batch)
    out = inverse.get_output_array(spectrum)
    assert out.shape == (batch, nx) and out.dtype == real
    inverse.fft(spectrum, out, cufft.CUFFT_INVERSE)
    numpy.testing.assert_allclose(cunp.asnumpy(out), nx * x, rtol=rtol, atol=rtol * nx * 10)
    with pytest.raises(ValueError, match="R2C plan runs forward"):
        forward.fft(cunp.asarray(x), spectrum, cufft.CUFFT_INVERSE)


def test_plannd_2d_c2c_batched():
    shape, batch = (12, 10), 4
    x = _random((batch,) + shape, numpy.complex128)
    n = shape[0] * shape[1]
    plan = cufft.PlanNd(shape, None, 1, n, None, 1, n, cufft.CUFFT_Z2Z, batch, 'C', -1, None)
    a = cunp.asarray(x)
    out = plan.get_output_array(a)
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.fft.fft2(x), rtol=1e-10, atol=1e-9)


def test_plan_as_context_manager_and_current_plan():
    x = cunp.asarray(_random((4, 64), numpy.complex64))
    plan = cufft.Plan1d(64, cufft.CUFFT_C2C, 4)
    assert cufft.get_current_plan() is None
    with plan:
        assert cufft.get_current_plan() is plan
        y = cunp.fft.fft(x)
        with pytest.raises(ValueError):
            cunp.fft.fft(x[:, :32])  # another layout than the plan's
    assert cufft.get_current_plan() is None
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.fft(cunp.asnumpy(x)), rtol=1e-4,
                                  atol=1e-4)
    assert (plan.work_area is None) == (plan.work_area_size == 0)


def test_raw_exec_calls():
    n = 16
    x = cunp.asarray(_random(n, numpy.complex128))
    out = cunp.empty_like(x)
    handle = cufft.create()
    # a plan made through the raw calls needs cufftMakePlan1d, which CuPy does not expose
    # either; executing an unplanned handle fails with CuFFTError
    with pytest.raises(cufft.CuFFTError):
        cufft.execZ2Z(handle, x.data.ptr, out.data.ptr, cufft.CUFFT_FORWARD)
    assert cufft.getVersion() >= 10000


_LOAD = r'''
#include <cuComplex.h>
extern "C" __device__ cuComplex scale_input(void* in, unsigned long long offset, void* info,
                                            void* shared) {
  cuComplex v = static_cast<cuComplex*>(in)[offset];
  float k = *static_cast<float*>(info);
  return make_cuFloatComplex(k * v.x, k * v.y);
}
'''


def _skip_without_jit_callbacks():
    ok, why = cunp._core.fft.jit_callbacks_supported()
    if not ok:
        with pytest.raises(RuntimeError, match="not available"):
            with cunp.fft.config.set_cufft_callbacks(cb_load=_LOAD, cb_ver='jit'):
                pass
        pytest.skip(why)


@pytest.mark.parametrize("linkage", ['extern "C" ', ''])
def test_lto_load_callback_scales_the_input(linkage):
    # extern "C" callbacks made cufftMakePlanMany64 answer CUFFT_INTERNAL_ERROR before cunp
    # forwarded them through a C++-linkage entry point (cuFFT calls the name through a C++
    # declaration); both linkages work now.
    _skip_without_jit_callbacks()
    x = _random((3, 32), numpy.complex64)
    factor = cunp.asarray(numpy.float32(2.5)).reshape(1)
    with cunp.fft.config.set_cufft_callbacks(cb_load=_LOAD.replace('extern "C" ', linkage),
                                             cb_load_data=factor.data, cb_ver='jit'):
        y = cunp.fft.fft(cunp.asarray(x))
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.fft(2.5 * x), rtol=1e-4, atol=1e-3)
    # outside the block the cached plan without callbacks runs
    z = cunp.fft.fft(cunp.asarray(x))
    numpy.testing.assert_allclose(cunp.asnumpy(z), numpy.fft.fft(x), rtol=1e-4, atol=1e-4)


def test_lto_store_callback_and_double_precision():
    _skip_without_jit_callbacks()
    store = r'''
    #include <cuComplex.h>
    __device__ void conj_store(void* out, unsigned long long offset, cuDoubleComplex e,
                               void* info, void* shared) {
      static_cast<cuDoubleComplex*>(out)[offset] = cuConj(e);
    }
    '''
    x = _random((4, 20), numpy.complex128)
    with cunp.fft.config.set_cufft_callbacks(cb_store=store, cb_ver='jit'):
        y = cunp.fft.fft(cunp.asarray(x))
        with pytest.raises(ValueError, match="store callback takes double2; this C2C plan"):
            cunp.fft.fft(cunp.asarray(x.astype(numpy.complex64)))
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.conj(numpy.fft.fft(x)), rtol=1e-10,
                                  atol=1e-9)


def test_lto_load_and_store_callbacks_in_one_plan():
    _skip_without_jit_callbacks()
    store = r'''
    #include <cuComplex.h>
    static __device__ void conj_store(void* out, unsigned long long offset, cuComplex e,
                                      void*, void*) {
      static_cast<cuComplex*>(out)[offset] = cuConjf(e);
    }
    '''
    x = _random((2, 24), numpy.complex64)
    factor = cunp.asarray(numpy.float32(-3.0)).reshape(1)
    with cunp.fft.config.set_cufft_callbacks(cb_load=_LOAD, cb_store=store,
                                             cb_load_data=factor.data, cb_ver='jit'):
        y = cunp.fft.fft(cunp.asarray(x))
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.conj(numpy.fft.fft(-3.0 * x)),
                                  rtol=1e-4, atol=1e-3)
    with pytest.raises(RuntimeError, match="do not link together"):
        with cunp.fft.config.set_cufft_callbacks(cb_load=_LOAD, cb_store=_LOAD.replace(
                'cuComplex scale_input', 'void st(void* o, unsigned long long i, cuComplex e, '
                'void*, void*) { static_cast<cuComplex*>(o)[i] = e; }\n'
                'extern "C" __device__ cuComplex scale_input'), cb_store_name='st',
                cb_ver='jit'):
            pass


def test_lto_real_load_callback_on_rfft():
    _skip_without_jit_callbacks()
    load = r'''
    __device__ float square(void* in, unsigned long long offset, void*, void*) {
      float v = static_cast<float*>(in)[offset];
      return v * v;
    }
    '''
    x = _random((2, 30), numpy.float32)
    with cunp.fft.config.set_cufft_callbacks(cb_load=load, cb_ver='jit'):
        y = cunp.fft.rfft(cunp.asarray(x))
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.rfft(x * x), rtol=1e-4, atol=1e-3)


def test_legacy_callbacks_are_refused():
    with pytest.raises(NotImplementedError, match="cb_ver='jit'"):
        cunp.fft.config.set_cufft_callbacks(cb_load=_LOAD)


def test_curand_generators_fill_cunp_arrays():
    gen = curand.createGenerator(curand.CURAND_RNG_PSEUDO_PHILOX4_32_10)
    try:
        curand.setPseudoRandomGeneratorSeed(gen, 1234)
        curand.setGeneratorOffset(gen, 0)
        n = 1 << 16
        u = cunp.empty(n, dtype=cunp.float32)
        curand.generateUniform(gen, u.data.ptr, n)
        h = cunp.asnumpy(u)
        assert h.min() > 0 and h.max() <= 1 and abs(h.mean() - 0.5) < 0.01
        d = cunp.empty(n, dtype=cunp.float64)
        curand.generateNormalDouble(gen, d.data.ptr, n, 3.0, 2.0)
        h = cunp.asnumpy(d)
        assert abs(h.mean() - 3.0) < 0.05 and abs(h.std() - 2.0) < 0.05
        k = cunp.empty(n, dtype=cunp.uint32)
        curand.generatePoisson(gen, k.data.ptr, n, 4.0)
        assert abs(cunp.asnumpy(k).mean() - 4.0) < 0.05
        assert curand.getVersion() > 0
    finally:
        curand.destroyGenerator(gen)


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64, numpy.complex64])
def test_cub_entry_points(dtype):
    x = _random((6, 7), dtype) if numpy.dtype(dtype).kind != "i" else \
        numpy.arange(42, dtype=dtype).reshape(6, 7) % 9
    a = cunp.asarray(x)
    numpy.testing.assert_allclose(cunp.asnumpy(cub.device_reduce(a, cub.CUPY_CUB_SUM, ())),
                                  x.sum(), rtol=1e-5)
    numpy.testing.assert_allclose(
        cunp.asnumpy(cub.device_segmented_reduce(a, cub.CUPY_CUB_SUM, (1,), (0,))),
        x.sum(axis=1), rtol=1e-5)
    if numpy.dtype(dtype).kind != "c":
        assert cunp.asnumpy(cub.cub_reduction(a, cub.CUPY_CUB_ARGMAX)) == x.argmax()
        numpy.testing.assert_array_equal(cunp.asnumpy(cub.cub_reduction(a, cub.CUPY_CUB_MIN,
                                                                        axis=0)), x.min(axis=0))
    scanned = cub.device_scan(cunp.asarray(x), cub.CUPY_CUB_CUMSUM)
    numpy.testing.assert_allclose(cunp.asnumpy(scanned), numpy.cumsum(x).reshape(x.shape),
                                  rtol=1e-5)


def test_cub_histogram():
    x = numpy.random.default_rng(1).uniform(0, 10, 1000)
    bins = numpy.linspace(0, 10, 11)
    y = cunp.zeros(10, dtype=cunp.int64)
    cub.device_histogram(cunp.asarray(x), cunp.asarray(bins), y)
    numpy.testing.assert_array_equal(cunp.asnumpy(y), numpy.histogram(x, bins)[0])


def test_library_handles():
    h = cunp.cuda.device.get_cublas_handle()
    assert h == cunp.cuda.get_cublas_handle() != 0
    assert cublas.getVersion(h) > 0
    s = cunp.cuda.Stream(non_blocking=True)
    cublas.setStream(h, s.ptr)
    assert cublas.getStream(h) == s.ptr
    cublas.setStream(h, 0)
    cublas.setPointerMode(h, cublas.CUBLAS_POINTER_MODE_DEVICE)
    assert cublas.getPointerMode(h) == cublas.CUBLAS_POINTER_MODE_DEVICE
    cublas.setPointerMode(h, cublas.CUBLAS_POINTER_MODE_HOST)
    assert cusolver.getStream(cunp.cuda.device.get_cusolver_handle()) == 0
    assert cusolver.spGetStream(cunp.cuda.device.get_cusolver_sp_handle()) == 0
    assert cusparse.getVersion(cunp.cuda.device.get_cusparse_handle()) > 0
    descr = cusparse.createMatDescr()
    cusparse.setMatIndexBase(descr, cusparse.CUSPARSE_INDEX_BASE_ONE)
    cusparse.destroyMatDescr(descr)
    major = cusolver.getProperty(0)
    assert major >= 10
