"""freqresp, bode, dfreqresp, dbode (and the lti/dlti methods calling them) against
scipy.signal. The responses are written over an array namespace: the CPU tests run them with
xp=numpy, the gpu twins on cunp (frequencies given as cunp or NumPy arrays, systems built from
cunp arrays). The default frequency grids must be SciPy's bit for bit."""
import warnings

import numpy
import pytest

from cunp.scipy.signal import _lti, _lti_frequency

gpu = pytest.mark.gpu


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


@pytest.fixture(autouse=True)
def _quiet():
    # Some conversions trip BadCoefficients, and a response at a pole divides by zero, in
    # SciPy and here alike.
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        yield


def _host(a):
    if type(a).__module__.startswith("cunp"):
        import cunp
        return cunp.asnumpy(a)
    return numpy.asarray(a)


def _close(got, want, tol=1e-9, exact_first=False):
    """Tuples of arrays: equal shapes and dtypes, values to tol (the first exactly when asked:
    the frequency grid)."""
    assert isinstance(got, tuple) and len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        g, w = _host(g), numpy.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, (i, g.shape, w.shape, g.dtype,
                                                            w.dtype)
        if i == 0 and exact_first:
            numpy.testing.assert_array_equal(g, w)
            continue
        finite = numpy.isfinite(w)
        numpy.testing.assert_array_equal(numpy.isfinite(g), finite)
        scale = max(1.0, float(numpy.abs(w[finite]).max(initial=0)))
        numpy.testing.assert_allclose(g[finite], w[finite], rtol=tol, atol=tol * scale)


def _siso_ss():
    return (numpy.array([[-1.0, 0.5], [-0.3, -2.0]]), numpy.array([[1.0], [0.5]]),
            numpy.array([[1.0, -1.0]]), numpy.array([[0.2]]))


# Continuous systems as tuples: transfer functions (integer, leading zero, improper), zeros
# and poles (complex, none at all, a pole at the origin) and a SISO state space.
CONTINUOUS = [
    ([1, 3], [1, 5, 6]),
    ([0.0, 2.0, 1.0], [1.0, 0.4, 4.0]),
    ([1.0, 0.0, 0.0], [1.0, 2.0]),
    ([-1], [-2, -3 + 1j, -3 - 1j], 2.0),
    ([], [], 3.0),
    ([-5.0], [0.0, -1.0], 1.5),
    ([], [1, 1, 1], 5),
    _siso_ss(),
    # The dtypes SciPy computes in: float32, complex and integer coefficients, a complex
    # gain (SciPy keeps its real part), a 2-D numerator of one row.
    (numpy.array([1, 3], numpy.float32), numpy.array([1, 5, 6], numpy.float32)),
    (numpy.array([1 + 1j, 3]), numpy.array([1, 5j, 6])),
    (numpy.array([-1], numpy.float32), numpy.array([-2, -3], numpy.float32), numpy.float32(2)),
    (numpy.array([-1], numpy.complex64), numpy.array([-2, -3], numpy.complex64), 2.0),
    (numpy.array([-1 + 2j]), numpy.array([-2, -3]), 2.0 + 1j),
    (numpy.array([[1, 3]]), numpy.array([1, 5, 6])),
    (numpy.array([1, 3], numpy.int32), numpy.array([1, 5, 6], numpy.int8)),
]
# Discrete systems as tuples ending in dt.
DISCRETE = [
    ([1.0, 0.5], [1.0, -0.9, 0.2], 0.1),
    ([1, 2, 1], [4, 0, 0], 0.5),
    ([0.5], [1.0, -0.5], 1.0),
    ([0.2, -0.3], [0.9 * numpy.exp(0.4j), 0.9 * numpy.exp(-0.4j), -0.5], 0.7, 0.05),
    ([], [0.5], 1.0, 2.0),
    _siso_ss() + (0.1,),
    (numpy.array([1, 3], numpy.float32), numpy.array([1, 5, 6], numpy.float32), 0.1),
    (numpy.array([1 + 1j, 3]), numpy.array([1, 5j, 6]), 0.1),
    (numpy.array([-1], numpy.float32), numpy.array([-0.2, 0.3], numpy.float32),
     numpy.float32(2), 0.1),
    (numpy.array([-1 + 2j]), numpy.array([-0.2, 0.3]), 2.0 + 1j, 0.1),
    (numpy.array([1, 2], numpy.int32), numpy.array([4, 1], numpy.int32), True),
    (numpy.array([1, 2], numpy.float32), numpy.array([4.0], numpy.float32), 0.5),
]


