"""mgrid/ogrid, fromfunction, the from* readers of host data, asanyarray, asarray_chkfinite and
require against NumPy. The tests without the gpu marker need no device."""
import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- what needs no GPU ---

def test_require_bad_requirements():
    with pytest.raises(KeyError):
        cunp.require([1], requirements="X")
    with pytest.raises(ValueError, match='Cannot specify both "C" and "F" order'):
        cunp.require([1], requirements="CF")


def test_fromstring_needs_sep():
    with pytest.raises(TypeError):
        cunp.fromstring("1 2")


# --- on the device ---

_KEYS = [slice(0, 5), slice(1, 10, 2), slice(0, 1, 5j), slice(-1, 1, 4j), slice(0.5, 3),
         slice(0, 1, 0.25), slice(3, 0, -1), slice(2, 7, 1j), slice(None, 4), slice(5, 0)]


def _same(got, want):
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            _same(g, w)
        return
    assert isinstance(got, cunp.ndarray) and got.dtype == want.dtype
    testing.assert_allclose(got, want, rtol=1e-15)


@gpu
@pytest.mark.parametrize("k1", _KEYS)
@pytest.mark.parametrize("name", ["mgrid", "ogrid"])
def test_grids(name, k1):
    g, ref = getattr(cunp, name), getattr(numpy, name)
    _same(g[k1], ref[k1])
    for k2 in _KEYS:
        for key in [(k1,), (k1, k2), (k2, k1, slice(0, 2))]:
            try:
                want = ref[key]
            except ValueError:
                with pytest.raises(ValueError):
                    g[key]
                continue
            _same(g[key], want)


@gpu
@pytest.mark.parametrize("dtype", [float, int, "f4"])
def test_fromfunction(dtype):
    _same(cunp.fromfunction(lambda i, j: i * 10 + j, (3, 4), dtype=dtype),
          numpy.fromfunction(lambda i, j: i * 10 + j, (3, 4), dtype=dtype))
    _same(cunp.fromfunction(lambda i, j, c: i + c, (2, 0), dtype=dtype, c=3),
          numpy.fromfunction(lambda i, j, c: i + c, (2, 0), dtype=dtype, c=3))


@gpu
def test_from_host_data():
    _same(cunp.fromiter((x * x for x in range(5)), "f4"),
          numpy.fromiter((x * x for x in range(5)), "f4"))
    _same(cunp.fromiter(iter(range(10)), int, count=3), numpy.fromiter(range(10), int, 3))
    buf = numpy.arange(12, dtype="i2").tobytes()
    _same(cunp.frombuffer(buf, "i2", count=4, offset=2),
          numpy.frombuffer(buf, "i2", count=4, offset=2))
    _same(cunp.frombuffer(buf), numpy.frombuffer(buf))
    _same(cunp.fromstring("1, 2, 3.5", sep=","), numpy.fromstring("1, 2, 3.5", sep=","))
    _same(cunp.fromstring("1 2 3", dtype=int, sep=" "),
          numpy.fromstring("1 2 3", dtype=int, sep=" "))


@gpu
def test_asanyarray_and_chkfinite():
    a = cunp.arange(4.0)
    assert cunp.asanyarray(a) is a
    _same(cunp.asanyarray([1, 2], dtype="f4"), numpy.asanyarray([1, 2], dtype="f4"))
    assert cunp.asarray_chkfinite(a) is a
    _same(cunp.asarray_chkfinite([1, 2]), numpy.asarray_chkfinite([1, 2]))
    for bad in ([1.0, numpy.inf], [numpy.nan], [1 + 1j, complex(0, numpy.nan)]):
        with pytest.raises(ValueError, match="array must not contain infs or NaNs"):
            cunp.asarray_chkfinite(bad)
        with pytest.raises(ValueError):
            cunp.asarray_chkfinite(cunp.asarray(bad)[::-1])


@gpu
@pytest.mark.parametrize("req", [None, "C", "F", ["C", "O"], "A", "W", ["F", "O"], ["E"],
                                 ["C_CONTIGUOUS", "aligned"], ["fortran", "w"], "OW"])
@pytest.mark.parametrize("layout", ["c", "f", "strided", "reversed"])
def test_require(req, layout):
    # The same layout on both sides: an upload would make the device copy contiguous.
    view = {"c": lambda a: a, "f": lambda a: a.T.copy().T, "strided": lambda a: a[:, ::2],
            "reversed": lambda a: a[::-1]}[layout]
    h = view(numpy.arange(12.0).reshape(3, 4))
    d = view(cunp.arange(12.0).reshape(3, 4))
    for dtype in (None, "f4"):
        want = numpy.require(h, dtype, req)
        got = cunp.require(d, dtype, req)
        _same(got, want)
        assert got.flags.c_contiguous == want.flags.c_contiguous
        assert got.flags.f_contiguous == want.flags.f_contiguous
        if req and "O" in req:
            assert got.flags.owndata
        if dtype is None and want is h:
            assert got is d


# full makes its array before it copies the value in (NumPy's empty, then copyto): a negative
# extent is its ValueError even where the value would not fit the dtype. No device is touched.
@pytest.mark.parametrize('shape', [-1, (2, -1), (-3,)], ids=repr)
@pytest.mark.parametrize('value', [-1, 2**70, 300, -1.0, 1j], ids=repr)
def test_full_shape_checked_before_value(shape, value):
    with pytest.raises(ValueError, match='negative dimensions'):
        numpy.full(shape, value, dtype='uint8')
    with pytest.raises(ValueError, match='negative dimensions'):
        cunp.full(shape, value, dtype='uint8')


# A Python float stored into an integer dtype is int(value), range-checked as a Python int is
# (NumPy 2): the conversion refuses before any device memory is made. (Past a C long NumPy's
# message is another, the type the same.)
@pytest.mark.parametrize('value, dtype', [(-1.0, 'uint8'), (-129.0, 'int8'), (256.5, 'uint8'),
                                          (3e9, 'int32'), (1e30, 'int64'), (-0.5e20, 'uint64')],
                         ids=repr)
def test_python_float_into_integer_range_checked(value, dtype):
    with pytest.raises(OverflowError) as want:
        numpy.asarray(value, dtype=dtype)
    with pytest.raises(OverflowError, match='Python integer') as got:
        cunp._core.creation.full((), value, dtype, 'C', None)
    if 'Python integer' in str(want.value):
        assert str(got.value) == str(want.value)
