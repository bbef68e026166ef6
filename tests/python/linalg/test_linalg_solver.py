"""numpy.linalg's solvers and decompositions on the GPU, compared with NumPy.

Tolerances: inputs are well conditioned (random plus n on the diagonal, condition number
around 2-3), so results agree with NumPy to a few units of the dtype's epsilon times n;
we allow 1e-4 (float32/complex64) and 1e-10 (float64/complex128) relative error. Factors
that are unique only up to signs or phases (QR's Q and R, SVD's and eig's vectors) are
checked through what is unique: reconstruction of the input, orthogonality, and the values.
"""
import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

DTYPES = ['float32', 'float64', 'complex64', 'complex128']
SHAPES = [(3, 3), (1, 1), (4, 5, 5), (2, 3, 6, 6), (40, 40), (3, 40, 40)]


def tol(dtype):
    return 1e-4 if numpy.dtype(dtype).char in 'fF' else 1e-10


def rand(shape, dtype, seed=0, spd=False, shift=True):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == 'c':
        a = a + 1j * rng.standard_normal(shape)
    a = a.astype(dtype)
    if len(shape) >= 2 and shape[-1] == shape[-2]:
        n = shape[-1]
        if spd:
            a = a @ numpy.swapaxes(a, -1, -2).conj() + n * numpy.eye(n, dtype=dtype)
        elif shift:
            a = a + 2 * n * numpy.eye(n, dtype=dtype)
    return a


def close(got, want, dtype, scale=1.0):
    testing.assert_allclose(got, want, rtol=tol(dtype) * scale, atol=tol(dtype) * scale)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', SHAPES)
def test_det_slogdet_inv(dtype, shape):
    a = rand(shape, dtype)
    d = cunp.linalg.det(cunp.asarray(a))
    assert d.dtype == numpy.dtype(dtype) and d.shape == shape[:-2]
    want = numpy.linalg.det(a)
    testing.assert_allclose(d, want, rtol=tol(dtype) * 10)
    sign, logdet = cunp.linalg.slogdet(cunp.asarray(a))
    wsign, wlog = numpy.linalg.slogdet(a)
    close(sign, wsign, dtype)
    close(logdet, wlog, dtype, scale=10)
    assert logdet.dtype == wlog.dtype
    ai = cunp.linalg.inv(cunp.asarray(a))
    close(ai, numpy.linalg.inv(a), dtype, scale=10)


def test_det_of_a_permutation_and_singular():
    p = numpy.array([[0., 1, 0], [0, 0, 1], [1, 0, 0]])
    testing.assert_allclose(cunp.linalg.det(cunp.asarray(p)), 1.0)
    s = numpy.array([[1., 2], [2, 4]])
    assert float(cunp.linalg.det(cunp.asarray(s))) == 0.0
    sign, logdet = cunp.linalg.slogdet(cunp.asarray(s))
    assert float(sign) == 0.0 and float(logdet) == -numpy.inf


@pytest.mark.parametrize('diag', [[1e30, 1e30, 1e30], [1e30j, 1e30, 1e30], [-1e30, 1e30, 1e30],
                                  [1e30, -1e30j, 1e-30]])
@pytest.mark.parametrize('batch', [(), (5,)])  # single: cusolverDn getrf; stacked: batched cuBLAS
def test_det_beyond_single_precision_range(diag, batch):
    # NumPy forms det as sign * exp(logabsdet) in double and rounds to complex64 last: a det past
    # float's range is inf (+0j, or +-inf in each part of a non-real sign), never NaN.
    a = numpy.broadcast_to(numpy.diag(numpy.array(diag, dtype='complex64')), batch + (3, 3)).copy()
    want = numpy.linalg.det(a)
    got = cunp.asnumpy(cunp.linalg.det(cunp.asarray(a)))
    assert got.dtype == want.dtype
    # rtol: the pivots are exact, and the sum of three logs in double is off by a few double
    # ulps of ~200, far below float32's half ulp; 1e-6 leaves room for float32 rounding ties.
    numpy.testing.assert_allclose(got, want, rtol=1e-6)
    sign, logdet = cunp.linalg.slogdet(cunp.asarray(a))
    wsign, wlog = numpy.linalg.slogdet(a)
    close(sign, wsign, 'complex64')
    close(logdet, wlog, 'complex64')
    if not numpy.iscomplex(numpy.array(diag)).any():
        r = a.real.copy()
        numpy.testing.assert_allclose(cunp.asnumpy(cunp.linalg.det(cunp.asarray(r))),
                                      numpy.linalg.det(r), rtol=1e-6)


