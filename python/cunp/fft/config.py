"""cuFFT settings and plans, as CuPy's cupy.fft.config: the plan cache of each device (per
thread), multi-GPU choice, n-D planning, and get_fft_plan."""
import functools
import sys
import types

from cunp import _core
from cunp.fft import _lto_callbacks as _lto

__all__ = ['get_plan_cache', 'show_plan_cache_info', 'set_cufft_gpus', 'get_fft_plan',
           'PlanCache', 'set_cufft_callbacks']


class PlanCache:
    """The cuFFT plans cached for one device on this thread (least recently used evicted first
    beyond `size` plans or `memsize` bytes of work areas). set_size(0) disables caching;
    set_memsize(-1) removes the byte limit."""

    def __init__(self, device=None):
        self._device = _core.fft.cache_info(-1 if device is None else int(device))['device']

    def _info(self):
        return _core.fft.cache_info(self._device)

    def get_size(self):
        return self._info()['max_size']

    def set_size(self, size):
        _core.fft.cache_set_size(self._device, size)

    def get_curr_size(self):
        return self._info()['size']

    def get_memsize(self):
        return self._info()['max_memsize']

    def set_memsize(self, size):
        _core.fft.cache_set_memsize(self._device, size)

    def get_curr_memsize(self):
        return self._info()['memsize']

    def clear(self):
        _core.fft.cache_clear(self._device)

    def __len__(self):
        return self.get_curr_size()

    def show_info(self):
        i = self._info()
        limit = 'unlimited' if i['max_memsize'] < 0 else i['max_memsize']
        print(f"------------------- cuFFT plan cache (device {i['device']}) -------------------")
        print(f"cache enabled? {i['max_size'] > 0}")
        print(f"current / max size   : {i['size']} / {i['max_size']} (counts)")
        print(f"current / max memsize: {i['memsize']} / {limit} (bytes)")
        print(f"hits / misses: {i['hits']} / {i['misses']} (counts)")
        print("\ncached plans (most recently used first):")
        for key, nbytes in i['plans']:
            print(f"key: {key}, work area: {nbytes} bytes")

    def __repr__(self):
        i = self._info()
        return (f"<cunp.fft.config.PlanCache device={i['device']} size={i['size']}/"
                f"{i['max_size']} memsize={i['memsize']}/{i['max_memsize']}>")


def get_plan_cache():
    """The plan cache of the current device for this thread."""
    return PlanCache()


def show_plan_cache_info():
    """Prints the current device's plan cache (see PlanCache.show_info)."""
    get_plan_cache().show_info()


_gpus = None
# CuPy's switch for multi-GPU transforms; cunp has none, so it stays False.
use_multi_gpus = False


def set_cufft_gpus(gpus):
    """The GPUs that transforms run on. cunp runs each transform on its array's device: one
    device (an int, or a list of one) is accepted; several raise NotImplementedError."""
    global _gpus
    ids = [gpus] if isinstance(gpus, int) else list(gpus)
    if len(ids) != 1:
        raise NotImplementedError(
            "multi-GPU cuFFT plans are not supported by cunp: set_cufft_gpus takes one device "
            "(transforms run on the device of their array)")
    _core.runtime.device(ids[0])  # ValueError for a device that does not exist
    _gpus = ids


def get_fft_plan(a, shape=None, axes=None, value_type='C2C'):
    """The cuFFT plan of a transform of `a` (CuPy's get_fft_plan). Inside `with plan:`, cunp.fft's
    transforms run this plan, and raise ValueError for a transform it does not fit.

    `shape` is the transform's shape (for 'C2R', the real output's), by default `a`'s along
    `axes` (all axes when None); `value_type` is 'C2C', 'R2C' or 'C2R'."""
    kinds = {'C2C': 0, 'R2C': 1, 'C2R': 2}
    if value_type not in kinds:
        raise ValueError(f"value_type must be 'C2C', 'R2C' or 'C2R', not {value_type!r}")
    from cunp.fft._transforms import _asarray

    a = _asarray(a)
    if axes is None:
        axes = list(range(-len(shape), 0)) if shape is not None else list(range(-a.ndim, 0))
    elif isinstance(axes, int):
        axes = [axes]
    else:
        axes = list(axes)
    if len(set(_core.axes.normalize_axis(ax, a.ndim) for ax in axes)) != len(axes):
        raise ValueError("get_fft_plan: the axes must be distinct")
    if shape is None:
        shape = [a.shape[ax] for ax in axes]
        if value_type == 'C2R':
            shape[-1] = 2 * (shape[-1] - 1)
    elif isinstance(shape, int):
        shape = [shape]
    shape = list(shape)
    if len(shape) != len(axes):
        raise ValueError("get_fft_plan: shape and axes have different lengths")
    return _core.fft.plan(a, shape, axes, kinds[value_type])


