"""cunp.cuda.driver: the CUDA driver API with cupy.cuda.driver's names and behaviour.

Handles (contexts, modules, functions, link states) and pointers are ints; errors raise
CUDADriverError with the CUresult status. The calls go to libcuda.so.1 through ctypes
(see cunp.cuda._libraries for why), loaded on first call.
"""
import ctypes

from cunp import _core
from cunp.cuda import _ctypes_calls, _libraries


class CUDADriverError(RuntimeError):
    """A CUresult other than CUDA_SUCCESS: `.status`, and the driver's name and text."""

    def __init__(self, status, message=None):
        self.status = status
        super().__init__(message or _describe(status))

    def __reduce__(self):
        return (type(self), (self.status, str(self)))


def _describe(status):
    try:
        lib = _libraries.cuda()
    except OSError:
        return 'CUDA driver error %d' % status
    name, text = ctypes.c_char_p(), ctypes.c_char_p()
    if lib.cuGetErrorName(status, ctypes.byref(name)) != 0 or not name.value:
        return 'CUDA driver error %d' % status
    lib.cuGetErrorString(status, ctypes.byref(text))
    return '%s: %s' % (name.value.decode(), (text.value or b'').decode())


def check_status(status):
    """Raises CUDADriverError for a CUresult other than CUDA_SUCCESS."""
    if status != 0:
        raise CUDADriverError(status)


def _cuda():
    try:
        return _libraries.cuda()
    except OSError as e:
        raise CUDADriverError(100, 'CUDA_ERROR_NO_DEVICE: %s' % e) from None  # no driver


# -- constants, with the driver's values -----------------------------------------------

CUDA_ERROR_INVALID_VALUE = 1

# CUarray_format
CU_AD_FORMAT_UNSIGNED_INT8 = 0x01
CU_AD_FORMAT_UNSIGNED_INT16 = 0x02
CU_AD_FORMAT_UNSIGNED_INT32 = 0x03
CU_AD_FORMAT_SIGNED_INT8 = 0x08
CU_AD_FORMAT_SIGNED_INT16 = 0x09
CU_AD_FORMAT_SIGNED_INT32 = 0x0a
CU_AD_FORMAT_HALF = 0x10
CU_AD_FORMAT_FLOAT = 0x20

# CUfunction_attribute
CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0
CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1
CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2
CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3
CU_FUNC_ATTRIBUTE_NUM_REGS = 4
CU_FUNC_ATTRIBUTE_PTX_VERSION = 5
CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6
CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7
CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9

# CUjit_option
CU_JIT_MAX_REGISTERS = 0
CU_JIT_THREADS_PER_BLOCK = 1
CU_JIT_WALL_TIME = 2
CU_JIT_INFO_LOG_BUFFER = 3
CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4
CU_JIT_ERROR_LOG_BUFFER = 5
CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6
CU_JIT_OPTIMIZATION_LEVEL = 7
CU_JIT_TARGET_FROM_CUCONTEXT = 8
CU_JIT_TARGET = 9
CU_JIT_FALLBACK_STRATEGY = 10
CU_JIT_GENERATE_DEBUG_INFO = 11
CU_JIT_LOG_VERBOSE = 12
CU_JIT_GENERATE_LINE_INFO = 13
CU_JIT_CACHE_MODE = 14
CU_JIT_NEW_SM3X_OPT = 15
CU_JIT_FAST_COMPILE = 16
CU_JIT_GLOBAL_SYMBOL_NAMES = 17
CU_JIT_GLOBAL_SYMBOL_ADDRESSES = 18
CU_JIT_GLOBAL_SYMBOL_COUNT = 19
CU_JIT_LTO = 20
CU_JIT_FTZ = 21
CU_JIT_PREC_DIV = 22
CU_JIT_PREC_SQRT = 23
CU_JIT_FMA = 24
CU_JIT_NUM_OPTIONS = 25

# CUjitInputType
CU_JIT_INPUT_CUBIN = 0
CU_JIT_INPUT_PTX = 1
CU_JIT_INPUT_FATBINARY = 2
CU_JIT_INPUT_OBJECT = 3
CU_JIT_INPUT_LIBRARY = 4
CU_JIT_INPUT_NVVM = 5

# texture reference flags, address and filter modes
CU_TRSA_OVERRIDE_FORMAT = 0x01
CU_TRSF_READ_AS_INTEGER = 0x01
CU_TRSF_NORMALIZED_COORDINATES = 0x02
CU_TRSF_SRGB = 0x10
CU_TR_ADDRESS_MODE_WRAP = 0
CU_TR_ADDRESS_MODE_CLAMP = 1
CU_TR_ADDRESS_MODE_MIRROR = 2
CU_TR_ADDRESS_MODE_BORDER = 3
CU_TR_FILTER_MODE_POINT = 0
CU_TR_FILTER_MODE_LINEAR = 1