def _frequencies():
    """The w= forms: lists of floats and ints, float32, reversed strides, 2-D, a scalar, a
    single frequency, none, and 0-d integers (SciPy reads those as a number of points)."""
    rng = numpy.random.default_rng(3)
    w = numpy.sort(rng.uniform(0.01, 20.0, 23))
    return [list(w[:5]), [0, 1, 2, 7], w.astype(numpy.float32), w[::-2], w[:12].reshape(3, 4),
            numpy.float64(0.7), 2.5, w[:1], numpy.array([], numpy.float64), numpy.array(5),
            numpy.int32(4), numpy.array(True)]


def _same(mine, theirs, exact_first=False, device=False, tol=1e-9):
    """mine() against theirs(): the same values, or the same exception type (and cunp
    arrays from the device functions)."""
    try:
        want = theirs()
    except Exception as error:  # noqa: BLE001 - SciPy's exception type is the spec
        with pytest.raises(type(error)):
            mine()
        return
    got = mine()
    if device:
        import cunp
        assert all(isinstance(a, cunp.ndarray) for a in got)
    _close(got, want, tol, exact_first=exact_first)


def _single_tol(*arrays):
    """The device twins' tolerance: where SciPy computes in single precision (float32 or
    complex64 coefficients or frequencies), the device's float32 functions round differently
    from the host's in the last bits, which a polynomial's conditioning amplifies."""
    single = any(numpy.asarray(a).dtype in (numpy.float32, numpy.complex64) for a in arrays)
    return 1e-5 if single else 1e-9


@pytest.mark.parametrize("index", range(len(CONTINUOUS)))
def test_freqresp_bode(ss, index):
    system = CONTINUOUS[index]
    for name in ("freqresp", "bode"):
        mine = getattr(_lti_frequency, name)
        theirs = getattr(ss, name)
        # The default grids (findfreqs' logspace) bit for bit, n= and its default.
        _same(lambda: mine(numpy, system), lambda: theirs(system), exact_first=True)
        for n in (1, 2, 37, 0):
            _same(lambda: mine(numpy, system, n=n), lambda: theirs(system, n=n), True)
        for w in _frequencies():
            _same(lambda: mine(numpy, system, w=w), lambda: theirs(system, w=w), True)
            _same(lambda: mine(numpy, system, w), lambda: theirs(system, w), True)


@pytest.mark.parametrize("index", range(len(DISCRETE)))
def test_dfreqresp_dbode(ss, index):
    system = DISCRETE[index]
    for whole in (False, True):
        _same(lambda: _lti_frequency.dfreqresp(numpy, system, whole=whole),
              lambda: ss.dfreqresp(system, whole=whole), exact_first=True)
        for n in (1, 2, 33, 0):
            _same(lambda: _lti_frequency.dfreqresp(numpy, system, n=n, whole=whole),
                  lambda: ss.dfreqresp(system, n=n, whole=whole), exact_first=True)
    _same(lambda: _lti_frequency.dbode(numpy, system), lambda: ss.dbode(system), True)
    _same(lambda: _lti_frequency.dbode(numpy, system, n=17), lambda: ss.dbode(system, n=17),
          True)
    for w in _frequencies():
        _same(lambda: _lti_frequency.dfreqresp(numpy, system, w=w),
              lambda: ss.dfreqresp(system, w=w), exact_first=True)
        _same(lambda: _lti_frequency.dbode(numpy, system, w=w), lambda: ss.dbode(system, w=w),
              exact_first=True)


