"""cunp.scipy.linalg against scipy.linalg.

The special matrices are compositions over the namespace in their module's `cp`: the CPU tests
run them with NumPy in its place; the factorizations and solves need cuSOLVER and run in the gpu
tests, except lu's host code, which also runs on LAPACK's getrf and a model of the pivot kernel
(lu_model.py)."""
import warnings

import numpy
import pytest

import cunp
from cunp.scipy.linalg import _special_matrices

sl = pytest.importorskip("scipy.linalg")
import cunp.scipy.linalg as cl  # noqa: E402

gpu = pytest.mark.gpu


@pytest.fixture
def on_numpy(monkeypatch):
    monkeypatch.setattr(_special_matrices, "cp", numpy)


def _same(got, want, rtol=1e-7, atol=0):
    got = cunp.asnumpy(got) if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    want = numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


def _special_cases(conv):
    rng = numpy.random.default_rng(0)
    c, r = rng.random(4), rng.random(3)
    cc = rng.random((2, 4)) + 1j
    f, s = rng.random((2, 3)), rng.random((2, 2))
    x = rng.random((2, 4)) + 1
    yield lambda: (cl.toeplitz(conv(c), conv(r)), sl.toeplitz(c, r))
    yield lambda: (cl.toeplitz(conv(cc)), sl.toeplitz(cc))
    yield lambda: (cl.toeplitz(conv(c)), sl.toeplitz(c))
    yield lambda: (cl.circulant(conv(c)), sl.circulant(c))
    yield lambda: (cl.circulant(conv(cc)), sl.circulant(cc))
    yield lambda: (cl.hankel(conv(c), conv(r)), sl.hankel(c, r))
    yield lambda: (cl.hankel(conv(c)), sl.hankel(c))
    for n in (1, 2, 8):
        yield lambda n=n: (cl.hadamard(n), sl.hadamard(n))
    for n in (1, 2, 5):
        yield lambda n=n: (cl.helmert(n), sl.helmert(n))
        yield lambda n=n: (cl.helmert(n, True), sl.helmert(n, True))
    yield lambda: (cl.hilbert(5), sl.hilbert(5))
    for n in (1, 4, 13):
        yield lambda n=n: (cl.invhilbert(n), sl.invhilbert(n))
        yield lambda n=n: (cl.invhilbert(n, exact=True), sl.invhilbert(n, exact=True))
    yield lambda: (cl.leslie(conv(f), conv(s)), sl.leslie(f, s))
    yield lambda: (cl.leslie([1, 2, 3], [0.5, 0.6]), sl.leslie([1, 2, 3], [0.5, 0.6]))
    yield lambda: (cl.companion(conv(x)), sl.companion(x))
    yield lambda: (cl.fiedler(conv(c)), sl.fiedler(c))
    yield lambda: (cl.fiedler(conv(x)), sl.fiedler(x))
    for n in (2, 3, 4, 5, 6, 7):
        a = rng.random(n) + 1
        yield lambda a=a: (cl.fiedler_companion(conv(a)), sl.fiedler_companion(a))
    yield lambda: (cl.fiedler_companion(conv(x)), sl.fiedler_companion(x))
    for mode in ("full", "valid", "same"):
        for m, n in ((3, 5), (5, 3), (4, 4), (1, 1)):
            a = rng.random(m)
            yield lambda a=a, n=n, mode=mode: (cl.convolution_matrix(conv(a), n, mode),
                                               sl.convolution_matrix(a, n, mode))
    for n in (0, 1, 4, 5):
        for scale in (None, "sqrtn", "n"):
            yield lambda n=n, scale=scale: (cl.dft(n, scale), sl.dft(n, scale))
    a, b = rng.random((3, 4)), rng.random((2, 4))
    yield lambda: (cl.khatri_rao(conv(a), conv(b)), sl.khatri_rao(a, b))
    blocks = ([1, 2], [[3], [4]], 5.0, numpy.ones((0, 2)))
    yield lambda: (cl.block_diag(*[conv(numpy.asarray(b)) for b in blocks]),
                   sl.block_diag(*blocks))
    yield lambda: (cl.block_diag(), sl.block_diag())


def test_special_matrices_on_numpy(on_numpy):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in _special_cases(numpy.asarray):
            got, want = case()
            _same(got, want)
        for a in (numpy.triu(numpy.ones((4, 5)), 1), numpy.tril(numpy.ones((5, 3)), -2),
                  numpy.zeros((3, 3)), numpy.eye(3)):
            assert cl.bandwidth(a) == sl.bandwidth(a)


