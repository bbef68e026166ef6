"""cunp.cuda.cufft's PlanNd over strided, padded, interleaved, F-ordered and batched layouts
(CuPy's arguments, which are cufftMakePlanMany's) against numpy.fft, unnormalized as cuFFT
computes; and the work area a plan holds (work_area, set_work_area, the plan cache's
memsize)."""
import numpy
import pytest

import cunp
from cunp.cuda import cufft

pytestmark = pytest.mark.gpu

C2C = {numpy.complex64: cufft.CUFFT_C2C, numpy.complex128: cufft.CUFFT_Z2Z}
R2C = {numpy.float32: cufft.CUFFT_R2C, numpy.float64: cufft.CUFFT_D2Z}
C2R = {numpy.complex64: cufft.CUFFT_C2R, numpy.complex128: cufft.CUFFT_Z2D}


def _random(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype) in (numpy.complex64, numpy.float32) else 1e-10


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("batch", [1, 3])
def test_padded_rows_into_packed_output(dtype, batch):
    # 2-D transforms of the leading (H, W) of rows padded to P elements, into a packed output
    H, W, P = 6, 10, 13
    buf = _random((batch, H, P), dtype)
    plan = cufft.PlanNd((H, W), (H, P), 1, H * P, None, 1, H * W, C2C[dtype], batch, 'C', -1,
                        None)
    a = cunp.asarray(buf)
    out = cunp.empty((batch, H, W), dtype=dtype)
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    tol = _tol(dtype)
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.fft.fft2(buf[:, :, :W]), rtol=tol,
                                  atol=tol * 100)


@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128])
def test_interleaved_batch_along_the_first_axis(dtype):
    # columns of an (n, batch) C array: stride batch, distance 1 (NumPy's fft(axis=0))
    n, batch = 16, 5
    x = _random((n, batch), dtype)
    plan = cufft.PlanNd((n,), (n,), batch, 1, (n,), batch, 1, C2C[dtype], batch, 'C', 0, None)
    a = cunp.asarray(x)
    out = cunp.empty_like(a)
    plan.fft(a, out, cufft.CUFFT_INVERSE)
    tol = _tol(dtype)
    numpy.testing.assert_allclose(cunp.asnumpy(out), n * numpy.fft.ifft(x, axis=0), rtol=tol,
                                  atol=tol * 100)


@pytest.mark.parametrize("real", [numpy.float32, numpy.float64])
def test_real_2d_round_trip_with_a_padded_real_side(real):
    # R2C from rows padded to P reals into packed (H, W//2+1) spectra; C2R back into rows
    # padded the same way (one n-D C2R plan, on the Hermitian spectrum rfft2 gives)
    H, W, P, batch = 8, 12, 15, 2
    complex_type = numpy.complex64 if real == numpy.float32 else numpy.complex128
    buf = _random((batch, H, P), real)
    half = W // 2 + 1
    forward = cufft.PlanNd((H, W), (H, P), 1, H * P, None, 1, H * half, R2C[real], batch, 'C',
                           -1, None)
    spectrum = cunp.empty((batch, H, half), dtype=complex_type)
    forward.fft(cunp.asarray(buf), spectrum, cufft.CUFFT_FORWARD)
    tol = _tol(real)
    expected = numpy.fft.rfft2(buf[:, :, :W])
    numpy.testing.assert_allclose(cunp.asnumpy(spectrum), expected, rtol=tol, atol=tol * 100)
    inverse = cufft.PlanNd((H, W), None, 1, H * half, (H, P), 1, H * P, C2R[complex_type],
                           batch, 'C', -1, W)
    back = cunp.zeros((batch, H, P), dtype=real)
    inverse.fft(spectrum, back, cufft.CUFFT_INVERSE)
    numpy.testing.assert_allclose(cunp.asnumpy(back)[:, :, :W], H * W * buf[:, :, :W],
                                  rtol=tol, atol=tol * H * W * 10)
    numpy.testing.assert_array_equal(cunp.asnumpy(back)[:, :, W:], 0)  # padding untouched


