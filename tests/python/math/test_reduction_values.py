# tests/python/math/test_reduction_values.py -- sum, prod, max, min, argmax, argmin, all, any,
# ufunc.reduce and ReductionKernel vs NumPy over dtypes, axes, keepdims, out=, initial=, where=,
# layouts (every engine strategy) and bad input; ReductionKernel's parameter parsing, generated
# sources (NVRTC-compiled for each strategy) and construction errors without a GPU.
"""Reductions compared with NumPy.

Sums add in another order than NumPy's pairwise loop, so floats are compared with a tolerance
scaled to the number of terms; float16 folds in float32 and rounds once.
"""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu


def _compile(kernel, ins, outs, *layout):
    src = kernel._source(ins, outs, *layout)
    cunp._core.reduction.compile(src, kernel.name, 90)
    return src


@pytest.mark.parametrize('layout', [(0, 0, 1, 4), (0, 0, 2, 1), (0, 1, 1, 1), (1, 1, 1, 4),
                                    (1, 2, 1, 1), (2, 1, 1, 1), (2, 3, 2, 1), (2, 1, 0, 1),
                                    (3, 1, 1, 1), (3, 2, 2, 1)])
def test_strategies_compile(layout):
    k = cunp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    src = _compile(k, ['float32'], ['float32'], *layout)
    assert 'cunp_red_l2norm' in src


def test_placeholders_and_reduce_type():
    k = cunp.ReductionKernel('T x, T w', 'float64 y', 'x * w', 'a + b', 'y = a', '0', 'wsum',
                             reduce_type='float64')
    assert k.reduce_type == 'double'
    src = _compile(k, ['float16', 'float16'], ['float64'])
    assert 'typedef _t0 T;' in src


def test_no_identity_and_index():
    k = cunp.ReductionKernel('T x', 'int64 y', '_j', 'max(a, b)', 'y = a', None, 'lastj',
                             reduce_type='int64')
    src = _compile(k, ['int8'], ['int64'], 1, 1, 1, 1)
    assert '#define _KID false' in src


def test_construction_errors():
    with pytest.raises(ValueError):
        cunp.ReductionKernel('T x', 'T y', 'x', 'a + b', 'y = a', '0', 'bad name')
    with pytest.raises(ValueError):
        cunp.ReductionKernel('T x, T x', 'T y', 'x', 'a + b', 'y = a', '0', 'dup')
    with pytest.raises(NotImplementedError):
        cunp.ReductionKernel('raw T x', 'T y', 'x', 'a + b', 'y = a', '0', 'rawk')


def test_methods_are_bound():
    for name in ('sum', 'prod', 'max', 'min', 'all', 'any', 'argmax', 'argmin'):
        assert callable(getattr(cunp.ndarray, name))
        assert callable(getattr(cunp, name))
    assert cunp.amax is cunp.max and cunp.amin is cunp.min
    assert callable(cunp.add.reduce)


# --- on the GPU ---

ALL = ['?', 'b', 'B', 'h', 'H', 'i', 'I', 'l', 'L', 'e', 'f', 'd', 'F', 'D']


def data(shape, dtype, seed=0, kind='sum'):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    n = int(numpy.prod(shape))
    if dtype.kind == 'b':
        v = rng.random(n) < 0.5
    elif dtype.kind in 'iu':
        v = rng.integers(0, 3 if kind == 'prod' else 100, n)
    elif kind == 'prod':
        v = rng.uniform(0.95, 1.05, n)
    else:
        v = rng.uniform(-1, 1, n)
        if dtype.kind == 'c':
            v = v + 1j * rng.uniform(-1, 1, n)
    return v.astype(dtype).reshape(shape)


