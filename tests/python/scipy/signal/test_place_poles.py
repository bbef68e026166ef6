"""place_poles against scipy.signal: the placed poles, their order, the gain where it is unique
(one input, or B square) and the conditioning of the eigenvectors otherwise; SciPy's errors."""
import numpy
import pytest

from cunp.scipy.signal import _place_poles

gpu = pytest.mark.gpu

A = numpy.array([[1.380, -0.2077, 6.715, -5.676], [-0.5814, -4.290, 0, 0.6750],
                 [1.067, 4.273, -6.654, 5.893], [0.0480, 4.273, 1.343, -2.104]])
B = numpy.array([[0, 5.679], [1.136, 1.136], [0, 0], [-3.146, 0]])


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


CASES = [(B, [-0.5 + 1j, -0.5 - 1j, -5.0566, -8.6659], "YT"),
         (B[:, :1], [-3, -1, -2 + 1j, -2 - 1j], "YT"), (B[:, 1:], [-3, -1, -2, -5], "KNV0"),
         (B, [-3, -1, -2, -5], "KNV0"), (B, [-3, -1, -2, -5], "YT"), (B, [-2, -2, -1, -1], "YT"),
         (numpy.eye(4), [-1, -2, -3 + 1j, -3 - 1j], "YT"), (numpy.eye(4), [-1, -2, -3, -4], "YT"),
         (B, [-1 + 1j, -1 - 1j, -2 + 3j, -2 - 3j], "YT")]


@pytest.mark.parametrize("index", range(len(CASES)))
def test_place_poles(ss, index):
    b, poles, method = CASES[index]
    got = _place_poles.place_poles(A, b, numpy.array(poles), method)
    want = ss.place_poles(A, b, numpy.array(poles), method)
    numpy.testing.assert_allclose(got.requested_poles, want.requested_poles)
    numpy.testing.assert_allclose(got.computed_poles, want.computed_poles, rtol=1e-6,
                                  atol=1e-8)
    placed = numpy.sort_complex(numpy.linalg.eigvals(A - b @ got.gain_matrix))
    numpy.testing.assert_allclose(placed, numpy.sort_complex(numpy.asarray(poles, complex)),
                                  rtol=1e-6, atol=1e-8)
    if numpy.linalg.matrix_rank(b) in (1, 4):
        numpy.testing.assert_allclose(got.gain_matrix, want.gain_matrix, rtol=1e-8, atol=1e-10)
    else:
        # Several inputs: the gain is not unique; both keep X about as well conditioned.
        assert abs(numpy.linalg.det(got.X)) >= 0.9 * abs(numpy.linalg.det(want.X))


@pytest.mark.parametrize("args", [
    (A, B, [-1, -2, -3], "YT"), (A, B, [-1, -2, -3, -4], "nope"),
    (A, B, [-1, -2, -3 + 1j, -3 + 2j], "YT"), (A, B, [-1, -2, -3 + 1j, -3 - 1j], "KNV0"),
    (A[:3], B, [-1, -2, -3, -4], "YT"), (A, B[:3], [-1, -2, -3, -4], "YT"),
    (A, B[:, :1], [-1, -1, -2, -3], "YT"), (A, B, [[-1, -2, -3, -4]], "YT"),
])
def test_place_poles_errors(ss, args):
    A_, B_, poles, method = args
    with pytest.raises(ValueError):
        ss.place_poles(A_, B_, numpy.array(poles), method)
    with pytest.raises(ValueError):
        _place_poles.place_poles(A_, B_, numpy.array(poles), method)
    for kwargs in ({"maxiter": 0}, {"rtol": 2}):
        with pytest.raises(ValueError):
            _place_poles.place_poles(A, B, [-1, -2, -3, -4], **kwargs)


@gpu
def test_public_place_poles_returns_cunp(ss):
    import cunp
    from cunp.scipy import signal

    result = signal.place_poles(cunp.asarray(A), cunp.asarray(B[:, :1]),
                                cunp.asarray([-3.0, -1, -2, -5]))
    assert isinstance(result.gain_matrix, cunp.ndarray)
    want = ss.place_poles(A, B[:, :1], numpy.array([-3.0, -1, -2, -5]))
    cunp.testing.assert_allclose(result.gain_matrix, want.gain_matrix, rtol=1e-8)


def _random_system(n, m, complex_pair, seed):
    rng = numpy.random.default_rng(seed)
    A_, B_ = rng.standard_normal((n, n)), rng.standard_normal((n, m))
    if complex_pair:
        poles = list(-rng.uniform(0.5, 5, n - 2)) + [-1 + 2j, -1 - 2j]
    else:
        poles = list(-rng.uniform(0.5, 5, n))
    return A_, B_, numpy.array(poles)


@pytest.mark.parametrize("n, m", [(5, 2), (6, 2), (6, 3), (7, 4), (8, 3)])
@pytest.mark.parametrize("complex_pair", [False, True])
def test_place_poles_yt_conditioning(ss, n, m, complex_pair):
    # Tits and Yang's rank-2 updates reach about SciPy's |det X| (unit columns), placing every
    # pole; with real poles at least KNV0's.
    A_, B_, poles = _random_system(n, m, complex_pair, 10 * n + m)
    got = _place_poles.place_poles(A_, B_, poles)
    want = ss.place_poles(A_, B_, poles)
    placed = numpy.sort_complex(numpy.linalg.eigvals(A_ - B_ @ got.gain_matrix))
    numpy.testing.assert_allclose(placed, numpy.sort_complex(poles.astype(complex)), rtol=1e-8,
                                  atol=1e-10)
    numpy.testing.assert_allclose(numpy.linalg.norm(got.X, axis=0), 1.0, rtol=1e-12)
    assert abs(numpy.linalg.det(got.X)) >= 0.98 * abs(numpy.linalg.det(want.X))
    if not complex_pair:
        knv0 = _place_poles.place_poles(A_, B_, poles, method="KNV0")
        assert abs(numpy.linalg.det(got.X)) >= 0.98 * abs(numpy.linalg.det(knv0.X))
    # X diagonalises the closed loop: X diag(poles) = (A - B K) X.
    closed = A_ - B_ @ got.gain_matrix
    numpy.testing.assert_allclose(got.X @ numpy.diag(got.requested_poles), closed @ got.X,
                                  atol=1e-8)


def test_place_poles_result_and_iteration_controls(ss):
    A_, B_, poles = _random_system(6, 3, True, 1)
    got = _place_poles.place_poles(A_, B_, poles)
    assert type(got).__name__ == "Bunch"
    assert set(vars(got)) == set(vars(ss.place_poles(A_, B_, poles)))
    assert 1 <= got.nb_iter <= 30 and got.rtol < 1e-3
    # maxiter bounds the sweeps; a loose rtol stops sooner.
    assert _place_poles.place_poles(A_, B_, poles, maxiter=1).nb_iter == 1
    loose = _place_poles.place_poles(A_, B_, poles, rtol=0.5)
    assert loose.nb_iter <= got.nb_iter
    # One input: nothing to optimise (0, 0); B square: solved outright (NaN, NaN), as SciPy.
    single = _place_poles.place_poles(A_, B_[:, :1], poles)
    assert (single.rtol, single.nb_iter) == (0, 0)
    square = _place_poles.place_poles(A_, numpy.eye(6), poles)
    assert numpy.isnan(square.rtol) and numpy.isnan(square.nb_iter)
    want = ss.place_poles(A_, numpy.eye(6), poles)
    assert numpy.isnan(want.rtol) and numpy.isnan(want.nb_iter)
