"""The LTI systems (classes, conversions, cont2discrete, abcd_normalize) and their time and
frequency responses against scipy.signal. The simulations are written over an array
namespace: the CPU tests run them with xp=numpy, the gpu tests on cunp arrays."""
import re
import warnings

import numpy
import pytest

from cunp.scipy.signal import _lti, _lti_conversion, _lti_frequency, _lti_response

gpu = pytest.mark.gpu
# abcd_normalize's (so StateSpace's) common dtype is SciPy 1.18's.
scipy_118 = pytest.mark.skipif(
    tuple(int(v) for v in __import__("scipy").__version__.split(".")[:2]) < (1, 18)
    if __import__("importlib").util.find_spec("scipy") else False,
    reason="SciPy 1.18's abcd_normalize dtypes are the spec")


@pytest.fixture
def ss():
    return pytest.importorskip("scipy.signal")


def _close(got, want, tol=1e-9):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _close(g, w, tol)
        return
    got, want = numpy.asarray(got), numpy.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    scale = max(1.0, float(numpy.abs(want).max(initial=0)))
    numpy.testing.assert_allclose(got, want, rtol=tol, atol=tol * scale)


TF = ([1, 3], [1, 5, 6])
ZPK = ([-1], [-2, -3 + 1j, -3 - 1j], 2.0)
SS = (numpy.array([[-1, 0.5], [0, -2.0]]), numpy.eye(2), numpy.array([[1, 1.0]]),
      numpy.array([[0, 0.1]]))
SYSTEMS = [TF, ZPK, SS]
METHODS = ["zoh", "foh", "bilinear", "tustin", "euler", "forward_diff", "backward_diff"]


@pytest.fixture(autouse=True)
def _quiet():
    # Converting some of these systems trips BadCoefficients in SciPy and here alike.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("index", range(3))
@pytest.mark.parametrize("method", METHODS + ["impulse", "gbt"])
def test_cont2discrete(ss, index, method):
    system = SYSTEMS[index]
    if method == "impulse" and index == 2:
        with pytest.raises(ValueError):
            ss.cont2discrete(system, 0.1, method)
        with pytest.raises(ValueError):
            _lti_conversion.cont2discrete(system, 0.1, method)
        return
    alpha = 0.3 if method == "gbt" else None
    for dt in (0.1, 1.5):
        _close(_lti_conversion.cont2discrete(system, dt, method, alpha),
               ss.cont2discrete(system, dt, method, alpha))


def test_cont2discrete_errors(ss):
    for args in [(TF, 0.1, "nope"), (TF, 0.1, "gbt"), (TF, 0.1, "gbt", 2.0), ((1,), 0.1)]:
        with pytest.raises(ValueError):
            ss.cont2discrete(*args)
        with pytest.raises(ValueError):
            _lti_conversion.cont2discrete(*args)


@scipy_118
@pytest.mark.parametrize("kwargs", [
    {"A": [[1, 2], [3, 4]], "B": [[1], [2]], "C": [[1, 1]]},
    {"B": [[1], [2]], "C": [[1, 1]], "D": [[2]]},
    {"A": [[1]], "D": [[1, 2]], "C": [[3]]},
    {"A": 1, "B": 2, "C": 3, "D": 4},
    {"A": [[1, 2], [3, 4]], "B": [[1], [2]]},
    {"A": [[1, 2], [3, 4]], "B": [[1, 2, 3]], "C": [[1, 1]]},
    {"A": numpy.zeros((0, 0)), "B": numpy.zeros((0, 2), complex), "C": numpy.zeros((1, 0)),
     "D": [[1j, 2]]},
    {"A": [[1.0]], "B": numpy.zeros((1, 0)), "C": [[2.0]]},
    {"A": [], "B": [], "C": [], "D": [[1, 2], [3, 4]]},
    {"A": numpy.ones((2, 2), numpy.float32), "B": [[1], [2]], "C": numpy.ones((3, 0))},
    {"A": [[1, 2], [3, 4]], "C": [[1, 1]]},
    {"A": [[1, 2], [3, 4]], "D": [[1]]},
    {"C": [[1, 1]], "D": [[1]]},
    {"A": [[1, 2], [3, 4]], "B": [[1], [2]], "C": [[1, 1]], "D": [[1, 2]]},
    {"A": numpy.ones((2, 3)), "B": [[1], [2]], "C": [[1, 1]]},
    {"A": numpy.ones((2, 2, 1)), "B": [[1], [2]], "C": [[1, 1]]},
])
def test_abcd_normalize(ss, kwargs):
    try:
        want = ss.abcd_normalize(**kwargs)
    except ValueError as error:
        with pytest.raises(ValueError, match=re.escape(str(error))):
            _lti_conversion.abcd_normalize(**kwargs)
        return
    got = _lti_conversion.abcd_normalize(**kwargs)
    _close(got, want)
    assert [g.dtype for g in got] == [w.dtype for w in want]


