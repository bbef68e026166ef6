"""cunp.scipy.ndimage's Fourier-domain filters against scipy.ndimage: full complex transforms
(n=-1), real-FFT transforms (n the halved axis's original length, on every axis), real and
float32 inputs, output= forms. CPU tests run the functions on the NumPy model of the backend;
gpu tests run the public functions on cunp arrays."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _fourier  # noqa: E402

gpu = pytest.mark.gpu

NAMES = ["fourier_gaussian", "fourier_uniform", "fourier_ellipsoid", "fourier_shift"]
SHAPES = [(8,), (6, 9), (4, 5, 7)]
PARAM = {"fourier_gaussian": 1.7, "fourier_uniform": 2.5, "fourier_ellipsoid": 3.0,
         "fourier_shift": 2.3}


def _inputs(shape):
    rng = numpy.random.default_rng(len(shape))
    x = rng.random(shape)
    yield "fft", numpy.fft.fftn(x), -1, -1
    for axis in range(len(shape)):
        yield f"rfft{axis}", numpy.fft.rfft(x, axis=axis), shape[axis], axis
    yield "real", x, -1, -1
    yield "float32", x.astype(numpy.float32), -1, 0
    yield "complex64", numpy.fft.fftn(x).astype(numpy.complex64), -1, -1


def _model(name, *args, **kwargs):
    return getattr(_fourier, name)(numpy_backend(), *args, **kwargs)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("shape", SHAPES)
def test_fourier(name, shape):
    for _, x, n, axis in _inputs(shape):
        a = getattr(sn, name)(x, PARAM[name], n=n, axis=axis)
        b = _model(name, x, PARAM[name], n=n, axis=axis)
        assert a.dtype == b.dtype
        tol = 1e-5 if a.dtype in (numpy.float32, numpy.complex64) else 1e-12
        numpy.testing.assert_allclose(a, b, rtol=tol, atol=tol)


@pytest.mark.parametrize("name", NAMES)
def test_fourier_per_axis_and_output(name):
    x = numpy.fft.fftn(numpy.random.default_rng(2).random((6, 9)))
    params = [1.2, 0.6]
    a = getattr(sn, name)(x, params)
    out = numpy.zeros_like(x)
    r = _model(name, x, params, output=out)
    assert r is out
    numpy.testing.assert_allclose(a, out, rtol=1e-12, atol=1e-12)


def test_errors():
    with pytest.raises(NotImplementedError):
        _model("fourier_ellipsoid", numpy.ones((2, 2, 2, 2)), 1.0)
    with pytest.raises(RuntimeError):
        _model("fourier_gaussian", numpy.ones((3, 3)), [1.0, 2.0, 3.0])
    with pytest.raises(RuntimeError):
        _model("fourier_uniform", numpy.ones((3, 3)), 1.0, output=numpy.zeros((3, 2)))
    with pytest.raises(RuntimeError):
        _model("fourier_gaussian", numpy.ones((3, 3)), 1.0, output=numpy.int32)
    with pytest.raises(RuntimeError):
        _model("fourier_shift", numpy.ones((3, 3)), 1.0, output=numpy.float64)
    r = _model("fourier_shift", numpy.ones((3, 3)), 1.0, output=numpy.complex64)
    numpy.testing.assert_allclose(r, sn.fourier_shift(numpy.ones((3, 3)), 1.0,
                                                      output=numpy.complex64), rtol=1e-6)


@gpu
def test_gpu_fourier():
    import cunp
    import cunp.scipy.ndimage as cn
    for name in NAMES:
        for shape in SHAPES:
            for _, x, n, axis in _inputs(shape):
                a = getattr(sn, name)(x, PARAM[name], n=n, axis=axis)
                b = getattr(cn, name)(cunp.asarray(x), PARAM[name], n=n, axis=axis)
                assert a.dtype == b.dtype
                tol = 1e-5 if a.dtype in (numpy.float32, numpy.complex64) else 1e-10
                numpy.testing.assert_allclose(a, cunp.asnumpy(b), rtol=tol, atol=tol)
