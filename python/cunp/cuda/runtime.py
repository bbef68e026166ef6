"""cunp.cuda.runtime: the CUDA runtime API with cupy.cuda.runtime's names and behaviour.

Functions take and return plain ints (device ids, flags, and pointers and handles as
addresses) and raise CUDARuntimeError carrying the cudaError_t status. They call libcudart
(the toolkit's that cunp uses, or pip's nvidia-cuda-runtime), loaded on first call through
ctypes: cudart is what CuPy's module wraps, so its status codes, current-device rules and
struct layouts are the spec as they are, and it shares the primary contexts cunp's driver
API code uses. Device selection and the device queries cunp keeps per thread stay in
_core, so `setDevice` here and `with cunp.cuda.Device(i)` agree.
"""
import ctypes

from cunp import _core
from cunp._core import CUDARuntimeError, is_available  # noqa: F401
from cunp.cuda import _ctypes_calls, _libraries
from cunp.cuda._runtime_enums import *  # noqa: F401,F403
from cunp.cuda._runtime_enums import (
    cudaCpuDeviceId, cudaIpcMemLazyEnablePeerAccess, cudaMemAttachGlobal,
    cudaMemLocationTypeDevice, cudaMemLocationTypeHost, streamCaptureModeRelaxed,
)

is_hip = False

_SUCCESS = 0
_NOT_READY = 600  # cudaErrorNotReady: streamQuery and eventQuery return it, not raise


def _message(status):
    # CuPy's message: "cudaErrorMemoryAllocation: out of memory".
    try:
        lib = _libraries.cudart()
        name_of, text_of = lib.cudaGetErrorName, lib.cudaGetErrorString
        name_of.restype = text_of.restype = ctypes.c_char_p
        name_of.argtypes = text_of.argtypes = [ctypes.c_int]
        return '%s: %s' % (name_of(status).decode(), text_of(status).decode())
    except OSError:
        return 'CUDA runtime error %d' % status


def _error(status):
    return CUDARuntimeError(status)


def _runtime_error_init(self, status_or_message=None, *args):
    # CuPy's programs build the error from a status (CUDARuntimeError(2)); cunp's core raises
    # the same class with a message and sets `status` itself (the driver's CUresult).
    if isinstance(status_or_message, int) and not args:
        self.status = status_or_message
        RuntimeError.__init__(self, _message(status_or_message))
    else:
        RuntimeError.__init__(self, *((status_or_message,) + args
                                      if status_or_message is not None else args))


# The class is the core's, so that `except runtime.CUDARuntimeError` also catches cunp's
# own device errors; it gains CuPy's constructor.
CUDARuntimeError.__init__ = _runtime_error_init
CUDARuntimeError.status = None


def check_status(status):
    """Raises CUDARuntimeError for a cudaError_t other than cudaSuccess."""
    if status != _SUCCESS:
        raise _error(status)


def _cudart():
    try:
        return _libraries.cudart()
    except OSError as e:
        error = CUDARuntimeError(str(e))
        error.status = 35  # cudaErrorInsufficientDriver: the nearest status CUDA has
        raise error from None


# -- what cunp's core owns: the current device per thread, device count, memory figures ---

def getDeviceCount():  # noqa: N802 - CuPy's names
    """The number of visible CUDA devices."""
    return _core.getDeviceCount()


def getDevice():  # noqa: N802
    """This thread's current device."""
    return _core.getDevice()


def setDevice(device):  # noqa: N802
    """Makes `device` this thread's current device (as `cunp.cuda.Device(device).use()`)."""
    _core.setDevice(device)


def deviceSynchronize():  # noqa: N802
    """Waits for all work on the current device."""
    _core.deviceSynchronize()


def memGetInfo():  # noqa: N802
    """(free, total) bytes of the current device."""
    return _core.memGetInfo()


