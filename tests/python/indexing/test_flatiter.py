"""cunp.flatiter and ndarray.flat against NumPy's: reads and writes through x.flat reach the
device array. Tests without the gpu marker need no device."""
import numpy
import pytest

import cunp

gpu = pytest.mark.gpu


def test_names_without_a_device():
    assert isinstance(cunp.ndarray.flat, property)
    assert cunp.flatiter.__name__ == "flatiter"
    with pytest.raises(TypeError, match="cunp.ndarray"):
        cunp.flatiter(numpy.zeros(3))


def _pairs():
    h = numpy.arange(24, dtype="float32").reshape(4, 6)
    yield h, cunp.asarray(h)
    yield numpy.asfortranarray(h), cunp.asfortranarray(cunp.asarray(h))
    yield h[::-1, 1::2], cunp.asarray(h)[::-1, 1::2]
    yield h.T, cunp.asarray(h).T
    s = numpy.array(5.0)
    yield s, cunp.asarray(s)


_KEYS = [0, 3, -1, -5, slice(None), slice(2, 9), slice(None, None, -3), slice(1, 100, 4),
         Ellipsis, [1, 0, 5], numpy.array([2, 2, -1]), (4,)]


@gpu
def test_reads_match_numpy():
    for h, d in _pairs():
        assert len(d.flat) == h.size
        for key in _KEYS:
            try:
                want = h.flat[key]
            except IndexError:
                with pytest.raises(IndexError):
                    d.flat[key]
                continue
            got = d.flat[key]
            assert isinstance(got, cunp.ndarray)
            numpy.testing.assert_array_equal(cunp.asnumpy(got), want)
        mask = numpy.arange(h.size) % 3 == 0
        numpy.testing.assert_array_equal(cunp.asnumpy(d.flat[cunp.asarray(mask)]), h.flat[mask])
        numpy.testing.assert_array_equal(cunp.asnumpy(d.flat.copy()), h.flat.copy())
        assert d.flat.base is d
    h, d = next(_pairs())
    with pytest.raises(IndexError):
        d.flat[24]
    with pytest.raises(IndexError):
        d.flat[0, 1]
    with pytest.raises(IndexError):
        d.flat[True]


def _write_pairs():
    """(numpy, cunp) arrays of the same values in four layouts, each on a base of its own (the
    views write through to their bases)."""
    def base():
        h = numpy.arange(24, dtype="float32").reshape(4, 6)
        return h, cunp.asarray(h)
    h, d = base()
    yield h, d
    h, d = base()
    yield numpy.asfortranarray(h), cunp.asfortranarray(d)
    h, d = base()
    yield h[::-1, 1::2], d[::-1, 1::2]
    h, d = base()
    yield h.T, d.T


@gpu
@pytest.mark.parametrize("key,value", [
    (3, 100.0), (-1, 7.0), (slice(None), 1.5), (slice(1, 20, 3), [9.0, 8.0]),
    (slice(None, None, -1), numpy.arange(24.0)), ([0, 5, 7], [1.0, 2.0, 3.0]),
    (numpy.array([1, 2, 3, 4]), [-1.0, -2.0]), (Ellipsis, [4.0, 5.0, 6.0]),
])
def test_writes_match_numpy(key, value):
    for h, d in _write_pairs():
        if isinstance(value, numpy.ndarray) and value.size != h.size:
            value = value[:h.size]
        h.flat[key] = value
        d.flat[key] = value if numpy.isscalar(value) else cunp.asarray(
            numpy.asarray(value, dtype="float32"))
        numpy.testing.assert_array_equal(cunp.asnumpy(d), h)


@gpu
def test_writes_through_a_view_reach_the_base():
    base = cunp.zeros((4, 6))
    view = base[::2, ::-1]
    view.flat[[0, 5]] = 3.0
    expected = numpy.zeros((4, 6))
    expected[::2, ::-1].flat[[0, 5]] = 3.0
    numpy.testing.assert_array_equal(cunp.asnumpy(base), expected)
    base.flat = [1.0, 2.0]
    numpy.testing.assert_array_equal(cunp.asnumpy(base), numpy.resize([1.0, 2.0], (4, 6)))


@gpu
def test_iteration_index_coords_and_comparisons():
    h = numpy.arange(6).reshape(2, 3)
    d = cunp.asarray(h)
    it = d.flat
    assert it.index == 0 and it.coords == (0, 0)
    values = [int(v) for v in it]
    assert values == list(range(6))
    it = d.flat
    next(it)
    next(it)
    assert it.index == 2 and it.coords == (0, 2)
    numpy.testing.assert_array_equal(cunp.asnumpy(d.flat == 3), h.flat == 3)
    numpy.testing.assert_array_equal(cunp.asnumpy(d.flat > 2), h.flat > 2)
    with pytest.raises(TypeError):
        numpy.asarray(d.flat)
