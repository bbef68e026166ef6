# tests/python/indexing/test_advanced_indexing.py -- integer/boolean array indexing (get and set) and the
# indexing routines, compared with NumPy.
import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu

DTYPES = ["bool", "int8", "uint8", "int32", "int64", "uint64", "float16", "float32", "float64",
          "complex64", "complex128"]
INDEX_DTYPES = ["int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64"]


def data(shape, dtype="float32", seed=0):
    r = numpy.random.default_rng(seed)
    a = r.integers(0, 100, size=shape)
    if numpy.dtype(dtype).kind == "b":
        return (a % 2).astype(dtype)
    return a.astype(dtype)


def on_device(key):
    """The key with its NumPy arrays moved to the device (lists and scalars kept)."""
    if isinstance(key, tuple):
        return tuple(on_device(k) for k in key)
    if isinstance(key, numpy.ndarray):
        return cunp.asarray(key)
    return key


def same(np_result, cp_result):
    assert isinstance(cp_result, cunp.ndarray)
    h = cp_result.get()
    assert h.dtype == np_result.dtype
    assert h.shape == np_result.shape
    numpy.testing.assert_array_equal(h, np_result)


def check_get(a, key, upload=True):
    expected = a[key]
    g = cunp.asarray(a)
    same(expected, g[on_device(key) if upload else key])


def check_set(a, key, value, upload=True):
    expected = a.copy()
    expected[key] = value
    g = cunp.asarray(a)
    v = cunp.asarray(value) if isinstance(value, numpy.ndarray) else value
    g[on_device(key) if upload else key] = v
    same(expected, g)


A = numpy.arange(60).reshape(3, 4, 5)
I2 = numpy.array([[0, 2], [1, -1]])

GET_KEYS = [
    numpy.array([0, 2, -1]),
    [0, 0, 2],
    [],
    (slice(None), numpy.array([3, 0])),
    (Ellipsis, numpy.array([4, -5])),
    (numpy.array([0, 2]), numpy.array([1, 3])),
    (numpy.array([0, 2]), slice(None), numpy.array([1, 3])),
    (0, slice(None), numpy.array([1, 3])),
    (slice(None), 0, numpy.array([1, 3])),
    (slice(None), I2, slice(1, 3)),
    (I2, None, numpy.array([1])),
    (None, numpy.array([2, 1])),
    (slice(None, None, -1), numpy.array([1, 2]), slice(None, None, 2)),
    (I2[:, :1], numpy.array([0, 1, 2])),
    A % 2 == 0,
    (A % 3 == 0)[:, :, 0],
    (slice(None), (A % 3 == 0)[0]),
    (numpy.array([True, False, True]), slice(None), numpy.array([0, 4])),
    (numpy.array([True, False, True]), numpy.array([0, 3])),
    True,
    False,
    (0, True),
    (numpy.array([False, False, False]),),
    numpy.zeros((3, 4, 5), bool),
    (1, [[0], [3]], slice(1, None)),
    (numpy.array([1, 0], numpy.uint8), numpy.array([[-1], [2]], numpy.int16)),
    (None, (A % 3 == 0)[:, :, 0], None),
    (slice(None), numpy.array([0, 1]), numpy.array([True, False, True, False, False])),
    (0, True, slice(None), [1]),
    ([0, 1], None, [1, 2]),
    (numpy.array(True), numpy.array([2, 0])),
]


@pytest.mark.parametrize("key", GET_KEYS, ids=range(len(GET_KEYS)))
def test_getitem_keys(key):
    check_get(A, key)


@pytest.mark.parametrize("key", GET_KEYS[:14], ids=range(14))
def test_getitem_numpy_index_uploaded(key):
    check_get(A, key, upload=False)


@pytest.mark.parametrize("dtype", DTYPES)
def test_getitem_dtypes(dtype):
    a = data((6, 5), dtype)
    check_get(a, numpy.array([5, 0, -2]))
    check_get(a, (slice(None), numpy.array([4, 1])))
    check_get(a, data((6, 5), "bool", 1))
    check_get(a, data((6,), "bool", 2))


@pytest.mark.parametrize("idtype", INDEX_DTYPES)
def test_index_dtypes(idtype):
    a = numpy.arange(200.0)
    idx = numpy.array([0, 5, 127, 3], dtype=idtype)
    check_get(a, idx)
    check_set(a, idx, -1.0)