def check(got, expected, terms=1):
    got_h = got.get() if isinstance(got, cunp.ndarray) else numpy.asarray(got)
    expected = numpy.asarray(expected)
    assert got_h.dtype == expected.dtype, (got_h.dtype, expected.dtype)
    assert got_h.shape == expected.shape, (got_h.shape, expected.shape)
    if expected.dtype.kind in 'fc':
        eps = numpy.finfo(expected.dtype).eps
        tol = eps * 8 * max(1, numpy.log2(max(terms, 2))) * (16 if expected.dtype == numpy.float16 else 1)
        numpy.testing.assert_allclose(got_h, expected, rtol=tol, atol=tol * max(1, terms ** 0.5))
    else:
        numpy.testing.assert_array_equal(got_h, expected)


def both(f, a_np, terms=None):
    """Runs f(xp, a) on NumPy and cunp and compares; errors must match in type."""
    try:
        expected = f(numpy, a_np)
    except Exception as e:  # noqa: BLE001
        with pytest.raises(type(e)):
            f(cunp, cunp.asarray(a_np))
        return
    got = f(cunp, cunp.asarray(a_np))
    check(got, expected, terms or max(1, a_np.size))


AXES = [None, 0, 1, -1, 2, (0, 2), (0, 1, 2), (), (-1, 0)]


@gpu
@pytest.mark.parametrize('dtype', ALL)
@pytest.mark.parametrize('name', ['sum', 'prod', 'max', 'min', 'all', 'any'])
def test_functions_all_dtypes_and_axes(name, dtype):
    a = data((3, 4, 5), dtype, kind='prod' if name == 'prod' else 'sum')
    for axis in AXES:
        for keepdims in (False, True):
            both(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=keepdims), a)
            both(lambda xp, x: getattr(x, name)(axis=axis, keepdims=keepdims), a)


@gpu
@pytest.mark.parametrize('dtype', ALL)
@pytest.mark.parametrize('name', ['argmax', 'argmin'])
def test_arg_all_dtypes(name, dtype):
    a = data((6, 7, 5), dtype)
    for axis in (None, 0, 1, 2, -1):
        for keepdims in (False, True):
            both(lambda xp, x: getattr(xp, name)(x, axis=axis, keepdims=keepdims), a)
    both(lambda xp, x: getattr(x, name)(), a)


@gpu
@pytest.mark.parametrize('shape,axis', [
    ((1 << 20,), None),          # one launch, split blocks with the ticket
    ((1000,), None),             # one block
    ((4, 1 << 18), 1),           # few long rows: split blocks per row
    ((300, 3000), 1),            # block per row
    ((3000, 100), 1),            # warp per row, unaligned rows
    ((3000, 128), 1),            # warp per row, vector loads
    ((100000, 2), -1),           # thread per short row
    ((2, 100000), 0),            # thread per column
    ((4096, 64), 0),             # few columns: split along the reduced axis
    ((1000, 1000), 0),           # column tiles, split in two
    ((64, 33), 0),               # column tiles, one split, a part-filled tile
    ((5000, 3), 0),              # one part-filled tile, many splits
    ((3, 500, 7), 1),            # column tiles over two kept axes
    ((70, 5, 9), (0, 1)),        # column tiles over two reduced axes
    ((64, 33, 17), (0, 2)),      # n-d
    ((5, 6, 7, 8), (1, 3)),      # strided reduced axes, general indexer
])
@pytest.mark.parametrize('dtype', ['f', 'd', 'l', 'e', 'F'])
def test_strategies_sum_and_max(shape, axis, dtype):
    a = data(shape, dtype)
    n = a.size if axis is None else int(numpy.prod([shape[x] for x in numpy.atleast_1d(axis)]))
    both(lambda xp, x: xp.sum(x, axis=axis), a, n)
    if dtype != 'F':
        both(lambda xp, x: xp.max(x, axis=axis), a, n)
        both(lambda xp, x: xp.argmin(x, axis=axis if not isinstance(axis, tuple) else None), a)


