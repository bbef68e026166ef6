"""ndarray's own surface against numpy.ndarray: every attribute NumPy's array has, except a
committed list of those out of cunp's scope (each with its reason); and the in-place ones
(shape assignment, resize, byteswap, setflags, `in`, del) behave as NumPy's."""
import re
import sys

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu

OUT_OF_SCOPE = {
    "__buffer__": "Python's buffer protocol exposes host memory; cunp's is on the device",
    "__array_interface__": "host memory protocol: implicit conversion to NumPy raises TypeError, "
                           "as in CuPy (use .get() or cunp.asnumpy)",
    "__array_struct__": "host memory protocol, as __array_interface__",
    "__array_finalize__": "subclassing hook: cunp.ndarray has no subclasses to finalize",
    "__array_wrap__": "subclassing hook, as __array_finalize__",
    "__setstate__": "pickling goes through __reduce__ to cunp's own reconstructor",
    "ctypes": "host pointers for ctypes: a device pointer is x.data.ptr",
    "getfield": "structured dtypes and raw field access: cunp has no structured dtypes",
    "setfield": "as getfield",
}


def test_every_numpy_ndarray_attribute_or_a_reason():
    # NumPy's private helpers (_set_shape, ...) are not part of its surface.
    public = [n for n in dir(numpy.ndarray) if not n.startswith("_") or n.startswith("__")]
    missing = sorted(n for n in public if not hasattr(cunp.ndarray, n))
    assert set(missing) <= set(OUT_OF_SCOPE), sorted(set(missing) - set(OUT_OF_SCOPE))
    stale = sorted(n for n in OUT_OF_SCOPE if hasattr(cunp.ndarray, n))
    assert not stale, f"listed as out of scope but present: {stale}"


def test_class_getitem_for_annotations():
    alias = cunp.ndarray[tuple, numpy.dtype[numpy.float32]]
    assert alias.__origin__ is cunp.ndarray


@gpu
@pytest.mark.parametrize("shape, new", [((2, 6), (3, 4)), ((12,), (2, -1, 3)), ((0, 4), (4, 0)),
                                        ((), (1, 1)), ((4, 3), (12,))])
def test_shape_assignment_reshapes_in_place(shape, new):
    h = numpy.arange(numpy.prod(shape), dtype=numpy.float32).reshape(shape)
    a = cunp.asarray(h)
    ptr = a.data.ptr
    a.shape = new
    h = h.reshape(new)  # (NumPy 2.5 deprecates its own shape assignment)
    assert a.shape == h.shape and a.data.ptr == ptr
    numpy.testing.assert_array_equal(a.get(), h)


@gpu
def test_shape_assignment_refuses_as_numpy_does():
    a = cunp.arange(12).reshape(3, 4).T  # no view of it is (12,)
    with pytest.raises(AttributeError, match="Incompatible shape"):
        a.shape = (12,)
    b = cunp.arange(12)
    with pytest.raises(ValueError, match="cannot reshape array of size 12"):
        b.shape = (5,)
    with pytest.raises(AttributeError):
        del b.shape
    assert b.shape == (12,)


@gpu
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("new", [(2, 3), (5, 4), (7,), (0,), (3, 3, 2)])
def test_resize_keeps_the_leading_elements_and_zero_fills(order, new):
    h = numpy.array(numpy.arange(1, 13, dtype=numpy.int32).reshape(3, 4), order=order)
    a = cunp.array(h, order=order)
    assert a.resize(new) is None
    h.resize(new)
    assert a.shape == h.shape
    assert a.flags.f_contiguous == h.flags.f_contiguous
    numpy.testing.assert_array_equal(a.get(), h)
    b = cunp.arange(4.0)
    b.resize(2, 3)  # the shape as separate integers
    numpy.testing.assert_array_equal(b.get(), [[0, 1, 2], [3, 0, 0]])


@gpu
def test_resize_refuses_views_and_referenced_arrays():
    a = cunp.arange(6)
    v = a[1:]
    with pytest.raises(ValueError, match="does not own its data"):
        v.resize(3)
    with pytest.raises(ValueError, match="referenced"):
        a.resize(3)  # v still views a's memory
    a.resize(3, refcheck=False)  # v keeps the old memory alive
    numpy.testing.assert_array_equal(v.get(), [1, 2, 3, 4, 5])
    numpy.testing.assert_array_equal(a.get(), [0, 1, 2])
    with pytest.raises(ValueError, match="negative"):
        cunp.arange(3).resize(-1)


