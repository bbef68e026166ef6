"""chirp, sweep_poly, gausspulse, sawtooth, square, unit_impulse, argrelmin/argrelmax/
argrelextrema and find_peaks against scipy.signal (CPU through NumPy; gpu on cunp arrays)."""
import os
import sys
import warnings

import numpy
import pytest

from cunp.scipy.signal import _waveforms

sys.path.insert(0, os.path.dirname(__file__))
import peak_model  # noqa: E402

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


@pytest.fixture
def cpu(monkeypatch):
    """find_peaks and the peak properties on NumPy, the kernels' model as their engine."""
    return peak_model.on_numpy(monkeypatch)


def _check(got, want, tol=1e-10):
    if isinstance(want, tuple):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _check(g, w, tol)
        return
    got = numpy.asarray(got)
    assert got.shape == want.shape and got.dtype == want.dtype, (got.dtype, want.dtype)
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol, equal_nan=True)


T = numpy.linspace(0, 10, 1001)


@pytest.mark.parametrize("method", ["linear", "quadratic", "logarithmic", "hyperbolic"])
@pytest.mark.parametrize("vertex_zero", [True, False])
@pytest.mark.parametrize("complex_", [False, True])
def test_chirp(ss, method, vertex_zero, complex_):
    _check(_waveforms.chirp(numpy, T, 6, 10, 1, method, 30, vertex_zero, complex=complex_),
           ss.chirp(T, 6, 10, 1, method, 30, vertex_zero, complex=complex_), 1e-8)
    _check(_waveforms.chirp(numpy, numpy.arange(5), 1, 2, 3, method),
           ss.chirp(numpy.arange(5), 1, 2, 3, method), 1e-8)


@pytest.mark.parametrize("method,args", [("logarithmic", (0, 10, 1)), ("hyperbolic", (0, 10, 1)),
                                         ("nope", (1, 1, 1))])
def test_chirp_bad(ss, method, args):
    with pytest.raises(ValueError):
        ss.chirp(T, *args, method)
    with pytest.raises(ValueError):
        _waveforms.chirp(numpy, T, *args, method)


def test_sweep_poly_gausspulse(ss):
    for poly in ([2, 1, 0.5], numpy.poly1d([1, 2])):
        _check(_waveforms.sweep_poly(numpy, T, poly), ss.sweep_poly(T, poly), 1e-8)
    t = numpy.linspace(-1, 1, 201)
    for kwargs in ({}, {"retquad": True}, {"retenv": True}, {"retquad": True, "retenv": True},
                   {"fc": 5, "bw": 0.3}):
        _check(_waveforms.gausspulse(numpy, t, **kwargs), ss.gausspulse(t, **kwargs))
    assert _waveforms.gausspulse(numpy, "cutoff") == pytest.approx(ss.gausspulse("cutoff"))
    for kwargs in ({"fc": -1}, {"bw": 0}, {"bwr": 1}):
        with pytest.raises(ValueError):
            _waveforms.gausspulse(numpy, t, **kwargs)
    with pytest.raises(ValueError):
        _waveforms.gausspulse(numpy, "nope")


@pytest.mark.parametrize("width", [0, 0.3, 1, 1.5, numpy.linspace(-0.5, 1.5, 1001)], ids=str)
def test_sawtooth_square(ss, width):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _check(_waveforms.sawtooth(numpy, 3 * T, width), ss.sawtooth(3 * T, width))
        _check(_waveforms.square(numpy, 3 * T, width), ss.square(3 * T, width))


@pytest.mark.parametrize("shape,kwargs", [((5,), {}), ((5,), {"idx": 2}),
                                          ((3, 4), {"idx": "mid"}), ((3, 4), {"idx": (1, 2)}),
                                          ((3, 4), {"dtype": numpy.float32}),
                                          ((7,), {"idx": "mid"})], ids=str)
def test_unit_impulse(ss, shape, kwargs):
    _check(_waveforms.unit_impulse(numpy, shape, **kwargs), ss.unit_impulse(shape, **kwargs))


@pytest.mark.parametrize("dtype", ["float64", "float32", "int64"])
def test_gauss_spline(ss, dtype):
    x = numpy.linspace(-3, 3, 13).astype(dtype)
    for n in (0, 2, 3):
        _check(_waveforms.gauss_spline(numpy, x, n), ss.gauss_spline(x, n), 1e-6)


