"""Memory layout (C/F contiguity) of results NumPy makes as a K-order copy of their input (sort,
partition, sort_complex, tile with unit repeats), through its iterator (cumsum/cumprod and
the nan forms, tril/triu) or by its own rule (pad: F for an F-only input).

The CPU tests check the layout rules cunp's core applies (NumPy's order='K' copy: axes by
decreasing |stride|, stable, stride-0 axes innermost; the iterator's order, _core.axes.
iterator_order) against NumPy's results; the GPU tests check cunp's results themselves."""

import numpy
import pytest

import cunp
from cunp import _core


def _base(xp, shape, dtype):
    h = (numpy.arange(int(numpy.prod(shape))) % 3).reshape(shape).astype(dtype)
    return xp.asarray(h)


# Input layouts as views made the same way of a NumPy or a cunp array: (name, maker). The
# harness's cases are 'broadcast' (strides (0, 1)) and 'transposed4' ((2, 2, 1, 1) transposed
# (1, 0, 2, 3)).
_LAYOUTS = [
    ('c', lambda xp, dt: _base(xp, (2, 3), dt)),
    ('broadcast', lambda xp, dt: xp.broadcast_to(_base(xp, (1, 2), dt), (2, 2))),
    ('broadcast_col', lambda xp, dt: xp.broadcast_to(_base(xp, (2, 1), dt), (2, 3))),
    ('transposed', lambda xp, dt: _base(xp, (3, 2), dt).T),
    ('fortran', lambda xp, dt: xp.asfortranarray(_base(xp, (2, 3), dt))),
    ('neg_rows', lambda xp, dt: _base(xp, (2, 3), dt)[::-1]),
    ('neg_cols_t', lambda xp, dt: _base(xp, (3, 2), dt)[::-1].T),
    ('transposed4', lambda xp, dt: _base(xp, (2, 2, 1, 1), dt).transpose(1, 0, 2, 3)),
    ('transposed3', lambda xp, dt: _base(xp, (2, 3, 4), dt).transpose(2, 0, 1)),
    ('broadcast3', lambda xp, dt: xp.broadcast_to(_base(xp, (2, 1, 2), dt), (2, 2, 2))),
    ('broadcast3_t', lambda xp, dt: xp.broadcast_to(_base(xp, (1, 2, 2), dt), (3, 2, 2))
     .transpose(1, 2, 0)),
    ('stack_t', lambda xp, dt: _base(xp, (2, 2, 3), dt).transpose(2, 0, 1)),
]

_FUNCS = [
    ('sort', lambda xp, x: xp.sort(x)),
    ('sort_axis0', lambda xp, x: xp.sort(x, axis=0)),
    ('partition', lambda xp, x: xp.partition(x, 0)),
    ('partition_axis0', lambda xp, x: xp.partition(x, 0, axis=0)),
    ('sort_complex', lambda xp, x: xp.sort_complex(x)),
    ('tile_1', lambda xp, x: xp.tile(x, 1)),
    ('tile_ones', lambda xp, x: xp.tile(x, (1,) * (x.ndim + 1))),
    ('tile_2', lambda xp, x: xp.tile(x, 2)),
    ('cumsum_axis0', lambda xp, x: xp.cumsum(x, axis=0)),
    ('cumprod_axis0', lambda xp, x: xp.cumprod(x, axis=0)),
    ('cumprod_axis1', lambda xp, x: xp.cumprod(x, axis=1)),
    ('nancumprod_axis0', lambda xp, x: xp.nancumprod(x, axis=0)),
    ('nancumsum_axis1', lambda xp, x: xp.nancumsum(x, axis=1)),
    ('tril', lambda xp, x: xp.tril(x)),
    ('triu', lambda xp, x: xp.triu(x, 1)),
    ('pad', lambda xp, x: xp.pad(x, 1)),
    ('pad_edge', lambda xp, x: xp.pad(x, ((0, 1),) * x.ndim, mode='edge')),
    ('argsort', lambda xp, x: xp.argsort(x)),
]


def _flags(r):
    return bool(r.flags.c_contiguous), bool(r.flags.f_contiguous)


# --- the rules, on the host --------------------------------------------------------------------

def _keep_perm(x):
    """Axis order (outermost first) of x.copy(order='K'), as copy.cpp's empty_like/keep_strides."""
    n = x.ndim
    if x.flags.c_contiguous:
        return list(range(n))
    if x.flags.f_contiguous:
        return list(range(n))[::-1]
    return sorted(range(n), key=lambda i: -abs(x.strides[i]))  # sorted() is stable


