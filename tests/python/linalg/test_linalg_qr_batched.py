# tests/python/linalg/test_linalg_qr_batched.py -- the batched Householder QR: run with NumPy's
# functions against numpy.linalg.qr, and its size switch (no GPU), then qr of stacks on the GPU
# against NumPy, in every mode and solver dtype.
"""The batched QR (linalg/_qr_batched.py) is written against an array namespace and follows
LAPACK's conventions: run with NumPy it must give LAPACK's own factors (the same reflectors and
tau in mode 'raw', hence the same Q and R, not just equal up to signs), and on the GPU Q, R, h
and tau must equal NumPy's. Tolerances: 1e-4 for single precision and 1e-10 for double relative
to the matrix's scale (Householder QR is backward stable; the inputs are O(1), at most 16
columns)."""

import numpy
import pytest

import cunp
from cunp import testing
from cunp.linalg import _qr_batched
from linalg_support import DTYPES, rand, tol

gpu = pytest.mark.gpu


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


# --- on the GPU ---

@gpu
@pytest.mark.parametrize('mode', ['reduced', 'complete', 'r', 'raw'])
@pytest.mark.parametrize('shape', [(40, 4, 4), (3, 6, 3), (3, 3, 6), (2, 2, 16, 16), (5, 1, 1)])
@pytest.mark.parametrize('dtype', DTYPES)
def test_batched_qr_as_numpy(monkeypatch, dtype, shape, mode):
    # Every stack takes the batched path (the size rule picks (40, 4, 4) anyway).
    monkeypatch.setattr(_qr_batched, "use_batched", lambda count, m, n: count > 1 and m and n)
    a = rand(shape, dtype)
    got = cunp.linalg.qr(cunp.asarray(a), mode=mode)
    want = numpy.linalg.qr(a, mode=mode)
    if mode == 'r':
        got, want = (got,), (want,)
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert g.shape == w.shape and g.dtype == w.dtype
        testing.assert_allclose(g, w, rtol=tol(dtype), atol=tol(dtype))


@gpu
@pytest.mark.parametrize('dtype', DTYPES)
def test_batched_qr_strided_input_and_zero_columns(monkeypatch, dtype):
    monkeypatch.setattr(_qr_batched, "use_batched", lambda count, m, n: count > 1 and m and n)
    a = rand((6, 5, 8), dtype)[:, ::-1, ::2]      # negative and non-unit strides
    a[1] = 0
    a[2, 1:, 0] = 0                                # a column with nothing to reflect
    q, r = cunp.linalg.qr(cunp.asarray(a))
    wq, wr = numpy.linalg.qr(a)
    testing.assert_allclose(q, wq, rtol=tol(dtype), atol=tol(dtype))
    testing.assert_allclose(r, wr, rtol=tol(dtype), atol=tol(dtype))


@gpu
def test_per_matrix_path_gives_the_same(monkeypatch):
    a = rand((64, 4, 4), 'float64')
    q1, r1 = cunp.linalg.qr(cunp.asarray(a))
    monkeypatch.setattr(_qr_batched, "use_batched", lambda count, m, n: False)
    q0, r0 = cunp.linalg.qr(cunp.asarray(a))
    # cuSOLVER's geqrf uses the same conventions: the same factors to rounding.
    testing.assert_allclose(q1, q0, rtol=1e-10, atol=1e-10)
    testing.assert_allclose(r1, r0, rtol=1e-10, atol=1e-10)
