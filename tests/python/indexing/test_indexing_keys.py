# tests/python/indexing/test_indexing_keys.py -- advanced-index keys on the host (no GPU): the core's plan of
# a key (cunp._core.indexing.index_plan: classification, errors, the shape of x[key]) against NumPy, and
# the indexing routines' orchestration with NumPy stand-ins for the device.
import numpy
import pytest

import cunp
from cunp._indexing import _index_tricks as tricks
from cunp._indexing import _routines as ix


def plan(key, shape):
    """(basic, [(kind, axes, axis)], adjacent, position, shape) of x[key] for x of `shape`."""
    return cunp._core.indexing.index_plan(key, shape)


def kinds(p):
    return [e[0] for e in p[1]]


def test_single_array_in_place():
    basic, entries, adjacent, position, _ = plan((slice(None), numpy.array([1, 2])), (3, 4))
    assert basic == (slice(None), slice(None))
    assert entries == [("array", [1], 1)]
    assert adjacent and position == 1


def test_int_and_array_separated_by_slice_go_first():
    # x[0, :, [1, 2]] on 3-d: the int counts as advanced, a slice separates: (2, n1)
    basic, entries, adjacent, position, shape = plan((0, slice(None), [1, 2]), (3, 4, 5))
    assert basic == (0, slice(None), slice(None))
    assert not adjacent and position == 0
    assert entries == [("array", [1], 2)]
    assert shape == (2, 4)


def test_int_next_to_array_stays_in_place():
    p = plan((slice(None), 0, [1, 2]), (3, 4, 5))
    assert p[2] and p[3] == 1


def test_none_separates():
    p = plan(([0, 1], None, [1, 2]), (3, 4, 5))
    assert not p[2] and p[3] == 0


def test_mask_axes_and_ellipsis():
    m = numpy.ones((3, 4), bool)
    basic, entries, adjacent, position, shape = plan((Ellipsis, m), (2, 3, 4))
    assert basic == (slice(None),) * 3
    assert entries == [("mask", [1, 2], 1)]
    assert adjacent and position == 1
    assert shape == (2, 12)


def test_zero_d_bool_adds_axis():
    basic, entries, _, _, shape = plan(True, (3,))
    assert basic == (None,)
    assert entries == [("bool", [0], 0)] and shape == (1, 3)
    assert not plan((0, True, slice(None), [1]), (3, 4, 5))[2]


def test_empty_list_is_integer_index():
    assert kinds(plan([], (3,))) == ["array"]
    assert plan([], (3, 2))[4] == (0, 2)


def test_numpy_scalars_and_index_objects():
    class Index:
        def __index__(self):
            return 1

    p = plan((numpy.int64(1), [0]), (3, 4))
    assert p[0] == (1, slice(None)) and kinds(p) == ["array"]
    assert kinds(plan((numpy.True_,), (3,))) == ["bool"]
    assert plan((Index(), numpy.array(2)), (3, 4))[0] == (1, 2)


A = numpy.zeros((3, 4, 5))
I2 = numpy.array([[0, 2], [1, -1]])
KEYS = [
    numpy.array([0, 2, -1]), [0, 0, 2], [], (slice(None), numpy.array([3, 0])),
    (Ellipsis, numpy.array([4, -5])), (numpy.array([0, 2]), numpy.array([1, 3])),
    (numpy.array([0, 2]), slice(None), numpy.array([1, 3])), (0, slice(None), [1, 3]),
    (slice(None), 0, [1, 3]), (slice(None), I2, slice(1, 3)), (I2, None, [1]),
    (None, [2, 1]), (slice(None, None, -1), [1, 2], slice(None, None, 2)),
    (I2[:, :1], [0, 1, 2]), numpy.arange(60).reshape(3, 4, 5) % 2 == 0,
    (numpy.arange(60).reshape(3, 4, 5) % 3 == 0)[:, :, 0],
    (slice(None), (numpy.arange(20).reshape(4, 5) % 3 == 0)),
    ([True, False, True], slice(None), [0, 4]), (numpy.array([True, False, True]), [0, 3]),
    True, False, (0, True), (numpy.zeros(3, bool),), numpy.zeros((3, 4, 5), bool),
    (1, [[0], [3]], slice(1, None)),
    (numpy.array([1, 0], numpy.uint8), numpy.array([[-1], [2]], numpy.int16)),
    (None, numpy.ones((3, 4), bool), None), (slice(None), [0, 1], [True, False, True, False, False]),
    (0, True, slice(None), [1]), ([0, 1], None, [1, 2]), (Ellipsis, None), (1, 2),
]


