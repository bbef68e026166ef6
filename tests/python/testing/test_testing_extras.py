"""The rest of numpy.testing's assertions in cunp.testing, CuPy's other twin-run decorators,
with_requires and slow. The tests without the gpu marker need no device."""
import warnings

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- what needs no GPU ---

def test_assertions_on_host_data():
    testing.assert_equal({"a": [1, (2, 3)]}, {"a": [1, (2, 3)]})
    with pytest.raises(AssertionError):
        testing.assert_equal([1, 2], [1, 3])
    with pytest.raises(AssertionError):
        testing.assert_equal(numpy.zeros(2, "f4"), numpy.zeros(2), strict=True)
    testing.assert_almost_equal(1.0, 1.0 + 1e-9)
    with pytest.raises(AssertionError):
        testing.assert_almost_equal(1.0, 1.1, decimal=3)
    testing.assert_approx_equal(1234567.0, 1234568.0, significant=6)
    with pytest.raises(AssertionError):
        testing.assert_approx_equal(1.0, 1.1, significant=3)
    testing.assert_array_compare(numpy.less_equal, [1, 2], [1, 3])
    with pytest.raises(AssertionError, match="LEFT"):
        testing.assert_array_compare(numpy.less, [1, 2], [1, 3], names=("LEFT", "RIGHT"))
    one = numpy.float64(1)
    testing.assert_array_almost_equal_nulp(one, numpy.nextafter(one, 2), nulp=1)
    with pytest.raises(AssertionError):
        testing.assert_array_almost_equal_nulp(one, one + 1e-10)
    ulps = testing.assert_array_max_ulp([1.0], numpy.nextafter([1.0], 2), maxulp=2)
    assert numpy.all(ulps == 1)
    testing.assert_array_less([1, 2], [2, 3])
    with pytest.raises(AssertionError):
        testing.assert_array_less([2], [2])
    with pytest.raises(AssertionError):
        testing.assert_array_less(numpy.zeros(2), 1.0, strict=True)
    testing.assert_string_equal("abc", "abc")
    with pytest.raises(AssertionError):
        testing.assert_string_equal("abc", "abd")


def test_numpy_helpers_are_reexported():
    testing.assert_raises(ValueError, int, "x")
    with testing.assert_raises_regex(ValueError, "invalid literal"):
        int("x")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # assert_warns is deprecated
        with testing.assert_warns(UserWarning):
            warnings.warn("w", UserWarning)
    assert testing.assert_no_warnings(lambda: 3) == 3
    testing.assert_(True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # deprecated in NumPy 2.4
        with testing.suppress_warnings() as sup:
            sup.filter(UserWarning)
            warnings.warn("quiet", UserWarning)
    assert testing.clear_and_catch_warnings is numpy.testing.clear_and_catch_warnings


@testing.with_requires("numpy>=2.0")
def test_with_requires_runs_when_met():
    pass


@testing.with_requires("numpy<1.0")
def test_with_requires_skips_when_not_met():
    raise AssertionError("must be skipped")


@testing.with_requires("surely-not-an-installed-package")
def test_with_requires_skips_missing_packages():
    raise AssertionError("must be skipped")


def test_slow_marks():
    @testing.slow
    def f():
        pass

    assert any(m.name == "slow" for m in f.pytestmark)


def test_equal_decorator_on_host_values():
    @testing.numpy_cupy_equal()
    def same(xp):
        return xp.dtype("f4").itemsize

    same()

    @testing.numpy_cunp_equal()
    def differ(xp):
        return xp.__name__

    with pytest.raises(AssertionError, match="not equal"):
        differ()


def test_cupy_aliases():
    assert testing.numpy_cupy_equal is testing.numpy_cunp_equal
    assert testing.numpy_cupy_array_almost_equal is testing.numpy_cunp_array_almost_equal
    assert testing.numpy_cupy_array_max_ulp is testing.numpy_cunp_array_max_ulp
    assert testing.numpy_cupy_array_almost_equal_nulp is \
        testing.numpy_cunp_array_almost_equal_nulp
    assert testing.numpy_cupy_array_less is testing.numpy_cunp_array_less


# --- on the device ---

@gpu
def test_assertions_on_device_arrays():
    a = cunp.arange(6.0).reshape(2, 3)
    h = numpy.arange(6.0).reshape(2, 3)
    testing.assert_equal(a, h)
    testing.assert_equal([a, {"k": a[0]}], [h, {"k": h[0]}])
    testing.assert_almost_equal(a + 1e-9, h)
    testing.assert_approx_equal(a[1, 2], 5.0)
    testing.assert_array_compare(numpy.less_equal, a, h + 1)
    testing.assert_array_almost_equal_nulp(a, h)
    testing.assert_array_max_ulp(a, cunp.nextafter(a, 10), maxulp=1)
    testing.assert_array_less(a, h + 1)
    with pytest.raises(AssertionError):
        testing.assert_equal(a, h + 1)
    with pytest.raises(AssertionError):
        testing.assert_array_almost_equal_nulp(a + 1e-3, h)


@gpu
@testing.numpy_cupy_array_almost_equal(decimal=5)
def test_almost_equal_decorator(xp):
    return xp.sin(xp.linspace(0, 3, 7))


@gpu
@testing.numpy_cunp_array_max_ulp(maxulp=4)
def test_max_ulp_decorator(xp):
    return xp.sqrt(xp.arange(1.0, 9.0))


@gpu
@testing.numpy_cunp_array_almost_equal_nulp(nulp=4)
def test_nulp_decorator(xp):
    return xp.exp(xp.linspace(0, 1, 5))


@gpu
def test_array_decorators_reject_host_results():
    @testing.numpy_cunp_array_almost_equal()
    def host_from_cunp(xp):
        return numpy.arange(3.0) if xp is cunp else xp.arange(3.0)

    with pytest.raises(AssertionError, match="expected a cunp.ndarray"):
        host_from_cunp()


@gpu
@testing.numpy_cunp_equal()
def test_equal_decorator_on_device_metadata(xp):
    a = xp.zeros((2, 3), dtype="f4").T
    return a.shape, a.dtype, a.ndim
