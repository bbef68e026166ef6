"""cuFFT's LTO callbacks as cuFFT links them, and the LTO-IR cunp hands it.

How cuFFT (11.3+, CUDA 12.6 Update 2; 12.x, CUDA 13) links a plan's LTO callback, once
cufftXtSetJITCallback has named it between cufftCreate and cufftMakePlan*:

1. it compiles, with NVRTC (libnvrtc.so.<CUDA major>, found by its soname), a small wrapper
   that defines its fixed entry point (cufftJITCallbackLoadComplex, ...) and calls the named
   function through a declaration of the LTO signature, with C++ linkage:
       T name(void*, unsigned long long, void*, void*)             (load; T the element type)
       void name(void*, unsigned long long, T, void*, void*)       (store)
2. it links that wrapper, the callback's LTO-IR and its own kernels with nvJitLink
   (libnvJitLink.so.<CUDA major>) for the device.

The other requirements of cuFFT's documentation and NVIDIA's CUDALibrarySamples (cuFFT/
lto_callback_window_1d), which cunp meets: cufftXtSetJITCallback comes after cufftCreate and
before cufftMakePlan* (src/fft/plan_cache.cpp); the LTO-IR comes from NVRTC with -dlto and
-rdc for compute_XX no newer than the device (the device's own here); callerInfo is an array of
one device pointer; the callback type matches the plan's type and precision; the shared
libcufft serves (legacy callbacks needed the static library, LTO ones do not).

So the name must be a function of the global namespace whose C++-mangled symbol the LTO-IR
defines: an extern "C" function, a `size_t` offset (mangled differently from unsigned long
long) or a store callback's element type of another precision leave the wrapper's call
unresolved ("ptxas fatal: Unresolved extern function '_Z...'"), which cuFFT reports as
CUFFT_INTERNAL_ERROR from cufftMakePlan*. NVRTC's LTO-IR must also be no newer than the
nvJitLink that links it.

cunp therefore appends to each callback source a forwarding function of its own with exactly
that signature and C++ linkage (`LOAD_ENTRY`, `STORE_ENTRY`), which calls the user's function
by its source name: the user's function may be extern "C" or C++, take size_t or unsigned
long long, and cuFFT is given the forwarding function's name. `check_link` repeats cuFFT's
link step on the host with nvJitLink (no GPU needed), so that a callback cuFFT could not link
fails with nvJitLink's own message instead of CUFFT_INTERNAL_ERROR.
"""
import ctypes
import functools
import re

# The entry points fft/cufft_lto.cuh's CUNP_CUFFT_LOAD_FORWARD / _STORE_FORWARD define.
LOAD_ENTRY = 'cunp_cufft_load_callback'
STORE_ENTRY = 'cunp_cufft_store_callback'

# The element types of cufftXtCallbackType 0..7 (loads 0-3, stores 4-7), as the NVRTC
# built-in types cuFFT's wrapper declares them with.
ELEMENT_TYPES = ('float2', 'double2', 'float', 'double') * 2

# The forwarding functions are the device part fft/cufft_lto.cuh; `tag`'s lowered name spells
# the element type to the host (ELEMENT_OF).
_LOAD_TAG = ('&cunp_cufft_detail::tag<cunp_cufft_detail::plain<decltype('
             '%(name)s((void*)0, 0ull, (void*)0, (void*)0))>::type>')
_STORE_TAG = '&cunp_cufft_detail::tag<decltype(cunp_cufft_detail::element(&%(name)s))>'
# The element types as a lowered `tag<T>` spells T.
ELEMENT_OF = {'6float2': 'float2', '7double2': 'double2', 'f': 'float', 'd': 'double'}


def forwarding_source(source, name, load):
    """`source` with cunp's forwarding function to its callback `name` appended, and the name
    expression whose lowered name spells the callback's element type."""
    if not re.fullmatch(r'[A-Za-z_]\w*', name):
        raise ValueError(f'the callback name must be the identifier of a function of the global '
                         f'namespace in the source (cunp calls it from C++), not {name!r}')
    from cunp import _core

    forward = 'CUNP_CUFFT_LOAD_FORWARD' if load else 'CUNP_CUFFT_STORE_FORWARD'
    return (f'{source}\n{_core.kernels.device_part("cufft_lto")}\n{forward}({name})\n',
            (_LOAD_TAG if load else _STORE_TAG) % {'name': name})


