"""Type queries, memory overlap, packbits/unpackbits and the floating-point error state against
NumPy. The tests without the gpu marker need no device."""
import warnings

import numpy
import pytest

import cunp
from cunp import testing

gpu = pytest.mark.gpu


# --- what needs no GPU ---

@pytest.mark.parametrize("args", [("f4", numpy.floating), ("i8", numpy.signedinteger),
                                  (numpy.float64, numpy.float32), ("c8", numpy.inexact),
                                  ("u1", numpy.integer), ("?", numpy.number)])
def test_issubdtype(args):
    assert cunp.issubdtype(*args) == numpy.issubdtype(*args)


@pytest.mark.parametrize("value", [1, 1.5, 1j, True, "s", b"b", numpy.float32(1), None, [1],
                                   (1,), numpy.array(1)])
def test_isscalar_and_iterable(value):
    assert cunp.isscalar(value) == numpy.isscalar(value)
    assert cunp.iterable(value) == numpy.iterable(value)


def test_type_tables_are_numpys():
    assert cunp.typecodes is numpy.typecodes
    assert cunp.sctypeDict is numpy.sctypeDict
    assert cunp.ScalarType is numpy.ScalarType
    assert cunp.mintypecode(["d", "f"]) == numpy.mintypecode(["d", "f"])
    assert cunp.mintypecode("fF") == "F"
    assert cunp.typename("d") == numpy.typename("d")


def test_bit_argument_errors():
    with pytest.raises(ValueError, match="'order' must be either 'little' or 'big'"):
        cunp._array._types._check_bitorder("middle")


def test_errstate_is_numpys_state():
    old = cunp.geterr()
    try:
        prev = cunp.seterr(divide="raise")
        assert prev == old
        assert numpy.geterr()["divide"] == "raise"
    finally:
        cunp.seterr(**old)
    with cunp.errstate(over="ignore", invalid="raise"):
        assert numpy.geterr()["over"] == "ignore"
        with pytest.raises(FloatingPointError):
            numpy.sqrt(numpy.float64(-1))
    assert cunp.geterr() == old

    @cunp.errstate(divide="ignore")
    def f():
        return cunp.geterr()["divide"]

    assert f() == "ignore"
    calls = []
    old_call = cunp.seterrcall(lambda *a: calls.append(a))
    try:
        assert cunp.geterrcall() is not None
        with cunp.errstate(divide="call"):
            numpy.float64(1) / numpy.float64(0)
        assert calls
    finally:
        cunp.seterrcall(old_call)


def test_host_overlap():
    a = numpy.arange(10)
    assert cunp.shares_memory(a, a[::2]) and not cunp.shares_memory(a[::2], a[1::2])
    assert cunp.may_share_memory(a[::2], a[1::2])


# --- on the device ---

@gpu
def test_isfortran_and_isscalar_of_device_arrays():
    a = cunp.zeros((2, 3), order="F")
    assert cunp.isfortran(a) and not cunp.isfortran(a.T) and not cunp.isfortran(cunp.zeros(3))
    assert not cunp.isscalar(cunp.zeros(()))
    assert not cunp.iterable(cunp.zeros(())) and cunp.iterable(cunp.zeros(2))
    assert cunp.mintypecode([cunp.zeros(2, "f4"), "d"]) == "d"


def _views(xp):
    base = xp.arange(120.0).reshape(10, 12)
    return [base, base[::2], base[1::2], base[:, ::2], base[:, 1::2], base[3:5, 4:9],
            base[::-1, ::-1], base.T, base[5:], base[:0], base[2], base.reshape(-1)[7::13]]


@gpu
@pytest.mark.parametrize("max_work", [-1, 0, None])
def test_overlap_matches_numpy(max_work):
    dev, host = _views(cunp), _views(numpy)
    for i, (x, hx) in enumerate(zip(dev, host)):
        for j, (y, hy) in enumerate(zip(dev, host)):
            for name in ("shares_memory", "may_share_memory"):
                kw = {} if max_work is None else {"max_work": max_work}
                try:
                    want = getattr(numpy, name)(hx, hy, **kw)
                except numpy.exceptions.TooHardError:
                    with pytest.raises(numpy.exceptions.TooHardError):
                        getattr(cunp, name)(x, y, **kw)
                    continue
                assert getattr(cunp, name)(x, y, **kw) == want, (name, i, j, max_work)


@gpu
def test_overlap_across_allocations_and_hosts():
    a, b = cunp.zeros(10), cunp.zeros(10)
    assert not cunp.shares_memory(a, b) and not cunp.may_share_memory(a, b)
    assert not cunp.shares_memory(a, numpy.zeros(10))


_PACK_SHAPES = [(0,), (5,), (13,), (3, 9), (2, 3, 17), (4, 0, 3), ()]