# name: (cudart symbol, prototype as _ctypes_calls reads it: out-parameters start with '*')
_TABLE = {
    # versions
    'driverGetVersion': ('cudaDriverGetVersion', '*i:version'),
    'runtimeGetVersion': ('cudaRuntimeGetVersion', '*i:version'),
    # devices
    'deviceGetAttribute': ('cudaDeviceGetAttribute', '*i:value i:attrib i:device'),
    'deviceGetByPCIBusId': ('cudaDeviceGetByPCIBusId', '*i:device s:pci_bus_id'),
    'deviceCanAccessPeer': ('cudaDeviceCanAccessPeer', '*i:can i:device i:peerDevice'),
    'deviceEnablePeerAccess': ('cudaDeviceEnablePeerAccess', 'i:peerDevice I:flags=0'),
    'deviceDisablePeerAccess': ('cudaDeviceDisablePeerAccess', 'i:peerDevice'),
    'deviceGetLimit': ('cudaDeviceGetLimit', '*z:value i:limit'),
    'deviceSetLimit': ('cudaDeviceSetLimit', 'i:limit z:value'),
    # allocation
    'malloc': ('cudaMalloc', '*p:ptr z:size'),
    'mallocManaged': ('cudaMallocManaged', '*p:ptr z:size I:flags=%d' % cudaMemAttachGlobal),
    'mallocArray': ('cudaMallocArray', '*p:array p:descPtr z:width z:height I:flags=0'),
    'mallocAsync': ('cudaMallocAsync', '*p:ptr z:size p:stream'),
    'mallocFromPoolAsync': ('cudaMallocFromPoolAsync', '*p:ptr z:size p:pool p:stream'),
    'hostAlloc': ('cudaHostAlloc', '*p:ptr z:size I:flags'),
    'hostRegister': ('cudaHostRegister', 'p:ptr z:size I:flags'),
    'hostUnregister': ('cudaHostUnregister', 'p:ptr'),
    'free': ('cudaFree', 'p:ptr'),
    'freeHost': ('cudaFreeHost', 'p:ptr'),
    'freeArray': ('cudaFreeArray', 'p:ptr'),
    'freeAsync': ('cudaFreeAsync', 'p:ptr p:stream'),
    # copies and fills
    'memcpy': ('cudaMemcpy', 'p:dst p:src z:size i:kind'),
    'memcpyAsync': ('cudaMemcpyAsync', 'p:dst p:src z:size i:kind p:stream'),
    'memcpyPeer': ('cudaMemcpyPeer', 'p:dst i:dstDevice p:src i:srcDevice z:size'),
    'memcpyPeerAsync': ('cudaMemcpyPeerAsync',
                        'p:dst i:dstDevice p:src i:srcDevice z:size p:stream'),
    'memcpy2D': ('cudaMemcpy2D', 'p:dst z:dpitch p:src z:spitch z:width z:height i:kind'),
    'memcpy2DAsync': ('cudaMemcpy2DAsync',
                      'p:dst z:dpitch p:src z:spitch z:width z:height i:kind p:stream'),
    'memcpy2DFromArray': ('cudaMemcpy2DFromArray',
                          'p:dst z:dpitch p:src z:wOffset z:hOffset z:width z:height i:kind'),
    'memcpy2DFromArrayAsync': ('cudaMemcpy2DFromArrayAsync', 'p:dst z:dpitch p:src '
                               'z:wOffset z:hOffset z:width z:height i:kind p:stream'),
    'memcpy2DToArray': ('cudaMemcpy2DToArray',
                        'p:dst z:wOffset z:hOffset p:src z:spitch z:width z:height i:kind'),
    'memcpy2DToArrayAsync': ('cudaMemcpy2DToArrayAsync', 'p:dst z:wOffset z:hOffset '
                             'p:src z:spitch z:width z:height i:kind p:stream'),
    'memcpy3D': ('cudaMemcpy3D', 'p:Memcpy3DParmsPtr'),
    'memcpy3DAsync': ('cudaMemcpy3DAsync', 'p:Memcpy3DParmsPtr p:stream'),
    'memset': ('cudaMemset', 'p:ptr i:value z:size'),
    'memsetAsync': ('cudaMemsetAsync', 'p:ptr i:value z:size p:stream'),
    # memory pools
    'deviceGetDefaultMemPool': ('cudaDeviceGetDefaultMemPool', '*p:pool i:device'),
    'deviceGetMemPool': ('cudaDeviceGetMemPool', '*p:pool i:device'),
    'deviceSetMemPool': ('cudaDeviceSetMemPool', 'i:device p:pool'),
    'memPoolDestroy': ('cudaMemPoolDestroy', 'p:pool'),
    'memPoolTrimTo': ('cudaMemPoolTrimTo', 'p:pool z:size'),
    # streams
    'streamCreate': ('cudaStreamCreate', '*p:stream'),
    'streamCreateWithFlags': ('cudaStreamCreateWithFlags', '*p:stream I:flags'),
    'streamCreateWithPriority': ('cudaStreamCreateWithPriority',
                                 '*p:stream I:flags i:priority'),
    'streamGetFlags': ('cudaStreamGetFlags', 'p:stream *I:flags'),
    'streamGetPriority': ('cudaStreamGetPriority', 'p:stream *i:priority'),
    'streamDestroy': ('cudaStreamDestroy', 'p:stream'),
    'streamSynchronize': ('cudaStreamSynchronize', 'p:stream'),
    'streamWaitEvent': ('cudaStreamWaitEvent', 'p:stream p:event I:flags=0'),
    'streamBeginCapture': ('cudaStreamBeginCapture',
                           'p:stream i:mode=%d' % streamCaptureModeRelaxed),
    'streamEndCapture': ('cudaStreamEndCapture', 'p:stream *p:graph'),
    'streamIsCapturing': ('cudaStreamIsCapturing', 'p:stream *i:status'),
    # events
    'eventCreate': ('cudaEventCreate', '*p:event'),
    'eventCreateWithFlags': ('cudaEventCreateWithFlags', '*p:event I:flags'),
    'eventDestroy': ('cudaEventDestroy', 'p:event'),
    'eventElapsedTime': ('cudaEventElapsedTime', '*f:ms p:start p:end'),
    'eventRecord': ('cudaEventRecord', 'p:event p:stream'),
    'eventSynchronize': ('cudaEventSynchronize', 'p:event'),
    # textures and surfaces (descriptors are structs the caller builds, passed by address)
    'createTextureObject': ('cudaCreateTextureObject',
                            '*L:texObject p:ResDescPtr p:TexDescPtr p:ResViewDescPtr=0'),
    'destroyTextureObject': ('cudaDestroyTextureObject', 'L:texObject'),
    'createSurfaceObject': ('cudaCreateSurfaceObject', '*L:surfObject p:ResDescPtr'),
    'destroySurfaceObject': ('cudaDestroySurfaceObject', 'L:surfObject'),
    # graphs
    'graphInstantiate': ('cudaGraphInstantiate', '*p:graphExec p:graph L:flags=0'),
    'graphDestroy': ('cudaGraphDestroy', 'p:graph'),
    'graphExecDestroy': ('cudaGraphExecDestroy', 'p:graphExec'),
    'graphLaunch': ('cudaGraphLaunch', 'p:graphExec p:stream'),
    'graphUpload': ('cudaGraphUpload', 'p:graphExec p:stream'),
    'graphDebugDotPrint': ('cudaGraphDebugDotPrint', 'p:graph s:path I:flags'),
    # IPC: closing takes a pointer; the handles are structs (see below)
    'ipcCloseMemHandle': ('cudaIpcCloseMemHandle', 'p:devPtr'),
    # profiler
    'profilerStart': ('cudaProfilerStart', ''),
    'profilerStop': ('cudaProfilerStop', ''),
}