@pytest.mark.parametrize('dtype', DTYPES)
def test_det_of_nan_is_nan(dtype):
    a = numpy.array([[numpy.nan, 1], [2, 3]], dtype=dtype)
    d = cunp.asnumpy(cunp.linalg.det(cunp.asarray(a)))
    assert numpy.isnan(d) and numpy.isnan(numpy.linalg.det(a))


@pytest.mark.parametrize('fn', ['eig', 'eigvals'])
def test_eig_refuses_nonfinite_in_a_stack(fn):
    # One inf in one matrix of a stack: NumPy checks before factoring, with this message.
    a = numpy.broadcast_to(numpy.eye(3), (4, 3, 3)).copy()
    a[2, 1, 1] = numpy.inf
    with pytest.raises(cunp.linalg.LinAlgError, match='Array must not contain infs or NaNs'):
        getattr(cunp.linalg, fn)(cunp.asarray(a))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('batch', [(), (7,), (1000,)])
def test_solve(dtype, batch):
    n = 8
    a = rand(batch + (n, n), dtype)
    b = rand(batch + (n, 3), dtype, seed=1)
    x = cunp.linalg.solve(cunp.asarray(a), cunp.asarray(b))
    close(x, numpy.linalg.solve(a, b), dtype, scale=10)
    v = rand((n,), dtype, seed=2)
    xv = cunp.linalg.solve(cunp.asarray(a), cunp.asarray(v))  # NumPy 2: b.ndim == 1 is a vector
    close(xv, numpy.linalg.solve(a, v), dtype, scale=10)


def test_solve_broadcasts_and_promotes():
    a = rand((2, 1, 4, 4), 'float64')
    b = rand((3, 4, 2), 'float32', seed=3)
    x = cunp.linalg.solve(cunp.asarray(a), cunp.asarray(b))
    want = numpy.linalg.solve(a, b)
    assert x.dtype == want.dtype and x.shape == want.shape
    close(x, want, 'float64')
    ai = numpy.array([[2, 1], [1, 3]])
    assert cunp.linalg.inv(cunp.asarray(ai)).dtype == numpy.float64


def test_large_matrices_use_the_unbatched_path():
    a = rand((2, 200, 200), 'float64')
    b = rand((2, 200, 5), 'float64', seed=4)
    close(cunp.linalg.solve(cunp.asarray(a), cunp.asarray(b)), numpy.linalg.solve(a, b), 'float64', 100)
    close(cunp.linalg.inv(cunp.asarray(a)), numpy.linalg.inv(a), 'float64', 100)
    testing.assert_allclose(cunp.linalg.det(cunp.asarray(a)), numpy.linalg.det(a), rtol=1e-9)


@pytest.mark.parametrize('fn', ['inv', 'solve'])
def test_singular_raises(fn):
    s = cunp.asarray(numpy.array([[[1., 2], [2, 4]], [[1., 0], [0, 1]]]))
    with pytest.raises(cunp.linalg.LinAlgError, match='Singular matrix'):
        if fn == 'inv':
            cunp.linalg.inv(s)
        else:
            cunp.linalg.solve(s, cunp.ones((2, 2, 1)))


