"""cunp.cuda.runtime as cupy.cuda.runtime: constants, errors, and a CuPy-style program on
raw pointers (malloc, copies, fills, streams, events, callbacks, pointer attributes)."""

import ctypes
import inspect
import os
import re
import threading

import numpy
import pytest

import cunp
from cunp.cuda import runtime

HEADER = '/usr/local/cuda/include/driver_types.h'


def _enum_values(path):
    with open(path) as f:
        return {m.group(1): int(m.group(2), 0) << int(m.group(3) or 0) for m in re.finditer(
            r'\b(cuda\w+)\s*=\s*(-?(?:0x[0-9a-fA-F]+|\d+))(?:\s*<<\s*(\d+))?', f.read())}


# -- without a GPU -------------------------------------------------------------------------

@pytest.mark.skipif(not os.path.exists(HEADER), reason='no CUDA toolkit headers')
def test_constants_have_the_toolkit_values():
    values = _enum_values(HEADER)
    checked = 0
    for name in dir(runtime):
        if name in values:
            assert getattr(runtime, name) == values[name], name
            checked += 1
    assert checked > 150


def test_cupy_short_names():
    assert runtime.memcpyHostToDevice == 1 and runtime.memcpyDefault == 4
    assert runtime.memoryTypeManaged == 3 and runtime.memoryTypeUnregistered == 0
    assert runtime.streamPerThread == 2 and runtime.streamLegacy == 1
    assert runtime.eventDisableTiming == 2 and runtime.hostAllocMapped == 2
    assert runtime.is_hip is False


def test_signatures_name_cupys_parameters():
    assert list(inspect.signature(runtime.memcpy2D).parameters) == [
        'dst', 'dpitch', 'src', 'spitch', 'width', 'height', 'kind']
    assert inspect.signature(runtime.mallocManaged).parameters['flags'].default == \
        runtime.cudaMemAttachGlobal
    assert runtime.malloc.__module__ == 'cunp.cuda.runtime'
    with pytest.raises(TypeError):
        runtime.memcpy(0, 0)


def test_check_status():
    try:
        runtime.runtimeGetVersion()
    except runtime.CUDARuntimeError:
        pytest.skip('no libcudart here')
    runtime.check_status(0)
    with pytest.raises(runtime.CUDARuntimeError) as info:
        runtime.check_status(2)
    assert info.value.status == 2
    assert 'cudaErrorMemoryAllocation' in str(info.value)


def test_error_is_cunps_runtime_error():
    # One class: cunp's own device errors and this module's are caught alike.
    assert runtime.CUDARuntimeError is cunp.cuda.runtime.CUDARuntimeError
    assert issubclass(runtime.CUDARuntimeError, RuntimeError)


@pytest.mark.skipif(cunp.cuda.is_available(), reason='checks the machine without a GPU')
def test_clear_error_without_a_gpu():
    with pytest.raises(runtime.CUDARuntimeError) as info:
        runtime.malloc(16)
    assert info.value.status != 0
    assert re.match(r'cuda\w+: ', str(info.value)) or 'libcudart' in str(info.value)


# -- on a GPU ------------------------------------------------------------------------------

gpu = pytest.mark.gpu


def _addr(a):
    return a.ctypes.data


@gpu
def test_versions():
    assert runtime.runtimeGetVersion() >= 12000
    assert runtime.driverGetVersion() >= runtime.runtimeGetVersion() // 1000 * 1000


@gpu
def test_malloc_memcpy_round_trip():
    host = numpy.arange(1000, dtype=numpy.float64)
    out = numpy.zeros_like(host)
    ptr = runtime.malloc(host.nbytes)
    try:
        assert isinstance(ptr, int) and ptr != 0
        runtime.memcpy(ptr, _addr(host), host.nbytes, runtime.memcpyHostToDevice)
        runtime.memcpy(_addr(out), ptr, host.nbytes, runtime.memcpyDeviceToHost)
    finally:
        runtime.free(ptr)
    numpy.testing.assert_array_equal(out, host)


