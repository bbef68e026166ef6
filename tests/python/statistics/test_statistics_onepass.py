# tests/python/statistics/test_statistics_onepass.py -- the one-launch mean/var/std and nan-functions: every
# generated source NVRTC-compiled and the (n, mean, M2) merge's accuracy simulated (no GPU), then
# on the GPU every engine strategy and layout against NumPy, accuracy with a large offset, the
# composition kept as a fallback, and the reduction gaps (initial= range, ComplexWarning).
"""The one-pass statistics (python/cunp/_statistics/_stat_kernels.py).

Without a device: sources of mean/var/std/nansum/nanmean/nanvar/nanstd for every dtype the
functions take and every strategy of the engine are compiled with NVRTC (codegen errors show up
here). The merge formula is replayed in float32 with NumPy, the way the kernel groups the data
(per-thread Welford updates, then a pairwise tree of Chan merges), and checked against NumPy's
two-pass var on data with a large offset.

On the device, sizes are picked to reach each strategy of the reduction engine: a thread per
output (short or strided reduced axes, split along them when outputs are few), a warp per row, a
block per row, and several blocks per row combined by the last (the full reduction of a long
vector). References are computed by NumPy in float64/complex128 and compared with a tolerance of
the result dtype; dtypes and shapes must match NumPy's own exactly.
"""

import warnings

import numpy
import pytest

import cunp
from cunp._statistics import _averages
from cunp._statistics import _stat_kernels as sk

gpu = pytest.mark.gpu


STRATEGY_LAYOUTS = [(0, 0, 1, 4), (0, 0, 2, 1), (0, 1, 1, 2), (1, 1, 1, 4), (1, 2, 1, 1), (2, 1, 1, 1),
           (2, 2, 2, 1), (2, 1, 0, 1), (3, 1, 1, 1), (3, 2, 2, 1)]

REAL_OUT = {'float16': 'float16', 'float32': 'float32', 'float64': 'float64',
            'complex64': 'float32', 'complex128': 'float64', 'int8': 'float64',
            'int64': 'float64', 'uint16': 'float64', 'bool': 'float64'}
MEAN_OUT = dict(REAL_OUT, complex64='complex64', complex128='complex128')
INEXACT = ['float16', 'float32', 'float64', 'complex64', 'complex128']


def _compile(kind, dtype, outs, layout, ddof=0.0, root=False):
    src = sk.source(kind, dtype, outs, ddof, root, *layout)
    name = 'cunp_red_' + kind + ('_std' if root else '')
    assert name in src
    cunp._core.reduction.compile(src, name, 90)
    return src


@pytest.mark.parametrize('layout', STRATEGY_LAYOUTS)
@pytest.mark.parametrize('dtype', sorted(MEAN_OUT))
def test_mean_compiles(dtype, layout):
    src = _compile('mean', dtype, [MEAN_OUT[dtype]], layout)
    assert '_red_n' in src


@pytest.mark.parametrize('layout', STRATEGY_LAYOUTS[:4] + STRATEGY_LAYOUTS[5:6])
@pytest.mark.parametrize('dtype', sorted(REAL_OUT))
@pytest.mark.parametrize('ddof,root', [(0.0, False), (1.0, True), (2.5, False)])
def test_var_compiles(dtype, layout, ddof, root):
    _compile('var', dtype, [REAL_OUT[dtype]], layout, ddof, root)


@pytest.mark.parametrize('layout', STRATEGY_LAYOUTS[:2] + STRATEGY_LAYOUTS[3:6])
@pytest.mark.parametrize('dtype', INEXACT)
def test_nan_functions_compile(dtype, layout):
    _compile('nansum', dtype, [dtype], layout)
    _compile('nanmean', dtype, [dtype, 'bool'], layout)
    _compile('nanvar', dtype, [REAL_OUT[dtype], 'bool'], layout, 1.0, False)
    _compile('nanvar', dtype, [REAL_OUT[dtype], 'bool'], layout, 0.0, True)


def test_ops_are_cached():
    assert sk._op('var', 'f', 1.0, True) is sk._op('var', 'f', 1.0, True)
    assert sk._op('var', 'f', 1.0, True) is not sk._op('var', 'f', 0.0, True)


