"""cunp.fuse's tracing without a device: stand-ins for arrays given by dtype and shape, the
recorded body's dtypes against NumPy's, what a trace observes (shapes, scalar values), what
makes a function unfusable, the call key, and every traced body compiled by NVRTC."""
import threading

import numpy
import pytest

import cunp
from cunp import _core, _fusion

A = _fusion._ArraySpec

# Written against a module, so that NumPy runs the same function for the expected dtype.
EXPRESSIONS = [
    lambda xp, x, y: x * 5,
    lambda xp, x, y: (x * 5) * (x * 5) * 2,
    lambda xp, x, y: x + y * 2 - 1,
    lambda xp, x, y: -x / (y + 1),
    lambda xp, x, y: abs(x - y) ** 2,
    lambda xp, x, y: x ** 0.5 + y ** 2,
    lambda xp, x, y: xp.sqrt(x * x + y * y),
    lambda xp, x, y: xp.exp(-x) * xp.cos(y),
    lambda xp, x, y: xp.maximum(x, y) - xp.minimum(x, 2),
    lambda xp, x, y: xp.maximum(2, x) + numpy.float32(1.5) * y,
    lambda xp, x, y: (x < y),
    lambda xp, x, y: x // 2 + x % 3,
    lambda xp, x, y: 1 - x * 2.5,
]
DTYPES = ['bool', 'int8', 'uint8', 'int32', 'int64', 'uint64', 'float16', 'float32', 'float64',
          'complex64', 'complex128']


def _numpy_result(f, dtype):
    x = numpy.ones((2, 3), dtype=dtype)
    y = numpy.ones((3,), dtype=dtype)
    with numpy.errstate(all='ignore'):
        return f(numpy, x, y)


@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('k', range(len(EXPRESSIONS)))
def test_traced_dtypes_match_numpy_and_compile(dtype, k):
    f = EXPRESSIONS[k]
    try:
        expect = _numpy_result(f, dtype)
    except Exception:  # noqa: BLE001 - NumPy refuses: the trace must not produce a kernel
        expect = None
    trace, spec = _fusion._trace(lambda x, y: f(cunp, x, y), (A(dtype, (2, 3)), A(dtype, (3,))))
    if expect is None:
        assert spec is None
        return
    assert spec is not None, 'fusable for %s' % dtype
    body, outs, inputs, slots, single = spec[:5]
    assert single and outs == [expect.dtype.name]
    assert inputs and set(inputs) <= {0, 1}
    in_dtypes = [dtype] * len(inputs)
    scalar_dtypes = [s[1] for s in slots]
    for strided, vec in ((0, 1), (0, 2), (2, 1)):
        src = _core._fused_source('fused_t', body, in_dtypes, outs, scalar_dtypes, strided, vec)
        _core._nvrtc_compile(src, [], [], 80)


def test_scalar_arguments_become_parameters():
    trace, spec = _fusion._trace(lambda x, s: x * s + 1, (A('float32', (4,)), 2.5))
    body, outs, inputs, slots, single = spec[:5]
    assert outs == ['float32']  # a weak Python float does not promote
    assert slots[0][:3] == (1, 'float64', None)  # argument 1, passed per call
    assert slots[1][0] == -1 and slots[1][2] == 1  # the constant
    assert not trace.value_args and not trace.shape_args
    # A NumPy scalar is strong.
    _, spec = _fusion._trace(lambda x, s: x * s, (A('float32', (4,)), numpy.float64(2)))
    assert spec[1] == ['float64'] and spec[3][0][1] == 'float64'


def test_scalar_value_steering_python_is_observed():
    def f(x, s):
        if s > 0:
            return x * 2
        return x - 1
    trace, spec = _fusion._trace(f, (A('float64', (3,)), 1.0))
    assert spec is not None and trace.value_args == {1}
    trace, spec = _fusion._trace(lambda x, s: x * (s * 2), (A('float64', (3,)), 3))
    assert spec is not None and trace.value_args == {1}
    trace, spec = _fusion._trace(lambda x, n: x * len(range(n)), (A('float64', (3,)), 3))
    assert spec is not None and trace.value_args == {1}
    # isinstance sees the argument's own type without reading its value.
    trace, spec = _fusion._trace(lambda x, s: x * s if isinstance(s, float) else x + 0,
                                 (A('float64', (3,)), 2.0))
    assert spec is not None and not trace.value_args and spec[3][0][0] == 1


def test_shape_reads_are_observed():
    trace, spec = _fusion._trace(lambda x: x * x.shape[-1], (A('float64', (2, 3)),))
    assert spec is not None and trace.shape_args == {0}
    trace, spec = _fusion._trace(lambda x, y: (x + y) * (x + y).size, (A('float64', (2, 3)),
                                                                        A('float64', (3,))))
    assert spec is not None and trace.shape_args == {0, 1}
    trace, spec = _fusion._trace(lambda x: x * x.ndim + len(x), (A('float64', (2, 3)),))
    assert spec is not None and trace.shape_args == {0}
    trace, spec = _fusion._trace(lambda x: x * x.ndim if x.dtype == numpy.float64 else x,
                                 (A('float64', (2, 3)),))
    assert spec is not None and not trace.shape_args
    assert isinstance(_fusion._Array(None, 'float32', 0, (), 1), cunp.ndarray)


