"""Host <-> device transfers: asarray/array up, asnumpy/get/set down."""

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu


def host_layouts(dtype):
    base = testing.shaped_random((6, 8), numpy, dtype, seed=11)
    return {
        'C': base,
        'F': numpy.asfortranarray(base),
        'strided': base[::2, 1::3],
        'reversed': base[::-1, ::-2],
        'broadcast': numpy.broadcast_to(base[2], (4, 8)),
        '0-d': base[1, 1, ...],
        'empty': base[:0],
        '3-d-permuted': numpy.ascontiguousarray(
            base.reshape(2, 3, 8).transpose(2, 0, 1)).transpose(1, 2, 0),
    }


HOST_LAYOUTS = ['C', 'F', 'strided', 'reversed', 'broadcast', '0-d', 'empty',
                '3-d-permuted']


def bits(a):
    """The raw bytes of ``a`` in logical order: exact, NaN payloads too."""
    a = numpy.ascontiguousarray(a)
    return a.view(numpy.uint8).tobytes() if a.size else b''


def check_same(result, expected):
    assert isinstance(result, numpy.ndarray)
    assert not isinstance(result, cunp.ndarray)
    assert result.dtype == expected.dtype
    assert result.shape == expected.shape
    assert bits(result) == bits(expected)


@pytest.mark.parametrize('kind', HOST_LAYOUTS)
@testing.for_all_dtypes()
def test_round_trip(dtype, kind):
    host = host_layouts(dtype)[kind]
    dev = cunp.asarray(host)
    assert isinstance(dev, cunp.ndarray)
    assert dev.shape == host.shape and dev.dtype == host.dtype
    check_same(cunp.asnumpy(dev), host)
    check_same(dev.get(), host)


@pytest.mark.parametrize('kind', ['strided', 'reversed', 'broadcast',
                                  'permuted', 'real-of-complex'])
@testing.for_all_dtypes()
def test_download_device_views(dtype, kind):
    host = testing.shaped_random((4, 6, 2), numpy, dtype, seed=3)
    dev = cunp.asarray(host)
    if kind == 'strided':
        h, d = host[::2, 1::2], dev[::2, 1::2]
    elif kind == 'reversed':
        h, d = host[::-1, :, ::-1], dev[::-1, :, ::-1]
    elif kind == 'broadcast':
        h = numpy.broadcast_to(host[:, :1], (3, 4, 6, 2))
        d = cunp.broadcast_to(dev[:, :1], (3, 4, 6, 2))
    elif kind == 'permuted':
        h, d = host.transpose(2, 0, 1), dev.transpose(2, 0, 1)
    else:
        h, d = host.real, dev.real
    check_same(cunp.asnumpy(d), h)
    check_same(d.get(), h)


@testing.for_float_dtypes()
def test_special_values_are_bit_exact(dtype):
    info = numpy.finfo(dtype)
    host = numpy.array([numpy.nan, -numpy.nan, numpy.inf, -numpy.inf, -0.0,
                        0.0, info.max, info.min, info.tiny,
                        info.smallest_subnormal, -info.smallest_subnormal,
                        info.eps], dtype=dtype)
    # A NaN with a non-default payload must not be canonicalized.
    payload = host[:1].copy()
    payload.view(numpy.dtype('u{}'.format(payload.itemsize)))[...] |= 1
    host = numpy.concatenate([host, payload])
    check_same(cunp.asnumpy(cunp.asarray(host)), host)


@testing.for_int_dtypes(no_bool=True)
def test_integer_extremes(dtype):
    info = numpy.iinfo(dtype)
    host = numpy.array([info.min, info.max, 0, 1, info.max - 1], dtype=dtype)
    check_same(cunp.asnumpy(cunp.asarray(host)), host)


def test_bool_download_is_canonical():
    host = numpy.array([True, False, True, True])
    out = cunp.asnumpy(cunp.asarray(host))
    assert out.view(numpy.uint8).tolist() == [1, 0, 1, 1]


def test_asnumpy_result_is_independent():
    dev = cunp.arange(5)
    host = cunp.asnumpy(dev)
    host[0] = 99
    dev[1] = 42
    assert cunp.asnumpy(dev).tolist() == [0, 42, 2, 3, 4]
    assert host.tolist() == [99, 1, 2, 3, 4]


def test_upload_is_independent_of_host():
    host = numpy.arange(5.0)
    dev = cunp.asarray(host)
    host[0] = -1
    assert cunp.asnumpy(dev).tolist() == [0.0, 1.0, 2.0, 3.0, 4.0]


@pytest.mark.parametrize('value', [numpy.arange(3), [1, 2], 3.5, (1j, 2)],
                         ids=['ndarray', 'list', 'float', 'tuple'])
