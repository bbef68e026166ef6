"""cwt, ricker, morlet, morlet2 and qmf (SciPy 1.14's, which CuPy keeps; SciPy 1.15 removed
them): on NumPy against their definitions, and on cunp arrays against the NumPy run."""
import math

import numpy
import pytest

from cunp.scipy.signal import _wavelets as wv

gpu = pytest.mark.gpu


@pytest.mark.parametrize("points, a", [(1, 1.0), (10, 2.0), (33, 4.0), (100, 0.5)])
def test_ricker_is_its_definition(points, a):
    x = numpy.arange(points) - (points - 1) / 2
    want = (2 / (math.sqrt(3 * a) * math.pi ** 0.25) * (1 - (x / a) ** 2)
            * numpy.exp(-x ** 2 / (2 * a * a)))
    got = wv.ricker(numpy, points, a)
    assert got.dtype == numpy.float64 and got.shape == (points,)
    numpy.testing.assert_allclose(got, want, rtol=1e-14, atol=1e-15)


def test_morlet_and_morlet2():
    m = wv.morlet(numpy, 64, w=6.0, s=0.5)
    assert m.dtype == numpy.complex128 and m.shape == (64,)
    x = numpy.linspace(-math.pi, math.pi, 64)
    want = (numpy.exp(6j * x) - math.exp(-18)) * numpy.exp(-x * x / 2) * math.pi ** -0.25
    numpy.testing.assert_allclose(m, want, rtol=1e-13, atol=1e-15)
    incomplete = wv.morlet(numpy, 64, w=6.0, s=0.5, complete=False)
    numpy.testing.assert_allclose(incomplete - m, math.exp(-18) * numpy.exp(-x * x / 2)
                                  * math.pi ** -0.25, atol=1e-15)
    # morlet2 has unit energy: its samples' squared magnitudes sum to 1 for a wide wavelet.
    m2 = wv.morlet2(numpy, 1001, 40.0, w=5)
    assert abs(numpy.sum(numpy.abs(m2) ** 2) - 1) < 1e-9
    assert numpy.argmax(numpy.abs(m2)) == 500


def test_qmf_reverses_and_alternates_signs():
    numpy.testing.assert_array_equal(wv.qmf(numpy, [1, 2, 3, 4]), [4, -3, 2, -1])
    numpy.testing.assert_array_equal(wv.qmf(numpy, [0.5, 0.5, 0.25]), [0.25, -0.5, 0.5])


def test_cwt_rows_are_same_convolutions():
    rng = numpy.random.default_rng(0)
    data = rng.standard_normal(200)
    widths = numpy.arange(1, 31)
    got = wv.cwt(numpy, data, lambda n, w: wv.ricker(numpy, n, w), widths)
    assert got.shape == (30, 200) and got.dtype == numpy.float64
    for row, w in zip(got, widths):
        kernel = wv.ricker(numpy, min(10 * w, 200), w)[::-1]
        numpy.testing.assert_allclose(row, numpy.convolve(data, kernel, mode="same"),
                                      rtol=1e-10, atol=1e-12)
    c = wv.cwt(numpy, data, lambda n, s: wv.morlet2(numpy, n, s), [2.0, 5.0])
    assert c.dtype == numpy.complex128
    assert wv.cwt(numpy, data, lambda n, w: wv.ricker(numpy, n, w), [3],
                  dtype=numpy.float32).dtype == numpy.float32


@gpu
def test_on_device_as_on_numpy():
    import cunp
    from cunp.scipy import signal

    rng = numpy.random.default_rng(1)
    data = rng.standard_normal(500)
    numpy.testing.assert_allclose(cunp.asnumpy(signal.ricker(50, 3.0)), wv.ricker(numpy, 50, 3.0),
                                  rtol=1e-13)
    numpy.testing.assert_allclose(cunp.asnumpy(signal.morlet(40, 5.0)), wv.morlet(numpy, 40, 5.0),
                                  rtol=1e-12, atol=1e-14)
    numpy.testing.assert_allclose(cunp.asnumpy(signal.morlet2(40, 3.0)),
                                  wv.morlet2(numpy, 40, 3.0), rtol=1e-12, atol=1e-14)
    numpy.testing.assert_array_equal(cunp.asnumpy(signal.qmf(cunp.asarray([1.0, 2, 3]))),
                                     [3.0, -2, 1])
    for wavelet, host in ((signal.ricker, lambda n, w: wv.ricker(numpy, n, w)),
                          (signal.morlet2, lambda n, s: wv.morlet2(numpy, n, s))):
        got = signal.cwt(cunp.asarray(data), wavelet, numpy.arange(1, 12))
        want = wv.cwt(numpy, data, host, numpy.arange(1, 12))
        assert got.dtype == want.dtype
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-9, atol=1e-10)
