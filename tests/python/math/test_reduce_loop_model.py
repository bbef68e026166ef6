# tests/python/math/test_reduce_loop_model.py -- the host-side rules of ufunc.reduce and
# ufunc.reduceat against NumPy: the loop a reduction runs with out= taking part, how initial=
# is converted through it, and the iterator order reduceat allocates its result in.
"""Runs without a GPU: the loop choice (_core.reduction.loop_dtype, the function ufunc.reduce
resolves with) and the allocation order (_core.axes.iterator_order, as reduceat calls it)
are host-side; the device-side cases are in tests/fuzz/corpus/cases.py."""

import warnings

import numpy
import pytest

import cunp
from cunp import _core
from ufunc_support import UFUNC_NAMES

BINARY = [n for n in UFUNC_NAMES
          if isinstance(getattr(numpy, n, None), numpy.ufunc) and hasattr(cunp, n)
          and getattr(numpy, n).nin == 2 and getattr(numpy, n).nout == 1]
DTYPES = ['bool', 'int8', 'uint8', 'int16', 'int64', 'uint64', 'float16', 'float32', 'float64',
          'complex64']


def _numpy_reduce(name, t, out, **kw):
    """NumPy's reduce of a length-1 array of dtype t into a 0-d out= of dtype out (None: no
    out=): (result, None) or (None, exception type)."""
    if out is not None:
        kw['out'] = numpy.zeros((), out)
    try:
        with warnings.catch_warnings(), numpy.errstate(all='ignore'):
            warnings.simplefilter('ignore')
            return getattr(numpy, name).reduce(numpy.ones(1, t), axis=0, **kw), None
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        for base in (TypeError, OverflowError, ValueError):  # NumPy's subclasses as their base
            if isinstance(e, base):
                return None, base
        return None, type(e)


def _loop(name, t, out, dtype=None):
    try:
        return _core.reduction.loop_dtype(name, t, dtype, out), None
    except TypeError:
        return None, TypeError


@pytest.mark.parametrize('name', BINARY)
def test_reduce_loop_exists_where_numpys_does(name):
    # out= takes part as NumPy's op(out, a): gcd of bool into int8 runs int8's loop, bitwise_or
    # of int8 into uint64 has none, subtract of bool into int8 has no bool error.
    for t in DTYPES:
        for out in [None] + DTYPES:
            _, error = _loop(name, t, out)
            _, numpy_error = _numpy_reduce(name, t, out)
            assert (error is TypeError) == (numpy_error is TypeError), (t, out, numpy_error)


@pytest.mark.parametrize('dtype', ['float16', 'float64', 'int8', 'complex64'])
@pytest.mark.parametrize('t', DTYPES)
def test_ldexp_dtype_picks_a_mixed_loop(t, dtype):
    # ldexp folds bool and integers through its (float, int) loops, also with dtype= naming the
    # float: None (cunp raises after NumPy's later checks) where NumPy has that loop.
    loop, error = _loop('ldexp', t, None, dtype)
    _, numpy_error = _numpy_reduce('ldexp', t, None, dtype=dtype)
    assert (error is TypeError) == (numpy_error is TypeError)
    assert loop is None or numpy_error is TypeError


def _fits(v, dtype):
    dtype = numpy.dtype(dtype)
    if dtype.kind not in 'iu':
        return True
    info = numpy.iinfo(dtype)
    return info.min <= v <= info.max


@pytest.mark.parametrize('name', BINARY)
@pytest.mark.parametrize('value', [-1, 300, 2**40])
def test_initial_converted_into_the_loop_then_out(name, value):
    # NumPy converts initial= into the loop's dtype (OverflowError past an integer loop's
    # range), then writes it into out= unchecked: int8 with initial=-1 into a uint8 out= folds
    # in int16 and gives 255. With where=False that value is the result.
    for t in DTYPES:
        for out in [None] + DTYPES:
            loop, error = _loop(name, t, out)
            if error is not None:
                continue
            got, numpy_error = _numpy_reduce(name, t, out, initial=value,
                                             where=numpy.array([False]))
            if loop is None:  # ldexp's mixed fold: no integer loop to check against
                continue
            if not _fits(value, loop):
                assert numpy_error is OverflowError, (t, out, loop)
                continue
            assert numpy_error is None, (t, out, loop, numpy_error)
            if out is not None and not _fits(value, out) and numpy.dtype(loop).kind in 'fc':
                continue  # a float out of an integer's range: C leaves the cast undefined
            with warnings.catch_warnings(), numpy.errstate(all='ignore'):
                warnings.simplefilter('ignore')
                want = numpy.asarray(value).astype(loop).astype(out or loop)
            numpy.testing.assert_array_equal(got, want)


def _reduceat_order(shape, strides, axis):
    """The iterator's allocation order reduceat uses: the operand's strides but along the axis
    (not iterated there), and the contiguous intp indices' only along it."""
    seen = []
    for s in (strides, [8 if d == axis else 0 for d in range(len(shape))]):
        seen.append([0 if shape[d] == 1 or (s is strides and d == axis) else s[d]
                     for d in range(len(shape))])
    if len(shape) < 2:
        return list(range(len(shape)))
    return list(_core.axes.iterator_order(tuple(shape), seen))


def test_reduceat_result_order_is_numpys():
    rng = numpy.random.default_rng(0)
    for _ in range(1500):
        nd = int(rng.integers(1, 5))
        shape = tuple(int(x) for x in rng.integers(1, 4, nd))
        a = numpy.zeros(shape, rng.choice(['int8', 'float64'])).transpose(rng.permutation(nd))
        a = a[tuple(slice(None, None, int(rng.choice([1, -1]))) for _ in range(nd))]
        if rng.integers(0, 3) == 0:  # a broadcast axis (stride 0)
            k = int(rng.integers(0, nd))
            grown = list(a.shape)
            grown[k] = 3
            a = numpy.broadcast_to(a.take([0], axis=k), grown)
        axis = int(rng.integers(0, nd))
        indices = numpy.sort(rng.integers(0, a.shape[axis], int(rng.integers(1, 4))))
        r = numpy.add.reduceat(a, indices, axis=axis)
        perm = _reduceat_order(r.shape, a.strides, axis)
        model = numpy.empty([r.shape[k] for k in perm], 'int8').transpose(numpy.argsort(perm))
        assert (r.flags.c_contiguous, r.flags.f_contiguous) == (
            model.flags.c_contiguous, model.flags.f_contiguous), (a.shape, a.strides, axis)
        big = [d for d in range(r.ndim) if r.shape[d] != 1]
        assert sorted(big, key=lambda d: -r.strides[d]) == sorted(
            big, key=lambda d: -model.strides[d]), (a.shape, a.strides, axis)