@gpu
def test_memcpy_into_a_cunp_array_and_memset():
    a = cunp.zeros(256, dtype=numpy.uint8)
    runtime.deviceSynchronize()  # cunp's stream may not be the legacy one
    runtime.memset(a.data.ptr, 7, 128)
    runtime.deviceSynchronize()
    expected = numpy.zeros(256, numpy.uint8)
    expected[:128] = 7
    numpy.testing.assert_array_equal(a.get(), expected)
    host = numpy.full(256, 3, numpy.uint8)
    runtime.memcpy(a.data.ptr, _addr(host), 256, runtime.memcpyDefault)
    numpy.testing.assert_array_equal(a.get(), host)


@gpu
def test_memcpy_async_and_memset_async_on_a_stream():
    stream = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    host = numpy.arange(64, dtype=numpy.int32)
    out = numpy.empty_like(host)
    ptr = runtime.mallocAsync(host.nbytes, stream)
    try:
        runtime.memsetAsync(ptr, 0, host.nbytes, stream)
        runtime.memcpyAsync(ptr, _addr(host), host.nbytes, runtime.memcpyHostToDevice, stream)
        runtime.memcpyAsync(_addr(out), ptr, host.nbytes, runtime.memcpyDeviceToHost, stream)
        runtime.freeAsync(ptr, stream)
        runtime.streamSynchronize(stream)
        assert runtime.streamQuery(stream) == 0
        assert runtime.streamGetFlags(stream) == runtime.streamNonBlocking
        assert isinstance(runtime.streamGetPriority(stream), int)
    finally:
        runtime.streamDestroy(stream)
    numpy.testing.assert_array_equal(out, host)


@gpu
def test_memcpy2d_copies_a_sub_block():
    host = numpy.arange(8 * 10, dtype=numpy.float32).reshape(8, 10)
    item = host.itemsize
    pitch = 16 * item
    dev = runtime.malloc(pitch * 8)
    out = numpy.zeros((4, 3), numpy.float32)
    try:
        runtime.memcpy2D(dev, pitch, _addr(host), 10 * item, 10 * item, 8,
                         runtime.memcpyHostToDevice)
        # rows 2..5, columns 4..6 back into a packed 4x3 host array
        runtime.memcpy2D(_addr(out), 3 * item, dev + 2 * pitch + 4 * item, pitch, 3 * item, 4,
                         runtime.memcpyDeviceToHost)
        stream = runtime.streamCreate()
        out2 = numpy.zeros_like(out)
        runtime.memcpy2DAsync(_addr(out2), 3 * item, dev + 2 * pitch + 4 * item, pitch,
                              3 * item, 4, runtime.memcpyDeviceToHost, stream)
        runtime.streamSynchronize(stream)
        runtime.streamDestroy(stream)
    finally:
        runtime.free(dev)
    numpy.testing.assert_array_equal(out, host[2:6, 4:7])
    numpy.testing.assert_array_equal(out2, host[2:6, 4:7])


@gpu
def test_host_alloc_register_and_pointer_attributes():
    n = 1 << 20  # large enough for its own pages: hostRegister works on whole pages
    pinned = runtime.hostAlloc(n, runtime.hostAllocPortable)
    dev = runtime.malloc(n)
    managed = runtime.mallocManaged(n)
    plain = numpy.zeros(n, numpy.uint8)
    try:
        attrs = runtime.pointerGetAttributes(dev)
        assert attrs.type == runtime.memoryTypeDevice
        assert attrs.device == runtime.getDevice()
        assert attrs.devicePointer == dev
        assert runtime.pointerGetAttributes(pinned).type == runtime.memoryTypeHost
        assert runtime.pointerGetAttributes(pinned).hostPointer == pinned
        assert runtime.pointerGetAttributes(managed).type == runtime.memoryTypeManaged
        assert runtime.pointerGetMemoryType(_addr(plain)) == runtime.memoryTypeUnregistered
        runtime.hostRegister(_addr(plain), n, 0)
        try:
            assert runtime.pointerGetMemoryType(_addr(plain)) == runtime.memoryTypeHost
        finally:
            runtime.hostUnregister(_addr(plain))
    finally:
        runtime.freeHost(pinned)
        runtime.free(dev)
        runtime.free(managed)


