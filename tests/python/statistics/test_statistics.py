# tests/python/statistics/test_statistics.py -- mean/var/std/average/ptp/count_nonzero and the nan-functions
# on the GPU against NumPy: values, dtypes, shapes, out=, warnings and errors.
"""The statistics functions on the device against NumPy 2.

Each case runs numpy.<name> on host data and cunp.<name> on the same data uploaded with the
same layout (strided, reversed and transposed views are made on the device), then compares
values, dtypes, shapes, the returned out=, the RuntimeWarnings and the exceptions. The data and
the case lists are shared with test_statistics_logic.py, which runs the compositions with NumPy
standing in for the device primitives.
"""

import warnings

import numpy
import pytest

import cunp
from cunp._statistics import _averages as stats
from test_statistics_logic import DTYPES, NAN, _outcome, _rtol, _values, axes_for

pytestmark = pytest.mark.gpu

# Messages raised by the statistics module itself: compared word for word. Errors raised by the
# primitives underneath (axis errors, empty reductions) are compared by type.
OWN_MESSAGES = ('All-NaN slice', "can't be provided simultaneously", 'Weights sum to zero',
                'Axis must be specified', 'Shape of weights', 'If a is inexact')


def _broadcast_3x5(a):  # a zero-stride view
    return (cunp if isinstance(a, cunp.ndarray) else numpy).broadcast_to(a, (3, 5))


def pairs(dtype, nans=True):
    """(label, host array, device array with the same layout)."""
    def both(base, view=lambda a: a):
        return view(base), view(cunp.asarray(base))

    wide = _values((4, 10), dtype, 1)
    out = [
        ('0d', *both(_values((), dtype, 2))),
        ('empty', *both(_values((0,), dtype, 3))),
        ('empty2d', *both(_values((3, 0), dtype, 4))),
        ('1d', *both(_values((7,), dtype, 5))),
        ('C', *both(_values((4, 5), dtype, 6))),
        ('3d', *both(_values((2, 3, 4), dtype, 7))),
        ('step', *both(wide, lambda a: a[:, ::2])),
        ('neg', *both(wide, lambda a: a[::-1, ::-3])),
        ('T', *both(_values((5, 4), dtype, 8), lambda a: a.T)),
        ('bcast', *both(_values((1, 5), dtype, 12), _broadcast_3x5)),
    ]
    if nans and numpy.dtype(dtype).kind in 'fc':
        some = _values((4, 5), dtype, 9)
        some[0, 1] = some[2, 3] = some[3, 0] = NAN
        if numpy.dtype(dtype).kind == 'c':
            some[1, 2] = complex(1, NAN)
        row = some.copy()
        row[1, :] = NAN
        col = some.copy()
        col[:, 4] = NAN
        out += [('somenan', *both(some)), ('nanrow', *both(row)), ('nancol', *both(col)),
                ('nanrow_neg', *both(row, lambda a: a[::-1, ::-1])),
                ('allnan', *both(numpy.full((2, 3), NAN, dtype)))]
    return out


def _dev(v):
    return cunp.asarray(v) if isinstance(v, numpy.ndarray) else v


def _public_type(error):
    """The nearest public class of a NumPy exception (UFuncTypeError -> TypeError)."""
    for cls in type(error).__mro__:
        if cls.__module__ in ('builtins', 'numpy.exceptions'):
            return cls
    return type(error)


