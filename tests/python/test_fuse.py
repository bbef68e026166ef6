"""cunp.fuse against the same function run unfused: many expressions, dtypes, scalars,
broadcasting, lambdas and closures, the cases that fall back to unfused calls, and the trace
cache (one trace per kind of arguments; shape- and value-dependent functions)."""
import threading

import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu


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


def test_broadcasting_and_non_contiguous():
    x, y = _arrays('float64', (4, 1, 5), (3, 1))
    f = cunp.fuse(lambda a, b: a * b + 1)
    numpy.testing.assert_allclose(f(x, y).get(), (x * y + 1).get())
    z = cunp.arange(60.0).reshape(3, 4, 5)[:, ::2, ::-1]
    numpy.testing.assert_allclose(f(z, 2.0).get(), (z * 2.0 + 1).get())
    e = cunp.empty((0, 3))
    assert f(e, 1.0).shape == (0, 3)


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


def test_multiple_outputs_and_divmod():
    x, y = _arrays('int64', (50,), (50,))
    f = cunp.fuse(lambda a, b: (a + b, divmod(a, b + 1)[0]))
    s, q = f(x, y)
    assert (s.get() == (x + y).get()).all()
    assert (q.get() == (x // (y + 1)).get()).all()


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


def test_errors_match_unfused():
    x = cunp.arange(3, dtype=cunp.int8)
    with pytest.raises(OverflowError):
        cunp.fuse(lambda a: a + 1000)(x)
    b = cunp.ones(3, dtype=bool)
    with pytest.raises(TypeError):
        cunp.fuse(lambda a: -a)(b)
    with pytest.raises(ValueError):
        cunp.fuse(lambda a, c: a + c)(cunp.ones(3), cunp.ones(4))


def test_seed_chain():
    x = cunp.ones((10, 50, 50))

    @cunp.fuse(kernel_name='chain')
    def chain(a):
        y = a * 5
        return (y * y) * 2
    numpy.testing.assert_allclose(chain(x).get(), numpy.full((10, 50, 50), 50.0))


def _traces():
    return cunp._fusion._stats['traces']


def _check(got, expect):
    assert type(got) is type(expect)
    assert got.dtype == expect.dtype and got.shape == expect.shape
    g, e = cunp.asnumpy(got), cunp.asnumpy(expect)
    if g.dtype.kind in 'fc':  # one kernel may contract a * b + c into an FMA, two cannot
        numpy.testing.assert_allclose(g, e, rtol=2e-6)
    else:
        numpy.testing.assert_array_equal(g, e)


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


def test_unused_argument_does_not_shape_the_result():
    f = cunp.fuse(lambda a, b: a * 2)
    a, b = _arrays('float64', (3,), (5, 3))
    _check(f(a, b), a * 2)
    _check(f(a, a), a * 2)


def test_shape_dependent_function():
    f = cunp.fuse(lambda a: a * a.shape[-1] + a.size)
    x, y = _arrays('float64', (2, 3), (2, 5))
    n = _traces()
    _check(f(x), x * 3 + 6)
    _check(f(y), y * 5 + 10)
    _check(f(x), x * 3 + 6)
    assert _traces() == n + 2


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


def test_scalar_used_as_operand_does_not_key_by_value():
    f = cunp.fuse(lambda a, s: a + s * 2)        # s * 2 runs in Python: keyed by value
    x, = _arrays('float64', (5,))
    for s in (1.0, 2.0, 1.0):
        _check(f(x, s), x + s * 2)


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


def test_zero_d_arrays_and_keywords():
    f = cunp.fuse(lambda a, b=None, *, s=1.0: a * s if b is None else (a + b) * s)
    x = cunp.asarray(2.5)
    y, = _arrays('float64', (4,))
    _check(f(x), x * 1.0)
    _check(f(x, s=3.0), x * 3.0)
    _check(f(x, y, s=2), (x + y) * 2)
    _check(f(y, b=x), (y + x) * 1.0)
    _check(f(x, x), (x + x) * 1.0)


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


def test_string_argument_steers_the_trace():
    def g(a, mode):
        return cunp.maximum(a, 0) if mode == 'relu' else a * 2
    f = cunp.fuse(g)
    x, = _arrays('float64', (5,))
    for mode in ('relu', 'double', 'relu'):
        _check(f(x - 3, mode), g(x - 3, mode))


def test_unfusable_is_remembered():
    f = cunp.fuse(lambda a: a[1:] * 2)
    x, = _arrays('float64', (6,))
    _check(f(x), x[1:] * 2)
    n = _traces()
    for _ in range(3):
        _check(f(x), x[1:] * 2)
    assert _traces() == n


def test_ufuncs_and_numpy_scalars_inside():
    def g(a, b):
        return cunp.sqrt(cunp.maximum(a, 1) * numpy.float32(2)) + cunp.multiply(2, b)
    f = cunp.fuse(g)
    for dt in ('float32', 'float64', 'int16'):
        x, y = _arrays(dt, (3, 4), (4,))
        got, expect = f(x, y), g(x, y)
        assert got.dtype == expect.dtype
        numpy.testing.assert_allclose(got.get(), expect.get(), rtol=1e-6)


def test_numpy_ufunc_on_stand_in():
    g = lambda a: numpy.sqrt(a) * 2  # noqa: E731 - NumPy's ufunc dispatches to cunp
    f = cunp.fuse(g)
    x, = _arrays('float64', (5,))
    numpy.testing.assert_allclose(cunp.asnumpy(f(x)), numpy.sqrt(x.get()) * 2)


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


def test_outputs_are_fresh_and_contiguous():
    f = cunp.fuse(lambda a: a + 0)
    x = cunp.arange(12.0).reshape(3, 4).T
    out = f(x)
    assert out.flags.c_contiguous and out.shape == (4, 3)
    numpy.testing.assert_array_equal(out.get(), x.get())
    assert f(x) is not out


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
