# tests/python/test_linalg_qr_batched_cpu.py -- the batched Householder QR run with NumPy's
# functions against numpy.linalg.qr, and its size switch, without a GPU.
"""The batched QR (linalg/_qr_batched.py) is written against an array namespace; run with NumPy
it must give LAPACK's own factors: the same reflectors and tau (mode 'raw'), hence the same Q and
R, not just equal up to signs. Tolerances: 1e-4 for single precision and 1e-10 for double
relative to the matrix's scale (Householder QR is backward stable; the inputs are O(1))."""
import numpy
import pytest

from cunp.linalg import _qr_batched
from linalg_support import DTYPES, rand, tol

SHAPES = [(7, 4, 4), (5, 6, 3), (5, 3, 6), (2, 3, 8, 8), (3, 1, 1), (4, 1, 5), (4, 5, 1)]


def lapack(a, mode):
    out = [numpy.linalg.qr(x, mode=mode) for x in a.reshape((-1,) + a.shape[-2:])]
    if mode == 'r':
        return [numpy.stack(out).reshape(a.shape[:-2] + out[0].shape)]
    return [numpy.stack([o[i] for o in out]).reshape(a.shape[:-2] + out[0][i].shape)
            for i in range(2)]


@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
@pytest.mark.parametrize('shape', SHAPES)
@pytest.mark.parametrize('dtype', DTYPES)
def test_matches_lapack(dtype, shape, mode):
    a = rand(shape, dtype)
    got = _qr_batched.householder_qr(a, mode, numpy)
    want = lapack(a, mode)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        numpy.testing.assert_allclose(g, w, rtol=tol(dtype), atol=tol(dtype))


@pytest.mark.parametrize('dtype', DTYPES)
def test_zero_columns_and_exact_triangles(dtype):
    # Columns with nothing below the diagonal: tau = 0 (H = I), as LAPACK.
    a = numpy.zeros((3, 4, 3), dtype=dtype)
    a[1] = numpy.triu(rand((4, 3), dtype, 1))
    a[2, :, 1] = rand((4,), dtype, 2)
    for mode in ('raw', 'reduced', 'complete'):
        for g, w in zip(_qr_batched.householder_qr(a, mode, numpy), lapack(a, mode)):
            numpy.testing.assert_allclose(g, w, rtol=tol(dtype), atol=tol(dtype))


def test_size_switch():
    assert _qr_batched.use_batched(10000, 8, 8)
    assert not _qr_batched.use_batched(1, 8, 8)
    assert not _qr_batched.use_batched(4, 40, 40)
    assert not _qr_batched.use_batched(10000, 200, 200)
    assert not _qr_batched.use_batched(100, 0, 3)