@gpu
@pytest.mark.parametrize('shape', [(1000, 1000), (64, 33), (5000, 3), (3, 500, 7)])
def test_column_tiles_initial_where_and_stats(shape):
    # Column-tile layouts (a few columns, many rows) with initial= (for max: the fold's start),
    # where= (two inputs), an all-False where column and the one-pass statistics.
    a = data(shape, 'f')
    axis = 1 if len(shape) == 3 else 0
    mask = numpy.random.default_rng(3).random(shape) < 0.7
    mask[(slice(None),) * (len(shape) - 1) + (0,)] = False
    n = shape[axis]
    both(lambda xp, x: xp.max(x, axis=axis, initial=0.25), a)
    both(lambda xp, x: xp.sum(x, axis=axis, initial=2.0), a, n)
    both(lambda xp, x: xp.sum(x, axis=axis, where=mask if xp is numpy else xp.asarray(mask)), a, n)
    both(lambda xp, x: xp.min(x, axis=axis, initial=5.0,
                              where=mask if xp is numpy else xp.asarray(mask)), a)
    both(lambda xp, x: xp.argmax(x, axis=axis), a)
    both(lambda xp, x: xp.mean(x, axis=axis), a, n)
    both(lambda xp, x: xp.var(x, axis=axis), a, n)
    b = data(shape, 'd')
    b[(slice(None),) * axis + (slice(None, None, 7),)] = numpy.nan  # every 7th along the axis
    both(lambda xp, x: xp.nanmean(x, axis=axis), b, n)
    both(lambda xp, x: xp.nanstd(x, axis=axis, ddof=1), b, n)
    both(lambda xp, x: xp.any(x > 0.99, axis=axis), a)


@gpu
@pytest.mark.parametrize('make', [
    lambda x: x[::2, 1::3],
    lambda x: x[::-1, ::-2],
    lambda x: x.T,
    lambda x: x[:, 5],
])
@pytest.mark.parametrize('axis', [None, 0, -1])
def test_layouts(make, axis):
    a = data((40, 60), 'f')
    both(lambda xp, x: make(x).sum(axis=axis), a, 60)
    both(lambda xp, x: make(x).max(axis=axis), a)
    both(lambda xp, x: make(x).argmax(axis=axis), a)


@gpu
def test_broadcast_input():
    a = numpy.arange(5, dtype='f')
    for axis in (None, 0, 1):
        both(lambda xp, x: xp.broadcast_to(x, (3, 5)).sum(axis=axis), a)
        both(lambda xp, x: xp.broadcast_to(x, (3, 5)).argmax(axis=axis), a)


@gpu
def test_zero_d_and_empty():
    both(lambda xp, x: xp.sum(x), numpy.array(3.5))
    both(lambda xp, x: x.max(), numpy.array(3.5))
    both(lambda xp, x: xp.add.reduce(x), numpy.array(3.5))
    both(lambda xp, x: xp.add.reduce(x, axis=0), numpy.array(3.5))
    # A plain axis 0 or -1 reduces nothing on a 0-d array; a tuple naming it is out of bounds.
    for axis in (-1, (0,), (-1,), (0, 0), 1, ()):
        both(lambda xp, x: xp.sum(x, axis=axis), numpy.array(3.5))
        both(lambda xp, x: xp.maximum.reduce(x, axis=axis), numpy.array(3.5))
        both(lambda xp, x: x.all(axis=axis, keepdims=True), numpy.array(3.5))
    both(lambda xp, x: xp.max(x, axis=(0,), initial=300), numpy.array(3, 'int8'))
    e = numpy.zeros((0, 3), 'f')
    both(lambda xp, x: xp.sum(x), e)
    both(lambda xp, x: xp.prod(x, axis=0), e)
    both(lambda xp, x: xp.max(x, axis=1), e)
    both(lambda xp, x: xp.all(x), e)
    both(lambda xp, x: xp.any(x, axis=0), e)
    both(lambda xp, x: xp.sum(x, axis=0, dtype='i'), e)
    both(lambda xp, x: xp.max(x, axis=0, initial=-5), e)