def _use_current_device():
    # cunp keeps the current device per thread and makes its context current only when it
    # launches; cudart works on the thread's current context. Aligning the two before each
    # call makes `with cunp.cuda.Device(1): runtime.malloc(n)` allocate on device 1, as in
    # CuPy. A failure here (no GPU) is left to the call itself to report.
    want = _core.getDevice()
    have = ctypes.c_int(-1)
    lib = _cudart()
    if lib.cudaGetDevice(ctypes.byref(have)) == _SUCCESS and have.value != want:
        lib.cudaSetDevice(want)


_calls = _ctypes_calls.define(globals(), _TABLE, _cudart, check_status, __name__,
                              prepare=_use_current_device,
                              unprepared=('driverGetVersion', 'runtimeGetVersion'))


def _fn(symbol, restype, *argtypes):
    _use_current_device()
    f = getattr(_cudart(), symbol)
    f.restype, f.argtypes = restype, list(argtypes)
    return f


# -- calls whose arguments are structs or Python objects ---------------------------------

class _Extent(ctypes.Structure):
    _fields_ = [('width', ctypes.c_size_t), ('height', ctypes.c_size_t),
                ('depth', ctypes.c_size_t)]


class _MemLocation(ctypes.Structure):
    _fields_ = [('type', ctypes.c_int), ('id', ctypes.c_int)]


