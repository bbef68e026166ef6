# tests/python/statistics/test_statistics_logic.py -- the statistics compositions checked on the CPU, with
# NumPy standing in for cunp's primitives (sum, max, ufuncs, ...); needs no GPU.
"""mean/var/std/average/ptp/count_nonzero and the nan-functions of cunp._statistics._averages, run with
NumPy behind the module's one indirection (``_statistics._xp``), against NumPy's own functions:
values, dtypes, shapes, the returned ``out``, RuntimeWarnings and exceptions (type and message).

This checks the composition logic (dtypes, counts, ddof, masks, warnings, errors); the GPU
tests (test_statistics.py) check the same functions on the device.
"""

import functools
import warnings

import numpy
import pytest

from cunp._statistics import _averages as stats

NAN = float('nan')


class _Ufunc:
    """A NumPy ufunc whose call and reduce give 0-d arrays where NumPy gives scalars."""

    def __init__(self, standin, f):
        self._standin, self._f = standin, f

    def __call__(self, *args, **kwargs):
        return self._standin._wrap(self._f, args, kwargs)

    def reduce(self, *args, **kwargs):
        return self._standin._wrap(self._f.reduce, args, kwargs)


class NumpyStandIn:
    """Looks like the cunp module to _statistics, computes with NumPy, counts primitive calls.

    cunp returns 0-d device arrays where NumPy returns scalars, and raises no floating-point
    warnings nor ComplexWarnings: the stand-in does the same, so the compositions see what they
    will see on the GPU (and must issue NumPy's ComplexWarning themselves).
    """

    ndarray = numpy.ndarray

    def __init__(self):
        self.calls = []

    def _wrap(self, f, args, kwargs):
        self.calls.append(getattr(f, '__name__', '?'))
        with numpy.errstate(all='ignore'), warnings.catch_warnings():
            warnings.simplefilter('ignore', numpy.exceptions.ComplexWarning)
            r = f(*args, **kwargs)
        return numpy.asarray(r) if isinstance(r, numpy.generic) else r

    def __getattr__(self, name):
        f = getattr(numpy, name)
        if isinstance(f, numpy.ufunc):
            return _Ufunc(self, f)
        if callable(f) and not isinstance(f, type):
            return lambda *a, **k: self._wrap(f, a, k)
        return f


class FusingStandIn(NumpyStandIn):
    """The stand-in with CuPy-style user kernels for the two fused forms _statistics makes,
    computed with NumPy, so that var's fused branches are checked too."""

    def ElementwiseKernel(self, in_params, out_params, body, name):  # noqa: N802 - CuPy's name
        assert (in_params, out_params, body) == ('T x, T m', 'T d', 'd = (x - m) * (x - m)')
        return lambda x, m: self._wrap(lambda: numpy.square(numpy.subtract(x, m)), (), {})

    def ReductionKernel(self, in_params, out_params, map_expr, reduce_expr, post_map_expr,  # noqa: N802
                        identity, name):
        assert (in_params, out_params, map_expr, reduce_expr, post_map_expr, identity) == \
            ('T x, T m', 'T y', '(x - m) * (x - m)', 'a + b', 'y = a', '0')

        def call(x, m, axis=None, keepdims=False):
            d = numpy.square(numpy.subtract(x, m))
            return self._wrap(numpy.sum, (d,), {'axis': axis, 'keepdims': keepdims,
                                                'dtype': x.dtype})
        return call


@pytest.fixture
def standin(monkeypatch):
    s = NumpyStandIn()
    monkeypatch.setattr(stats, '_xp', s)
    return s


@pytest.fixture(params=['plain', 'fused'])
def standin_both(request, monkeypatch):
    """The plain stand-in, then the one with user kernels (var's fused branches)."""
    s = NumpyStandIn() if request.param == 'plain' else FusingStandIn()
    monkeypatch.setattr(stats, '_xp', s)
    return s


# -- data ----------------------------------------------------------------------------------------