@pytest.mark.parametrize("name", ["argrelmin", "argrelmax"])
@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("order", [1, 2, 3])
@pytest.mark.parametrize("mode", ["clip", "wrap"])
def test_argrel(ss, name, axis, order, mode):
    x = numpy.random.default_rng(0).integers(0, 5, (4, 50)).astype(float)
    got = getattr(_waveforms, name)(numpy, x, axis, order, mode)
    for g, w in zip(got, getattr(ss, name)(x, axis, order, mode)):
        numpy.testing.assert_array_equal(g, w)
    with pytest.raises(ValueError):
        getattr(_waveforms, name)(numpy, x, axis, 0)


def _peaks_cases(x):
    return [{}, {"height": 1}, {"height": (0.5, 3)}, {"threshold": 0.5},
            {"threshold": (None, 2)}, {"distance": 5}, {"distance": 2.5, "height": 0},
            {"plateau_size": 2}, {"plateau_size": (1, 3), "height": 1, "threshold": 0,
                                  "distance": 3}, {"height": x * 0.5}]


@pytest.mark.parametrize("trial", range(6))
def test_find_peaks(ss, cpu, trial):
    rng = numpy.random.default_rng(trial)
    x = rng.integers(0, 6, 300).astype(float) if trial % 2 else rng.standard_normal(300)
    for kwargs in _peaks_cases(x):
        got, want = cpu.find_peaks(x, **kwargs), ss.find_peaks(x, **kwargs)
        numpy.testing.assert_array_equal(got[0], want[0])
        assert set(got[1]) == set(want[1])
        for key in want[1]:
            numpy.testing.assert_array_equal(got[1][key], want[1][key])


PROMINENCE_CASES = [{"prominence": 1}, {"prominence": (0.5, None), "wlen": 20}, {"width": 2},
                    {"width": (1, 10), "rel_height": 0.8},
                    {"prominence": 0, "width": 0, "distance": 3, "height": 0, "wlen": 7.5},
                    {"threshold": 0.1, "prominence": 2}]


@pytest.mark.parametrize("trial", range(8))
def test_prominence_width(ss, cpu, trial):
    rng = numpy.random.default_rng(trial)
    x = (rng.integers(0, 6, 300).astype(float) if trial % 2
         else numpy.cumsum(rng.standard_normal(300)))
    if trial % 4 == 3:
        x = x.astype(int)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for kwargs in PROMINENCE_CASES:
            got, want = cpu.find_peaks(x, **kwargs), ss.find_peaks(x, **kwargs)
            numpy.testing.assert_array_equal(got[0], want[0])
            assert set(got[1]) == set(want[1])
            for key in want[1]:
                assert got[1][key].dtype == want[1][key].dtype
                numpy.testing.assert_allclose(got[1][key], want[1][key], rtol=1e-12)
        peaks = ss.find_peaks(x)[0]
        for wlen in (None, 5, 20.5):
            for g, w in zip(cpu.peak_prominences(x, peaks, wlen),
                            ss.peak_prominences(x, peaks, wlen)):
                numpy.testing.assert_array_equal(g, w)
            for rel_height in (0, 0.5, 1.0):
                for g, w in zip(cpu.peak_widths(x, peaks, rel_height, wlen=wlen),
                                ss.peak_widths(x, peaks, rel_height, wlen=wlen)):
                    numpy.testing.assert_allclose(g, w, rtol=1e-12)


def test_peak_property_errors(ss, cpu):
    x = numpy.array([0.0, 2, 0, 3, 0])
    for call in (lambda m: m.peak_prominences(x, [7]), lambda m: m.peak_prominences(x, [1], 1),
                 lambda m: m.peak_widths(x, [1], -1.0),
                 lambda m: m.peak_prominences(numpy.ones((2, 2)), [1])):
        with pytest.raises(ValueError):
            call(ss)
        with pytest.raises(ValueError):
            call(cpu)
    with pytest.warns(cpu.PeakPropertyWarning):
        cpu.peak_prominences(x, [0])


def test_find_peaks_bad(ss, cpu):
    for args, kwargs in (((numpy.ones((2, 5)),), {}), ((numpy.ones(5),), {"distance": 0}),
                         ((numpy.ones(5),), {"height": numpy.ones(3)})):
        with pytest.raises(ValueError):
            ss.find_peaks(*args, **kwargs)
        with pytest.raises(ValueError):
            cpu.find_peaks(*args, **kwargs)