@pytest.mark.parametrize('f', [
    lambda x, y: x[1:] + y,                 # indexing
    lambda x, y: (x + y).astype('f'),       # method
    lambda x, y: (x + y).sum() * 2,         # a reduction that is not the last step
    lambda x, y: ((x + y).sum(), x * y),    # a reduction among several results
    lambda x, y: (x + y).sum(dtype='f'),    # reduction keywords other than axis, keepdims
    lambda x, y: x if (x + y).sum() == 0 else y,  # the value of a reduction
    lambda x, y: x.T + y,                   # view
    lambda x, y: x,                         # an argument itself
    lambda x, y: 1.0,                       # not an array
    lambda x, y: [x + y],                   # a list
    lambda x, y: (x * 2, y * 2),            # results over different arrays
    lambda x, y: x + 1 if (x > 0) else y,   # truth of an array
    lambda x, y: cunp.where(x > 0, x, y),   # not a ufunc
    lambda x, y: cunp.add(x, y, dtype='float32'),  # ufunc keywords
    lambda x, y: x + cunp,                  # not an operand
])
def test_unfusable(f):
    assert _fusion._trace(f, (A('float64', (3,)), A('float64', (3,))))[1] is None


def test_in_place_is_refused():
    def f(x):
        x += 1
        return x
    assert _fusion._trace(f, (A('float64', (3,)),))[1] is None


def test_weak_int_ranges_are_checked():
    _, spec = _fusion._trace(lambda x, s: x + s, (A('int8', (3,)), 3))
    assert spec[3][0][3] == ['int8']  # each call checks the value fits int8
    assert _fusion._trace(lambda x, s: x + s, (A('int8', (3,)), 1000))[1] is None
    assert _fusion._trace(lambda x: x + 1000, (A('int8', (3,)),))[1] is None
    _, spec = _fusion._trace(lambda x, s: x + s, (A('float32', (3,)), 1000))
    assert spec[1] == ['float32'] and spec[3][0][3] == []
    assert _fusion._trace(lambda x, s: x + s, (A('int64', (3,)), 1 << 70))[1] is None


def test_broadcast_mismatch_is_unfusable_for_that_call():
    assert _fusion._trace(lambda x, y: x + y, (A('float64', (3,)), A('float64', (4,))))[1] is None


def test_keywords_multiple_outputs_and_zero_d():
    _, spec = _fusion._trace(lambda x, *, s: (x * s, divmod(x, 3)[1]),
                             (A('int64', ()),), {'s': 2})
    body, outs, inputs, slots, single = spec[:5]
    assert not single and outs == ['int64', 'int64'] and inputs == [0]
    assert slots[0][0] == 1  # the keyword's position: after the positional arguments


def test_unused_argument_is_not_an_input():
    _, spec = _fusion._trace(lambda x, y: x * 2, (A('float64', (3,)), A('float64', (5, 3))))
    assert spec[2] == [0]


def test_call_key():
    f = cunp.fuse(lambda a, b=None: a)
    assert f._key(1, 2.0) != f._key(1, 2)
    assert f._key(1, 2) == f._key(5, 7)              # values are not part of the key
    assert f._key(1, 1 << 63) != f._key(1, 2)        # beyond int64
    assert f._key(1, b=2) != f._key(1, 2)            # keyword names are
    assert f._key(numpy.float32(1)) != f._key(numpy.float64(1))
    assert f._key(True) != f._key(1)
    assert f._key(object()) is None                  # not cacheable: runs unfused
    assert f._key(1, 'relu') != f._key(1, 'tanh')    # strings are keyed by value
    scale = 2

    def g(a):
        return a * scale
    fg = cunp.fuse(g)
    k = fg._key(1)
    scale = 3  # noqa: F841 - a closure change keys a new trace
    assert fg._key(1) != k


GLOBAL_SCALE = 2


def test_global_scalars_are_keyed():
    global GLOBAL_SCALE
    f = cunp.fuse(lambda a: a * GLOBAL_SCALE)
    k = f._key(1.0)
    GLOBAL_SCALE = 5
    try:
        assert f._key(1.0) != k
    finally:
        GLOBAL_SCALE = 2


def test_traces_in_threads_are_independent():
    results = {}

    def work(dtype):
        for _ in range(50):
            _, spec = _fusion._trace(lambda x, s: (x * s) * (x * s) * 2, (A(dtype, (7,)), 3))
            assert spec[1] == [dtype]
        results[dtype] = spec[0]
    threads = [threading.Thread(target=work, args=(d,)) for d in ('float32', 'int16', 'float64')]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 3