class _IpcHandle(ctypes.Structure):  # cudaIpcMemHandle_t and cudaIpcEventHandle_t alike
    _fields_ = [('reserved', ctypes.c_char * 64)]


def malloc3DArray(descPtr, width, height, depth, flags=0):  # noqa: N802,N803 - CuPy's names
    """A 3-D CUDA array of the channel format at address `descPtr`; returns its handle."""
    array = ctypes.c_void_p()
    f = _fn('cudaMalloc3DArray', ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
            ctypes.c_void_p, _Extent, ctypes.c_uint)
    check_status(f(ctypes.byref(array), descPtr, _Extent(width, height, depth), flags))
    return array.value or 0


def deviceGetPCIBusId(device):  # noqa: N802
    """The PCI bus id of `device` as a string ('0000:3b:00.0')."""
    buf = ctypes.create_string_buffer(32)
    f = _fn('cudaDeviceGetPCIBusId', ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_int)
    check_status(f(buf, len(buf), device))
    return buf.value.decode()


def _location(device):
    if device == cudaCpuDeviceId:
        return _MemLocation(cudaMemLocationTypeHost, 0)
    return _MemLocation(cudaMemLocationTypeDevice, device)


def memPrefetchAsync(devPtr, count, dstDevice, stream):  # noqa: N802,N803
    """Prefetches managed memory to `dstDevice` (cudaCpuDeviceId for the host)."""
    if _calls['runtimeGetVersion']() >= 13000:  # CUDA 13 takes a cudaMemLocation and flags
        f = _fn('cudaMemPrefetchAsync', ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                _MemLocation, ctypes.c_uint, ctypes.c_void_p)
        check_status(f(devPtr, count, _location(dstDevice), 0, stream))
    else:
        f = _fn('cudaMemPrefetchAsync', ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t,
                ctypes.c_int, ctypes.c_void_p)
        check_status(f(devPtr, count, dstDevice, stream))


def memAdvise(devPtr, count, advice, device):  # noqa: N802,N803
    """Gives managed memory a usage hint for `device` (cudaCpuDeviceId for the host)."""
    if _calls['runtimeGetVersion']() >= 13000:
        f = _fn('cudaMemAdvise', ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                _MemLocation)
        check_status(f(devPtr, count, advice, _location(device)))
    else:
        f = _fn('cudaMemAdvise', ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int,
                ctypes.c_int)
        check_status(f(devPtr, count, advice, device))


def ipcGetMemHandle(devPtr):  # noqa: N802,N803
    """The 64-byte IPC handle (bytes) of the allocation holding `devPtr`."""
    handle = _IpcHandle()
    f = _fn('cudaIpcGetMemHandle', ctypes.c_int, ctypes.POINTER(_IpcHandle), ctypes.c_void_p)
    check_status(f(ctypes.byref(handle), devPtr))
    return ctypes.string_at(ctypes.addressof(handle), 64)


def ipcOpenMemHandle(handle, flags=cudaIpcMemLazyEnablePeerAccess):  # noqa: N802
    """Maps another process's allocation from its IPC handle (bytes); returns the pointer."""
    ptr = ctypes.c_void_p()
    f = _fn('cudaIpcOpenMemHandle', ctypes.c_int, ctypes.POINTER(ctypes.c_void_p), _IpcHandle,
            ctypes.c_uint)
    check_status(f(ctypes.byref(ptr), _IpcHandle.from_buffer_copy(_handle_bytes(handle)),
                   flags))
    return ptr.value or 0


def ipcGetEventHandle(event):  # noqa: N802
    """The 64-byte IPC handle (bytes) of an event created with eventInterprocess."""
    handle = _IpcHandle()
    f = _fn('cudaIpcGetEventHandle', ctypes.c_int, ctypes.POINTER(_IpcHandle), ctypes.c_void_p)
    check_status(f(ctypes.byref(handle), event))
    return ctypes.string_at(ctypes.addressof(handle), 64)


def ipcOpenEventHandle(handle):  # noqa: N802
    """Opens another process's event from its IPC handle (bytes); returns the event."""
    event = ctypes.c_void_p()
    f = _fn('cudaIpcOpenEventHandle', ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
            _IpcHandle)
    check_status(f(ctypes.byref(event), _IpcHandle.from_buffer_copy(_handle_bytes(handle))))
    return event.value or 0