# -- calls -------------------------------------------------------------------------------

# name: (libcuda symbol, prototype as _ctypes_calls reads it). The versioned symbols are the
# ABI the driver keeps for the signatures CuPy's functions have.
_TABLE = {
    'devicePrimaryCtxRelease': ('cuDevicePrimaryCtxRelease_v2', 'i:dev'),
    'ctxGetCurrent': ('cuCtxGetCurrent', '*p:ctx'),
    'ctxSetCurrent': ('cuCtxSetCurrent', 'p:ctx'),
    'ctxDestroy': ('cuCtxDestroy_v2', 'p:ctx'),
    'ctxGetDevice': ('cuCtxGetDevice', '*i:device'),
    'linkDestroy': ('cuLinkDestroy', 'p:state'),
    'moduleUnload': ('cuModuleUnload', 'p:module'),
    'moduleGetFunction': ('cuModuleGetFunction', '*p:func p:module s:funcname'),
    'launchKernel': ('cuLaunchKernel',
                     'p:f I:grid_dim_x I:grid_dim_y I:grid_dim_z I:block_dim_x I:block_dim_y '
                     'I:block_dim_z I:shared_mem_bytes p:stream p:kernel_params p:extra'),
    'launchCooperativeKernel': ('cuLaunchCooperativeKernel',
                                'p:f I:grid_dim_x I:grid_dim_y I:grid_dim_z I:block_dim_x '
                                'I:block_dim_y I:block_dim_z I:shared_mem_bytes p:stream '
                                'p:kernel_params'),
    'funcGetAttribute': ('cuFuncGetAttribute', '*i:value i:attribute p:f'),
    'funcSetAttribute': ('cuFuncSetAttribute', 'p:f i:attribute i:value'),
    'occupancyMaxActiveBlocksPerMultiprocessor': (
        'cuOccupancyMaxActiveBlocksPerMultiprocessor',
        '*i:numBlocks p:func i:blockSize z:dynamicSMemSize'),
    'streamGetCtx': ('cuStreamGetCtx', 'p:stream *p:ctx'),
}
_primary_contexts = {}


def _primary_context(device):
    # Retained once per device for the process, as cunp's core retains it: never released.
    ctx = _primary_contexts.get(device)
    if ctx is None:
        lib, dev, box = _cuda(), ctypes.c_int(), ctypes.c_void_p()
        check_status(lib.cuDeviceGet(ctypes.byref(dev), device))
        check_status(lib.cuDevicePrimaryCtxRetain(ctypes.byref(box), dev))
        ctx = _primary_contexts[device] = box.value
    return ctx


def _use_current_device():
    # cunp makes a device's context current only when it launches, and `with Device(i)`
    # only records i; the driver works on the thread's current context. Where that is
    # none, or the primary context of another device, the primary context of cunp's
    # current device becomes current, so module loads and launches land where CuPy's
    # would. A context the user made (ctxCreate, ctxSetCurrent of their own) is left be.
    lib, have = _cuda(), ctypes.c_void_p()
    if lib.cuCtxGetCurrent(ctypes.byref(have)) != 0:
        return  # the call itself reports why
    try:
        if have.value:
            dev = ctypes.c_int()
            check_status(lib.cuCtxGetDevice(ctypes.byref(dev)))
            if have.value != _primary_context(dev.value):
                return
        want = _primary_context(_core.getDevice())
        if have.value != want:
            lib.cuCtxSetCurrent(ctypes.c_void_p(want))
    except CUDADriverError:
        return


_ctypes_calls.define(globals(), _TABLE, _cuda, check_status, __name__,
                     prepare=_use_current_device,
                     unprepared=('devicePrimaryCtxRelease', 'ctxGetCurrent', 'ctxSetCurrent',
                                 'ctxCreate', 'ctxDestroy', 'ctxGetDevice', 'streamGetCtx'))


def _fn(symbol, *argtypes):
    _use_current_device()
    f = getattr(_cuda(), symbol)
    f.restype, f.argtypes = ctypes.c_int, list(argtypes)
    return f


def get_build_version():
    """The CUDA version cunp was built against (13000 for 13.0), as CUDA_VERSION."""
    for row in _core.config_info()['versions']:
        if row['name'].startswith('CUDA toolkit'):
            major, minor = (int(x) for x in row['version'].split('.')[:2])
            return major * 1000 + minor * 10
    return 0


def ctxCreate(dev):  # noqa: N802 - CuPy's names
    """A new context on device `dev` (default flags), made current; returns its handle."""
    ctx = ctypes.c_void_p()
    check_status(_cuda().cuCtxCreate_v2(ctypes.byref(ctx), ctypes.c_uint(0), ctypes.c_int(dev)))
    return ctx.value or 0


