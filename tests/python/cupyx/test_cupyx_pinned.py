"""cupyx's pinned NumPy arrays at cunp's top level (empty_pinned, empty_like_pinned,
zeros_pinned, zeros_like_pinned). The CPU tests stand a host allocator in for
cunp.cuda.alloc_pinned_memory; the GPU test uses the real one where this build has it."""
import ctypes

import numpy
import pytest

import cunp

gpu = pytest.mark.gpu


class _HostPointer:
    """What a pinned allocation looks like to the functions: an object with .ptr (no buffer
    protocol), kept alive by the arrays built on it."""

    def __init__(self, nbytes):
        self.buffer = (ctypes.c_char * max(nbytes, 1))()
        self.ptr = ctypes.addressof(self.buffer)


@pytest.fixture(params=["buffer", "pointer"])
def host_alloc(request, monkeypatch):
    """cunp.cuda.alloc_pinned_memory replaced by a host allocator (bytearray, or .ptr)."""
    calls = []

    def alloc(nbytes):
        calls.append(nbytes)
        return bytearray(nbytes) if request.param == "buffer" else _HostPointer(nbytes)

    monkeypatch.setattr(cunp.cuda, "alloc_pinned_memory", alloc, raising=False)
    return calls


def test_arguments_are_checked_before_allocating(monkeypatch):
    def alloc(nbytes):
        raise AssertionError("allocated")

    monkeypatch.setattr(cunp.cuda, "alloc_pinned_memory", alloc, raising=False)
    with pytest.raises(ValueError, match="negative"):
        cunp.empty_pinned((2, -1))
    with pytest.raises(ValueError, match="order"):
        cunp.zeros_pinned(3, order="K")
    with pytest.raises(TypeError):
        cunp.empty_pinned(3, dtype="no such dtype")
    with pytest.raises(TypeError, match="subok"):
        cunp.empty_like_pinned(numpy.zeros(3), subok=True)
    with pytest.raises(ValueError, match="order"):
        cunp.zeros_like_pinned(numpy.zeros(3), order="X")
    with pytest.raises(TypeError):
        cunp.empty_pinned(2.5)


def test_without_a_pinned_allocator_the_error_says_so(monkeypatch):
    monkeypatch.delattr(cunp.cuda, "alloc_pinned_memory", raising=False)
    with pytest.raises(NotImplementedError, match="alloc_pinned_memory"):
        cunp.empty_pinned(3)


@pytest.mark.parametrize("shape", [3, (2, 3), (0, 4), ()])
@pytest.mark.parametrize("order", ["C", "F"])
def test_empty_and_zeros_pinned(host_alloc, shape, order):
    a = cunp.empty_pinned(shape, dtype="float32", order=order)
    assert type(a) is numpy.ndarray
    expected = numpy.empty(shape, dtype="float32", order=order)
    assert a.shape == expected.shape and a.dtype == expected.dtype
    assert a.strides == expected.strides or not a.size  # NumPy zeroes an empty one's strides
    assert host_alloc[-1] == expected.nbytes
    z = cunp.zeros_pinned(shape, dtype="complex64", order=order)
    numpy.testing.assert_array_equal(z, numpy.zeros(shape, "complex64"))
    assert z.flags.writeable
    z[...] = 1 + 2j
    assert (z == 1 + 2j).all()
    assert cunp.empty_pinned(shape).dtype == numpy.float64


def _layouts():
    base = numpy.arange(2 * 3 * 4, dtype="int16").reshape(2, 3, 4)
    yield base
    yield numpy.asfortranarray(base)
    yield base.transpose(1, 0, 2)
    yield base.transpose(2, 0, 1)
    yield base[:, ::2, ::-1]
    yield base[:, :1]
    yield numpy.arange(5.0)
    yield numpy.zeros((0, 3))


@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
def test_like_layouts_follow_numpy(host_alloc, order):
    for a in _layouts():
        got = cunp.empty_like_pinned(a, order=order)
        expected = numpy.empty_like(a, order=order)
        assert got.shape == expected.shape and got.dtype == expected.dtype
        if not a.size:
            continue  # NumPy zeroes an empty array's strides
        assert got.strides == expected.strides, (a.strides, order)
        z = cunp.zeros_like_pinned(a, dtype="float32", order=order)
        assert z.dtype == numpy.float32 and not z.any()
        assert z.strides == numpy.empty_like(a, dtype="float32", order=order).strides


def test_like_with_a_new_shape(host_alloc):
    a = numpy.asfortranarray(numpy.zeros((3, 4)))
    got = cunp.empty_like_pinned(a, shape=(4, 5))
    assert got.shape == (4, 5) and got.strides == numpy.empty_like(a, shape=(4, 5)).strides
    got = cunp.empty_like_pinned(a, shape=7)
    assert got.shape == (7,)


def test_pointer_allocation_stays_alive_with_the_array(monkeypatch):
    made = []

    def alloc(nbytes):
        made.append(_HostPointer(nbytes))
        return made[-1]

    monkeypatch.setattr(cunp.cuda, "alloc_pinned_memory", alloc, raising=False)
    a = cunp.zeros_pinned(16, dtype="uint8")
    holder = made.pop()
    assert a.ctypes.data == holder.ptr
    del holder
    a[:] = 7  # still the allocation's memory
    assert (a == 7).all()


@gpu
def test_pinned_arrays_round_trip_through_the_device():
    if not hasattr(cunp.cuda, "alloc_pinned_memory"):
        pytest.skip("this build has no cunp.cuda.alloc_pinned_memory")
    host = cunp.zeros_pinned((64, 33), dtype="float32")
    host[...] = numpy.arange(64 * 33, dtype="float32").reshape(64, 33)
    d = cunp.asarray(host)
    back = cunp.empty_like_pinned(d)
    d.get(out=back)
    numpy.testing.assert_array_equal(back, host)
    pool = cunp.get_default_pinned_memory_pool()
    assert pool.used_bytes() > 0 or pool.total_bytes() > 0
