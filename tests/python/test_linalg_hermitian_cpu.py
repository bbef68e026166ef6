# tests/python/test_linalg_hermitian_cpu.py -- svd(hermitian=True) and the matrix_rank/pinv
# that use it, run with NumPy standing in for cunp and its eigh, against NumPy's own.
"""The hermitian branch only orders and combines eigh's results, so with NumPy's eigh in place
of cuSOLVER's it must reproduce numpy.linalg.svd(hermitian=True) exactly (same eigenvectors,
same order for distinct |w|): u, s and vh to 1e-12 (float64/complex128) and 1e-5 (single)."""
import types

import numpy
import pytest

from cunp.linalg import _decompositions as dec
from linalg_support import hermitian


@pytest.fixture
def on_numpy(monkeypatch):
    ns = types.SimpleNamespace(**{k: getattr(numpy, k) for k in dir(numpy) if not k.startswith('__')})
    ns.asnumpy = numpy.asarray

    def eigh(a, lower, vectors):
        w, v = numpy.linalg.eigh(a, UPLO='L' if lower else 'U')
        return (w, v) if vectors else (w,)
    monkeypatch.setattr(dec, "_cp", lambda: ns)
    monkeypatch.setattr(dec, "_core", types.SimpleNamespace(_linalg_eigh=eigh))


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex64', 'complex128'])
@pytest.mark.parametrize('shape', [(3, 3), (1, 1), (5, 4, 4), (2, 3, 6, 6), (0, 0), (2, 0, 0)])
def test_svd_hermitian_as_numpy(on_numpy, dtype, shape):
    a = hermitian(shape, dtype) if shape[-1] else numpy.zeros(shape, dtype)
    t = 1e-5 if numpy.dtype(dtype).char in 'fF' else 1e-12
    got = dec.svd(a, hermitian=True)
    want = numpy.linalg.svd(a, hermitian=True)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        numpy.testing.assert_allclose(g, w, rtol=t, atol=t)
    s = dec.svd(a, compute_uv=False, hermitian=True)
    ws = numpy.linalg.svd(a, compute_uv=False, hermitian=True)
    assert s.dtype == ws.dtype
    numpy.testing.assert_allclose(s, ws, rtol=t, atol=t)


def test_rank_and_pinv_hermitian_as_numpy(on_numpy):
    a = hermitian((3, 5, 5), 'complex128', seed=3)
    v = numpy.random.default_rng(1).standard_normal((3, 5, 2))
    low = v @ numpy.swapaxes(v, -1, -2)
    for m in (a, low):
        numpy.testing.assert_array_equal(dec.matrix_rank(m, hermitian=True),
                                         numpy.linalg.matrix_rank(m, hermitian=True))
        numpy.testing.assert_allclose(dec.pinv(m, hermitian=True),
                                      numpy.linalg.pinv(m, hermitian=True), rtol=1e-10,
                                      atol=1e-10)