class set_cufft_callbacks:  # noqa: N801 - CuPy's name (a context manager class)
    """Load and store callbacks for the transforms of the block (CuPy's set_cufft_callbacks):
    device functions that cuFFT calls on each element it reads or writes.

        code = r'''
        #include <cuComplex.h>
        __device__ cuComplex scale(void* in, unsigned long long offset, void* info,
                                   void* shared) {
            cuComplex v = static_cast<cuComplex*>(in)[offset];
            float k = *static_cast<float*>(info);
            return make_cuFloatComplex(k * v.x, k * v.y);
        }
        '''
        with cunp.fft.config.set_cufft_callbacks(cb_load=code, cb_load_name='scale',
                                                 cb_load_data=factor.data, cb_ver='jit'):
            y = cunp.fft.fft(x)

    cunp takes cb_ver='jit' (LTO callbacks): each source is compiled by NVRTC to LTO-IR for the
    current device, and cuFFT links it into the plans made in the block, which the plan cache
    keeps apart from plans without callbacks. A load callback is
    `T f(void* data, unsigned long long offset, void* info, void* shared)` and a store callback
    `void f(void* data, unsigned long long offset, T element, void* info, void* shared)`, T
    the element type cuFFT reads or writes in the plan's precision (float2/cuComplex for
    complex64 data, double2, float, double); cb_load_name/cb_store_name name the function, a
    __device__ function of the global namespace, extern "C" or not (when None, the first
    __device__ function of the source). cunp appends a forwarding function with the exact
    signature and C++ linkage cuFFT links against (see cunp.fft._lto_callbacks) and checks
    with nvJitLink, when the block is entered, that it links. cufft.h does not compile under
    NVRTC: cuComplex.h's types are cuFFT's. cb_load_data/cb_store_data (a MemoryPointer or a
    device address) are the callerInfo the callback receives, and the deprecated
    cb_load_aux_arr/cb_store_aux_arr give their array's data instead. cuFFT links a plan's load
    and store callbacks into one program: a function defined in both sources (one source given
    as both) is defined twice, which RuntimeError names; declare such functions, and the
    callbacks, static. This needs cuFFT 11.3 or
    newer (CUDA 12.6 Update 2; CUDA 13's cuFFT 12), NVRTC's LTO-IR output and nvJitLink of the
    toolkit's CUDA major version, no older than the NVRTC; RuntimeError names whichever is
    missing. cb_ver='legacy' (cufftXtSetCallback) needs cuFFT's static library and a
    relocatable device link, which cunp does not have: it raises NotImplementedError."""

    def __init__(self, cb_load=None, cb_store=None, cb_load_aux_arr=None, *,
                 cb_store_aux_arr=None, cb_load_name=None, cb_store_name=None,
                 cb_load_data=None, cb_store_data=None, cb_ver='legacy', nvrtc_options=()):
        if cb_ver not in ('legacy', 'jit'):
            raise ValueError(f"cb_ver must be 'legacy' or 'jit', not {cb_ver!r}")
        if cb_ver == 'legacy':
            raise NotImplementedError(
                "legacy cuFFT callbacks (cb_ver='legacy', cufftXtSetCallback) need cuFFT's "
                "static library and a relocatable device link, which cunp does not use; pass "
                "cb_ver='jit' for LTO callbacks (CUDA 13's cuFFT)")
        for source, what in ((cb_load, 'cb_load'), (cb_store, 'cb_store')):
            if source is not None and not isinstance(source, str):
                raise TypeError(f"{what} must be a str of CUDA source, not "
                                f"{type(source).__name__}")
        if not cb_load and not cb_store:
            raise ValueError('set_cufft_callbacks needs cb_load or cb_store')
        self._options = tuple(nvrtc_options)
        self._load = (cb_load or '', cb_load_name,
                      _callback_data(cb_load_data, cb_load_aux_arr, 'cb_load'))
        self._store = (cb_store or '', cb_store_name,
                       _callback_data(cb_store_data, cb_store_aux_arr, 'cb_store'))
        self._pushed = []

    def __enter__(self):
        _check_jit_callbacks()
        from cunp.cuda import Device
        arch = Device().compute_capability
        load_ir, load_type = _lto_ir(self._load[0], self._load[1], self._options, arch, True)
        store_ir, store_type = _lto_ir(self._store[0], self._store[1], self._options, arch,
                                       False)
        if load_ir and store_ir:
            _check_together(load_ir, load_type, store_ir, store_type, arch)
        _core.fft.push_callbacks(load_ir, _lto.LOAD_ENTRY if load_ir else '', self._load[2],
                                 store_ir, _lto.STORE_ENTRY if store_ir else '', self._store[2],
                                 load_type, store_type)
        self._pushed.append(True)
        return self

    def __exit__(self, *exc):
        self._pushed.pop()
        _core.fft.pop_callbacks()


