"""cuFFT settings and plans, as CuPy's cupy.fft.config: the plan cache of each device (per
thread), multi-GPU choice, n-D planning, and get_fft_plan."""
import sys
import types

from cunp import _core

__all__ = ['get_plan_cache', 'show_plan_cache_info', 'set_cufft_gpus', 'get_fft_plan',
           'PlanCache']


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