def _handle_bytes(handle):
    handle = bytes(handle)
    if len(handle) != 64:
        raise ValueError('an IPC handle is 64 bytes, got %d' % len(handle))
    return handle


def streamQuery(stream):  # noqa: N802
    """cudaSuccess (0) when the stream's work is done, cudaErrorNotReady (600) if not."""
    status = _fn('cudaStreamQuery', ctypes.c_int, ctypes.c_void_p)(stream)
    if status not in (_SUCCESS, _NOT_READY):
        raise _error(status)
    return status


def eventQuery(event):  # noqa: N802
    """cudaSuccess (0) when the event has completed, cudaErrorNotReady (600) if not."""
    status = _fn('cudaEventQuery', ctypes.c_int, ctypes.c_void_p)(event)
    if status not in (_SUCCESS, _NOT_READY):
        raise _error(status)
    return status


# -- host callbacks: the ctypes thunk is held until it has run ---------------------------

_STREAM_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p)
_HOST_FN = ctypes.CFUNCTYPE(None, ctypes.c_void_p)
_pending_callbacks = {}
_finished_callbacks = []


def _hold(make_thunk, func):
    # A thunk must not free itself while it runs (ctypes would release its trampoline under
    # the running code): finished ones are dropped at the next registration instead.
    while _finished_callbacks:
        _pending_callbacks.pop(_finished_callbacks.pop(), None)
    key = object()

    def run(*args):
        try:
            func(*args)
        finally:
            _finished_callbacks.append(key)
    thunk = make_thunk(run)
    _pending_callbacks[key] = thunk
    return key, thunk


def streamAddCallback(stream, callback, arg, flags=0):  # noqa: N802
    """Calls callback(stream, status, arg) on a driver thread once the stream's prior work
    is done; `arg` is any Python object."""
    key, thunk = _hold(_STREAM_CALLBACK, lambda s, status, _: callback(stream, status, arg))
    f = _fn('cudaStreamAddCallback', ctypes.c_int, ctypes.c_void_p, _STREAM_CALLBACK,
            ctypes.c_void_p, ctypes.c_uint)
    status = f(stream, thunk, None, flags)
    if status != _SUCCESS:
        _pending_callbacks.pop(key, None)
        raise _error(status)


def launchHostFunc(stream, callback, arg):  # noqa: N802
    """Calls callback(arg) on a driver thread in stream order; `arg` is any Python object."""
    key, thunk = _hold(_HOST_FN, lambda _: callback(arg))
    f = _fn('cudaLaunchHostFunc', ctypes.c_int, ctypes.c_void_p, _HOST_FN, ctypes.c_void_p)
    status = f(stream, thunk, None)
    if status != _SUCCESS:
        _pending_callbacks.pop(key, None)
        raise _error(status)


# -- pointer attributes ----------------------------------------------------------------

class _PointerAttributesC(ctypes.Structure):
    # cudaPointerAttributes; the reserved tail is CUDA 13's, harmless room for CUDA 12's.
    _fields_ = [('type', ctypes.c_int), ('device', ctypes.c_int),
                ('devicePointer', ctypes.c_void_p), ('hostPointer', ctypes.c_void_p),
                ('reserved', ctypes.c_long * 8)]


class PointerAttributes:
    """What pointerGetAttributes returns: device, devicePointer, hostPointer and type."""

    def __init__(self, device, devicePointer, hostPointer, type=0):  # noqa: N803,A002
        self.device = device
        self.devicePointer = devicePointer
        self.hostPointer = hostPointer
        self.type = type

    def __repr__(self):
        return ('<PointerAttributes device=%d devicePointer=0x%x hostPointer=0x%x type=%d>'
                % (self.device, self.devicePointer, self.hostPointer, self.type))


def pointerGetAttributes(ptr):  # noqa: N802
    """The memory type, device and device/host addresses of `ptr` (an int)."""
    attrs = _PointerAttributesC()
    f = _fn('cudaPointerGetAttributes', ctypes.c_int, ctypes.POINTER(_PointerAttributesC),
            ctypes.c_void_p)
    check_status(f(ctypes.byref(attrs), ptr))
    return PointerAttributes(attrs.device, attrs.devicePointer or 0, attrs.hostPointer or 0,
                             attrs.type)