@gpu
def test_on_device(ss):
    import cunp
    from cunp.scipy import signal

    t = cunp.asarray(T)
    cunp.testing.assert_allclose(signal.chirp(t, 6, 10, 1), ss.chirp(T, 6, 10, 1), rtol=1e-8,
                                 atol=1e-8)
    cunp.testing.assert_allclose(signal.sawtooth(3 * t, 0.3), ss.sawtooth(3 * T, 0.3))
    cunp.testing.assert_allclose(signal.square(3 * t, 0.3), ss.square(3 * T, 0.3))
    cunp.testing.assert_allclose(signal.gausspulse(t - 5, fc=5), ss.gausspulse(T - 5, fc=5))
    cunp.testing.assert_allclose(signal.unit_impulse((3, 4), "mid"),
                                 ss.unit_impulse((3, 4), "mid"))
    x = numpy.random.default_rng(0).integers(0, 5, (4, 50)).astype(float)
    for g, w in zip(signal.argrelmax(cunp.asarray(x), 1), ss.argrelmax(x, 1)):
        numpy.testing.assert_array_equal(cunp.asnumpy(g), w)
    peaks, props = signal.find_peaks(cunp.asarray(x[0]), height=1, distance=2)
    want = ss.find_peaks(x[0], height=1, distance=2)
    numpy.testing.assert_array_equal(cunp.asnumpy(peaks), want[0])
    numpy.testing.assert_array_equal(cunp.asnumpy(props["peak_heights"]),
                                     want[1]["peak_heights"])
    y = numpy.cumsum(numpy.random.default_rng(1).standard_normal(5000))
    peaks, props = signal.find_peaks(cunp.asarray(y), prominence=2, width=3)
    want = ss.find_peaks(y, prominence=2, width=3)
    numpy.testing.assert_array_equal(cunp.asnumpy(peaks), want[0])
    cunp.testing.assert_allclose(props["widths"], want[1]["widths"], rtol=1e-12)


@pytest.mark.parametrize("nbits", range(2, 17))
def test_max_len_seq(ss, nbits):
    from cunp.scipy.signal import _max_len_seq

    for got, want in zip(_max_len_seq.max_len_seq(numpy, nbits), ss.max_len_seq(nbits)):
        assert got.dtype == want.dtype
        numpy.testing.assert_array_equal(got, want)
    args = (5, [1, 0, 1, 0, 1], 40, [4, 2])
    for got, want in zip(_max_len_seq.max_len_seq(numpy, *args), ss.max_len_seq(*args)):
        numpy.testing.assert_array_equal(got, want)
    for bad in ((40,), (5, [0] * 5), (5, None, -1), (5, None, None, [7])):
        with pytest.raises(ValueError):
            _max_len_seq.max_len_seq(numpy, *bad)


@pytest.mark.parametrize("nbits", [17, 20, 22])
def test_max_len_seq_long(ss, nbits):
    # The registers the bit-serial loop took seconds for; with a state and shorter lengths.
    from cunp.scipy.signal import _max_len_seq

    state = numpy.arange(nbits) % 3 == 1
    for args in [(nbits,), (nbits, state), (nbits, state, 12345), (nbits, None, 2 ** nbits + 77)]:
        got, want = _max_len_seq.max_len_seq(numpy, *args), ss.max_len_seq(*args)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.shape == w.shape
            numpy.testing.assert_array_equal(g, w)


def test_max_len_seq_any_taps(ss):
    # Custom taps (0 and nbits included: they tap the head bit), states and lengths, shorter
    # and longer than the register.
    from cunp.scipy.signal import _max_len_seq

    rng = numpy.random.default_rng(21)
    for nbits in list(range(1, 13)) + [33, 70]:
        for _ in range(6):
            taps = rng.integers(0, nbits + 1, rng.integers(1, 5)).tolist()
            state = rng.integers(0, 2, nbits)
            state[rng.integers(nbits)] = 1
            length = int(rng.choice([0, 1, nbits - 1, nbits, nbits + 1, 2000]))
            got = _max_len_seq.max_len_seq(numpy, nbits, state, length, taps)
            want = ss.max_len_seq(nbits, state, length, taps)
            for g, w in zip(got, want):
                assert g.dtype == w.dtype and g.shape == w.shape
                numpy.testing.assert_array_equal(g, w)


def _max_len_seq_cases(nbits):
    """(state, length) pairs for a register of the taps table: the default state and a mixed
    one, lengths below, at and past the register and across the period (whole periods only
    where they are short)."""
    state = (numpy.arange(nbits) * 7) % 5 < 2
    lengths = [None, 0, 1, nbits - 1, nbits + 3, 4099] if nbits <= 16 else \
        [0, nbits + 3, 70001]
    if 16 < nbits <= 18:
        lengths += [2 ** nbits + 5]
    return [(s, n) for s in (None, state) for n in lengths]