@pytest.mark.parametrize("key", KEYS, ids=range(len(KEYS)))
def test_result_shape_matches_numpy(key):
    assert plan(key, A.shape)[4] == A[key].shape


@pytest.mark.parametrize("key, ndim, message", [
    ((1.0,), 1, "only integers, slices"),
    (([1.5],), 1, "only integers, slices"),
    (([1, 1.5],), 1, "only integers, slices"),
    ((numpy.array([1.0]),), 1, "arrays used as indices must be of integer (or boolean) type"),
    (([0], [0]), 1, "too many indices for array: array is 1-dimensional, but 2 were indexed"),
    ((Ellipsis, Ellipsis, [0]), 2, "an index can only have a single ellipsis ('...')"),
    (("a",), 1, "only integers, slices"),
    ((numpy.float64(1.0),), 1, "only integers, slices"),
    ((numpy.array(1.0), [0]), 2, "arrays used as indices must be of integer (or boolean) type"),
    ((numpy.ones((3, 3), bool), [0]), 2, "too many indices for array"),
])
def test_key_errors_match_numpy(key, ndim, message):
    with pytest.raises(IndexError) as e:
        plan(key, (3,) * ndim)
    assert message in str(e.value)
    x = numpy.zeros((3,) * ndim)
    with pytest.raises(IndexError) as n:
        x[key]
    assert str(n.value) == str(e.value)


@pytest.mark.parametrize("key, shape", [
    (([1, 2, 0, 1], [1, 2, 3]), (5, 5)),
    ((numpy.ones(4, bool),), (3, 3)),
    ((slice(None), numpy.ones(4, bool)), (3, 3)),
    ((numpy.ones((3, 5), bool),), (3, 4)),
    (([True, False, True], [0, 1, 2]), (3, 4)),
    # A mask is measured while the key is read, before a zero slice step is seen.
    ((slice(None, None, 0), numpy.array([True, False])), (2, 3)),
    ((0, None, numpy.array([False]), slice(None, None, 0)), (1, 0, 1)),
])
def test_shape_errors_match_numpy(key, shape):
    with pytest.raises(IndexError) as e:
        plan(key, shape)
    with pytest.raises(IndexError) as n:
        numpy.zeros(shape)[key]
    assert str(e.value) == str(n.value)


@pytest.mark.parametrize("key, shape", [
    ((None, numpy.zeros(0, bool)), (1, 0)),
    ((None, numpy.zeros(0, bool)), (2, 3)),
    ((numpy.zeros((0, 3), bool),), (2, 3)),
    ((slice(None), numpy.zeros(0, bool)), (3, 1)),
], ids=str)
def test_empty_mask_axis_stands_against_any_axis(key, shape):
    # NumPy skips the length check for a mask axis of length 0: it selects nothing.
    assert plan(key, shape)[4] == numpy.zeros(shape)[key].shape


# -- the indexing routines, with NumPy stand-ins for the device ---------------------------------