def pointerGetMemoryType(ptr):  # noqa: N802
    """The memoryType* of `ptr` (memoryTypeUnregistered for plain host memory)."""
    return pointerGetAttributes(ptr).type


# -- memory pools ------------------------------------------------------------------------

class MemPoolProps:
    """The properties memPoolCreate makes a pool with, as CuPy takes them."""

    def __init__(self, allocType, handleType, locationType, devId):  # noqa: N803
        self.allocType = allocType
        self.handleType = handleType
        self.locationType = locationType
        self.devId = devId


class _MemPoolPropsC(ctypes.Structure):
    # cudaMemPoolProps: 24 bytes of fields, then 64 bytes that newer CUDA versions carve
    # into maxSize/usage and the rest reserved; zero is the default for all of them.
    _fields_ = [('allocType', ctypes.c_int), ('handleTypes', ctypes.c_int),
                ('location', _MemLocation), ('win32SecurityAttributes', ctypes.c_void_p),
                ('reserved', ctypes.c_ubyte * 64)]


def memPoolCreate(props):  # noqa: N802
    """A new memory pool from a MemPoolProps; returns its handle."""
    c_props = _MemPoolPropsC(props.allocType, props.handleType,
                             _MemLocation(props.locationType, props.devId))
    pool = ctypes.c_void_p()
    f = _fn('cudaMemPoolCreate', ctypes.c_int, ctypes.POINTER(ctypes.c_void_p),
            ctypes.POINTER(_MemPoolPropsC))
    check_status(f(ctypes.byref(pool), ctypes.byref(c_props)))
    return pool.value or 0


def memPoolGetAttribute(pool, attr):  # noqa: N802
    """A pool attribute: an int flag for the reuse policies, a byte count for the rest."""
    # The reuse flags are ints, the thresholds and counters 64-bit: a zeroed 64-bit box
    # reads right for both on a little-endian host.
    value = ctypes.c_uint64(0)
    f = _fn('cudaMemPoolGetAttribute', ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
            ctypes.c_void_p)
    check_status(f(pool, attr, ctypes.byref(value)))
    return value.value


def memPoolSetAttribute(pool, attr, value):  # noqa: N802
    """Sets a pool attribute (see memPoolGetAttribute for the types)."""
    box = ctypes.c_uint64(value)
    f = _fn('cudaMemPoolSetAttribute', ctypes.c_int, ctypes.c_void_p, ctypes.c_int,
            ctypes.c_void_p)
    check_status(f(pool, attr, ctypes.byref(box)))


# -- device properties -------------------------------------------------------------------

