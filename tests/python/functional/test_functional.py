"""vectorize, apply_along_axis, apply_over_axes and piecewise against NumPy. Tests without the
gpu marker run anywhere (argument checks, and vectorize's tracing on stand-ins)."""
import math

import numpy
import pytest

import cunp
from cunp._kernels import _fusion
from cunp._functional import _tools as _functional

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(11)

_DTYPES = ["bool", "int8", "uint16", "int32", "int64", "float16", "float32", "float64",
           "complex64", "complex128"]


def _data(shape, dtype):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    a = _rng.standard_normal(shape) * 5
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * _rng.standard_normal(shape)
    return a.astype(dtype)


def _tol(dtype):
    return {"float16": 2e-3, "float32": 1e-6, "complex64": 1e-6}.get(numpy.dtype(dtype).name,
                                                                     1e-12)


def _same(got, want, rtol=1e-12):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w, rtol)
        return
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    numpy.testing.assert_allclose(g, want, rtol=rtol, atol=rtol)


def _branchy(x):
    if x > 0:
        return x
    return -x


def _uses_math(x):
    return math.sin(x) * 2


def _polyval(x, p):
    r = 0 * x
    for c in p:
        r = r * x + c
    return r


def _power(x, n):
    r = x
    for _ in range(n - 1):
        r = r * x
    return r


# --- what needs no GPU ---

def test_vectorize_attributes():
    def f(x):
        """doc of f"""
        return x + 1

    v = cunp.vectorize(f, otypes="df", excluded=[1, "k"], cache=True)
    w = numpy.vectorize(f, otypes="df", excluded=[1, "k"], cache=True)
    assert v.pyfunc is f and v.__doc__ == w.__doc__ == "doc of f"
    assert v.otypes == [numpy.dtype("d"), numpy.dtype("f")] and v.excluded == w.excluded
    assert v.cache is True and v.signature is None
    assert cunp.vectorize(f, doc="other").__doc__ == "other"
    assert cunp.vectorize(f, otypes=[float, "int8"]).otypes == [numpy.dtype(float),
                                                                 numpy.dtype("int8")]

    @cunp.vectorize(otypes=[float])
    def g(x):
        return x * 2

    assert isinstance(g, cunp.vectorize) and g.pyfunc.__name__ == "g"


def test_vectorize_argument_errors():
    with pytest.raises(ValueError, match="Invalid otype specified: z"):
        cunp.vectorize(abs, otypes="dz")
    with pytest.raises(ValueError, match="not a valid gufunc signature"):
        cunp.vectorize(abs, signature="(n)->")
    with pytest.raises(NotImplementedError, match="core dimensions"):
        cunp.vectorize(abs, signature="(n),(n)->()")
    v = cunp.vectorize(lambda x, y: x + y, signature="(), () -> ()")
    with pytest.raises(TypeError, match="wrong number of positional arguments: expected 2, got 1"):
        v(1)


@pytest.mark.parametrize("func, where", [
    (_branchy, "if x > 0"), (_uses_math, "math.sin"), (lambda x: x.sum(), ""),
    (lambda x: 1.0, "not an array computed"), (lambda x: x, "not an array computed"),
    (lambda x: x[0] + 1, "x[0]"), (lambda x: x.astype("int8"), "astype")])
def test_vectorize_refuses_untraceable_functions(func, where):
    kernel = _functional._traced_kernel(func, func)
    spec = _fusion._ArraySpec("float64", (3,))
    with pytest.raises(NotImplementedError, match="vectorize") as info:
        kernel._miss((spec,), {}, b"")
    assert where in str(info.value)


def test_vectorize_passes_on_the_functions_own_errors():
    spec = _fusion._ArraySpec("bool", (3,))

    def undefined(x):
        return x + not_defined  # noqa: F821

    for func, error in [(lambda x, y: x - y, TypeError), (undefined, NameError)]:
        kernel = _functional._traced_kernel(func, func)
        with pytest.raises(error) as info:
            kernel._miss((spec,) * func.__code__.co_argcount, {}, b"")
        assert any("cunp.vectorize traced" in n for n in info.value.__notes__)