def test_errstate_linalg_ignore_skips_the_singular_check():
    # A stack of a singular and a regular matrix: no LinAlgError, inf/nan where the library
    # divided by the zero pivot, the regular matrix's results as NumPy's.
    a = numpy.array([[[1., 2], [2, 4]], [[2., 1], [1, 3]]])
    s = cunp.asarray(a)
    with cunp.errstate(linalg='ignore'):
        x = cunp.linalg.inv(s).get()
        y = cunp.linalg.solve(s, cunp.ones((2, 2, 1))).get()
        z = cunp.linalg.solve(s[0], cunp.ones(2)).get()
    assert not numpy.isfinite(x[0]).all() and not numpy.isfinite(y[0]).all()
    assert not numpy.isfinite(z).all()
    numpy.testing.assert_allclose(x[1], numpy.linalg.inv(a[1]), rtol=1e-12)
    numpy.testing.assert_allclose(y[1], numpy.linalg.solve(a[1], numpy.ones((2, 1))), rtol=1e-12)
    # Large matrices take the unbatched path: a repeated row, no check, no error.
    big = rand((70, 70), 'float64', seed=9)
    big[5] = big[3]
    with cunp.errstate(linalg='ignore'):
        assert cunp.linalg.inv(cunp.asarray(big)).shape == (70, 70)
        assert cunp.linalg.solve(cunp.asarray(big), cunp.ones(70)).shape == (70,)
    with pytest.raises(cunp.linalg.LinAlgError, match='Singular matrix'):
        cunp.linalg.inv(s)  # the state is restored on exit


def test_errstate_linalg_ignore_cholesky():
    a = numpy.array([[1., 2], [2, 1]])
    with cunp.errstate(linalg='ignore'):
        assert cunp.linalg.cholesky(cunp.asarray(a)).shape == (2, 2)
        assert cunp.linalg.cholesky(cunp.asarray(-numpy.ones((3, 2, 2)) * numpy.eye(2))).shape \
            == (3, 2, 2)
        spd = rand((3, 4, 4), 'float64', spd=True)
        close(cunp.linalg.cholesky(cunp.asarray(spd)), numpy.linalg.cholesky(spd), 'float64', 100)
    old = cunp.seterr(linalg='ignore')
    try:
        cunp.linalg.inv(cunp.zeros((2, 2)))
    finally:
        cunp.seterr(**old)
    with pytest.raises(cunp.linalg.LinAlgError):
        cunp.linalg.inv(cunp.zeros((2, 2)))


@pytest.mark.parametrize('fn', ['det', 'inv', 'slogdet', 'cholesky', 'eigh', 'eig', 'eigvals'])
def test_bad_shapes(fn):
    f = getattr(cunp.linalg, fn)
    with pytest.raises(cunp.linalg.LinAlgError,
                       match='1-dimensional array given. Array must be at least two-dimensional'):
        f(cunp.ones(3))
    with pytest.raises(cunp.linalg.LinAlgError, match='Last 2 dimensions of the array must be square'):
        f(cunp.ones((2, 3)))


@pytest.mark.parametrize('fn', ['det', 'inv', 'svd', 'qr', 'cholesky', 'eigh'])
def test_float16_unsupported(fn):
    with pytest.raises(TypeError, match='array type float16 is unsupported in linalg'):
        getattr(cunp.linalg, fn)(cunp.eye(2, dtype='float16'))


def test_solve_shape_mismatch():
    with pytest.raises(ValueError):
        cunp.linalg.solve(cunp.eye(3), cunp.ones(2))
    with pytest.raises(ValueError):
        cunp.linalg.solve(cunp.eye(3), cunp.ones((2, 2)))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(4, 4), (3, 5, 5), (50, 50)])
@pytest.mark.parametrize('upper', [False, True])
def test_cholesky(dtype, shape, upper):
    a = rand(shape, dtype, spd=True)
    got = cunp.linalg.cholesky(cunp.asarray(a), upper=upper)
    close(got, numpy.linalg.cholesky(a, upper=upper), dtype, scale=100)