@gpu
@pytest.mark.parametrize("dtype", ["?", "i1", "u2", "i4", "u8", "e", "f4", "f8", "c8", "c16"])
@pytest.mark.parametrize("layout", ["c", "f", "strided", "0d", "empty"])
def test_byteswap_as_numpy(dtype, layout):
    rng = numpy.random.default_rng(5)
    h = (rng.random((4, 6)) * 100).astype(dtype)
    if dtype[0] == "c":
        h = h + 1j * h[::-1]
    h = {"c": h, "f": numpy.asfortranarray(h), "strided": h[::-2, 1::2], "0d": h[1, 2],
         "empty": h[:0]}[layout]
    h = numpy.asarray(h)
    a = cunp.asarray(h)
    got = a.byteswap()
    assert got.dtype == h.dtype and got.shape == h.shape
    numpy.testing.assert_array_equal(got.get().view(h.dtype), h.byteswap())
    numpy.testing.assert_array_equal(a.get(), h)  # the original is untouched
    assert a.byteswap(inplace=True) is a
    numpy.testing.assert_array_equal(a.get(), h.byteswap())


@gpu
def test_contains_delitem_and_setflags():
    a = cunp.arange(6).reshape(2, 3)
    assert 4 in a and 9 not in a and (cunp.array([3, 4, 5]) in a)
    with pytest.raises(ValueError, match="cannot delete array elements"):
        del a[0]
    a.setflags(write=True, align=True, uic=False)
    for kw in ({"write": False}, {"align": False}, {"uic": True}):
        with pytest.raises(ValueError):
            a.setflags(**kw)
    assert a.flags.writeable


if __name__ == "__main__":
    sys.exit(pytest.main([__file__]))


# --- ndarray(shape, strides=) without memory (issue 37) -----------------------------------------

@pytest.mark.parametrize("shape, strides", [((2, 3), (20, 4)), ((2, 3), (-12, 4)),
                                            ((2, 3), (12,)), ((4,), (8,))])
def test_ndarray_strides_without_memory_refused(shape, strides):
    # Checked on the host before any allocation, as NumPy does against its new buffer.
    with pytest.raises(ValueError) as want:
        numpy.ndarray(shape, numpy.float32, strides=strides)
    with pytest.raises(ValueError, match=str(want.value)[:20]):
        cunp.ndarray(shape, numpy.float32, strides=strides)


@gpu
@pytest.mark.parametrize("shape, strides", [((2, 3), (4, 8)), ((2, 3), (0, 0)), ((2, 3), (2, 4)),
                                            ((2, 3), (12, 4)), ((3,), (4,))])
def test_ndarray_strides_without_memory(shape, strides):
    a = cunp.ndarray(shape, numpy.float32, strides=strides)
    assert a.shape == shape and a.strides == strides
    assert a.nbytes == numpy.ndarray(shape, numpy.float32, strides=strides).nbytes


# --- reshape of zero-size arrays (issue 37): no device work, so checked on the host -------------

@pytest.mark.parametrize("shape", [(0,), (0, 3), (3, 0), (2, 0, 4)])
@pytest.mark.parametrize("target", [-1, (-1,), (-1, 3), (3, -1), (0, -1), (-1, 0), (-1, 2, 0),
                                    (2, -1, 0), (0, 0, -1), (4, -1), (-1, 5), (1, -1),
                                    (-1, 1, 0), (0,), (-2, 3), (-1, -1)])
def test_reshape_zero_size_with_unknown_extent(shape, target):
    h = numpy.zeros(shape)
    try:
        want = h.reshape(target).shape
    except ValueError as e:
        with pytest.raises(ValueError, match="^" + re.escape(str(e)) + "$"):
            cunp.ndarray(shape).reshape(target)
        return
    assert cunp.ndarray(shape).reshape(target).shape == want


# --- the argument handling of the methods that the differential fuzzer checks ---

def test_sort_and_partition_methods_read_axis_as_an_int():
    # The methods parse axis as a C int before anything else: None (which the functions read
    # as "flatten") and floats are TypeErrors; integers of any kind pass through.
    from cunp._array._ndarray import _method_axis

    for bad in (None, 1.0, "0"):
        with pytest.raises(TypeError):
            numpy.zeros(2).sort(axis=bad)
        with pytest.raises(TypeError):
            _method_axis(bad)
    assert _method_axis(numpy.int64(-1)) == -1 and _method_axis(True) == 1