@gpu
def test_device_queries():
    dev = runtime.getDevice()
    assert runtime.deviceGetAttribute(runtime.cudaDevAttrWarpSize, dev) == 32
    props = runtime.getDeviceProperties(dev)
    assert props['warpSize'] == 32
    assert props['major'] * 10 + props['minor'] == int(cunp.cuda.Device(dev).compute_capability)
    assert isinstance(props['name'], bytes) and len(props['uuid']) == 16
    assert len(props['maxThreadsDim']) == 3
    bus = runtime.deviceGetPCIBusId(dev)
    assert runtime.deviceGetByPCIBusId(bus) == dev
    assert runtime.deviceCanAccessPeer(dev, dev) == 0
    assert runtime.deviceGetLimit(runtime.cudaLimitStackSize) > 0
    free, total = runtime.memGetInfo()
    assert 0 < free <= total


@gpu
def test_device_properties_match_cupy():
    cupy = pytest.importorskip('cupy')
    ours = runtime.getDeviceProperties(0)
    theirs = cupy.cuda.runtime.getDeviceProperties(0)
    missing = sorted(set(theirs) - set(ours))
    assert not missing, 'keys CuPy has and cunp lacks: %s' % missing

    def same(a, b):
        # CuPy reads fixed char arrays (the name, the 16 bytes of uuid) as C strings, cut at
        # their first NUL; cunp keeps every byte of uuid.
        if isinstance(a, bytes):
            return a.rstrip(b'\0') == b.rstrip(b'\0') or a.split(b'\0')[0] == b
        return a == b
    differ = {k: (ours[k], theirs[k]) for k in theirs if not same(ours[k], theirs[k])}
    assert not differ


@gpu
@pytest.mark.gpus(2)
def test_peer_access():
    can = runtime.deviceCanAccessPeer(0, 1)
    assert can in (0, 1)
    if not can:
        pytest.skip('devices 0 and 1 cannot access each other')
    with cunp.cuda.Device(0):
        try:
            runtime.deviceEnablePeerAccess(1)
        except runtime.CUDARuntimeError as e:
            assert e.status == 704  # cudaErrorPeerAccessAlreadyEnabled
    host = numpy.arange(32, dtype=numpy.int64)
    out = numpy.empty_like(host)
    with cunp.cuda.Device(0):
        a = runtime.malloc(host.nbytes)
    with cunp.cuda.Device(1):
        b = runtime.malloc(host.nbytes)
        assert runtime.pointerGetAttributes(b).device == 1
    runtime.memcpy(a, _addr(host), host.nbytes, runtime.memcpyHostToDevice)
    runtime.memcpyPeer(b, 1, a, 0, host.nbytes)
    runtime.memcpy(_addr(out), b, host.nbytes, runtime.memcpyDeviceToHost)
    runtime.free(a)
    runtime.free(b)
    numpy.testing.assert_array_equal(out, host)


@gpu
def test_events_time_a_copy():
    stream = runtime.streamCreate()
    start, end = runtime.eventCreate(), runtime.eventCreateWithFlags(runtime.eventDefault)
    n = 1 << 24
    dev = runtime.malloc(n)
    try:
        runtime.eventRecord(start, stream)
        runtime.memsetAsync(dev, 1, n, stream)
        runtime.eventRecord(end, stream)
        runtime.eventSynchronize(end)
        assert runtime.eventQuery(end) == 0
        assert runtime.eventElapsedTime(start, end) >= 0.0
        other = runtime.streamCreate()
        runtime.streamWaitEvent(other, end)
        runtime.streamSynchronize(other)
        runtime.streamDestroy(other)
    finally:
        runtime.free(dev)
        runtime.eventDestroy(start)
        runtime.eventDestroy(end)
        runtime.streamDestroy(stream)


@gpu
def test_stream_callbacks_run_in_order():
    stream = runtime.streamCreate()
    seen, done = [], threading.Event()

    def callback(s, status, arg):
        seen.append((s, status, arg))

    def host_func(arg):
        seen.append(arg)
        done.set()

    runtime.streamAddCallback(stream, callback, 'first')
    runtime.launchHostFunc(stream, host_func, {'second': 2})
    runtime.streamSynchronize(stream)
    assert done.wait(10)
    assert seen == [(stream, 0, 'first'), {'second': 2}]
    runtime.streamDestroy(stream)


