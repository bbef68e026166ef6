# tests/python/manipulation/test_joining.py -- concatenate, stack, vstack/hstack/dstack/column_stack,
# atleast_nd and the split family against NumPy.
"""Joining and splitting against NumPy: dtypes (promotion and casting), axes, layouts
(non-contiguous and F-order inputs, empty parts), out=, and NumPy's errors."""

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu


def parts(xp, shapes, dtypes, seed=0):
    rs = numpy.random.RandomState(seed)
    return [xp.asarray((rs.uniform(-9, 9, size=s) * 4).round().astype(d))
            for s, d in zip(shapes, dtypes)]


@testing.for_all_dtypes()
@testing.numpy_cunp_array_equal()
def test_concatenate_axes(xp, dtype):
    a, b, c = parts(xp, [(2, 3, 4), (2, 1, 4), (2, 5, 4)], [dtype] * 3)
    return xp.concatenate([a, b, c], axis=1), xp.concatenate((a[:, :1], c), axis=-2)


@pytest.mark.parametrize('axis', [0, 1, -1, None])
@testing.numpy_cunp_array_equal()
def test_concatenate_layouts(xp, axis):
    a, b = parts(xp, [(4, 6), (4, 6)], ['f4', 'f8'])
    pieces = [a.T[::-1], b[:, ::2].T.copy() if axis in (0, None) else b[::-1, ::2]]
    if axis in (1, -1):
        pieces = [a[::-1], b[:, 1:4]]
    return xp.concatenate(pieces, axis=axis)


@testing.numpy_cunp_array_equal()
def test_concatenate_promotion_and_empty(xp):
    a, b = parts(xp, [(3, 2), (0, 2)], ['i1', 'u2'])
    c = xp.asarray(numpy.zeros((2, 2), 'f4'))
    return xp.concatenate([a, b]), xp.concatenate([a, b, c]), xp.concatenate([b, b])


@testing.numpy_cunp_array_equal()
def test_concatenate_out_and_dtype(xp):
    a, b = parts(xp, [(2, 3), (1, 3)], ['f8', 'f8'])
    out = xp.zeros((3, 3), 'f4')
    r = xp.concatenate([a, b], out=out, casting='unsafe')
    assert r is out
    return out, xp.concatenate([a, b], dtype='i4', casting='unsafe')


@testing.numpy_cunp_array_equal()
def test_concatenate_f_order(xp):
    a, b = parts(xp, [(3, 4), (3, 4)], ['f4', 'f4'])
    r = xp.concatenate([xp.asfortranarray(a), xp.asfortranarray(b)], axis=1)
    assert r.flags.f_contiguous
    return r


@pytest.mark.parametrize('call', [
    lambda xp: xp.concatenate([]),
    lambda xp: xp.concatenate([xp.zeros(()), xp.zeros(())]),
    lambda xp: xp.concatenate([xp.zeros((2, 3)), xp.zeros((2, 4))]),
    lambda xp: xp.concatenate([xp.zeros((2, 3)), xp.zeros(3)]),
    lambda xp: xp.concatenate([xp.zeros((2, 3))], axis=2),
    lambda xp: xp.concatenate([xp.zeros(3, 'f8')], dtype='i4'),
    lambda xp: xp.concatenate([xp.zeros(3)], out=xp.zeros(4)),
    lambda xp: xp.concatenate([xp.zeros(3)], out=xp.zeros(3), dtype='f4'),
    lambda xp: xp.stack([xp.zeros(3), xp.zeros(4)]),
    lambda xp: xp.stack([xp.zeros(3)], axis=2),
    lambda xp: xp.stack([]),
    lambda xp: xp.split(xp.zeros(5), 2),
    lambda xp: xp.vsplit(xp.zeros(4), 2),
    lambda xp: xp.dsplit(xp.zeros((2, 2)), 2),
    lambda xp: xp.array_split(xp.zeros(4), 0),
])
def test_errors(call):
    errors = []
    for xp in (numpy, cunp):
        with pytest.raises(Exception) as info:
            call(xp)
        errors.append(info.value)
    expected = next(t for t in type(errors[0]).__mro__
                    if t.__module__ in ('builtins', 'numpy.exceptions'))
    assert isinstance(errors[1], expected), errors
    assert str(errors[0]).split('(')[0] == str(errors[1]).split('(')[0], errors


@pytest.mark.parametrize('axis', [0, 1, 2, -1, -3])
@testing.numpy_cunp_array_equal()
def test_stack(xp, axis):
    a, b, c = parts(xp, [(2, 3)] * 3, ['f4', 'i8', 'f8'])
    return xp.stack([a, b.T.T, c[::-1]], axis=axis)