def test_expm(ss):
    linalg = pytest.importorskip("scipy.linalg")
    rng = numpy.random.default_rng(0)
    for n, scale in [(1, 1.0), (3, 0.01), (4, 3.0), (6, 40.0)]:
        a = rng.standard_normal((n, n)) * scale
        _close(_lti_conversion.expm(a), linalg.expm(a), 1e-11)


def _t_u():
    t = numpy.linspace(0, 5, 101)
    return t, numpy.sin(t)


@pytest.mark.parametrize("index", range(2))
def test_continuous_responses(ss, index):
    system = SYSTEMS[index]
    t, u = _t_u()
    states = len(ss.lti(*system).to_ss().A)
    x0 = numpy.arange(1.0, states + 1)
    _close(_lti_response.lsim(numpy, system, u, t), ss.lsim(system, u, t))
    _close(_lti_response.lsim(numpy, system, u, t, X0=x0, interp=False),
           ss.lsim(system, u, t, X0=x0, interp=False))
    _close(_lti_response.lsim(numpy, system, None, t[5:], X0=x0),
           ss.lsim(system, None, t[5:], X0=x0))
    _close(_lti_response.lsim(numpy, system, u[:1], t[:1]), ss.lsim(system, u[:1], t[:1]))
    _close(_lti_response.impulse(numpy, system), ss.impulse(system))
    _close(_lti_response.impulse(numpy, system, T=t), ss.impulse(system, T=t))
    _close(_lti_response.step(numpy, system, N=50), ss.step(system, N=50))
    _close(_lti_response.step(numpy, system, X0=x0, T=t), ss.step(system, X0=x0, T=t))
    _close(_lti_frequency.freqresp(numpy, system, n=50), ss.freqresp(system, n=50))
    _close(_lti_frequency.freqresp(numpy, system, w=[0.1, 1, 10]), ss.freqresp(system, w=[0.1, 1, 10]))
    _close(_lti_frequency.bode(numpy, system), ss.bode(system))


@pytest.mark.parametrize("index", range(2))
def test_discrete_responses(ss, index):
    t, u = _t_u()
    discrete = ss.cont2discrete(SYSTEMS[index], 0.1)
    _close(_lti_response.dlsim(numpy, discrete, u), ss.dlsim(discrete, u))
    _close(_lti_response.dlsim(numpy, discrete, u, t=t), ss.dlsim(discrete, u, t=t))
    _close(_lti_response.dimpulse(numpy, discrete), ss.dimpulse(discrete))
    _close(_lti_response.dstep(numpy, discrete, n=30), ss.dstep(discrete, n=30))
    _close(_lti_frequency.dfreqresp(numpy, discrete, n=40), ss.dfreqresp(discrete, n=40))
    _close(_lti_frequency.dfreqresp(numpy, discrete, n=40, whole=True),
           ss.dfreqresp(discrete, n=40, whole=True))
    _close(_lti_frequency.dbode(numpy, discrete), ss.dbode(discrete))


def test_multi_input_state_space(ss):
    t, u = _t_u()
    U = numpy.stack([u, numpy.cos(t)], 1)
    _close(_lti_response.lsim(numpy, SS, U, t), ss.lsim(SS, U, t))
    discrete = ss.cont2discrete(SS, 0.05)
    _close(_lti_response.dlsim(numpy, discrete, U, x0=[1, 2]), ss.dlsim(discrete, U, x0=[1, 2]))
    _close(_lti_response.dstep(numpy, discrete), ss.dstep(discrete))
    _close(_lti_response.dimpulse(numpy, discrete, n=20), ss.dimpulse(discrete, n=20))
    # A long signal: the doubling scan against the sequential recursion.
    long = numpy.random.default_rng(1).standard_normal((5000, 2))
    _close(_lti_response.dlsim(numpy, discrete, long), ss.dlsim(discrete, long), 1e-8)