def test_cholesky_not_positive_definite():
    with pytest.raises(cunp.linalg.LinAlgError, match='Matrix is not positive definite'):
        cunp.linalg.cholesky(cunp.asarray(numpy.array([[1., 2], [2, 1]])))
    with pytest.raises(cunp.linalg.LinAlgError, match='Matrix is not positive definite'):
        cunp.linalg.cholesky(cunp.asarray(-numpy.ones((3, 2, 2)) * numpy.eye(2)))


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(5, 3), (3, 5), (4, 4), (2, 6, 4), (2, 4, 6)])
@pytest.mark.parametrize('mode', ['reduced', 'complete'])
def test_qr(dtype, shape, mode):
    a = rand(shape, dtype, shift=False)
    q, r = cunp.linalg.qr(cunp.asarray(a), mode=mode)
    wq, wr = numpy.linalg.qr(a, mode=mode)
    assert q.shape == wq.shape and r.shape == wr.shape and q.dtype == wq.dtype
    qh, rh = cunp.asnumpy(q), cunp.asnumpy(r)
    close(qh @ rh, a, dtype, scale=10)
    k = qh.shape[-1]
    close(numpy.swapaxes(qh, -1, -2).conj() @ qh, numpy.broadcast_to(numpy.eye(k), qh.shape[:-2] + (k, k)), dtype, 10)
    assert numpy.allclose(numpy.tril(rh, -1), 0)
    # R is unique up to the signs (phases) of its rows: compare magnitudes.
    close(numpy.abs(rh), numpy.abs(wr), dtype, scale=10)


@pytest.mark.parametrize('dtype', DTYPES)
def test_qr_r_and_raw(dtype):
    a = rand((2, 5, 3), dtype, shift=False)
    r = cunp.linalg.qr(cunp.asarray(a), mode='r')
    close(numpy.abs(cunp.asnumpy(r)), numpy.abs(numpy.linalg.qr(a, mode='r')), dtype, 10)
    h, tau = cunp.linalg.qr(cunp.asarray(a), mode='raw')
    wh, wtau = numpy.linalg.qr(a, mode='raw')
    assert h.shape == wh.shape and tau.shape == wtau.shape
    with pytest.raises(ValueError, match="Unrecognized mode 'x'"):
        cunp.linalg.qr(cunp.asarray(a), mode='x')


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(4, 4), (100, 8, 8), (3, 40, 40), (64, 64)])
@pytest.mark.parametrize('uplo', ['L', 'U'])
def test_eigh(dtype, shape, uplo):
    a = rand(shape, dtype, spd=True)
    # Make the unread triangle garbage, so that UPLO matters. In a's dtype: a float64 garbage
    # would promote float32/complex64 input to float64/complex128 and so change the result dtype.
    garbage = (numpy.triu(numpy.ones(shape[-2:]), 1) * 7).astype(dtype)
    a_in = a + (garbage if uplo == 'L' else garbage.T)
    w, v = cunp.linalg.eigh(cunp.asarray(a_in), UPLO=uplo)
    ww = numpy.linalg.eigvalsh(a, UPLO=uplo)
    close(w, ww, dtype, scale=100 * shape[-1])
    assert w.dtype == ww.dtype
    vh_ = cunp.asnumpy(v)
    wh = cunp.asnumpy(w)
    close(a @ vh_, vh_ * wh[..., None, :], dtype, scale=100 * shape[-1])
    close(cunp.linalg.eigvalsh(cunp.asarray(a_in), UPLO=uplo), ww, dtype, scale=100 * shape[-1])