def element_type(lowered):
    """The element type ('float2', ...) a lowered `tag<T>` name spells, else None."""
    m = re.fullmatch(r'_ZN17cunp_cufft_detail3tagI(\w+?)EE', lowered)
    return ELEMENT_OF.get(m.group(1)) if m else None


def device_function_name(source):
    """The name of the first __device__ function defined in `source` (any linkage)."""
    m = re.search(r'__device__\s+[^;{()=]*?\b(\w+)\s*\(', source)
    if m is None:
        raise ValueError('no __device__ function in the callback source: define the callback '
                         'as a __device__ function, or name it with cb_load_name / '
                         'cb_store_name')
    return m.group(1)


def _probe_source(name, cb_type):
    """cuFFT's link step for callback type `cb_type` calling `name`: the probe macros of the
    device part fft/cufft_lto.cuh, instantiated."""
    from cunp import _core

    probe = 'CUNP_CUFFT_LOAD_PROBE' if cb_type < 4 else 'CUNP_CUFFT_STORE_PROBE'
    return (f'{_core.kernels.device_part("cufft_lto")}\n'
            f'{probe}({cb_type}, {ELEMENT_TYPES[cb_type]}, {name})\n')


_nvjitlink = []  # the library loaded first, which later calls without a major reuse


def nvjitlink(major=None):
    """libnvJitLink, as cunp's toolkit search and then the soname find it: of CUDA `major`
    (the one cuFFT opens) when given, else the one loaded before or the newest found."""
    if _nvjitlink and (major is None or _nvjitlink[0][0] == major):
        return _nvjitlink[0][1]
    from cunp.cuda import _libraries
    majors = (major,) if major else (13, 12)
    lib = _load_nvjitlink(tuple(_libraries._library_dirs()), majors)
    if not _nvjitlink:
        _nvjitlink.append((nvjitlink_version(lib)[0], lib))
    return lib


def _load_nvjitlink(dirs, majors):
    from cunp.cuda import _libraries
    names = ['libnvJitLink.so.%d' % m for m in majors] + (['libnvJitLink.so'] if len(majors) > 1
                                                          else [])
    try:
        # Global, so that cuFFT's own dlopen of the soname finds this library loaded.
        return _libraries._open(
            names, dirs, 'cuFFT LTO callbacks are not available: nvJitLink (%s)'
            % ' or '.join(names), 'cuFFT links the callbacks with it (install the CUDA toolkit '
            'or the nvidia-nvjitlink package, or name its directory in CUNP_CUDA_LIBRARY_DIRS)',
            mode=ctypes.RTLD_GLOBAL)
    except OSError as e:
        raise RuntimeError(str(e)) from None


def nvjitlink_version(lib):
    major, minor = ctypes.c_uint(), ctypes.c_uint()
    if lib.nvJitLinkVersion(ctypes.byref(major), ctypes.byref(minor)) != 0:
        raise RuntimeError('nvJitLinkVersion failed')
    return major.value, minor.value


def cuda_major(cufft_version):
    """The CUDA major version of a cuFFT (cufftGetVersion's integer): 13 for cuFFT 12."""
    return 13 if cufft_version >= 12000 else 12


def check_versions(nvrtc_version, jitlink_version, cufft_version):
    """The reason cuFFT cannot link callbacks compiled by NVRTC `nvrtc_version` with
    nvJitLink `jitlink_version` (both (major, minor)), or None. cuFFT `cufft_version` (its
    integer, 12000 for 12.0) opens nvJitLink of its own CUDA major: 13 for cuFFT 12."""
    major = cuda_major(cufft_version)
    if jitlink_version[0] != major:
        return ('cuFFT %d.%d links callbacks with nvJitLink %d.x (libnvJitLink.so.%d); the '
                'nvJitLink found is %d.%d' % (cufft_version // 1000, cufft_version // 100 % 10,
                                             major, major, *jitlink_version))
    if nvrtc_version[0] != major:
        return ('cuFFT %d.%d compiles its callback wrapper with NVRTC %d.x '
                '(libnvrtc.so.%d) and links LTO-IR of that major version; the NVRTC cunp '
                'compiles the callbacks with is %d.%d' % (
                    cufft_version // 1000, cufft_version // 100 % 10, major, major,
                    *nvrtc_version))
    if tuple(nvrtc_version) > tuple(jitlink_version):
        return ('the callbacks are compiled by NVRTC %d.%d, newer than the nvJitLink %d.%d that '
                'links them: LTO-IR links only with an nvJitLink at least as new as its '
                'compiler (use the NVRTC and nvJitLink of one toolkit)'
                % (*nvrtc_version, *jitlink_version))
    return None