def test_special_matrix_errors(on_numpy):
    with pytest.raises(ValueError):
        cl.hadamard(3)
    with pytest.raises(ValueError):
        cl.companion([1.0])
    with pytest.raises(ValueError):
        cl.companion([0.0, 1.0])
    with pytest.raises(ValueError):
        cl.leslie([1, 2], [1, 2])
    with pytest.raises(ValueError):
        cl.convolution_matrix([1, 2], 0)
    with pytest.raises(ValueError):
        cl.convolution_matrix([1, 2], 3, "bogus")
    with pytest.raises(ValueError):
        cl.khatri_rao(numpy.ones((2, 3)), numpy.ones((2, 2)))
    with pytest.raises(ValueError):
        cl.block_diag(numpy.ones((2, 2, 2)))
    with pytest.raises(ValueError):
        cl.dft(3, "bogus")


@gpu
def test_special_matrices_on_gpu():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in _special_cases(cunp.asarray):
            got, want = case()
            if isinstance(got, numpy.ndarray) and got.dtype == object:
                assert (got == want).all()
                continue
            _same(got, want, rtol=1e-12)
    a = numpy.triu(numpy.random.default_rng(1).random((5, 6)), -1)
    assert cl.bandwidth(cunp.asarray(a)) == sl.bandwidth(a)


def _rand(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _tol(dtype):
    return 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-10


DTYPES = ["float32", "float64", "complex64", "complex128"]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [1, 3, 17, 80])
def test_lu_factor_and_solve(dtype, n):
    a = _rand((n, n), dtype) + n * numpy.eye(n, dtype=dtype)
    b = _rand((n, 3), dtype, seed=1)
    lu, piv = cl.lu_factor(cunp.asarray(a))
    lu_s, piv_s = sl.lu_factor(a)
    _same(lu, lu_s, rtol=_tol(dtype), atol=_tol(dtype))
    _same(piv, piv_s)
    for trans in (0, 1, 2):
        x = cl.lu_solve((lu, piv), cunp.asarray(b), trans=trans)
        _same(x, sl.lu_solve((lu_s, piv_s), b, trans=trans), rtol=_tol(dtype) * 10,
              atol=_tol(dtype))
        xv = cl.lu_solve((lu, piv), cunp.asarray(b[:, 0]), trans=trans)
        _same(xv, sl.lu_solve((lu_s, piv_s), b[:, 0], trans=trans), rtol=_tol(dtype) * 10,
              atol=_tol(dtype))


@gpu
@pytest.mark.parametrize("n", [2, 5, 70])
def test_lu_factor_batched(n):
    a = _rand((3, 2, n, n), "float64") + n * numpy.eye(n)
    b = _rand((3, 2, n, 4), "float64", seed=2)
    lu, piv = cl.lu_factor(cunp.asarray(a))
    assert piv.shape == (3, 2, n) and piv.dtype == numpy.int32
    x = cl.lu_solve((lu, piv), cunp.asarray(b))
    numpy.testing.assert_allclose(cunp.asnumpy(x), numpy.linalg.solve(a, b), rtol=1e-10)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (6, 3), (3, 6), (1, 5), (0, 3)])
def test_lu(dtype, shape):
    a = _rand(shape, dtype)
    for kwargs in ({}, {"permute_l": True}, {"p_indices": True}):
        got = cl.lu(cunp.asarray(a), **kwargs)
        want = sl.lu(a, **kwargs)
        assert len(got) == len(want)
        g = [cunp.asnumpy(t) for t in got]
        if shape[0] == shape[1]:
            for x, y in zip(g, want):
                numpy.testing.assert_allclose(x, y, rtol=_tol(dtype) * 10, atol=_tol(dtype))
        # every form reconstructs a
        if kwargs.get("permute_l"):
            rec = g[0] @ g[1]
        elif kwargs.get("p_indices"):
            rec = g[1][g[0]] @ g[2]
        else:
            rec = g[0] @ g[1] @ g[2]
        numpy.testing.assert_allclose(rec, a, rtol=_tol(dtype) * 10, atol=_tol(dtype) * 10)
        for x, y in zip(g, want):
            assert x.shape == y.shape


