"""Devices, streams and events."""

import re

import numpy
import pytest

import cunp
from cunp import testing

pytestmark = pytest.mark.gpu

CUDARuntimeError = cunp.cuda.runtime.CUDARuntimeError


def device_count():
    return cunp.cuda.runtime.getDeviceCount()


needs_two_gpus = pytest.mark.gpus(2)


# -- devices ------------------------------------------------------------------

def test_is_available_returns_bool():
    assert cunp.cuda.is_available() is True


def test_device_count():
    n = device_count()
    assert isinstance(n, int) and n >= 1


def test_device_properties():
    props = cunp.cuda.runtime.getDeviceProperties(0)
    for key in ('name', 'totalGlobalMem', 'multiProcessorCount', 'major',
                'minor'):
        assert key in props
    assert isinstance(props['name'], (str, bytes)) and props['name']
    assert props['totalGlobalMem'] > 0
    assert props['multiProcessorCount'] > 0
    assert props['major'] >= 1 and props['minor'] >= 0


def test_device_properties_invalid_device():
    with pytest.raises((CUDARuntimeError, ValueError)):
        cunp.cuda.runtime.getDeviceProperties(device_count())


def test_default_device():
    dev = cunp.cuda.Device()
    assert isinstance(dev.id, int)
    assert 0 <= dev.id < device_count()


def test_device_attributes():
    dev = cunp.cuda.Device(0)
    assert dev.id == 0
    props = cunp.cuda.runtime.getDeviceProperties(0)
    cc = dev.compute_capability
    assert isinstance(cc, str) and cc.isdigit()
    assert cc == '{}{}'.format(props['major'], props['minor'])
    free, total = dev.mem_info
    assert 0 < free <= total
    # cudaMemGetInfo and the device properties may disagree by reserved
    # memory, but not by much.
    assert abs(total - props['totalGlobalMem']) <= 0.05 * total
    dev.synchronize()


def test_device_context_manager_restores():
    before = cunp.cuda.Device().id
    with cunp.cuda.Device(0) as dev:
        assert cunp.cuda.Device().id == 0
        assert dev.id == 0
        a = cunp.arange(3)
        assert a.device.id == 0
    assert cunp.cuda.Device().id == before


def test_device_use():
    before = cunp.cuda.Device().id
    try:
        cunp.cuda.Device(0).use()
        assert cunp.cuda.Device().id == 0
    finally:
        cunp.cuda.Device(before).use()


def test_invalid_device():
    with pytest.raises((CUDARuntimeError, ValueError)):
        cunp.cuda.Device(device_count()).use()
    with pytest.raises((CUDARuntimeError, ValueError)):
        with cunp.cuda.Device(device_count() + 7):
            pass
    # A failed switch must not change the current device.
    assert cunp.cuda.Device().id in range(device_count())
    assert cunp.asnumpy(cunp.ones(2)).tolist() == [1.0, 1.0]


def test_array_device():
    a = cunp.zeros(4)
    assert isinstance(a.device, cunp.cuda.Device)
    assert a.device.id == cunp.cuda.Device().id
    assert a[1:].device.id == a.device.id


@needs_two_gpus
def test_arrays_on_second_device():
    with cunp.cuda.Device(1):
        a = cunp.arange(10, dtype=numpy.int32)
        a[3] = -1
        assert a.device.id == 1
    assert cunp.cuda.Device().id == 0
    # Downloading does not depend on the current device.
    assert cunp.asnumpy(a)[3] == -1
    with cunp.cuda.Device(1):
        b = a[::2].copy()
        assert b.device.id == 1