def test_vectorize_traces_operators_ufuncs_and_scalar_control_flow():
    spec = _fusion._ArraySpec("float32", (3,))
    for func, args in [(lambda x, y: x * y + 1, (spec, spec)),
                       (lambda x: numpy.sqrt(numpy.abs(x)) - cunp.sin(x), (spec,)),
                       (_power, (spec, 3)), (lambda x: (x + 1, x * 2), (spec,))]:
        assert _fusion._trace(func, args)[1] is not None


def test_apply_over_axes_is_exported():
    assert callable(cunp.apply_over_axes) and callable(cunp.apply_along_axis)


def test_piecewise_count_error():
    with pytest.raises(ValueError, match="with 1 condition\\(s\\), either 1 or 2 functions"):
        cunp.piecewise([1, 2], [[True, False]], [1, 2, 3])
    with pytest.raises(ValueError, match="with 2 condition\\(s\\), either 2 or 3 functions"):
        cunp.piecewise([1, 2], [[True, False], [False, True]], [1])


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
def test_vectorize_binary(dtype):
    a, b = _data((3, 1), dtype), _data((4,), dtype)
    for f in [lambda x, y: x * y + 1, lambda x, y: (x - y) * (x + y),
              lambda x, y: numpy.maximum(x, y) + numpy.minimum(x, 0)]:
        try:
            want = numpy.vectorize(f)(a, b)
        except OverflowError:  # NumPy's own vectorize fails converting a Python int result
            continue
        except TypeError:  # bool subtraction: the ufunc's own error, as NumPy's
            with pytest.raises(TypeError):
                cunp.vectorize(f)(cunp.asarray(a), cunp.asarray(b))
            continue
        _same(cunp.vectorize(f)(cunp.asarray(a), cunp.asarray(b)), want, _tol(want.dtype))


@gpu
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128"])
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative", "0-d", "empty"])
def test_vectorize_layouts(dtype, layout):
    h = _data((4, 6), dtype)
    d = cunp.asarray(h)
    if layout == "F":
        h, d = numpy.asfortranarray(h), cunp.asfortranarray(d)
    elif layout == "strided":
        h, d = h[::2, 1::3], d[::2, 1::3]
    elif layout == "negative":
        h, d = h[::-1, ::-2], d[::-1, ::-2]
    elif layout == "0-d":
        h, d = numpy.asarray(h[1, 2]), d[1, 2]
    elif layout == "empty":
        h, d = h[:0], d[:0]

    def f(x):
        return numpy.sqrt(x * x + 1) * 2 - x

    v, w = cunp.vectorize(f, otypes=[dtype]), numpy.vectorize(f, otypes=[dtype])
    _same(v(d), w(h), _tol(dtype))
    if layout == "empty":
        with pytest.raises(ValueError, match="size 0 inputs unless `otypes` is set"):
            cunp.vectorize(f)(d)
    else:
        _same(cunp.vectorize(f)(d), numpy.vectorize(f)(h), _tol(dtype))


@gpu
def test_vectorize_scalars_kwargs_outputs_and_otypes():
    a = _data((5,), "int8")
    d = cunp.asarray(a)
    # Python scalars become 0-d int64 / float64 arrays, as in NumPy.
    _same(cunp.vectorize(lambda x, y: x + y)(d, 300), numpy.vectorize(lambda x, y: x + y)(a, 300))
    _same(cunp.vectorize(lambda x: x + 1)(2), numpy.vectorize(lambda x: x + 1)(2))
    _same(cunp.vectorize(lambda x: x * 2)([1.5, 2]), numpy.vectorize(lambda x: x * 2)([1.5, 2]))
    two = lambda x: (x + 1, x * 2.5)  # noqa: E731
    _same(cunp.vectorize(two)(d), numpy.vectorize(two)(a))
    _same(cunp.vectorize(two, otypes="fi")(d), numpy.vectorize(two, otypes="fi")(a), 1e-6)
    with pytest.raises(ValueError, match="otypes"):
        cunp.vectorize(two, otypes="f")(d)
    scaled = lambda x, scale=2: x * scale  # noqa: E731
    b = _data((5,), "float32")
    _same(cunp.vectorize(scaled)(d, scale=cunp.asarray(b)),
          numpy.vectorize(scaled)(a, scale=b), 1e-6)
    _same(cunp.vectorize(lambda x, y: x - y, signature="(),()->()")(d, 1.5),
          numpy.vectorize(lambda x, y: x - y, signature="(),()->()")(a, 1.5))
    assert cunp.vectorize(lambda: 7)() == 7