@gpu
@pytest.mark.parametrize("call", [
    lambda a: a.sort(axis=None),
    lambda a: a.partition(0, axis=None),
    lambda a: a.sort(axis=None, kind="bad"),
    lambda a: a.partition(5, axis=None),
], ids=["sort", "partition", "sort-bad-kind", "partition-bad-kth"])
@pytest.mark.parametrize("shape", [(), (0, 1), (3,)], ids=str)
def test_sort_and_partition_methods_refuse_axis_none(call, shape):
    for a in (numpy.zeros(shape), cunp.zeros(shape)):
        with pytest.raises(TypeError, match="'NoneType' object cannot be interpreted"):
            call(a)


def _outcome(fn, xp):
    try:
        return fn(xp), None
    except Exception as e:  # noqa: BLE001 - the type is what is compared
        return None, type(e)


def _same(fn):
    want, want_error = _outcome(fn, numpy)
    got, got_error = _outcome(fn, cunp)
    if want_error is not None:
        assert got_error is not None and issubclass(got_error, want_error), (want_error, got_error)
        return
    assert got_error is None, got_error
    numpy.testing.assert_array_equal(cunp.asnumpy(got), want, strict=True)


def _put(xp, shape, dtype, *args, **kw):
    a = xp.zeros(shape, dtype)
    a.put(*args, **kw)
    return a


@gpu
@pytest.mark.parametrize("args, kw", [
    (([0], [2**63 - 1]), {}),          # a Python int past int8: OverflowError
    ((0, 2**63 - 1), {}),
    (([5], [300]), {}),                # the values are converted before the bounds check
    (([5], [1]), {"mode": "bad"}),     # mode= first
    (([0, 2], [2.7, -1.5]), {}),       # floats into ints: truncated
    (([0, 2], [-1.0]), {}),            # a Python float is range-checked as int(v)
    (([0], [1]), {"mode": "wrap"}),
], ids=repr)
@pytest.mark.parametrize("shape", [(3,), (0,), ()], ids=str)
def test_put_checks_in_numpy_order(args, kw, shape):
    for dtype in ("int8", "uint8", "bool", "float32"):
        _same(lambda xp: _put(xp, shape, dtype, *args, **kw))


@gpu
@pytest.mark.parametrize("shape, axis", [((0,), None), ((), None), ((1,), None), ((0, 3), 0),
                                         ((0, 3), 1), ((2, 0), 1), ((2, 0), 0)], ids=str)
@pytest.mark.parametrize("repeats", [-1, -3, [-1], 0, 2], ids=repr)
def test_repeat_negative_counts_like_numpy(shape, axis, repeats):
    _same(lambda xp: xp.zeros(shape, "int16").repeat(repeats, axis=axis))


def test_searchsorted_int_past_integer_types_like_an_object_search():
    # A Python int no NumPy integer holds is searched as NumPy's object comparison does; the
    # stand-in (value, side) must give the same index for every side, dtype and neighbour.
    from cunp._sorting._sort import _past_integer_types

    arrays = [numpy.array([1.0, 2.0, 3.0]), numpy.array([1e30, numpy.inf], "f4"),
              numpy.array([2.0**70], "f4"), numpy.array([2.0**70], "e"),
              numpy.array([-numpy.inf, -3e38, 2.0**70, 2.0**71, numpy.inf]),
              numpy.array([False, True]), numpy.array([0, 2**64 - 1], "u8"),
              numpy.array([-2**63, 5], "i8"), numpy.zeros(0, "c8")]
    values = [2**64, 2**70, 2**70 + 1, 2**70 - 1, 2**71 + 5, -2**63 - 1, -2**70, 10**400, -10**400]
    for a in arrays:
        for v in values:
            for side in ("left", "right"):
                near, near_side = _past_integer_types(a, v, side)
                search_dtype = a.dtype if a.dtype.kind in "fc" else "f8"
                got = numpy.searchsorted(a, numpy.asarray(near, search_dtype), near_side)
                assert got == numpy.searchsorted(a.astype(object), v, side), (a, v, side)
    with pytest.raises(TypeError, match="'<' not supported between instances of 'complex'"):
        _past_integer_types(numpy.zeros(1, "c8"), 2**70, "left")


@gpu
@pytest.mark.parametrize("dtype", ["?", "u1", "i8", "u8", "e", "f4", "f8", "c8"])
@pytest.mark.parametrize("value", [2**64, 2**70 + 1, -2**63 - 1, 10**400], ids=repr)
@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_int_past_integer_types(dtype, value, side):
    kind = numpy.dtype(dtype).kind
    wide = [0, 1, 2.0**64, 2.0**70, 2.0**71] if dtype != "e" else [0, 1, 6e4]
    h = numpy.array(wide if kind in "fc" else [0, 1, 5], dtype)
    h = h[:2] if kind == "b" else h
    _same(lambda xp: xp.asarray(h).searchsorted(value, side=side))