def _check_lu_rectangular(conv, host, dtype):
    """lu of wide, tall, batched, F-ordered and strided matrices equals SciPy's factor for
    factor: getrf runs on each M x N matrix as it is, as LAPACK's does for SciPy."""
    tol = _tol(dtype)
    base = _rand((2, 3, 9, 7), dtype, seed=3)
    cases = [base[0, 0], base[0, 0].T, numpy.asfortranarray(base[0, 1]), base[1, 2, ::2],
             base[0, :, ::-1, 1:], base, base.transpose(0, 1, 3, 2)]
    # A column of zeros: getrf meets an exactly zero pivot and goes on, as LAPACK does.
    z = base[1, 1, :5].copy()
    z[:, 1] = 0
    cases.append(z)
    for a in cases:
        for kwargs in ({}, {"permute_l": True}, {"p_indices": True}):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                want = sl.lu(a, **kwargs)
                got = cl.lu(conv(a), **kwargs)
            assert len(got) == len(want)
            for g, w in zip(got, want):
                g = host(g)
                assert g.shape == w.shape, (g.shape, w.shape, a.shape, kwargs)
                assert g.dtype == w.dtype, (g.dtype, w.dtype, kwargs)
                numpy.testing.assert_allclose(g, w, rtol=tol * 10, atol=tol * 10)


@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_rectangular_on_numpy(monkeypatch, dtype):
    import lu_model
    from cunp.scipy.linalg import _common, _decomp_lu

    monkeypatch.setattr(_common, "cp", numpy)
    monkeypatch.setattr(_decomp_lu, "cp", numpy)
    monkeypatch.setattr(_decomp_lu, "_core", lu_model.CORE)
    _check_lu_rectangular(numpy.asarray, numpy.asarray, dtype)


def test_lu_permutation_model_matches_lapack():
    """The device function's replay of the row swaps (modelled) gives SciPy's p_indices."""
    import lu_model

    rng = numpy.random.default_rng(8)
    for m, n in ((6, 6), (7, 3), (3, 7), (1, 4), (5, 1)):
        a = rng.standard_normal((4, m, n))
        _, piv = lu_model.lu_factor(a)
        perm, inv = lu_model.permutation_from_pivots(piv, m)
        for b in range(4):
            want = sl.lu(a[b], p_indices=True)[0]
            numpy.testing.assert_array_equal(inv[b], want)
            numpy.testing.assert_array_equal(perm[b][inv[b]], numpy.arange(m))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_rectangular_on_gpu(dtype):
    _check_lu_rectangular(cunp.asarray, cunp.asnumpy, dtype)


@gpu
@pytest.mark.parametrize("shape", [(3, 130, 90), (2, 90, 130), (70, 70), (4, 80, 80)])
def test_lu_larger_on_gpu(shape):
    """cusolverDn's getrf on larger and stacked matrices (the batched cuBLAS path stops at
    64), against SciPy factor by factor."""
    a = _rand(shape, "float64", seed=5)
    for kwargs in ({}, {"p_indices": True}):
        for g, w in zip(cl.lu(cunp.asarray(a), **kwargs), sl.lu(a, **kwargs)):
            numpy.testing.assert_allclose(cunp.asnumpy(g), w, rtol=1e-9, atol=1e-10)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("trans", [0, 1, 2])
@pytest.mark.parametrize("unit", [False, True])
def test_solve_triangular(dtype, lower, trans, unit):
    n = 9
    a = _rand((n, n), dtype) + 4 * numpy.eye(n, dtype=dtype)
    b = _rand((n, 2), dtype, seed=3)
    for rhs in (b, b[:, 0], numpy.asfortranarray(b)):
        got = cl.solve_triangular(cunp.asarray(a), cunp.asarray(rhs), trans=trans, lower=lower,
                                  unit_diagonal=unit)
        want = sl.solve_triangular(a, rhs, trans=trans, lower=lower, unit_diagonal=unit)
        _same(got, want, rtol=_tol(dtype) * 10, atol=_tol(dtype))