@gpu
def test_vectorize_excluded():
    x = _data((6,), "float64")
    d = cunp.asarray(x)
    for n in (2, 3):  # a scalar excluded by position: keyed by value
        _same(cunp.vectorize(_power, excluded={1})(d, n), numpy.vectorize(_power, excluded={1})(x, n))
    # n = 1 returns the argument itself, which a kernel cannot (docs/differences.md).
    with pytest.raises(NotImplementedError, match="returned unchanged"):
        cunp.vectorize(_power, excluded={1})(d, 1)
    for p in ([1.0, -2.0, 0.5], (3, 1)):  # a list: bound by identity
        _same(cunp.vectorize(_polyval, excluded=["p"])(d, p=p),
              numpy.vectorize(_polyval, excluded=["p"])(x, p=p))
        _same(cunp.vectorize(_polyval, excluded={1})(d, p),
              numpy.vectorize(_polyval, excluded={1})(x, p))


@gpu
def test_vectorize_refuses_untraceable_functions_on_device():
    d = cunp.arange(4.0)
    for f in (_branchy, _uses_math):
        with pytest.raises(NotImplementedError, match="per-element Python"):
            cunp.vectorize(f)(d)
    with pytest.raises(NotImplementedError, match="reduction|not an array"):
        cunp.vectorize(lambda x: (x * 2).sum())(d)


@gpu
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex128"])
@pytest.mark.parametrize("axis", [0, 1, -1])
def test_apply_along_axis(dtype, axis):
    h = _data((3, 4, 5), dtype)
    for a, d in [(h, cunp.asarray(h)), (h[:, ::-1, ::2], cunp.asarray(h)[:, ::-1, ::2]),
                 (numpy.asfortranarray(h), cunp.asfortranarray(cunp.asarray(h)))]:
        for f in [lambda v: v.sum(), lambda v: v * 2, lambda v: v[::2],
                  lambda v: v[:, None] * v[None, :], lambda v: v.max() - v.min()]:
            want = numpy.apply_along_axis(f, axis, a)
            _same(cunp.apply_along_axis(f, axis, d), want, _tol(dtype) * 100)
        # Host scalars from func1d: gathered on the host, one transfer.
        want = numpy.apply_along_axis(lambda v: float(v[0].real), axis, a)
        _same(cunp.apply_along_axis(lambda v: float(v[0].real), axis, d), want)
    want = numpy.apply_along_axis(lambda v, s, t=0: v * s + t, axis, h, 3, t=1)
    _same(cunp.apply_along_axis(lambda v, s, t=0: v * s + t, axis, cunp.asarray(h), 3, t=1), want,
          _tol(dtype))


@gpu
def test_apply_along_axis_shapes_and_errors():
    h = _data((4,), "float64")
    _same(cunp.apply_along_axis(lambda v: v.sum(), 0, cunp.asarray(h)),
          numpy.asarray(numpy.apply_along_axis(numpy.sum, 0, h)))
    with pytest.raises(ValueError, match="iteration dimensions are 0"):
        cunp.apply_along_axis(lambda v: v, 1, cunp.ones((0, 3)))
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.apply_along_axis(lambda v: v, 2, cunp.ones((2, 3)))
    # The first result's dtype holds every result (cast as NumPy's assignment does).
    f = lambda v: v.sum() if v[0] > 0.5 else 1  # noqa: E731
    a = numpy.array([[0.0, 1.0], [0.7, 0.2]])
    _same(cunp.apply_along_axis(f, 1, cunp.asarray(a)), numpy.apply_along_axis(f, 1, a))


