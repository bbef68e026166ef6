"""medfilt, medfilt2d, order_filter and deconvolve against scipy.signal (CPU through NumPy;
gpu on cunp arrays)."""
import warnings

import numpy
import pytest

from cunp.scipy.signal import _order_filters

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _same(got, want):
    got = numpy.asarray(got)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8"])
@pytest.mark.parametrize("shape", [(20,), (7, 9), (4, 5, 6)], ids=str)
def test_medfilt(ss, dtype, shape):
    x = (numpy.random.default_rng(0).standard_normal(shape) * 10).astype(dtype)
    for kernel in (None, 3, 5, [3] * len(shape)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _same(_order_filters.medfilt(numpy, x, kernel), ss.medfilt(x, kernel))
    if len(shape) == 2:
        for kernel in (3, 5, (3, 5)):
            want = (ss.medfilt2d(x, kernel) if dtype in ("float64", "float32", "uint8")
                    else ss.medfilt(x, kernel))
            _same(_order_filters.medfilt2d(numpy, x, kernel), want)
        domain = numpy.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
        for rank in range(6):
            _same(_order_filters.order_filter(numpy, x, domain, rank),
                  ss.order_filter(x, domain, rank))


def test_bad_input(ss):
    for call in (lambda m, *p: m.medfilt(*p, numpy.ones(5), 4),
                 lambda m, *p: m.medfilt(*p, numpy.ones(5, numpy.complex128)),
                 lambda m, *p: m.order_filter(*p, numpy.ones((5, 5)), numpy.ones((2, 3)), 1),
                 lambda m, *p: m.deconvolve(*p, numpy.ones((2, 2)), [1])):
        with pytest.raises(ValueError):
            call(ss)
        with pytest.raises(ValueError):
            call(_order_filters, numpy)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
@pytest.mark.parametrize("shape", [(12, 9), (40,), (5, 6, 7)], ids=str)
def test_wiener(ss, dtype, shape):
    x = (numpy.random.default_rng(3).standard_normal(shape) * 5).astype(dtype)
    for mysize, noise in ((None, None), (5, None), (3, 0.5)):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = _order_filters.wiener(numpy, x, mysize, noise)
            want = ss.wiener(x, mysize, noise)
        assert got.dtype == want.dtype and got.shape == want.shape
        numpy.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4, equal_nan=True)


def test_deconvolve(ss):
    rng = numpy.random.default_rng(1)
    for signal, divisor in (([0, 1, 0, 0, 0, 2, 1], [2, 1]),
                            (rng.standard_normal(20), [1, 0.5, 0.2]), ([1, 2], [1, 2, 3])):
        for got, want in zip(_order_filters.deconvolve(numpy, signal, divisor),
                             ss.deconvolve(signal, divisor)):
            assert numpy.shape(got) == numpy.shape(want)
            numpy.testing.assert_allclose(got, want, atol=1e-12)


@gpu
def test_on_device(ss):
    import cunp
    from cunp.scipy import signal

    x = (numpy.random.default_rng(2).standard_normal((64, 48)) * 10).astype(numpy.float32)
    _same(cunp.asnumpy(signal.medfilt2d(cunp.asarray(x), 5)), ss.medfilt2d(x, 5))
    _same(cunp.asnumpy(signal.medfilt(cunp.asarray(x[0]), 7)), ss.medfilt(x[0], 7))
    domain = numpy.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
    _same(cunp.asnumpy(signal.order_filter(cunp.asarray(x), domain, 2)),
          ss.order_filter(x, domain, 2))
    cunp.testing.assert_allclose(signal.wiener(cunp.asarray(x), 5), ss.wiener(x, 5),
                                 rtol=1e-4, atol=1e-4)
    q, r = signal.deconvolve(cunp.asarray([0.0, 1, 0, 0, 0, 2, 1]), cunp.asarray([2.0, 1]))
    want = ss.deconvolve([0.0, 1, 0, 0, 0, 2, 1], [2.0, 1])
    cunp.testing.assert_allclose(q, want[0], atol=1e-12)
    cunp.testing.assert_allclose(r, want[1], atol=1e-12)


@gpu
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "int64"])
def test_rank_filters_on_device_across_dtypes_and_layouts(ss, dtype):
    # The device path runs ndimage's rank filter with zero padding: every dtype, a strided and
    # reversed view, a 3-D volume with an uneven kernel and a sparse order_filter domain.
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(4)
    x = (rng.standard_normal((30, 41)) * 20).astype(dtype)
    view, host = cunp.asarray(x)[::2, ::-1], x[::2, ::-1]
    for kernel in (3, (3, 5), 7):
        want = ss.medfilt2d(host, kernel) if dtype in ("float64", "float32", "uint8") else \
            ss.medfilt(host, kernel)
        _same(cunp.asnumpy(signal.medfilt2d(view, kernel)), want)
    v = (rng.standard_normal((6, 7, 8)) * 20).astype(dtype)
    _same(cunp.asnumpy(signal.medfilt(cunp.asarray(v), [3, 1, 5])), ss.medfilt(v, [3, 1, 5]))
    domain = numpy.array([[1, 0, 1], [0, 1, 0], [1, 1, 1]])
    for rank in (0, 3, 5):
        _same(cunp.asnumpy(signal.order_filter(view, domain, rank)),
              ss.order_filter(host, domain, rank))
