"""cunp.fuse.

Without a device: tracing with stand-ins for arrays given by dtype and shape, the recorded body's
dtypes against NumPy's, what a trace observes (shapes, scalar values), what makes a function
unfusable, the call key, the code a fused body compiles to, and every traced body compiled by
NVRTC.

On the GPU (marked gpu): fused calls against the same function run unfused: many expressions,
dtypes, scalars, broadcasting, lambdas and closures, the cases that fall back to unfused calls,
and the trace cache (one trace per kind of arguments; shape- and value-dependent functions)."""

import threading

import numpy
import pytest

import cunp
from cunp import _core
from cunp._kernels import _fusion

gpu = pytest.mark.gpu


A = _fusion._ArraySpec

# Written against a module, so that NumPy runs the same function for the expected dtype.
TRACED_EXPRESSIONS = [
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
@pytest.mark.parametrize('k', range(len(TRACED_EXPRESSIONS)))
def test_traced_dtypes_match_numpy_and_compile(dtype, k):
    f = TRACED_EXPRESSIONS[k]
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
        src = _core.kernels.fused_source('fused_t', body, in_dtypes, outs, scalar_dtypes, strided, vec)
        _core.kernels.nvrtc_compile(src, [], [], 80)


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


def test_fusion_step_matches_numpy_promotion():
    import numpy
    dts, code = _core.kernels.fusion_step('multiply', [(True, 'float32'), (False, 2.5)], ['in0', 's0'], ['v0'])
    assert dts == ['float32']  # NEP 50: a Python float does not promote float32
    assert 'v0' in code and 'in0' in code and 's0' in code
    dts, _ = _core.kernels.fusion_step('add', [(True, 'int8'), (True, 'int16')], ['in0', 'in1'], ['v0'])
    assert dts == ['int16']
    dts, _ = _core.kernels.fusion_step('divide', [(True, 'int32'), (False, 2)], ['in0', 's0'], ['v0'])
    assert dts == ['float64']
    dts, _ = _core.kernels.fusion_step('less', [(True, 'float64'), (False, numpy.float32(1))], ['in0', 's0'], ['v0'])
    assert dts == ['bool']
    dts, _ = _core.kernels.fusion_step('divmod', [(True, 'int64'), (True, 'int64')], ['in0', 'in1'], ['v0', 'v1'])
    assert dts == ['int64', 'int64']
    with pytest.raises(TypeError):
        _core.kernels.fusion_step('negative', [(True, 'bool')], ['in0'], ['v0'])
    with pytest.raises(OverflowError):
        _core.kernels.fusion_step('add', [(True, 'int8'), (False, 1000)], ['in0', 's0'], ['v0'])



@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int8', 'uint32', 'int64',
                                   'complex64', 'complex128', 'bool'])
def test_fused_bodies_compile(dtype):
    # A chain of steps as cunp.fuse builds them, compiled by NVRTC for each dtype.
    steps = [('multiply', [(True, dtype), (False, 5)], ['in0', 's0']),
             ('multiply', [(True, None), (True, None)], ['v0', 'v0']),
             ('add', [(True, None), (False, 2.0)], ['v1', 's1']),
             ('absolute', [(True, None)], ['v2']),
             ('less', [(True, None), (True, dtype)], ['v3', 'in0'])]
    body, prev = '', dtype
    for k, (name, ops, names) in enumerate(steps):
        ops = [(a, prev if d is None else d) for a, d in ops]
        try:
            dts, code = _core.kernels.fusion_step(name, ops, names, ['v%d' % k])
        except TypeError:  # e.g. no loop for this dtype: fuse would run the call unfused
            pytest.skip('%s has no loop for %s' % (name, prev))
        body += code
        prev = dts[0]
    body += 'out0 = v4;\n'
    src = _core.kernels.fused_source('fused_test', body, [dtype], [prev], ['int64', 'float64'])
    _core.kernels.nvrtc_compile(src, [], [], 80)



def test_fuse_decorator_forms():
    def f(x):
        return x + 1
    assert isinstance(cunp.fuse(f), cunp._kernels._fusion.Fusion)
    assert cunp.fuse()(f).name == 'f'
    assert cunp.fuse(kernel_name='k')(f).name == 'k'
    g = cunp.fuse(lambda x: x * 2)
    assert g(3) == 6  # no array argument: runs as plain Python
    with pytest.raises(TypeError):
        cunp.fuse(bad_option=1)


