"""residue, residuez, invres, invresz, unique_roots and gammatone against scipy.signal (host
maths on NumPy); the gpu test checks the public functions return cunp arrays."""
import numpy
import pytest

from cunp.scipy.signal import _gammatone, _residue

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _close(got, want, tol=1e-8):
    for g, w in zip(got, want):
        g, w = numpy.asarray(g), numpy.asarray(w)
        assert g.shape == w.shape, (g.shape, w.shape)
        assert g.dtype == w.dtype, (g.dtype, w.dtype)
        numpy.testing.assert_allclose(g, w, rtol=tol, atol=tol)


SYSTEMS = [([1, 2, 3, 4], [1, 3, 3, 1, 0.5]), ([1, 0, 1], [1, -2, 1]), ([2, 3, 1, 5], [1, -1]),
           ([1], [1, 0.5, 0.0625]), ([1, 2], [1, 3, 3, 1]), ([0, 0, 1, 2], [2, 4, 2]),
           ([1 + 1j, 2], [1, 1j, 2]), ([3.0], [1.0, 0.0, 1.0]), ([0.0], [1, 2])]


@pytest.mark.parametrize("index", range(len(SYSTEMS)))
def test_residue_and_inverse(ss, index):
    b, a = SYSTEMS[index]
    for forward, inverse in (("residue", "invres"), ("residuez", "invresz")):
        want = getattr(ss, forward)(b, a)
        _close(getattr(_residue, forward)(b, a), want)
        if want[0].size:
            _close(getattr(_residue, inverse)(*want), getattr(ss, inverse)(*want))


def test_inverse_repeated_poles_and_rtype(ss):
    r, p, k = [1, 2, 3, 0.5], [-1, -1, -1, 0.25], [1, 2]
    for rtype in ("avg", "min", "max"):
        _close(_residue.invres(r, p, k, rtype=rtype), ss.invres(r, p, k, rtype=rtype))
        _close(_residue.invresz(r, p, k, rtype=rtype), ss.invresz(r, p, k, rtype=rtype))
    with pytest.raises(ValueError):
        ss.invres(r, p, k, rtype="median")
    with pytest.raises(ValueError):
        _residue.invres(r, p, k, rtype="median")


def test_unique_roots(ss):
    p = [1, 1.0005, 2, 2 + 1e-4j, 3, 1.0002, 7, 3.01]
    for rtype in ("min", "minimum", "max", "maximum", "avg", "mean"):
        for tol in (1e-3, 1e-2, 0.5):
            _close(_residue.unique_roots(p, tol, rtype), ss.unique_roots(p, tol, rtype))
    _close(_residue.unique_roots([3.0, 1.0, 3.0]), ss.unique_roots([3.0, 1.0, 3.0]))
    with pytest.raises(ValueError):
        _residue.unique_roots(p, rtype="median")


def test_residue_errors(ss):
    for name in ("residue", "residuez"):
        with pytest.raises(ValueError):
            getattr(ss, name)([1], [0, 0])
        with pytest.raises(ValueError):
            getattr(_residue, name)([1], [0, 0])
    with pytest.raises(ValueError):
        _residue.residuez([1], [0, 1])


@pytest.mark.parametrize("args", [(0.3, "fir"), (0.3, "iir"), (440, "fir", 4, 16, 16000),
                                  (440, "iir", None, None, 16000), (100, "fir", 3, None, 44100),
                                  (1000, "fir", 24, 40, 8000), (0.5, "iir", None, None, 3),
                                  (4000, "iir", 2, 5, 44100.0)])
def test_gammatone(ss, args):
    got, want = _gammatone.gammatone(*args), ss.gammatone(*args)
    _close(got, want, 1e-10)


@pytest.mark.parametrize("args", [(0, "fir"), (1.0, "iir"), (0.3, "bad"), (0.3, "fir", 0),
                                  (0.3, "fir", 25), (100, "fir", 4, None, -1)])
def test_gammatone_errors(ss, args):
    with pytest.raises(ValueError):
        ss.gammatone(*args)
    with pytest.raises(ValueError):
        _gammatone.gammatone(*args)


@gpu
def test_public_residue_returns_cunp(ss):
    import cunp
    from cunp.scipy import signal

    r, p, k = signal.residue(cunp.asarray([1.0, 2.0]), cunp.asarray([1.0, 3.0, 2.0]))
    assert isinstance(r, cunp.ndarray) and isinstance(p, cunp.ndarray)
    want = ss.residue([1.0, 2.0], [1.0, 3.0, 2.0])
    cunp.testing.assert_allclose(r, want[0], rtol=1e-12)
    b, a = signal.gammatone(440, "iir", fs=16000)
    assert isinstance(b, cunp.ndarray)
    cunp.testing.assert_allclose(b, ss.gammatone(440, "iir", fs=16000)[0], rtol=1e-10)
    u, m = signal.unique_roots(cunp.asarray([1.0, 1.0, 2.0]))
    cunp.testing.assert_allclose(m, [2, 1])
