"""Printing against NumPy: array2string/array_repr/array_str and repr/str of cunp arrays under
NumPy's print options (shared with cunp), and the number formatters. The tests without the gpu
marker need no device."""
import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- what needs no GPU ---

def test_printoptions_are_numpys():
    old = cunp.get_printoptions()
    try:
        cunp.set_printoptions(precision=3, threshold=7)
        assert numpy.get_printoptions()["precision"] == 3
        assert cunp.get_printoptions()["threshold"] == 7
    finally:
        numpy.set_printoptions(**old)
    with cunp.printoptions(linewidth=33):
        assert numpy.get_printoptions()["linewidth"] == 33
    assert cunp.get_printoptions() == old


@pytest.mark.parametrize("x", [1.5, 0.1, 1e-20, numpy.float32(3.25), numpy.float16(-2.5), 123456.0])
@pytest.mark.parametrize("kwargs", [{}, {"precision": 3}, {"unique": False, "precision": 4},
                                    {"sign": True, "pad_left": 5}, {"trim": "-"}])
def test_format_float(x, kwargs):
    assert cunp.format_float_positional(x, **kwargs) == numpy.format_float_positional(x, **kwargs)
    kw = dict(kwargs)
    assert cunp.format_float_scientific(x, **kw) == numpy.format_float_scientific(x, **kw)


@pytest.mark.parametrize("args", [(5,), (255, 16), (-7, 2, 3), (35, 36), (0, 3)])
def test_base_repr(args):
    assert cunp.base_repr(*args) == numpy.base_repr(*args)


@pytest.mark.parametrize("args", [(5,), (-5,), (-5, 8), (0, 4), (255, 10)])
def test_binary_repr(args):
    assert cunp.binary_repr(*args) == numpy.binary_repr(*args)


def test_host_arrays_pass_through():
    h = numpy.arange(5.0)
    assert cunp.array2string(h) == numpy.array2string(h)
    assert cunp.array_repr(h) == numpy.array_repr(h)


# --- on the device ---

def _cases():
    rs = numpy.random.RandomState(0)
    base = rs.standard_normal((6, 7)) * 10.0 ** rs.randint(-5, 6, (6, 7))
    return [base, base.T, base[::-2, 1::3], base.astype("f4"), (base / 1e3).astype("f2"),
            (base * 100).astype("i8"), base > 0, (base + 1j * base[::-1]).astype("c8"),
            numpy.array(2.5), numpy.zeros((0, 3)), numpy.arange(3000.0).reshape(30, 100),
            numpy.array([numpy.nan, numpy.inf, -numpy.inf, 0.0]),
            numpy.arange(24, dtype="u1").reshape(2, 3, 4)]


@gpu
@pytest.mark.parametrize("i", range(13))
@pytest.mark.parametrize("kwargs", [{}, {"precision": 2}, {"suppress_small": True},
                                    {"max_line_width": 40}])
def test_array_functions(i, kwargs):
    h = _cases()[i]
    d = cunp.asarray(h)
    assert cunp.array_repr(d, **kwargs) == numpy.array_repr(h, **kwargs)
    assert cunp.array_str(d, **kwargs) == numpy.array_str(h, **kwargs)
    assert cunp.array2string(d, **kwargs) == numpy.array2string(h, **kwargs)
    assert cunp.array2string(d, separator=", ", prefix="x(", threshold=5, edgeitems=1,
                             **kwargs) == numpy.array2string(h, separator=", ", prefix="x(",
                                                             threshold=5, edgeitems=1, **kwargs)


@gpu
@pytest.mark.parametrize("i", range(13))
def test_repr_follows_print_options(i):
    h = _cases()[i]
    d = cunp.asarray(h)
    for opts in [{}, {"precision": 3, "suppress": True}, {"threshold": 10, "edgeitems": 2},
                 {"floatmode": "fixed", "sign": "+"}, {"linewidth": 30},
                 {"formatter": {"float_kind": "{:.1f}".format}}]:
        with cunp.printoptions(**opts):
            assert repr(d) == repr(h) and str(d) == str(h), opts


@gpu
def test_formatters_take_device_scalars():
    d = cunp.asarray(numpy.float32(1.25))
    assert cunp.format_float_positional(d) == numpy.format_float_positional(numpy.float32(1.25))
    assert cunp.format_float_scientific(d, precision=2) == "1.25e+00"
    assert cunp.binary_repr(cunp.asarray(6)) == "110"
    testing.assert_array_equal(d, numpy.float32(1.25))