def test_getitem_layouts():
    base = numpy.arange(240.0).reshape(8, 6, 5)
    for a in (base[::2, 1:, ::-1], base.transpose(2, 0, 1), base[:, ::-2]):
        check_get(a, numpy.array([1, 0, 2]))
        check_get(a, (slice(None), numpy.array([1, 0])))
        check_get(a, (numpy.array([1, 0]), slice(None), numpy.array([[2], [1]])))
        check_get(a, a > 100)


def test_result_is_a_copy():
    g = cunp.arange(5)
    r = g[[1, 2]]
    r[0] = 100
    assert int(g[1]) == 1


def test_large_gather_along_axis():
    a = numpy.arange(1 << 20, dtype=numpy.float32).reshape(1024, 1024)
    idx = numpy.random.default_rng(0).integers(-1024, 1024, size=3000)
    check_get(a, idx)
    check_get(a, (slice(None), idx))
    check_get(a.ravel(), a.ravel() > 5e5)


@pytest.mark.parametrize("key, message", [
    (numpy.array([10]), "index 10 is out of bounds for axis 0 with size 3"),
    (numpy.array([-4]), "index -4 is out of bounds for axis 0 with size 3"),
    ((slice(None), [7]), "index 7 is out of bounds for axis 1 with size 4"),
    ((None, slice(None), [7]), "index 7 is out of bounds for axis 1 with size 4"),
    (([1, 2], [-1, 9]), "index 9 is out of bounds for axis 1 with size 4"),
    ((numpy.array([1, 2]), slice(None), numpy.array([9])),
     "index 9 is out of bounds for axis 2 with size 5"),
    (numpy.array([True, False, True, False]), "boolean index did not match indexed array along "
     "axis 0; size of axis is 3 but size of corresponding boolean axis is 4"),
    ((slice(None), numpy.array([True, False, True])), "boolean index did not match indexed array "
     "along axis 1; size of axis is 4 but size of corresponding boolean axis is 3"),
    (1.0, "only integers, slices"),
    (numpy.array([1.0]), "arrays used as indices must be of integer (or boolean) type"),
    (([0, 1], [0, 1, 2]), "shape mismatch: indexing arrays could not be broadcast together"),
    (([0], [0], [0], [0]), "too many indices for array"),
])
def test_getitem_errors(key, message):
    with pytest.raises(IndexError) as n:
        A[key]
    with pytest.raises(IndexError) as c:
        cunp.asarray(A)[on_device(key)]
    assert message in str(n.value)
    assert str(c.value) == str(n.value)


def test_out_of_bounds_on_empty_axis_and_empty_result():
    with pytest.raises(IndexError, match="index 0 is out of bounds for axis 0 with size 0"):
        cunp.zeros(0)[[0]]
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 3"):
        cunp.zeros((3, 0))[[5]]
    same(numpy.zeros((3, 0))[[1]], cunp.zeros((3, 0))[[1]])


SET_CASES = [
    (numpy.array([0, 2]), 7),
    (numpy.array([0, 2]), numpy.arange(40.0).reshape(2, 4, 5)),
    ((slice(None), numpy.array([3, 0])), numpy.arange(5.0)),
    ((0, slice(None), numpy.array([1, 3])), numpy.array([[1.0], [2.0]])),
    ((slice(None), 0, numpy.array([1, 3])), numpy.array([1.0, 2.0])),
    ((numpy.array([0, 2]), slice(None), numpy.array([1, 3])), 5.5),
    (A % 2 == 0, -1),
    (A % 2 == 0, numpy.arange(30.0)),
    ((slice(None), (A % 3 == 0)[0]), 9),
    ((A % 3 == 0)[:, :, 0], numpy.arange(5.0)),
    (True, 3),
    (numpy.zeros(3, bool), numpy.zeros((0, 4, 5))),
    ((slice(None, None, -1), numpy.array([1, -1])), numpy.arange(15.0).reshape(3, 1, 5)),
    ((slice(None), I2, 1), -2.0),
    ([0, 1], numpy.arange(20.0).reshape(1, 1, 4, 5)),
    ((numpy.array([0, 2]), None, numpy.array([[1], [3]])), numpy.arange(10.0).reshape(2, 1, 1, 5)),
    ((None, (A % 3 == 0)[:, :, 0], None), numpy.float32(2.5)),
    ((A % 5 == 0)[:, :, 0], numpy.array(7)),
]