@gpu
@pytest.mark.parametrize("axes", [0, [0, 2], (1,), [-1, 0]])
def test_apply_over_axes(axes):
    h = _data((3, 4, 5), "float32")
    d = cunp.asarray(h)
    _same(cunp.apply_over_axes(cunp.sum, d, axes), numpy.apply_over_axes(numpy.sum, h, axes),
          1e-5)
    _same(cunp.apply_over_axes(lambda a, ax: cunp.max(a, ax, keepdims=True), d, axes),
          numpy.apply_over_axes(lambda a, ax: numpy.max(a, ax, keepdims=True), h, axes))
    # A result of the wrong rank: NumPy's ValueError, or expand_dims's AxisError first.
    try:
        numpy.apply_over_axes(lambda a, ax: a.sum(), h, axes)
    except (ValueError, numpy.exceptions.AxisError) as e:
        with pytest.raises(type(e)):
            cunp.apply_over_axes(lambda a, ax: a.sum(), d, axes)


@gpu
@pytest.mark.parametrize("dtype", ["int32", "float32", "float64", "complex64"])
def test_piecewise(dtype):
    h = _data((20,), dtype)
    d = cunp.asarray(h)
    hr, dr = h.real, d.real
    cases = [([hr < 0, hr >= 0], [lambda v: -v, lambda v: v * 2]),
             ([hr < -1, hr > 1], [0, lambda v: v + 1, 7]),  # otherwise
             ([hr < 0], [lambda v: v * 3]),
             ([hr < 0, hr < 2], [1, 2]),  # overlapping: the later wins
             ([hr > 100], [lambda v: v])]  # empty selection: the function is not called
    for conds, funcs in cases:
        dconds = [cunp.asarray(c) for c in conds]
        _same(cunp.piecewise(d, dconds, funcs), numpy.piecewise(h, conds, funcs), _tol(dtype))
        _same(cunp.piecewise(d, conds, funcs), numpy.piecewise(h, conds, funcs), _tol(dtype))
    # One condition array rather than a list; extra arguments.
    _same(cunp.piecewise(d, dr > 0, [lambda v, k: v * k, 5], 3),
          numpy.piecewise(h, hr > 0, [lambda v, k: v * k, 5], 3), _tol(dtype))
    # 2-d x, F order.
    h2 = numpy.asfortranarray(_data((4, 5), dtype))
    d2 = cunp.asfortranarray(cunp.asarray(h2))
    _same(cunp.piecewise(d2, [d2.real > 0], [lambda v: v - 1, 9]),
          numpy.piecewise(h2, [h2.real > 0], [lambda v: v - 1, 9]), _tol(dtype))


@gpu
def test_piecewise_zero_d():
    for x in (2.0, -1.0):
        _same(cunp.piecewise(cunp.asarray(x), [True], [lambda v: v * 2]),
              numpy.piecewise(numpy.float64(x), [True], [lambda v: v * 2]))
        _same(cunp.piecewise(cunp.asarray(x), [x > 0, x <= 0], [1.5, lambda v: v - 1]),
              numpy.piecewise(numpy.asarray(x), [x > 0, x <= 0], [1.5, lambda v: v - 1]))


# issue 37: piecewise calls a function only on a non-empty selection, with the selected items
# (and args/kw), as NumPy does: a function of the wrong arity raises NumPy's TypeError there and
# is never called where nothing is selected.
@gpu
@pytest.mark.parametrize("funcs", [[lambda: 1], [lambda x, y: x], [lambda x, y=1: x * y],
                                   [lambda x: x + 1, lambda: 0], [1, lambda x, y: x]])
@pytest.mark.parametrize("cond", [[0, 0, 1, 1], [0, 0, 0, 0]])
def test_piecewise_function_arity(funcs, cond):
    h = numpy.arange(4.0)
    conds = [numpy.array(cond, bool)]
    try:
        want = numpy.piecewise(h, conds, funcs)
    except TypeError:
        with pytest.raises(TypeError):
            cunp.piecewise(cunp.asarray(h), [cunp.asarray(c) for c in conds], funcs)
        return
    got = cunp.piecewise(cunp.asarray(h), [cunp.asarray(c) for c in conds], funcs)
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)