def test_eigh_bad_uplo():
    with pytest.raises(ValueError):
        cunp.linalg.eigh(cunp.eye(2), UPLO='X')


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(5, 3), (3, 5), (4, 4), (10, 6, 4), (10, 4, 6), (3, 40, 33), (70, 50), (50, 70)])
@pytest.mark.parametrize('full', [True, False])
@pytest.mark.parametrize('driver', ['gesvdj', 'gesvd'])
def test_svd(dtype, shape, full, driver):
    a = rand(shape, dtype, shift=False)
    cunp.linalg.set_svd_driver(driver)
    try:
        u, s, vh = cunp.linalg.svd(cunp.asarray(a), full_matrices=full)
        s_only = cunp.linalg.svd(cunp.asarray(a), compute_uv=False)
    finally:
        cunp.linalg.set_svd_driver('gesvdj')
    wu, ws, wvh = numpy.linalg.svd(a, full_matrices=full)
    assert u.shape == wu.shape and s.shape == ws.shape and vh.shape == wvh.shape
    assert u.dtype == wu.dtype and s.dtype == ws.dtype
    close(s, ws, dtype, scale=100)
    close(s_only, ws, dtype, scale=100)
    uh, sh, vhh = cunp.asnumpy(u), cunp.asnumpy(s), cunp.asnumpy(vh)
    k = sh.shape[-1]
    close((uh[..., :, :k] * sh[..., None, :]) @ vhh[..., :k, :], a, dtype, scale=100)
    for m in (uh, numpy.swapaxes(vhh, -1, -2)):
        c = m.shape[-1]
        close(numpy.swapaxes(m, -1, -2).conj() @ m, numpy.broadcast_to(numpy.eye(c), m.shape[:-2] + (c, c)), dtype, 100)


@pytest.mark.parametrize('fn', ['svd', 'svdvals', 'eigh', 'eigvalsh', 'eig', 'pinv', 'matrix_rank'])
def test_nan_raises_like_numpy(fn):
    a = numpy.full((3, 3), numpy.nan)
    with pytest.raises(numpy.linalg.LinAlgError) as want:
        getattr(numpy.linalg, fn)(a)
    with pytest.raises(cunp.linalg.LinAlgError) as got:
        getattr(cunp.linalg, fn)(cunp.asarray(a))
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('shape', [(4, 4), (3, 5, 5), (30, 30)])
def test_eig(dtype, shape):
    a = rand(shape, dtype, shift=False)
    w, v = cunp.linalg.eig(cunp.asarray(a))
    ww = numpy.linalg.eigvals(a)
    assert w.dtype == ww.dtype
    wh, vh_ = cunp.asnumpy(w), cunp.asnumpy(v)
    # The eigenvalues as sets: sort both the same way.
    key = lambda x: numpy.sort_complex(x.astype(complex))  # noqa: E731
    close(key(wh), key(ww), dtype, scale=1000)
    close(a @ vh_, vh_ * wh[..., None, :], dtype, scale=1000)
    close(cunp.linalg.eigvals(cunp.asarray(a)), wh, dtype, scale=10)


@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_eig_results_are_complex_even_when_all_real(dtype):
    # NumPy 2.5: eig and eigvals return complex arrays whatever the eigenvalues.
    a = numpy.array([[2., 1], [1, 3]], dtype)
    ct = numpy.result_type(dtype, numpy.complex64)
    w, v = cunp.linalg.eig(cunp.asarray(a))
    assert w.dtype == ct and v.dtype == ct
    assert cunp.linalg.eigvals(cunp.asarray(a)).dtype == ct
    close(numpy.sort(cunp.asnumpy(w).real), numpy.linalg.eigvalsh(a), dtype)
    close(a @ cunp.asnumpy(v), cunp.asnumpy(v) * cunp.asnumpy(w)[None, :], dtype)
    r = numpy.array([[0., -1], [1, 0]], dtype)  # eigenvalues +-i
    w, v = cunp.linalg.eig(cunp.asarray(r))
    assert w.dtype == ct and v.dtype == ct
    close(r @ cunp.asnumpy(v), cunp.asnumpy(v) * cunp.asnumpy(w)[None, :], dtype)