@pytest.mark.parametrize("key, value", SET_CASES, ids=range(len(SET_CASES)))
def test_setitem_keys(key, value):
    check_set(A.astype(numpy.float64), key, value)


@pytest.mark.parametrize("dtype", DTYPES)
def test_setitem_dtypes_and_casts(dtype):
    a = data((6, 5), dtype)
    check_set(a, numpy.array([5, 0]), 1)
    check_set(a, (slice(None), [4, 1]), numpy.arange(2))
    check_set(a, data((6, 5), "bool", 3), 0)
    check_set(a, data((6,), "bool", 4) | numpy.array([1, 0, 0, 0, 0, 0], bool), 1)


def test_setitem_non_contiguous_target():
    base = numpy.arange(240.0).reshape(8, 6, 5)
    expected = base.copy()
    expected[::2, :, ::-1][[1, 3], 2] = -5
    g = cunp.asarray(base)
    g[::2, :, ::-1][[1, 3], 2] = -5
    same(expected, g)
    expected[:, ::2][expected[:, ::2] > 100] = 0
    v = g[:, ::2]
    v[v > 100] = 0
    same(expected, g)


def test_setitem_errors():
    g = cunp.zeros(5)
    with pytest.raises(IndexError, match="index 10 is out of bounds for axis 0 with size 5"):
        g[[1, 10]] = 1
    assert float(g.sum()) == 0.0   # nothing written
    with pytest.raises(ValueError, match="shape mismatch: value array of shape"):
        g[[0, 1, 2]] = cunp.ones(2)
    with pytest.raises(ValueError):
        g[g > 1] = cunp.ones(3)


def test_setitem_value_overlapping_target():
    a = numpy.arange(10.0)
    g = cunp.asarray(a)
    a[[1, 2, 3]] = a[0:3]
    g[[1, 2, 3]] = g[0:3]
    same(a, g)
    # through the general scatter (a mask) and the masked fill (one element)
    m = numpy.arange(10) % 3 == 1
    a[m] = a[0:3]
    g[cunp.asarray(m)] = g[0:3]
    same(a, g)
    a[m] = a[4]
    g[cunp.asarray(m)] = g[4]
    same(a, g)