@gpu
def test_graph_capture_and_launch():
    stream = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    dev = runtime.malloc(1024)
    runtime.streamBeginCapture(stream)
    assert runtime.streamIsCapturing(stream) == runtime.streamCaptureStatusActive
    runtime.memsetAsync(dev, 5, 1024, stream)
    graph = runtime.streamEndCapture(stream)
    exec_ = runtime.graphInstantiate(graph)
    runtime.graphUpload(exec_, stream)
    runtime.graphLaunch(exec_, stream)
    runtime.streamSynchronize(stream)
    out = numpy.zeros(1024, numpy.uint8)
    runtime.memcpy(_addr(out), dev, 1024, runtime.memcpyDeviceToHost)
    assert (out == 5).all()
    runtime.graphExecDestroy(exec_)
    runtime.graphDestroy(graph)
    runtime.free(dev)
    runtime.streamDestroy(stream)


def _new_pool(dev):
    """A new memory pool on `dev` (skips where the device has no stream-ordered allocator)."""
    if not runtime.deviceGetAttribute(runtime.cudaDevAttrMemoryPoolsSupported, dev):
        pytest.skip('no stream-ordered allocator')
    return runtime.memPoolCreate(runtime.MemPoolProps(
        runtime.cudaMemAllocationTypePinned, runtime.cudaMemHandleTypeNone,
        runtime.cudaMemLocationTypeDevice, dev))


@gpu
def test_memory_pools():
    dev = runtime.getDevice()
    pool = _new_pool(dev)
    stream = runtime.streamCreate()
    try:
        runtime.memPoolSetAttribute(pool, runtime.cudaMemPoolAttrReleaseThreshold, 1 << 20)
        assert runtime.memPoolGetAttribute(pool, runtime.cudaMemPoolAttrReleaseThreshold) == \
            1 << 20
        ptr = runtime.mallocFromPoolAsync(4096, pool, stream)
        runtime.streamSynchronize(stream)
        assert runtime.memPoolGetAttribute(pool, runtime.cudaMemPoolAttrUsedMemCurrent) >= 4096
        runtime.freeAsync(ptr, stream)
        runtime.streamSynchronize(stream)
        runtime.memPoolTrimTo(pool, 0)
        assert runtime.deviceGetDefaultMemPool(dev) != 0
        assert runtime.deviceGetMemPool(dev) != 0
    finally:
        runtime.streamDestroy(stream)
        runtime.memPoolDestroy(pool)


@gpu
def test_ipc_handle_is_64_bytes():
    dev = runtime.malloc(1 << 20)
    try:
        handle = runtime.ipcGetMemHandle(dev)
        assert isinstance(handle, bytes) and len(handle) == 64
        with pytest.raises(ValueError):
            runtime.ipcOpenMemHandle(handle[:10])
    finally:
        runtime.free(dev)
    event = runtime.eventCreateWithFlags(runtime.eventInterprocess | runtime.eventDisableTiming)
    assert len(runtime.ipcGetEventHandle(event)) == 64
    runtime.eventDestroy(event)


@gpu
def test_runtime_follows_cunps_current_device():
    # `with Device(i)` records i; runtime calls must land on it as in CuPy.
    n = runtime.getDeviceCount()
    with cunp.cuda.Device(n - 1):
        ptr = runtime.malloc(256)
        assert runtime.pointerGetAttributes(ptr).device == n - 1
        runtime.free(ptr)


@gpu
def test_runtime_error_carries_status():
    with pytest.raises(runtime.CUDARuntimeError) as info:
        runtime.deviceGetAttribute(runtime.cudaDevAttrWarpSize, 10_000)
    assert info.value.status == 101  # cudaErrorInvalidDevice
    assert str(info.value).startswith('cudaErrorInvalidDevice: ')


def test_error_built_from_a_status_as_in_cupy():
    try:
        runtime.runtimeGetVersion()
    except runtime.CUDARuntimeError:
        pytest.skip('no libcudart here')
    e = runtime.CUDARuntimeError(2)
    assert e.status == 2
    assert str(e) == 'cudaErrorMemoryAllocation: out of memory'
    assert runtime.CUDARuntimeError('a message').args == ('a message',)


