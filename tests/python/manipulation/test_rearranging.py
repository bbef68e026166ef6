"""rollaxis, rot90, append, insert, delete, resize, trim_zeros, block and copyto against NumPy.
Tests without the gpu marker run anywhere."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(11)


def _data(shape, dtype="float64"):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    return (_rng.standard_normal(shape) * 4).astype(dtype)


def _same(got, want):
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype and g.shape == want.shape
    numpy.testing.assert_array_equal(g, want)


def _pairs(h):
    d = cunp.asarray(h)
    return [(h, d), (h.T, d.T), (h[::-1], d[::-1])]


# --- what needs no GPU ---

def test_block_argument_errors():
    with pytest.raises(TypeError, match=r"arrays\[1\] is a tuple"):
        cunp.block([1, (2, 3)])
    with pytest.raises(ValueError, match=r"List depths are mismatched. First element was at "
                       r"depth 2, but there is an element at depth 1 \(arrays\[1\]\)"):
        cunp.block([[1, 2], 3])
    with pytest.raises(ValueError, match=r"List at arrays\[0\] cannot be empty"):
        cunp.block([[], [1]])
    with pytest.raises(ValueError, match="List at arrays cannot be empty"):
        cunp.block([])


def test_trim_zeros_bad_trim():
    with pytest.raises(ValueError, match="unexpected character"):
        cunp.trim_zeros([0, 1, 0], "x")


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("axis, start", [(0, 0), (2, 0), (1, 3), (-1, 1), (0, -1), (2, 2)])
def test_rollaxis(axis, start):
    h = _data((2, 3, 4))
    for hv, dv in _pairs(h):
        _same(cunp.rollaxis(dv, axis, start), numpy.rollaxis(hv, axis, start))


@gpu
def test_rollaxis_errors():
    with pytest.raises(numpy.exceptions.AxisError, match="'start' arg requires"):
        cunp.rollaxis(cunp.zeros((2, 3)), 0, 5)
    with pytest.raises(numpy.exceptions.AxisError):
        cunp.rollaxis(cunp.zeros((2, 3)), 4)


@gpu
@pytest.mark.parametrize("k", [-3, -1, 0, 1, 2, 3, 4, 6])
@pytest.mark.parametrize("axes", [(0, 1), (1, 0), (1, 2), (-1, 0), (2, -3)])
def test_rot90(k, axes):
    h = _data((2, 3, 4), "int32")
    for hv, dv in _pairs(h):
        _same(cunp.rot90(dv, k, axes), numpy.rot90(hv, k, axes))


@gpu
@pytest.mark.parametrize("axes, message", [((0,), "len"), ((1, 1), "different"),
                                           ((0, 3), "different"), ((0, 5), "out of range")])
def test_rot90_errors(axes, message):
    with pytest.raises(ValueError, match=message):
        cunp.rot90(cunp.zeros((2, 2, 2)), 1, axes)


@gpu
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_append(axis):
    h = _data((3, 4), "float32")
    for hv, dv in _pairs(h):
        v = _data(hv.shape, "int64") if axis is not None else _data((5,), "int64")
        _same(cunp.append(dv, cunp.asarray(v), axis), numpy.append(hv, v, axis))
    _same(cunp.append(cunp.asarray([1, 2]), 3), numpy.append([1, 2], 3))


_INSERT = [(0, 7.5), (-1, [1, 2, 3, 4]), (4, 9), (slice(1, 3), 1), (slice(None, None, -2), 0),
           ([1, 1, 3], [5, 6, 7]), ([], []), ([0, -1], 2), (numpy.array([2]), [[1], [2], [3]]),
           (numpy.array([True, False, True, False]), 8), ([4, 0, 2], 3.5)]


@gpu
@pytest.mark.parametrize("case", range(len(_INSERT)))
@pytest.mark.parametrize("axis", [None, 1])
@pytest.mark.parametrize("dtype", ["int16", "float64", "bool"])
def test_insert(case, axis, dtype):
    obj, values = _INSERT[case]
    h = _data((3, 4), dtype)
    try:
        want = numpy.insert(h, obj, values, axis)
    except ValueError:
        with pytest.raises(ValueError):
            cunp.insert(cunp.asarray(h), obj, values, axis)
        return
    for hv, dv in [(h, cunp.asarray(h)), (h[::-1, :], cunp.asarray(h)[::-1, :])]:
        want = numpy.insert(hv, obj, values, axis)
        dobj = cunp.asarray(obj) if isinstance(obj, numpy.ndarray) else obj
        _same(cunp.insert(dv, dobj, values, axis), want)


@gpu
def test_insert_errors():
    with pytest.raises(IndexError, match="index 5 is out of bounds for axis 0 with size 4"):
        cunp.insert(cunp.arange(4), 5, 1)
    with pytest.raises(ValueError, match="one dimensional or scalar"):
        cunp.insert(cunp.arange(4), [[1]], 1)


_DELETE = [0, -1, 3, slice(1, 3), slice(None, None, 2), slice(None, None, -3), slice(5, 1),
           [0, 2], [], [3, 3, 0], numpy.array([1]), numpy.array([True, False, True, True])]


@gpu
@pytest.mark.parametrize("case", range(len(_DELETE)))
@pytest.mark.parametrize("axis", [None, 1, -2])
def test_delete(case, axis):
    obj = _DELETE[case]
    h = _data((4, 4), "complex64")
    for hv, dv in _pairs(h):
        dobj = cunp.asarray(obj) if isinstance(obj, numpy.ndarray) else obj
        if isinstance(obj, numpy.ndarray) and obj.dtype == bool and axis is None:
            with pytest.raises(ValueError, match="match the axis length of 16"):
                cunp.delete(dv, dobj, axis)
            continue
        _same(cunp.delete(dv, dobj, axis), numpy.delete(hv, obj, axis))


@gpu
def test_delete_errors():
    with pytest.raises(IndexError, match="index 4 is out of bounds for axis 0 with size 4"):
        cunp.delete(cunp.arange(4), 4)
    with pytest.raises(IndexError):
        cunp.delete(cunp.arange(4), [1, 7])


@gpu
@pytest.mark.parametrize("shape", [(0,), 7, (2, 3), (3, 5), (4, 0), (2, 2, 5), ()])
def test_resize(shape):
    h = _data((2, 3), "int8")
    for hv, dv in _pairs(h):
        _same(cunp.resize(dv, shape), numpy.resize(hv, shape))
    _same(cunp.resize(cunp.zeros((0,)), shape), numpy.resize(numpy.zeros((0,)), shape))
    with pytest.raises(ValueError, match="non-negative"):
        cunp.resize(cunp.arange(3), (2, -1))


@gpu
@pytest.mark.parametrize("trim", ["fb", "f", "b", "BF"])
@pytest.mark.parametrize("axis", [None, 0, -1, (0, 1)])
def test_trim_zeros(trim, axis):
    h = numpy.zeros((5, 6), "int32")
    h[1:3, 2:5] = [[1, 0, 2], [0, 0, 3]]
    for hv, dv in _pairs(h):
        _same(cunp.trim_zeros(dv, trim, axis), numpy.trim_zeros(hv, trim, axis))
    _same(cunp.trim_zeros(cunp.zeros((3, 2)), trim, axis),
          numpy.trim_zeros(numpy.zeros((3, 2)), trim, axis))
    v = numpy.array([0, 0, 1.5, 0, 2, 0])
    if axis in (None, 0, -1):
        _same(cunp.trim_zeros(cunp.asarray(v), trim, axis), numpy.trim_zeros(v, trim, axis))
        assert cunp.trim_zeros([0, 0, 1, 0], trim) == numpy.trim_zeros([0, 0, 1, 0], trim)


@gpu
def test_block():
    a, b = _data((2, 3), "float32"), _data((2, 2), "int64")
    c, e = _data((1, 5)), _data((5,))
    cases = [[a, b], [[a, b], [c]], [[a, b], [e]], [1, 2, 3], [[1, 2], [3, 4]],
             [[[a]], [[a]]], [e, e[::-1]], [[a.T[::-1]], [a.T]], [a, 1, a]]
    for hcase in cases:
        try:
            want = numpy.block(hcase)
        except ValueError:
            continue
        dcase = _to_device(hcase)
        _same(cunp.block(dcase), want)
    d = cunp.asarray(a)
    out = cunp.block(d)
    _same(out, numpy.block(a))
    out[0, 0] = 100  # a copy
    assert d.get()[0, 0] == a[0, 0]
    _same(cunp.block(1.5), numpy.block(1.5))


def _to_device(case):
    if isinstance(case, list):
        return [_to_device(c) for c in case]
    return cunp.asarray(case) if isinstance(case, numpy.ndarray) else case


@gpu
@pytest.mark.parametrize("src_dtype, dst_dtype, casting", [
    ("float32", "float64", "same_kind"), ("int64", "float32", "same_kind"),
    ("float64", "int32", "same_kind"), ("float64", "int32", "unsafe"),
    ("int32", "int64", "safe"), ("int64", "int32", "safe"), ("int32", "int32", "no"),
    ("complex64", "float64", "same_kind"), ("bool", "int8", "equiv")])
@pytest.mark.parametrize("where", [True, "mask"])
def test_copyto(src_dtype, dst_dtype, casting, where):
    src = _data((4,), src_dtype)
    h = _data((3, 4), dst_dtype)
    d = cunp.asarray(h)
    hwhere = _rng.random((3, 1)) > 0.5 if where == "mask" else True
    dwhere = cunp.asarray(hwhere) if where == "mask" else True
    try:
        numpy.copyto(h, src, casting, hwhere)
    except TypeError as e:
        with pytest.raises(TypeError, match=str(e)[:20]):
            cunp.copyto(d, cunp.asarray(src), casting, dwhere)
        return
    assert cunp.copyto(d, cunp.asarray(src), casting, dwhere) is None
    _same(d, h)


@gpu
@pytest.mark.parametrize("value", [3, 2.5, True, 1j])
@pytest.mark.parametrize("dst_dtype", ["int16", "float32", "complex64", "bool"])
def test_copyto_python_scalars(value, dst_dtype):
    h = numpy.zeros((2, 3), dst_dtype)
    d = cunp.zeros((2, 3), dst_dtype)
    try:
        numpy.copyto(h[:, ::2], value)
    except TypeError:
        with pytest.raises(TypeError, match="Cannot cast"):
            cunp.copyto(d[:, ::2], value)
        return
    cunp.copyto(d[:, ::2], value)
    _same(d, h)


@gpu
@pytest.mark.parametrize("mask", [numpy.ones((3, 2), bool), numpy.ones((1, 2, 3), bool),
                                  numpy.ones((2, 3), int), numpy.ones((3,), bool),
                                  numpy.array([[True], [False]]), numpy.ones((2, 3), "f")])
def test_copyto_where_checks(mask):
    # where= is broadcast to dst (never dst to it) and cast to bool under 'safe', as NumPy's.
    h, d = numpy.zeros((2, 3)), cunp.zeros((2, 3))
    try:
        numpy.copyto(h, 1.0, where=mask)
    except (TypeError, ValueError) as e:
        with pytest.raises(type(e), match=str(e)[:25].replace("(", r"\(")):
            cunp.copyto(d, 1.0, where=cunp.asarray(mask))
        with pytest.raises(type(e)):
            cunp.copyto(d, 1.0, where=mask)
        return
    cunp.copyto(d, 1.0, where=cunp.asarray(mask))
    _same(d, h)