# Advanced-index assignment of one scalar value across key forms (issue 37: some raised),
# values of every kind and targets of several dtypes and layouts. A few hundred cases, drawn
# from a fixed seed; each compares the whole target (and what lies around a strided view)
# with NumPy's after `x[key] = value`, or demands NumPy's exception type where NumPy raises.
_S = (5, 6, 4)
_MASK = data(_S, "bool", 11)
_KEYS = {
    "int-array": numpy.array([0, 2, -1]),
    "list": [1, 3],
    "nested-list": [[0, 1], [4, 2]],
    "duplicates": numpy.array([1, 1, 3, 1]),
    "negative": numpy.array([-1, -5, -3]),
    "uint8-array": numpy.array([4, 0], numpy.uint8),
    "int32-2d": numpy.array([[0], [3]], numpy.int32),
    "mask-full": _MASK,
    "mask-none-true": numpy.zeros(_S, bool),
    "mask-partial-1": _MASK[:, 0, 0],
    "mask-partial-2": _MASK[:, :, 0],
    "mask-after-slice": (slice(None), _MASK[0, :, 0]),
    "mask-and-int-array": (numpy.array([True, False, True, False, True]), slice(None),
                           numpy.array([0, 1, 3])),
    "0d-int": numpy.array(2),
    "0d-int-negative": numpy.array(-1, numpy.int16),
    "0d-int-and-slice": (numpy.array(1), slice(1, 4)),
    "0d-int-and-array": (numpy.array(4), numpy.array([0, 5])),
    "bool-scalar": True,
    "bool-scalar-false": False,
    "0d-bool": numpy.array(True),
    "slice-array": (slice(None), numpy.array([0, 2])),
    "array-slice-array": (numpy.array([0, 1]), slice(None), numpy.array([1, 2])),
    "slice-array-array": (slice(None), numpy.array([0, 1]), numpy.array([1, 2])),
    "int-array-slice": (1, numpy.array([0, 2]), slice(1, 3)),
    "array-int-array": (numpy.array([0, 4]), 2, numpy.array([3, 0])),
    "ellipsis-array": (Ellipsis, numpy.array([0, 3])),
    "array-ellipsis": (numpy.array([2, 0]), Ellipsis),
    "array-ellipsis-array": (numpy.array([2, 0]), Ellipsis, numpy.array([1, 1])),
    "none-array": (None, numpy.array([0, 2])),
    "array-none-int": (numpy.array([0, 2]), None, 1),
    "slice-none-array-array": (slice(None, None, -2), None, numpy.array([[0], [5]]),
                               numpy.array([1, 2, 3])),
    "broadcast-arrays": (numpy.array([[0], [2]]), numpy.array([1, 3, 5])),
    "broadcast-separated": (numpy.array([[0], [4]]), slice(1, 3), numpy.array([0, 3])),
    "reversed-slice-array": (slice(None, None, -1), numpy.array([1, -1])),
    "empty-array": numpy.array([], numpy.intp),
    "empty-list-slice": ([], slice(None)),
    "empty-arrays": (numpy.array([], numpy.int64), numpy.array([], numpy.int64)),
    "empty-mask-axis": (slice(None), slice(0, 0), numpy.array([1])),
    # NumPy raises for these: the same exception type is demanded.
    "out-of-bounds": numpy.array([0, 7]),
    "mismatched-arrays": (numpy.array([0, 1]), numpy.array([0, 1, 2])),
    "float-array": numpy.array([0.0, 1.0]),
    "mask-wrong-shape": numpy.zeros(4, bool),
    "too-many": (0, 0, 0, numpy.array([0])),
}
_VALUES = {
    "int": 7, "negative-int": -3, "float": 2.5, "negative-zero": -0.0, "nan": float("nan"),
    "bool": True, "complex": 1 + 2j, "big-int": 300, "int16": numpy.int16(-4),
    "uint8": numpy.uint8(200), "float32": numpy.float32(1.5), "float64": numpy.float64(-2.75),
    "complex64": numpy.complex64(2 - 1j), "bool_": numpy.bool_(False),
    "0d-int64": numpy.array(4), "0d-float16": numpy.array(0.5, numpy.float16),
    "0d-complex128": numpy.array(-1 + 1j), "0d-bool": numpy.array(True),
}
_TARGET_DTYPES = ["bool", "int8", "uint8", "int32", "int64", "float16", "float32", "float64",
                  "complex64", "complex128"]
_LAYOUTS = ["C", "F", "strided", "reversed"]


def _scalar_cases(n=320, seed=37):
    """n cases (key, value, dtype, layout, value on the device, key on the device): every key
    and every value several times, the rest drawn."""
    rng = numpy.random.default_rng(seed)
    keys, values = list(_KEYS), list(_VALUES)
    cases = []
    for i in range(n):
        key = keys[i % len(keys)]
        value = values[rng.integers(len(values))]
        dtype = _TARGET_DTYPES[rng.integers(len(_TARGET_DTYPES))]
        if value == "nan" and numpy.dtype(dtype).kind in "iu":
            value = "float"  # NaN to an integer: a platform-defined cast
        device_value = value.startswith("0d-") and bool(rng.integers(2))
        upload = bool(rng.integers(4))  # now and then NumPy's index arrays as they are
        cases.append(pytest.param(key, value, dtype, _LAYOUTS[i % len(_LAYOUTS)], device_value,
                                  upload, id=f"{key}-{value}-{dtype}-{_LAYOUTS[i % 4]}"
                                  f"{'-devvalue' if device_value else ''}"
                                  f"{'' if upload else '-hostkey'}-{i}"))
    return cases


def _builtin(error_type):
    return next(t for t in error_type.__mro__ if t.__module__ == "builtins")


def _scalar_target(xp, base, layout):
    """(the array whose whole contents are compared, the view written)."""
    whole = xp.asarray(base)
    if layout == "F":
        whole = xp.asfortranarray(whole)
        return whole, whole
    if layout == "strided":
        return whole, whole[::2, 1::2, ::2]
    if layout == "reversed":
        return whole, whole[::-1, :, ::-1]
    return whole, whole


