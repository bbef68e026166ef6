"""The NumPy 1 names CuPy 14 keeps at its top level (cunp has them so that older CuPy programs
run), cunp.exceptions, cunp.typing and CuPy's memoize. Tests without the gpu marker need no
device."""
import inspect
import typing
import warnings

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu


def test_constants_and_type_aliases():
    for name in ("Inf", "Infinity", "infty", "PINF"):
        assert getattr(cunp, name) == numpy.inf
    assert cunp.NINF == -numpy.inf
    assert numpy.isnan(cunp.NAN) and numpy.isnan(cunp.NaN)
    assert cunp.PZERO == 0.0 and numpy.signbit(cunp.NZERO) and not numpy.signbit(cunp.PZERO)
    assert cunp.float_ is numpy.float64 and cunp.complex_ is numpy.complex128
    assert cunp.cfloat is numpy.complex128 and cunp.singlecomplex is numpy.complex64
    star = {}
    exec("from cunp import *", star)
    assert "float_" not in star and "NaN" not in star  # NumPy's names stay out of star imports
    assert "alltrue" in star and "row_stack" in star


def test_exception_classes_are_numpys():
    for name in ("AxisError", "ComplexWarning", "ModuleDeprecationWarning", "RankWarning",
                 "TooHardError", "VisibleDeprecationWarning"):
        assert getattr(cunp, name) is getattr(numpy.exceptions, name)
        assert getattr(cunp.exceptions, name) is getattr(numpy.exceptions, name)
    assert cunp.exceptions.DTypePromotionError is numpy.exceptions.DTypePromotionError
    assert set(cunp.exceptions.__all__) == set(numpy.exceptions.__all__) | {"RankWarning"}
    with pytest.raises(cunp.AxisError):
        cunp._core.axes.normalize_axis(3, 2)


def test_numpy_classes_moved_in_numpy_2():
    assert cunp.DataSource is numpy.lib.npyio.DataSource
    assert cunp.format_parser is numpy.rec.format_parser


def test_type_helpers_follow_numpy_1():
    assert cunp.obj2sctype(numpy.float32) is numpy.float32
    assert cunp.obj2sctype(numpy.zeros(2, "i2")) is numpy.int16
    assert cunp.obj2sctype("f8") is numpy.float64
    assert cunp.obj2sctype(object()) is None and cunp.obj2sctype(object(), 5) == 5
    assert cunp.issctype(numpy.float32) and cunp.issctype(numpy.dtype("i4"))
    assert not cunp.issctype(numpy.object_) and not cunp.issctype(1.0)
    assert not cunp.issctype(list)
    assert cunp.issubclass_(numpy.float32, numpy.floating) and not cunp.issubclass_(1, int)
    assert cunp.issubsctype("f4", numpy.floating) and not cunp.issubsctype("i4", numpy.floating)
    assert cunp.sctype2char(numpy.float32) == "f" and cunp.sctype2char("c16") == "D"
    with pytest.raises(ValueError):
        cunp.sctype2char(object())


@pytest.mark.parametrize("name,hint", [("find_common_type", "promote_types"),
                                       ("set_string_function", "set_printoptions"),
                                       ("get_array_wrap", "no replacement"),
                                       ("disp", "print"), ("safe_eval", "literal_eval")])
def test_functions_numpy_2_removed_raise(name, hint):
    with pytest.raises(RuntimeError, match=hint):
        getattr(cunp, name)(1)
    assert getattr(cunp, name).__name__ == name


def test_aliases_are_their_successors_or_keep_their_signatures():
    assert cunp.alltrue is cunp.all and cunp.sometrue is cunp.any
    assert cunp.trapz is cunp.trapezoid
    assert list(inspect.signature(cunp.in1d).parameters) == ["ar1", "ar2", "assume_unique",
                                                             "invert"]
    assert list(inspect.signature(cunp.row_stack).parameters) == ["tup", "dtype", "casting"]
    assert cunp.disable_experimental_feature_warning is False


def test_byte_bounds_of_numpy_arrays_is_numpys():
    a = numpy.arange(10)[::-2]
    assert cunp.byte_bounds(a) == numpy.lib.array_utils.byte_bounds(a)