@pytest.mark.parametrize('shapes, error', [([(3,), ()], ValueError), ([], ValueError),
                                           ([(3,), (3,)], TypeError)])
def test_stack_checks_arrays_before_axis(shapes, error):
    # NumPy: no arrays or unequal shapes (ValueError) before axis=None (TypeError).
    for xp in (numpy, cunp):
        with pytest.raises(error):
            xp.stack([xp.zeros(s) for s in shapes], axis=None)


@testing.numpy_cunp_array_equal()
def test_stack_out(xp):
    a, b = parts(xp, [(2, 3)] * 2, ['f4', 'f4'])
    out = xp.empty((2, 2, 3), 'f8')
    xp.stack([a, b], axis=1, out=out)
    return out


@testing.numpy_cunp_array_equal()
def test_vstack_hstack_dstack_column_stack(xp):
    v, w = parts(xp, [(5,), (5,)], ['f4', 'f4'])
    m, n = parts(xp, [(2, 5), (3, 5)], ['i4', 'f8'])
    s = xp.asarray(numpy.float32(7))
    return (xp.vstack([v] * 5), xp.vstack([m, n, v]), xp.hstack([v, w, s]),
            xp.hstack([m[:, :2], m]), xp.dstack([v, w]), xp.dstack([m, m]),
            xp.column_stack([v, w]), xp.column_stack([m.T, v]))


def test_seed_vstack_det_shape():
    # seed 002: cp.vstack([x_gpu0]*5) of a 1-D array is a 5x5 matrix
    x = cunp.array([1, 2, 3, 4, 5])
    arr = cunp.vstack([x] * 5)
    assert arr.shape == (5, 5) and arr.dtype == numpy.int64
    testing.assert_array_equal(arr, numpy.vstack([numpy.arange(1, 6)] * 5))


@testing.numpy_cunp_array_equal()
def test_atleast(xp):
    z = xp.asarray(numpy.float64(3))
    v = xp.asarray(numpy.arange(4.0))
    m = xp.asarray(numpy.arange(6.0).reshape(2, 3))
    out = []
    for f in (xp.atleast_1d, xp.atleast_2d, xp.atleast_3d):
        out += [f(z), f(v), f(m)]
        pair = f(z, v)
        assert isinstance(pair, tuple) and len(pair) == 2
        out += list(pair)
    return tuple(out)


@pytest.mark.parametrize('spec', [3, [1, 4], [2, 2, 9], [5, 1]])
@testing.numpy_cunp_array_equal()
def test_array_split(xp, spec):
    a = xp.asarray(numpy.arange(42.0).reshape(7, 6))
    return tuple(xp.array_split(a, spec)) + tuple(xp.array_split(a, spec, axis=1))


@testing.numpy_cunp_array_equal()
def test_split_forms(xp):
    a = xp.asarray(numpy.arange(48.0).reshape(4, 4, 3))
    return (tuple(xp.split(a, 2)) + tuple(xp.hsplit(a, [1, 3])) + tuple(xp.vsplit(a, 4)) +
            tuple(xp.dsplit(a, 3)) + tuple(xp.hsplit(a[0, 0], 3)))


def test_split_is_a_view():
    a = cunp.arange(6.0)
    first, _ = cunp.split(a, 2)
    first[0] = 42
    assert float(a[0]) == 42


# issue 37: hstack/vstack/concatenate check every input's cast to dtype= (or to the common
# dtype) under casting=, and raise NumPy's TypeError where the rule forbids it.
@pytest.mark.parametrize('name', ['hstack', 'vstack', 'concatenate', 'stack'])
@pytest.mark.parametrize('dtypes', [('d', 'd'), ('d', 'f'), ('f', 'f'), ('i', 'l'), ('?', 'b')])
@pytest.mark.parametrize('dtype', [None, 'f', 'l', 'd', '?'])
@pytest.mark.parametrize('casting', ['no', 'equiv', 'safe', 'same_kind', 'unsafe'])
def test_join_casting_rules(name, dtypes, dtype, casting):
    hs = [numpy.arange(1, 7).reshape(2, 3).astype(t) for t in dtypes]
    try:
        want = getattr(numpy, name)(hs, dtype=dtype, casting=casting)
    except TypeError as e:
        with pytest.raises(TypeError, match='Cannot cast'):
            getattr(cunp, name)([cunp.asarray(h) for h in hs], dtype=dtype, casting=casting)
        assert 'Cannot cast' in str(e)
        return
    got = getattr(cunp, name)([cunp.asarray(h) for h in hs], dtype=dtype, casting=casting)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
