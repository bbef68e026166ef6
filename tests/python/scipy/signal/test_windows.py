"""cunp.scipy.signal.windows and get_window against scipy.signal.windows.

The formulas run on the host, so the CPU tests compare them with SciPy directly; the gpu tests
check that the public functions return the same values as cunp arrays."""
import warnings

import numpy
import pytest

from cunp.scipy.signal.windows import _host

gpu = pytest.mark.gpu

CASES = [
    ("boxcar", ()), ("triang", ()), ("parzen", ()), ("bohman", ()), ("blackman", ()),
    ("nuttall", ()), ("blackmanharris", ()), ("flattop", ()), ("bartlett", ()), ("hann", ()),
    ("hamming", ()), ("barthann", ()), ("cosine", ()), ("lanczos", ()), ("tukey", (0.3,)),
    ("tukey", (0.0,)), ("tukey", (1.5,)), ("kaiser", (8.6,)), ("gaussian", (2.5,)),
    ("general_gaussian", (1.5, 3.0)), ("general_hamming", (0.6,)),
    ("general_cosine", ([0.5, 0.3, 0.2],)), ("chebwin", (60,)), ("chebwin", (30,)),
    ("exponential", ()), ("taylor", ()), ("taylor", (5, 40, False)), ("dpss", (2.5,)),
]
LENGTHS = list(range(0, 18)) + [31, 64, 101]


@pytest.fixture
def swin():
    return pytest.importorskip("scipy.signal.windows")


@pytest.mark.parametrize("name,args", CASES, ids=lambda c: str(c))
@pytest.mark.parametrize("sym", [True, False])
def test_window_formulas(swin, name, args, sym):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for M in LENGTHS:
            if name == "dpss" and M > 1 and args[0] >= M / 2:
                continue
            got = getattr(_host, name)(M, *args, sym=sym)
            want = getattr(swin, name)(M, *args, sym=sym)
            assert got.shape == want.shape, M
            numpy.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12, err_msg=str(M))


def test_kaiser_bessel_derived(swin):
    for M in (0, 2, 8, 16, 64):
        numpy.testing.assert_allclose(_host.kaiser_bessel_derived(M, 4.0),
                                      swin.kaiser_bessel_derived(M, 4.0), rtol=1e-12)
    for kwargs, M in (({"sym": False}, 8), ({}, 7)):
        with pytest.raises(ValueError):
            _host.kaiser_bessel_derived(M, 4.0, **kwargs)


@pytest.mark.parametrize("norm", [None, 2, "approximate", "subsample"])
@pytest.mark.parametrize("M", [15, 16])
def test_dpss_several(swin, norm, M):
    got, ratios = _host.dpss(M, 3, 4, norm=norm, return_ratios=True)
    want, want_ratios = swin.dpss(M, 3, 4, norm=norm, return_ratios=True)
    numpy.testing.assert_allclose(got, want, rtol=1e-8, atol=1e-10)
    numpy.testing.assert_allclose(ratios, want_ratios, rtol=1e-8)


@pytest.mark.parametrize("args", [(8, 4.0, 9), (8, 0), (8, -1.0), (-1, 2)])
def test_dpss_bad_input(swin, args):
    with pytest.raises(ValueError):
        swin.dpss(*args)
    with pytest.raises(ValueError):
        _host.dpss(*args)


WINDOWS = ["hann", "hamming", ("kaiser", 4.0), 4.5, ("tukey", 0.2), ("dpss", 3),
           ("general_cosine", [1, 0.5]), "rect", "tri", ("exponential", None, 2.0), "boxcar",
           ("chebwin", 80), ("gaussian", 3), "taylor", "lanczos", ("general_hamming", 0.7),
           "hann_periodic", "hamming_symmetric", ("tukey_periodic", 0.3),
           ("taylor", 5, 40)]


@pytest.mark.parametrize("window", WINDOWS, ids=str)
@pytest.mark.parametrize("fftbins", [True, False])
def test_get_window(window, fftbins):
    signal = pytest.importorskip("scipy.signal")
    for n in (1, 16, 17, 64):
        numpy.testing.assert_allclose(_host.get_window(window, n, fftbins),
                                      signal.get_window(window, n, fftbins), rtol=1e-10)


@pytest.mark.parametrize("window,n,fftbins", [
    ("kaiser", 8, True), ("foo", 8, True), ([1, 2], 8, True), (("foo", 1), 8, True),
    ("dpss", 8, True), (("hann", 2), 8, True), (("dpss", 2, 3), 8, True), ((1, 2), 8, True),
    ("hann", 0, True), ("hann", 2.0, True), ("hann", 8, 1)], ids=str)
def test_get_window_bad(window, n, fftbins):
    signal = pytest.importorskip("scipy.signal")
    with pytest.raises(ValueError):
        signal.get_window(window, n, fftbins)
    with pytest.raises(ValueError):
        _host.get_window(window, n, fftbins)


@pytest.mark.parametrize("M", [-1, 2.5])
def test_bad_length(M):
    with pytest.raises(ValueError):
        _host.hann(M)


def test_names_match_scipy(swin):
    from cunp.scipy.signal import windows

    assert set(swin.__all__) <= set(windows.__all__) | {"kaiser_bessel_derived"}


@gpu
@pytest.mark.parametrize("window", WINDOWS, ids=str)
def test_get_window_on_device(window):
    import cunp
    from cunp.scipy import signal

    signal_ref = pytest.importorskip("scipy.signal")
    got = signal.get_window(window, 33)
    assert isinstance(got, cunp.ndarray)
    cunp.testing.assert_allclose(got, signal_ref.get_window(window, 33), rtol=1e-10)


@gpu
def test_window_functions_on_device(swin):
    import cunp
    from cunp.scipy.signal import windows

    for name, args in CASES:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = getattr(windows, name)(20, *args)
            want = getattr(swin, name)(20, *args)
        assert isinstance(got, cunp.ndarray)
        assert got.dtype == want.dtype
        cunp.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    assert isinstance(windows.hann(8, xp=numpy), numpy.ndarray)
