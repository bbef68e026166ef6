"""NumPy functions on cunp sparse objects: the ones that reach a method for SciPy's sparse
types give that method's result, numpy.dot gives the product, and the rest raise TypeError
(SciPy's sparse types fail on them or give object arrays)."""

import numpy
import pytest

sps = pytest.importorskip("scipy.sparse")

from cunp.scipy import sparse as cs  # noqa: E402
from cunp.scipy.sparse import _backend  # noqa: E402


def host(x):
    if hasattr(x, "toarray"):
        x = x.toarray()
    return numpy.asarray(_backend.to_host(x))


def dense():
    return numpy.array([[1.0, 0, 2], [0, -1.5, 0]])


@pytest.mark.parametrize("kind", ["matrix", "array"])
@pytest.mark.parametrize("fmt", ["csr", "csc", "coo"])
def test_methods_through_numpy(backend, kind, fmt):
    s, c = getattr(sps, f"{fmt}_{kind}")(dense()), getattr(cs, f"{fmt}_{kind}")(dense())
    for f in [numpy.sum, numpy.mean, numpy.max, numpy.min, numpy.amax, numpy.amin,
              numpy.argmax, numpy.argmin]:
        numpy.testing.assert_allclose(host(f(c)), host(f(s)))
        numpy.testing.assert_allclose(host(f(c, axis=0)), host(f(s, axis=0)))
        numpy.testing.assert_allclose(host(f(c, 1)), host(f(s, 1)))
    assert numpy.transpose(c).shape == (3, 2)
    numpy.testing.assert_array_equal(host(numpy.transpose(c)), host(numpy.transpose(s)))
    assert numpy.shape(c) == numpy.shape(s) and numpy.ndim(c) == numpy.ndim(s)
    assert numpy.size(c) == numpy.size(s)
    numpy.testing.assert_array_equal(host(numpy.round(c)), host(numpy.round(s)))
    numpy.testing.assert_array_equal(host(numpy.real(c)), host(numpy.real(s)))
    with pytest.raises(TypeError):
        numpy.sum(c, keepdims=True)


@pytest.mark.parametrize("kind", ["matrix", "array"])
def test_dot(backend, kind):
    c = getattr(cs, f"csr_{kind}")(dense())
    x, X, y = numpy.arange(3.0), numpy.ones((3, 2)), numpy.arange(2.0)
    numpy.testing.assert_allclose(host(numpy.dot(c, x)), dense() @ x)
    numpy.testing.assert_allclose(host(numpy.dot(c, X)), dense() @ X)
    numpy.testing.assert_allclose(host(numpy.dot(y, c)), y @ dense())
    numpy.testing.assert_allclose(host(numpy.dot(c, c.T)), dense() @ dense().T)
    numpy.testing.assert_allclose(host(numpy.dot(2, c)), 2 * dense())
    with pytest.raises(ValueError):
        numpy.dot(c, numpy.ones(4))


def test_unsupported_functions_raise_type_error(backend):
    c = cs.csr_array(dense())
    for f in [lambda: numpy.concatenate([c, c]), lambda: numpy.where(c),
              lambda: numpy.diagonal(c), lambda: numpy.allclose(c, c),
              lambda: numpy.tensordot(c, numpy.ones((3, 2)), axes=1),
              lambda: numpy.copy(c), lambda: numpy.clip(c, 0, 1)]:
        with pytest.raises(TypeError, match="cunp sparse"):
            f()
