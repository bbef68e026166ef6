"""r_, c_, s_, index_exp, ndindex, ndenumerate and mask_indices against NumPy. Tests without
the gpu marker run anywhere."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(19)


def _data(shape, dtype):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    a = _rng.standard_normal(shape) * 10
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * _rng.standard_normal(shape)
    return a.astype(dtype)


def _on_device(key):
    """The key with every NumPy array replaced by a cunp copy."""
    if isinstance(key, tuple):
        return tuple(_on_device(k) for k in key)
    return cunp.asarray(key) if isinstance(key, numpy.ndarray) else key


def _compare(cunp_concatenator, numpy_concatenator, key):
    """The same result, or the same exception type (NumPy's OverflowError for a Python int a
    strong integer dtype cannot hold, its shape errors)."""
    try:
        want = numpy_concatenator[key]
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        with pytest.raises(type(e)):
            cunp_concatenator[_on_device(key)]
        return
    _same(cunp_concatenator[_on_device(key)], want)


def _same(got, want):
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    numpy.testing.assert_allclose(g, want, rtol=1e-6, atol=1e-12)


# --- what needs no GPU ---

def test_index_expressions():
    for key in [1, slice(1, 5, 2), (slice(None), Ellipsis, None, 3), (), [1, 2]]:
        assert cunp.s_[key] == numpy.s_[key]
        assert cunp.index_exp[key] == numpy.index_exp[key]
    assert cunp.s_[::2, 1] == numpy.s_[::2, 1]
    assert cunp.index_exp[3] == (3,)
    assert len(cunp.r_) == 0 and len(cunp.c_) == 0


@pytest.mark.parametrize("shape", [(2, 3), (3,), (), (0, 2), (2, 1, 2), ((2, 3),), ((),)])
def test_ndindex(shape):
    assert list(cunp.ndindex(*shape)) == list(numpy.ndindex(*shape))
    it = cunp.ndindex(*shape)
    assert iter(it) is it


def test_ndindex_errors():
    with pytest.raises(ValueError, match="negative dimensions"):
        cunp.ndindex(2, -1)
    with pytest.raises(TypeError):
        cunp.ndindex(2.5)


def test_ndenumerate_of_host_input():
    a = _data((2, 3), "float32")
    assert [(i, v) for i, v in cunp.ndenumerate(a)] == list(numpy.ndenumerate(a))
    assert list(cunp.ndenumerate([[1, 2]])) == list(numpy.ndenumerate([[1, 2]]))


def test_concatenator_directive_errors():
    # Directive errors come before any device work.
    with pytest.raises(ValueError, match="special directives must be the first entry"):
        cunp.r_["0", "1"]
    with pytest.raises(ValueError, match="unknown special directive 'x'"):
        cunp.r_["x", 1, 2]
    with pytest.raises(ValueError, match="unknown special directive '1,'"):
        cunp.r_["1,", 1]
    with pytest.raises(NotImplementedError, match="matrix"):
        cunp.r_["r", 1, 2]
    with pytest.raises(NotImplementedError, match="matrix"):
        cunp.c_["c", 1]


# --- on the GPU ---

_DTYPES = ["bool", "int8", "uint16", "int64", "float16", "float32", "float64", "complex64",
           "complex128"]


@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
def test_r_and_c_of_arrays(dtype):
    a, b = _data((3,), dtype), _data((4,), dtype)
    m, n = _data((2, 3), dtype), _data((2, 2), dtype)
    for key in [(a, b), (a, 0, b), (a, 2.5), (a, True), (m, n), (a[::-1], b[::2]), (a, 300),
                (a, -1), (m, a)]:
        _compare(cunp.r_, numpy.r_, key)
    for key in [(a, a), (m, n), (m, a[:2]), (a, 1), (m[:, ::-1], numpy.asfortranarray(n))]:
        _compare(cunp.c_, numpy.c_, key)


@gpu
def test_r_slices_and_scalars():
    for key in [slice(1, 5), slice(0, 1, 0.25), slice(0, 1, 5j), slice(-1, 1, 3j),
                (slice(0, 3), 7, slice(5, 0, -2)), (1, 2, 3), (1, 2.5, 3j), (slice(2, 8, 2),),
                (numpy.float32(1), 2), (numpy.int8(1), 300), (numpy.array([1], "u1"), -1),
                (slice(0, 1, numpy.complex64(4j)),), ([1, 2], [3.5]),
                (numpy.arange(3, dtype="int8"), 1000), (numpy.arange(3, dtype="int8"), 100)]:
        _compare(cunp.r_, numpy.r_, key)


@gpu
def test_concatenator_directives():
    a, b = _data((2, 3), "float64"), _data((2, 3), "float64")
    v = _data((3,), "float32")
    for key in [("1", a, b), ("-1", a, b), ("0,2", v, v), ("0,2,0", v, v), ("1,2,0", v, v),
                ("0,3,1", v, a), ("0,3,-1", v, v), ("1,2", slice(0, 3), slice(3, 6)),
                ("0,2,0", slice(0, 3)), ("0,1,0", v), ("0,2,1", v, v, v), ("0,3,1", v, a)]:
        _compare(cunp.r_, numpy.r_, key)
    for key in [("0", a, b), ("1,3,0", v, v)]:
        _compare(cunp.c_, numpy.c_, key)


@gpu
def test_concatenator_errors_as_numpy():
    _compare(cunp.r_, numpy.r_, (numpy.ones((2, 2)), numpy.ones(3)))
    _compare(cunp.r_, numpy.r_, ())


@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
@pytest.mark.parametrize("layout", ["C", "F", "strided", "negative", "0-d", "empty"])
def test_ndenumerate(dtype, layout):
    h = _data((3, 4), dtype)
    d = cunp.asarray(h)
    if layout == "F":
        h = numpy.asfortranarray(h)
        d = cunp.asfortranarray(d)
    elif layout == "strided":
        h, d = h[::2, 1::2], d[::2, 1::2]
    elif layout == "negative":
        h, d = h[::-1, ::-2], d[::-1, ::-2]
    elif layout == "0-d":
        h, d = h[1, 2], d[1, 2]
        h = numpy.asarray(h)
    elif layout == "empty":
        h, d = h[:0], d[:0]
    got = list(cunp.ndenumerate(d))
    want = list(numpy.ndenumerate(h))
    assert [i for i, _ in got] == [i for i, _ in want]
    for (_, g), (_, w) in zip(got, want):
        assert type(g) is type(w)
        assert g == w or (g != g and w != w)


@gpu
def test_ndenumerate_is_a_snapshot():
    d = cunp.arange(3)
    it = cunp.ndenumerate(d)
    d[1] = 7
    assert [int(v) for _, v in it] == [0, 1, 2]


@gpu
@pytest.mark.parametrize("n", [0, 1, 4])
@pytest.mark.parametrize("k", [-1, 0, 2])
def test_mask_indices(n, k):
    for cunp_func, numpy_func in [(cunp.triu, numpy.triu), (cunp.tril, numpy.tril)]:
        got = cunp.mask_indices(n, cunp_func, k)
        want = numpy.mask_indices(n, numpy_func, k)
        assert len(got) == len(want) == 2
        for g, w in zip(got, want):
            numpy.testing.assert_array_equal(g.get(), w)
    # NumPy's own triu dispatches to cunp's for a cunp array.
    got = cunp.mask_indices(3, numpy.triu, 1)
    for g, w in zip(got, numpy.mask_indices(3, numpy.triu, 1)):
        numpy.testing.assert_array_equal(g.get(), w)