def test_response_errors(ss):
    t, u = _t_u()
    cases = [
        lambda m, *x: m.lsim(*x, TF, u, numpy.array([0, 1, 3.0] + [4.0] * 98)),
        lambda m, *x: m.lsim(*x, TF, u[:10], t),
        lambda m, *x: m.lsim(*x, TF, u, t - 1),
        lambda m, *x: m.lsim(*x, TF, u, t.reshape(1, -1)),
        lambda m, *x: m.lsim(*x, SS, u, t),
    ]
    for case in cases:
        with pytest.raises(ValueError):
            case(ss)
        with pytest.raises(ValueError):
            case(_lti_response, numpy)
    for name in ("dimpulse", "dstep"):
        with pytest.raises(AttributeError):
            getattr(ss, name)(ss.lti(*TF))
        with pytest.raises(AttributeError):
            getattr(_lti_response, name)(numpy, _lti.lti(*TF))
    with pytest.raises(AttributeError):
        _lti_frequency.freqresp(numpy, _lti.dlti(*TF))
    with pytest.raises(AttributeError):
        _lti_frequency.dfreqresp(numpy, _lti.lti(*TF))
    with pytest.raises(ValueError):
        ss.freqresp(([[1], [2]], [1, 2]))
    with pytest.raises(ValueError):
        _lti_frequency.freqresp(numpy, ([[1], [2]], [1, 2]))


@pytest.fixture
def on_numpy(monkeypatch):
    """The classes' response methods run on NumPy (cunp on a device; the CPU tests check the
    argument handling and values through the same functions)."""
    monkeypatch.setattr(_lti, "_namespace", lambda: numpy)


def test_classes(ss, on_numpy):
    for system in SYSTEMS:
        mine, theirs = _lti.lti(*system), ss.lti(*system)
        assert type(mine).__name__ == type(theirs).__name__
        assert (mine.inputs, mine.outputs, mine.dt) == (theirs.inputs, theirs.outputs, None)
        _close(mine.poles, theirs.poles)
        _close(mine.zeros, theirs.zeros)
        for to in ("to_tf", "to_zpk", "to_ss"):
            a, b = getattr(mine, to)(), getattr(theirs, to)()
            assert type(a).__name__ == type(b).__name__
        _close(mine.to_tf().num, theirs.to_tf().num)
        _close(mine.to_ss().A, theirs.to_ss().A)
        for method in ("zoh", "bilinear"):
            a, b = mine.to_discrete(0.1, method), theirs.to_discrete(0.1, method)
            assert type(a).__name__ == type(b).__name__ and a.dt == 0.1
            _close(a.poles, b.poles)
        if mine.inputs == 1:
            _close(mine.step(), theirs.step())
            _close(mine.impulse(N=20), theirs.impulse(N=20))
            _close(mine.bode(n=20), theirs.bode(n=20))
    for system in SYSTEMS[:2]:
        mine, theirs = _lti.dlti(*system, dt=0.5), ss.dlti(*system, dt=0.5)
        assert type(mine).__name__ == type(theirs).__name__ and mine.dt == 0.5
        _close(mine.step(n=10), theirs.step(n=10))
        _close(mine.freqresp(n=10), theirs.freqresp(n=10))
        _close(mine.output([1.0, 0, 0, 2], None), theirs.output([1.0, 0, 0, 2], None))
    assert _lti.dlti(*TF).dt is True
    tf = _lti.TransferFunction(*TF, dt=0.2)
    assert type(tf).__name__ == "TransferFunctionDiscrete"
    assert type(_lti.StateSpace(tf)).__name__ == "StateSpaceDiscrete"
    assert type(_lti.ZerosPolesGain(_lti.lti(*SS))).__name__ == "ZerosPolesGainContinuous"
    assert repr(_lti.dlti([1], [1, 0.5])) == repr(ss.dlti([1], [1, 0.5]))
    with pytest.raises(ValueError):
        _lti.lti(1)
    with pytest.raises(ValueError):
        _lti.dlti(1, 2, 3, 4, 5)
    with pytest.raises(NotImplementedError):
        _lti.LinearTimeInvariant()


