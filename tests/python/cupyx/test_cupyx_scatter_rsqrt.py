"""cupyx's scatter_add / scatter_max / scatter_min (ndarray methods too) and rsqrt at cunp's top
level, against NumPy's ufunc.at and 1 / sqrt. Tests without the gpu marker need no device."""
import inspect
import warnings

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(32)


# --- no GPU ---

def test_names_are_at_the_top_level_and_on_ndarray():
    for name in ("scatter_add", "scatter_max", "scatter_min", "rsqrt"):
        assert callable(getattr(cunp, name))
    for name in ("scatter_add", "scatter_max", "scatter_min"):
        assert list(inspect.signature(getattr(cunp, name)).parameters) == ["a", "slices", "value"]
        assert list(inspect.signature(getattr(cunp.ndarray, name)).parameters) == [
            "self", "slices", "value"]


def test_scatter_needs_a_cunp_array():
    for f in (cunp.scatter_add, cunp.scatter_max, cunp.scatter_min):
        with pytest.raises(TypeError, match="cunp.ndarray"):
            f(numpy.zeros(3), [0], 1)


def test_rsqrt_refuses_non_float_dtype_and_bad_out_tuple():
    with pytest.raises(TypeError, match="float or complex"):
        cunp.rsqrt(4.0, dtype="int32")
    with pytest.raises(ValueError, match="1 output"):
        cunp.rsqrt(4.0, out=(None, None))


# --- GPU ---

_INDEX_CASES = [
    ((6,), numpy.array([1, 0, 1, 5, 5, 5])),
    ((4, 3), (numpy.array([0, 3, 0, 0]), numpy.array([2, 1, 2, 2]))),
    ((4, 3), numpy.array([1, 1, 3])),  # whole rows, one of them twice
    ((4, 3), (slice(None), numpy.array([0, 2, 0]))),  # a slice before an index array
    ((5,), slice(1, 4)),
    ((2, 3, 4), (Ellipsis, numpy.array([3, 3, 0]))),
    ((4, 3), numpy.array([True, False, True, True])),
    ((6,), numpy.array([-1, -6, -1])),
]


def _value_shape(shape, index):
    return numpy.zeros(shape)[index].shape


@gpu
@pytest.mark.parametrize("name,ufunc", [("scatter_add", numpy.add),
                                        ("scatter_max", numpy.maximum),
                                        ("scatter_min", numpy.minimum)])
@pytest.mark.parametrize("dtype", ["int32", "uint64", "float32", "float64"])
@pytest.mark.parametrize("shape,index", _INDEX_CASES)
def test_scatter_matches_ufunc_at(name, ufunc, dtype, shape, index):
    host = (_rng.standard_normal(shape) * 5).astype(dtype)
    values = (_rng.standard_normal(_value_shape(shape, index)) * 5).astype(dtype)
    # Duplicates are summed in whatever order the atomics run: float sums may round apart.
    rtol = {"float32": 1e-6, "float64": 1e-13}.get(dtype, 0)
    expected = host.copy()
    ufunc.at(expected, index, values)
    got = cunp.asarray(host)
    getattr(cunp, name)(got, index, cunp.asarray(values))
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=rtol)
    # The ndarray method, and a scalar value.
    scalar = values.flat[0] if values.size else dtype_zero(dtype)
    got = cunp.asarray(host)
    getattr(got, name)(index, scalar)
    expected = host.copy()
    ufunc.at(expected, index, scalar)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=rtol)


def dtype_zero(dtype):
    return numpy.zeros((), dtype)[()]


@gpu
def test_scatter_add_counts_every_duplicate():
    a = cunp.zeros((6,), dtype=cunp.float32)
    cunp.scatter_add(a, cunp.array([1, 0, 1]), cunp.array([1.0, 1.0, 1.0]))
    numpy.testing.assert_array_equal(cunp.asnumpy(a), [1, 2, 0, 0, 0, 0])


@gpu
def test_scatter_out_of_range_raises_index_error():
    a = cunp.zeros(3)
    with pytest.raises(IndexError):
        cunp.scatter_add(a, cunp.array([3]), 1.0)


@gpu
@pytest.mark.parametrize("dtype", ["float16", "float32", "float64", "complex64", "complex128",
                                   "int8", "int64", "bool"])
def test_rsqrt_matches_reciprocal_of_sqrt(dtype):
    host = _rng.random((7, 5)) * 10 + 0.5
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j * _rng.random((7, 5))
    host = host.astype(dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = numpy.reciprocal(numpy.sqrt(host))
    got = cunp.rsqrt(cunp.asarray(host))
    assert got.dtype == expected.dtype
    rtol = {"e": 2e-3, "f": 2e-6, "F": 2e-6}.get(expected.dtype.char, 1e-13)
    numpy.testing.assert_allclose(cunp.asnumpy(got), expected, rtol=rtol)


@gpu
def test_rsqrt_out_where_and_layouts():
    host = _rng.random((6, 4)) + 0.1
    d = cunp.asarray(host)
    out = cunp.zeros((6, 4))
    r = cunp.rsqrt(d, out=out)
    assert r is out
    numpy.testing.assert_allclose(cunp.asnumpy(out), 1 / numpy.sqrt(host), rtol=1e-13)
    out = cunp.zeros((6, 4))
    mask = host > 0.5
    cunp.rsqrt(d, out=out, where=cunp.asarray(mask))
    numpy.testing.assert_allclose(cunp.asnumpy(out), numpy.where(mask, 1 / numpy.sqrt(host), 0),
                                  rtol=1e-13)
    numpy.testing.assert_allclose(cunp.asnumpy(cunp.rsqrt(d[::2, ::-1])),
                                  1 / numpy.sqrt(host[::2, ::-1]), rtol=1e-13)
    r = cunp.rsqrt(cunp.asarray(numpy.float32(4)))
    assert r.shape == () and float(r) == 0.5
    assert cunp.rsqrt(cunp.zeros((0, 3), "float32")).shape == (0, 3)
    assert cunp.rsqrt(cunp.asarray(host), dtype="float32").dtype == numpy.float32
