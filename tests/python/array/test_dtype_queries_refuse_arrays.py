"""The dtype queries read their arguments as NumPy's numpy.dtype(arg) does, which refuses
arrays although an array has a dtype; the other argument checks come in NumPy's order. These
run without a GPU: NumPy arrays stand in, and nothing reaches the device."""
import numpy
import pytest

import cunp

ARRAY = numpy.zeros(3, dtype=numpy.float32)


@pytest.mark.parametrize("call", [
    lambda xp: xp.promote_types(ARRAY, numpy.float32),
    lambda xp: xp.promote_types(numpy.float32, ARRAY),
    lambda xp: xp.can_cast(numpy.float32, ARRAY),
    lambda xp: xp.can_cast(numpy.float32, ARRAY, casting="bad"),  # `to` is read first
    lambda xp: xp.issubdtype(ARRAY, numpy.floating),
    lambda xp: xp.issubdtype(numpy.float32, ARRAY),
    lambda xp: xp.isdtype(numpy.int16, numpy.zeros(())),
], ids=range(7))
def test_arrays_are_not_dtypes(call):
    with pytest.raises(TypeError) as want:
        call(numpy)
    with pytest.raises(TypeError) as got:
        call(cunp)
    assert "array" in str(got.value) or str(want.value) in str(got.value)


def test_isdtype_kind_array_of_several_or_no_elements():
    for kind in (numpy.zeros(0), numpy.zeros(2)):
        with pytest.raises(ValueError):
            numpy.isdtype(numpy.int16, kind)
        with pytest.raises(ValueError):
            cunp.isdtype(numpy.int16, kind)


def test_can_cast_from_an_array_is_allowed():
    assert cunp.can_cast(ARRAY, numpy.float64) == numpy.can_cast(ARRAY, numpy.float64)


@pytest.mark.parametrize("value", [False, True, 3, -2.5, 1 + 2j])
def test_real_imag_of_python_numbers_are_the_numbers_own(value):
    # NumPy returns value.real / value.imag (bool.real is an int), no array.
    for f in ("real", "imag"):
        want, got = getattr(numpy, f)(value), getattr(cunp, f)(value)
        assert type(got) is type(want) and got == want


def test_kaiser_reads_its_arguments_as_numpy_does():
    with pytest.raises(TypeError):
        numpy.kaiser(None, 5.0)
    with pytest.raises(TypeError):
        cunp.kaiser(None, 5.0)
    with pytest.raises(ValueError):
        numpy.kaiser(None, numpy.zeros(2))
    with pytest.raises(ValueError):
        cunp.kaiser(None, numpy.zeros(2))