@needs_two_gpus
@pytest.mark.parametrize('src, dst', [(0, 1), (1, 0)])
def test_peer_copies_both_ways(src, dst):
    host = numpy.arange(2 * 3 * 1000, dtype=numpy.float32).reshape(2, 3, 1000)
    with cunp.cuda.Device(src):
        a = cunp.asarray(host)
    with cunp.cuda.Device(dst):
        for source, want in [(a, host), (a[:, ::-1, ::3], host[:, ::-1, ::3]), (a.T, host.T)]:
            b = cunp.asarray(source)
            assert b.device.id == dst and source.device.id == src
            numpy.testing.assert_array_equal(cunp.asnumpy(b), want)
        # copy() and get() work where the array lives, whatever the current device.
        c = a.copy()
        assert c.device.id == src
        numpy.testing.assert_array_equal(c.get(), host)
        # Assignments copy across devices too.
        d = cunp.zeros((2, 3, 1000), dtype=cunp.float64)
        d[...] = a
        numpy.testing.assert_array_equal(cunp.asnumpy(d), host)
        e = cunp.zeros((3, 1000), dtype=cunp.float32)
        cunp.copyto(e, a[1])
        numpy.testing.assert_array_equal(cunp.asnumpy(e), host[1])
        f = cunp.zeros(10, dtype=cunp.float32)
        f[cunp.arange(0, 10, 2)] = a[0, 0, :5]
        numpy.testing.assert_array_equal(cunp.asnumpy(f)[::2], host[0, 0, :5])
        # A Fortran-ordered destination takes a Fortran-ordered source in one peer copy; a
        # strided destination gets the source through a staging copy on its own device.
        g = cunp.empty((1000, 3, 2), dtype=cunp.float32, order='F')
        g[...] = a.T
        numpy.testing.assert_array_equal(cunp.asnumpy(g), host.T)
        h = cunp.zeros((2, 3, 2000), dtype=cunp.float32)
        h[..., ::2] = a
        numpy.testing.assert_array_equal(cunp.asnumpy(h)[..., ::2], host)
        assert not cunp.asnumpy(h)[..., 1::2].any()


def _mixed_device_operations(a, b):
    """Operations whose operands sit on two devices: `a` holds arrays on one, `b` the same
    arrays on the other."""
    n = a['x'].size
    return {
        'add': lambda: a['x'] + b['x'],
        'ufunc out=': lambda: cunp.sin(a['x'], out=b['x']),
        'where': lambda: cunp.where(a['x'] > 0, a['x'], b['x']),
        'sum out=': lambda: cunp.sum(a['x'].reshape(1, n), axis=0, out=b['x']),
        'cumsum out=': lambda: cunp.cumsum(a['x'], out=b['x']),
        'matmul': lambda: a['m'] @ b['m'],
        'dot': lambda: cunp.dot(a['x'], b['x']),
        'einsum': lambda: cunp.einsum('i,i->', a['x'], b['x']),
        'solve': lambda: cunp.linalg.solve(a['m'], b['m']),
        'concatenate': lambda: cunp.concatenate([a['x'], b['x']]),
        'stack': lambda: cunp.stack([a['x'], b['x']]),
        'take': lambda: cunp.take(a['x'], b['i']),
        'getitem': lambda: a['x'][b['i']],
        'getitem mask': lambda: a['x'][b['x'] > 0],
        'put_along_axis': lambda: cunp.put_along_axis(a['x'], b['i'], 1.0, axis=0),
        'ufunc.at': lambda: cunp.add.at(a['x'], b['i'], 1.0),
        'searchsorted': lambda: cunp.searchsorted(a['x'], b['x']),
        'histogram': lambda: cunp.histogram(a['x'], bins=b['edges']),
        'bincount': lambda: cunp.bincount(a['i'], weights=b['x']),
        'fft out=': lambda: cunp.fft.fft(a['z'], out=b['z']),
    }


def _operands(n=64):
    return {'x': cunp.linspace(-2, 2, n), 'm': cunp.eye(8) * 2 + 1,
            'i': cunp.arange(n) % 7, 'edges': cunp.linspace(-1, 1, 5),
            'z': cunp.zeros(n, dtype=cunp.complex128)}