def test_decorator_forms():
    def f(x):
        return x + 1
    assert isinstance(cunp.fuse(f), _fusion.Fusion)
    assert cunp.fuse()(f).name == 'f'
    assert cunp.fuse(kernel_name='k')(f).name == 'k'
    assert cunp.fuse(f).__name__ == 'f'
    with pytest.raises(TypeError):
        cunp.fuse(f, f)
    with pytest.raises(TypeError):
        cunp.fuse(bad=1)
    # No array argument: the function runs as written.
    assert cunp.fuse(f)(1) == 2
    assert cunp.fuse(lambda a, b: a * b)(2.0, b=3) == 6.0


def test_trailing_reduction():
    args = (A('float32', (2, 3)), A('float32', (3,)))
    _, spec = _fusion._trace(lambda x, y: (x * y + 1).sum(), args)
    assert spec[1] == ['float32'] and spec[5] == ('sum', {'axis': None, 'keepdims': False})
    _, spec = _fusion._trace(lambda x, y: (x < y).any(1, keepdims=True), args)
    assert spec[1] == ['bool'] and spec[5] == ('any', {'axis': 1, 'keepdims': True})
    trace, spec = _fusion._trace(lambda x, ax: (x * 2).max(axis=ax), (A('int8', (2, 3)), -1))
    assert spec[5] == ('max', {'axis': -1, 'keepdims': False}) and trace.value_args == {1}
    _, spec = _fusion._trace(lambda x, y: x * y, args)
    assert spec[5] is None


class _Box:
    """A mutable argument that counts in-place additions (the stand-in for it refuses them)."""

    def __init__(self):
        self.n = 0

    def __iadd__(self, k):
        self.n += k
        return self


def test_unfusable_miss_runs_the_function_once():
    # Marking a kind unfusable runs nothing: the miss has run the function already (an
    # in-place update applied twice was the bug).
    def g(a):
        a += 1
        return a
    f = cunp.fuse(g)
    box = _Box()
    assert f._miss((box,), {}, b'\x01box') is box
    assert box.n == 1 and f._entry_count == 1
    assert f._store(b'\x01box', (box,), {}, [], [], None) is None
    assert box.n == 1


class _Probe(_fusion.Fusion):
    """Fusion whose kernel store is scripted, to follow _miss's paths without a device."""

    def __init__(self, func, store_result):
        super().__init__(func)
        self.store_result = store_result
        self.stored = []

    def _store(self, key, args, kwargs, shape_args, value_args, spec):
        self.stored.append(spec is not None)
        if spec is not None and isinstance(self.store_result, Exception):
            raise self.store_result
        return None if spec is None else self.store_result


def _counting():
    runs = []

    def g(a):
        runs.append(type(a) is _fusion._Array)  # type() sees through the stand-in's __class__
        return a * 2 if type(a) is _fusion._Array else 'unfused'
    return g, runs


def test_miss_paths_run_the_function_as_written_at_most_once():
    arg = (A('float64', (3,)),)
    # The kernel ran: its result, and the function only traced.
    g, runs = _counting()
    p = _Probe(g, 'kernel')
    assert p._miss(arg, {}, b'k') == 'kernel' and runs == [True] and p.stored == [True]
    # Stored, but these arguments need the unfused call: one run as written.
    g, runs = _counting()
    p = _Probe(g, NotImplemented)
    assert p._miss(arg, {}, b'k') == 'unfused' and runs == [True, False] and p.stored == [True]
    # The kernel failed: one run as written, then the kind is marked unfusable.
    g, runs = _counting()
    p = _Probe(g, RuntimeError('compile'))
    assert p._miss(arg, {}, b'k') == 'unfused' and runs == [True, False]
    assert p.stored == [True, False]


def test_unfused_error_is_raised_once_and_not_remembered():
    calls = []

    def g(a):
        calls.append(1)
        raise KeyError('boom')
    p = _Probe(g, 'kernel')
    with pytest.raises(KeyError):
        p._miss((A('float64', (3,)),), {}, b'k')
    assert len(calls) == 2 and p.stored == []  # the trace, then one unfused run


def test_scalar_ufunc_writing_an_array_is_refused():
    # cunp.add(s, 1, out=buf) on a scalar stand-in would write buf during the trace.
    trace = _fusion._Trace()
    s = _fusion._Scalar(trace, 0, 2.0)
    with pytest.raises(_fusion._Unfusable):
        s.__array_ufunc__(cunp.add, '__call__', s, 1, out=(object(),))
    with pytest.raises(_fusion._Unfusable):
        s.__array_ufunc__(cunp.add, 'at', object(), 0, s)


def test_kernel_names_are_identifiers():
    for name, want in (('<lambda>', 'fused_lambda'), ('f', 'fused_f'), ('a-b c', 'fused_a_b_c'),
                       ('\u00e9t\u00e9', 'fused_t'), ('', 'fused_lambda')):
        assert _fusion._kernel_name(name) == want