@gpu
def test_public_responses_return_cunp(ss):
    import cunp
    from cunp.scipy import signal

    t, u = _t_u()
    tout, y, x = signal.lsim(signal.lti(*SS), cunp.asarray(numpy.stack([u, u], 1)),
                             cunp.asarray(t))
    assert isinstance(y, cunp.ndarray) and isinstance(x, cunp.ndarray)
    want = ss.lsim(SS, numpy.stack([u, u], 1), t)
    cunp.testing.assert_allclose(y, want[1], rtol=1e-9, atol=1e-12)
    discrete = ss.cont2discrete(TF, 0.1)
    tout, y = signal.dlsim(discrete, cunp.asarray(u))
    cunp.testing.assert_allclose(y, ss.dlsim(discrete, u)[1], rtol=1e-9, atol=1e-12)
    w, h = signal.freqresp(TF, n=20)
    assert isinstance(h, cunp.ndarray)
    num, den, dt = signal.cont2discrete(TF, 0.1)
    assert isinstance(num, cunp.ndarray) and dt == 0.1
    tout, (y,) = signal.dstep(discrete)
    cunp.testing.assert_allclose(y, ss.dstep(discrete)[1][0], rtol=1e-9, atol=1e-12)


def _method_cases(t, u):
    """(system index, method name, args, kwargs) of the continuous classes' response methods,
    with SciPy's argument forms: positional, keywords, lists, F-order and reversed arrays."""
    t_rev = numpy.ascontiguousarray(t[::-1])[::-1]
    return [
        ("output", (u, t), {}),
        ("output", (list(u), list(t)), {"X0": None}),
        ("output", (numpy.asfortranarray(u[:, None]), t_rev), {}),
        ("output", (None, t), {"X0": "x0"}),
        ("impulse", (), {}),
        ("impulse", (), {"N": 30}),
        ("impulse", (None, t), {}),
        ("impulse", (), {"X0": "x0", "T": t}),
        ("step", (), {}),
        ("step", ("x0", t), {}),
        ("step", (), {"T": t[:1]}),
        ("bode", (), {}),
        ("bode", ([0.1, 1.0, 10.0],), {}),
        ("bode", (), {"n": 7}),
        ("freqresp", (), {"n": 40}),
        ("freqresp", (numpy.logspace(-2, 2, 9),), {}),
    ]


def _same(mine, theirs, name, args, kwargs):
    """mine.name(...) against theirs.name(...): equal values, or the same exception type."""
    try:
        want = getattr(theirs, name)(*args, **kwargs)
    except Exception as error:  # noqa: BLE001 - SciPy's exception type is the spec
        with pytest.raises(type(error)):
            getattr(mine, name)(*args, **kwargs)
        return
    _close(getattr(mine, name)(*args, **kwargs), want)


@pytest.mark.parametrize("index", range(3))
def test_continuous_methods(ss, on_numpy, index):
    t, u = _t_u()
    mine, theirs = _lti.lti(*SYSTEMS[index]), ss.lti(*SYSTEMS[index])
    x0 = numpy.arange(1.0, len(theirs.to_ss().A) + 1)
    for name, args, kwargs in _method_cases(t, u):
        args = tuple(x0 if isinstance(a, str) else a for a in args)
        kwargs = {k: x0 if isinstance(v, str) else v for k, v in kwargs.items()}
        if theirs.inputs > 1 and name == "output" and args[0] is not None:
            args = (numpy.stack([numpy.ravel(args[0])] * theirs.inputs, 1),) + args[1:]
        _same(mine, theirs, name, args, kwargs)


@pytest.mark.parametrize("index", range(3))
def test_discrete_methods(ss, on_numpy, index):
    t, u = _t_u()
    theirs = ss.lti(*SYSTEMS[index]).to_discrete(0.05)
    mine = _lti.lti(*SYSTEMS[index]).to_discrete(0.05)
    x0 = numpy.arange(1.0, len(theirs.to_ss().A) + 1)
    inputs = numpy.stack([u] * theirs.inputs, 1) if theirs.inputs > 1 else u
    cases = [("output", (inputs, None), {}), ("output", (inputs, t), {"x0": x0}),
             ("output", (inputs[::-1],), {"t": None}),
             ("impulse", (), {}), ("impulse", (), {"n": 15, "x0": x0}),
             ("impulse", (x0, t[:20]), {}), ("step", (), {"n": 12}), ("step", (None, t), {})]
    if theirs.inputs == 1:
        cases += [("bode", (), {}), ("bode", (), {"w": [0.1, 1.0, 3.0]}),
                  ("freqresp", (), {"n": 33}), ("freqresp", (), {"n": 16, "whole": True}),
                  ("freqresp", ([0.2, 0.5],), {})]
    for name, args, kwargs in cases:
        _same(mine, theirs, name, args, kwargs)
    assert isinstance(mine.step(n=5)[1], tuple)