@pytest.mark.skipif(not os.path.exists(HEADER), reason='no CUDA toolkit headers')
def test_device_properties_have_every_field_of_cuda_device_prop(monkeypatch):
    # Without a GPU: the driver's answers are faked, the key set is checked against the
    # struct this toolkit declares.
    with open(HEADER) as f:
        struct = re.search(r'struct __device_builtin__ cudaDeviceProp\s*\{(.*?)\};', f.read(),
                           re.S).group(1)
    struct = re.sub(r'/\*.*?\*/', '', struct, flags=re.S)
    fields = set(re.findall(r'(\w+)(?:\[\d+\])*\s*;', struct)) - {'reserved'}
    monkeypatch.setattr(cunp._core, 'getDeviceProperties',
                        lambda d: {'name': b'fake', 'totalGlobalMem': 1 << 30})
    from cunp.cuda import driver
    monkeypatch.setattr(driver, '_device_facts',
                        lambda d, attrs: (bytes(range(16)), list(range(len(attrs)))))
    props = runtime.getDeviceProperties(0)
    assert fields <= set(props), sorted(fields - set(props))
    assert props['uuid'] == bytes(range(16)) and props['name'] == b'fake'
    assert len(props['maxThreadsDim']) == 3 and len(props['maxTexture2DLinear']) == 3
    assert isinstance(props['warpSize'], int)


class _ChannelFormatDesc(ctypes.Structure):  # cudaChannelFormatDesc, built as CuPy's users do
    _fields_ = [('x', ctypes.c_int), ('y', ctypes.c_int), ('z', ctypes.c_int),
                ('w', ctypes.c_int), ('f', ctypes.c_int)]


@gpu
def test_cuda_array_round_trip_through_2d_copies():
    desc = _ChannelFormatDesc(32, 0, 0, 0, runtime.cudaChannelFormatKindFloat)
    height, width = 6, 5
    host = numpy.arange(height * width, dtype=numpy.float32).reshape(height, width)
    out = numpy.zeros_like(host)
    array = runtime.mallocArray(ctypes.addressof(desc), width, height)
    array3d = runtime.malloc3DArray(ctypes.addressof(desc), width, height, 2)
    try:
        row = width * host.itemsize
        runtime.memcpy2DToArray(array, 0, 0, _addr(host), row, row, height,
                                runtime.memcpyHostToDevice)
        runtime.memcpy2DFromArray(_addr(out), row, array, 0, 0, row, height,
                                  runtime.memcpyDeviceToHost)
        numpy.testing.assert_array_equal(out, host)
        stream = runtime.streamCreate()
        out[...] = 0
        runtime.memcpy2DToArrayAsync(array, 0, 0, _addr(host), row, row, height,
                                     runtime.memcpyHostToDevice, stream)
        runtime.memcpy2DFromArrayAsync(_addr(out), row, array, 0, 0, row, height,
                                       runtime.memcpyDeviceToHost, stream)
        runtime.streamSynchronize(stream)
        runtime.streamDestroy(stream)
        numpy.testing.assert_array_equal(out, host)
    finally:
        runtime.freeArray(array)
        runtime.freeArray(array3d)


@gpu
def test_stream_priority_and_flags():
    # Lower numbers are higher priorities; every GPU since Kepler has at least [-1, 0].
    stream = runtime.streamCreateWithPriority(runtime.streamNonBlocking, -1)
    try:
        assert runtime.streamGetPriority(stream) == -1
        assert runtime.streamGetFlags(stream) == runtime.streamNonBlocking
    finally:
        runtime.streamDestroy(stream)


@gpu
def test_device_set_mem_pool_and_restore():
    dev = runtime.getDevice()
    pool, before = _new_pool(dev), runtime.deviceGetMemPool(dev)
    try:
        runtime.deviceSetMemPool(dev, pool)
        assert runtime.deviceGetMemPool(dev) == pool
        stream = runtime.streamCreate()
        ptr = runtime.mallocAsync(1 << 16, stream)  # from the device's current pool
        runtime.streamSynchronize(stream)
        assert runtime.memPoolGetAttribute(pool, runtime.cudaMemPoolAttrUsedMemCurrent) >= 1 << 16
        runtime.freeAsync(ptr, stream)
        runtime.streamSynchronize(stream)
        runtime.streamDestroy(stream)
    finally:
        runtime.deviceSetMemPool(dev, before)
        runtime.memPoolDestroy(pool)
    assert runtime.deviceGetMemPool(dev) == before


