"""cunp.scipy.ndimage.distance_transform_edt against scipy.ndimage: 1-D to 3-D, sampling,
return_distances / return_indices, distances= and indices= arrays, and the argument errors. CPU
tests run the function on the NumPy model of the backend; gpu tests the public function on cunp
arrays."""
import os
import sys

import numpy
import pytest

sn = pytest.importorskip("scipy.ndimage")

sys.path.insert(0, os.path.dirname(__file__))
from ndimage_model import numpy_backend  # noqa: E402

from cunp.scipy.ndimage import _distance  # noqa: E402

gpu = pytest.mark.gpu

CASES = [((30,), None), ((13, 17), None), ((13, 17), [2.0, 0.7]), ((6, 7, 8), [1, 2, 3]),
         ((1, 9), 1.5)]


def _edt(*args, **kwargs):
    return _distance.distance_transform_edt(numpy_backend(), *args, **kwargs)


def _input(shape, seed=1):
    return numpy.random.default_rng(seed).random(shape) > 0.2


def _check_indices(x, sampling, indices, distances):
    # Where several zeros are equally near, any of them is a right answer: the indices must
    # name a zero at the reported distance.
    assert not x[tuple(indices)].any()
    steps = numpy.broadcast_to(numpy.asarray(1.0 if sampling is None else sampling,
                                             dtype=float), (x.ndim,))
    grid = numpy.indices(x.shape)
    d = numpy.sqrt(sum(((indices[k] - grid[k]) * steps[k]) ** 2 for k in range(x.ndim)))
    numpy.testing.assert_allclose(d, distances, rtol=1e-12)


@pytest.mark.parametrize("shape, sampling", CASES)
def test_edt(shape, sampling):
    x = _input(shape)
    a, ai = sn.distance_transform_edt(x, sampling, return_indices=True)
    b, bi = _edt(x, sampling, return_indices=True)
    numpy.testing.assert_allclose(a, b, rtol=1e-12)
    assert bi.dtype == ai.dtype and bi.shape == ai.shape
    _check_indices(x, sampling, bi, a)
    numpy.testing.assert_allclose(sn.distance_transform_edt(x, sampling), _edt(x, sampling),
                                  rtol=1e-12)


def test_edt_only_indices_and_outputs():
    x = _input((9, 11), 4)
    ai = sn.distance_transform_edt(x, return_distances=False, return_indices=True)
    bi = _edt(x, return_distances=False, return_indices=True)
    _check_indices(x, None, bi, sn.distance_transform_edt(x))
    assert ai.shape == bi.shape
    d = numpy.zeros(x.shape)
    i = numpy.zeros((2,) + x.shape, numpy.int32)
    assert _edt(x, distances=d, indices=i, return_indices=True) is None
    numpy.testing.assert_allclose(d, sn.distance_transform_edt(x), rtol=1e-12)
    _check_indices(x, None, i, d)
    r = _edt(x, distances=d, return_indices=True)
    assert r.shape == (2,) + x.shape


def test_edt_errors():
    x = _input((5, 6))
    with pytest.raises(RuntimeError):
        _edt(x, return_distances=False)
    with pytest.raises(RuntimeError):
        _edt(x, distances=numpy.zeros(x.shape, numpy.float32))
    with pytest.raises(RuntimeError):
        _edt(x, distances=numpy.zeros((2, 2)))
    with pytest.raises(RuntimeError):
        _edt(x, indices=numpy.zeros((2,) + x.shape, numpy.int64), return_indices=True)
    with pytest.raises(RuntimeError):
        _edt(x, indices=numpy.zeros((2,) + x.shape, numpy.int32))
    with pytest.raises(RuntimeError):
        _edt(x, sampling=[1, 2, 3])


@gpu
def test_gpu_edt():
    import cunp
    import cunp.scipy.ndimage as cn
    for shape, sampling in CASES + [((200, 300), [1.0, 0.5])]:
        x = _input(shape, 2)
        a = sn.distance_transform_edt(x, sampling)
        b, bi = cn.distance_transform_edt(cunp.asarray(x), sampling, return_indices=True)
        numpy.testing.assert_allclose(a, cunp.asnumpy(b), rtol=1e-12)
        _check_indices(x, sampling, cunp.asnumpy(bi), a)


@pytest.mark.parametrize("layout", ["fortran", "strided", "size1"])
def test_edt_layouts(layout):
    x = _input((12, 18), 6)
    x = {"fortran": numpy.asfortranarray(x), "strided": x[::2, ::-3], "size1": x[:, 5:6]}[layout]
    numpy.testing.assert_allclose(sn.distance_transform_edt(x, [1.0, 2.0]),
                                  _edt(x, [1.0, 2.0]), rtol=1e-12)