def test_methods_errors(ss, on_numpy):
    t, u = _t_u()
    for system in (_lti.lti(*TF), ss.lti(*TF)):
        with pytest.raises(ValueError):
            system.output(u[:10], t)
        with pytest.raises(ValueError):
            system.output(u, t - 1)
        with pytest.raises(TypeError):
            system.output(u)
    for system in (_lti.dlti(*TF, dt=0.1), ss.dlti(*TF, dt=0.1)):
        with pytest.raises(TypeError):
            system.output(u, t, None, 1)


@gpu
def test_methods_return_cunp(ss):
    import cunp

    t, u = _t_u()
    for index in range(2):
        mine, theirs = _lti.lti(*SYSTEMS[index]), ss.lti(*SYSTEMS[index])
        calls = [("output", (cunp.asarray(u), cunp.asarray(t)), {}),
                 ("output", (u, t), {}), ("impulse", (), {"N": 30}),
                 ("step", (), {"T": cunp.asarray(t)}), ("bode", (), {"n": 20}),
                 ("freqresp", (cunp.asarray([0.1, 1.0, 10.0]),), {})]
        for name, args, kwargs in calls:
            got = getattr(mine, name)(*args, **kwargs)
            assert all(isinstance(g, cunp.ndarray) for g in got), name
            host = [cunp.asnumpy(a) if isinstance(a, cunp.ndarray) else a for a in args]
            _close(tuple(cunp.asnumpy(g) for g in got), getattr(theirs, name)(*host, **{
                k: cunp.asnumpy(v) if isinstance(v, cunp.ndarray) else v
                for k, v in kwargs.items()}))
        mine_d, theirs_d = mine.to_discrete(0.1), theirs.to_discrete(0.1)
        tout, y = mine_d.output(cunp.asarray(u), None)[:2]
        assert isinstance(y, cunp.ndarray)
        _close(cunp.asnumpy(y), theirs_d.output(u, None)[1])
        tout, (y,) = mine_d.step(n=20)
        assert isinstance(y, cunp.ndarray)
        _close(cunp.asnumpy(y), theirs_d.step(n=20)[1][0])
        w, h = mine_d.freqresp(n=16)
        assert isinstance(h, cunp.ndarray)
        _close((cunp.asnumpy(w), cunp.asnumpy(h)), theirs_d.freqresp(n=16))
        assert all(isinstance(a, cunp.ndarray) for a in mine_d.bode(n=8))


def _state_spaces(module):
    """Named systems built the same way in SciPy and here: SISO float/int/complex/float32, a
    2-state system with two inputs and one output (SS), one with three outputs, one without
    states (a static gain), discrete ones."""
    rng = numpy.random.default_rng(7)
    wide = (rng.standard_normal((3, 3)), rng.standard_normal((3, 1)),
            rng.standard_normal((3, 3)), rng.standard_normal((3, 1)))
    return {
        "siso": module.StateSpace([[-1.0]], [[2.0]], [[3.0]], [[0.5]]),
        "int": module.StateSpace([[-2]], [[1]], [[1]], [[3]]),
        "complex": module.StateSpace([[-1 + 1j]], [[1.0]], [[2.0]], [[0.0]]),
        "mimo": module.StateSpace(*SS),
        "tall": module.StateSpace(*wide),
        "square": module.StateSpace(-numpy.eye(2), numpy.ones((2, 2)), numpy.eye(2) * 2,
                                    numpy.eye(2)),
        "d01": module.StateSpace([[0.5]], [[1.0]], [[1.0]], [[0.0]], dt=0.1),
        "d01b": module.StateSpace([[0.2, 0.1], [0, 0.3]], [[1.0], [1]], [[1.0, 2]], [[1.0]],
                                  dt=0.1),
        "d02": module.StateSpace([[0.5]], [[1.0]], [[1.0]], [[0.0]], dt=0.2),
        "dtrue": module.StateSpace(1, 1, 1, 1, dt=True),
        "static": module.StateSpace(numpy.zeros((0, 0)), numpy.zeros((0, 1)),
                                    numpy.zeros((1, 0)), [[2.0]]),
        "float32": module.StateSpace(*(numpy.asarray(m, numpy.float32)
                                       for m in ([[-1.0]], [[2.0]], [[1.0]], [[0.0]]))),
    }


_GAINS = [2, -1.5, 1j, True, numpy.float32(0.5), numpy.array(3.0), numpy.array([[2.0]]),
          numpy.array([[1.0, 2.0]]), numpy.ones((2, 2)), numpy.asfortranarray(
              numpy.arange(6.0).reshape(2, 3)), numpy.arange(4.0).reshape(2, 2)[::-1, ::-1],
          numpy.ones((3, 1)), numpy.ones((1, 3)), numpy.zeros((0, 0)), [[2.0]], "2", None]


