"""cunp.fft against numpy.fft (pocketfft).

The reference is NumPy's transform of the input in double precision; cunp's result must have
NumPy's dtype and shape for the input's own dtype, and agree within ~1e-5 * log2(n) (single
precision) or 1e-12 (double) relative to the result's largest magnitude. Argument errors are
checked without a GPU (NumPy inputs fail before they would be copied to the device)."""
import itertools
import math
import warnings

import numpy
import pytest

import cunp
import cunp.fft as cfft

gpu = pytest.mark.gpu

ALL_DTYPES = ['bool', 'int8', 'uint16', 'int64', 'float16', 'float32', 'float64', 'complex64',
              'complex128']
REAL_DTYPES = [d for d in ALL_DTYPES if not d.startswith('complex')]
ONE_D = ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft']
N_D = ['fftn', 'ifftn', 'rfftn', 'irfftn']
TWO_D = ['fft2', 'ifft2', 'rfft2', 'irfft2']
TAKES_REAL_ONLY = {'rfft', 'ihfft', 'rfftn', 'rfft2'}


def sample(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype == numpy.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind in 'iu':
        return rng.integers(0, 10, shape).astype(dtype)
    a = rng.standard_normal(shape)
    if dtype.kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def widened(a):
    """The input in double precision, for the reference transform."""
    return a.astype(numpy.complex128 if a.dtype.kind == 'c' else numpy.float64)


def check(got, a, func, *args, length=None, **kwargs):
    """cunp's `got` against numpy.fft.func applied to `a` (host)."""
    want_dtype_result = getattr(numpy.fft, func)(a, *args, **kwargs)
    want = getattr(numpy.fft, func)(widened(a), *args, **kwargs)
    assert isinstance(got, cunp.ndarray)
    assert got.dtype == want_dtype_result.dtype, (got.dtype, want_dtype_result.dtype)
    assert got.shape == want.shape
    host = cunp.asnumpy(got)
    n = max(length or max(want.shape, default=1), 2)
    single = got.dtype.char in 'efF'
    tol = (1e-5 if got.dtype.char != 'e' else 2e-3) * math.log2(n) if single else 1e-12
    scale = float(numpy.max(numpy.abs(want))) if want.size else 1.0
    numpy.testing.assert_allclose(host, want, rtol=tol, atol=tol * max(scale, 1e-30))


# --- errors: no GPU needed ---

@pytest.mark.parametrize('n', [0, -1])
@pytest.mark.parametrize('func', ['fft', 'ifft', 'rfft', 'irfft', 'ihfft'])  # hfft: see test_out
def test_invalid_length(func, n):
    with pytest.raises(ValueError, match=rf"^Invalid number of FFT data points \({n}\) "):
        getattr(cfft, func)(numpy.ones(4), n=n)


def test_length_must_be_an_integer():
    with pytest.raises(TypeError):
        cfft.fft(numpy.ones(4), n=2.0)


@pytest.mark.parametrize('func', ONE_D + N_D + TWO_D)
def test_invalid_norm_has_numpys_message(func):
    a = numpy.ones((4, 4))
    with pytest.raises(ValueError) as cunp_error:
        getattr(cfft, func)(a, norm='x')
    with pytest.raises(ValueError) as numpy_error:
        getattr(numpy.fft, func)(a, norm='x')
    assert str(cunp_error.value) == str(numpy_error.value)


@pytest.mark.parametrize('func', N_D + TWO_D)
def test_shape_and_axes_lengths_differ(func):
    with pytest.raises(ValueError, match="^Shape and axes have different lengths.$"):
        getattr(cfft, func)(numpy.ones((3, 3)), s=(2,), axes=(0, 1))


@pytest.mark.parametrize('func', N_D)
def test_axis_out_of_range_in_nd(func):
    with pytest.raises(IndexError):
        getattr(cfft, func)(numpy.ones((3, 3)), axes=(0, 5))


@pytest.mark.parametrize('func', ['rfftn', 'irfftn'])
def test_real_nd_without_axes(func):
    with pytest.raises(IndexError):
        getattr(cfft, func)(numpy.ones((3, 3)), axes=())


def test_freq_length_must_be_an_integer():
    for f in (cfft.fftfreq, cfft.rfftfreq):
        with pytest.raises(ValueError, match="n should be an integer"):
            f(3.0)
        with pytest.raises(ValueError, match="real floating-point"):
            f(3, dtype=numpy.complex64)  # the array API's dtype= takes real floating types


def test_names_and_dispatch_table():
    from cunp._array import _interop

    for name in numpy.fft.__all__:
        assert callable(getattr(cfft, name)), name
    assert _interop._cunp_namespace('numpy.fft') is cfft
    assert cunp.fft is cfft


@gpu
@pytest.mark.parametrize('func', ['fft', 'rfft2', 'ifftn', 'fftshift'])
def test_numpy_dispatch_runs_on_the_device(func):
    a = sample((6, 8), 'complex64' if func != 'rfft2' else 'float32', seed=21)
    got = getattr(numpy.fft, func)(cunp.asarray(a))  # through __array_function__
    assert isinstance(got, cunp.ndarray)
    numpy.testing.assert_allclose(cunp.asnumpy(got), getattr(numpy.fft, func)(a), rtol=1e-5,
                                  atol=1e-5)


def test_signatures_are_numpys():
    import inspect

    for name in numpy.fft.__all__:
        mine = inspect.signature(getattr(cfft, name))
        theirs = inspect.signature(getattr(numpy.fft, name))
        # NumPy's parameters, then only keyword-only ones of the array API (fftfreq's dtype=).
        n = len(theirs.parameters)
        assert list(mine.parameters)[:n] == list(theirs.parameters), name
        assert all(p.kind == p.KEYWORD_ONLY for p in list(mine.parameters.values())[n:]), name
        for p in theirs.parameters.values():
            assert mine.parameters[p.name].default == p.default, (name, p.name)


def test_multi_gpu_refused():
    with pytest.raises(NotImplementedError, match="multi-GPU"):
        cfft.config.set_cufft_gpus([0, 1])


def test_get_fft_plan_value_type():
    with pytest.raises(ValueError, match="value_type"):
        cfft.get_fft_plan(numpy.ones(4), value_type='R2R')


def test_nd_planning_switch():
    assert cfft.config.enable_nd_planning is True
    cfft.config.enable_nd_planning = False
    try:
        assert cfft.config.enable_nd_planning is False
    finally:
        cfft.config.enable_nd_planning = True


def test_plan_cache_limits_checked():
    cache = cfft.config.get_plan_cache()
    with pytest.raises(ValueError):
        cache.set_size(-1)
    with pytest.raises(ValueError):
        cache.set_memsize(-2)
    assert cache.get_size() == 16
    assert cache.get_memsize() == -1


# --- transforms on the GPU ---

@gpu
@pytest.mark.parametrize('dtype', ALL_DTYPES)
@pytest.mark.parametrize('func', ONE_D)
@pytest.mark.parametrize('n', [1, 2, 8, 17, 30, 1009, 1024])
def test_1d_dtypes_and_sizes(func, dtype, n):
    if func in ('irfft', 'hfft') and n == 1:
        n = 2  # their default length 2 * (m - 1) would be 0
    a = sample((3, n), dtype, seed=n)
    f = getattr(cfft, func)
    if func in TAKES_REAL_ONLY and dtype.startswith('complex'):
        with pytest.raises(TypeError):
            f(cunp.asarray(a))
        return
    check(f(cunp.asarray(a)), a, func, length=n)


@gpu
@pytest.mark.parametrize('func', ONE_D)
@pytest.mark.parametrize('n', [None, 1, 5, 16, 20, 41])
def test_1d_padding_and_cropping(func, n):
    a = sample((4, 20), 'float64' if func in TAKES_REAL_ONLY else 'complex128', seed=3)
    check(getattr(cfft, func)(cunp.asarray(a), n=n), a, func, n=n)


@gpu
@pytest.mark.parametrize('func', ONE_D)
@pytest.mark.parametrize('axis', [0, 1, 2, -1, -2, -3])
@pytest.mark.parametrize('dtype', ['float32', 'complex128'])
def test_1d_axes_batched(func, axis, dtype):
    if func in TAKES_REAL_ONLY:
        dtype = 'float32' if dtype == 'float32' else 'float64'
    a = sample((5, 6, 9), dtype, seed=4)
    check(getattr(cfft, func)(cunp.asarray(a), axis=axis), a, func, axis=axis)


@gpu
@pytest.mark.parametrize('func', ONE_D)
@pytest.mark.parametrize('norm', [None, 'backward', 'ortho', 'forward'])
def test_1d_norms(func, norm):
    a = sample((3, 12), 'float64' if func in TAKES_REAL_ONLY else 'complex64', seed=5)
    check(getattr(cfft, func)(cunp.asarray(a), norm=norm), a, func, norm=norm)


LAYOUTS = {
    'F': lambda x: cunp.asfortranarray(x) if isinstance(x, cunp.ndarray) else numpy.asfortranarray(x),
    'strided': lambda x: x[::2, 1::2],
    'reversed': lambda x: x[::-1, ::-1],
    'transposed': lambda x: x.T,
    'offset': lambda x: x[1:, 3:],
}


@gpu
@pytest.mark.parametrize('layout', sorted(LAYOUTS))
@pytest.mark.parametrize('func', ONE_D + N_D)
@pytest.mark.parametrize('axis', [0, -1])
def test_layouts(layout, func, axis):
    dtype = 'float32' if func in TAKES_REAL_ONLY else 'complex64'
    base = sample((16, 14), dtype, seed=6)
    make = LAYOUTS[layout]
    a_gpu = make(cunp.asarray(base))
    a = make(base)
    assert a_gpu.strides == a.strides or layout == 'F'
    if func in N_D:
        check(getattr(cfft, func)(a_gpu), a, func)
    else:
        check(getattr(cfft, func)(a_gpu, axis=axis), a, func, axis=axis)


@gpu
@pytest.mark.parametrize('axis', [0, 1, 2, 3])
def test_batched_over_leading_and_middle_axes(axis):
    # Batches on both sides of the transformed axis: one plan with a loop, or a copy.
    a = sample((3, 4, 5, 6), 'complex128', seed=7)
    check(cfft.fft(cunp.asarray(a), axis=axis), a, 'fft', axis=axis)
    big = sample((40, 7, 9), 'complex64', seed=8)  # more leading batches than one plan loops over
    check(cfft.ifft(cunp.asarray(big)[:, ::2, :], axis=1), big[:, ::2, :], 'ifft', axis=1)


ND_CASES = [
    dict(),
    dict(axes=(0,)),
    dict(axes=(1, 0)),
    dict(axes=(-1, 0)),
    dict(axes=(0, 2)),
    dict(axes=(2, 0, 1)),
    dict(axes=(0, 1, 2, 3)),
    dict(axes=(1, 1)),
    dict(axes=(0, 2, 0)),
    dict(s=(4, 6), axes=(1, 2)),
    dict(s=(3, -1, 12), axes=(0, 1, 3)),
    dict(s=(2, 9), axes=(3, 0)),
]


@gpu
@pytest.mark.parametrize('case', range(len(ND_CASES)))
@pytest.mark.parametrize('func', N_D)
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex64', 'complex128', 'int32'])
def test_nd(func, case, dtype):
    if func in TAKES_REAL_ONLY and dtype.startswith('complex'):
        return
    kwargs = ND_CASES[case]
    a = sample((4, 6, 5, 8), dtype, seed=case)
    check(getattr(cfft, func)(cunp.asarray(a), **kwargs), a, func, **kwargs)


@gpu
@pytest.mark.parametrize('func', TWO_D)
@pytest.mark.parametrize('kwargs', [dict(), dict(s=(6, 10)), dict(axes=(0, 2)),
                                    dict(s=(3, 5), axes=(-1, -3)), dict(norm='ortho')])
def test_2d(func, kwargs):
    dtype = 'float64' if func in TAKES_REAL_ONLY else 'complex128'
    a = sample((4, 7, 8), dtype, seed=9)
    check(getattr(cfft, func)(cunp.asarray(a), **kwargs), a, func, **kwargs)


@gpu
@pytest.mark.parametrize('func', N_D)
@pytest.mark.parametrize('norm', [None, 'ortho', 'forward'])
def test_nd_norms_3d_one_plan(func, norm):
    dtype = 'float32' if func in TAKES_REAL_ONLY else 'complex64'
    a = sample((2, 16, 8, 10), dtype, seed=10)
    check(getattr(cfft, func)(cunp.asarray(a), axes=(1, 2, 3), norm=norm), a, func,
          axes=(1, 2, 3), norm=norm)


@gpu
def test_nd_deprecations_as_numpy():
    a = sample((4, 6), 'complex128')
    with pytest.warns(DeprecationWarning, match="`axes` should not be `None`"):
        got = cfft.fftn(cunp.asarray(a), s=(3, 4))
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', DeprecationWarning)
        check(got, a, 'fftn', s=(3, 4))
        with pytest.warns(DeprecationWarning, match="containing `None`"):
            got = cfft.irfftn(cunp.asarray(a), s=(None, None), axes=(0, 1))
        check(got, a, 'irfftn', s=(None, None), axes=(0, 1))


@gpu
def test_no_axes_returns_the_input():
    a = cunp.asarray(sample((3, 4), 'float64'))
    assert cfft.fftn(a, axes=()) is a
    assert cfft.fftn(cunp.asarray(numpy.float64(3))).shape == ()


@gpu
@pytest.mark.parametrize('dtype', ['complex64', 'complex128'])
def test_round_trips(dtype):
    tol = 1e-5 if dtype == 'complex64' else 1e-12
    a = sample((8, 1000), dtype, seed=11)
    x = cunp.asarray(a)
    back = cunp.asnumpy(cfft.ifft(cfft.fft(x)))
    numpy.testing.assert_allclose(back, a, rtol=tol, atol=tol * numpy.abs(a).max())
    r = cunp.asarray(a.real.copy())
    back = cunp.asnumpy(cfft.irfft(cfft.rfft(r), n=1000))
    numpy.testing.assert_allclose(back, a.real, rtol=tol, atol=tol * numpy.abs(a).max())
    back = cunp.asnumpy(cfft.irfftn(cfft.rfftn(r[None]), s=r[None].shape, axes=(0, 1, 2)))
    numpy.testing.assert_allclose(back[0], a.real, rtol=tol, atol=tol * numpy.abs(a).max())


@gpu
@pytest.mark.slow
@pytest.mark.parametrize('dtype', ['complex64', 'complex128', 'float32'])
def test_large(dtype):
    a = sample(2 ** 20, dtype, seed=12)
    check(cfft.fft(cunp.asarray(a)), a, 'fft', length=2 ** 20)
    a = sample(2 ** 20 + 1, dtype, seed=13)  # 17 * 61681: an odd size with a large prime
    check(cfft.ifft(cunp.asarray(a)), a, 'ifft', length=2 ** 20)


@gpu
def test_empty_batches_and_zero_dim():
    a = numpy.zeros((0, 8), numpy.complex64)
    for func in ONE_D:
        got = getattr(cfft, func)(cunp.asarray(a.real if func in TAKES_REAL_ONLY else a))
        want = getattr(numpy.fft, func)(a.real if func in TAKES_REAL_ONLY else a)
        assert got.shape == want.shape and got.dtype == want.dtype
    with pytest.raises(ValueError, match="Invalid number of FFT data points \\(0\\)"):
        cfft.fft(cunp.asarray(numpy.zeros((8, 0))))
    with pytest.raises(IndexError):
        cfft.fft(cunp.asarray(numpy.float64(1)))
    with pytest.raises(IndexError):
        cfft.fft(cunp.ones(3), axis=2)
    with pytest.raises(numpy.exceptions.AxisError):
        cfft.fft(cunp.ones(3), n=4, axis=2)
    with pytest.raises(numpy.exceptions.AxisError):
        cfft.fftn(cunp.ones((3, 3)), s=(2, 2, 2))


@gpu
def test_out():
    a = sample((6, 10), 'complex128', seed=14)
    x = cunp.asarray(a)
    out = cunp.empty((6, 10), numpy.complex128)
    assert cfft.fft(x, out=out) is out
    check(out, a, 'fft')
    out_f = cunp.empty((10, 6), numpy.complex128).T  # F-ordered out, written in place
    assert cfft.fft(x, axis=0, out=out_f) is out_f
    check(out_f, a, 'fft', axis=0)
    out64 = cunp.empty((6, 10), numpy.complex64)  # same_kind cast
    cfft.ifft(x, out=out64)
    numpy.testing.assert_allclose(cunp.asnumpy(out64), numpy.fft.ifft(a), rtol=1e-5, atol=1e-6)
    real_out = cunp.empty((6, 18))
    assert cfft.irfft(x, out=real_out) is real_out
    check(real_out, a, 'irfft')
    nd_out = cunp.empty((6, 6), numpy.complex128)
    assert cfft.rfftn(x.real.copy(), out=nd_out) is nd_out
    check(nd_out, a.real.copy(), 'rfftn')
    with pytest.raises(ValueError, match="output array has wrong shape."):
        cfft.fft(x, out=cunp.empty((6, 11), numpy.complex128))
    with pytest.raises(TypeError):
        cfft.fft(x, out=cunp.empty((6, 10)))
    # In place: out is the input.
    y = x.copy()
    cfft.fft(y, out=y)
    check(y, a, 'fft')


@gpu
def test_float16_results_as_numpy():
    a = sample(16, 'float16')
    assert cfft.fft(cunp.asarray(a)).dtype == numpy.complex64
    assert cfft.rfft(cunp.asarray(a)).dtype == numpy.complex64
    assert cfft.irfft(cunp.asarray(a)).dtype == numpy.float16
    assert cfft.hfft(cunp.asarray(a)).dtype == numpy.float16
    assert cfft.ihfft(cunp.asarray(a)).dtype == numpy.complex64
    square = sample((4, 6), 'float16')
    assert cfft.irfft2(cunp.asarray(square)).dtype == numpy.float32
    assert cfft.irfftn(cunp.asarray(square), axes=(1,)).dtype == numpy.float16


@gpu
def test_numpy_dispatch():
    a = sample((4, 8), 'complex64')
    x = cunp.asarray(a)
    for name in ['fft', 'ifft', 'fftn', 'ifft2', 'hfft']:
        got = getattr(numpy.fft, name)(x)
        assert isinstance(got, cunp.ndarray), name
        check(got, a, name)
    assert isinstance(numpy.fft.fftshift(x), cunp.ndarray)


@gpu
def test_current_stream():
    a = sample((64, 256), 'complex64', seed=15)
    s = cunp.cuda.Stream()
    x = cunp.asarray(a)
    with s:
        y = cfft.fft2(x)
        z = cfft.irfft(x, n=300)
        s.synchronize()
    check(y, a, 'fft2')
    check(z, a, 'irfft', n=300)


@gpu
def test_nd_planning_off_gives_the_same():
    a = sample((6, 8, 10), 'complex128', seed=16)
    cfft.config.enable_nd_planning = False
    try:
        check(cfft.fftn(cunp.asarray(a)), a, 'fftn')
        check(cfft.rfftn(cunp.asarray(a.real.copy())), a.real.copy(), 'rfftn')
    finally:
        cfft.config.enable_nd_planning = True


@gpu
def test_plan_cache(capsys):
    cache = cfft.config.get_plan_cache()
    cache.clear()
    cache.set_size(2)
    try:
        for n in (8, 16, 8, 32):
            cfft.fft(cunp.ones(n, numpy.complex64))
        assert cache.get_curr_size() == 2
        assert len(cache) == 2
        cache.show_info()
        printed = capsys.readouterr().out
        assert 'cuFFT plan cache' in printed and 'hits / misses: 1 / 3' in printed
        assert printed.index('n=(32,)') < printed.index('n=(8,)')
        cfft.config.show_plan_cache_info()
        assert 'current / max size   : 2 / 2' in capsys.readouterr().out
        cache.set_size(0)  # disabled: plans are made, used and dropped
        cfft.fft(cunp.ones(64, numpy.complex64))
        assert cache.get_curr_size() == 0
        cache.set_size(4)
        cache.set_memsize(0)  # only plans without a work area fit
        cfft.fft(cunp.ones(64, numpy.complex64))
        assert cache.get_curr_memsize() == 0
        cache.clear()
        assert cache.get_curr_size() == 0
    finally:
        cache.set_size(16)
        cache.set_memsize(-1)
        cache.clear()


@gpu
def test_get_fft_plan():
    a = sample((8, 64), 'complex64', seed=17)
    x = cunp.asarray(a)
    plan = cfft.get_fft_plan(x, axes=(-1,))
    assert plan.work_area_size >= 0 and 'C2C' in repr(plan)
    with plan:
        check(cfft.fft(x), a, 'fft')
        check(cfft.ifft(x), a, 'ifft')
        with pytest.raises(ValueError, match="does not match"):
            cfft.fft(x, n=32)
    check(cfft.fft(x, n=32), a, 'fft', n=32)
    plan2 = cfft.get_fft_plan(x)
    with plan2:
        check(cfft.fft2(x), a, 'fft2')
    r = a.real.copy()
    plan3 = cfft.get_fft_plan(cunp.asarray(r), value_type='R2C')
    with plan3:
        check(cfft.rfftn(cunp.asarray(r)), r, 'rfftn')
    with pytest.raises(ValueError):
        cfft.get_fft_plan(cunp.ones((2, 2, 2, 2), numpy.complex64))  # four axes: two plans


@gpu
@pytest.mark.parametrize('n', [1, 4, 7, 10])
@pytest.mark.parametrize('d', [1.0, 0.25])
def test_freqs(n, d):
    got = cfft.fftfreq(n, d)
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.fft.fftfreq(n, d), rtol=1e-15)
    assert got.dtype == numpy.float64
    got = cfft.rfftfreq(n, d, device=0)
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.fft.rfftfreq(n, d), rtol=1e-15)
    assert cfft.fftfreq(numpy.int8(n)).shape == (n,)
    for f, ref in ((cfft.fftfreq, numpy.fft.fftfreq), (cfft.rfftfreq, numpy.fft.rfftfreq)):
        got = f(n, d=d, dtype=numpy.float32)  # the array API's dtype=
        assert got.dtype == numpy.float32
        numpy.testing.assert_array_equal(cunp.asnumpy(got), ref(n, d).astype(numpy.float32))