@pytest.mark.parametrize("key, value, dtype, layout, device_value, upload", _scalar_cases())
def test_setitem_scalar_value_key_forms(key, value, dtype, layout, device_value, upload):
    import warnings

    k, v = _KEYS[key], _VALUES[value]
    shape = tuple(2 * n for n in _S) if layout == "strided" else _S
    base = data(shape, dtype, 5)
    np_whole, np_view = _scalar_target(numpy, base.copy(), layout)
    dev_whole, dev_view = _scalar_target(cunp, base.copy(), layout)
    dev_v = cunp.asarray(v) if device_value else v
    dev_k = on_device(k) if upload else k
    with warnings.catch_warnings(), numpy.errstate(all="ignore"):
        warnings.simplefilter("ignore")  # NumPy's ComplexWarning for a complex value
        try:
            np_view[k] = v
        except Exception as e:  # noqa: BLE001 - the exception type is what is compared
            with pytest.raises(_builtin(type(e))):
                dev_view[dev_k] = dev_v
            return
        dev_view[dev_k] = dev_v
    same(np_whole, dev_whole)


@pytest.mark.parametrize("key, value", [
    (A > 100, numpy.ones(3)), (A > 50, numpy.ones((3, 3))), (A > 50, numpy.ones((1, 9))),
    (numpy.array([True, False, True]), numpy.ones(3)),
    ((slice(None), [True, False, True, True]), numpy.ones(2)),
    (([0, 2], slice(None), [1, 3]), numpy.ones((2, 3))),
])
def test_setitem_value_errors(key, value):
    a = A.astype(float)
    with pytest.raises((ValueError, TypeError)) as n:
        a[key] = value
    g = cunp.asarray(a)
    with pytest.raises(type(n.value)) as c:
        g[on_device(key)] = cunp.asarray(value)
    assert str(c.value) == str(n.value)
    same(a, g)


def test_more_index_arrays_than_one_launch_takes():
    # 26 index arrays: the flat positions accumulate over two launches.
    a = numpy.arange(6).reshape((2,) + (1,) * 24 + (3,))
    idx = [numpy.array([1, 0, 1])] + [numpy.array([[0], [-1]])] * 24 + [numpy.array([[2], [0]])]
    g = cunp.asarray(a)
    same(a[tuple(idx)], g[tuple(cunp.asarray(i) for i in idx)])
    a[tuple(idx)] = -1
    g[tuple(cunp.asarray(i) for i in idx)] = -1
    same(a, g)
    bad = idx[:25] + [numpy.array([3])]
    with pytest.raises(IndexError, match="index 3 is out of bounds for axis 25 with size 3"):
        g[tuple(cunp.asarray(i) for i in bad)]


# -- routines ------------------------------------------------------------------------------------

def both(f):
    """f(xp) on NumPy and cunp; returns the pair (tuples kept)."""
    return f(numpy), f(cunp)


def same_any(n, c):
    if isinstance(n, tuple):
        assert isinstance(c, tuple) and len(n) == len(c)
        for a, b in zip(n, c):
            same_any(a, b)
    else:
        n = numpy.asarray(n)
        h = c.get() if isinstance(c, cunp.ndarray) else numpy.asarray(c)
        assert h.shape == n.shape, (h.shape, n.shape)
        numpy.testing.assert_array_equal(h, n)
        if isinstance(c, cunp.ndarray):
            assert h.dtype == n.dtype, (h.dtype, n.dtype)