@gpu
def test_solve_triangular_batched_and_singular():
    a = numpy.triu(_rand((4, 5, 5), "float64")) + 3 * numpy.eye(5)
    b = _rand((4, 5, 2), "float64", seed=4)
    got = cl.solve_triangular(cunp.asarray(a), cunp.asarray(b))
    numpy.testing.assert_allclose(cunp.asnumpy(got), numpy.linalg.solve(a, b), rtol=1e-10)
    s = numpy.triu(numpy.ones((3, 3)))
    s[1, 1] = 0
    with pytest.raises(numpy.linalg.LinAlgError):
        cl.solve_triangular(cunp.asarray(s), cunp.ones(3))
    with pytest.raises(ValueError):
        cl.solve_triangular(cunp.ones((3, 3)), cunp.ones(4))
    with pytest.raises(ValueError):
        cl.solve_triangular(cunp.asarray([[1.0, numpy.nan], [0, 1]]), cunp.ones(2))


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
def test_cho_factor_and_solve(dtype, lower):
    n = 7
    m = _rand((n, n), dtype)
    a = m @ m.conj().T + n * numpy.eye(n, dtype=dtype)
    b = _rand((n, 3), dtype, seed=5)
    c, low = cl.cho_factor(cunp.asarray(a), lower=lower)
    cs, _ = sl.cho_factor(a, lower=lower)
    assert low == lower
    tri = numpy.tril if lower else numpy.triu
    numpy.testing.assert_allclose(tri(cunp.asnumpy(c)), tri(cs), rtol=_tol(dtype) * 10,
                                  atol=_tol(dtype))
    x = cl.cho_solve((c, low), cunp.asarray(b))
    _same(x, sl.cho_solve((cs, lower), b), rtol=_tol(dtype) * 100, atol=_tol(dtype) * 10)
    with pytest.raises(numpy.linalg.LinAlgError):
        cl.cho_factor(cunp.asarray(-numpy.eye(3)))


@gpu
@pytest.mark.parametrize("l_and_u", [(1, 1), (0, 2), (2, 0), (1, 3)])
def test_solve_banded(l_and_u):
    lo, up = l_and_u
    m = 8
    rng = numpy.random.default_rng(6)
    ab = rng.random((lo + up + 1, m))
    ab[up] += 4
    b = rng.random((m, 2))
    for rhs in (b, b[:, 0]):
        _same(cl.solve_banded(l_and_u, cunp.asarray(ab), cunp.asarray(rhs)),
              sl.solve_banded(l_and_u, ab, rhs), rtol=1e-10)
    with pytest.raises(ValueError):
        cl.solve_banded((1, 1), cunp.asarray(ab[:2]), cunp.asarray(b))


def _band(rng, lo, up, m, dtype, batch=()):
    ab = _rand(batch + (lo + up + 1, m), dtype, seed=int(rng.integers(1 << 30)))
    return ab


def _check_solve_banded(conv, host, dtype):
    """Band widths, batches (broadcast both ways), layouts, systems that need row swaps, the
    1 x 1 and empty cases, singular systems and SciPy's errors."""
    rng = numpy.random.default_rng(6)
    tol = _tol(dtype) * 100

    def same(lu, ab, b):
        want = sl.solve_banded(lu, ab, b)
        got = cl.solve_banded(lu, conv(ab), conv(b))
        got = host(got)
        assert got.shape == want.shape and got.dtype == want.dtype, (got.shape, want.shape,
                                                                    got.dtype, want.dtype)
        numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol)

    for lo, up in ((1, 1), (0, 2), (2, 0), (1, 3), (2, 1), (0, 0), (3, 2)):
        m = 9
        ab = _band(rng, lo, up, m, dtype)
        b = _rand((m, 2), dtype, seed=1)
        same((lo, up), ab, b)
        same((lo, up), ab, b[:, 0])
        same((lo, up), numpy.asfortranarray(ab), b[::-1])
        same((lo, up), ab[:, ::-1], b[:, ::-1])
        # Batches: ab's leading axes, b's, and both broadcast.
        abb = _band(rng, lo, up, m, dtype, (3,))
        same((lo, up), abb, b)
        same((lo, up), abb, b[:, 0])
        same((lo, up), ab, _rand((2, m, 3), dtype, seed=2))
        same((lo, up), _band(rng, lo, up, m, dtype, (4, 1)), _rand((3, m, 2), dtype, seed=3))
    # Zero (then tiny) leading diagonal entries: without row swaps these systems fail or lose
    # every digit; LAPACK's gbsv/gtsv (and the kernel) pivot.
    for lo, up in ((1, 1), (2, 1), (1, 2)):
        ab = _band(rng, lo, up, 8, dtype)
        ab[up, ::2] = 0
        same((lo, up), ab, _rand((8, 2), dtype, seed=4))
        ab[up, ::2] = 1e-9
        same((lo, up), ab, _rand((8, 2), dtype, seed=4))
    # 1 x 1: ab's row u is the matrix.
    same((1, 1), _band(rng, 1, 1, 1, dtype), _rand((1, 2), dtype))
    same((0, 0), _band(rng, 0, 0, 1, dtype, (3,)), _rand((1,), dtype))
    assert host(cl.solve_banded((1, 1), conv(_band(rng, 1, 1, 4, dtype)),
                                conv(numpy.zeros((4, 0), dtype)))).shape == (4, 0)
    singular = _band(rng, 1, 1, 6, dtype, (2,))
    singular[1, 1, :] = 0  # the second system: a zero column
    singular[1, 0, 1:] = 0
    singular[1, 2, :-1] = 0
    with pytest.raises(numpy.linalg.LinAlgError, match="singular matrix"):
        sl.solve_banded((1, 1), singular, _rand((6,), dtype))
    with pytest.raises(numpy.linalg.LinAlgError, match="singular matrix"):
        cl.solve_banded((1, 1), conv(singular), conv(_rand((6,), dtype)))
    ab = _band(rng, 1, 1, 5, dtype)
    for args in (((1, 1), ab, numpy.ones(4, dtype)), ((1, 2), ab, numpy.ones(5, dtype)),
                 ((1, 1), ab[0], numpy.ones(5, dtype))):
        with pytest.raises(ValueError) as want:
            sl.solve_banded(*args)
        with pytest.raises(ValueError) as got:
            cl.solve_banded(args[0], conv(args[1]), conv(args[2]))
        assert str(got.value) == str(want.value)