def gpu_check(name, x, xd, kwargs, out=None):
    """numpy.<name>(x, **kwargs) against cunp.<name>(xd, ...), out=(shape, dtype) for fresh outs."""
    np_kw = dict(kwargs)
    cu_kw = {k: _dev(v) for k, v in kwargs.items()}
    if out is not None:
        np_kw['out'] = numpy.zeros(*out)
        cu_kw['out'] = cunp.zeros(*out)
    exp, exp_err, exp_w = _outcome(lambda: getattr(numpy, name)(x, **np_kw))
    got, got_err, got_w = _outcome(lambda: getattr(cunp, name)(xd, **cu_kw))
    where = f'{name}({x.dtype}, shape={x.shape}, strides={x.strides}, {kwargs}, out={out})'
    if exp_err is not None or got_err is not None:
        assert exp_err is not None and got_err is not None, \
            f'{where}: numpy raised {exp_err!r}, cunp raised {got_err!r}'
        assert isinstance(got_err, _public_type(exp_err)), f'{where}: {got_err!r} vs {exp_err!r}'
        if any(m in str(exp_err) for m in OWN_MESSAGES):
            assert str(got_err) == str(exp_err), f'{where}: {got_err!r} vs {exp_err!r}'
        return
    assert got_w == exp_w, f'{where}: warnings {got_w} vs numpy {exp_w}'
    exps, gots = (exp, got) if isinstance(exp, tuple) else ((exp,), (got,))
    assert isinstance(got, tuple) == isinstance(exp, tuple) and len(gots) == len(exps), where
    for g, e in zip(gots, exps):
        e = numpy.asarray(e)
        assert isinstance(g, cunp.ndarray), f'{where}: got {type(g).__name__}'
        h = cunp.asnumpy(g)
        assert h.shape == e.shape, f'{where}: shape {h.shape} != {e.shape}'
        assert h.dtype == e.dtype, f'{where}: dtype {h.dtype} != {e.dtype}'
        if e.dtype.kind in 'fc':
            tol = _rtol(x.dtype if x.dtype.kind in 'fc' else e.dtype)
            if not numpy.allclose(h, e, rtol=tol, atol=tol, equal_nan=True):
                numpy.testing.assert_allclose(h, e, rtol=tol, atol=tol, equal_nan=True,
                                              err_msg=where)
        elif not numpy.array_equal(h, e):
            numpy.testing.assert_array_equal(h, e, err_msg=where)
    if out is not None:
        assert got is cu_kw['out'], f'{where}: out= was not returned'


def sweep(name, dtype, variants, nans=True, axes=None):
    failures = []
    for label, x, xd in pairs(dtype, nans):
        for axis in (axes or axes_for)(x.ndim):
            for kw in variants(x, axis):
                kw = dict(kw)
                kw.setdefault('axis', axis)
                try:
                    gpu_check(name, x, xd, kw)
                except AssertionError as e:
                    failures.append(f'[{label}] {e}')
    assert not failures, f'{len(failures)} failures:\n' + '\n'.join(failures[:12])


def sweep_out(name, dtype, variants, out_dtype=None, nans=True):
    """Each variant again with a fresh out= of NumPy's result shape (and dtype unless given)."""
    failures = []
    for label, x, xd in pairs(dtype, nans):
        for axis in (None, 0, -1):
            if x.ndim == 0 and axis is not None:
                continue
            for kw in variants:
                kw = dict(kw, axis=axis)
                try:
                    with warnings.catch_warnings(), numpy.errstate(all='ignore'):
                        warnings.simplefilter('ignore')
                        ref = numpy.asarray(getattr(numpy, name)(x, **kw))
                except Exception:  # noqa: BLE001 - no out= case where the call fails
                    continue
                try:
                    gpu_check(name, x, xd, kw, out=(ref.shape, out_dtype or ref.dtype))
                except AssertionError as e:
                    failures.append(f'[{label}] {e}')
    assert not failures, f'{len(failures)} failures:\n' + '\n'.join(failures[:12])


def _where(x):
    return numpy.arange(x.shape[-1]) % 3 == 1 if x.ndim else numpy.array(True)


def _single_axes(ndim):
    return [a for a in axes_for(ndim) if not isinstance(a, tuple)]


# -- mean, var, std -------------------------------------------------------------------------------

@pytest.mark.parametrize('dtype', DTYPES)
def test_mean(dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'f8'}
        yield {'where': _where(x)}
        yield {'where': _where(x), 'keepdims': True}
    sweep('mean', dtype, variants)
    sweep_out('mean', dtype, [{}, {'keepdims': True}])
    if numpy.dtype(dtype).kind == 'c':  # a real out=: the imaginary parts go, with a warning
        sweep_out('mean', dtype, [{}], out_dtype='f8')


@pytest.fixture(params=[True, False], ids=['fused', 'plain'])
def fused(request, monkeypatch):
    """var/std with the fused kernels (ReductionKernel / ElementwiseKernel), then without."""
    monkeypatch.setattr(stats, '_FUSED', request.param)
    return request.param