def _converted(mine, theirs, convert):
    """(mine.convert(), theirs.convert()), or None where SciPy cannot convert (an improper
    transfer function has no state space), checking the same exception here."""
    try:
        b = getattr(theirs, convert)()
    except Exception as error:  # noqa: BLE001 - SciPy's exception type is the spec
        with pytest.raises(type(error)):
            getattr(mine, convert)()
        return None
    return getattr(mine, convert)(), b


def test_system_objects(ss):
    """lti/dlti instances of each representation converted to each other."""
    for system in CONTINUOUS:
        mine, theirs = _lti.lti(*system), ss.lti(*system)
        for convert in ("to_tf", "to_zpk", "to_ss"):
            pair = _converted(mine, theirs, convert)
            if pair is None:
                continue
            a, b = pair
            _same(lambda: _lti_frequency.freqresp(numpy, a, n=25),
                  lambda: ss.freqresp(b, n=25), True)
            _same(lambda: _lti_frequency.bode(numpy, a, w=[0.5, 2.0]),
                  lambda: ss.bode(b, w=[0.5, 2.0]), True)
    for system in DISCRETE:
        mine, theirs = _lti.dlti(*system[:-1], dt=system[-1]), \
            ss.dlti(*system[:-1], dt=system[-1])
        for convert in ("to_tf", "to_zpk", "to_ss"):
            pair = _converted(mine, theirs, convert)
            if pair is None:
                continue
            a, b = pair
            _same(lambda: _lti_frequency.dfreqresp(numpy, a, n=25, whole=True),
                  lambda: ss.dfreqresp(b, n=25, whole=True), True)
            _same(lambda: _lti_frequency.dbode(numpy, a), lambda: ss.dbode(b), True)


def test_methods_on_numpy(ss, monkeypatch):
    monkeypatch.setattr(_lti, "_namespace", lambda: numpy)
    for system in CONTINUOUS[:4]:
        mine, theirs = _lti.lti(*system), ss.lti(*system)
        _same(lambda: mine.freqresp(), lambda: theirs.freqresp(), True)
        _same(lambda: mine.freqresp(n=12), lambda: theirs.freqresp(n=12), True)
        _same(lambda: mine.bode([0.1, 1.0]), lambda: theirs.bode([0.1, 1.0]), True)
        _same(lambda: mine.bode(n=9), lambda: theirs.bode(n=9), True)
    for system in DISCRETE[:4]:
        mine, theirs = _lti.dlti(*system[:-1], dt=system[-1]), \
            ss.dlti(*system[:-1], dt=system[-1])
        _same(lambda: mine.freqresp(n=12, whole=True),
              lambda: theirs.freqresp(n=12, whole=True), True)
        _same(lambda: mine.freqresp([0.1, 3.0]), lambda: theirs.freqresp([0.1, 3.0]), True)
        _same(lambda: mine.bode(), lambda: theirs.bode(), True)
        _same(lambda: mine.bode(w=[0.2, 0.4]), lambda: theirs.bode(w=[0.2, 0.4]), True)


def test_errors(ss):
    continuous, discrete = CONTINUOUS[0], DISCRETE[0]
    mimo = (numpy.eye(2), numpy.eye(2), numpy.eye(2), numpy.zeros((2, 2)))
    cases = [
        ("freqresp", (ss.dlti(*continuous),), (_lti.dlti(*continuous),)),
        ("dfreqresp", (ss.lti(*continuous),), (_lti.lti(*continuous),)),
        ("bode", (ss.dlti(*continuous),), (_lti.dlti(*continuous),)),
        ("dbode", (ss.lti(*continuous),), (_lti.lti(*continuous),)),
        ("freqresp", (mimo,), (mimo,)),
        ("freqresp", (([[1], [2]], [1, 2]),), (([[1], [2]], [1, 2]),)),
        ("dfreqresp", (mimo + (0.1,),), (mimo + (0.1,),)),
        ("freqresp", (continuous, None, -3), (continuous, None, -3)),
        ("dfreqresp", (discrete, None, -3), (discrete, None, -3)),
    ]
    for name, theirs_args, mine_args in cases:
        with pytest.raises(Exception) as caught:
            getattr(ss, name)(*theirs_args)
        with pytest.raises(caught.type):
            getattr(_lti_frequency, name)(numpy, *mine_args)


