"""broadcast and nditer (host-copy iteration) against NumPy. Tests without the gpu marker run
anywhere: they iterate host inputs, or check what needs only shapes."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu
_rng = numpy.random.default_rng(7)

_DTYPES = ["bool", "int8", "uint32", "int64", "float16", "float32", "float64", "complex64",
           "complex128"]


def _data(shape, dtype):
    if dtype == "bool":
        return _rng.random(shape) > 0.5
    a = _rng.standard_normal(shape) * 10
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * _rng.standard_normal(shape)
    return a.astype(dtype)


def _layouts(h):
    """(host, device) pairs of one array in several layouts."""
    d = cunp.asarray(h)
    yield h, d
    if h.ndim >= 2:
        yield numpy.asfortranarray(h), cunp.asfortranarray(d)
        yield h[::2, ::-1], d[::2, ::-1]
        yield h.swapaxes(0, 1), d.swapaxes(0, 1)
        yield numpy.broadcast_to(h[:1], h.shape), cunp.broadcast_to(d[:1], h.shape)
    if h.ndim >= 1:
        yield h[::-1], d[::-1]


def _same_items(got, want):
    assert len(got) == len(want)
    for g, w in zip(got, want):
        if isinstance(w, tuple):
            _same_items(g, w)
        else:
            assert type(g) is type(w)
            numpy.testing.assert_array_equal(g, w)


# --- what needs no GPU ---

@pytest.mark.parametrize("shapes", [[(2, 1), (3,)], [(4,)], [], [(0, 3), (1, 3)], [(), (2,)],
                                    [(2, 3, 1), (1, 4), (3, 1)]])
def test_broadcast_attributes(shapes):
    args = [numpy.ones(s) for s in shapes]
    got, want = cunp.broadcast(*args), numpy.broadcast(*args)
    assert (got.shape, got.ndim, got.nd, got.size, got.numiter, got.index) == \
        (want.shape, want.ndim, want.nd, want.size, want.numiter, want.index)
    _same_items(list(got), list(want))


def test_broadcast_of_host_values_and_nesting():
    a = numpy.arange(3)
    b = cunp.broadcast(a, [[1], [2]], 5)
    nested = cunp.broadcast(b, 1.5)
    assert nested.numiter == 4 and nested.shape == (2, 3)
    _same_items(list(nested), list(numpy.broadcast(numpy.broadcast(a, [[1], [2]], 5), 1.5)))


def test_broadcast_index_and_reset():
    b = cunp.broadcast(numpy.arange(3), numpy.ones((2, 1)))
    w = numpy.broadcast(numpy.arange(3), numpy.ones((2, 1)))
    assert b.index == 0
    b.reset()  # before any copy: nothing to rewind
    for _ in range(4):
        _same_items(next(b), next(w))
    assert b.index == w.index == 4
    assert [list(i) for i in b.iters] == [list(i) for i in w.iters]
    b.reset()
    assert b.index == 0
    _same_items(list(b), list(numpy.broadcast(numpy.arange(3), numpy.ones((2, 1)))))


def test_broadcast_errors():
    with pytest.raises(ValueError, match="shape mismatch: objects cannot be broadcast"):
        cunp.broadcast(numpy.ones(2), numpy.ones(3))
    with pytest.raises(ValueError, match="at most 64 array objects"):
        cunp.broadcast(*([1] * 65))


@pytest.mark.parametrize("flags", [None, ["multi_index"], ["c_index"], ["f_index"],
                                   ["external_loop"], ["multi_index", "f_index"],
                                   ["buffered", "external_loop"]])
@pytest.mark.parametrize("order", ["K", "C", "F", "A"])
def test_nditer_of_host_input(flags, order):
    a = numpy.asfortranarray(numpy.arange(6).reshape(2, 3))
    got = cunp.nditer(a, flags=flags, order=order)
    want = numpy.nditer(a, flags=flags, order=order)
    for g, w in zip(got, want):
        numpy.testing.assert_array_equal(g, w)
        for attr in ("multi_index", "index"):
            if getattr(want, "has_" + attr):
                assert getattr(got, attr) == getattr(want, attr)
    assert got.finished and next(want, None) is None


@pytest.mark.parametrize("op_flags", [["readwrite"], ["writeonly"], [["readonly"], ["allocate"]],
                                      [["readonly"], ["readwrite", "allocate"]]])
def test_nditer_refuses_writes(op_flags):
    ops = [numpy.ones(3)] * len(op_flags) if isinstance(op_flags[0], list) else numpy.ones(3)
    with pytest.raises(NotImplementedError, match="read-only"):
        cunp.nditer(ops, op_flags=op_flags)
    with pytest.raises(NotImplementedError, match="None operand"):
        cunp.nditer([numpy.ones(3), None])


def test_nditer_numpy_errors():
    with pytest.raises(ValueError):
        cunp.nditer([numpy.ones(2), numpy.ones(3)])
    with pytest.raises(TypeError):
        cunp.nditer(numpy.ones(3), op_dtypes=["int8"])  # 'safe' casting needs buffering


# --- on the GPU ---

@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
def test_broadcast_of_device_arrays(dtype):
    h1, h2 = _data((2, 3, 4), dtype), _data((4,), "float32")
    for a, da in _layouts(h1):
        got = cunp.broadcast(da, cunp.asarray(h2), 2)
        want = numpy.broadcast(a, h2, 2)
        assert got.shape == want.shape and got.size == want.size
        _same_items(list(got), list(want))
    got = cunp.broadcast(cunp.asarray(h1)[:0], cunp.asarray(h2))
    assert got.shape == (0, 3, 4) and list(got) == []
    zero_d = cunp.asarray(h1)[0, 0, 0]
    _same_items(list(cunp.broadcast(zero_d)), list(numpy.broadcast(h1[0, 0, 0])))


@gpu
@pytest.mark.parametrize("dtype", _DTYPES)
@pytest.mark.parametrize("flags", [None, ["multi_index"], ["c_index"], ["f_index"],
                                   ["external_loop"], ["multi_index", "c_index"]])
@pytest.mark.parametrize("order", ["K", "C", "F"])
def test_nditer_of_device_arrays(dtype, flags, order):
    h = _data((3, 4), dtype)
    for a, d in _layouts(h):
        got = cunp.nditer(d, flags=flags, order=order, op_flags=[["readonly"]])
        want = numpy.nditer(a, flags=flags, order=order, op_flags=[["readonly"]])
        if "external_loop" in (flags or ()):
            # The chunks follow memory contiguity (the host copy's may be longer); the
            # elements come in NumPy's order.
            numpy.testing.assert_array_equal(numpy.concatenate(list(got)),
                                             numpy.concatenate(list(want)))
            continue
        for g, w in zip(got, want):
            assert isinstance(g, numpy.ndarray) and g.dtype == w.dtype and g.shape == w.shape
            numpy.testing.assert_array_equal(g, w)
            if want.has_multi_index:
                assert got.multi_index == want.multi_index
            if want.has_index:
                assert got.index == want.index
        assert got.finished


@gpu
def test_nditer_of_several_operands_broadcasts():
    a, b = _data((2, 3), "float64"), _data((3,), "int32")
    got = cunp.nditer([cunp.asarray(a), cunp.asarray(b), 7], flags=["multi_index"])
    want = numpy.nditer([a, b, 7], flags=["multi_index"])
    for g, w in zip(got, want):
        _same_items(g, w)
        assert got.multi_index == want.multi_index
    with cunp.nditer([cunp.asarray(a), cunp.asarray(b)]) as it:
        # Without multi_index NumPy orders the axes by memory: (3, 2) here, as NumPy's own.
        assert it.shape == numpy.nditer([a, b]).shape and it.nop == 2
        assert [op.shape for op in it.operands] == [(2, 3), (3,)]
    with pytest.raises(NotImplementedError, match="read-only"):
        cunp.nditer(cunp.asarray(a), op_flags=["readwrite"])