@pytest.fixture
def host_routines(monkeypatch):
    import types

    import cunp._creation._basic as creation
    import cunp._array._dtypes as dtypes
    import cunp._manipulation._joining as joining
    import cunp._manipulation._shapes as manipulation
    import cunp._math._reductions as reductions

    def nonzero_coords(a):
        return numpy.array(numpy.nonzero(a), dtype=numpy.int64).reshape(max(a.ndim, 1), -1)

    core = types.SimpleNamespace(
        ndarray=numpy.ndarray, empty=numpy.empty, axes=cunp._core.axes,
        indexing=types.SimpleNamespace(nonzero_coords=nonzero_coords),
        elementwise=types.SimpleNamespace(
            where=numpy.where, clip=lambda a, lo, hi, *options, **kw: numpy.clip(a, lo, hi)))
    monkeypatch.setattr(ix, "_core", core)
    monkeypatch.setattr(ix, "_first_positions", lambda j: numpy.unique(j, return_index=True)[1])
    for module in (ix, tricks):
        monkeypatch.setattr(module, "_asarray", numpy.asarray)
        monkeypatch.setattr(module, "_arange", numpy.arange)
        monkeypatch.setattr(module, "_empty", numpy.empty)
    monkeypatch.setattr(ix, "_asarray_as", lambda a, dtype: numpy.asarray(a, dtype=dtype))
    monkeypatch.setattr(joining, "stack", numpy.stack)
    monkeypatch.setattr(reductions, "any", numpy.any)
    monkeypatch.setattr(creation, "ascontiguousarray", numpy.ascontiguousarray)
    monkeypatch.setattr(manipulation, "broadcast_to", numpy.broadcast_to)
    monkeypatch.setattr(manipulation, "broadcast_arrays", numpy.broadcast_arrays)
    monkeypatch.setattr(manipulation, "broadcast_shapes", numpy.broadcast_shapes)
    monkeypatch.setattr(dtypes, "result_type", numpy.result_type)
    names = {n: getattr(ix, n) for n in ix.__all__}
    names.update({n: getattr(tricks, n) for n in tricks.__all__})
    return types.SimpleNamespace(**names, asarray=numpy.asarray, zeros=numpy.zeros)


_A = numpy.arange(60).reshape(3, 4, 5)
_ROUTINES = [
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([5, 0, -1])),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([[2, 0]]), axis=1),
    lambda xp: xp.take(xp.asarray(_A), 3, axis=-1),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([7, -9]), axis=2, mode="wrap"),
    lambda xp: xp.take(xp.asarray(_A), xp.asarray([7, -9]), axis=2, mode="clip"),
    lambda xp: xp.take_along_axis(xp.asarray(_A), xp.asarray(numpy.argsort(_A % 7, axis=1)), 1),
    lambda xp: xp.take_along_axis(xp.asarray(_A).ravel(), xp.asarray([3, 1]), None),
    lambda xp: xp.nonzero(xp.asarray(_A % 3 == 0)),
    lambda xp: xp.nonzero(xp.asarray([0.0, 1.5, 0.0, -2.0])),
    lambda xp: xp.argwhere(xp.asarray(_A % 5 == 1)),
    lambda xp: xp.argwhere(xp.asarray(3)),
    lambda xp: xp.flatnonzero(xp.asarray(_A % 6 == 0)),
    lambda xp: xp.compress(xp.asarray([True, False, True]), xp.asarray(_A), axis=0),
    lambda xp: xp.compress(xp.asarray([False, True]), xp.asarray(_A)),
    lambda xp: xp.extract(xp.asarray(_A % 7 == 0), xp.asarray(_A)),
    lambda xp: xp.choose(xp.asarray([[0, 1, 2], [2, 1, 0]]),
                         [xp.asarray([1, 2, 3]), xp.asarray([[10], [20]]), xp.asarray(100)]),
    lambda xp: xp.choose(xp.asarray([4, -1, 1]), [xp.asarray([1, 2, 3]), xp.asarray([5, 6, 7])],
                         mode="wrap"),
    lambda xp: xp.select([xp.asarray(_A < 10), xp.asarray(_A > 50)],
                         [xp.asarray(_A), xp.asarray(-_A)], default=7),
    lambda xp: xp.diag_indices(4, 3),
    lambda xp: xp.tril_indices(4, -1),
    lambda xp: xp.triu_indices_from(xp.zeros((3, 4))),
    lambda xp: xp.indices((2, 3)),
    lambda xp: xp.indices((2, 3), sparse=True),
    lambda xp: xp.ix_(xp.asarray([0, 2]), xp.asarray([True, False, True, True])),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([3, 0])), (3, 4)),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([5, -1])), (3, 4),
                                    mode=("raise", "wrap"), order="F"),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4)),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4), order="F"),
    lambda xp: xp.repeat(xp.asarray(_A), 2, axis=1),
    lambda xp: xp.repeat(xp.asarray([1, 2, 3]), [2, 0, 1]),
    lambda xp: xp.repeat(xp.asarray(_A), 3),
    lambda xp: xp.tile(xp.asarray([1, 2]), (2, 3)),
    lambda xp: xp.tile(xp.asarray(_A[0]), 2),
]