@pytest.mark.parametrize('name', ['var', 'std'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_var_std(name, dtype, fused):
    def variants(x, axis):
        yield {}
        yield {'ddof': 1}
        yield {'correction': 1, 'keepdims': True}
        yield {'ddof': 1, 'correction': 1}
        yield {'ddof': 9}
        yield {'dtype': 'f8'}
        yield {'where': _where(x), 'ddof': 1}
        if isinstance(axis, int) and x.ndim and -x.ndim <= axis < x.ndim:
            with numpy.errstate(all='ignore'), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                yield {'mean': numpy.mean(x, axis=axis, keepdims=True)}
    sweep(name, dtype, variants)
    sweep_out(name, dtype, [{}, {'ddof': 1, 'keepdims': True}])


def test_methods():
    x = _values((6, 7), 'f', 3)
    xd = cunp.asarray(x)
    for call in (lambda a: a.mean(), lambda a: a.mean(axis=1, keepdims=True),
                 lambda a: a.var(ddof=1), lambda a: a.std(axis=0),
                 lambda a: a.var(axis=1, mean=a.mean(axis=1, keepdims=True))):
        numpy.testing.assert_allclose(cunp.asnumpy(call(xd)), call(x), rtol=1e-5)
    assert not hasattr(cunp.ndarray, 'ptp')  # as NumPy 2


def test_empty_mean_warns():
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        r = cunp.mean(cunp.zeros((0,), 'f'))
    assert numpy.isnan(cunp.asnumpy(r))
    with pytest.warns(RuntimeWarning, match='Degrees of freedom <= 0 for slice'):
        r = cunp.var(cunp.ones(3), ddof=4)
    assert numpy.isinf(cunp.asnumpy(r)) or numpy.isnan(cunp.asnumpy(r))


@pytest.mark.parametrize('shape, axis', [((4096, 3000), None), ((4096, 3000), 0),
                                         ((4096, 3000), 1), ((3, 5, 4000), (0, 2))])
def test_var_fused_matches_plain(shape, axis, monkeypatch):
    x = cunp.asarray(numpy.random.default_rng(1).standard_normal(shape, dtype=numpy.float32))
    ref = numpy.var(cunp.asnumpy(x).astype(numpy.float64), axis=axis)
    for flag in (True, False):
        monkeypatch.setattr(stats, '_FUSED', flag)
        got = cunp.asnumpy(cunp.var(x, axis=axis, ddof=0))
        assert got.dtype == numpy.float32
        numpy.testing.assert_allclose(got, ref, rtol=1e-4, err_msg=f'fused={flag}')


def test_mean_large_float32_accuracy():
    # 2^24 uniform float32: within float32 rounding of the float64 mean (pairwise or better).
    x = numpy.random.default_rng(0).random(2**24, dtype=numpy.float32)
    got = float(cunp.asnumpy(cunp.mean(cunp.asarray(x))))
    ref = float(x.astype(numpy.float64).mean())
    assert abs(got - ref) <= 1e-5 * abs(ref)
    got_var = float(cunp.asnumpy(cunp.var(cunp.asarray(x))))
    assert abs(got_var - x.astype(numpy.float64).var()) <= 1e-4


def test_float16_mean_many_elements():
    # The count (> 65504) has no float16 value: the division must not happen in float16.
    x = cunp.ones(70000, 'e')
    assert float(cunp.asnumpy(cunp.mean(x))) == 1.0
    assert cunp.mean(x).dtype == numpy.float16


# -- average, ptp, count_nonzero -----------------------------------------------------------------

@pytest.mark.parametrize('dtype', DTYPES)
def test_average(dtype):
    def variants(x, axis):
        yield {}
        yield {'returned': True, 'keepdims': True}
        w = _values(x.shape, 'd', 21) + 4
        yield {'weights': w, 'returned': True}
        yield {'weights': numpy.zeros(x.shape)}
        if x.ndim >= 1:
            yield {'weights': numpy.arange(1, x.shape[-1] + 1), 'axis': -1}
            yield {'weights': numpy.arange(1, x.shape[-1] + 2), 'axis': -1}
            yield {'weights': numpy.arange(1, x.shape[-1] + 1), 'axis': None}
        if x.ndim >= 2:
            w2 = numpy.arange(1.0, x.shape[0] * x.shape[-1] + 1).reshape(x.shape[-1],
                                                                           x.shape[0])
            yield {'weights': w2, 'axis': (-1, 0), 'returned': True}
    sweep('average', dtype, variants)


@pytest.mark.parametrize('dtype', DTYPES)
def test_ptp_count_nonzero(dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
    sweep('ptp', dtype, variants)
    sweep('count_nonzero', dtype, variants)
    if dtype != '?':
        sweep_out('ptp', dtype, [{}])
    if numpy.dtype(dtype).kind in 'iu':
        sweep_out('ptp', dtype, [{}], out_dtype='q')


# -- nan-functions --------------------------------------------------------------------------------

@pytest.mark.parametrize('name', ['nansum', 'nanprod'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nansum_nanprod(name, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'D' if numpy.dtype(dtype).kind == 'c' else 'f8'}
        if numpy.dtype(dtype).kind == 'c':  # the imaginary parts go, with a ComplexWarning
            yield {'dtype': 'f8'}
        yield {'initial': 2}
        yield {'initial': -1}  # out of a uint64 loop's range (uint input): OverflowError
        yield {'where': _where(x)}
    sweep(name, dtype, variants)
    sweep_out(name, dtype, [{}])
    if numpy.dtype(dtype).kind == 'c':  # a real out=: the complex result's real part, warned
        sweep_out(name, dtype, [{}], out_dtype='f8')


@pytest.mark.parametrize('name', ['nanmax', 'nanmin'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanmax_nanmin(name, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'initial': 1}
        yield {'initial': 300}  # out of int8/uint8 range: OverflowError
        yield {'where': _where(x), 'initial': -1}
    sweep(name, dtype, variants)
    sweep_out(name, dtype, [{}])


@pytest.mark.parametrize('name', ['nanargmax', 'nanargmin'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanargmax_nanargmin(name, dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
    sweep(name, dtype, variants, axes=_single_axes)
    sweep_out(name, dtype, [{}], out_dtype='q')


@pytest.mark.parametrize('dtype', DTYPES)
def test_nanmean(dtype):
    def variants(x, axis):
        yield {}
        yield {'keepdims': True}
        yield {'dtype': 'D' if numpy.dtype(dtype).kind == 'c' else 'f8'}
        if numpy.dtype(dtype).kind == 'c':  # the imaginary parts go, with a ComplexWarning
            yield {'dtype': 'f8'}
        if numpy.dtype(dtype).kind in 'fc' or x.size:
            # Inexact input: TypeError. Other input: mean(dtype='i'), whose empty slice is
            # NaN cast to int32 -- undefined in C, so platform-defined in NumPy (x86: INT_MIN;
            # a CUDA conversion gives 0): empty input is left out of this variant.
            yield {'dtype': 'i'}
        yield {'where': _where(x)}
    sweep('nanmean', dtype, variants)
    sweep_out('nanmean', dtype, [{}])
    if numpy.dtype(dtype).kind == 'c':  # a real out=: the imaginary parts go, warned
        sweep_out('nanmean', dtype, [{}], out_dtype='f8')


@pytest.mark.parametrize('name', ['nanvar', 'nanstd'])
@pytest.mark.parametrize('dtype', DTYPES)
def test_nanvar_nanstd(name, dtype):
    def variants(x, axis):
        yield {}
        yield {'ddof': 1}
        yield {'correction': 1, 'keepdims': True}
        yield {'ddof': 1, 'correction': 2}
        yield {'ddof': 3}
        if numpy.dtype(dtype).kind in 'fc':
            yield {'dtype': 'i'}
        yield {'where': _where(x)}
        if isinstance(axis, int) and x.ndim and -x.ndim <= axis < x.ndim:
            with numpy.errstate(all='ignore'), warnings.catch_warnings():
                warnings.simplefilter('ignore')
                yield {'mean': numpy.nanmean(x, axis=axis, keepdims=True)}
    sweep(name, dtype, variants)
    if numpy.dtype(dtype).kind in 'fc':
        sweep_out(name, dtype, [{}, {'ddof': 1}])


def test_nan_warnings_and_errors():
    x = cunp.asarray(numpy.array([[1.0, NAN], [NAN, NAN]]))
    with pytest.warns(RuntimeWarning, match='All-NaN slice encountered'):
        r = cunp.nanmax(x, axis=1)
    numpy.testing.assert_array_equal(cunp.asnumpy(r), [1.0, NAN])
    with pytest.raises(ValueError, match='All-NaN slice encountered'):
        cunp.nanargmin(x, axis=1)
    y = cunp.asarray(numpy.array([[1.0, NAN], [NAN, 2.0]]))
    numpy.testing.assert_array_equal(cunp.asnumpy(cunp.nanargmin(y, axis=0)), [0, 1])
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        cunp.nanmean(x, axis=1)
    with pytest.warns(RuntimeWarning, match=r'Degrees of freedom <= 0 for slice\.'):
        cunp.nanvar(x, axis=1)
    with pytest.raises(ZeroDivisionError, match="Weights sum to zero, can't be normalized"):
        cunp.average(cunp.ones(3), weights=cunp.asarray([1.0, -1.0, 0.0]))
    with pytest.raises(ValueError, match="ddof and correction can't be provided"):
        cunp.std(cunp.ones(3), ddof=1, correction=1)