@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_banded_on_numpy(monkeypatch, dtype):
    """solve_banded's host code with the kernel's NumPy model (banded_model.py)."""
    import banded_model
    from cunp.scipy.linalg import _common, _solve

    monkeypatch.setattr(_common, "cp", numpy)
    monkeypatch.setattr(_solve, "cp", numpy)
    monkeypatch.setattr(_solve, "_core", banded_model.CORE)
    monkeypatch.setattr(_solve, "LinAlgError", numpy.linalg.LinAlgError)
    _check_solve_banded(numpy.asarray, numpy.asarray, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_banded_batched_on_gpu(dtype):
    _check_solve_banded(cunp.asarray, cunp.asnumpy, dtype)


@gpu
def test_solve_banded_large_tridiagonal_stack_on_gpu():
    """A stack of long tridiagonal systems (the kernel's main use), against SciPy per system."""
    rng = numpy.random.default_rng(7)
    ab = rng.standard_normal((64, 3, 2000))
    b = rng.standard_normal((64, 2000, 1))
    got = cunp.asnumpy(cl.solve_banded((1, 1), cunp.asarray(ab), cunp.asarray(b)))
    for s in (0, 17, 63):
        numpy.testing.assert_allclose(got[s], sl.solve_banded((1, 1), ab[s], b[s]), rtol=1e-8,
                                      atol=1e-10)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("scale", [1e-3, 0.1, 1.0, 5.0, 50.0])
def test_expm(dtype, scale):
    if scale > 5 and numpy.dtype(dtype) in (numpy.float32, numpy.complex64):
        pytest.skip("exp of norms near 100 overflows single precision")
    a = (_rand((6, 6), dtype) * scale).astype(dtype)
    got = cl.expm(cunp.asarray(a))
    want = sl.expm(a)
    rtol = 1e-4 if numpy.dtype(dtype) in (numpy.float32, numpy.complex64) else 1e-9
    assert cunp.asnumpy(got).dtype == want.dtype
    numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=rtol,
                                  atol=rtol * numpy.abs(want).max())


@gpu
def test_expm_batched_and_edges():
    a = _rand((3, 4, 4), "float64")
    numpy.testing.assert_allclose(cunp.asnumpy(cl.expm(cunp.asarray(a))), sl.expm(a),
                                  rtol=1e-9, atol=1e-12)
    numpy.testing.assert_allclose(cunp.asnumpy(cl.expm(cunp.asarray([[2.0]]))),
                                  [[numpy.exp(2.0)]])
    assert cl.expm(cunp.zeros((0, 0))).shape == (0, 0)
    with pytest.raises(ValueError):
        cl.expm(cunp.ones((2, 3)))


def test_kron_is_cunps_with_cupys_deprecation(on_numpy):
    # cupyx.scipy.linalg.kron (deprecated in CuPy 14; SciPy 1.17 removed scipy.linalg.kron).
    a, b = numpy.arange(6.0).reshape(2, 3), numpy.array([[1.0, -1.0], [2.0, 0.5]])
    with pytest.warns(DeprecationWarning, match="cunp.kron"):
        got = cl.kron(a, b)
    numpy.testing.assert_array_equal(got, numpy.kron(a, b))