def test_typing():
    assert cunp.typing.ArrayLike is numpy.typing.ArrayLike
    assert cunp.typing.DTypeLike is numpy.typing.DTypeLike
    assert cunp.typing.NBitBase is numpy.typing.NBitBase
    alias = cunp.typing.NDArray[numpy.float32]
    assert typing.get_origin(alias) is cunp.ndarray
    assert typing.get_args(alias)[1] == numpy.dtype[numpy.float32]


def test_memoize_and_clear_memo():
    calls = []

    @cunp.memoize()
    def f(x, y=1):
        calls.append((x, y))
        return x + y

    assert f(1) == 2 and f(1) == 2 and f(1, y=2) == 3
    assert calls == [(1, 1), (1, 2)]
    cunp.clear_memo()
    assert f(1) == 2 and len(calls) == 3


# --- GPU ---

@gpu
def test_reduction_and_rounding_aliases():
    h = numpy.array([[1.26, -2.5], [0.0, 3.75]])
    d = cunp.asarray(h)
    assert bool(cunp.alltrue(d > -3)) and not bool(cunp.sometrue(d > 5))
    for name, want in [("product", numpy.prod(h, axis=0)),
                       ("cumproduct", numpy.cumprod(h, axis=0)),
                       ("round_", numpy.round(h, 1))]:
        with pytest.warns(DeprecationWarning):
            got = getattr(cunp, name)(d, 1) if name == "round_" else getattr(cunp, name)(d, 0)
        numpy.testing.assert_allclose(cunp.asnumpy(got), want)
    numpy.testing.assert_allclose(float(cunp.trapz(cunp.asarray([1.0, 2.0, 4.0]))), 4.5)


@gpu
def test_in1d_msort_asfarray_row_stack():
    a = numpy.array([[1, 5], [3, 7]])
    got = cunp.in1d(cunp.asarray(a), cunp.asarray([5, 3]))
    numpy.testing.assert_array_equal(cunp.asnumpy(got), numpy.isin(a, [5, 3]).ravel())
    got = cunp.in1d(cunp.asarray(a), cunp.asarray([5, 3]), invert=True)
    numpy.testing.assert_array_equal(cunp.asnumpy(got), ~numpy.isin(a, [5, 3]).ravel())
    with pytest.warns(DeprecationWarning):
        got = cunp.msort(cunp.asarray([[3, 1], [1, 2]]))
    numpy.testing.assert_array_equal(cunp.asnumpy(got), numpy.sort([[3, 1], [1, 2]], axis=0))
    assert cunp.asfarray(cunp.asarray([1, 2])).dtype == numpy.float64
    assert cunp.asfarray([1, 2], dtype="float32").dtype == numpy.float32
    assert cunp.asfarray([1, 2], dtype="int8").dtype == numpy.float64
    with pytest.warns(DeprecationWarning, match="vstack"):
        got = cunp.row_stack([cunp.arange(2), cunp.arange(2)])
    numpy.testing.assert_array_equal(cunp.asnumpy(got), [[0, 1], [0, 1]])


@gpu
def test_byte_bounds_of_cunp_arrays():
    d = cunp.arange(20, dtype="int32").reshape(4, 5)
    ptr = d.data.ptr
    assert cunp.byte_bounds(d) == (ptr, ptr + 80)
    v = d[::-1, 1:3]
    h = numpy.arange(20, dtype="int32").reshape(4, 5)
    hv = h[::-1, 1:3]
    lo, hi = numpy.lib.array_utils.byte_bounds(hv)
    base_lo, _ = numpy.lib.array_utils.byte_bounds(h)
    assert cunp.byte_bounds(v) == (ptr + (lo - base_lo), ptr + (hi - base_lo))
    empty = cunp.zeros(0)
    assert cunp.byte_bounds(empty)[0] == cunp.byte_bounds(empty)[1]


@gpu
def test_who_lists_cunp_arrays(capsys):
    a = cunp.arange(10)
    namespace = {"a": a, "b": cunp.ones((2, 3), "float32"), "c": a, "n": 3}
    cunp.who(namespace)
    out = capsys.readouterr().out
    assert "a " in out and "10" in out and "int64" in out
    assert "c (a)" in out and "2 x 3" in out and "float32" in out
    assert "Upper bound on total bytes  =       104" in out


@gpu
def test_memoize_for_each_device():
    calls = []

    @cunp.memoize(for_each_device=True)
    def g(x):
        calls.append(x)
        return x

    g(1)
    g(1)
    assert calls == [1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cunp.clear_memo()
    g(1)
    assert calls == [1, 1]