def test_packed_plans_output_arrays_and_with_blocks():
    # A packed C-order PlanNd is the plan cunp.fft runs for such an array: `with plan:` serves
    # fft2, and get_output_array/check_output_array follow last_axis/last_size.
    shape, batch = (12, 10), 4
    x = _random((batch,) + shape, numpy.float64)
    plan = cufft.PlanNd(shape, None, 1, 120, None, 1, 72, cufft.CUFFT_D2Z, batch, 'C', -1,
                        None)
    assert plan.last_size == 6
    a = cunp.asarray(x)
    out = plan.get_output_array(a)
    assert out.shape == (batch, 12, 6) and out.dtype == numpy.complex128
    plan.check_output_array(a, out)
    with pytest.raises(ValueError, match="shape"):
        plan.check_output_array(a, cunp.empty((batch, 12, 10), dtype=numpy.complex128))
    with pytest.raises(ValueError, match="dtype"):
        plan.check_output_array(a, cunp.empty((batch, 12, 6), dtype=numpy.complex64))
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.fft.rfft2(x), rtol=1e-10, atol=1e-9)
    with plan:
        y = cunp.fft.rfft2(a)
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.rfft2(x), rtol=1e-10, atol=1e-9)


def test_f_ordered_packed_plan():
    # order 'F': the arrays are F-ordered, the transformed axes first; cuFFT's row-major shape
    # is theirs reversed
    n0, n1, batch = 6, 9, 3
    x = numpy.asfortranarray(_random((n1, n0, batch), numpy.complex128))
    plan = cufft.PlanNd((n0, n1), None, 1, n0 * n1, None, 1, n0 * n1, cufft.CUFFT_Z2Z, batch,
                        'F', 0, None)
    a = cunp.asarray(x)
    out = plan.get_output_array(a, order='F')
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.fft.fft2(x, axes=(0, 1)),
                                  rtol=1e-10, atol=1e-9)


def test_operands_must_span_the_layout():
    plan = cufft.PlanNd((8,), (8,), 2, 16, None, 1, 8, cufft.CUFFT_Z2Z, 3, 'C', -1, None)
    small = cunp.zeros(40, dtype=numpy.complex128)  # the layout spans 2 * 16 + 2 * 7 + 1 = 47
    out = cunp.zeros((3, 8), dtype=numpy.complex128)
    with pytest.raises(ValueError, match="holds 40 elements; the plan's layout spans 47"):
        plan.fft(small, out, cufft.CUFFT_FORWARD)
    with pytest.raises(ValueError, match="dtype"):
        plan.fft(cunp.zeros(47, dtype=numpy.complex64), out, cufft.CUFFT_FORWARD)
    with pytest.raises(ValueError, match="contiguous"):
        plan.fft(cunp.zeros((47, 2), dtype=numpy.complex128)[:, 0], out, cufft.CUFFT_FORWARD)
    x = _random(47, numpy.complex128)
    plan.fft(cunp.asarray(x), out, cufft.CUFFT_FORWARD)
    expected = numpy.fft.fft(numpy.stack([x[b * 16:b * 16 + 15:2] for b in range(3)]))
    numpy.testing.assert_allclose(cunp.asnumpy(out), expected, rtol=1e-10, atol=1e-9)


def test_an_empty_batch_plans_nothing():
    plan = cufft.PlanNd((8, 8), None, 1, 64, None, 1, 64, cufft.CUFFT_C2C, 0, 'C', -1, None)
    assert plan.work_area is None and plan.work_area_size == 0
    a = cunp.empty((0, 8, 8), dtype=numpy.complex64)
    assert plan.fft(a, plan.get_output_array(a), cufft.CUFFT_FORWARD).shape == (0, 8, 8)