def _callback_data(data, aux_arr, what):
    if data is not None and aux_arr is not None:
        raise ValueError(f'{what}: give {what}_data or {what}_aux_arr, not both')
    if aux_arr is not None:
        import warnings
        warnings.warn(f'{what}_aux_arr is deprecated (as in CuPy); use {what}_data',
                      DeprecationWarning, stacklevel=3)
        return aux_arr.data.ptr
    if data is None:
        return 0
    return int(getattr(data, 'ptr', data))


def _check_jit_callbacks():
    # What the toolkit needs for LTO callbacks, each missing piece named: cuFFT's entry point
    # (the core), then nvJitLink and NVRTC, which cuFFT opens by their sonames when it plans
    # (loaded here first, from the toolkit's directories cunp found, so that it finds them),
    # and versions that link together.
    ok, why = _core.fft.jit_callbacks_supported()
    if not ok:
        raise RuntimeError('cuFFT LTO callbacks are not available: ' + why)
    from cunp.cuda import cufft, nvrtc
    version = cufft.getVersion()
    lib = _lto.nvjitlink(_lto.cuda_major(version))
    try:
        nvrtc_version = nvrtc.getVersion()
    except Exception as e:  # noqa: BLE001 - any failure to load NVRTC is named
        raise RuntimeError('cuFFT LTO callbacks are not available: NVRTC could not be loaded; '
                           'cunp compiles the callbacks and cuFFT its wrapper with it') from e
    why = _lto.check_versions(nvrtc_version, _lto.nvjitlink_version(lib), version)
    if why:
        raise RuntimeError('cuFFT LTO callbacks are not available: ' + why)


def _lto_ir(source, name, options, arch, load):
    """The LTO-IR of one callback source with cunp's forwarding entry and the element type
    it reads or writes; (b'', '') for none."""
    if not source:
        return b'', ''
    return _compile_lto(source, name or _lto.device_function_name(source), tuple(options),
                        arch, load)


@functools.lru_cache(maxsize=64)
def _compile_lto(source, name, options, arch, load):
    # Compiled and link-checked once per source, name, options, architecture and kind: a
    # block entered again reuses the IR, and the core then finds the plans it linked.
    # Returns (LTO-IR, element type).
    kind = 'load' if load else 'store'
    forwarded, expression = _lto.forwarding_source(source, name, load)
    ir, lowered = _lto.compile_lto(forwarded, name, options, arch, expression)
    element = _lto.element_type(lowered)
    if element is None:
        raise ValueError(f'the cuFFT {kind} callback {name} must {"return" if load else "take"} '
                         f'the element float2 (cuComplex), double2 (cuDoubleComplex), float or '
                         f'double; its type lowers as {lowered}')
    entry = _lto.LOAD_ENTRY if load else _lto.STORE_ENTRY
    cb_type = _lto.ELEMENT_TYPES.index(element) + (0 if load else 4)
    error = _lto.link_error(ir, entry, cb_type, arch)
    if error:
        raise RuntimeError(
            f'the cuFFT {kind} callback {name} does not link as cuFFT links it (a __device__ '
            f'function of the global namespace taking (void*, unsigned long long, '
            f'{"" if load else element + " element, "}void*, void*)): nvJitLink says:\n{error}')
    return ir, element


@functools.lru_cache(maxsize=16)
def _check_together(load_ir, load_type, store_ir, store_type, arch):
    # cuFFT links a plan's load and store callbacks into one program: a function both sources
    # define (the same source given twice, a shared helper) is defined twice.
    error = _lto.link_errors(
        [(load_ir, _lto.LOAD_ENTRY, _lto.ELEMENT_TYPES.index(load_type)),
         (store_ir, _lto.STORE_ENTRY, _lto.ELEMENT_TYPES.index(store_type) + 4)], arch)
    if error:
        raise RuntimeError(
            'the cuFFT load and store callbacks do not link together, as cuFFT links a plan\'s '
            'callbacks into one program (a function both sources define is defined twice: '
            'give each callback its own source, or declare the functions they share, and the '
            'callbacks themselves, static): nvJitLink says:\n' + error)


class _ConfigModule(types.ModuleType):
    """`enable_nd_planning` is a module attribute (as in CuPy) held by the core, so transforms
    read it without a Python lookup."""

    @property
    def enable_nd_planning(self):
        return _core.fft.nd_planning()

    @enable_nd_planning.setter
    def enable_nd_planning(self, value):
        _core.fft.set_nd_planning(bool(value))


sys.modules[__name__].__class__ = _ConfigModule