def compile_lto(source, name, options, arch, name_expression=None):
    """LTO-IR of `source` for compute_`arch` (NVRTC, -dlto), as cuFFT takes it, and the
    lowered name of `name_expression` (None without one)."""
    from cunp.cuda import nvrtc
    from cunp.cuda._paths import toolkit_dirs
    prog = nvrtc.createProgram(source, 'cufft_callback.cu', [], [])
    try:
        if name_expression:
            nvrtc.addNameExpression(prog, name_expression)
        opts = ['-dlto', '--relocatable-device-code=true', f'--gpu-architecture=compute_{arch}',
                # the toolkit's headers where cunp's Config found them (cuComplex.h & co.)
                ] + [f'-I{d}' for d in toolkit_dirs('headers')] + list(options)
        try:
            nvrtc.compileProgram(prog, opts)
        except Exception as e:
            raise RuntimeError(f'the cuFFT callback {name} did not compile:\n'
                               f'{nvrtc.getProgramLog(prog)}') from e
        try:
            ir = bytes(nvrtc.getLTOIR(prog))
        except (AttributeError, OSError) as e:
            raise RuntimeError('cuFFT LTO callbacks are not available: this NVRTC does not '
                               'produce LTO-IR (nvrtcGetLTOIR; CUDA 12 or newer)') from e
        lowered = nvrtc.getLoweredName(prog, name_expression) if name_expression else None
        return ir, lowered
    finally:
        nvrtc.destroyProgram(prog)


@functools.lru_cache(maxsize=16)
def _probe_ir(name, cb_type):
    # cuFFT compiles its wrapper for compute_75, the oldest architecture it supports.
    return compile_lto(_probe_source(name, cb_type), 'cuFFT link probe', (), '75')[0]


def link_error(ir, name, cb_type, arch, lib=None):
    """nvJitLink's error log when the LTO-IR `ir` does not link as cuFFT links a callback
    `name` of cufftXtCallbackType `cb_type` for sm_`arch`; None when it links."""
    return link_errors([(ir, name, cb_type)], arch, lib)


def link_errors(callbacks, arch, lib=None):
    """As link_error for the (ir, name, cb_type) of each callback of one plan, linked
    together as cuFFT links a plan's load and store callbacks (a symbol both define is
    defined twice)."""
    lib = lib or nvjitlink()
    handle = ctypes.c_void_p()
    options = (ctypes.c_char_p * 2)(b'-lto', f'-arch=sm_{arch}'.encode())
    if lib.nvJitLinkCreate(ctypes.byref(handle), 2, options) != 0:
        return 'nvJitLinkCreate failed for sm_%s' % arch
    try:
        status = 0
        inputs = [(_probe_ir(name, t), b'cufft_wrapper') for _, name, t in callbacks]
        inputs += [(ir, b'callback') for ir, _, _ in callbacks]
        for data, what in inputs:
            status = status or lib.nvJitLinkAddData(handle, 3, data, ctypes.c_size_t(len(data)),
                                                    what)  # 3: NVJITLINK_INPUT_LTOIR
        status = status or lib.nvJitLinkComplete(handle)
        if status == 0:
            return None
        size = ctypes.c_size_t()
        lib.nvJitLinkGetErrorLogSize(handle, ctypes.byref(size))
        log = ctypes.create_string_buffer(size.value + 1)
        lib.nvJitLinkGetErrorLog(handle, log)
        return log.value.decode(errors='replace').strip() or 'nvJitLink status %d' % status
    finally:
        lib.nvJitLinkDestroy(ctypes.byref(handle))