ROUTINES = [
    lambda xp: xp.take(xp.asarray(A), xp.asarray([5, 0, -1])),
    lambda xp: xp.take(xp.asarray(A), xp.asarray([[2, 0]]), axis=1),
    lambda xp: xp.take(xp.asarray(A), 3, axis=-1),
    lambda xp: xp.take(xp.asarray(A), xp.asarray([7, -9]), axis=2, mode="wrap"),
    lambda xp: xp.take(xp.asarray(A), xp.asarray([7, -9]), axis=2, mode="clip"),
    lambda xp: xp.asarray(A).take(xp.asarray([1]), axis=0),
    lambda xp: xp.take_along_axis(xp.asarray(A), xp.asarray(numpy.argsort(A % 7, axis=1)), 1),
    lambda xp: xp.take_along_axis(xp.asarray(A).ravel(), xp.asarray([3, 1]), None),
    lambda xp: xp.nonzero(xp.asarray(A % 3 == 0)),
    lambda xp: xp.nonzero(xp.asarray([0.0, 1.5, 0.0, -2.0])),
    lambda xp: xp.asarray(A % 4).nonzero(),
    lambda xp: xp.where(xp.asarray(A > 50)),
    lambda xp: xp.argwhere(xp.asarray(A % 5 == 1)),
    lambda xp: xp.argwhere(xp.asarray(3)),
    lambda xp: xp.flatnonzero(xp.asarray(A % 6 == 0)),
    lambda xp: xp.compress(xp.asarray([True, False, True]), xp.asarray(A), axis=0),
    lambda xp: xp.compress(xp.asarray([False, True]), xp.asarray(A)),
    lambda xp: xp.extract(xp.asarray(A % 7 == 0), xp.asarray(A)),
    lambda xp: xp.choose(xp.asarray([[0, 1, 2], [2, 1, 0]]),
                         [xp.asarray([1, 2, 3]), xp.asarray([[10], [20]]), xp.asarray(100)]),
    lambda xp: xp.choose(xp.asarray([4, -1, 1]), [xp.asarray([1, 2, 3]), xp.asarray([5, 6, 7])],
                         mode="wrap"),
    lambda xp: xp.select([xp.asarray(A < 10), xp.asarray(A > 50)],
                         [xp.asarray(A), xp.asarray(-A)], default=7),
    lambda xp: xp.diag_indices(4, 3),
    lambda xp: xp.tril_indices(4, -1),
    lambda xp: xp.triu_indices(3, 1, 5),
    lambda xp: xp.triu_indices_from(xp.zeros((3, 4))),
    lambda xp: xp.indices((2, 3)),
    lambda xp: xp.indices((2, 3), sparse=True),
    lambda xp: xp.ix_(xp.asarray([0, 2]), xp.asarray([True, False, True, True])),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([3, 0])), (3, 4)),
    lambda xp: xp.ravel_multi_index((xp.asarray([1, 2]), xp.asarray([5, -1])), (3, 4),
                                    mode=("raise", "wrap"), order="F"),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4)),
    lambda xp: xp.unravel_index(xp.asarray([0, 7, 11]), (3, 4), order="F"),
    lambda xp: xp.repeat(xp.asarray(A), 2, axis=1),
    lambda xp: xp.repeat(xp.asarray([1, 2, 3]), xp.asarray([2, 0, 1])),
    lambda xp: xp.repeat(xp.asarray(A), 3),
    lambda xp: xp.tile(xp.asarray([1, 2]), (2, 3)),
    lambda xp: xp.tile(xp.asarray(A[0]), 2),
]


@pytest.mark.parametrize("f", ROUTINES, ids=range(len(ROUTINES)))
def test_routines(f):
    same_any(*both(f))


def _mutating(xp):
    out = []
    a = xp.asarray(A.astype(float))
    # No index twice: which of two writes to one element wins is unspecified on the device.
    xp.put(a, xp.asarray([0, 58, -1]), xp.asarray([1.0, 2.0]))
    out.append(a)
    a = xp.asarray(A.astype(float))
    xp.put(a, xp.asarray([100, -100]), 5, mode="clip")
    out.append(a)
    a = xp.asarray(A.astype(float))[:, ::2]
    a.put(xp.asarray([1, 3]), -1)
    out.append(a)
    a = xp.asarray(A.astype(float))
    xp.put_along_axis(a, xp.asarray(numpy.zeros((3, 1, 5), int)), 99, axis=1)
    out.append(a)
    a = xp.asarray(A.astype(float))
    xp.place(a, xp.asarray(A % 4 == 0), xp.asarray([1.0, 2.0, 3.0]))
    out.append(a)
    a = xp.asarray(A.astype(float))
    xp.putmask(a, xp.asarray(A % 4 == 1), xp.asarray([-1.0, -2.0]))
    out.append(a)
    return tuple(out)