# --- vectorize: truth tests on elements (issue 37) ---------------------------------------------

def _not_def(x):
    return not x


def _chain_def(x, y):
    return -1 < x <= y


def _not_flag(x, flag):
    if not flag:  # a truth test on a scalar argument stays Python control flow
        return x + 1
    return x - 1


_TRUTH_TESTS = [lambda x: not x, lambda x, y: x < y, lambda x, y: x == y, lambda x, y: x != y,
                lambda x, y: 0 < x < y, lambda x, y: not (x >= y), _not_def, _chain_def,
                numpy.logical_not, cunp.logical_not, numpy.less_equal, cunp.greater]


@pytest.mark.parametrize("func", _TRUTH_TESTS, ids=range(len(_TRUTH_TESTS)))
def test_vectorize_rewrites_truth_tests_for_the_trace(func):
    spec = _fusion._ArraySpec("float32", (3,))
    nargs = getattr(func, "nin", None) or func.__code__.co_argcount
    rewritten = _functional._without_truth_tests(func)
    assert _fusion._trace(rewritten or func, (spec,) * nargs)[1] is not None
    assert (rewritten is None) == (_fusion._trace(func, (spec,) * nargs)[1] is not None)


@pytest.mark.parametrize("func", _TRUTH_TESTS, ids=range(len(_TRUTH_TESTS)))
def test_vectorize_trace_orders_complex_as_python_does(func):
    # Per element a vectorized function sees Python complex numbers, which have no order: the
    # operators <, <=, >, >= refuse them (NumPy's vectorize raises TypeError), ==/!= and the
    # ufuncs called by name (whose complex loops order lexicographically) do not.
    spec = _fusion._ArraySpec("complex64", (3,))
    nargs = getattr(func, "nin", None) or func.__code__.co_argcount
    host = [numpy.array([1 + 2j, 3j, -1], dtype=numpy.complex64)] * nargs
    try:
        numpy.vectorize(getattr(numpy, func.__name__) if func in (cunp.greater, cunp.logical_not)
                        else func)(*host)
        python_refuses = False
    except TypeError:
        python_refuses = True
    funcs = [func] + [f for f in [_functional._without_truth_tests(func)] if f is not None]
    failures = [_fusion._trace(f, (spec,) * nargs, python_scalars=True)[0].failure
                for f in funcs]
    assert python_refuses == any(type(e) is TypeError for e in failures)


@gpu
@pytest.mark.parametrize("func", _TRUTH_TESTS, ids=range(len(_TRUTH_TESTS)))
@pytest.mark.parametrize("dtype", ["bool", "int8", "uint8", "int64", "float16", "float64",
                                   "complex64"])
def test_vectorize_truth_tests_and_comparisons(func, dtype):
    nargs = getattr(func, "nin", None) or func.__code__.co_argcount
    hs = [_data((3, 4), dtype), _data((4,), dtype)][:nargs]
    if func is cunp.greater:
        want = numpy.vectorize(numpy.greater)(*hs)
    elif func is cunp.logical_not:
        want = numpy.vectorize(numpy.logical_not)(*hs)
    else:
        try:
            want = numpy.vectorize(func)(*hs)
        except TypeError:  # complex ordering: the ufunc's own error
            with pytest.raises(TypeError):
                cunp.vectorize(func)(*[cunp.asarray(h) for h in hs])
            return
    got = cunp.vectorize(func)(*[cunp.asarray(h) for h in hs])
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)


@gpu
def test_vectorize_not_on_a_scalar_argument_stays_control_flow():
    h = _data((5,), "float32")
    for flag in (0, 1):
        want = numpy.vectorize(_not_flag, excluded={1})(h, flag)
        got = cunp.vectorize(_not_flag, excluded={1})(cunp.asarray(h), flag)
        numpy.testing.assert_allclose(cunp.asnumpy(got), want)
