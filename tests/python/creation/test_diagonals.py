"""diag, diagflat, diagonal, vander and fill_diagonal against NumPy, over dtypes and layouts."""
import numpy
import pytest

import cunp

pytestmark = pytest.mark.gpu
_rng = numpy.random.default_rng(7)
_DTYPES = ["bool", "int8", "int64", "uint32", "float16", "float32", "float64", "complex128"]


def _data(shape, dtype):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    x = _rng.standard_normal(shape) * 4
    if numpy.dtype(dtype).kind == "c":
        x = x + 1j * _rng.standard_normal(shape)
    return x.astype(dtype)


def _same(got, want):
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype and g.shape == want.shape
    numpy.testing.assert_array_equal(g, want)


@pytest.mark.parametrize("dtype", _DTYPES)
@pytest.mark.parametrize("k", [0, 1, -2, 5, -7])
def test_diag_and_diagflat(dtype, k):
    h = _data((4, 6), dtype)
    d = cunp.asarray(h)
    for hv, dv in [(h, d), (h.T, d.T), (h[::-1, ::2], d[::-1, ::2]), (h[:0], d[:0])]:
        _same(cunp.diag(dv, k), numpy.diag(hv, k))
        _same(cunp.diag(dv[0] if dv.shape[0] else dv[:, 0], k),
              numpy.diag(hv[0] if hv.shape[0] else hv[:, 0], k))
        _same(cunp.diagflat(dv, k), numpy.diagflat(hv, k))
    _same(cunp.diag(d[0, ::-2], k), numpy.diag(h[0, ::-2], k))
    _same(cunp.diagflat(d[1, 1], k), numpy.diagflat(h[1, 1], k))


def test_diag_rejects_other_ndims():
    with pytest.raises(ValueError, match="Input must be 1- or 2-d."):
        cunp.diag(cunp.zeros((2, 2, 2)))
    with pytest.raises(ValueError, match="Input must be 1- or 2-d."):
        cunp.diag(cunp.zeros(()))


@pytest.mark.parametrize("args", [(), (1,), (-1, 1, 0), (0, 2, 0), (2, -1, -3)])
def test_diagonal(args):
    h = _data((3, 4, 5), "float32")
    d = cunp.asarray(h)
    _same(cunp.diagonal(d, *args), numpy.diagonal(h, *args))
    _same(cunp.diagonal(d[::-1].T, *args), numpy.diagonal(h[::-1].T, *args))


@pytest.mark.parametrize("dtype", ["bool", "int8", "int32", "uint64", "float32", "float64",
                                   "complex128"])
@pytest.mark.parametrize("N", [None, 0, 1, 3, 6])
@pytest.mark.parametrize("increasing", [False, True])
def test_vander(dtype, N, increasing):  # noqa: N803
    h = _data((5,), dtype)
    if h.dtype.kind in "iu":
        h = (h % 4).astype(dtype)
    got = cunp.vander(cunp.asarray(h), N, increasing).get()
    want = numpy.vander(h, N, increasing)
    assert got.dtype == want.dtype and got.shape == want.shape
    numpy.testing.assert_allclose(got, want, rtol=1e-12)
    got = cunp.vander(cunp.asarray(h)[::-1], N, increasing).get()
    numpy.testing.assert_allclose(got, numpy.vander(h[::-1], N, increasing), rtol=1e-12)


def test_vander_needs_1d():
    with pytest.raises(ValueError, match="one-dimensional"):
        cunp.vander(cunp.zeros((2, 2)))


@pytest.mark.parametrize("shape", [(4, 4), (3, 5), (7, 3), (3, 3, 3), (2, 2, 2, 2), (0, 3)])
@pytest.mark.parametrize("val", [5, 2.5, [1, 2], "array"])
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("dtype", ["int32", "float64", "complex64"])
def test_fill_diagonal(shape, val, wrap, dtype):
    if isinstance(val, str):
        val = _data((3,), dtype)
    h = numpy.zeros(shape, dtype)
    d = cunp.zeros(shape, dtype)
    assert cunp.fill_diagonal(d, cunp.asarray(val) if isinstance(val, numpy.ndarray) else val,
                              wrap) is None
    numpy.fill_diagonal(h, val, wrap)
    _same(d, h)


def test_fill_diagonal_on_a_view():
    h = numpy.zeros((6, 8))
    d = cunp.zeros((6, 8))
    numpy.fill_diagonal(h[::2, ::-1].T, [1, 2, 3])
    cunp.fill_diagonal(d[::2, ::-1].T, [1, 2, 3])
    _same(d, h)


def test_fill_diagonal_errors():
    with pytest.raises(ValueError, match="at least 2-d"):
        cunp.fill_diagonal(cunp.zeros(3), 1)
    with pytest.raises(ValueError, match="equal length"):
        cunp.fill_diagonal(cunp.zeros((2, 2, 3)), 1)


@pytest.mark.parametrize("shape, dtype, val", [
    ((2, 2), "bool", 2**70), ((2, 2), "bool", -2**70), ((0, 0), "int8", 128),
    ((2, 2), "int8", 128), ((2, 2), "uint8", -1), ((2, 2), "int8", [1, 300]),
    ((2, 2), "int8", numpy.array([1, 300])), ((2, 2), "int8", numpy.int64(300)),
    ((2, 2), "int64", 2**70), ((2, 2), "float32", 2**70), ((2, 2), "int64", 1 + 2j),
    ((2, 2), "int8", 1.7), ((2, 2), "int8", [1.5, numpy.nan]), ((2, 2), "int8", []),
    ((0, 3), "int8", 300)], ids=repr)
def test_fill_diagonal_converts_val_to_the_dtype_first(shape, dtype, val):
    """As NumPy's a.flat[...] = val: val becomes np.array(val, dtype=a.dtype) (any int into
    bool, an unsafe cast of arrays, NumPy's range checks of Python ints) before the diagonal is
    counted, so an empty a raises too."""
    h = numpy.zeros(shape, dtype)
    d = cunp.zeros(shape, dtype)
    try:
        numpy.fill_diagonal(h, val)
    except Exception as e:  # noqa: BLE001 - the same exception type is expected
        with pytest.raises(type(e)):
            cunp.fill_diagonal(d, cunp.asarray(val) if isinstance(val, numpy.ndarray) else val)
        return
    cunp.fill_diagonal(d, cunp.asarray(val) if isinstance(val, numpy.ndarray) else val)
    _same(d, h)