@gpu
def test_empty_errors():
    e = cunp.zeros((0, 3), 'f')
    with pytest.raises(ValueError, match='zero-size array to reduction operation maximum which has no identity'):
        cunp.max(e)
    with pytest.raises(ValueError, match='zero-size array to reduction operation minimum'):
        e.min(axis=0)
    with pytest.raises(ValueError, match='attempt to get argmax of an empty sequence'):
        cunp.argmax(e)
    with pytest.raises(ValueError):
        cunp.argmin(e, axis=0)
    assert cunp.argmax(e, axis=1).shape == (0,)


@gpu
def test_bad_axis_and_out():
    from numpy.exceptions import AxisError

    a = cunp.ones((2, 3))
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        a.sum(axis=(0, 0))
    with pytest.raises(ValueError, match="duplicate value in 'axis'"):
        cunp.sum(a, axis=(1, -1))
    with pytest.raises(AxisError):
        a.sum(axis=2)
    with pytest.raises(AxisError):
        cunp.max(a, axis=-3)
    with pytest.raises(AxisError):
        a.argmax(axis=2)
    with pytest.raises(TypeError):
        a.sum(axis=1.0)
    with pytest.raises(ValueError, match='wrong number of dimensions'):
        cunp.sum(a, axis=0, out=cunp.empty((1, 3)))
    with pytest.raises(ValueError):
        cunp.sum(a, axis=0, out=cunp.empty(2))
    with pytest.raises(ValueError, match='must match the operand'):
        cunp.sum(a, axis=0, keepdims=True, out=cunp.empty(3))


@gpu
def test_out():
    a_np = data((4, 5), 'f')
    a = cunp.asarray(a_np)
    o = cunp.empty(5, 'f')
    r = cunp.sum(a, axis=0, out=o)
    assert r is o
    check(o, a_np.sum(axis=0), 4)
    o64 = cunp.empty((4, 1), 'd')
    a.max(axis=1, keepdims=True, out=o64)
    check(o64, a_np.max(axis=1, keepdims=True).astype('d'))
    oi = cunp.empty(4, 'l')
    assert a.argmax(axis=1, out=oi) is oi
    check(oi, a_np.argmax(axis=1))


@gpu
@pytest.mark.parametrize('dtype', ['b', 'B', 'h', 'H', 'i', 'I', '?', 'l', 'L', 'e', 'f', 'd'])
def test_accumulator_dtypes(dtype):
    a = data((50,), dtype)
    both(lambda xp, x: xp.sum(x), a)
    both(lambda xp, x: xp.prod(x[:5]), a)
    both(lambda xp, x: xp.sum(x, dtype='d'), a)
    both(lambda xp, x: xp.sum(x, dtype='b'), a)
    both(lambda xp, x: xp.max(x), a)


@gpu
def test_initial_and_where():
    a_np = data((4, 6), 'f')
    mask = numpy.random.default_rng(1).random((4, 6)) < 0.5
    mrow = numpy.array([True, False, True, True, False, True])
    for axis in (None, 0, 1):
        both(lambda xp, x: xp.sum(x, axis=axis, initial=2.5), a_np)
        both(lambda xp, x: xp.max(x, axis=axis, initial=0.5), a_np)
        both(lambda xp, x: xp.sum(x, axis=axis, where=xp.asarray(mask)), a_np)
        both(lambda xp, x: xp.sum(x, axis=axis, where=xp.asarray(mrow), initial=1), a_np)
        both(lambda xp, x: xp.max(x, axis=axis, where=xp.asarray(mask), initial=-9), a_np)
        both(lambda xp, x: xp.prod(x, axis=axis, where=False), a_np)
    with pytest.raises(ValueError, match='to use a where mask one has to specify'):
        cunp.max(cunp.asarray(a_np), where=cunp.asarray(mask))