def _same(n, c):
    if isinstance(n, tuple):
        assert isinstance(c, tuple) and len(n) == len(c)
        for a, b in zip(n, c):
            _same(a, b)
    else:
        assert numpy.shape(c) == numpy.shape(n)
        numpy.testing.assert_array_equal(c, n)


@pytest.mark.parametrize("f", _ROUTINES, ids=range(len(_ROUTINES)))
def test_routines_orchestration(host_routines, f):
    _same(f(numpy), f(host_routines))


@pytest.mark.parametrize("a, ind", [(numpy.zeros(0, bool), numpy.asarray(0, "uint64")),
                                    (numpy.asarray(False), numpy.asarray(0, "uint64")),
                                    (numpy.zeros(3), numpy.asarray([1], "uint64"))])
def test_put_uint64_indices_before_emptiness(host_routines, a, ind):
    # NumPy converts the indices by the 'safe' rule before it looks at the array's size.
    with pytest.raises(TypeError):
        numpy.put(a.copy(), ind, numpy.zeros(0, "uint64"))
    with pytest.raises(TypeError):
        host_routines.put(a.copy(), ind, numpy.zeros(0, "uint64"))


def test_put_out_of_range_negative_still_raises(host_routines):
    # Reading negative indices from the end (to find repeated writes) leaves -n - 1 out of range.
    for put in (numpy.put, host_routines.put):
        with pytest.raises(IndexError):
            put(numpy.zeros(5), numpy.asarray([-6, 0, 0]), numpy.asarray([1.0, 2.0, 3.0]))


@pytest.mark.parametrize("shape", [(3,), (0,), ()], ids=str)
@pytest.mark.parametrize("dtype", ["int8", "uint8", "bool", "float32"])
@pytest.mark.parametrize("args, kw", [
    (([0], [2**63 - 1]), {}), ((0, 2**63 - 1), {}), (([5], [300]), {}), (([5], [-1.0]), {}),
    (([5], [1]), {"mode": "bad"}), ((0, False), {"mode": "bad"}), (([0, 2], [2.7, -1.5]), {}),
    (([0, 2], numpy.array([2.7, -1.5])), {}), (([7], [1]), {"mode": "wrap"}),
    (([], [300]), {}), (([5], []), {})], ids=repr)
def test_put_checks_in_numpy_order(host_routines, shape, dtype, args, kw):
    # mode= first, then the empty array, then the values (a Python int or float range-checked,
    # an array cast), and only then the indices against the bounds.
    def run(put):
        a = numpy.zeros(shape, dtype)
        try:
            put(a, *args, **kw)
        except Exception as e:  # noqa: BLE001 - the type is what is compared
            return type(e)
        return a
    want, got = run(numpy.put), run(host_routines.put)
    if isinstance(want, type):
        assert isinstance(got, type) and issubclass(got, want), (want, got)
    else:
        numpy.testing.assert_array_equal(got, want, strict=True)


@pytest.mark.parametrize("shape, axis", [((0,), None), ((), None), ((1,), None), ((0, 3), 0),
                                         ((0, 3), 1), ((2, 0), 1), ((2, 0), 0)], ids=str)
@pytest.mark.parametrize("repeats", [-1, -3, 0, 2, [-1], [2]], ids=repr)
def test_repeat_negative_counts_like_numpy(host_routines, shape, axis, repeats):
    # One negative count is refused only where the axis has an element to repeat.
    a = numpy.zeros(shape, "int16")
    try:
        want = numpy.repeat(a, repeats, axis=axis)
    except ValueError:
        with pytest.raises(ValueError):
            host_routines.repeat(a, repeats, axis=axis)
        return
    numpy.testing.assert_array_equal(host_routines.repeat(a, repeats, axis=axis), want,
                                     strict=True)