def test_asnumpy_of_host_objects(value):
    out = cunp.asnumpy(value)
    assert isinstance(out, numpy.ndarray)
    numpy.testing.assert_array_equal(out, numpy.asarray(value))


def test_asnumpy_of_numpy_array_does_not_copy():
    host = numpy.arange(4)
    out = cunp.asnumpy(host)
    assert numpy.shares_memory(out, host)


@pytest.mark.parametrize('order', ['C', 'F'])
def test_get_out(order):
    dev = cunp.asarray(testing.shaped_arange((3, 4), numpy, numpy.float32))
    out = numpy.empty((3, 4), dtype=numpy.float32, order=order)
    result = dev.get(out=out)
    assert result is out
    numpy.testing.assert_array_equal(
        out, testing.shaped_arange((3, 4), numpy, numpy.float32))


def test_get_out_from_noncontiguous_view():
    dev = cunp.asarray(testing.shaped_arange((6, 4), numpy, numpy.int16))
    out = numpy.zeros((3, 4), dtype=numpy.int16)
    dev[::2].get(out=out)
    numpy.testing.assert_array_equal(
        out, testing.shaped_arange((6, 4), numpy, numpy.int16)[::2])


def test_asnumpy_out():
    dev = cunp.arange(6, dtype=numpy.int64)
    out = numpy.zeros(6, dtype=numpy.int64)
    assert cunp.asnumpy(dev, out=out) is out
    assert out.tolist() == list(range(6))


def test_get_out_shape_mismatch():
    dev = cunp.zeros((3, 4))
    with pytest.raises(ValueError):
        dev.get(out=numpy.empty((4, 3)))


def test_get_out_dtype_mismatch():
    dev = cunp.zeros((3, 4), dtype=numpy.float32)
    with pytest.raises((TypeError, ValueError)):
        dev.get(out=numpy.empty((3, 4), dtype=numpy.float64))


def test_get_and_asnumpy_with_stream():
    host = testing.shaped_random((256, 256), numpy, numpy.float32)
    stream = cunp.cuda.Stream()
    with stream:
        dev = cunp.asarray(host)
    a = dev.get(stream=stream)
    b = cunp.asnumpy(dev, stream=stream)
    stream.synchronize()
    check_same(a, host)
    check_same(b, host)


@pytest.mark.parametrize('kind', ['C', 'F', 'strided'])
@testing.for_all_dtypes()
def test_set(dtype, kind):
    host = host_layouts(dtype)[kind]
    dev = cunp.zeros(host.shape, dtype=dtype)
    dev.set(host)
    check_same(dev.get(), host)


def test_set_into_view():
    dev = cunp.zeros((4, 6), dtype=numpy.int32)
    dev[1:3, ::2].set(numpy.arange(6, dtype=numpy.int32).reshape(2, 3))
    expected = numpy.zeros((4, 6), dtype=numpy.int32)
    expected[1:3, ::2] = numpy.arange(6).reshape(2, 3)
    check_same(dev.get(), expected)


def test_set_shape_mismatch():
    dev = cunp.zeros((2, 3))
    with pytest.raises(ValueError):
        dev.set(numpy.zeros((3, 2)))


def test_set_dtype_mismatch():
    dev = cunp.zeros((2, 3), dtype=numpy.float32)
    with pytest.raises((TypeError, ValueError)):
        dev.set(numpy.zeros((2, 3), dtype=numpy.float64))


@pytest.mark.parametrize('func', ['asarray', 'array'])
@testing.for_all_dtypes()
def test_device_to_device_copy(dtype, func):
    host = testing.shaped_random((5, 7), numpy, dtype, seed=4)
    src = cunp.asarray(host)[::-1, 1::2]
    dst = getattr(cunp, func)(src, order='C')
    assert dst.flags.c_contiguous
    check_same(dst.get(), host[::-1, 1::2])


def test_implicit_conversion_to_numpy_is_refused():
    dev = cunp.arange(3)
    with pytest.raises(TypeError):
        dev.__array__()
    if not isinstance(dev, numpy.ndarray):
        # (A NumPy subclass, as in a NumPy-backed stand-in, is converted
        # without calling __array__; the real cunp.ndarray is not one.)
        with pytest.raises(TypeError):
            numpy.asarray(dev)


def test_large_upload_and_download():
    # 64 MiB: big enough to take multi-chunk / pinned-staging paths.
    host = numpy.random.RandomState(0).randint(
        0, 2**31 - 1, size=16 * 2**20, dtype=numpy.int32)
    dev = cunp.asarray(host)
    out = cunp.asnumpy(dev)
    assert numpy.array_equal(out, host)
    out2 = cunp.asnumpy(dev[::-4096])
    assert numpy.array_equal(out2, host[::-4096])