def test_post_map_sees_the_sizes():
    # CuPy's spelling of the count in a user ReductionKernel: _in_ind.size() / _out_ind.size().
    k = cunp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a / (_in_ind.size() / _out_ind.size())',
                             '0', 'mymean')
    src = k._source(['float32'], ['float32'], 0, 0, 1, 4)
    cunp._core.reduction.compile(src, 'cunp_red_mymean', 90)


def test_stand_in_module_takes_the_composition():
    # The one-pass paths only run for cunp arrays: a NumPy array (standing in) gets the Plan.
    x = numpy.ones(4, 'f4')
    for name in ('mean', 'var', 'std', 'nansum', 'nanmean', 'nanvar', 'nanstd'):
        plan = cunp._core.statistics.run(name, x)
        assert isinstance(plan, cunp._core.statistics.Plan) and plan.need == 'foreign', name


@gpu
def test_plan_of_cunp_arrays():
    # A cunp array gets the kernel where it can; the plan says why not elsewhere.
    run = cunp._core.statistics.run
    d = cunp.ones((4, 5), 'float32')
    assert run('mean', d, 1, launch=False).need == 'none'
    assert run('var', d, 0, dtype='float64', launch=False).need == 'dtype'
    assert run('nanmean', d, out=cunp.empty(5, 'float64'), axis=0, launch=False).need == 'out'
    assert run('std', d, where_given=True, launch=False).need == 'where'
    assert run('mean', d, one_pass=False, launch=False).need == 'disabled'
    r = run('nanstd', d, 1, ddof=1)
    assert isinstance(r, cunp.ndarray) and r.shape == (4,) and r.dtype == numpy.float32


# -- the merge's accuracy, replayed in float32 ---------------------------------------------------

f = numpy.float32


def _merge(a, b):
    """Chan's merge of shifted partials (n, k, m, q) as _stat_kernels writes it, in float32."""
    (na, ka, ma, qa), (nb, kb, mb, qb) = a, b
    n = f(na + nb)
    with numpy.errstate(divide='ignore', invalid='ignore'):
        r = numpy.where(n > 0, f(1) / n, f(0)).astype(f)
    wb = f(nb * r)
    d = f(f(kb - ka) + f(mb - ma))
    m = f(ma + d * wb)
    q = f(qa + qb + d * d * na * wb)
    ea, eb = na == 0, nb == 0
    out = []
    for xa, xb, xm in ((na, nb, n), (ka, kb, ka), (ma, mb, m), (qa, qb, q)):
        out.append(numpy.where(eb, xa, numpy.where(ea, xb, xm)).astype(f))
    return tuple(out)


def _onepass_var32(x, threads=4096):
    """var as the kernel folds it: each of `threads` lanes folds a strided slice element by
    element (a merge with (1, x, 0, 0): the first element becomes the lane's shift), then the
    partials merge pairwise (the warp, block and split merges)."""
    x = x.astype(f)
    pad = (-x.size) % threads
    cols = numpy.concatenate([x, numpy.zeros(pad, f)]).reshape(-1, threads)
    valid = numpy.arange(cols.size).reshape(cols.shape) < x.size
    z = numpy.zeros(threads, f)
    acc = (z, z, z, z)
    for row, ok in zip(cols, valid):
        acc = _merge(acc, (ok.astype(f), numpy.where(ok, row, f(0)), z, z))
    n, k, m, q = acc
    while n.size > 1:
        h = n.size // 2
        n, k, m, q = _merge((n[:h], k[:h], m[:h], q[:h]), (n[h:], k[h:], m[h:], q[h:]))
    return float(q[0]) / x.size


def test_welford_float32_as_accurate_as_numpy_two_pass():
    rng = numpy.random.default_rng(3)
    x = (1e4 + rng.random(2_000_000)).astype('f4')
    truth = numpy.var(x.astype('f8'))
    numpy_err = abs(float(numpy.var(x)) - truth)
    ours = abs(_onepass_var32(x) - truth)
    assert ours <= max(2 * numpy_err, 1e-6 * truth), (ours, numpy_err, truth)