def moduleLoad(filename):  # noqa: N802
    """Loads a cubin, PTX or fatbinary file; returns the module handle."""
    module = ctypes.c_void_p()
    path = filename.encode() if isinstance(filename, str) else bytes(filename)
    check_status(_fn('cuModuleLoad', ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p)(
        ctypes.byref(module), path))
    return module.value or 0


def moduleLoadData(image):  # noqa: N802
    """Loads a cubin, PTX (bytes or str) or fatbinary image; returns the module handle."""
    if isinstance(image, str):
        image = image.encode()
    # PTX is read as a C string: the buffer carries a terminating NUL.
    buf = ctypes.create_string_buffer(bytes(image), len(image) + 1)
    module = ctypes.c_void_p()
    check_status(_fn('cuModuleLoadData', ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p)(
        ctypes.byref(module), buf))
    return module.value or 0


def moduleGetGlobal(module, varname):  # noqa: N802
    """The device address of the global `varname` of `module`."""
    ptr, size = ctypes.c_void_p(), ctypes.c_size_t()
    name = varname.encode() if isinstance(varname, str) else bytes(varname)
    check_status(_fn('cuModuleGetGlobal_v2', ctypes.POINTER(ctypes.c_void_p),
                     ctypes.POINTER(ctypes.c_size_t), ctypes.c_void_p, ctypes.c_char_p)(
        ctypes.byref(ptr), ctypes.byref(size), module, name))
    return ptr.value or 0


def occupancyMaxPotentialBlockSize(func, dynamicSMemSize, blockSizeLimit):  # noqa: N802,N803
    """(minGridSize, blockSize) that maximise occupancy for a fixed dynamic shared size."""
    grid, block = ctypes.c_int(), ctypes.c_int()
    check_status(_fn('cuOccupancyMaxPotentialBlockSize', ctypes.POINTER(ctypes.c_int),
                     ctypes.POINTER(ctypes.c_int), ctypes.c_void_p, ctypes.c_void_p,
                     ctypes.c_size_t, ctypes.c_int)(
        ctypes.byref(grid), ctypes.byref(block), func, None, dynamicSMemSize, blockSizeLimit))
    return grid.value, block.value


# -- the JIT linker --------------------------------------------------------------------

def linkCreate():  # noqa: N802
    """A new link state (no JIT options); returns its handle."""
    state = ctypes.c_void_p()
    check_status(_fn('cuLinkCreate_v2', ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p,
                     ctypes.POINTER(ctypes.c_void_p))(0, None, None, ctypes.byref(state)))
    return state.value or 0


def linkAddData(state, input_type, data, name):  # noqa: N802
    """Adds an image (bytes: PTX, cubin, fatbinary, object or library) to a link."""
    if isinstance(data, str):
        data = data.encode()
    buf = ctypes.create_string_buffer(bytes(data), len(data) + 1)
    check_status(_fn('cuLinkAddData_v2', ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p,
                     ctypes.c_size_t, ctypes.c_char_p, ctypes.c_uint, ctypes.c_void_p,
                     ctypes.c_void_p)(
        state, input_type, buf, len(data), name.encode() if isinstance(name, str) else name,
        0, None, None))



def linkAddFile(state, input_type, path):  # noqa: N802
    """Adds a file of the given input type to a link."""
    check_status(_fn('cuLinkAddFile_v2', ctypes.c_void_p, ctypes.c_int, ctypes.c_char_p,
                     ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p)(
        state, input_type, path.encode() if isinstance(path, str) else path, 0, None, None))


def linkComplete(state):  # noqa: N802
    """Completes a link; returns the linked cubin as bytes (a copy: the state owns it)."""
    cubin, size = ctypes.c_void_p(), ctypes.c_size_t()
    check_status(_fn('cuLinkComplete', ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p),
                     ctypes.POINTER(ctypes.c_size_t))(state, ctypes.byref(cubin),
                                                      ctypes.byref(size)))
    return ctypes.string_at(cubin.value, size.value)


def _device_facts(device, attributes):
    """runtime.getDeviceProperties' driver queries: the 16 bytes of the device's UUID and
    the values of `attributes` (numbers shared by CU_DEVICE_ATTRIBUTE_* and cudaDevAttr*;
    0 for one this driver does not know). No context is needed, nor libcudart."""
    lib, dev, uuid, value = _cuda(), ctypes.c_int(), (ctypes.c_char * 16)(), ctypes.c_int()
    check_status(lib.cuDeviceGet(ctypes.byref(dev), ctypes.c_int(device)))
    check_status(lib.cuDeviceGetUuid_v2(uuid, dev))
    values = []
    for number in attributes:
        status = lib.cuDeviceGetAttribute(ctypes.byref(value), ctypes.c_int(number), dev)
        if status not in (0, CUDA_ERROR_INVALID_VALUE):
            raise CUDADriverError(status)
        values.append(value.value if status == 0 else 0)
    return bytes(uuid), values