@needs_two_gpus
@pytest.mark.parametrize('current', [0, 1])
def test_mixed_device_operations_refuse_or_copy(current):
    # The engines refuse arrays of two devices with a ValueError naming both, before any work
    # starts. Functions that first convert their arguments with cunp.asarray copy a foreign
    # operand to the current device, as asarray itself does (and CuPy's functions do). Never
    # does a kernel read another device's memory.
    with cunp.cuda.Device(0):
        on0 = _operands()
    with cunp.cuda.Device(1):
        on1 = _operands()
    refused = []
    with cunp.cuda.Device(current):
        for a, b in [(on0, on1), (on1, on0)]:
            for name, op in _mixed_device_operations(a, b).items():
                try:
                    op()
                except ValueError as e:
                    assert re.search('device [01] cannot be used with an array on device [01]',
                                     str(e)), (name, e)
                    refused.append(name)
    for d in (0, 1):  # nothing was launched that faults later
        cunp.cuda.Device(d).synchronize()
    for name in ('add', 'ufunc out=', 'where', 'matmul', 'concatenate', 'stack', 'getitem mask'):
        assert refused.count(name) == 2, name  # in both directions

# -- streams ------------------------------------------------------------------

def test_null_and_ptds_streams():
    null = cunp.cuda.Stream.null
    assert isinstance(null, cunp.cuda.Stream)
    assert null.ptr == 0
    assert isinstance(cunp.cuda.Stream.ptds, cunp.cuda.Stream)
    assert cunp.cuda.Stream(null=True).ptr == 0
    assert cunp.cuda.get_current_stream().ptr == 0


@pytest.mark.parametrize('kwargs', [{}, {'non_blocking': True}], ids=str)
def test_stream_context_manager(kwargs):
    before = cunp.cuda.get_current_stream()
    s = cunp.cuda.Stream(**kwargs)
    assert s.ptr != 0
    with s as entered:
        assert entered is s
        assert cunp.cuda.get_current_stream().ptr == s.ptr
        a = cunp.arange(1 << 20, dtype=numpy.int64)
        b = a[::-1].copy()
    assert cunp.cuda.get_current_stream().ptr == before.ptr
    s.synchronize()
    assert s.done
    assert int(b[0]) == (1 << 20) - 1


def test_nested_streams():
    s1 = cunp.cuda.Stream()
    s2 = cunp.cuda.Stream()
    with s1:
        with s2:
            assert cunp.cuda.get_current_stream().ptr == s2.ptr
        assert cunp.cuda.get_current_stream().ptr == s1.ptr
    assert cunp.cuda.get_current_stream().ptr == 0


def test_ptds_stream():
    s = cunp.cuda.Stream(ptds=True)
    with s:
        a = cunp.full(100, 4, dtype=numpy.uint8)
    s.synchronize()
    assert cunp.asnumpy(a).tolist() == [4] * 100