def _iter_perm(shape, strides_list):
    """The iterator's allocation order, as copy.cpp's empty_iterated."""
    if len(shape) < 2:
        return list(range(len(shape)))
    seen = [[s[i] if shape[i] != 1 else 0 for i in range(len(shape))] for s in strides_list]
    return list(_core.axes.iterator_order(tuple(shape), seen))


def _flags_of(shape, perm):
    a = numpy.empty([shape[k] for k in perm], numpy.int8).transpose(numpy.argsort(perm))
    return _flags(a)


def _strides_of(shape, perm):
    a = numpy.empty([shape[k] for k in perm], numpy.int8).transpose(numpy.argsort(perm))
    return a.strides


def _model(name, x):
    """The layout cunp's core gives for `name` of x (None where no rule is modelled here)."""
    if name in ('sort', 'sort_axis0', 'partition', 'partition_axis0', 'sort_complex',
                'tile_1'):
        return _flags_of(x.shape, _keep_perm(x))
    if name.startswith(('cumsum', 'cumprod', 'nancum')):
        strides = x.strides
        if name.startswith('nan') and x.dtype.kind in 'fc':
            strides = _strides_of(x.shape, _keep_perm(x))
        return _flags_of(x.shape, _iter_perm(x.shape, [strides]))
    if name in ('tril', 'triu'):
        mask = [0] * (x.ndim - 2) + [x.shape[-1], 1]
        return _flags_of(x.shape, _iter_perm(x.shape, [mask, x.strides]))
    return None


@pytest.mark.parametrize('layout', _LAYOUTS, ids=[lay[0] for lay in _LAYOUTS])
@pytest.mark.parametrize('func', _FUNCS, ids=[f[0] for f in _FUNCS])
@pytest.mark.parametrize('dtype', ['bool', 'float64'])
def test_rule_matches_numpy(layout, func, dtype):
    x = layout[1](numpy, dtype)
    want = _model(func[0], x)
    if want is None:
        pytest.skip('no host-side rule for this function')
    assert want == _flags(func[1](numpy, x))


# --- cunp's results ----------------------------------------------------------------------------

@pytest.mark.gpu
@pytest.mark.parametrize('layout', _LAYOUTS, ids=[lay[0] for lay in _LAYOUTS])
@pytest.mark.parametrize('func', _FUNCS, ids=[f[0] for f in _FUNCS])
@pytest.mark.parametrize('dtype', ['bool', 'int32', 'float64'])
def test_flags_match_numpy(layout, func, dtype):
    h = layout[1](numpy, dtype)
    d = layout[1](cunp, dtype)
    assert d.strides == h.strides
    want = func[1](numpy, h)
    got = func[1](cunp, d)
    assert _flags(got) == _flags(want), (got.strides, want.strides)
    got = got.get()
    if func[0].startswith('partition'):
        # Only the kth element's place is defined; each side may come in any order.
        axis = 0 if func[0].endswith('axis0') else -1
        numpy.testing.assert_array_equal(numpy.take(got, 0, axis), numpy.take(want, 0, axis))
        got, want = numpy.sort(got, axis), numpy.sort(want, axis)
    numpy.testing.assert_array_equal(got, want)


@pytest.mark.gpu
def test_pad_transposed_4d():
    """The harness's case: a 4-D array transposed (3, 1, 2, 0) (F-contiguous) is padded in
    F order."""
    h = _base(numpy, (2, 3, 1, 2), 'float32').transpose(3, 1, 2, 0)
    d = _base(cunp, (2, 3, 1, 2), 'float32').transpose(3, 1, 2, 0)
    for mode in ('constant', 'edge', 'reflect', 'wrap', 'empty'):
        want = numpy.pad(h, 1, mode=mode)
        got = cunp.pad(d, 1, mode=mode)
        assert _flags(got) == _flags(want)
        if mode != 'empty':
            numpy.testing.assert_array_equal(got.get(), want)


@pytest.mark.gpu
def test_tril_broadcast_3d():
    """The harness's case: tril/triu of a broadcast (1, 2, 2) bool array."""
    cases = [lambda xp: xp.broadcast_to(xp.asarray([False, True]), (1, 2, 2)),
             lambda xp: xp.broadcast_to(xp.asarray([[False], [True]]), (1, 2, 2)),
             lambda xp: xp.asarray([[[False, True], [True, False]]]).transpose(0, 2, 1)]
    for make in cases:
        for f in ('tril', 'triu'):
            want = getattr(numpy, f)(make(numpy))
            got = getattr(cunp, f)(make(cunp))
            assert _flags(got) == _flags(want)
            numpy.testing.assert_array_equal(got.get(), want)