@gpu
def test_nan_and_complex_semantics():
    a = numpy.array([1.0, numpy.nan, 3.0, numpy.nan, -1.0], 'f')
    for name in ('max', 'min', 'argmax', 'argmin'):
        both(lambda xp, x: getattr(xp, name)(x), a)
    b = numpy.arange(2000, dtype='d')
    b[1500] = numpy.nan
    b[700] = numpy.nan
    for name in ('max', 'argmax', 'argmin'):
        both(lambda xp, x: getattr(xp, name)(x), b)
    c = numpy.array([1 + 1j, 1 + 2j, 0 + 5j, 1 + 2j], 'D')
    for name in ('max', 'min', 'argmax', 'argmin'):
        both(lambda xp, x: getattr(xp, name)(x), c)
    both(lambda xp, x: xp.max(x), numpy.array([1 + 1j, complex(numpy.nan, 0), 5j]))
    # Ties: the first position.
    both(lambda xp, x: xp.argmax(x), numpy.array([3, 7, 7, 1, 7], 'i'))
    both(lambda xp, x: xp.argmax(x, axis=0), numpy.ones((300, 4), 'f'))


@gpu
def test_float32_sum_accuracy():
    rng = numpy.random.default_rng(5)
    a = rng.random(10 ** 7).astype('f')
    exact = a.astype('d').sum()
    np_err = abs(float(a.sum()) - exact)
    got = float(cunp.asarray(a).sum().get())
    assert abs(got - exact) <= max(np_err, 1e-7 * exact) * 2


@gpu
def test_ufunc_reduce():
    a_np = data((3, 4, 5), 'l')
    for name in ('add', 'multiply', 'maximum', 'minimum', 'bitwise_and', 'bitwise_or', 'bitwise_xor',
                 'logical_and', 'logical_or', 'logical_xor', 'gcd', 'fmax', 'fmin'):
        for axis in (0, 1, -1, None, (0, 2)):
            both(lambda xp, x: getattr(xp, name).reduce(x, axis=axis), a_np)
    f = data((3, 4), 'd', kind='prod')
    for name in ("subtract", "divide", "power", "arctan2", "hypot", "logaddexp"):
        for axis in (0, 1, -1):
            # The documented left fold along the axis, spelled out: NumPy releases differ in
            # the last bits (and for power by more) where they vectorize these loops.
            u = getattr(numpy, name)
            rows = numpy.moveaxis(f, axis, 0)
            expected = rows[0]
            for r in rows[1:]:
                expected = u(expected, r)
            check(getattr(cunp, name).reduce(cunp.asarray(f), axis=axis), expected, 1)
    both(lambda xp, x: xp.subtract.reduce(x), numpy.arange(1000.0))
    both(lambda xp, x: xp.add.reduce(x, axis=None, keepdims=True), f)
    both(lambda xp, x: xp.add.reduce(x, 0, 'f'), f)
    both(lambda xp, x: xp.equal.reduce(x), numpy.array([True, False, False]))
    for t in ('b', 'H', '?'):
        both(lambda xp, x: xp.divide.reduce(x), numpy.array([4, 2, 1]).astype(t))


@gpu
def test_ufunc_reduce_errors():
    a = cunp.ones((2, 3))
    with pytest.raises(ValueError, match="'subtract' is not reorderable"):
        cunp.subtract.reduce(a, axis=(0, 1))
    with pytest.raises(ValueError, match="not reorderable"):
        cunp.subtract.reduce(a, axis=None)
    with pytest.raises(TypeError):
        cunp.equal.reduce(cunp.ones(3))
    with pytest.raises(ValueError):
        cunp.sin.reduce(a)
    with pytest.raises(ValueError, match='zero-size array to reduction operation lcm'):
        cunp.lcm.reduce(cunp.ones(0, 'l'))