@pytest.mark.parametrize("nbits", range(2, 33))
def test_max_len_seq_taps_table(ss, nbits):
    # Every register of SciPy's taps table, with state= and length=: seq and final state.
    from cunp.scipy.signal import _max_len_seq

    for state, length in _max_len_seq_cases(nbits):
        got = _max_len_seq.max_len_seq(numpy, nbits, state=state, length=length)
        want = ss.max_len_seq(nbits, state=state, length=length)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and g.shape == w.shape
            numpy.testing.assert_array_equal(g, w)


@gpu
@pytest.mark.parametrize("nbits", range(2, 33))
def test_max_len_seq_gpu(ss, nbits):
    import cunp
    from cunp.scipy import signal

    for state, length in _max_len_seq_cases(nbits):
        for given in (state, None if state is None else cunp.asarray(state)):
            got = signal.max_len_seq(nbits, state=given, length=length)
            want = ss.max_len_seq(nbits, state=state, length=length)
            for g, w in zip(got, want):
                assert isinstance(g, cunp.ndarray) and g.dtype == w.dtype
                numpy.testing.assert_array_equal(cunp.asnumpy(g), w)
    if nbits in (5, 12):
        # Taps and state given as device arrays (read on the host).
        taps = cunp.asarray([nbits - 1, 2, 1])
        got = signal.max_len_seq(nbits, state=cunp.ones(nbits, dtype=bool), length=100,
                                 taps=taps)
        want = ss.max_len_seq(nbits, state=numpy.ones(nbits, bool), length=100,
                              taps=[nbits - 1, 2, 1])
        for g, w in zip(got, want):
            assert isinstance(g, cunp.ndarray) and g.dtype == w.dtype
            numpy.testing.assert_array_equal(cunp.asnumpy(g), w)
    if nbits in (17, 20):
        # Whole periods of the longer registers.
        for g, w in zip(signal.max_len_seq(nbits), ss.max_len_seq(nbits)):
            numpy.testing.assert_array_equal(cunp.asnumpy(g), w)


def test_vectorstrength_czt_points_findfreqs(ss):
    from cunp.scipy.signal import _freqz, _iir_order, _spectral

    events = numpy.sort(numpy.random.default_rng(0).random(50) * 10)
    for period in (0.7, numpy.array([0.5, 1.3, 2.0])):
        for got, want in zip(_spectral.vectorstrength(numpy, events, period),
                             ss.vectorstrength(events, period)):
            assert numpy.shape(got) == numpy.shape(want)
            numpy.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    with pytest.raises(ValueError):
        _spectral.vectorstrength(numpy, events, -1.0)
    for m, w, a in ((8, None, 1 + 0j), (5, numpy.exp(-0.3j), 0.9), (6, None, 2)):
        numpy.testing.assert_allclose(_freqz.czt_points(m, w, a), ss.czt_points(m, w, a))
    with pytest.raises(ValueError):
        _freqz.czt_points(0)
    b, a = ss.cheby1(4, 1, 2.0, analog=True)
    for kind, args in (("ba", (b, a)), ("zp", ss.tf2zpk(b, a)[:2])):
        numpy.testing.assert_allclose(_freqz.findfreqs(*args, 50, kind),
                                      ss.findfreqs(*args, 50, kind))
    passb, stopb = numpy.array([0.2, 0.5]), numpy.array([0.3, 0.4])
    for kind in ("butter", "cheby", "ellip"):
        assert _iir_order.band_stop_obj(0.25, 0, passb, stopb, 1, 40, kind) == pytest.approx(
            ss.band_stop_obj(0.25, 0, passb, stopb, 1, 40, kind), rel=1e-12)
    with pytest.raises(ValueError):
        _iir_order.band_stop_obj(0.25, 0, passb, stopb, 1, 40, "nope")


@gpu
def test_more_on_device(ss):
    import cunp
    from cunp.scipy import signal

    events = numpy.sort(numpy.random.default_rng(0).random(50) * 10)
    got = signal.vectorstrength(cunp.asarray(events), cunp.asarray([0.5, 1.3]))
    want = ss.vectorstrength(events, numpy.array([0.5, 1.3]))
    cunp.testing.assert_allclose(got[0], want[0], rtol=1e-10)
    seq, state = signal.max_len_seq(8)
    numpy.testing.assert_array_equal(cunp.asnumpy(seq), ss.max_len_seq(8)[0])