def test_welford_merge_edge_cases():
    z = (f(0), f(0), f(0), f(0))
    assert _merge(z, z) == (0, 0, 0, 0)  # empty with empty: no 0/0
    assert _merge(z, (f(1), f(5), f(0), f(0))) == (1, 5, 0, 0)  # the first value is the shift
    assert _merge((f(1), f(5), f(0), f(0)), z) == (1, 5, 0, 0)
    # [0, 2] (shift 0, mean 1) with [2, 4] (shift 2, mean 2 + 1): n 4, mean 0 + 2, M2 8
    assert _merge((f(2), f(0), f(1), f(2)), (f(2), f(2), f(1), f(2))) == (4, 0, 2, 8)


# --- on the GPU ---

NAN = float('nan')

# (shape, axis, layout): layout makes the device view from the uploaded array.
LAYOUTS = [
    ((1000,), None, None),                  # block, vector loads
    ((200_003,), None, None),               # block, split over several blocks, odd tail
    ((3, 5000), 1, None),                   # block per row
    ((50, 300), 1, None),                   # warp per row
    ((100, 7), 1, None),                    # thread per row
    ((5000, 3), 0, None),                   # thread per column, split along the rows
    ((64, 33), 0, None),
    ((2, 3, 400), (0, 2), None),            # two reduced axes around a kept one
    ((40, 50), None, 'T'),                  # transposed
    ((30, 400), 1, 'step'),                 # every other column (no vector loads)
    ((30, 400), 0, 'neg'),                  # reversed rows and columns
    ((6, 7), 1, 'keepdims'),
    ((0, 5), 0, None),                      # empty reduction: NaN (warnings checked below)
    ((4, 0), 0, None),                      # empty output
    ((), None, None),                       # 0-d
]

TOL = {'e': 5e-3, 'f': 2e-5, 'd': 1e-11, 'F': 2e-5, 'D': 1e-11}


def _view(a, layout):
    if layout == 'T':
        return a.T
    if layout == 'step':
        return a[:, ::2]
    if layout == 'neg':
        return a[::-1, ::-1]
    return a


def _data(shape, dtype, seed, nans=False):
    rng = numpy.random.default_rng(seed)
    dt = numpy.dtype(dtype)
    if dt.kind == 'b':
        return rng.random(shape) < 0.5
    if dt.kind in 'iu':
        return rng.integers(0, 100, shape).astype(dt)
    x = rng.standard_normal(shape) + 3.0
    if dt.kind == 'c':
        x = x + 1j * (rng.standard_normal(shape) - 2.0)
    x = numpy.asarray(x).astype(dt)
    if nans and x.size:
        flat = x.reshape(-1)
        flat[::7] = NAN
    return x


def _pair(shape, dtype, layout, seed=1, nans=False):
    h = _data(shape, dtype, seed, nans)
    d = cunp.asarray(h)
    return _view(h, layout), _view(d, layout)


def _ref_dtype(dt):
    return numpy.complex128 if dt.kind == 'c' else numpy.float64


def _check(got, want, dt):
    got_h = cunp.asnumpy(got)
    assert got_h.dtype == want.dtype, (got_h.dtype, want.dtype)
    assert got_h.shape == want.shape
    tol = TOL.get(numpy.dtype(want.dtype).char, 1e-11)
    numpy.testing.assert_allclose(got_h.astype(_ref_dtype(numpy.dtype(want.dtype))),
                                  want.astype(_ref_dtype(numpy.dtype(want.dtype))),
                                  rtol=tol, atol=tol, equal_nan=True)


def _numpy_ref(fname, h, dt, **kw):
    """NumPy's result dtype, with values computed in float64/complex128."""
    with warnings.catch_warnings(), numpy.errstate(all='ignore'):
        warnings.simplefilter('ignore')
        want = getattr(numpy, fname)(h, **kw)
        exact = getattr(numpy, fname)(h.astype(_ref_dtype(dt)) if dt.kind in 'fc' else h, **kw)
    return numpy.asarray(exact).astype(numpy.asarray(want).dtype)


DTYPES = ['float16', 'float32', 'float64', 'complex64', 'complex128', 'int8', 'int64', 'uint8',
          'bool']


@gpu
@pytest.mark.parametrize('shape,axis,layout', LAYOUTS)
@pytest.mark.parametrize('dtype', DTYPES)
@pytest.mark.parametrize('fname,kw', [('mean', {}), ('var', {}), ('std', {}), ('var', {'ddof': 1}),
                                      ('std', {'ddof': 2})])