@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex128'])
def test_pinv_lstsq_rank(dtype):
    a = rand((6, 4), dtype, shift=False)
    close(cunp.linalg.pinv(cunp.asarray(a)), numpy.linalg.pinv(a), dtype, scale=100)
    b = rand((6, 2), dtype, seed=5, shift=False)
    x, res, rank, s = cunp.linalg.lstsq(cunp.asarray(a), cunp.asarray(b))
    wx, wres, wrank, ws = numpy.linalg.lstsq(a, b)
    close(x, wx, dtype, scale=100)
    close(res, wres, dtype, scale=100)
    assert int(rank) == int(wrank)
    close(s, ws, dtype, scale=100)
    xv, resv, _, _ = cunp.linalg.lstsq(cunp.asarray(a), cunp.asarray(b[:, 0]))
    assert xv.shape == (4,) and resv.shape == (1,)
    low = a[:, :2] @ rand((2, 4), dtype, seed=6, shift=False)
    assert int(cunp.linalg.matrix_rank(cunp.asarray(low))) == numpy.linalg.matrix_rank(low)
    stack = numpy.stack([a[:4], low[:4]])
    testing.assert_array_equal(cunp.linalg.matrix_rank(cunp.asarray(stack)), numpy.linalg.matrix_rank(stack))


def test_matrix_power():
    a = rand((2, 4, 4), 'float64')
    for n in (0, 1, 2, 3, 5, 8, -1, -3):
        close(cunp.linalg.matrix_power(cunp.asarray(a), n), numpy.linalg.matrix_power(a, n), 'float64', 1e3)
    with pytest.raises(TypeError):
        cunp.linalg.matrix_power(cunp.asarray(a), 1.5)


def test_tensorinv_tensorsolve():
    a = rand((24, 24), 'float64').reshape(4, 6, 8, 3)
    close(cunp.linalg.tensorinv(cunp.asarray(a), ind=2), numpy.linalg.tensorinv(a, ind=2), 'float64', 100)
    b = rand((4, 6), 'float64', seed=7)
    close(cunp.linalg.tensorsolve(cunp.asarray(a), cunp.asarray(b)), numpy.linalg.tensorsolve(a, b), 'float64', 100)


@pytest.mark.parametrize('ord', [None, 1, -1, 2, -2, numpy.inf, -numpy.inf, 'fro', 'nuc'])
@pytest.mark.parametrize('keepdims', [False, True])
def test_matrix_norms(ord, keepdims):
    a = rand((3, 5, 4), 'float64', shift=False)
    got = cunp.linalg.norm(cunp.asarray(a), ord=ord, axis=(1, 2), keepdims=keepdims)
    close(got, numpy.linalg.norm(a, ord=ord, axis=(1, 2), keepdims=keepdims), 'float64', 100)
    got = cunp.linalg.matrix_norm(cunp.asarray(a), ord=ord, keepdims=keepdims)
    close(got, numpy.linalg.matrix_norm(a, ord=ord, keepdims=keepdims), 'float64', 100)


@pytest.mark.parametrize('ord', [None, 1, -1, 2, -2, numpy.inf, -numpy.inf, 'fro', 'nuc'])
@pytest.mark.parametrize('shape', [(2, 0), (0, 2), (0, 0), (3, 2, 0), (0, 3, 2)])
def test_matrix_norms_of_empty_matrices(ord, shape):
    """NumPy gives the proper norms of empty matrices as 0; where min() has nothing to take
    (the negative orders) it raises, and so must we."""
    a = numpy.zeros(shape)
    try:
        want = numpy.linalg.norm(a, ord=ord, axis=(-2, -1))
    except ValueError:
        with pytest.raises(ValueError):
            cunp.linalg.norm(cunp.asarray(a), ord=ord, axis=(-2, -1))
        return
    close(cunp.linalg.norm(cunp.asarray(a), ord=ord, axis=(-2, -1)), want, 'float64')