@gpu
def test_memcpy_peer_async_on_one_device():
    host = numpy.arange(64, dtype=numpy.int32)
    out = numpy.empty_like(host)
    dev = runtime.getDevice()
    a, b = runtime.malloc(host.nbytes), runtime.malloc(host.nbytes)
    stream = runtime.streamCreate()
    try:
        runtime.memcpy(a, _addr(host), host.nbytes, runtime.memcpyHostToDevice)
        runtime.memcpyPeerAsync(b, dev, a, dev, host.nbytes, stream)
        runtime.streamSynchronize(stream)
        runtime.memcpy(_addr(out), b, host.nbytes, runtime.memcpyDeviceToHost)
    finally:
        runtime.streamDestroy(stream)
        runtime.free(a)
        runtime.free(b)
    numpy.testing.assert_array_equal(out, host)


class _Pos(ctypes.Structure):
    _fields_ = [('x', ctypes.c_size_t), ('y', ctypes.c_size_t), ('z', ctypes.c_size_t)]


class _PitchedPtr(ctypes.Structure):
    _fields_ = [('ptr', ctypes.c_void_p), ('pitch', ctypes.c_size_t),
                ('xsize', ctypes.c_size_t), ('ysize', ctypes.c_size_t)]


class _Memcpy3DParms(ctypes.Structure):  # cudaMemcpy3DParms
    _fields_ = [('srcArray', ctypes.c_void_p), ('srcPos', _Pos), ('srcPtr', _PitchedPtr),
                ('dstArray', ctypes.c_void_p), ('dstPos', _Pos), ('dstPtr', _PitchedPtr),
                ('extent', _Pos), ('kind', ctypes.c_int)]


@gpu
@pytest.mark.parametrize('use_async', [False, True])
def test_memcpy3d_copies_a_sub_box(use_async):
    # A (2, 3, 4) box at (1, 1, 2) of a (4, 5, 8) float32 device block, to the host.
    src = numpy.arange(4 * 5 * 8, dtype=numpy.float32).reshape(4, 5, 8)
    out = numpy.zeros((2, 3, 4), numpy.float32)
    dev = runtime.malloc(src.nbytes)
    runtime.memcpy(dev, _addr(src), src.nbytes, runtime.memcpyHostToDevice)
    p = _Memcpy3DParms()
    p.srcPos = _Pos(2 * 4, 1, 1)  # x in bytes
    p.srcPtr = _PitchedPtr(dev, 8 * 4, 8, 5)
    p.dstPtr = _PitchedPtr(_addr(out), 4 * 4, 4, 3)
    p.extent = _Pos(4 * 4, 3, 2)
    p.kind = runtime.memcpyDeviceToHost
    try:
        if use_async:
            stream = runtime.streamCreate()
            runtime.memcpy3DAsync(ctypes.addressof(p), stream)
            runtime.streamSynchronize(stream)
            runtime.streamDestroy(stream)
        else:
            runtime.memcpy3D(ctypes.addressof(p))
    finally:
        runtime.free(dev)
    numpy.testing.assert_array_equal(out, src[1:3, 1:4, 2:6])


@gpu
def test_graph_debug_dot_print(tmp_path):
    stream = runtime.streamCreateWithFlags(runtime.streamNonBlocking)
    dev = runtime.malloc(256)
    runtime.streamBeginCapture(stream)
    runtime.memsetAsync(dev, 1, 256, stream)
    graph = runtime.streamEndCapture(stream)
    path = tmp_path / 'graph.dot'
    try:
        runtime.graphDebugDotPrint(graph, str(path), 0)
    finally:
        runtime.graphDestroy(graph)
        runtime.free(dev)
        runtime.streamDestroy(stream)
    assert path.read_text().lstrip().startswith('digraph')


@gpu
def test_profiler_start_stop_without_a_profiler():
    # With no profiling tool attached the calls succeed and change nothing.
    cunp.cuda.profiler.start()
    cunp.cuda.profiler.stop()
    runtime.profilerStart()
    runtime.profilerStop()
    with pytest.warns(DeprecationWarning):
        with cunp.cuda.profile():
            x = cunp.arange(10).sum()
    assert int(x) == 45
