"""pad against NumPy: every mode, pad_width form and layout. Tests without the gpu marker run
anywhere."""
import warnings

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(5)

_MODES = [("constant", {}), ("constant", {"constant_values": 7}),
          ("constant", {"constant_values": ((1, 2), (3, 4))}),
          ("constant", {"constant_values": (5, 6)}), ("edge", {}), ("linear_ramp", {}),
          ("linear_ramp", {"end_values": (3, -2)}), ("maximum", {}),
          ("minimum", {"stat_length": 2}), ("mean", {}),
          ("mean", {"stat_length": ((1, 2), (3, 1))}), ("reflect", {}),
          ("reflect", {"reflect_type": "odd"}), ("symmetric", {}),
          ("symmetric", {"reflect_type": "odd"}), ("wrap", {}), ("empty", {})]
_WIDTHS = [0, 2, (1, 3), ((0, 1), (2, 0)), ((7, 9), (11, 1)), [[4, 5]], ((3,), (0,)),
           {1: (2, 1)}]


def _data(dtype):
    if dtype == "bool":
        return _rng.random((3, 4)) > 0.5
    return (_rng.standard_normal((3, 4)) * 10).astype(dtype)


def _compare(h, d, width, mode, kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            want = numpy.pad(h, width, mode, **kw)
        except (IndexError, ValueError) as e:
            with pytest.raises(type(e)):
                cunp.pad(d, width, mode, **kw)
            return
    got = cunp.pad(d, width, mode, **kw)
    assert isinstance(got, cunp.ndarray)
    g = got.get()
    assert g.dtype == want.dtype and g.shape == want.shape
    if mode != "empty":
        numpy.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-6)


# --- what needs no GPU ---

def test_pad_is_exported():
    assert callable(cunp.pad)


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("dtype", ["float64", "float32", "int32", "uint8", "complex64", "bool"])
@pytest.mark.parametrize("case", range(len(_MODES)))
@pytest.mark.parametrize("width", range(len(_WIDTHS)))
def test_pad_modes(dtype, case, width):
    mode, kw = _MODES[case]
    if dtype == "bool" and mode in ("linear_ramp", "mean") or \
            dtype == "complex64" and mode in ("maximum", "minimum"):
        pytest.skip("NumPy rejects this dtype for the mode")
    h = _data(dtype)
    d = cunp.asarray(h)
    for hv, dv in [(h, d), (h.T, d.T), (h[::-1, ::2], d[::-1, ::2]), (h[:1], d[:1]),
                   (h[:, :2], d[:, :2])]:
        _compare(hv, dv, _WIDTHS[width], mode, kw)


@gpu
@pytest.mark.parametrize("mode", ["constant", "edge", "reflect", "wrap", "symmetric", "mean"])
@pytest.mark.parametrize("width", [0, 1, 3, ((1, 0),), {0: 2}, {-1: (1, 3)}])
def test_pad_other_ndims(mode, width):
    for h in [numpy.arange(5.0), numpy.array(3.0), numpy.arange(24).reshape(2, 3, 4)]:
        _compare(h, cunp.asarray(h), width, mode, {})


@gpu
def test_pad_empty_arrays():
    h = numpy.zeros((0, 3))
    _compare(h, cunp.asarray(h), 2, "constant", {"constant_values": 4})
    _compare(h, cunp.asarray(h), ((0, 0), (1, 1)), "edge", {})
    with pytest.raises(ValueError, match="can't extend empty axis 0"):
        cunp.pad(cunp.asarray(h), 1, "edge")


@gpu
@pytest.mark.parametrize("dtype", ["float64", "int32", "uint8"])
@pytest.mark.parametrize("stat_length", [None, 3, (1, 2)])
def test_pad_median(dtype, stat_length):
    h = _data(dtype)
    h2 = h.astype(dtype)
    if not hasattr(cunp, "sort"):
        with pytest.raises(NotImplementedError, match="cunp.sort"):
            cunp.pad(cunp.asarray(h2), 2, "median", stat_length=stat_length)
        return
    _compare(h2, cunp.asarray(h2), 2, "median", {"stat_length": stat_length})
    _compare(h2.T, cunp.asarray(h2).T, (1, 3), "median", {"stat_length": stat_length})


def _padder(vector, pad_width, iaxis, kwargs):
    v = kwargs.get("padder", 10)
    vector[:pad_width[0]] = v
    vector[vector.size - pad_width[1]:] = v + iaxis


@gpu
def test_pad_with_a_function():
    for h in [numpy.arange(6).reshape(2, 3), numpy.arange(4.0)]:
        _compare(h, cunp.asarray(h), 2, _padder, {})
        _compare(h, cunp.asarray(h), (1, 2), _padder, {"padder": 3})


@gpu
@pytest.mark.parametrize("args, kw", [((1.5,), {}), ((-1,), {}), ((1, "foo"), {}),
                                      ((1, "edge"), {"constant_values": 3}),
                                      ((((1, 2, 3),),), {}),
                                      ((1, "maximum"), {"stat_length": 0})])
def test_pad_errors_match_numpy(args, kw):
    h = numpy.ones((2, 2))
    with pytest.raises((TypeError, ValueError)) as want:
        numpy.pad(h, *args, **kw)
    with pytest.raises(want.type) as got:
        cunp.pad(cunp.asarray(h), *args, **kw)
    assert str(got.value) == str(want.value)