def test_mutating_routines_orchestration(host_routines):
    def run(xp):
        out = []
        a = _A.astype(float)
        xp.put(a, xp.asarray([0, 59, -1]), xp.asarray([1.0, 2.0]))
        out.append(a)
        a = _A.astype(float)
        xp.put(a, xp.asarray([100, -100]), 5, mode="clip")
        out.append(a)
        a = _A.astype(float)[:, ::2]
        xp.put(a, xp.asarray([1, 3]), -1)
        out.append(a)
        # Elements written twice keep the last write (NumPy's loop), -1 and 59 the same one.
        a = _A.astype(float)
        xp.put(a, xp.asarray([4, -1, 4, 59, 0]), xp.asarray([1.0, 2.0, 3.0, 4.0, 5.0]))
        out.append(a)
        a = numpy.asarray(False)
        xp.put(a, xp.asarray([False, False]), xp.asarray([0.0, 1.0], "float16"))
        out.append(a)
        a = _A.astype(float)
        xp.put_along_axis(a, xp.asarray(numpy.zeros((3, 1, 5), int)), 99, axis=1)
        out.append(a)
        a = _A.astype(float)
        xp.place(a, xp.asarray(_A % 4 == 0), xp.asarray([1.0, 2.0, 3.0]))
        out.append(a)
        a = _A.astype(float)
        xp.putmask(a, xp.asarray(_A % 4 == 1), xp.asarray([-1.0, -2.0]))
        out.append(a)
        return tuple(out)
    _same(run(numpy), run(host_routines))


@pytest.mark.gpu
@pytest.mark.parametrize("dst, values", [
    ("i1", 300), ("i1", [1.5]), ("i1", [1, 2]), ("i1", numpy.float64(2.5)),
    ("f4", numpy.array([2.5])), ("f8", numpy.array([2.5], "f4")), ("i8", numpy.array([2], "u8")),
    ("i8", numpy.array([2], "i4")), ("f8", 1j), ("f8", numpy.array(1.5)),
    ("i8", numpy.array(1.5)), ("i8", "device f8"), ("f8", "device i4"), ("i2", "device 0d f8")])
def test_putmask_value_casts(dst, values):
    # Arrays (NumPy's or cunp's) go in under the 'safe' rule; anything else is converted to the
    # array's dtype as NumPy converts it.
    device = None
    if isinstance(values, str):
        kind = values.split()[-1]
        host = numpy.array(7, kind) if "0d" in values else numpy.array([7, 8], kind)
        device, values = cunp.asarray(host), host
    h = numpy.arange(4).astype(dst)
    d = cunp.asarray(h)
    mask = h % 2 == 1
    try:
        numpy.putmask(h, mask, values)
    except (TypeError, ValueError, OverflowError) as e:
        with pytest.raises(type(e)):
            cunp.putmask(d, cunp.asarray(mask), values if device is None else device)
        return
    cunp.putmask(d, cunp.asarray(mask), values if device is None else device)
    numpy.testing.assert_array_equal(cunp.asnumpy(d), h)


@pytest.mark.parametrize("axis", [0, -1, 1, -2], ids=repr)
@pytest.mark.parametrize("name, arg", [("repeat", 3), ("repeat", [0]), ("take", [0, 0]),
                                       ("take", 0)], ids=repr)
def test_axis_of_0d_is_that_of_its_ravel(host_routines, name, arg, axis):
    # repeat and take work on a 0-d array's 1-d ravel: axis 0 and -1 in bounds, others AxisError.
    a = numpy.asarray(5, "int16")
    try:
        want = getattr(numpy, name)(a, arg, axis=axis)
    except numpy.exceptions.AxisError as e:
        with pytest.raises(numpy.exceptions.AxisError, match=str(e)):
            getattr(host_routines, name)(a, arg, axis=axis)
        return
    numpy.testing.assert_array_equal(getattr(host_routines, name)(a, arg, axis=axis), want,
                                     strict=True)