def _arith_same(mine_op, theirs_op):
    """An operation on cunp's systems against the same on SciPy's: the same class, dt,
    matrices and dtypes, or the same exception type."""
    try:
        want = theirs_op()
    except Exception as error:  # noqa: BLE001 - SciPy's exception type is the spec
        with pytest.raises(type(error)):
            mine_op()
        return "raises"
    got = mine_op()
    assert type(got).__name__ == type(want).__name__
    assert got.dt == want.dt and (got.inputs, got.outputs) == (want.inputs, want.outputs)
    for name in "ABCD":
        g, w = getattr(got, name), getattr(want, name)
        assert isinstance(g, numpy.ndarray) and g.dtype == w.dtype, (name, g.dtype, w.dtype)
        _close(g, w, 1e-14)
    return "ok"


_BINARY = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
           "/": lambda x, y: x / y}


@scipy_118
@pytest.mark.parametrize("op", list(_BINARY))
def test_state_space_with_state_space(ss, op):
    mine, theirs = _state_spaces(_lti), _state_spaces(ss)
    outcomes = set()
    for left in mine:
        for right in mine:
            outcomes.add(_arith_same(lambda: _BINARY[op](mine[left], mine[right]),
                                     lambda: _BINARY[op](theirs[left], theirs[right])))
    assert outcomes == ({"raises"} if op == "/" else {"ok", "raises"})


@scipy_118
@pytest.mark.parametrize("op", list(_BINARY))
def test_state_space_with_gain(ss, op):
    mine, theirs = _state_spaces(_lti), _state_spaces(ss)
    outcomes = set()
    with numpy.errstate(all="ignore"):
        for name in mine:
            for gain in _GAINS:
                outcomes.add(_arith_same(lambda: _BINARY[op](mine[name], gain),
                                         lambda: _BINARY[op](theirs[name], gain)))
                outcomes.add(_arith_same(lambda: _BINARY[op](gain, mine[name]),
                                         lambda: _BINARY[op](gain, theirs[name])))
    assert outcomes == {"ok", "raises"}


@scipy_118
def test_state_space_unary_and_division(ss):
    mine, theirs = _state_spaces(_lti), _state_spaces(ss)
    for name in mine:
        _arith_same(lambda: -mine[name], lambda: -theirs[name])
        _arith_same(lambda: mine[name] / 0, lambda: theirs[name] / 0)
        _arith_same(lambda: mine[name] / numpy.array([2.0]), lambda: theirs[name] / numpy.array(
            [2.0]))
    with pytest.raises(ValueError, match="non-scalar"):
        mine["siso"] / numpy.ones((1, 1))
    with pytest.raises(TypeError, match="different `dt`"):
        mine["d01"] + mine["d02"]
    with pytest.raises(TypeError, match="different `dt`"):
        mine["d01"] * mine["d02"]
    with pytest.raises(TypeError):
        mine["siso"] * mine["d01"]
    with pytest.raises(TypeError):
        mine["siso"] + _lti.TransferFunction([1], [1, 1])
    # A connection is a system like any other: its response is the two systems' combined.
    s1, s2 = mine["siso"], _lti.StateSpace([[-3.0]], [[1.0]], [[1.0]], [[0.0]])
    t = numpy.linspace(0, 2, 9)
    y1 = _lti_response.step(numpy, s1, T=t)[1]
    y2 = _lti_response.step(numpy, s2, T=t)[1]
    _close(_lti_response.step(numpy, s1 + s2, T=t)[1], y1 + y2)
    _close(_lti_response.step(numpy, s1 - s2, T=t)[1], y1 - y2)
    _close(_lti_response.step(numpy, 2 * s1 / 4, T=t)[1], y1 / 2)


@gpu
def test_state_space_cunp_gains(ss):
    import cunp

    mine, theirs = _state_spaces(_lti), _state_spaces(ss)
    for name in ("siso", "mimo", "square"):
        for gain in (numpy.array(2.0), numpy.ones((2, 2)), numpy.array([[2.0]])):
            for op in _BINARY.values():
                _arith_same(lambda: op(mine[name], cunp.asarray(gain)),
                            lambda: op(theirs[name], gain))
                _arith_same(lambda: op(cunp.asarray(gain), mine[name]),
                            lambda: op(gain, theirs[name]))