def test_work_area_is_held_and_replaceable():
    # A prime length takes Bluestein's algorithm, which needs a work area.
    n, batch = 10007, 2
    x = _random((batch, n), numpy.complex128)
    plan = cufft.Plan1d(n, cufft.CUFFT_Z2Z, batch)
    size = plan.work_area_size
    assert size > 0
    area = plan.work_area
    assert isinstance(area, cunp.cuda.MemoryPointer) and area.ptr != 0 and area.mem.size >= size
    a = cunp.asarray(x)
    out = plan.get_output_array(a)
    plan.fft(a, out, cufft.CUFFT_FORWARD)
    expected = numpy.fft.fft(x)
    numpy.testing.assert_allclose(cunp.asnumpy(out), expected, rtol=1e-9, atol=1e-8)
    mine = cunp.cuda.alloc(size)
    plan.set_work_area(mine)
    assert plan.work_area.ptr == mine.ptr
    out2 = plan.get_output_array(a)
    plan.fft(a, out2, cufft.CUFFT_FORWARD)
    numpy.testing.assert_allclose(cunp.asnumpy(out2), expected, rtol=1e-9, atol=1e-8)
    with pytest.raises(ValueError, match="fewer than"):
        plan.set_work_area(cunp.cuda.alloc(size // 2))
    plan.set_work_area(None)  # a new area from the pool
    assert plan.work_area.ptr != mine.ptr and plan.work_area.mem.size >= size


def test_plan_cache_counts_the_work_areas_it_holds():
    cache = cunp.fft.config.get_plan_cache()
    cache.clear()
    pool = cunp.get_default_memory_pool()
    x = cunp.asarray(_random((2, 10007), numpy.complex128))
    y = cunp.fft.fft(x)
    del y
    held = cache.get_curr_memsize()
    assert cache.get_curr_size() == 1 and held > 0
    before = pool.used_bytes()
    cache.clear()  # the plan and its work area go back to the pool
    assert cache.get_curr_memsize() == 0
    assert before - pool.used_bytes() >= held
    cache.set_memsize(held - 1)  # a plan alone above the limit is made, used and dropped
    try:
        cunp.fft.fft(x)
        assert cache.get_curr_size() == 0
    finally:
        cache.set_memsize(-1)


def test_one_plan_on_several_streams():
    # The work area's last user is waited for by an execution on another stream, so a plan
    # (here the cached one behind cunp.fft) alternates streams safely.
    n = 10007
    xs = [_random((4, n), numpy.complex128, seed=s) for s in range(4)]
    streams = [cunp.cuda.Stream(non_blocking=True) for _ in range(2)]
    results = []
    for i, x in enumerate(xs):
        with streams[i % 2]:
            results.append(cunp.fft.fft(cunp.asarray(x)))
    for s in streams:
        s.synchronize()
    for x, y in zip(xs, results):
        numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.fft(x), rtol=1e-9, atol=1e-8)
    plan = cufft.Plan1d(n, cufft.CUFFT_Z2Z, 4)
    outs = []
    for i, x in enumerate(xs):
        with streams[i % 2]:
            a = cunp.asarray(x)
            outs.append(plan.fft(a, plan.get_output_array(a), cufft.CUFFT_FORWARD))
    del plan  # its area goes back to the pool once the other stream is done with it
    for s in streams:
        s.synchronize()
    for x, y in zip(xs, outs):
        numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.fft(x), rtol=1e-9, atol=1e-8)


def test_a_plan_made_before_a_capture_runs_inside_it():
    # A cached plan whose work area was last used on the null stream executes in a capture on
    # another stream: no event goes into the graph, and replays compute the transform.
    n = 10007
    x = cunp.asarray(_random((2, n), numpy.complex128))
    cunp.fft.fft(x)  # the plan, with its work area, cached on the null stream
    cunp.cuda.Device().synchronize()
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        s.begin_capture()
        y = cunp.fft.fft(x)
        g = s.end_capture()
    g.launch(s)
    s.synchronize()
    numpy.testing.assert_allclose(cunp.asnumpy(y), numpy.fft.fft(cunp.asnumpy(x)), rtol=1e-9,
                                  atol=1e-8)