def test_mutating_routines():
    same_any(*both(_mutating))


@pytest.mark.parametrize("f, exc", [
    (lambda xp: xp.take(xp.asarray(A), xp.asarray([60])), IndexError),
    (lambda xp: xp.take(xp.zeros(0), xp.asarray([0]), mode="wrap"), IndexError),
    (lambda xp: xp.nonzero(xp.asarray(1)), ValueError),
    (lambda xp: xp.choose(xp.asarray([3]), [xp.asarray([1]), xp.asarray([2])]), ValueError),
    (lambda xp: xp.ravel_multi_index((xp.asarray([5]), xp.asarray([1])), (3, 3)), ValueError),
    (lambda xp: xp.unravel_index(xp.asarray(10), (3, 3)), ValueError),
    (lambda xp: xp.take_along_axis(xp.zeros((2, 2)), xp.zeros(2, int), 0), ValueError),
    (lambda xp: xp.take_along_axis(xp.zeros((2, 2)), xp.zeros((2, 2)), 0), IndexError),
    (lambda xp: xp.repeat(xp.asarray([1, 2]), xp.asarray([-1, 1])), ValueError),
    (lambda xp: xp.place(xp.zeros(3), xp.asarray([True, False, False]), xp.asarray([])),
     ValueError),
    (lambda xp: xp.select([xp.asarray([1])], [xp.asarray([1])]), TypeError),
    (lambda xp: xp.ix_(xp.zeros((2, 2), int)), ValueError),
    (lambda xp: xp.putmask(xp.zeros(3), xp.zeros(2, bool), 1), ValueError),
])
def test_routine_errors(f, exc):
    with pytest.raises(exc) as n:
        f(numpy)
    with pytest.raises(exc) as c:
        f(cunp)
    assert str(c.value) == str(n.value)


@pytest.mark.parametrize("value", [-1, 300, float("nan"), 1 + 2j])
def test_setitem_key_is_checked_before_the_value(value):
    """NumPy rejects the key (IndexError) before it converts the value: a uint8 0-d array given
    a 1-d mask and a value out of its range raises IndexError, not OverflowError."""
    for xp in (numpy, cunp):
        a = xp.zeros((), xp.uint8)
        with pytest.raises(IndexError):
            a[xp.zeros(0, bool)] = value


@pytest.mark.parametrize("key", [numpy.array(True), numpy.array(False), numpy.True_])
@pytest.mark.parametrize("value", [7, 1 + 2j])
def test_host_numpy_bool_scalar_key(key, value):
    """A host NumPy bool (0-d array or scalar) is a boolean index, as True is."""
    base = numpy.arange(6).reshape(2, 3) % 2 == 0
    expected, got = base.copy(), cunp.asarray(base)
    expected[key] = value
    got[key] = value
    same(expected, got)
    same(base[key], cunp.asarray(base)[key])


@pytest.mark.parametrize("prefix", [(None,), (Ellipsis,)])
def test_mask_beside_other_items_assigns_by_broadcasting(prefix):
    """NumPy's 1-D value rule for x[mask] = v holds only when the mask is the whole key."""
    mask = numpy.array([True, False, True])
    for xp in (numpy, cunp):
        a = xp.zeros(3)
        a[prefix + (xp.asarray(mask),)] = xp.asarray([[1.0, 2.0]])
        numpy.testing.assert_array_equal(cunp.asnumpy(a) if xp is cunp else a, [1, 0, 2])
        with pytest.raises(TypeError, match="requires a 0 or 1-dimensional input"):
            a[xp.asarray(mask)] = xp.asarray([[1.0, 2.0]])


@pytest.mark.parametrize("shape, key, error", [
    ((), (slice(None, None, 0),), IndexError), ((3,), slice(None, None, 0), ValueError),
    ((2, 3), (0, 0, slice(None, None, 0)), IndexError), ((2, 3), (slice(1, 2, 0),), ValueError),
])
def test_zero_slice_step_after_the_index_count(shape, key, error):
    """NumPy counts a key's indices (IndexError) before it refuses a zero step (ValueError)."""
    for xp in (numpy, cunp):
        a = xp.zeros(shape)
        with pytest.raises(error):
            a[key]
        with pytest.raises(error):
            a[key] = 1
