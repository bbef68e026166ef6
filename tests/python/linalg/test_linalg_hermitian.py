# tests/python/linalg/test_linalg_hermitian.py -- svd, matrix_rank and pinv with hermitian=True (the
# eigh route NumPy takes) against NumPy: first with NumPy standing in for cunp and its eigh (no
# GPU), then on the GPU, single and stacked, in the four solver dtypes.
"""hermitian=True: s = |w| in descending order, u the matching eigenvectors, vh = (u*sign(w))^H.

The hermitian branch only orders and combines eigh's results, so with NumPy's eigh in place of
cuSOLVER's it must reproduce numpy.linalg.svd(hermitian=True) exactly (same eigenvectors, same
order for distinct |w|): u, s and vh to 1e-12 (float64/complex128) and 1e-5 (single).

On the GPU, eigenvalues are drawn apart (distinct |w|: no ties in the order, and eigenvectors
defined up to one phase each), so s must match NumPy's to the dtype's tolerance (1e-4 for single
precision, 1e-10 double, as test_linalg_solver.py), u @ diag(s) @ vh must rebuild a, and u and vh
must be unitary. u itself matches NumPy's only up to a phase per column, so it is checked through
u * sign and the reconstruction, not element by element.
"""

import types

import numpy
import pytest

import cunp
from cunp import testing
from cunp.linalg import _decompositions as dec
from linalg_support import DTYPES, hermitian, tol

gpu = pytest.mark.gpu


@pytest.fixture
def on_numpy(monkeypatch):
    ns = types.SimpleNamespace(**{k: getattr(numpy, k) for k in dir(numpy) if not k.startswith('__')})
    ns.asnumpy = numpy.asarray

    def eigh(a, lower, vectors):
        w, v = numpy.linalg.eigh(a, UPLO='L' if lower else 'U')
        return (w, v) if vectors else (w,)
    monkeypatch.setattr(dec, "_cp", lambda: ns)
    monkeypatch.setattr(dec, "_core", types.SimpleNamespace(linalg=types.SimpleNamespace(eigh=eigh)))


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


@pytest.mark.parametrize('shape, dtype, kw', [
    ((0, 1, 2), 'float16', {'hermitian': True}),  # squareness (eigh's) before the dtype
    ((0, 1, 2), 'float16', {}),
    ((1, 2), 'float16', {'hermitian': True}),
    ((2, 2), 'float16', {'hermitian': True}),
    ((2, 3), 'float16', {}),
    ((0,), 'float64', {}),  # NumPy's m, n = a.shape[-2:] does not unpack
    ((0,), 'float64', {'rtol': None}),
    ((3,), 'float64', {}),
    ((), 'float64', {}),
    ((), 'float64', {'rtol': None}),  # max() of no sides
    ((2, 2), 'int64', {'rtol': None}),  # finfo of an integer dtype
    ((2, 2), 'bool', {'rtol': None}),
    ((0, 2), 'int64', {'rtol': None}),
    ((2, 2), 'float16', {'rtol': None}),
    ((2, 3), 'float16', {'rcond': 1, 'rtol': 1}),
    ((0, 3), 'int8', {}),  # the empty answer keeps the dtype
    ((2, 0, 0), 'bool', {'hermitian': True}),
], ids=repr)
def test_pinv_checks_in_numpys_order(on_numpy, shape, dtype, kw):
    """pinv: rcond from rtol (rtol=None reads the input's eps), the empty answer, then svd's
    checks: the shape, squareness with hermitian=True, the dtype (NumPy's exception types)."""
    a = numpy.ones(shape, dtype)
    try:
        want = numpy.linalg.pinv(a, **kw)
    except Exception as e:  # noqa: BLE001 - the same type is expected
        with pytest.raises(type(e)):
            dec.pinv(a, **kw)
        return
    got = dec.pinv(a, **kw)
    assert got.shape == want.shape and got.dtype == want.dtype