@gpu
@pytest.mark.parametrize("shape", _PACK_SHAPES)
@pytest.mark.parametrize("bitorder", ["big", "little"])
@testing.for_dtypes(["bool", "int8", "uint8", "int64", "uint16"])
def test_packbits(shape, bitorder, dtype):
    h = testing.shaped_random(shape, numpy, dtype, scale=3, seed=1)
    for axis in [None] + list(range(-len(shape), len(shape))):
        want = numpy.packbits(h, axis=axis, bitorder=bitorder)
        testing.assert_array_equal(
            cunp.packbits(cunp.asarray(h), axis=axis, bitorder=bitorder), want)


@gpu
@testing.numpy_cunp_array_equal()
def test_packbits_layouts(xp):
    a = testing.shaped_random((6, 20), xp, "int32", scale=3)
    return (xp.packbits(a.T, axis=0), xp.packbits(a[::-1, ::3], axis=1),
            xp.packbits(xp.broadcast_to(a[:1], (5, 20)), axis=1))


@gpu
@pytest.mark.parametrize("shape", [(0,), (3,), (2, 5), (3, 0, 2), (2, 3, 4)])
@pytest.mark.parametrize("count", [None, 0, 3, -2, 20, -1])
@pytest.mark.parametrize("bitorder", ["big", "little"])
def test_unpackbits(shape, count, bitorder):
    h = testing.shaped_random(shape, numpy, "uint8", scale=256, seed=2)
    for axis in [None] + list(range(-len(shape), len(shape))):
        try:
            want = numpy.unpackbits(h, axis=axis, count=count, bitorder=bitorder)
        except ValueError as e:
            with pytest.raises(ValueError, match=str(e)):
                cunp.unpackbits(cunp.asarray(h), axis=axis, count=count, bitorder=bitorder)
            continue
        got = cunp.unpackbits(cunp.asarray(h), axis=axis, count=count, bitorder=bitorder)
        if h.size == 0:  # NumPy leaves the padding of an empty input uninitialized
            want = numpy.zeros_like(want)
        testing.assert_array_equal(got, want)
        assert got.dtype == want.dtype


@gpu
@testing.numpy_cunp_array_equal()
def test_unpackbits_layouts(xp):
    a = testing.shaped_random((6, 4), xp, "uint8", scale=256)
    return xp.unpackbits(a.T, axis=0), xp.unpackbits(a[::-1, ::2], axis=1, count=-3)


@gpu
def test_bit_dtype_errors():
    with pytest.raises(TypeError, match="integer or boolean"):
        cunp.packbits(cunp.ones(3))
    with pytest.raises(TypeError, match="unsigned byte"):
        cunp.unpackbits(cunp.ones(3, "int8"))
    with pytest.raises(ValueError, match="must be either"):
        cunp.packbits(cunp.ones(3, "uint8"), bitorder="x")


def test_errstate_linalg_key():
    assert cunp.geterr()["linalg"] == "raise"
    with cunp.errstate(linalg="ignore"):
        assert cunp.geterr()["linalg"] == "ignore"
        assert not cunp._linalg._errstate.checked()
        with cunp.errstate(linalg="raise", divide="ignore"):
            assert cunp.geterr()["linalg"] == "raise" and numpy.geterr()["divide"] == "ignore"
        assert cunp.geterr()["linalg"] == "ignore"
    assert cunp._linalg._errstate.checked()
    old = cunp.seterr(linalg="ignore", all="warn")
    try:
        assert old["linalg"] == "raise" and cunp.geterr()["linalg"] == "ignore"
        assert cunp.geterr()["over"] == "warn"  # all= leaves linalg alone
        cunp.seterr(all="ignore")
        assert cunp.geterr()["linalg"] == "ignore"
    finally:
        cunp.seterr(**old)
    assert cunp.geterr() == dict(numpy.geterr(), linalg="raise")

    @cunp.errstate(linalg="ignore")
    def f():
        return cunp.geterr()["linalg"]

    assert f() == "ignore" and f() == "ignore" and cunp.geterr()["linalg"] == "raise"
    for bad in ("warn", "print", "call", "log", 1):
        with pytest.raises(ValueError, match="linalg error handling must be 'raise' or 'ignore'"):
            cunp.errstate(linalg=bad)
        with pytest.raises(ValueError, match="must be 'raise' or 'ignore'"):
            cunp.seterr(linalg=bad, divide="raise")
    assert cunp.geterr()["divide"] == numpy.geterr()["divide"] != "raise"  # nothing was set


def test_errstate_linalg_is_per_thread():
    import threading

    seen = []
    with cunp.errstate(linalg="ignore"):
        t = threading.Thread(target=lambda: seen.append(cunp.geterr()["linalg"]))
        t.start()
        t.join()
    assert seen == ["raise"]


@gpu
def test_errstate_leaves_device_ufuncs_silent():
    # Documented: GPU kernels report no floating-point errors whatever the state.
    with cunp.errstate(all="raise"), warnings.catch_warnings():
        warnings.simplefilter("error")
        out = cunp.asarray([1.0, 0.0]) / cunp.asarray([0.0, 0.0])
    assert numpy.isinf(out.get()[0]) and numpy.isnan(out.get()[1])