def test_stream_record_and_wait_event():
    producer = cunp.cuda.Stream(non_blocking=True)
    consumer = cunp.cuda.Stream(non_blocking=True)
    n = 16 << 20
    with producer:
        a = cunp.zeros(n, dtype=numpy.int32)
        a.fill(3)
        done = producer.record()
    assert isinstance(done, cunp.cuda.Event)
    consumer.wait_event(done)
    with consumer:
        b = a[::-1].copy()
    consumer.synchronize()
    host = cunp.asnumpy(b)
    assert host[0] == 3 and host[-1] == 3 and host[n // 2] == 3


def test_stream_record_given_event():
    s = cunp.cuda.Stream()
    e = cunp.cuda.Event()
    assert s.record(e) is e
    e.synchronize()
    assert e.done


def test_work_on_stream_is_ordered():
    # Writes queued on one stream are visible to later work on that stream.
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        a = cunp.zeros((1024, 1024), dtype=numpy.float32)
        a[...] = 1.0
        a[::2] = 2.0
        b = a.T.copy()
        host = b.get(stream=s)
    s.synchronize()
    expected = numpy.ones((1024, 1024), dtype=numpy.float32)
    expected[::2] = 2.0
    assert numpy.array_equal(host, expected.T)


# -- events -------------------------------------------------------------------

def test_event_timing():
    start = cunp.cuda.Event()
    end = cunp.cuda.Event()
    start.record()
    a = cunp.zeros(8 << 20, dtype=numpy.float32)
    a.fill(1.0)
    end.record()
    end.synchronize()
    assert start.done and end.done
    ms = cunp.cuda.get_elapsed_time(start, end)
    assert isinstance(ms, float)
    assert ms >= 0.0


def test_event_record_on_stream():
    s = cunp.cuda.Stream()
    start = cunp.cuda.Event()
    end = cunp.cuda.Event(block=True)
    start.record(s)
    with s:
        cunp.ones(1 << 20)
    end.record(s)
    end.synchronize()
    assert cunp.cuda.get_elapsed_time(start, end) >= 0.0


def test_event_without_timing():
    e1 = cunp.cuda.Event(disable_timing=True)
    e2 = cunp.cuda.Event(disable_timing=True)
    e1.record()
    e2.record()
    e2.synchronize()
    assert e2.done
    with pytest.raises(CUDARuntimeError):
        cunp.cuda.get_elapsed_time(e1, e2)


def test_interprocess_event_needs_timing_disabled():
    e = cunp.cuda.Event(interprocess=True, disable_timing=True)
    e.record()
    e.synchronize()
    with pytest.raises((ValueError, CUDARuntimeError)):
        cunp.cuda.Event(interprocess=True, disable_timing=False)


def test_device_synchronize_waits_for_streams():
    s = cunp.cuda.Stream(non_blocking=True)
    with s:
        a = cunp.full(4 << 20, 9, dtype=numpy.int16)
    cunp.cuda.Device().synchronize()
    assert s.done
    assert int(a[-1]) == 9


@testing.numpy_cunp_array_equal()
def test_results_identical_inside_stream(xp):
    if xp is numpy:
        return testing.shaped_arange((5, 7), xp)[::-2, 1::3].copy()
    with cunp.cuda.Stream():
        return testing.shaped_arange((5, 7), xp)[::-2, 1::3].copy()


@needs_two_gpus
def test_every_library_and_engine_on_the_second_device():
    # Handles, plans, kernel modules and pools are per device: each runs on device 1 while
    # device 0 has been used first.
    rng = numpy.random.default_rng(0)
    a, b = rng.standard_normal((64, 64)), rng.standard_normal(64)
    warm = cunp.asarray(a) @ cunp.asarray(a)  # device 0's handles and kernels exist first
    with cunp.cuda.Device(1):
        pool = cunp.get_default_memory_pool()
        x = cunp.asarray(a)
        assert x.device.id == 1
        checks = {
            'cuBLAS': (x @ x, a @ a),
            'cuSOLVER': (cunp.linalg.solve(x, cunp.asarray(b)), numpy.linalg.solve(a, b)),
            'cuFFT': (cunp.fft.fft(x, axis=0), numpy.fft.fft(a, axis=0)),
            'elementwise': (cunp.sin(x) + 1, numpy.sin(a) + 1),
            'reduction': (x.sum(axis=0), a.sum(axis=0)),
            'scan': (cunp.cumsum(x, axis=1), numpy.cumsum(a, axis=1)),
            'sort': (cunp.sort(x, axis=None), numpy.sort(a, axis=None)),
            'indexing': (x[x > 0], a[a > 0]),
        }
        for name, (got, want) in checks.items():
            assert got.device.id == 1, name
            numpy.testing.assert_allclose(cunp.asnumpy(got), want, rtol=1e-9, atol=1e-9,
                                          err_msg=name)
        draws = cunp.random.default_rng(1).standard_normal(1000)
        assert draws.device.id == 1 and abs(float(draws.mean())) < 0.2
        assert pool.used_bytes() > 0
    assert cunp.cuda.Device().id == 0
    numpy.testing.assert_allclose(cunp.asnumpy(warm), a @ a)
    # copy() and get() work from any current device.
    with cunp.cuda.Device(1):
        y = cunp.asarray(a)
    z = y.copy()
    assert z.device.id == 1
    numpy.testing.assert_array_equal(z.get(), a)