# cudaDeviceProp's fields, each read from its device attribute (a tuple reads several):
# the struct's layout changes between CUDA versions, the attributes do not.
_PROPERTY_ATTRIBUTES = {
    'sharedMemPerBlock': 'MaxSharedMemoryPerBlock', 'regsPerBlock': 'MaxRegistersPerBlock',
    'warpSize': 'WarpSize', 'memPitch': 'MaxPitch', 'maxThreadsPerBlock': 'MaxThreadsPerBlock',
    'maxThreadsDim': ('MaxBlockDimX', 'MaxBlockDimY', 'MaxBlockDimZ'),
    'maxGridSize': ('MaxGridDimX', 'MaxGridDimY', 'MaxGridDimZ'),
    'clockRate': 'ClockRate', 'totalConstMem': 'TotalConstantMemory',
    'textureAlignment': 'TextureAlignment', 'texturePitchAlignment': 'TexturePitchAlignment',
    'deviceOverlap': 'GpuOverlap', 'multiProcessorCount': 'MultiProcessorCount',
    'kernelExecTimeoutEnabled': 'KernelExecTimeout', 'integrated': 'Integrated',
    'canMapHostMemory': 'CanMapHostMemory', 'computeMode': 'ComputeMode',
    'maxTexture1D': 'MaxTexture1DWidth', 'maxTexture1DMipmap': 'MaxTexture1DMipmappedWidth',
    'maxTexture1DLinear': 'MaxTexture1DLinearWidth',
    'maxTexture2D': ('MaxTexture2DWidth', 'MaxTexture2DHeight'),
    'maxTexture2DMipmap': ('MaxTexture2DMipmappedWidth', 'MaxTexture2DMipmappedHeight'),
    'maxTexture2DLinear': ('MaxTexture2DLinearWidth', 'MaxTexture2DLinearHeight',
                           'MaxTexture2DLinearPitch'),
    'maxTexture2DGather': ('MaxTexture2DGatherWidth', 'MaxTexture2DGatherHeight'),
    'maxTexture3D': ('MaxTexture3DWidth', 'MaxTexture3DHeight', 'MaxTexture3DDepth'),
    'maxTexture3DAlt': ('MaxTexture3DWidthAlt', 'MaxTexture3DHeightAlt',
                        'MaxTexture3DDepthAlt'),
    'maxTextureCubemap': 'MaxTextureCubemapWidth',
    'maxTexture1DLayered': ('MaxTexture1DLayeredWidth', 'MaxTexture1DLayeredLayers'),
    'maxTexture2DLayered': ('MaxTexture2DLayeredWidth', 'MaxTexture2DLayeredHeight',
                            'MaxTexture2DLayeredLayers'),
    'maxTextureCubemapLayered': ('MaxTextureCubemapLayeredWidth',
                                 'MaxTextureCubemapLayeredLayers'),
    'maxSurface1D': 'MaxSurface1DWidth',
    'maxSurface2D': ('MaxSurface2DWidth', 'MaxSurface2DHeight'),
    'maxSurface3D': ('MaxSurface3DWidth', 'MaxSurface3DHeight', 'MaxSurface3DDepth'),
    'maxSurface1DLayered': ('MaxSurface1DLayeredWidth', 'MaxSurface1DLayeredLayers'),
    'maxSurface2DLayered': ('MaxSurface2DLayeredWidth', 'MaxSurface2DLayeredHeight',
                            'MaxSurface2DLayeredLayers'),
    'maxSurfaceCubemap': 'MaxSurfaceCubemapWidth',
    'maxSurfaceCubemapLayered': ('MaxSurfaceCubemapLayeredWidth',
                                 'MaxSurfaceCubemapLayeredLayers'),
    'surfaceAlignment': 'SurfaceAlignment', 'concurrentKernels': 'ConcurrentKernels',
    'ECCEnabled': 'EccEnabled', 'pciBusID': 'PciBusId', 'pciDeviceID': 'PciDeviceId',
    'pciDomainID': 'PciDomainId', 'tccDriver': 'TccDriver',
    'asyncEngineCount': 'AsyncEngineCount', 'unifiedAddressing': 'UnifiedAddressing',
    'memoryClockRate': 'MemoryClockRate', 'memoryBusWidth': 'GlobalMemoryBusWidth',
    'l2CacheSize': 'L2CacheSize', 'maxThreadsPerMultiProcessor': 'MaxThreadsPerMultiProcessor',
    'streamPrioritiesSupported': 'StreamPrioritiesSupported',
    'globalL1CacheSupported': 'GlobalL1CacheSupported',
    'localL1CacheSupported': 'LocalL1CacheSupported',
    'sharedMemPerMultiprocessor': 'MaxSharedMemoryPerMultiprocessor',
    'regsPerMultiprocessor': 'MaxRegistersPerMultiprocessor', 'managedMemory': 'ManagedMemory',
    'isMultiGpuBoard': 'IsMultiGpuBoard', 'multiGpuBoardGroupID': 'MultiGpuBoardGroupID',
    'hostNativeAtomicSupported': 'HostNativeAtomicSupported',
    'singleToDoublePrecisionPerfRatio': 'SingleToDoublePrecisionPerfRatio',
    'pageableMemoryAccess': 'PageableMemoryAccess',
    'concurrentManagedAccess': 'ConcurrentManagedAccess',
    'computePreemptionSupported': 'ComputePreemptionSupported',
    'canUseHostPointerForRegisteredMem': 'CanUseHostPointerForRegisteredMem',
    'cooperativeLaunch': 'CooperativeLaunch',
    'sharedMemPerBlockOptin': 'MaxSharedMemoryPerBlockOptin',
    'pageableMemoryAccessUsesHostPageTables': 'PageableMemoryAccessUsesHostPageTables',
    'directManagedMemAccessFromHost': 'DirectManagedMemAccessFromHost',
    'maxBlocksPerMultiProcessor': 'MaxBlocksPerMultiprocessor',
    'reservedSharedMemPerBlock': 'ReservedSharedMemoryPerBlock',
    'hostRegisterSupported': 'HostRegisterSupported',
    'sparseCudaArraySupported': 'SparseCudaArraySupported',
    'hostRegisterReadOnlySupported': 'HostRegisterReadOnlySupported',
    'timelineSemaphoreInteropSupported': 'MaxTimelineSemaphoreInteropSupported',
    'memoryPoolsSupported': 'MemoryPoolsSupported',
    'gpuDirectRDMASupported': 'GPUDirectRDMASupported',
    'gpuDirectRDMAFlushWritesOptions': 'GPUDirectRDMAFlushWritesOptions',
    'gpuDirectRDMAWritesOrdering': 'GPUDirectRDMAWritesOrdering',
    'memoryPoolSupportedHandleTypes': 'MemoryPoolSupportedHandleTypes',
}
# Attributes this module has no constant for, by CUDA's numbers (the driver's
# CU_DEVICE_ATTRIBUTE_* share them).
_MORE_ATTRIBUTES = {
    'ComputeCapabilityMajor': 75, 'ComputeCapabilityMinor': 76,
    'MaxPersistingL2CacheSize': 108, 'MaxAccessPolicyWindowSize': 109, 'ClusterLaunch': 120,
    'DeferredMappingCudaArraySupported': 121, 'IpcEventSupport': 125,
    'UnifiedFunctionPointers': 129, 'NumaConfig': 130, 'NumaId': 131, 'MpsEnabled': 133,
    'HostNumaId': 134, 'GpuPciDeviceId': 139, 'GpuPciSubsystemId': 140,
    'HostNumaMultinodeIpcSupported': 143,
}
_PROPERTY_ATTRIBUTES.update({
    'major': 'ComputeCapabilityMajor', 'minor': 'ComputeCapabilityMinor',
    'persistingL2CacheMaxSize': 'MaxPersistingL2CacheSize',
    'accessPolicyMaxWindowSize': 'MaxAccessPolicyWindowSize', 'clusterLaunch': 'ClusterLaunch',
    'deferredMappingCudaArraySupported': 'DeferredMappingCudaArraySupported',
    'ipcEventSupported': 'IpcEventSupport', 'unifiedFunctionPointers': 'UnifiedFunctionPointers',
    'deviceNumaConfig': 'NumaConfig', 'deviceNumaId': 'NumaId', 'mpsEnabled': 'MpsEnabled',
    'hostNumaId': 'HostNumaId', 'gpuPciDeviceID': 'GpuPciDeviceId',
    'gpuPciSubsystemID': 'GpuPciSubsystemId',
    'hostNumaMultinodeIpcSupported': 'HostNumaMultinodeIpcSupported',
})