def test_core_hands_calls_it_cannot_run_back_to_python(monkeypatch):
    # The C++ cache never calls into Python: what it cannot run comes back as a _FusionMiss,
    # and Fusion.__call__ does the Python part (here: no array argument, run as written).
    g = cunp.fuse(lambda x: x * 2)
    miss = g._run((3,), {})
    assert type(miss) is _core._FusionMiss and miss.key is None
    monkeypatch.setattr(type(g), '_miss', lambda *a: pytest.fail('traced a plain call'))
    assert g(3) == 6 and g(x=4) == 8


# --- on the GPU ---

@gpu
def test_miss_returns_the_key_and_a_hit_runs_in_the_core():
    g = cunp.fuse(lambda x: x * 2 + 1)
    x = cunp.arange(4, dtype='float32')
    miss = g._run((x,), {})
    assert type(miss) is _core._FusionMiss and miss.key == g._key(x)
    assert g(x).tolist() == [1, 3, 5, 7]  # traced and stored
    hit = g._run((x,), {})
    assert type(hit) is cunp.ndarray and hit.tolist() == [1, 3, 5, 7]


def _arrays(dtype, *shapes):
    rng = numpy.random.default_rng(1)
    out = []
    for s in shapes:
        a = rng.uniform(1, 5, s)
        out.append(cunp.asarray(a.astype(dtype)))
    return out


EXPRESSIONS = [
    lambda x, y: x * 5,
    lambda x, y: (x * 5) * (x * 5) * 2,
    lambda x, y: x + y * 2 - 1,
    lambda x, y: -x / (y + 1),
    lambda x, y: abs(x - y) ** 2,
    lambda x, y: x ** 0.5 + y ** 2,
    lambda x, y: cunp.sqrt(x * x + y * y),
    lambda x, y: cunp.exp(-x) * cunp.cos(y),
    lambda x, y: cunp.maximum(x, y) - cunp.minimum(x, 2),
    lambda x, y: (x < y),
    lambda x, y: cunp.where(x < y, x, y),            # not a ufunc: runs unfused
    lambda x, y: x // 2 + x % 3,
]


@gpu
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'int32', 'int64', 'uint8',
                                   'complex64'])
@pytest.mark.parametrize('k', range(len(EXPRESSIONS)))
def test_fused_equals_unfused(dtype, k):
    f = EXPRESSIONS[k]
    x, y = _arrays(dtype, (7, 33), (7, 33))
    try:
        expect = f(x, y)
    except Exception as e:  # noqa: BLE001 - the fused call must raise the same
        with pytest.raises(type(e)):
            cunp.fuse(f)(x, y)
        return
    got = cunp.fuse(f)(x, y)
    assert got.dtype == expect.dtype
    assert got.shape == expect.shape
    numpy.testing.assert_allclose(got.get(), expect.get(), rtol=1e-3 if dtype == 'float16' else 1e-6)


@gpu
def test_broadcasting_and_non_contiguous():
    x, y = _arrays('float64', (4, 1, 5), (3, 1))
    f = cunp.fuse(lambda a, b: a * b + 1)
    numpy.testing.assert_allclose(f(x, y).get(), (x * y + 1).get())
    z = cunp.arange(60.0).reshape(3, 4, 5)[:, ::2, ::-1]
    numpy.testing.assert_allclose(f(z, 2.0).get(), (z * 2.0 + 1).get())
    e = cunp.empty((0, 3))
    assert f(e, 1.0).shape == (0, 3)


@gpu
def test_scalars_arguments_and_closures():
    x, = _arrays('float32', (100,))
    scale = 3

    @cunp.fuse()
    def g(a, s):
        return a * s + scale

    numpy.testing.assert_allclose(g(x, 2).get(), (x * 2 + 3).get())
    assert g(x, 2.5).dtype == numpy.float32           # weak Python float
    assert g(x, numpy.float64(2.5)).dtype == numpy.float64  # strong NumPy scalar
    scale = 10                                          # a closure change is seen
    numpy.testing.assert_allclose(g(x, 2).get(), (x * 2 + 10).get())