@pytest.mark.parametrize('ord', [None, 'fro', 'nuc', 1, -1, 2, -2, numpy.inf, -numpy.inf])
@pytest.mark.parametrize('shape', [(3, 3), (2, 4), (4, 2), (1, 1), (2, 3, 3), (3, 2, 4),
                                   (2, 2, 3, 4)])
@pytest.mark.parametrize('axis', [(-2, -1), (0, 1)])
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex64', 'complex128', 'int32',
                                   'bool'])
def test_matrix_norms_of_zero_matrices(ord, shape, axis, dtype):
    """Zero matrices, square and not, alone and stacked (singular: their smallest singular
    value and the -1/-2/-inf norms are 0): every ord on both axis pairs, the value and the
    result's dtype and shape as NumPy's (issue 37), keepdims too."""
    a = numpy.zeros(shape, dtype)

    def same(got, want):
        # A single matrix's norm: NumPy's is a NumPy scalar, cunp's a 0-d array.
        got = cunp.asnumpy(got) if isinstance(got, cunp.ndarray) else numpy.asarray(got)
        want = numpy.asarray(want)
        assert (got.dtype, got.shape) == (want.dtype, want.shape), (got.dtype, want.dtype)
        numpy.testing.assert_array_equal(got, want)
    for keepdims in (False, True):
        same(cunp.linalg.norm(cunp.asarray(a), ord=ord, axis=axis, keepdims=keepdims),
             numpy.linalg.norm(a, ord=ord, axis=axis, keepdims=keepdims))
    if axis == (-2, -1):
        same(cunp.linalg.matrix_norm(cunp.asarray(a), ord=ord), numpy.linalg.matrix_norm(a, ord=ord))


@pytest.mark.parametrize('ord', [None, 0, 1, -1, 2, 3, 0.5, numpy.inf, -numpy.inf])
@pytest.mark.parametrize('dtype', ['float32', 'complex128'])
def test_vector_norms(ord, dtype):
    a = rand((4, 7), dtype, shift=False)
    close(cunp.linalg.norm(cunp.asarray(a), ord=ord, axis=1), numpy.linalg.norm(a, ord=ord, axis=1), dtype, 10)
    close(cunp.linalg.vector_norm(cunp.asarray(a), ord=2 if ord is None else ord, axis=(0, 1)),
          numpy.linalg.vector_norm(a, ord=2 if ord is None else ord, axis=(0, 1)), dtype, 10)
    close(cunp.linalg.norm(cunp.asarray(a)), numpy.linalg.norm(a), dtype, 10)
    with pytest.raises(ValueError):
        cunp.linalg.norm(cunp.asarray(a), ord='fro', axis=1)


@pytest.mark.parametrize('p', [None, 1, -1, 2, -2, numpy.inf, -numpy.inf, 'fro'])
def test_cond(p):
    a = rand((3, 4, 4), 'float64')
    close(cunp.linalg.cond(cunp.asarray(a), p), numpy.linalg.cond(a, p), 'float64', 1e3)


def test_cond_singular_is_inf():
    s = numpy.array([[1., 2], [2, 4]])
    assert float(cunp.linalg.cond(cunp.asarray(s), 1)) == numpy.linalg.cond(s, 1)


@pytest.mark.parametrize('shape', [(1, 1), (4, 4), (3, 5, 5), (2, 1, 3, 3), (0, 3, 3)])
@pytest.mark.parametrize('dtype', ['f', 'd', 'F', 'D'])
@pytest.mark.parametrize('upper', [False, True])
def test_cholesky_layout_is_numpys(shape, dtype, upper):
    # NumPy's factor is a new C-ordered array, lower or upper.
    a = rand(shape, dtype, spd=True)
    want = numpy.linalg.cholesky(a, upper=upper)
    got = cunp.linalg.cholesky(cunp.asarray(a), upper=upper)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.flags.c_contiguous == want.flags.c_contiguous
    assert got.flags.f_contiguous == want.flags.f_contiguous
    testing.assert_allclose(got, want, rtol=tol(dtype), atol=tol(dtype))