@gpu
def test_reduction_kernel():
    x_np = data((30, 40), 'f')
    x = cunp.asarray(x_np)
    l2 = cunp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
    check(l2(x), numpy.sqrt((x_np * x_np).sum()), x_np.size)
    check(l2(x, axis=1), numpy.sqrt((x_np * x_np).sum(axis=1)), 40)
    check(l2(x, axis=0, keepdims=True), numpy.sqrt((x_np * x_np).sum(axis=0, keepdims=True)), 30)
    dot = cunp.ReductionKernel('T x, T y', 'float64 z', 'x * y', 'a + b', 'z = a', '0', 'rdot',
                               reduce_type='float64')
    check(dot(x, x, axis=(0, 1)), (x_np * x_np).astype('d').sum(), x_np.size)  # x * y is a float32 product
    first = cunp.ReductionKernel('T x', 'T y', 'x', 'max(a, b)', 'y = a', None, 'rmax')
    check(first(x, axis=0), x_np.max(axis=0))
    with pytest.raises(ValueError):
        first(cunp.zeros((0,), 'f'))
    argj = cunp.ReductionKernel('T x', 'int64 y', '_j', 'max(a, b)', 'y = a', '0', 'lastj',
                                reduce_type='int64')
    check(argj(x, axis=1), numpy.full(30, 39))
    out = cunp.empty(40, 'f')
    assert l2(x, out, axis=0) is out


@gpu
@pytest.mark.slow
def test_large_full_sum():
    n = (1 << 31) + 1000
    a = cunp.ones(n, dtype='b')
    assert int(a.sum().get()) == n
    assert int(a.argmax().get()) == 0
    a[n - 1] = 2
    assert int(a.argmax().get()) == n - 1
    assert int(a.max().get()) == 2


def _layouts():
    """(name, make(xp, a)): F order, transposes, a broadcast axis, reversed and sliced views."""
    return [('C', lambda xp, a: a),
            ('F', lambda xp, a: xp.asfortranarray(a)),
            ('T', lambda xp, a: a.transpose(2, 0, 1, 3)),
            ('rev', lambda xp, a: a.transpose(3, 2, 1, 0)[::-1]),
            ('step', lambda xp, a: a[:, ::2].transpose(1, 3, 0, 2)),
            ('bcast', lambda xp, a: xp.broadcast_to(a[:1].transpose(3, 1, 2, 0), (5, 3, 4, 2)))]


def _flags(x):
    strides = tuple(None if n == 1 else st // x.itemsize for n, st in zip(x.shape, x.strides))
    return x.flags.c_contiguous, x.flags.f_contiguous, strides


@gpu
@pytest.mark.parametrize('name,make', _layouts())
@pytest.mark.parametrize('axis', [0, 1, -1, (0, 2), (1, 3), None])
@pytest.mark.parametrize('keepdims', [False, True])
def test_result_layout_is_numpys(name, make, axis, keepdims):
    # NumPy's reductions allocate their result with the kept axes in its iterator's order over
    # the input, so a transposed input gives a transposed result; argmax's is C-ordered.
    a = numpy.arange(2 * 3 * 4 * 5, dtype=numpy.float64).reshape(2, 3, 4, 5) % 7
    x, g = make(numpy, a), make(cunp, cunp.asarray(a))
    one = axis if isinstance(axis, int) else None
    calls = [lambda xp, v: xp.sum(v, axis=axis, keepdims=keepdims),
             lambda xp, v: xp.max(v, axis=axis, keepdims=keepdims),
             lambda xp, v: xp.any(v, axis=axis, keepdims=keepdims),
             lambda xp, v: xp.mean(v, axis=axis, keepdims=keepdims),
             lambda xp, v: xp.var(v, axis=axis, keepdims=keepdims),
             lambda xp, v: xp.add.reduce(v, axis=axis, keepdims=keepdims, where=v > 2,
                                         initial=0.0),
             lambda xp, v: xp.argmax(v, axis=one, keepdims=keepdims)]
    for call in calls:
        want, got = call(numpy, x), call(cunp, g)
        assert _flags(got) == _flags(want), (name, axis, keepdims)
        numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-12)
