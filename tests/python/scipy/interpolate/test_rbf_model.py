"""RBFInterpolator's logic on the CPU: the module run with NumPy in place of cunp (and SciPy's
KDTree in place of cunp's for `neighbors`), against scipy.interpolate.RBFInterpolator."""
import types

import numpy
import pytest

from cunp.scipy.interpolate import _rbfinterp

from numpy_as_cunp import NumpyAsCunp, numpy_pairwise

si = pytest.importorskip("scipy.interpolate")
from scipy.spatial import KDTree as ScipyKDTree  # noqa: E402

KERNELS = ["linear", "thin_plate_spline", "cubic", "quintic", "multiquadric",
           "inverse_multiquadric", "inverse_quadratic", "gaussian"]


@pytest.fixture
def on_numpy(monkeypatch):
    monkeypatch.setattr(_rbfinterp, "cp", NumpyAsCunp())
    monkeypatch.setattr(_rbfinterp, "_distance", types.SimpleNamespace(_pairwise=numpy_pairwise))
    monkeypatch.setattr(_rbfinterp, "KDTree", ScipyKDTree)
    return _rbfinterp.RBFInterpolator


def _data(seed, n=60, ndim=2, extra=()):
    rng = numpy.random.default_rng(seed)
    y = rng.random((n, ndim))
    d = numpy.sin(y.sum(axis=1) * 3).reshape((n,) + (1,) * len(extra)) + \
        rng.standard_normal((n,) + extra) * 0.1
    x = rng.random((40, ndim))
    return y, d, x


@pytest.mark.parametrize("kernel", KERNELS)
@pytest.mark.parametrize("ndim", [1, 2, 3])
def test_kernels_match_scipy(on_numpy, kernel, ndim):
    y, d, x = _data(ndim, n=60 if ndim > 1 else 15, ndim=ndim)  # 1-D quintic: ill-conditioned
    # A large epsilon keeps the non-scale-invariant kernels' systems well conditioned.
    kw = {} if kernel in _rbfinterp._SCALE_INVARIANT else {"epsilon": 8.0}
    got = on_numpy(y, d, kernel=kernel, **kw)(x)
    ref = si.RBFInterpolator(y, d, kernel=kernel, **kw)(x)
    numpy.testing.assert_allclose(got, ref, rtol=1e-7, atol=1e-9)


@pytest.mark.parametrize("degree", [-1, 0, 1, 2, 3])
@pytest.mark.parametrize("smoothing", [0.0, 0.5, "array"])
def test_degree_and_smoothing(on_numpy, degree, smoothing):
    y, d, x = _data(5)
    if smoothing == "array":
        smoothing = numpy.linspace(0, 1, len(y))
    kw = dict(kernel="gaussian", epsilon=8.0, degree=degree, smoothing=smoothing)
    numpy.testing.assert_allclose(on_numpy(y, d, **kw)(x), si.RBFInterpolator(y, d, **kw)(x),
                                  rtol=1e-7, atol=1e-9)


def test_multidimensional_and_complex_values(on_numpy):
    y, d, x = _data(6, extra=(2, 3))
    got = on_numpy(y, d)(x)
    assert got.shape == (40, 2, 3)
    numpy.testing.assert_allclose(got, si.RBFInterpolator(y, d)(x), rtol=1e-7, atol=1e-9)
    dc = d[:, 0, 0] + 1j * d[:, 1, 2]
    got = on_numpy(y, dc)(x)
    assert got.dtype == numpy.complex128
    numpy.testing.assert_allclose(got, si.RBFInterpolator(y, dc)(x), rtol=1e-7, atol=1e-9)


def test_interpolates_the_data(on_numpy):
    y, d, _ = _data(7)
    numpy.testing.assert_allclose(on_numpy(y, d)(y), d, atol=1e-8)


@pytest.mark.filterwarnings("ignore:`degree` should not be below")
@pytest.mark.parametrize("k", [1, 5, 20, 100])
def test_neighbors(on_numpy, k):
    y, d, x = _data(8, n=80)
    kw = dict(neighbors=k, degree=0 if k < 3 else 1)
    got = on_numpy(y, d, **kw)(x)
    numpy.testing.assert_allclose(got, si.RBFInterpolator(y, d, **kw)(x), rtol=1e-7, atol=1e-9)


def test_chunks_agree(on_numpy, monkeypatch):
    y, d, x = _data(9)
    whole = on_numpy(y, d)(x)
    monkeypatch.setattr(_rbfinterp, "_MEMORY_BUDGET", 1)
    numpy.testing.assert_allclose(on_numpy(y, d)(x), whole, rtol=1e-12)
    numpy.testing.assert_allclose(on_numpy(y, d, neighbors=10)(x),
                                  si.RBFInterpolator(y, d, neighbors=10)(x), rtol=1e-7, atol=1e-9)


def test_errors_match_scipy(on_numpy):
    y, d, x = _data(10, n=10)
    cases = [
        (dict(kernel="gaussian"), "`epsilon` must be specified"),
        (dict(kernel="foo"), "`kernel` must be one of"),
        (dict(degree=-2), "`degree` must be at least -1"),
        (dict(smoothing=numpy.ones(3)), "Expected `smoothing`"),
        (dict(neighbors=0), "At least 3 data points"),
        (dict(degree=5), "At least 21 data points"),
    ]
    for kw, msg in cases:
        with pytest.raises(ValueError, match=msg):
            on_numpy(y, d, **kw)
        with pytest.raises(ValueError, match=msg):
            si.RBFInterpolator(y, d, **kw)
    with pytest.raises(ValueError, match="first axis of `d`"):
        on_numpy(y, d[:5])
    with pytest.raises(ValueError, match="2-dimensional"):
        on_numpy(y[:, 0], d)
    r = on_numpy(y, d)
    with pytest.raises(ValueError, match="`x` must be a 2-dimensional"):
        r(numpy.zeros(2))
    with pytest.raises(ValueError, match="second axis of `x`"):
        r(numpy.zeros((3, 3)))
    with pytest.warns(UserWarning, match="should not be below 1"):
        on_numpy(y, d, degree=0)


def test_singular_system(on_numpy):
    y = numpy.zeros((5, 2))
    y[:, 0] = numpy.arange(5.0)  # collinear: the degree-1 monomials are rank deficient
    d = numpy.arange(5.0)
    with pytest.raises(numpy.linalg.LinAlgError, match="full column rank"):
        on_numpy(y, d)
    with pytest.raises(numpy.linalg.LinAlgError, match="full column rank"):
        si.RBFInterpolator(y, d)


def test_monomial_powers():
    p = _rbfinterp.monomial_powers(2, 2)
    assert p.tolist() == [[0, 0], [1, 0], [0, 1], [2, 0], [1, 1], [0, 2]]
    assert _rbfinterp.monomial_powers(3, -1).shape == (0, 3)