@gpu
@pytest.mark.parametrize('axes', [None, 0, 1, -1, (0, 1), (1, 0), [1]])
def test_shifts(axes):
    a = numpy.arange(35).reshape(5, 7)
    x = cunp.asarray(a)
    numpy.testing.assert_array_equal(cunp.asnumpy(cfft.fftshift(x, axes)),
                                     numpy.fft.fftshift(a, axes))
    numpy.testing.assert_array_equal(cunp.asnumpy(cfft.ifftshift(x, axes)),
                                     numpy.fft.ifftshift(a, axes))
    numpy.testing.assert_array_equal(cunp.asnumpy(cfft.ifftshift(cfft.fftshift(x, axes), axes)), a)


def _error_type(fn):
    """The built-in class of the exception fn() raises (None: it returned), as the fuzzer
    compares them; cunp's 'no device' error is reported as such."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            fn()
    except cunp._core.CUDARuntimeError:
        return 'device'
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        return next(t for t in type(e).__mro__ if t.__module__ == 'builtins')
    return None


ERROR_INPUTS = [numpy.asarray(False), numpy.ones(4), numpy.ones((3, 0)), numpy.ones(3, 'complex64'),
                numpy.zeros((0, 0), 'complex64'), numpy.ones((2, 3))]


@pytest.mark.parametrize('func', ONE_D)
def test_argument_errors_in_numpys_order_1d(func):
    # Every mix of a bad length, axis and norm raises what NumPy raises first (checked up to
    # the transfer to the device: cunp settles its arguments before it).
    compared = 0
    for a in ERROR_INPUTS:
        for n, axis, norm in itertools.product([None, 0, 1, 2.0], [None, -1, 0, 5, 1.0],
                                               [None, 'bad']):
            want = _error_type(lambda: getattr(numpy.fft, func)(a, n=n, axis=axis, norm=norm))
            got = _error_type(lambda: getattr(cfft, func)(a, n=n, axis=axis, norm=norm))
            if got == 'device':
                continue
            assert got == want, (func, a.shape, a.dtype, n, axis, norm)
            compared += 1
    assert compared > 30


@pytest.mark.parametrize('func', N_D + TWO_D)
def test_argument_errors_in_numpys_order_nd(func):
    compared = 0
    for a in ERROR_INPUTS:
        for s, axes, norm in itertools.product([None, (0,), (2, 0), (None,)],
                                               [None, (0,), (-1, 0), (5,), ()], [None, 'bad']):
            want = _error_type(lambda: getattr(numpy.fft, func)(a, s=s, axes=axes, norm=norm))
            got = _error_type(lambda: getattr(cfft, func)(a, s=s, axes=axes, norm=norm))
            if got == 'device':
                continue
            assert got == want, (func, a.shape, a.dtype, s, axes, norm)
            compared += 1
    assert compared > 10


@gpu
@pytest.mark.parametrize('view', ['transposed', 'stepped'])
def test_plan_of_a_view_runs_its_transform(view):
    # get_fft_plan plans into the result's NumPy layout as the transform then writes it, so the
    # plan matches; the result's C/F contiguity is NumPy's.
    a = sample((6, 8), 'complex64', seed=18)
    make = {'transposed': lambda x: x.T, 'stepped': lambda x: x[:, ::2]}[view]
    x, h = make(cunp.asarray(a)), make(a)
    plan = cfft.get_fft_plan(x, axes=(-1,))
    with plan:
        got = cfft.fft(x)
    want = numpy.fft.fft(h)
    assert (got.flags.c_contiguous, got.flags.f_contiguous) == (
        want.flags.c_contiguous, want.flags.f_contiguous)
    check(got, h, 'fft')
