"""Interop: DLPack, the CUDA Array Interface, NumPy's dispatch protocols, pickling.

The C++ side (cunp._core) exports and imports DLPack capsules and CUDA Array Interface dicts;
this module holds the argument handling and the NumPy protocols, which are plain Python.

cunp has no read-only arrays: a producer's read-only memory (DLPack's READ_ONLY flag, the
``readonly`` entry of ``__cuda_array_interface__['data']``) is copied on import, and
``copy=False`` then raises BufferError (from_dlpack) or ValueError (asarray).
"""
from cunp import _core

__all__ = ["from_dlpack", "fromDlpack", "toDlpack"]

_KDL_CPU = 1
_KDL_CUDA = 2
_KDL_CUDA_HOST = 3
_KDL_CUDA_MANAGED = 13

# The array API standard versions cunp's namespace answers to (NumPy 2.x accepts the same).
_API_VERSIONS = ("2021.12", "2022.12", "2023.12", "2024.12", "2025.12")


def _is_capsule(x):
    return type(x).__name__ == "PyCapsule"


def _device_id(device):
    """The CUDA device id a `device=` argument names, or None for 'as the producer has it'."""
    if device is None:
        return None
    if isinstance(device, tuple) and len(device) == 2:
        if device[0] not in (_KDL_CUDA, _KDL_CUDA_MANAGED):
            raise ValueError(f"cunp arrays live on CUDA devices, not on DLPack device {device}")
        device = device[1]
    return _core.runtime.device(device).id


def from_dlpack(x, /, *, device=None, copy=None):
    """A cunp array from any DLPack producer (PyTorch, JAX, CuPy, Numba, NumPy) or capsule.

    CUDA producers are viewed without a copy (the array lives on the producer's device) after
    the producer has ordered its pending work before cunp's current stream. Host producers are
    copied to the current device unless ``copy=False``, which raises BufferError.
    """
    target = _device_id(device)
    if type(x) is _core.ndarray and (target is None or target == x.device.id):
        # cunp's own array: the capsule round trip would give a view of the same memory, ordered
        # on the same stream, so the view is made directly.
        return x.copy(order="K") if copy else x.view()
    if _is_capsule(x):
        arr = _core.interop.from_dlpack_capsule(x, copy)
    elif not hasattr(x, "__dlpack__"):
        raise TypeError(f"{type(x).__name__} does not support the DLPack protocol "
                        "(no __dlpack__ method)")
    else:
        if hasattr(x, "__dlpack_device__"):
            dev_type, dev_id = x.__dlpack_device__()
        else:
            dev_type, dev_id = _KDL_CUDA, _core.getDevice()
        dev_type = int(dev_type)
        if dev_type in (_KDL_CUDA, _KDL_CUDA_MANAGED):
            arr = _core.interop.from_dlpack_device(x, int(dev_id), copy)
        elif dev_type in (_KDL_CPU, _KDL_CUDA_HOST):
            if copy is False:
                raise BufferError("the tensor is in host memory and cunp arrays live on the GPU: "
                                  "it cannot be imported without a copy (pass copy=None or "
                                  "copy=True)")
            import numpy

            host = numpy.from_dlpack(x)
            if target is not None:
                with _core.Device(target):
                    return _core.array(host)
            return _core.array(host)
        else:
            raise BufferError(f"cunp cannot import a tensor on DLPack device type {dev_type}")
    if target is not None and arr.device.id != target:
        if copy is False:
            raise ValueError(f"the tensor is on device {arr.device.id}, not on device {target}, "
                             "and copy=False forbids moving it")
        with _core.Device(target):
            return _core.array(arr)
    return arr


def fromDlpack(dltensor):  # noqa: N802 - CuPy's legacy name
    """CuPy's legacy spelling of from_dlpack: accepts a capsule or a DLPack producer."""
    return from_dlpack(dltensor)


def toDlpack(array):  # noqa: N802 - CuPy's legacy name
    """A legacy ("dltensor") DLPack capsule viewing `array` (no stream ordering)."""
    if not isinstance(array, _core.ndarray):
        raise TypeError(f"toDlpack expects a cunp.ndarray, got {type(array).__name__}")
    return array.toDlpack()


# --- NumPy's dispatch protocols ---

def _cunp_namespace(numpy_module):
    """cunp's counterpart of a NumPy (sub)module name: numpy -> cunp, numpy.linalg ->
    cunp.linalg; None when cunp has none."""
    import importlib

    parts = numpy_module.split(".")
    if parts[0] != "numpy":
        return None
    # NumPy 2 names public functions by their public module; a private part (numpy._core...)
    # ends the public path.
    public = []
    for p in parts[1:]:
        if p.startswith("_"):
            break
        public.append(p)
    name = ".".join(["cunp"] + public)
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def _array_function(self, func, types, args, kwargs):
    """NumPy calling one of its functions with a cunp array among the arguments runs cunp's
    function of the same name (np.linalg.svd(x_gpu) -> cunp.linalg.svd). NumPy arrays among the
    arguments are refused (NumPy then raises TypeError), as CuPy does."""
    for t in types:
        if not issubclass(t, _core.ndarray):
            return NotImplemented
    module = getattr(func, "__module__", None) or "numpy"
    name = getattr(func, "__name__", None)
    namespace = _cunp_namespace(module)
    mine = getattr(namespace, name, None) if namespace is not None and name else None
    if mine is None or mine is func or not callable(mine):
        raise TypeError(f"no implementation found for '{module}.{name}' on cunp arrays")
    return mine(*args, **kwargs)


def _array_namespace(self, /, *, api_version=None):
    if api_version is not None and api_version not in _API_VERSIONS:
        raise ValueError(f'Version "{api_version}" of the Array API Standard is not supported.')
    import cunp

    return cunp


# --- pickling: arrays travel as host copies and land on the current device ---

def _reduce(self):
    from cunp._creation._basic import asarray

    return asarray, (self.get(order="A"),)
