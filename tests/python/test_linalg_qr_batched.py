# tests/python/test_linalg_qr_batched.py -- qr of stacks through the batched Householder path
# on the GPU, against NumPy, in every mode and solver dtype.
"""The batched path follows LAPACK's conventions, so Q, R, h and tau must equal NumPy's (not just
up to signs). Tolerances: 1e-4 single, 1e-10 double (backward-stable factorization of O(1)
inputs, at most 16 columns)."""
import numpy
import pytest

import cunp
from cunp import testing
from cunp.linalg import _qr_batched
from linalg_support import DTYPES, rand, tol

pytestmark = pytest.mark.gpu


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


def test_per_matrix_path_gives_the_same(monkeypatch):
    a = rand((64, 4, 4), 'float64')
    q1, r1 = cunp.linalg.qr(cunp.asarray(a))
    monkeypatch.setattr(_qr_batched, "use_batched", lambda count, m, n: False)
    q0, r0 = cunp.linalg.qr(cunp.asarray(a))
    # cuSOLVER's geqrf uses the same conventions: the same factors to rounding.
    testing.assert_allclose(q1, q0, rtol=1e-10, atol=1e-10)
    testing.assert_allclose(r1, r0, rtol=1e-10, atol=1e-10)
