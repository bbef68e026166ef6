"""savgol_coeffs and savgol_filter against scipy.signal (CPU through NumPy; gpu on cunp)."""
import numpy
import pytest

from cunp.scipy.signal import _savgol

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


@pytest.mark.parametrize("args", [(5, 2, 0, None, "conv"), (6, 3, 1, None, "dot"),
                                  (7, 2, 2, 1, "conv"), (4, 1, 0, None, "conv"),
                                  (9, 4, 5, None, "conv"), (11, 3, 1, None, "dot")], ids=str)
def test_savgol_coeffs(ss, args):
    numpy.testing.assert_allclose(_savgol.savgol_coeffs(*args[:3], 2.0, *args[3:]),
                                  ss.savgol_coeffs(*args[:3], 2.0, *args[3:]), atol=1e-10)


@pytest.mark.parametrize("args", [(3, 3), (5, 2, 0, 1.0, 5), (5, 2, 0, 1.0, None, "nope")])
def test_savgol_coeffs_bad(ss, args):
    with pytest.raises(ValueError):
        ss.savgol_coeffs(*args)
    with pytest.raises(ValueError):
        _savgol.savgol_coeffs(*args)


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
@pytest.mark.parametrize("mode", ["interp", "mirror", "nearest", "wrap", "constant"])
def test_savgol_filter(ss, dtype, mode):
    rng = numpy.random.default_rng(0)
    tol = 1e-4 if dtype == "float32" else 1e-9
    for shape, axis in [((50,), -1), ((3, 40), 1), ((40, 3), 0), ((7,), 0)]:
        x = (rng.standard_normal(shape) * 5).astype(dtype)
        for window, order, deriv in [(5, 2, 0), (7, 3, 1), (4, 2, 0), (6, 3, 2), (7, 1, 3),
                                     (3, 0, 0)]:
            if window > shape[axis]:
                continue
            got = _savgol.savgol_filter(numpy, x, window, order, deriv, 0.5, axis, mode, 1.5)
            want = ss.savgol_filter(x, window, order, deriv, 0.5, axis, mode, 1.5)
            assert got.dtype == want.dtype and got.shape == want.shape
            numpy.testing.assert_allclose(got, want, rtol=tol, atol=10 * tol)


def test_savgol_filter_bad(ss):
    for kwargs in ({"mode": "nope"}, {"window_length": 9}):
        args = {"x": numpy.ones(8), "window_length": 5, "polyorder": 2}
        args.update(kwargs)
        with pytest.raises(ValueError):
            ss.savgol_filter(**args)
        with pytest.raises(ValueError):
            _savgol.savgol_filter(numpy, **args)


@gpu
@pytest.mark.parametrize("mode", ["interp", "mirror", "nearest", "wrap", "constant"])
def test_on_device(ss, mode):
    import cunp
    from cunp.scipy import signal

    x = numpy.random.default_rng(1).standard_normal((4, 1000)).astype(numpy.float32)
    got = signal.savgol_filter(cunp.asarray(x), 11, 3, 1, axis=1, mode=mode)
    assert isinstance(got, cunp.ndarray)
    cunp.testing.assert_allclose(got, ss.savgol_filter(x, 11, 3, 1, axis=1, mode=mode),
                                 rtol=1e-4, atol=1e-4)
    cunp.testing.assert_allclose(signal.savgol_coeffs(11, 3), ss.savgol_coeffs(11, 3),
                                 atol=1e-10)
