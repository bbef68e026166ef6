"""cunp.cuda.nvrtc: NVRTC with cupy.cuda.nvrtc's names and behaviour.

Programs are handles (ints); errors raise NVRTCError with the nvrtcResult status. The
calls go to the NVRTC cunp's own kernels compile with (see cunp.cuda._libraries), loaded
on first call; compiling needs no GPU.
"""
import ctypes

from cunp.cuda import _libraries


class NVRTCError(RuntimeError):
    """An nvrtcResult other than NVRTC_SUCCESS: `.status`, NVRTC's text and the number."""

    def __init__(self, status, message=None):
        self.status = status
        super().__init__(message or '%s (%d)' % (_error_string(status), status))

    def __reduce__(self):
        return (type(self), (self.status, str(self)))


def _error_string(status):
    try:
        f = _nvrtc().nvrtcGetErrorString
    except NVRTCError:
        return 'NVRTC error'
    f.restype, f.argtypes = ctypes.c_char_p, [ctypes.c_int]
    return (f(status) or b'NVRTC error').decode()


def check_status(status):
    """Raises NVRTCError for an nvrtcResult other than NVRTC_SUCCESS."""
    if status != 0:
        raise NVRTCError(status)


def _nvrtc():
    try:
        return _libraries.nvrtc()
    except OSError as e:
        # NVRTC_ERROR_INTERNAL_ERROR (11): NVRTC has no status for its own absence.
        raise NVRTCError(11, '%s (11)' % e) from None


def _fn(symbol, *argtypes):
    f = getattr(_nvrtc(), symbol)
    f.restype, f.argtypes = ctypes.c_int, list(argtypes)
    return f


def _bytes(text):
    return text.encode() if isinstance(text, str) else bytes(text)


def _strings(items):
    encoded = [_bytes(s) for s in items]
    return (ctypes.c_char_p * max(len(encoded), 1))(*encoded), len(encoded)


def getVersion():  # noqa: N802 - CuPy's names
    """NVRTC's (major, minor) version."""
    major, minor = ctypes.c_int(), ctypes.c_int()
    check_status(_fn('nvrtcVersion', ctypes.POINTER(ctypes.c_int),
                     ctypes.POINTER(ctypes.c_int))(ctypes.byref(major), ctypes.byref(minor)))
    return major.value, minor.value


def getSupportedArchs():  # noqa: N802
    """The compute capabilities NVRTC can target, as ints (75, 80, ...)."""
    count = ctypes.c_int()
    check_status(_fn('nvrtcGetNumSupportedArchs', ctypes.POINTER(ctypes.c_int))(
        ctypes.byref(count)))
    archs = (ctypes.c_int * count.value)()
    check_status(_fn('nvrtcGetSupportedArchs', ctypes.c_void_p)(archs))
    return tuple(archs)


def createProgram(src, name, headers, include_names):  # noqa: N802
    """A program of CUDA source `src` named `name`, with header contents `headers` under
    `include_names`; returns its handle."""
    if len(headers) != len(include_names):
        raise ValueError('headers and include_names differ in length (%d and %d)'
                         % (len(headers), len(include_names)))
    prog = ctypes.c_void_p()
    header_array, n = _strings(headers)
    name_array, _ = _strings(include_names)
    check_status(_fn('nvrtcCreateProgram', ctypes.POINTER(ctypes.c_void_p), ctypes.c_char_p,
                     ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p)(
        ctypes.byref(prog), _bytes(src), _bytes(name), n, header_array, name_array))
    return prog.value


def destroyProgram(prog):  # noqa: N802
    """Frees a program."""
    box = ctypes.c_void_p(prog)
    check_status(_fn('nvrtcDestroyProgram', ctypes.POINTER(ctypes.c_void_p))(
        ctypes.byref(box)))


def compileProgram(prog, options):  # noqa: N802
    """Compiles with NVRTC's `options` (strings); NVRTCError (status 6) when the source
    does not compile: getProgramLog says why."""
    option_array, n = _strings(options)
    check_status(_fn('nvrtcCompileProgram', ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p)(
        prog, n, option_array))


def _read(prog, size_symbol, data_symbol):
    size = ctypes.c_size_t()
    check_status(_fn(size_symbol, ctypes.c_void_p, ctypes.POINTER(ctypes.c_size_t))(
        prog, ctypes.byref(size)))
    buf = ctypes.create_string_buffer(size.value)
    check_status(_fn(data_symbol, ctypes.c_void_p, ctypes.c_char_p)(prog, buf))
    return buf.raw


def getPTX(prog):  # noqa: N802
    """The compiled PTX (bytes, ending in NUL as NVRTC writes it)."""
    return _read(prog, 'nvrtcGetPTXSize', 'nvrtcGetPTX')


def getCUBIN(prog):  # noqa: N802
    """The compiled cubin (bytes); empty unless compiled for a real `sm_` architecture."""
    return _read(prog, 'nvrtcGetCUBINSize', 'nvrtcGetCUBIN')


def getLTOIR(prog):  # noqa: N802
    """The LTO IR (bytes) of a program compiled with `-dlto`."""
    return _read(prog, 'nvrtcGetLTOIRSize', 'nvrtcGetLTOIR')


def getProgramLog(prog):  # noqa: N802
    """The compiler's log of the last compileProgram (str)."""
    raw = _read(prog, 'nvrtcGetProgramLogSize', 'nvrtcGetProgramLog')
    return raw.rstrip(b'\0').decode('utf-8', 'replace')


def addNameExpression(prog, name):  # noqa: N802
    """Asks compileProgram to keep `name` (a C++ name expression) and its lowered name."""
    check_status(_fn('nvrtcAddNameExpression', ctypes.c_void_p, ctypes.c_char_p)(
        prog, _bytes(name)))


def getLoweredName(prog, name):  # noqa: N802
    """The mangled name a compiled name expression became."""
    lowered = ctypes.c_char_p()
    check_status(_fn('nvrtcGetLoweredName', ctypes.c_void_p, ctypes.c_char_p,
                     ctypes.POINTER(ctypes.c_char_p))(
        prog, _bytes(name), ctypes.byref(lowered)))
    return lowered.value.decode()