@gpu
def test_multiple_outputs_and_divmod():
    x, y = _arrays('int64', (50,), (50,))
    f = cunp.fuse(lambda a, b: (a + b, divmod(a, b + 1)[0]))
    s, q = f(x, y)
    assert (s.get() == (x + y).get()).all()
    assert (q.get() == (x // (y + 1)).get()).all()


@gpu
def test_fallbacks_give_unfused_results():
    x, y = _arrays('float64', (10,), (10,))
    cases = [
        lambda a, b: a[1:] + b[1:],            # indexing
        lambda a, b: (a + b).sum(),            # method / reduction
        lambda a, b: a if a.ndim else b,       # attribute other than the stand-in's
        lambda a, b: a,                        # returns an input object
        lambda a, b: 1.0,                      # returns a scalar
    ]
    for f in cases:
        expect = f(x, y)
        got = cunp.fuse(f)(x, y)
        if isinstance(expect, cunp.ndarray):
            numpy.testing.assert_allclose(cunp.asnumpy(got), cunp.asnumpy(expect))
        else:
            assert got == expect


@gpu
def test_in_place_runs_unfused_and_mutates():
    # The stand-in refuses the in-place update before it runs, so the unfused call starts from
    # the untouched argument and runs once: +1 per call, on the miss and on the cached path.
    x, = _arrays('float64', (10,))
    before = x.get()

    @cunp.fuse
    def f(a):
        a += 1
        return a
    n = _traces()
    f(x)
    numpy.testing.assert_allclose(x.get(), before + 1)
    f(x)
    numpy.testing.assert_allclose(x.get(), before + 2)
    assert _traces() == n + 1
    # Writing through ufunc out= and item assignment: the same.
    g = cunp.fuse(lambda a: cunp.add(a, 1, out=a))
    g(x)
    numpy.testing.assert_allclose(x.get(), before + 3)

    def h(a, b):
        a[...] = b
        return a * 2
    y = cunp.zeros(10)
    numpy.testing.assert_allclose(cunp.fuse(h)(y, x).get(), 2 * (before + 3))
    numpy.testing.assert_allclose(y.get(), before + 3)


@gpu
def test_errors_match_unfused():
    x = cunp.arange(3, dtype=cunp.int8)
    with pytest.raises(OverflowError):
        cunp.fuse(lambda a: a + 1000)(x)
    b = cunp.ones(3, dtype=bool)
    with pytest.raises(TypeError):
        cunp.fuse(lambda a: -a)(b)
    with pytest.raises(ValueError):
        cunp.fuse(lambda a, c: a + c)(cunp.ones(3), cunp.ones(4))


@gpu
def test_seed_chain():
    x = cunp.ones((10, 50, 50))

    @cunp.fuse(kernel_name='chain')
    def chain(a):
        y = a * 5
        return (y * y) * 2
    numpy.testing.assert_allclose(chain(x).get(), numpy.full((10, 50, 50), 50.0))


def _traces():
    return cunp._kernels._fusion._stats['traces']


def _check(got, expect):
    assert type(got) is type(expect)
    assert got.dtype == expect.dtype and got.shape == expect.shape
    g, e = cunp.asnumpy(got), cunp.asnumpy(expect)
    if g.dtype.kind in 'fc':  # one kernel may contract a * b + c into an FMA, two cannot
        numpy.testing.assert_allclose(g, e, rtol=2e-6)
    else:
        numpy.testing.assert_array_equal(g, e)


@gpu
def test_cache_hit_traces_once():
    f = cunp.fuse(lambda a, s: (a * s) * (a * s) * 2)
    x, = _arrays('float64', (4, 5))
    n = _traces()
    _check(f(x, 2.0), (x * 2.0) * (x * 2.0) * 2)
    assert _traces() == n + 1
    for s in (3.0, -1.5, 0.0, 7.25):            # new values: the same kernel
        _check(f(x, s), (x * s) * (x * s) * 2)
    y, = _arrays('float64', (3, 7))              # new shape of the same rank
    _check(f(y, 2.0), (y * 2.0) * (y * 2.0) * 2)
    _check(f(y[:, ::-2], 2.0), (y[:, ::-2] * 2.0) * (y[:, ::-2] * 2.0) * 2)
    assert _traces() == n + 1
    assert f._entry_count == 1
    z, = _arrays('float32', (4, 5))              # new dtype: a new trace
    _check(f(z, 2.0), (z * 2.0) * (z * 2.0) * 2)
    _check(f(x, 2), (x * 2) * (x * 2) * 2)       # int scalar: a new kind
    assert _traces() == n + 3


@gpu
def test_broadcast_changes_between_calls():
    f = cunp.fuse(lambda a, b: a * b + 1)
    a1, b1 = _arrays('float32', (3, 1), (4,))
    _check(f(a1, b1), a1 * b1 + 1)
    a2, b2 = _arrays('float32', (1, 5), (5,))
    n = _traces()
    _check(f(a2, b2), a2 * b2 + 1)                # same kinds, other shapes: no new trace
    c2, d2 = _arrays('float32', (2, 3), (7,))
    with pytest.raises(ValueError):
        f(c2, d2)
    e2, g2 = _arrays('float32', (6, 1), (1,))
    _check(f(e2, g2), e2 * g2 + 1)
    assert _traces() == n
    with pytest.raises(ValueError):
        f(cunp.ones((2, 3)), cunp.ones((2, 1)).T)


@gpu
def test_unused_argument_does_not_shape_the_result():
    f = cunp.fuse(lambda a, b: a * 2)
    a, b = _arrays('float64', (3,), (5, 3))
    _check(f(a, b), a * 2)
    _check(f(a, a), a * 2)


@gpu
def test_shape_dependent_function():
    f = cunp.fuse(lambda a: a * a.shape[-1] + a.size)
    x, y = _arrays('float64', (2, 3), (2, 5))
    n = _traces()
    _check(f(x), x * 3 + 6)
    _check(f(y), y * 5 + 10)
    _check(f(x), x * 3 + 6)
    assert _traces() == n + 2


@gpu
def test_control_flow_on_scalar_value():
    def g(a, s):
        if s > 0:
            return a * s
        return a - s
    f = cunp.fuse(g)
    x, = _arrays('float32', (10,))
    for s in (2.0, -1.0, 3.0, -1.0, 2.0):
        _check(f(x, s), g(x, s))
    n = _traces()
    _check(f(x, 3.0), g(x, 3.0))
    assert _traces() == n                        # keyed by value: seen before

    def h(a, k):
        for _ in range(k):                        # the loop count steers the trace
            a = a * 2
        return a
    fh = cunp.fuse(h)
    for k in (1, 3, 2, 3):
        _check(fh(x, k), h(x, k))


@gpu
def test_scalar_used_as_operand_does_not_key_by_value():
    f = cunp.fuse(lambda a, s: a + s * 2)        # s * 2 runs in Python: keyed by value
    x, = _arrays('float64', (5,))
    for s in (1.0, 2.0, 1.0):
        _check(f(x, s), x + s * 2)


@gpu
def test_weak_int_out_of_range_after_caching():
    f = cunp.fuse(lambda a, s: a + s)
    x = cunp.arange(5, dtype=cunp.int8)
    _check(f(x, 3), x + 3)
    _check(f(x, -128), x + (-128))
    with pytest.raises(OverflowError):
        f(x, 1000)
    with pytest.raises(OverflowError):
        f(x, -129)
    u = cunp.arange(5, dtype=cunp.uint8)
    _check(f(u, 255), u + 255)
    with pytest.raises(OverflowError):
        f(u, -1)
    c = cunp.fuse(lambda a, s: a < s)
    _check(c(u, 3), u < 3)
    _check(c(u, 1000), u < 1000)                 # NumPy compares exactly: run unfused
    _check(c(u, -1), u < -1)


@gpu
def test_scalar_kinds():
    f = cunp.fuse(lambda a, s: a * s)
    x, = _arrays('float32', (6,))
    for s in (2, 2.5, True, 1 + 2j, numpy.float64(2.5), numpy.int8(3), numpy.float16(2),
              numpy.uint64(7), (1 << 63) + 5, 1 << 70):
        _check(f(x, s), x * s)
    i = cunp.arange(6, dtype=cunp.int32)
    for s in (2, True, numpy.int64(3), numpy.uint8(200), (1 << 63) + 5):
        try:
            expect = i * s
        except Exception as e:  # noqa: BLE001
            with pytest.raises(type(e)):
                f(i, s)
            continue
        _check(f(i, s), expect)


@gpu
def test_zero_d_arrays_and_keywords():
    f = cunp.fuse(lambda a, b=None, *, s=1.0: a * s if b is None else (a + b) * s)
    x = cunp.asarray(2.5)
    y, = _arrays('float64', (4,))
    _check(f(x), x * 1.0)
    _check(f(x, s=3.0), x * 3.0)
    _check(f(x, y, s=2), (x + y) * 2)
    _check(f(y, b=x), (y + x) * 1.0)
    _check(f(x, x), (x + x) * 1.0)


@gpu
def test_closure_and_global_changes_are_seen():
    x, = _arrays('float64', (5,))
    k = 2.0
    f = cunp.fuse(lambda a: a * k)
    _check(f(x), x * 2.0)
    k = 3.0
    _check(f(x), x * 3.0)
    global _SCALE
    _SCALE = 4
    g = cunp.fuse(lambda a: a + _SCALE)
    _check(g(x), x + 4)
    _SCALE = 5
    _check(g(x), x + 5)


_SCALE = 4


@gpu
def test_string_argument_steers_the_trace():
    def g(a, mode):
        return cunp.maximum(a, 0) if mode == 'relu' else a * 2
    f = cunp.fuse(g)
    x, = _arrays('float64', (5,))
    for mode in ('relu', 'double', 'relu'):
        _check(f(x - 3, mode), g(x - 3, mode))


@gpu
def test_unfusable_is_remembered():
    f = cunp.fuse(lambda a: a[1:] * 2)
    x, = _arrays('float64', (6,))
    _check(f(x), x[1:] * 2)
    n = _traces()
    for _ in range(3):
        _check(f(x), x[1:] * 2)
    assert _traces() == n


@gpu
def test_ufuncs_and_numpy_scalars_inside():
    def g(a, b):
        return cunp.sqrt(cunp.maximum(a, 1) * numpy.float32(2)) + cunp.multiply(2, b)
    f = cunp.fuse(g)
    for dt in ('float32', 'float64', 'int16'):
        x, y = _arrays(dt, (3, 4), (4,))
        got, expect = f(x, y), g(x, y)
        assert got.dtype == expect.dtype
        numpy.testing.assert_allclose(got.get(), expect.get(), rtol=1e-6)


@gpu
def test_numpy_ufunc_on_stand_in():
    g = lambda a: numpy.sqrt(a) * 2  # noqa: E731 - NumPy's ufunc dispatches to cunp
    f = cunp.fuse(g)
    x, = _arrays('float64', (5,))
    numpy.testing.assert_allclose(cunp.asnumpy(f(x)), numpy.sqrt(x.get()) * 2)


@gpu
def test_two_threads_share_one_fused_function():
    f = cunp.fuse(lambda a, s: (a * s) * (a * s) * 2)
    errors = []

    def work(dtype, s):
        try:
            x, = _arrays(dtype, (64, 33))
            for _ in range(30):
                got = f(x, s)
                expect = (x * s) * (x * s) * 2
                assert got.dtype == expect.dtype
                numpy.testing.assert_allclose(got.get(), expect.get(), rtol=1e-6)
        except Exception as e:  # noqa: BLE001
            errors.append(e)
    threads = [threading.Thread(target=work, args=a)
               for a in (('float32', 2.0), ('float64', 3), ('int32', 2), ('float32', 1.5))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


@gpu
def test_outputs_are_fresh_and_contiguous():
    f = cunp.fuse(lambda a: a + 0)
    x = cunp.arange(12.0).reshape(3, 4).T
    out = f(x)
    assert out.flags.c_contiguous and out.shape == (4, 3)
    numpy.testing.assert_array_equal(out.get(), x.get())
    assert f(x) is not out


@gpu
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'int8', 'int64', 'bool'])
def test_trailing_reduction_matches_unfused(dtype):
    x, y = _arrays(dtype, (6, 5), (5,))
    funcs = [
        lambda a, b: (a * b).sum(),
        lambda a, b: (a + b).prod(axis=0),
        lambda a, b: (a - b).max(1, keepdims=True),
        lambda a, b: (a * 2).min(axis=(0, 1)),
        lambda a, b: (a < b).any(axis=0),
        lambda a, b: (a >= b).all(),
    ]
    for g in funcs:
        try:
            expect = g(x, y)
        except Exception as e:  # noqa: BLE001 - the fused call must raise the same
            with pytest.raises(type(e)):
                cunp.fuse(g)(x, y)
            continue
        f = cunp.fuse(g)
        for _ in range(2):  # the miss, then the cached path
            got = f(x, y)
            assert got.dtype == expect.dtype and got.shape == expect.shape
            numpy.testing.assert_allclose(cunp.asnumpy(got).astype('f8'),
                                          cunp.asnumpy(expect).astype('f8'), rtol=1e-5)


@gpu
def test_trailing_reduction_errors():
    f = cunp.fuse(lambda a: (a * 2).max())
    with pytest.raises(ValueError):
        f(cunp.empty((0, 3)))
    h = lambda a: (a * 2).sum(axis=3)  # noqa: E731
    x = cunp.ones((2, 3))
    with pytest.raises(Exception) as unfused:
        h(x)
    g = cunp.fuse(h)
    for _ in range(2):
        with pytest.raises(type(unfused.value)):
            g(x)