def _attribute_number(name):
    number = _MORE_ATTRIBUTES.get(name)
    return globals()['cudaDevAttr' + name] if number is None else number


def getDeviceProperties(device):  # noqa: N802
    """cudaDeviceProp of `device` as a dict with CuPy's keys (`name` as bytes)."""
    # Read through the driver, which every machine running cunp has (libcudart may be
    # absent); the attribute numbers are the same in both APIs.
    from cunp.cuda import driver
    basics = _core.getDeviceProperties(device)  # validates `device`, as CuPy's raises
    names = [(key, attr if isinstance(attr, tuple) else (attr,))
             for key, attr in _PROPERTY_ATTRIBUTES.items()]
    uuid, values = driver._device_facts(
        device, [_attribute_number(a) for _, attrs in names for a in attrs])
    # luid and its node mask are Windows' (WDDM); elsewhere CUDA leaves them zero.
    props = {'name': basics['name'], 'totalGlobalMem': basics['totalGlobalMem'],
             'uuid': uuid, 'luid': bytes(8), 'luidDeviceNodeMask': 0}
    at = iter(values)
    for key, attrs in names:
        read = tuple(next(at) for _ in attrs)
        props[key] = read if isinstance(_PROPERTY_ATTRIBUTES[key], tuple) else read[0]
    # CUDA 13 removed multi-device cooperative launches (and the field from cudaDeviceProp);
    # the driver's attribute may still read 1 where CuPy reports False.
    props['cooperativeMultiDeviceLaunch'] = False
    return props


def _getLocalRuntimeVersion():  # noqa: N802 - CuPy's private helper, used by cupy.cuda
    """The version of the libcudart this process loaded (13000 for 13.0)."""
    return _calls['runtimeGetVersion']()