# --- on the device -------------------------------------------------------------------------


def _on_device(system):
    """The system's arrays as cunp arrays, and the NumPy arrays SciPy gets for them (a complex
    gain is a NumPy scalar either way)."""
    import cunp
    host = tuple(numpy.asarray(a) for a in system)
    return tuple(cunp.asarray(a) for a in host), host


@gpu
@pytest.mark.parametrize("index", range(len(CONTINUOUS)))
def test_freqresp_bode_gpu(ss, index):
    import cunp
    from cunp.scipy import signal

    system = CONTINUOUS[index]
    on_device, host = _on_device(system)
    tol = _single_tol(*host)
    for name in ("freqresp", "bode"):
        mine, theirs = getattr(signal, name), getattr(ss, name)
        for given, spec in ((system, system), (on_device, host)):
            _same(lambda: mine(given), lambda: theirs(spec), True, True, tol)
            _same(lambda: mine(given, n=37), lambda: theirs(spec, n=37), True, True, tol)
        for w in _frequencies():
            for wrap in (numpy.asarray, cunp.asarray):
                _same(lambda: mine(system, w=wrap(numpy.asarray(w))),
                      lambda: theirs(system, w=w), True, True, _single_tol(*host, w))
    with pytest.raises(AttributeError):
        signal.freqresp(signal.dlti(*system))


@gpu
@pytest.mark.parametrize("index", range(len(DISCRETE)))
def test_dfreqresp_dbode_gpu(ss, index):
    import cunp
    from cunp.scipy import signal

    system = DISCRETE[index]
    on_device, host = _on_device(system[:-1])
    on_device, host = on_device + system[-1:], host + system[-1:]
    tol = _single_tol(*host[:-1])
    for given, spec in ((system, system), (on_device, host)):
        for whole in (False, True):
            _same(lambda: signal.dfreqresp(given, n=33, whole=whole),
                  lambda: ss.dfreqresp(spec, n=33, whole=whole), True, True, tol)
        _same(lambda: signal.dfreqresp(given), lambda: ss.dfreqresp(spec), True, True, tol)
        _same(lambda: signal.dbode(given), lambda: ss.dbode(spec), True, True, tol)
    for w in _frequencies():
        wtol = _single_tol(*host[:-1], w)
        for wrap in (numpy.asarray, cunp.asarray):
            # Given frequencies pass through 2 pi w / fs as in SciPy: equal to rounding.
            _same(lambda: signal.dfreqresp(system, w=wrap(numpy.asarray(w))),
                  lambda: ss.dfreqresp(system, w=w), device=True, tol=wtol)
            _same(lambda: signal.dbode(system, w=wrap(numpy.asarray(w))),
                  lambda: ss.dbode(system, w=w), device=True, tol=wtol)


@gpu
def test_methods_gpu(ss):
    import cunp
    from cunp.scipy import signal

    for system in CONTINUOUS[:4]:
        on_device, host = _on_device(system)
        mine, theirs = signal.lti(*on_device), ss.lti(*host)
        _same(lambda: mine.freqresp(), lambda: theirs.freqresp(), True, True)
        _same(lambda: mine.bode(cunp.asarray([0.1, 1.0])), lambda: theirs.bode([0.1, 1.0]),
              True, True)
        _same(lambda: mine.bode(n=9), lambda: theirs.bode(n=9), True, True)
    for system in DISCRETE[:4]:
        mine = signal.dlti(*system[:-1], dt=system[-1])
        theirs = ss.dlti(*system[:-1], dt=system[-1])
        _same(lambda: mine.freqresp(n=12, whole=True),
              lambda: theirs.freqresp(n=12, whole=True), True, True)
        _same(lambda: mine.bode(w=cunp.asarray([0.2, 0.4])),
              lambda: theirs.bode(w=[0.2, 0.4]), device=True)
        _same(lambda: mine.freqresp([0.1, 3.0]), lambda: theirs.freqresp([0.1, 3.0]),
              device=True)