@pytest.mark.parametrize('shape', [(1, 2), (0, 1, 2), (3,)])
@pytest.mark.parametrize('compute_uv', [True, False])
def test_svd_hermitian_checks_the_shape_before_the_dtype(on_numpy, shape, compute_uv):
    a = numpy.ones(shape, 'float16')
    with pytest.raises(numpy.linalg.LinAlgError):
        numpy.linalg.svd(a, hermitian=True, compute_uv=compute_uv)
    with pytest.raises(numpy.linalg.LinAlgError):
        dec.svd(a, hermitian=True, compute_uv=compute_uv)
    with pytest.raises(TypeError):
        dec.svd(numpy.ones((2, 2), 'float16'), hermitian=True, compute_uv=compute_uv)


# --- on the GPU ---

@gpu
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(3, 3), (1, 1), (5, 4, 4), (2, 3, 6, 6), (33, 33)])
def test_svd_hermitian(dtype, shape):
    a = hermitian(shape, dtype)
    u, s, vh = cunp.linalg.svd(cunp.asarray(a), hermitian=True)
    wu, ws, wvh = numpy.linalg.svd(a, hermitian=True)
    assert u.dtype == wu.dtype and s.dtype == ws.dtype and vh.dtype == wvh.dtype
    assert u.shape == wu.shape and s.shape == ws.shape and vh.shape == wvh.shape
    t = tol(dtype) * shape[-1]
    testing.assert_allclose(s, ws, rtol=t, atol=t)
    un, sn, vhn = cunp.asnumpy(u), cunp.asnumpy(s), cunp.asnumpy(vh)
    testing.assert_allclose((un * sn[..., None, :]) @ vhn, a, rtol=t, atol=t)
    eye = numpy.broadcast_to(numpy.eye(shape[-1]), un.shape)
    testing.assert_allclose(numpy.swapaxes(un, -1, -2).conj() @ un, eye, rtol=t, atol=t)
    testing.assert_allclose(vhn @ numpy.swapaxes(vhn, -1, -2).conj(), eye, rtol=t, atol=t)
    # vh is u with each column's eigenvalue sign, conjugate-transposed, as NumPy builds it.
    sgn = numpy.sign(numpy.linalg.eigvalsh(a))
    order = numpy.argsort(numpy.abs(numpy.linalg.eigvalsh(a)), axis=-1)[..., ::-1]
    sgn = numpy.take_along_axis(sgn, order, axis=-1)
    testing.assert_allclose(vhn, numpy.swapaxes(un * sgn[..., None, :], -1, -2).conj(),
                            rtol=t, atol=t)


@gpu
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(4, 4), (3, 5, 5), (0, 0), (2, 0, 0)])
def test_svd_hermitian_values_only(dtype, shape):
    a = hermitian(shape, dtype) if shape[-1] else numpy.zeros(shape, dtype)
    s = cunp.linalg.svd(cunp.asarray(a), compute_uv=False, hermitian=True)
    ws = numpy.linalg.svd(a, compute_uv=False, hermitian=True)
    assert s.dtype == ws.dtype and s.shape == ws.shape
    testing.assert_allclose(s, ws, rtol=tol(dtype) * 4, atol=tol(dtype) * 4)


@gpu
def test_svd_hermitian_needs_square():
    for xp in (numpy, cunp):
        with pytest.raises(numpy.linalg.LinAlgError):
            xp.linalg.svd(xp.ones((2, 3)), hermitian=True)


@gpu
@pytest.mark.parametrize('dtype', DTYPES)
def test_matrix_rank_and_pinv_hermitian(dtype):
    a = hermitian((3, 5, 5), dtype, seed=2)
    # Rank 3: two eigen-directions removed.
    rng = numpy.random.default_rng(1)
    v = rng.standard_normal((3, 5, 3))
    if numpy.dtype(dtype).kind == 'c':
        v = v + 1j * rng.standard_normal((3, 5, 3))
    low = (v @ numpy.swapaxes(v, -1, -2).conj()).astype(dtype)
    for m in (a, low):
        r = cunp.linalg.matrix_rank(cunp.asarray(m), hermitian=True)
        numpy.testing.assert_array_equal(cunp.asnumpy(r),
                                         numpy.linalg.matrix_rank(m, hermitian=True))
    t = tol(dtype) * 50
    testing.assert_allclose(cunp.linalg.pinv(cunp.asarray(a), hermitian=True),
                            numpy.linalg.pinv(a, hermitian=True), rtol=t, atol=t)