DTYPES = ['?', 'b', 'B', 'i', 'q', 'Q', 'e', 'f', 'd', 'F', 'D']


def _values(shape, dtype, seed):
    rs = numpy.random.RandomState(seed)
    kind = numpy.dtype(dtype).kind
    if kind == 'b':
        return rs.randint(2, size=shape).astype(dtype)
    if kind in 'iu':
        return rs.randint(0 if kind == 'u' else -4, 6, size=shape).astype(dtype)
    v = numpy.round(rs.uniform(-3, 3, size=shape) * 4) / 4
    if kind == 'c':
        v = v + 1j * numpy.round(rs.uniform(-3, 3, size=shape) * 4) / 4
    return numpy.asarray(v).astype(dtype)


def arrays(dtype, nans=True):
    """(label, array) over shapes and layouts, and NaN patterns for inexact dtypes."""
    base = _values((4, 10), dtype, 1)
    out = [
        ('0d', _values((), dtype, 2)),
        ('empty', _values((0,), dtype, 3)),
        ('empty2d', _values((3, 0), dtype, 4)),
        ('1d', _values((7,), dtype, 5)),
        ('C', _values((4, 5), dtype, 6)),
        ('3d', _values((2, 3, 4), dtype, 7)),
        ('step', base[:, ::2]),
        ('neg', base[::-1, ::-3]),
        ('T', _values((5, 4), dtype, 8).T),
    ]
    if nans and numpy.dtype(dtype).kind in 'fc':
        some = _values((4, 5), dtype, 9)
        some[0, 1] = some[2, 3] = some[3, 0] = NAN
        if numpy.dtype(dtype).kind == 'c':
            some[1, 2] = complex(1, NAN)  # NaN in the imaginary part only
        row = some.copy()
        row[1, :] = NAN  # an all-NaN row (and so no all-NaN column)
        col = some.copy()
        col[:, 4] = NAN  # an all-NaN column
        out += [('somenan', some), ('nanrow', row), ('nancol', col),
                ('allnan', numpy.full((2, 3), NAN, dtype))]
    return out


def axes_for(ndim):
    axes = [None, 0, -1]
    if ndim >= 2:
        axes += [1, (0, ndim - 1), (-1, 0)]
    if ndim >= 1:
        axes += [(), (0, 0), ndim]  # no axis; duplicate; out of range
    else:
        axes += [(), 0]  # a 0-d array has no axis 0
    return axes


def _rtol(dtype):
    return {'e': 2e-3, 'f': 2e-5, 'F': 2e-5}.get(numpy.dtype(dtype).char, 1e-11)


# -- comparing one call --------------------------------------------------------------------------