def test_mean_var_std(fname, kw, dtype, shape, axis, layout):
    dt = numpy.dtype(dtype)
    h, d = _pair(shape, dtype, layout)
    kd = layout == 'keepdims'
    want = _numpy_ref(fname, h, dt, axis=axis, keepdims=kd, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        got = getattr(cunp, fname)(d, axis=axis, keepdims=kd, **kw)
    _check(got, want, dt)


@gpu
@pytest.mark.parametrize('shape,axis,layout', LAYOUTS)
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'complex64', 'complex128'])
@pytest.mark.parametrize('fname,kw', [('nanmean', {}), ('nanvar', {}), ('nanstd', {'ddof': 1}),
                                      ('nansum', {})])
def test_nan_functions(fname, kw, dtype, shape, axis, layout):
    dt = numpy.dtype(dtype)
    h, d = _pair(shape, dtype, layout, nans=True)
    kd = layout == 'keepdims'
    want = _numpy_ref(fname, h, dt, axis=axis, keepdims=kd, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter('ignore', RuntimeWarning)
        got = getattr(cunp, fname)(d, axis=axis, keepdims=kd, **kw)
    _check(got, want, dt)


@gpu
@pytest.mark.parametrize('fname', ['mean', 'var', 'std', 'nanmean', 'nanvar', 'nansum'])
def test_composition_fallback_agrees(fname, monkeypatch):
    h, d = _pair((300, 41), 'float32', None, nans=fname.startswith('nan'))
    one = cunp.asnumpy(getattr(cunp, fname)(d, axis=0))
    monkeypatch.setattr(_averages, '_ONE_PASS', False)
    two = cunp.asnumpy(getattr(cunp, fname)(d, axis=0))
    numpy.testing.assert_allclose(one, two, rtol=2e-5, atol=1e-6)


@gpu
@pytest.mark.parametrize('n', [10**7, 2**20 + 3])
def test_var_float32_with_offset_as_accurate_as_numpy(n):
    rng = numpy.random.default_rng(7)
    h = (1e4 + rng.random(n)).astype('f4')
    truth = numpy.var(h.astype('f8'))
    np_err = abs(float(numpy.var(h)) - truth)
    d = cunp.asarray(h)
    err = abs(float(cunp.var(d)) - truth)
    assert err <= max(2 * np_err, 1e-6 * truth), (err, np_err, truth)
    # along an axis too (thread and block strategies)
    m = h[: (n // 1000) * 1000].reshape(-1, 1000)
    truth_rows = numpy.var(m.astype('f8'), axis=1)
    got = cunp.asnumpy(cunp.var(cunp.asarray(m), axis=1))
    np_rows = numpy.var(m, axis=1)
    assert numpy.max(abs(got - truth_rows)) <= max(2 * numpy.max(abs(np_rows - truth_rows)),
                                                   1e-6 * truth)
    got_cols = cunp.asnumpy(cunp.var(cunp.asarray(m), axis=0))
    truth_cols = numpy.var(m.astype('f8'), axis=0)
    np_cols = numpy.var(m, axis=0)
    assert numpy.max(abs(got_cols - truth_cols)) <= max(2 * numpy.max(abs(np_cols - truth_cols)),
                                                        1e-6 * truth)


@gpu
def test_var_float64_large_offset():
    rng = numpy.random.default_rng(8)
    h = 1e9 + rng.random(10**6)
    got = float(cunp.var(cunp.asarray(h)))
    assert abs(got - numpy.var(h)) <= 1e-9


@gpu
def test_out_is_written_and_returned():
    h, d = _pair((20, 30), 'float32', None)
    for fname in ('mean', 'var', 'std'):
        out = cunp.empty((30,), 'float32')
        r = getattr(cunp, fname)(d, axis=0, out=out)
        assert r is out
        numpy.testing.assert_allclose(cunp.asnumpy(out), getattr(numpy, fname)(h, axis=0),
                                      rtol=1e-5)
    out64 = cunp.empty((30,), 'float64')  # another dtype: the composition casts into it
    r = cunp.mean(d, axis=0, out=out64)
    assert r is out64
    numpy.testing.assert_allclose(cunp.asnumpy(out64), numpy.mean(h, axis=0), rtol=1e-5)
    with pytest.raises(ValueError):
        cunp.mean(d, axis=0, out=cunp.empty((20,), 'float32'))


@gpu
def test_dtype_argument():
    h, d = _pair((50, 60), 'float64', None)
    r = cunp.mean(d, axis=1, dtype='float32')
    assert r.dtype == numpy.float32
    numpy.testing.assert_allclose(cunp.asnumpy(r), numpy.mean(h, axis=1, dtype='float32'),
                                  rtol=1e-5)
    hi, di = _pair((50, 60), 'int16', None)
    r = cunp.mean(di, dtype='float32')
    assert r.dtype == numpy.float32
    numpy.testing.assert_allclose(float(r), numpy.mean(hi, dtype='float32'), rtol=1e-5)


@gpu
def test_warnings_and_empty_slices():
    h = numpy.ones((3, 4), 'f4')
    h[1] = NAN
    d = cunp.asarray(h)
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        r = cunp.nanmean(d, axis=1)
    numpy.testing.assert_array_equal(cunp.asnumpy(r), [1, NAN, 1])
    with pytest.warns(RuntimeWarning, match='Degrees of freedom'):
        r = cunp.nanvar(d, axis=1, ddof=4)
    assert numpy.isnan(cunp.asnumpy(r)).all()
    with pytest.warns(RuntimeWarning, match='Mean of empty slice'):
        r = cunp.mean(cunp.empty((0,), 'f4'))
    assert numpy.isnan(float(r))
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        cunp.nanmean(d, axis=0)  # no empty column: no warning
        cunp.nanvar(d, axis=0, ddof=1)


@gpu
def test_mean_float16_result_and_big_count():
    h = numpy.full(70_000, 1.5, 'f2')  # a count above float16's range
    r = cunp.mean(cunp.asarray(h))
    assert r.dtype == numpy.float16 and float(r) == 1.5


# -- reduction gaps ---------------------------------------------------------------------------------

def _raises_like(f_np, f_cp):
    with pytest.raises(Exception) as e_np:
        f_np()
    with pytest.raises(type(e_np.value)) as e_cp:
        f_cp()
    assert str(e_cp.value) == str(e_np.value)


@gpu
@pytest.mark.parametrize('call', [
    lambda m, a: m.maximum.reduce(a.astype('int8'), initial=300),
    lambda m, a: m.maximum.reduce(a.astype('int8'), initial=-129),
    lambda m, a: m.maximum.reduce(a.astype('int8'), initial=300.7),
    lambda m, a: m.maximum.reduce(a.astype('uint8'), initial=-1),
    lambda m, a: m.sum(a.astype('int8'), dtype='int8', initial=300),
    lambda m, a: m.sum(a.astype('uint8'), initial=-1),
    lambda m, a: m.sum(a.astype('int8'), initial=2**63),
    lambda m, a: m.sum(a.astype('uint32'), initial=2**64),
    lambda m, a: m.max(a.astype('uint32'), initial=2**63),
    lambda m, a: m.max(a.astype('int32'), initial=1e19),
    lambda m, a: m.max(a.astype('int32'), initial=float('nan')),
    lambda m, a: m.max(a.astype('int32'), initial=float('inf')),
    lambda m, a: m.max(a.astype('int32'), initial=1 + 2j),
    lambda m, a: m.prod(a.astype('int8'), initial=40000, out=m.zeros((), 'int16')),
    lambda m, a: m.maximum.reduce(a.astype('int8'), axis=5, initial=300),
    lambda m, a: m.sum(a.astype('uint64'), initial=2**64),
    lambda m, a: m.sum(a.astype('float64'), initial=10**400),  # past a double's range
    # the nan-functions: the reductions underneath check initial= (no copy of the rule)
    lambda m, a: m.nansum(a.astype('int8'), dtype='int8', initial=300),
    lambda m, a: m.nansum(a.astype('uint16'), initial=-1),
    lambda m, a: m.nansum(a.astype('int64'), initial=2**100),
    lambda m, a: m.nanprod(a.astype('int32'), dtype='int8', initial=200),
    lambda m, a: m.nanmax(a.astype('uint8'), initial=256),
    lambda m, a: m.nanmin(a.astype('int16'), axis=3, initial=2**40),
])
def test_initial_out_of_range(call):
    h = numpy.arange(3)
    d = cunp.asarray(h)
    _raises_like(lambda: call(numpy, h), lambda: call(cunp, d))



@gpu
def test_nansum_initial_beyond_the_input_dtype():
    # An int8 input's sum accumulates in the default integer, so initial=300 fits there.
    h = numpy.arange(3, dtype=numpy.int8)
    got = cunp.nansum(cunp.asarray(h), initial=300)
    want = numpy.nansum(h, initial=300)
    assert got.dtype == want.dtype and int(got) == int(want)

@gpu
@pytest.mark.parametrize('call', [
    lambda m, a: m.add.reduce(a.astype('int8'), initial=300),
    lambda m, a: m.max(a.astype('int32'), initial=300.5),
    lambda m, a: m.sum(a.astype('uint8'), initial=-1, out=m.zeros((), 'int8')),
    lambda m, a: m.sum(a.astype('uint64'), initial=2**63),
    # A Python int above int64's range is a uint64 value, or (float loops) a double's.
    lambda m, a: m.sum(a.astype('uint64'), initial=2**64 - 1),
    lambda m, a: m.max(a.astype('uint64'), initial=2**63 + 5),
    lambda m, a: m.maximum.reduce(a.astype('uint64'), initial=2**63),
    lambda m, a: m.sum(a.astype('uint32'), initial=2**63),  # (the loop is uint64)
    lambda m, a: m.sum(a.astype('float32'), initial=2**64),
    lambda m, a: m.max(a.astype('float64'), initial=2**70),
    lambda m, a: m.sum(a.astype('complex64'), initial=2**64),
    lambda m, a: m.nansum(a.astype('uint64'), initial=2**63),
    lambda m, a: m.max(a.astype('int8'), initial=True),
])
def test_initial_in_range(call):
    h = numpy.arange(3)
    want = call(numpy, h)
    got = call(cunp, cunp.asarray(h))
    assert cunp.asnumpy(got).dtype == numpy.asarray(want).dtype
    assert cunp.asnumpy(got) == want


@gpu
@pytest.mark.parametrize('call,warns', [
    (lambda m, a: m.sum(a, dtype='float64'), True),
    (lambda m, a: m.sum(a, dtype='int64'), True),
    (lambda m, a: m.prod(a, out=m.zeros((), 'float64')), True),
    (lambda m, a: m.add.reduce(a, out=m.zeros((), 'float32')), True),
    (lambda m, a: m.maximum.reduce(a, dtype='float64'), True),
    (lambda m, a: m.sum(a, dtype='bool'), False),
    (lambda m, a: m.sum(a, out=m.zeros((), 'complex128')), False),
    (lambda m, a: m.sum(a), False),
])
def test_complex_warning(call, warns):
    h = numpy.array([1 + 2j, 3 - 1j, 0.5j])
    d = cunp.asarray(h)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        want = call(numpy, h)
    assert any(issubclass(x.category, numpy.exceptions.ComplexWarning) for x in w) == warns
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        got = call(cunp, d)
    kinds = [x.category for x in w]
    assert kinds.count(numpy.exceptions.ComplexWarning) == (1 if warns else 0), kinds
    numpy.testing.assert_allclose(cunp.asnumpy(got), want)


@gpu
def test_complex_warning_once_through_mean():
    d = cunp.asarray(numpy.array([1 + 2j, 3 - 1j]))
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        cunp.mean(d, out=cunp.zeros((), 'float64'))
    assert [x.category for x in w].count(numpy.exceptions.ComplexWarning) == 1


@gpu
@pytest.mark.parametrize('dtype', ['float32', 'float64', 'complex64', 'complex128'])
@pytest.mark.parametrize('fname', ['var', 'std', 'nanvar', 'mean'])
def test_infinite_values_like_numpy(fname, dtype):
    for vals in ([1.0, float('inf'), 2.0], [float('-inf'), 3.0], [5.0] * 40 + [float('inf')]):
        h = numpy.array(vals, dtype)
        with warnings.catch_warnings(), numpy.errstate(all='ignore'):
            warnings.simplefilter('ignore')
            want = getattr(numpy, fname)(h)
            got = cunp.asnumpy(getattr(cunp, fname)(cunp.asarray(h)))
        numpy.testing.assert_array_equal(numpy.isnan(got), numpy.isnan(want))
        numpy.testing.assert_array_equal(numpy.isinf(got), numpy.isinf(want))


# NumPy builds the nan-functions on ufunc reductions, which take axis 0 or -1 on a 0-d array
# (reducing nothing); mean, var and std check the axis against ndim 0 and raise.
@gpu
@pytest.mark.parametrize('dtype', ['float16', 'float32', 'float64', 'complex64', 'complex128',
                                   'int32', 'bool'])
@pytest.mark.parametrize('fname', ['nansum', 'nanprod', 'nanmean', 'nanvar', 'nanstd', 'nanmax',
                                   'nanmin', 'sum', 'mean', 'var', 'std'])
def test_zero_d_axis_like_numpy(fname, dtype):
    cases = [{'axis': ax, 'keepdims': kd} for ax in (0, -1, (0,), 1, -2, None, ())
             for kd in (False, True)]
    if fname in ('nanvar', 'nanstd'):
        cases += [{'axis': 0, 'ddof': 1}, {'axis': -1, 'ddof': 2, 'keepdims': True}]
    for value in (2.5, NAN) if numpy.dtype(dtype).kind in 'fc' else (2.5,):
        h = numpy.array(value).astype(dtype)
        for kw in cases:
            where = f'{fname}({dtype} 0-d {value}, {kw})'
            with warnings.catch_warnings(record=True) as w_np, numpy.errstate(all='ignore'):
                warnings.simplefilter('always')
                try:
                    want, err = getattr(numpy, fname)(h, **kw), None
                except Exception as e:  # noqa: BLE001 - compared with cunp's below
                    want, err = None, e
            with warnings.catch_warnings(record=True) as w_cp:
                warnings.simplefilter('always')
                if err is not None:
                    with pytest.raises(type(err)):
                        getattr(cunp, fname)(cunp.asarray(h), **kw)
                    continue
                got = getattr(cunp, fname)(cunp.asarray(h), **kw)
            assert [x.category for x in w_cp] == [x.category for x in w_np], where
            g, e = cunp.asnumpy(got), numpy.asarray(want)
            assert g.shape == e.shape and g.dtype == e.dtype, (where, g.shape, g.dtype, e.dtype)
            numpy.testing.assert_allclose(g, e, rtol=1e-3, equal_nan=True, err_msg=where)


def test_root_casts_a_0d_integer_result_only():
    # NumPy roots a 0-d std (a scalar there) by casting it back to the dtype= unsafely; an array
    # result goes through sqrt's same_kind out= and refuses an integer or bool dtype.
    assert _averages._root(numpy, numpy.array(5, 'int8'), None) == 2
    assert _averages._root(numpy, numpy.array(True), None)
    assert _averages._root(numpy, numpy.array(6.25), None) == 2.5
    for ret, out in ((numpy.array([4], 'int8'), None), (numpy.array(4, 'int8'), 'given')):
        with pytest.raises(TypeError, match="same_kind"):
            _averages._root(numpy, ret, out)


@gpu
@pytest.mark.parametrize('dtype', ['int8', 'uint8', 'int16', 'bool'])
@pytest.mark.parametrize('call', [
    lambda xp, dt: xp.asarray(False).std(dtype=dt),
    lambda xp, dt: xp.asarray([1.0, 2.0, 3.0, 4.5]).std(dtype=dt),
    lambda xp, dt: xp.std(xp.asarray([[1, 5], [2, 7]]), dtype=dt),
    lambda xp, dt: xp.asarray(3.0).std(dtype=dt, keepdims=True),
    lambda xp, dt: xp.asarray([1.0, 4.0]).std(dtype=dt, where=xp.asarray([True, True])),
    lambda xp, dt: xp.asarray([1, 5]).var(dtype=dt),
    lambda xp, dt: xp.asarray([1, 5]).mean(dtype=dt),
    lambda xp, dt: xp.ones((2, 3)).std(axis=0, dtype=dt),
    lambda xp, dt: xp.ones((2, 3)).std(dtype=dt, keepdims=True),
    lambda xp, dt: xp.ones((2, 3)).std(out=xp.zeros((), dt)),
])
def test_integer_dtype_statistics_like_numpy(dtype, call):
    try:
        want = call(numpy, dtype)
    except TypeError:
        with pytest.raises(TypeError):
            call(cunp, dtype)
        return
    got = call(cunp, dtype)
    assert got.dtype == want.dtype and got.shape == numpy.shape(want)
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