def _outcome(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        try:
            value, error = fn(), None
        except Exception as e:  # noqa: BLE001 - compared with the twin call
            value, error = None, e
    # NumPy's floating-point warnings ("... encountered in divide") have no GPU counterpart.
    msgs = sorted({str(x.message) for x in w if issubclass(x.category, RuntimeWarning)
                   and 'encountered in' not in str(x.message)})
    return value, error, msgs


def _same_value(got, exp, rtol, where):
    exp = numpy.asarray(exp)
    assert isinstance(got, numpy.ndarray), f'{where}: got {type(got).__name__}, not an array'
    assert got.shape == exp.shape, f'{where}: shape {got.shape} != {exp.shape}'
    assert got.dtype == exp.dtype, f'{where}: dtype {got.dtype} != {exp.dtype}'
    if exp.dtype.kind in 'fc':
        if not numpy.allclose(got, exp, rtol=rtol, atol=rtol, equal_nan=True):  # fast path
            numpy.testing.assert_allclose(got, exp, rtol=rtol, atol=rtol, equal_nan=True,
                                          err_msg=where)
    elif not numpy.array_equal(got, exp):
        numpy.testing.assert_array_equal(got, exp, err_msg=where)


def check(name, x, kwargs, rtol=None, make=None):
    """Run numpy.<name> and stats.<name> on x with fresh copies of kwargs; compare all."""
    rtol = _rtol(x.dtype) if rtol is None else rtol
    make = make or (lambda: dict(kwargs))
    np_kw, my_kw = make(), make()
    exp, exp_err, exp_w = _outcome(lambda: getattr(numpy, name)(x, **np_kw))
    got, got_err, got_w = _outcome(lambda: getattr(stats, name)(x, **my_kw))
    where = f'{name}({x.dtype}, shape={x.shape}, {kwargs})'
    if exp_err is not None or got_err is not None:
        assert exp_err is not None and got_err is not None, \
            f'{where}: numpy raised {exp_err!r}, cunp raised {got_err!r}'
        assert type(got_err) is type(exp_err), f'{where}: {got_err!r} vs {exp_err!r}'
        assert str(got_err) == str(exp_err), f'{where}: {got_err!r} vs {exp_err!r}'
        return
    assert got_w == exp_w, f'{where}: warnings {got_w} vs numpy {exp_w}'
    if isinstance(exp, tuple):
        assert isinstance(got, tuple) and len(got) == len(exp), where
        for g, e in zip(got, exp):
            _same_value(g, e, rtol, where)
    else:
        _same_value(got, exp, rtol, where)
    if my_kw.get('out') is not None:
        assert got is my_kw['out'], f'{where}: out= was not returned'


def run_all(name, dtype, variants, nans=True):
    """check() over arrays x axes x variants; report every failure at once."""
    failures = []
    for label, x in arrays(dtype, nans):
        for axis in axes_for(x.ndim):
            for kw in variants(x, axis):
                kw = dict(kw)
                if axis is not None or 'axis' not in kw:
                    kw.setdefault('axis', axis)
                try:
                    check(name, x, kw)
                except AssertionError as e:
                    failures.append(f'[{label}] {e}')
    assert not failures, f'{len(failures)} failures:\n' + '\n'.join(failures[:15])


def _out_like(name, x, kw, dtype=None):
    """kwargs with a fresh out= of NumPy's result shape (and dtype unless given)."""
    try:
        with warnings.catch_warnings(), numpy.errstate(all='ignore'):
            warnings.simplefilter('ignore')
            ref = numpy.asarray(getattr(numpy, name)(x, **kw))
    except Exception:  # noqa: BLE001 - no out= variant where the call itself fails
        return None
    return ref.shape, dtype or ref.dtype


def with_out(name, x, kw, dtype=None):
    spec = _out_like(name, x, kw, dtype)
    if spec is None:
        return []
    shape, dt = spec
    return [functools.partial(_fresh_out, kw, shape, dt)]  # a new out array for each call


def _fresh_out(kw, shape, dt):
    d = dict(kw)
    d['out'] = numpy.zeros(shape, dt)
    return d


def run_with_out(name, dtype, base_variants, out_dtype=None, nans=True):
    """Like run_all, for variants needing a fresh out= array per call."""
    failures = []
    for label, x in arrays(dtype, nans):
        for axis in (None, 0, -1):
            if x.ndim == 0 and axis is not None:
                continue
            for kw in base_variants:
                kw = dict(kw, axis=axis)
                for make in with_out(name, x, kw, out_dtype):
                    try:
                        check(name, x, kw | {'out': '<fresh>'}, make=make)
                    except AssertionError as e:
                        failures.append(f'[{label}] {e}')
    assert not failures, f'{len(failures)} failures:\n' + '\n'.join(failures[:15])


def _where(x):
    """A mask over the last axis that broadcasts against x (some slices fully masked)."""
    return numpy.arange(x.shape[-1]) % 3 == 1 if x.ndim else numpy.array(True)


# -- the tests -----------------------------------------------------------------------------------

@pytest.mark.parametrize('dtype', DTYPES)
def test_mean(standin, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'f8'}
        if numpy.dtype(dtype).kind != 'c':
            yield {'dtype': 'f4', 'keepdims': True}
        yield {'where': _where(x)}
        yield {'where': _where(x), 'keepdims': True}
    run_all('mean', dtype, variants)


@pytest.mark.parametrize('dtype', DTYPES)
def test_mean_out(standin, dtype):
    run_with_out('mean', dtype, [{}, {'keepdims': True}])
    # (complex input: a real out= drops the imaginary parts, with a ComplexWarning)
    run_with_out('mean', dtype, [{}], out_dtype='f8')


@pytest.mark.parametrize('name', ['var', 'std'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_var_std(standin_both, name, dtype):
    def variants(x, axis):
        yield {}
        yield {'ddof': 1}
        yield {'correction': 1}
        yield {'ddof': 1, 'correction': 1}  # ValueError
        yield {'correction': 0, 'ddof': 0}
        yield {'ddof': 1.5, 'keepdims': True}
        yield {'ddof': 9}  # more than any slice here: warning, inf/nan
        yield {'dtype': 'f8'}
        yield {'where': _where(x)}
        yield {'where': _where(x), 'ddof': 1, 'keepdims': True}
        if axis is not None and not isinstance(axis, tuple) and x.ndim and \
                -x.ndim <= axis < x.ndim:
            with numpy.errstate(all='ignore'), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                m = numpy.mean(x, axis=axis, keepdims=True)
            yield {'mean': m}
    run_all(name, dtype, variants)


@pytest.mark.parametrize('name', ['var', 'std'])
@pytest.mark.parametrize('dtype', ['?', 'i', 'e', 'f', 'd', 'F', 'D'])
def test_var_std_out(standin_both, name, dtype):
    run_with_out(name, dtype, [{}, {'ddof': 1, 'keepdims': True}])


@pytest.mark.parametrize('dtype', DTYPES)
def test_average(standin, dtype):
    def variants(x, axis):
        yield {}
        yield {'returned': True}
        yield {'keepdims': True, 'returned': True}
        w = _values(x.shape, 'd', 21) + 4  # positive weights
        yield {'weights': w}
        yield {'weights': w, 'returned': True, 'keepdims': True}
        yield {'weights': numpy.zeros(x.shape)}  # ZeroDivisionError (or empty)
        if x.ndim >= 1:
            yield {'weights': numpy.arange(1, x.shape[-1] + 1), 'axis': -1}
            yield {'weights': numpy.arange(1, x.shape[-1] + 2), 'axis': -1}  # ValueError
            yield {'weights': numpy.arange(1, x.shape[-1] + 1), 'axis': None}  # TypeError
        if x.ndim >= 2:
            w2 = numpy.arange(1.0, x.shape[0] * x.shape[-1] + 1).reshape(x.shape[-1],
                                                                           x.shape[0])
            yield {'weights': w2, 'axis': (-1, 0), 'returned': True}
    run_all('average', dtype, variants)


@pytest.mark.parametrize('dtype', DTYPES)
def test_ptp_count_nonzero(standin, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
    run_all('ptp', dtype, variants)
    run_all('count_nonzero', dtype, variants)
    if dtype != '?':
        run_with_out('ptp', dtype, [{}])
        if numpy.dtype(dtype).kind in 'iu':
            run_with_out('ptp', dtype, [{}], out_dtype='q')  # the maximum lands in out first


@pytest.mark.parametrize('name', ['nansum', 'nanprod'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nansum_nanprod(standin, name, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'f8' if numpy.dtype(dtype).kind != 'c' else 'D'}
        if numpy.dtype(dtype).kind == 'c':
            yield {'dtype': 'f8'}  # the imaginary parts go, with a ComplexWarning
        yield {'initial': 2}
        yield {'initial': -1}  # out of a uint64 loop's range (uint input): OverflowError
        yield {'where': _where(x)}
    run_all(name, dtype, variants)
    run_with_out(name, dtype, [{}])
    if numpy.dtype(dtype).kind == 'c':
        run_with_out(name, dtype, [{}], out_dtype='f8')


@pytest.mark.parametrize('name', ['nanmax', 'nanmin'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanmax_nanmin(standin, name, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'initial': 1}
        yield {'initial': 300}  # out of int8/uint8 range: OverflowError
        yield {'where': _where(x), 'initial': -1}
    run_all(name, dtype, variants)
    run_with_out(name, dtype, [{}])


@pytest.mark.parametrize('name', ['nanargmax', 'nanargmin'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanargmax_nanargmin(standin, name, dtype):
    def variants(x, axis):
        if axis is None or not isinstance(axis, tuple):  # NumPy's arg* take one axis
            yield {}
            yield {'keepdims': True}
    run_all(name, dtype, variants)
    run_with_out(name, dtype, [{}], out_dtype='q')


@pytest.mark.parametrize('dtype', DTYPES)
def test_nanmean(standin, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'f8' if numpy.dtype(dtype).kind != 'c' else 'D'}
        if numpy.dtype(dtype).kind == 'c':
            yield {'dtype': 'f8'}  # the imaginary parts go, with a ComplexWarning
        yield {'dtype': 'i'}  # TypeError for inexact input
        yield {'where': _where(x)}
    run_all('nanmean', dtype, variants)
    run_with_out('nanmean', dtype, [{}, {'keepdims': True}])
    if numpy.dtype(dtype).kind == 'c':
        run_with_out('nanmean', dtype, [{}], out_dtype='f8')


@pytest.mark.parametrize('name', ['nanvar', 'nanstd'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanvar_nanstd(standin, name, dtype):
    def variants(x, axis):
        yield {}
        yield {'ddof': 1}
        yield {'correction': 1, 'keepdims': True}
        yield {'ddof': 1, 'correction': 2}  # ValueError
        yield {'ddof': 3}  # slices with 3 or fewer non-NaN values: NaN and a warning
        yield {'dtype': 'f8' if numpy.dtype(dtype).kind != 'c' else 'D'}
        if numpy.dtype(dtype).kind == 'c':
            yield {'dtype': 'f8'}  # the mean's imaginary parts go, with a ComplexWarning
        if numpy.dtype(dtype).kind in 'fc' or name == 'nanvar':
            # (NumPy's nanstd of an int result: a scalar truncates, an array raises)
            yield {'dtype': 'i'}
        yield {'where': _where(x)}
        if axis is not None and not isinstance(axis, tuple) and x.ndim and \
                -x.ndim <= axis < x.ndim:
            with numpy.errstate(all='ignore'), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                m = numpy.nanmean(x, axis=axis, keepdims=True)
            yield {'mean': m}
    run_all(name, dtype, variants)
    if numpy.dtype(dtype).kind in 'fc':
        run_with_out(name, dtype, [{}, {'ddof': 1}])


def test_nan_out_must_be_inexact(standin):
    x = numpy.array([1.0, NAN])
    for name in ('nanmean', 'nanvar', 'nanstd'):
        with pytest.raises(TypeError, match='out must be inexact'):
            getattr(stats, name)(x, out=numpy.zeros((), 'q'))


# -- warnings stay at the caller, and a small number of primitive calls --------------------------

def test_warning_points_at_caller(standin):
    x = numpy.zeros((0, 3))
    for fn, msg in ((lambda: stats.mean(x, axis=0), 'Mean of empty slice'),
                    (lambda: stats.var(x, axis=0), 'Degrees of freedom'),
                    (lambda: stats.nanmean(numpy.full(2, NAN)), 'Mean of empty slice'),
                    (lambda: stats.nanvar(numpy.full(2, NAN)), 'Degrees of freedom'),
                    (lambda: stats.nanstd(numpy.full(2, NAN)), 'Degrees of freedom'),
                    (lambda: stats.nanmax(numpy.full(2, NAN)), 'All-NaN slice'),
                    (lambda: stats.average(x, axis=0), 'Mean of empty slice')):
        with pytest.warns(RuntimeWarning, match=msg) as rec:
            fn()
        assert rec[0].filename == __file__, (msg, rec[0].filename)


@pytest.mark.parametrize('call, budget', [
    (lambda x: stats.mean(x), 2),  # sum, divide
    (lambda x: stats.mean(x, axis=1), 2),
    (lambda x: stats.mean(x.astype('e')), 3),  # + the float16 result
    (lambda x: stats.var(x), 6),  # sum, divide, subtract, multiply, sum, divide
    (lambda x: stats.std(x, axis=0), 7),
    (lambda x: stats.nansum(x), 2),
    (lambda x: stats.nanmax(x), 3),  # fmax.reduce + the all-NaN check (isnan, any)
    (lambda x: stats.nanmean(x), 6),
    (lambda x: stats.count_nonzero(x), 2),
    (lambda x: stats.ptp(x), 3),
])
def test_primitive_budget(standin_both, call, budget):
    x = _values((6, 7), 'f', 3)
    standin_both.calls.clear()
    call(x)
    assert len(standin_both.calls) <= budget, standin_both.calls


def test_fused_var_makes_fewer_calls(monkeypatch):
    # sum, divide, the fused reduction, divide: the squared deviations are never stored.
    s = FusingStandIn()
    monkeypatch.setattr(stats, '_xp', s)
    x = _values((6, 7), 'f', 3)
    stats.var(x, axis=0)
    assert len(s.calls) == 4, s.calls


def test_squared_deviation_kernel_compiles():
    # The fused (x - m)**2 kernel var uses on the device: NVRTC needs no GPU.
    import cunp
    kernel = stats._squared_deviation_kernel(cunp)
    try:
        kernel._compile(['f', 'f'])
    except cunp.cuda.runtime.CUDARuntimeError as e:
        pytest.skip(f'NVRTC is not available: {e}')
    kernel._compile(['d', 'd'], strided_ndim=2)
    kernel._compile(['f', 'f'], strided_ndim=3)


def test_sum_squared_deviation_kernel_parses():
    # var's fused reduction (used on the device once cunp has ReductionKernel): its parameter
    # strings must be accepted.
    import cunp
    if not hasattr(cunp, 'ReductionKernel'):
        pytest.skip('cunp.ReductionKernel is not available yet')
    assert stats._make_kernel(cunp, 'sum_sq_dev') is not None


# -- one owner of the dtype rules: the C++ plan against NumPy ------------------------------------

PLAN_DTYPES = [None, '?', 'b', 'B', 'h', 'i', 'q', 'Q', 'e', 'f', 'd', 'F', 'D']


def _plan(name, x, **kw):
    from cunp import _core

    return _core.statistics.run(name, x, launch=False, **kw)


@pytest.mark.parametrize('name', ['mean', 'var', 'std', 'nansum', 'nanmean', 'nanvar', 'nanstd'])
@pytest.mark.parametrize('dtype', DTYPES + ['h', 'H', 'I'])
def test_plan_dtypes_are_numpys(name, dtype):
    # The plan's result dtype is NumPy's for every input dtype x dtype= x statistic, and its sum
    # dtype is what NumPy's own composition sums in; _averages keeps no dtype rule of its own.
    x = _values((3, 4), dtype, 11)
    for dt in PLAN_DTYPES:
        with warnings.catch_warnings(), numpy.errstate(all='ignore'):
            warnings.simplefilter('ignore')
            try:
                want = numpy.asarray(getattr(numpy, name)(x, axis=1, dtype=dt)).dtype
            except TypeError:
                want = None
        where = f'{name}({x.dtype}, dtype={dt})'
        try:
            plan = _plan(name, x, axis=1, dtype=dt)
        except TypeError:
            # NumPy's "If a is inexact, then dtype must be inexact", raised by the plan alone
            assert want is None and name.startswith('nan') and x.dtype.kind in 'fc', where
            continue
        if want is not None:
            assert plan.result_dtype == want, f'{where}: plan {plan.result_dtype}, numpy {want}'
        kind = x.dtype.kind
        if dt is not None:
            assert plan.sum_dtype == numpy.dtype(dt), where
        elif plan.kind in ('mean', 'var') and kind in 'biu':
            assert plan.sum_dtype == numpy.float64, where  # NumPy's _mean/_var: ints in float64
        elif plan.kind == 'mean' and x.dtype.char == 'e':
            assert plan.sum_dtype == numpy.float32 and plan.half_result, where
        else:
            assert plan.sum_dtype is None, where
        assert plan.real_sum == (kind == 'c' and dt is not None and numpy.dtype(dt).kind in 'iuf')
        assert plan.axes == (1,) and plan.count == 4 and plan.need == 'foreign', where


def test_plan_out_and_reasons():
    x = numpy.ones((3, 4), 'F')
    plan = _plan('mean', x, axis=0, out=numpy.zeros(4, 'd'))
    assert plan.result_dtype == numpy.float64 and plan.complex_warning  # (a stand-in's sum: no
    plan = _plan('var', x, axis=(1, 0), ddof=1, keepdims=True)           # warning of its own)
    assert plan.axes == (0, 1) and plan.count == 12 and plan.root is False
    assert plan.result_dtype == numpy.float32 and not plan.complex_warning
    assert _plan('std', x).root and _plan('nanstd', x).kind == 'nanvar'
    assert _plan('nanvar', numpy.ones(3, 'i')).kind == 'var'  # no NaN in ints: NumPy's var
    assert _plan('nanmean', numpy.ones(3, 'i')).kind == 'mean'
    assert _plan('var', x, where_given=True).need == 'where'
    assert _plan('var', x, mean_given=True).need == 'mean'
    assert _plan('nansum', x, initial_given=True).need == 'initial'
    assert _plan('var', x, ddof=1, correction=2, correction_given=False).ddof == 1
    assert _plan('var', x, ddof=0, correction=2, correction_given=True).ddof == 2
    with pytest.raises(ValueError, match="ddof and correction can't be provided"):
        _plan('var', x, ddof=1, correction=2, correction_given=True)
    with pytest.raises(TypeError, match='out must be inexact'):
        _plan('nanmean', x, out=numpy.zeros((), 'q'))
    with pytest.raises(numpy.exceptions.AxisError):
        _plan('mean', x, axis=2)
    with pytest.raises(ValueError, match='duplicate value'):
        _plan('var', x, axis=(0, 0))
    # a dtype cunp lacks is handed back untouched, for the composition's sum to reject
    assert _plan('mean', x, dtype='U3').sum_dtype == 'U3'


def test_reduce_axes_zero_d():
    # ufunc.reduce's rule, which NumPy's nan-functions inherit: an int axis 0 or -1 on a 0-d
    # array reduces nothing; a tuple, or any other int, is checked against ndim 0.
    from cunp import _core

    def reduce_axes(axis, ndim):
        return _core.axes.normalize_axes(axis, ndim, reduce_0d=True)

    assert reduce_axes(0, 0) == () and reduce_axes(-1, 0) == ()
    assert reduce_axes(None, 0) == () and reduce_axes((), 0) == ()
    for bad in ((0,), 1, -2, (-1,)):
        with pytest.raises(numpy.exceptions.AxisError):
            reduce_axes(bad, 0)
    assert reduce_axes(-1, 2) == (1,)
    with pytest.raises(numpy.exceptions.AxisError):  # mean/var/std keep the strict check
        _core.axes.normalize_axes(0, 0)
    # The plan reads the same rule: the nan-functions of float input are ufunc reductions (as are
    # mean's counts under where=); mean, var and std of a 0-d array raise AxisError.
    x = numpy.zeros(())
    assert _plan('nanmean', x, axis=-1).axes == ()
    assert _plan('mean', x, axis=0, where_given=True).axes == ()
    with pytest.raises(numpy.exceptions.AxisError):
        _plan('mean', x, axis=-1)
    with pytest.raises(numpy.exceptions.AxisError):  # ints: NumPy's nanmean is mean
        _plan('nanmean', numpy.zeros((), 'i'), axis=0)
